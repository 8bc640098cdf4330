import { useState } from 'react';
import { Button, message } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CitationRecord } from '../cite/citation-record';
import { copyText } from '../download-file';
import { CiteDialog } from './CiteDialog';
import { QrCodeDialog } from './QrCodeDialog';

type Props = { citation: CitationRecord; onLoginRequired: (action: string) => void };

/** The record's actions: favourite, reserve, request (these ask to log in), cite and export, share, QR code. */
export function RecordActions({ citation, onLoginRequired }: Props) {
  const { t } = useTranslation('record');
  const [dialog, setDialog] = useState<'cite' | 'qr' | null>(null);
  const share = async () => {
    if (await copyText(window.location.href)) void message.success(t('share.copied'));
    else void message.info(t('share.manual', { url: window.location.href }));
  };
  return (
    <div className="of-record-actions" role="group" aria-label={t('actions.label')}>
      <Button type="primary" onClick={() => onLoginRequired(t('actions.favourite'))}>
        {t('actions.favourite')}
      </Button>
      <Button onClick={() => onLoginRequired(t('actions.reserve'))}>{t('actions.reserve')}</Button>
      <Button onClick={() => onLoginRequired(t('actions.request'))}>{t('actions.request')}</Button>
      <Button onClick={() => setDialog('cite')}>{t('actions.cite')}</Button>
      <Button onClick={() => void share()}>{t('actions.share')}</Button>
      <Button onClick={() => setDialog('qr')}>{t('actions.qr')}</Button>
      <CiteDialog record={citation} open={dialog === 'cite'} onClose={() => setDialog(null)} />
      <QrCodeDialog recordId={citation.recordId} open={dialog === 'qr'} onClose={() => setDialog(null)} />
    </div>
  );
}
