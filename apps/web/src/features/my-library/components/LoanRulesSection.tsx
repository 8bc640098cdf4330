import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoanRules } from '../api/loans';
import { PanelStatus, hasData } from './PanelStatus';

/**
 * The rules of the reader's loans (the spec's `userLoanRules`), folded under the loans: how long,
 * how many, renewals, requests and fines, for their reader type. A library on SIP2 keeps its rules in
 * its own system, which decides at each loan: then it says so.
 */
export function LoanRulesSection() {
  const { t } = useTranslation('myLibrary');
  const query = useLoanRules();
  const titleId = useId();
  return (
    <details className="of-loan-rules">
      <summary id={titleId}>{t('loanRules.title')}</summary>
      {!hasData(query) ? (
        <PanelStatus query={query} failed={t('loanRules.loadFailed')} />
      ) : query.data.rules === null ? (
        <p className="of-loans-note">{t('loanRules.bySystem')}</p>
      ) : (
        <dl className="of-loan-rules-list" aria-labelledby={titleId}>
          {(
            [
              ['loanDays', t('loanRules.days', { count: query.data.rules.loanDays })],
              ['maxLoans', String(query.data.rules.maxLoans)],
              [
                'renewals',
                query.data.rules.maxRenewals
                  ? t('loanRules.renewals', {
                      count: query.data.rules.maxRenewals,
                      days: query.data.rules.renewalDays,
                    })
                  : t('loanRules.noRenewals'),
              ],
              [
                'renewFrom',
                query.data.rules.renewWindowDays
                  ? t('loanRules.daysBefore', { count: query.data.rules.renewWindowDays })
                  : t('loanRules.anyTime'),
              ],
              ['maxRequests', String(query.data.rules.maxRequests)],
              ['holdShelf', t('loanRules.days', { count: query.data.rules.holdShelfDays })],
              ['fine', t('loanRules.fine', { perDay: query.data.rules.finePerDay, max: query.data.rules.maxFine })],
              [
                'fineLimit',
                Number(query.data.rules.fineLimit) > 0
                  ? t('loanRules.yuan', { amount: query.data.rules.fineLimit })
                  : t('loanRules.none'),
              ],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className="of-loan-rules-row">
              <dt>{t(`loanRules.labels.${key}`)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </details>
  );
}
