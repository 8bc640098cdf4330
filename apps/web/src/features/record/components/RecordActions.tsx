import { useState } from 'react';
import { Button, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth';
import { FavouriteToggle } from '../../favourites';
import type { CitationRecord } from '../cite/citation-record';
import { copyText } from '../download-file';
import { CiteDialog } from './CiteDialog';
import { QrCodeDialog } from './QrCodeDialog';

type Props = {
  citation: CitationRecord;
  /** Whether the logged-in reader keeps the record as a favourite. */
  kept: boolean;
  onLoginRequired: (action: string) => void;
};

/**
 * The record's actions: favourite (kept at once for a logged-in reader), reserve and request (these
 * ask to log in), cite and export, share, QR code.
 */
export function RecordActions({ citation, kept, onLoginRequired }: Props) {
  const { t } = useTranslation('record');
  const { isLoggedIn } = useSession();
  const [dialog, setDialog] = useState<'cite' | 'qr' | null>(null);
  const share = async () => {
    if (await copyText(window.location.href)) void message.success(t('share.copied'));
    else void message.info(t('share.manual', { url: window.location.href }));
  };
  return (
    <div className="of-record-actions" role="group" aria-label={t('actions.label')}>
      {isLoggedIn ? (
        <FavouriteToggle recordId={citation.recordId} title={citation.title} kept={kept} type="primary" />
      ) : (
        <Button type="primary" onClick={() => onLoginRequired(t('actions.favourite'))}>
          {t('actions.favourite')}
        </Button>
      )}
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
