import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PointsEntry } from '@openfind/contract';
import { Pagination } from '../../../components/Pagination';
import { POINTS_ROWS, usePoints, usePointsRules } from '../api/points';
import { localDateTime, signedPoints } from '../points-format';
import { PanelStatus, hasData } from './PanelStatus';

/** Points (key 8): the balance, the ledger newest first, and how points are earned here. */
export function PointsPanel() {
  const { t } = useTranslation('myLibrary');
  const [page, setPage] = useState(1);
  const points = usePoints(page);
  const ledgerId = useId();
  if (!hasData(points)) return <PanelStatus query={points} failed={t('points.loadFailed')} />;
  const { balance, list, totalCount } = points.data;
  return (
    <div className="of-points">
      <p className="of-points-balance">
        <span className="of-points-balance-label">{t('points.balance')}</span>
        <strong className="of-points-balance-value">{balance}</strong>
      </p>
      <section aria-labelledby={ledgerId}>
        <h3 id={ledgerId} className="of-points-heading">
          {t('points.ledger')}
        </h3>
        {list.length ? (
          <>
            <p className="of-loans-count">{t('points.count', { count: totalCount })}</p>
            <ul className="of-points-list">
              {list.map((entry) => (
                <PointsRow key={entry.entryId} entry={entry} />
              ))}
            </ul>
            <Pagination
              current={page}
              pageSize={POINTS_ROWS}
              total={totalCount}
              hrefOf={() => '#'}
              onChange={setPage}
              label={t('points.pages')}
            />
          </>
        ) : (
          <p className="of-loans-note">{t('points.empty')}</p>
        )}
      </section>
      <PointsRules />
    </div>
  );
}

function PointsRow({ entry }: { entry: PointsEntry }) {
  const { t } = useTranslation('myLibrary');
  const sign = entry.change > 0 ? 'is-plus' : 'is-minus';
  return (
    <li className="of-points-entry">
      <div className="of-points-what">
        <p className="of-points-name">
          {entry.name}
          {entry.note ? <span className="of-points-note">{entry.note}</span> : null}
        </p>
        <p className="of-points-meta">
          <time dateTime={entry.createdAt}>{localDateTime(entry.createdAt)}</time>
          {' · '}
          {t(`points.platforms.${entry.platform}`)}
        </p>
      </div>
      <div className="of-points-figures">
        <span className={`of-points-change ${sign}`}>
          <span className="of-visually-hidden">{t('points.change')} </span>
          {signedPoints(entry.change)}
        </span>
        <span className="of-points-after">{t('points.balanceAfter', { balance: entry.balance })}</span>
      </div>
    </li>
  );
}

/** "How to earn points": the institution's rules in force (the spec's integralRule). */
function PointsRules() {
  const { t } = useTranslation('myLibrary');
  const rules = usePointsRules();
  const headingId = useId();
  return (
    <section className="of-points-rules" aria-labelledby={headingId}>
      <h3 id={headingId} className="of-points-heading">
        {t('points.rules')}
      </h3>
      {!hasData(rules) ? (
        <PanelStatus query={rules} failed={t('points.rulesLoadFailed')} retry={false} />
      ) : rules.data.length ? (
        <ul className="of-points-rule-list">
          {rules.data.map((rule) => (
            <li key={rule.rule} className="of-points-rule">
              <span className="of-points-rule-text">
                <strong>{rule.name}</strong>
                <span className="of-points-rule-when">{rule.description}</span>
              </span>
              <span className={`of-points-change ${rule.points > 0 ? 'is-plus' : 'is-minus'}`}>
                {t('points.perTime', { count: Math.abs(rule.points), points: signedPoints(rule.points) })}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="of-loans-note">{t('points.rulesEmpty')}</p>
      )}
    </section>
  );
}
