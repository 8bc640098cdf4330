import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Donation } from '@openfind/contract';
import { Button } from '../../../components/Button';
import { notify } from '../../../lib/antd';
import { loadNamespace } from '../../lang';
import { useCancelDonation, useMyDonations } from '../api';
import '../donations.css';

// Its texts load with the panel (My Library's own chunk stays as it was).
await loadNamespace('donations');

const ROWS = 10;

/** The local day of an ISO time, YYYY-MM-DD. */
function dateOf(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** My Library key 11 (resource donation): the reader's donations with their state and the library's reply. */
export function DonationsPanel() {
  const { t } = useTranslation('donations');
  const [page, setPage] = useState(1);
  const mine = useMyDonations(page, ROWS);
  if (!mine.data) {
    if (mine.isPending) return <p aria-busy="true" className="of-don-quiet" />;
    return (
      <p className="of-don-quiet" role="alert">
        {t('mine.loadFailed')}{' '}
        <Button size="small" onClick={() => void mine.refetch()}>
          {t('home.retry')}
        </Button>
      </p>
    );
  }
  const { list, totalCount, openCount, maxOpen } = mine.data;
  const pages = Math.ceil(totalCount / ROWS);
  return (
    <div className="of-don-panel" data-testid="my-donations">
      <div className="of-don-bar">
        <p className="of-don-quiet">
          {totalCount ? t('mine.count', { count: totalCount, open: openCount }) : t('mine.empty')}
        </p>
        {openCount < maxOpen ? (
          <Link className="of-btn of-btn--primary" to="/donate">
            {t('mine.offer')}
          </Link>
        ) : (
          <p className="of-don-quiet">{t('mine.full', { max: maxOpen })}</p>
        )}
      </div>
      {list.length ? (
        <ul className="of-don-mine" aria-label={t('mine.listLabel')}>
          {list.map((d) => (
            <DonationItem key={d.donationId} donation={d} />
          ))}
        </ul>
      ) : null}
      {pages > 1 ? (
        <p className="of-don-actions">
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('mine.previous')}
          </Button>
          <span className="of-don-quiet">{t('mine.page', { page, pages })}</span>
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('mine.next')}
          </Button>
        </p>
      ) : null}
    </div>
  );
}

function DonationItem({ donation: d }: { donation: Donation }) {
  const { t } = useTranslation('donations');
  const cancel = useCancelDonation();
  const [confirming, setConfirming] = useState(false);
  const confirmId = useId();
  const titles = d.items.map((i) => `《${i.title}》${i.copies > 1 ? ` × ${i.copies}` : ''}`).join(' ');
  return (
    <li data-testid={`my-donation-${d.donationId}`}>
      <p className="of-don-mine-head">
        <span className={`of-don-status is-${d.status}`} data-testid="donation-status">
          {t(`status.${d.status}`)}
        </span>
        <span className="of-don-meta">
          {t('mine.offered', { date: dateOf(d.createdAt), copies: d.copies })}
          {' · '}
          {t(`delivery.${d.delivery}`)}
          {' · '}
          {d.anonymous ? t('home.anonymous') : d.donorName}
        </span>
      </p>
      <p className="of-don-titles">{titles}</p>
      {d.reply ? (
        <p className="of-don-reply">
          <strong>{t('mine.reply')}</strong> {d.reply}
        </p>
      ) : null}
      {d.status === 'submitted' ? (
        confirming ? (
          <div className="of-don-actions" role="group" aria-labelledby={confirmId}>
            <p id={confirmId} className="of-don-quiet">
              {t('mine.confirmCancel')}
            </p>
            <Button
              size="small"
              variant="primary"
              busy={cancel.isPending}
              autoFocus
              onClick={() =>
                cancel.mutate(d.donationId, {
                  onSuccess: ({ message }) => notify('success', message),
                  onSettled: () => setConfirming(false),
                })
              }
            >
              {t('mine.confirmYes')}
            </Button>
            <Button size="small" onClick={() => setConfirming(false)}>
              {t('mine.keep')}
            </Button>
          </div>
        ) : (
          <p className="of-don-actions">
            <Button size="small" onClick={() => setConfirming(true)}>
              {t('mine.cancel')}
            </Button>
          </p>
        )
      ) : null}
    </li>
  );
}

export default DonationsPanel;
