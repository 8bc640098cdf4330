import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLoanSummary } from '../api/loans';
import { CardBarcode } from './CardBarcode';
import { PanelStatus, hasData } from './PanelStatus';

/** The My Library entry each tile opens (loans unless named). */
const TILE_ENTRY: Record<string, string> = { ready: '4', unread: '13', fines: '7', points: '8' };

/** My library (key 0): the reader's loans at a glance, and their card as a barcode to show at the desk. */
export function SummaryPanel() {
  const { t } = useTranslation('myLibrary');
  const summary = useLoanSummary();
  if (!hasData(summary)) return <PanelStatus query={summary} failed={t('summary.loadFailed')} />;
  const s = summary.data;
  const owes = s.fineBalance !== null && Number(s.fineBalance) > 0;
  const tiles: Array<{ key: string; value: number; shown?: string; tone?: 'warn' | 'alert' }> = [
    { key: 'loans', value: s.loans },
    { key: 'dueSoon', value: s.dueSoon, tone: s.dueSoon ? 'warn' : undefined },
    { key: 'overdue', value: s.overdue, tone: s.overdue ? 'alert' : undefined },
    { key: 'renewable', value: s.renewable },
    ...(s.requestsReady === null
      ? []
      : [{ key: 'ready', value: s.requestsReady, tone: s.requestsReady ? ('warn' as const) : undefined }]),
    ...(s.fineBalance === null
      ? []
      : [
          {
            key: 'fines',
            value: Number(s.fineBalance),
            shown: `¥${s.fineBalance}`,
            tone: owes ? ('alert' as const) : undefined,
          },
        ]),
    ...(s.points === null ? [] : [{ key: 'points', value: s.points }]),
    { key: 'unread', value: s.unreadMessages },
  ];
  return (
    <div className="of-summary">
      <p className="of-summary-hello">
        {t('summary.hello', { name: s.name || s.cardNo })}
        {s.status !== 'normal' ? (
          <strong className="of-summary-status"> {t(`summary.status.${s.status}`)}</strong>
        ) : null}
      </p>
      <ul className="of-summary-tiles">
        {tiles.map((tile) => (
          <li key={tile.key} className={tile.tone ? `of-summary-tile is-${tile.tone}` : 'of-summary-tile'}>
            <Link to={`/personalCenter?key=${TILE_ENTRY[tile.key] ?? '5'}`}>
              <span className="of-summary-value">{tile.shown ?? tile.value}</span>
              <span className="of-summary-label">{t(`summary.${tile.key}`, { count: tile.value })}</span>
            </Link>
          </li>
        ))}
      </ul>
      {s.nextDue ? <p className="of-summary-next">{t('summary.nextDue', { date: s.nextDue })}</p> : null}
      <section className="of-summary-card" aria-labelledby="of-summary-card-title">
        <h3 id="of-summary-card-title">{t('summary.card')}</h3>
        <CardBarcode value={s.cardNo} label={t('summary.cardNumber')} />
        <p className="of-summary-card-note">
          {s.validUntil ? t('summary.validUntil', { date: s.validUntil }) : null} {t('summary.cardHint')}
        </p>
      </section>
    </div>
  );
}
