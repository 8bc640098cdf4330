import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { notify } from '../../../lib/antd';
import { useSession } from '../../auth';
import { FavouriteToggle } from '../../favourites';
import type { CitationRecord } from '../cite/citation-record';
import { copyText } from '../download-file';
import { CiteDialog, QrCodeDialog, RequestDialog } from './parts';

type Dialog = 'cite' | 'qr' | 'reserve' | 'entrust';

type Props = {
  citation: CitationRecord;
  /** Whether the logged-in reader keeps the record as a favourite. */
  kept: boolean;
  onLoginRequired: (action: string) => void;
};

/**
 * The record's actions: favourite (kept at once for a logged-in reader), reserve and request (a
 * dialog for a logged-in reader, else the login prompt), cite and export, share, QR code. Plain buttons, painted with the record (issue 31);
 * the dialogs (Ant Design) load when first opened.
 */
export function RecordActions({ citation, kept, onLoginRequired }: Props) {
  const { t } = useTranslation('record');
  const { isLoggedIn } = useSession();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // Each dialog is made when first opened, then kept for its closing animation.
  const [opened, setOpened] = useState({ cite: false, qr: false, reserve: false, entrust: false });
  const open = (which: Dialog) => {
    setOpened((was) => ({ ...was, [which]: true }));
    setDialog(which);
  };
  const share = async () => {
    if (await copyText(window.location.href)) notify('success', t('share.copied'));
    else notify('info', t('share.manual', { url: window.location.href }));
  };
  return (
    <div className="of-record-actions" role="group" aria-label={t('actions.label')}>
      {isLoggedIn ? (
        <FavouriteToggle recordId={citation.recordId} title={citation.title} kept={kept} variant="primary" />
      ) : (
        <Button variant="primary" onClick={() => onLoginRequired(t('actions.favourite'))}>
          {t('actions.favourite')}
        </Button>
      )}
      <Button onClick={() => (isLoggedIn ? open('reserve') : onLoginRequired(t('actions.reserve')))}>
        {t('actions.reserve')}
      </Button>
      <Button onClick={() => (isLoggedIn ? open('entrust') : onLoginRequired(t('actions.request')))}>
        {t('actions.request')}
      </Button>
      <Button onClick={() => open('cite')}>{t('actions.cite')}</Button>
      <Button onClick={() => void share()}>{t('actions.share')}</Button>
      <Button onClick={() => open('qr')}>{t('actions.qr')}</Button>
      {opened.cite ? <CiteDialog record={citation} open={dialog === 'cite'} onClose={() => setDialog(null)} /> : null}
      {(['reserve', 'entrust'] as const).map((type) =>
        opened[type] ? (
          <RequestDialog
            key={type}
            recordId={citation.recordId}
            title={citation.title}
            type={type}
            open={dialog === type}
            onClose={() => setDialog(null)}
          />
        ) : null,
      )}
      {opened.qr ? (
        <QrCodeDialog recordId={citation.recordId} open={dialog === 'qr'} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}
