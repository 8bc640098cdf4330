import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReaderLoan, RenewOutcome } from '@openfind/contract';
import { Button } from '../../../components/Button';
import { Pagination } from '../../../components/Pagination';
import { Tabs } from '../../../components/Tabs';
import { notify } from '../../../lib/antd';
import { loanRows, useLoans, useRenew } from '../api/loans';
import { useSelection } from '../use-selection';
import { SelectAll } from './SelectAll';
import { ReminderSettings } from './ReminderSettings';
import { LoanRulesSection } from './LoanRulesSection';
import { TakeCode } from './TakeCode';
import { PanelStatus, hasData } from './PanelStatus';

/** Days before the due date from which a loan is "due soon". */
const DUE_SOON_DAYS = 3;

/** Borrowing (key 5): current loans with renewal, and the loan history. */
export function BorrowingPanel() {
  const { t } = useTranslation('myLibrary');
  return (
    <>
      <Tabs
        className="of-loans-tabs"
        items={[
          { key: 'current', label: t('borrowing.current'), children: <CurrentLoans /> },
          { key: 'history', label: t('borrowing.history'), children: <LoanHistory /> },
        ]}
      />
      <TakeCode />
      <LoanRulesSection />
      <ReminderSettings />
    </>
  );
}

/** Days from today (the browser's date) to a YYYY-MM-DD date. */
function daysUntil(date: string): number {
  const today = new Date();
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((Date.parse(`${date}T00:00:00Z`) - start) / 86_400_000);
}

function CurrentLoans() {
  const { t } = useTranslation('myLibrary');
  const [page, setPage] = useState(1);
  const loans = useLoans(true, page);
  const renew = useRenew();
  const { selected, toggle, setAll } = useSelection();
  const [outcomes, setOutcomes] = useState<ReadonlyMap<number, RenewOutcome>>(new Map());

  const list = loans.data?.searchResult ?? [];
  const run = (ids: number[]) => {
    if (!ids.length) {
      notify('warning', t('borrowing.selectFirst'));
      return;
    }
    // One renewal at a time: a second click while one runs does nothing.
    if (renew.isPending) return;
    renew.mutate(ids, {
      onSuccess: ({ data, message }) => {
        setOutcomes(new Map(data.outcomes.map((o) => [o.loanId, o])));
        setAll([]);
        notify(data.fail ? 'warning' : 'success', message);
      },
    });
  };

  if (!hasData(loans)) return <PanelStatus query={loans} failed={t('borrowing.loadFailed')} />;
  if (!list.length) return <p className="of-loans-note">{t('borrowing.empty')}</p>;
  return (
    <div className="of-loans">
      <p className="of-loans-count">{t('borrowing.currentCount', { count: loans.data?.numFound ?? 0 })}</p>
      <div className="of-loans-toolbar">
        <SelectAll
          ids={list.map((l) => l.loanId)}
          selected={selected}
          setAll={setAll}
          label={t('borrowing.selectAll')}
        />
        <Button busy={renew.isPending} onClick={() => run([...selected])}>
          {t('borrowing.renewSelected', { count: selected.size })}
        </Button>
        <Button variant="primary" busy={renew.isPending} onClick={() => run(list.map((l) => l.loanId))}>
          {t('borrowing.renewAll')}
        </Button>
      </div>
      <ul className="of-loans-list">
        {list.map((loan) => (
          <CurrentLoan
            key={loan.loanId}
            loan={loan}
            outcome={outcomes.get(loan.loanId)}
            isSelected={selected.has(loan.loanId)}
            onSelect={(on) => toggle(loan.loanId, on)}
            onRenew={() => run([loan.loanId])}
            isBusy={renew.isPending}
          />
        ))}
      </ul>
      <LoanPages current total={loans.data?.numFound ?? 0} page={page} onChange={setPage} />
    </div>
  );
}

