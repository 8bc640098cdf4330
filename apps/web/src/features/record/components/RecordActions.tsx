import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { notify } from '../../../lib/antd';
import { useSession } from '../../auth';
import { useConfig } from '../../site-config';
import { FavouriteToggle } from '../../favourites';
import { AddToBookListDialog } from '../../book-lists';
import type { CitationRecord } from '../cite/citation-record';
import { copyText } from '../download-file';
import { useItemsByLibrary } from '../api/get-holdings';
import { CiteDialog, QrCodeDialog, RelendDialog, RequestDialog } from './parts';

type Dialog = 'cite' | 'qr' | 'reserve' | 'entrust' | 'relend' | 'delivery' | 'bookList';

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
  const { t, i18n } = useTranslation('record');
  const { isLoggedIn } = useSession();
  const delivers = useDelivers();
  const allLent = useAllCopiesLent(citation.recordId, i18n.language);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // Each dialog is made when first opened, then kept for its closing animation.
  const [opened, setOpened] = useState({
    cite: false,
    qr: false,
    reserve: false,
    entrust: false,
    delivery: false,
    relend: false,
    bookList: false,
  });
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
      <Button onClick={() => (isLoggedIn ? open('bookList') : onLoginRequired(t('actions.bookList')))}>
        {t('actions.bookList')}
      </Button>
      <Button onClick={() => (isLoggedIn ? open('reserve') : onLoginRequired(t('actions.reserve')))}>
        {t('actions.reserve')}
      </Button>
      <Button onClick={() => (isLoggedIn ? open('entrust') : onLoginRequired(t('actions.request')))}>
        {t('actions.request')}
      </Button>
      {delivers ? (
        <Button onClick={() => (isLoggedIn ? open('delivery') : onLoginRequired(t('actions.delivery')))}>
          {t('actions.delivery')}
        </Button>
      ) : null}
      {allLent ? (
        <Button
          onClick={() => (isLoggedIn ? open('relend') : onLoginRequired(t('relend.action')))}
          title={t('relend.actionHint')}
        >
          {t('relend.action')}
        </Button>
      ) : null}
      <Button onClick={() => open('cite')}>{t('actions.cite')}</Button>
      <Button onClick={() => void share()}>{t('actions.share')}</Button>
      <Button onClick={() => open('qr')}>{t('actions.qr')}</Button>
      {opened.cite ? <CiteDialog record={citation} open={dialog === 'cite'} onClose={() => setDialog(null)} /> : null}
      {(['reserve', 'entrust', 'delivery'] as const).map((type) =>
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
      {opened.relend ? (
        <RelendDialog
          recordId={citation.recordId}
          title={citation.title}
          open={dialog === 'relend'}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {opened.bookList ? (
        <AddToBookListDialog
          recordId={citation.recordId}
          title={citation.title}
          open={dialog === 'bookList'}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {opened.qr ? (
        <QrCodeDialog recordId={citation.recordId} open={dialog === 'qr'} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}

/**
 * Whether every loanable copy of the record is on loan (none on the shelf to reserve): then a reader
 * may ask one who has it to pass it on (re-lend). The copies come from the holdings' own query.
 */
function useAllCopiesLent(recordId: number, lang: string): boolean {
  const holdings = useItemsByLibrary(recordId, lang);
  const copies = Object.values(holdings.data?.sortedList ?? {})
    .flatMap((library) => library.phyItemVo)
    .filter((item) => item.circAttr === '0');
  return copies.length > 0 && copies.every((item) => item.processTypeCode === '412');
}

/**
 * Whether the institution sends books home (送书上门): its My Library shows delivery addresses (key 9),
 * where a reader keeps the addresses a delivery goes to (the menu's rule: shown unless hidden, in the
 * configured list when there is one).
 */
function useDelivers(): boolean {
  const { myLibraryLeftMenuShowSort: shown, myLibraryLeftMenuNotShowSort: hidden } = useConfig();
  const keys = (list: string) => list.split(',').map((k) => k.trim());
  return !keys(hidden).includes('9') && (!shown.trim() || keys(shown).includes('9'));
}