function CurrentLoan({
  loan,
  outcome,
  isSelected,
  onSelect,
  onRenew,
  isBusy,
}: {
  loan: ReaderLoan;
  outcome: RenewOutcome | undefined;
  isSelected: boolean;
  onSelect: (on: boolean) => void;
  onRenew: () => void;
  isBusy: boolean;
}) {
  const { t } = useTranslation('myLibrary');
  const checkId = useId();
  const days = daysUntil(loan.normReturnDate);
  const badge =
    loan.overdueDays > 0 ? (
      <span className="of-loan-badge is-overdue">{t('borrowing.overdue', { count: loan.overdueDays })}</span>
    ) : days === 0 ? (
      <span className="of-loan-badge is-soon">{t('borrowing.dueToday')}</span>
    ) : days > 0 && days <= DUE_SOON_DAYS ? (
      <span className="of-loan-badge is-soon">{t('borrowing.dueSoon', { count: days })}</span>
    ) : null;
  const state = loan.renewable
    ? t('borrowing.renewable')
    : loan.renewRefusal === 'tooSoon' && loan.renewableFrom
      ? t('borrowing.renewableFrom', { date: loan.renewableFrom })
      : loan.renewRefusal
        ? t(`borrowing.refusals.${loan.renewRefusal}`)
        : '';
  // Too early is not a refusal to worry about: it only says when.
  const stateClass = loan.renewable ? 'is-ok' : loan.renewRefusal === 'tooSoon' ? 'is-later' : 'is-no';
  return (
    <li className="of-loan">
      <input
        id={checkId}
        type="checkbox"
        className="of-loan-check"
        checked={isSelected}
        onChange={(e) => onSelect(e.target.checked)}
        aria-label={t('borrowing.select', { title: loan.title })}
      />
      <div className="of-loan-body">
        <LoanHead loan={loan} />
        <p className="of-loan-due">
          {t('borrowing.dueDate')} <strong>{loan.normReturnDate}</strong> {badge}
        </p>
        <p className="of-loan-state">
          {loan.renewLimit === null
            ? t('borrowing.renewalsUsed', { used: loan.renewTimes })
            : t('borrowing.renewals', { used: loan.renewTimes, limit: loan.renewLimit })}
          {state ? <span className={stateClass}> · {state}</span> : null}
        </p>
        {outcome ? (
          <p className={outcome.renewed ? 'of-loan-result is-ok' : 'of-loan-result is-no'} role="status">
            {outcome.renewed ? t('borrowing.renewedUntil', { date: outcome.dueDate }) : outcome.reason}
          </p>
        ) : null}
      </div>
      <Button size="small" className="of-loan-renew" disabled={isBusy} onClick={onRenew}>
        {t('borrowing.renew')}
        <span className="of-visually-hidden">{`《${loan.title}》`}</span>
      </Button>
    </li>
  );
}

/** A loan's title (a link to its record) and its fields. */
function LoanHead({ loan }: { loan: ReaderLoan }) {
  return (
    <>
      <h3 className="of-loan-title">
        {/* A loan of the library's own system may have no record in the catalogue here (recordId 0). */}
        {loan.recordId > 0 ? <Link to={`/searchList/bookDetails/${loan.recordId}`}>{loan.title}</Link> : loan.title}
      </h3>
      <LoanFields loan={loan} />
    </>
  );
}

/** Barcode, call number, location and loan date of a loan. */
function LoanFields({ loan }: { loan: ReaderLoan }) {
  const { t } = useTranslation('myLibrary');
  const rows: Array<[string, string | null]> = [
    ['borrowing.barcode', loan.barcode],
    ['borrowing.callNo', loan.callNo],
    ['borrowing.location', [loan.curLibName, loan.locationName].filter(Boolean).join(' · ') || null],
    ['borrowing.loanDate', loan.loanDate],
  ];
  return (
    <dl className="of-loan-fields">
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

function LoanHistory() {
  const { t } = useTranslation('myLibrary');
  const [page, setPage] = useState(1);
  const loans = useLoans(false, page);
  if (!hasData(loans)) return <PanelStatus query={loans} failed={t('borrowing.loadFailed')} />;
  const list = loans.data?.searchResult ?? [];
  if (!list.length) return <p className="of-loans-note">{t('borrowing.historyEmpty')}</p>;
  return (
    <div className="of-loans">
      <p className="of-loans-count">{t('borrowing.historyCount', { count: loans.data?.numFound ?? 0 })}</p>
      <ul className="of-loans-list">
        {list.map((loan) => (
          <li key={loan.loanId} className="of-loan">
            <div className="of-loan-body">
              <LoanHead loan={loan} />
              <p className="of-loan-due">
                {t('borrowing.returnDate')} <strong>{loan.returnDate}</strong>
              </p>
            </div>
          </li>
        ))}
      </ul>
      <LoanPages current={false} total={loans.data?.numFound ?? 0} page={page} onChange={setPage} />
    </div>
  );
}

function LoanPages({
  current,
  total,
  page,
  onChange,
}: {
  current: boolean;
  total: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('myLibrary');
  if (total <= loanRows(current)) return null;
  return (
    <Pagination
      current={page}
      pageSize={loanRows(current)}
      total={total}
      hrefOf={() => '#'}
      onChange={(next) => {
        onChange(next);
        window.scrollTo({ top: 0 });
      }}
      label={t('borrowing.pages')}
    />
  );
}
