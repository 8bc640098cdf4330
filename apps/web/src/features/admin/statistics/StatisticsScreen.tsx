import { useState, type FormEvent } from 'react';
import { Button, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { loadNamespace } from '../../lang';
import { AdminPage } from '../components/AdminPage';
import { downloadCsv, toCsv } from '../reports/csv';
import { DailyChart } from '../reports/DailyChart';
import { GroupTable } from '../reports/GroupTable';
import { useStatistics, type Statistics, type StatisticsQuery } from '../reports/reports-api';
import '../reports/reports.css';

await loadNamespace('adminReports');

/** The activity figures of a period, in table and CSV order. */
const FIGURES = ['searches', 'zeroResults', 'logins', 'loans', 'renewals', 'returns'] as const;

type By = 'day' | 'month';

/**
 * Statistics (`/admin/statistics`): the activity of a period by day or month (searches, logins,
 * loans, renewals, returns), the readers by department and type, the records and the period's loans
 * by CLC class; tables, a chart of loans, and the whole as a CSV file (UTF-8 with a BOM, for Excel).
 * With no dates the server takes the last 30 days, or the last twelve months by month.
 */
export default function StatisticsScreen() {
  const { t } = useTranslation('adminReports');
  const [query, setQuery] = useState<StatisticsQuery>({ by: 'day' });
  const [draft, setDraft] = useState<{ from: string; to: string; by: By }>({ from: '', to: '', by: 'day' });
  const { data, isFetching } = useStatistics(query);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setQuery({ by: draft.by, ...(draft.from ? { from: draft.from } : {}), ...(draft.to ? { to: draft.to } : {}) });
  };

  return (
    <AdminPage
      title={t('statistics.title')}
      extra={
        <Button onClick={() => data && exportCsv(data, t)} disabled={!data} data-testid="statistics-export">
          {t('statistics.export')}
        </Button>
      }
    >
      <form className="of-reports-filters" onSubmit={apply}>
        <label>
          {t('statistics.from')}
          <Input
            type="date"
            className="of-reports-field"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </label>
        <label>
          {t('statistics.to')}
          <Input
            type="date"
            className="of-reports-field"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </label>
        <Radio.Group
          aria-label={t('statistics.by')}
          optionType="button"
          value={draft.by}
          onChange={(e) => setDraft({ ...draft, by: e.target.value as By })}
          options={[
            { value: 'day', label: t('statistics.byDay') },
            { value: 'month', label: t('statistics.byMonth') },
          ]}
        />
        <Button type="primary" htmlType="submit" loading={isFetching}>
          {t('statistics.apply')}
        </Button>
      </form>
      {data ? <StatisticsBody data={data} /> : null}
    </AdminPage>
  );
}

function StatisticsBody({ data }: { data: Statistics }) {
  const { t } = useTranslation('adminReports');
  const totals = Object.fromEntries(FIGURES.map((f) => [f, data.periods.reduce((s, p) => s + p[f], 0)]));
  return (
    <>
      <section className="of-reports-section" aria-labelledby="of-stats-activity">
        <h2 id="of-stats-activity">{t('statistics.activityTitle', { from: data.from, to: data.to })}</h2>
        <div className="of-reports-charts">
          <DailyChart
            title={t('metrics.loans')}
            points={data.periods.map((p) => ({ label: p.period, value: p.loans }))}
          />
          <DailyChart
            title={t('metrics.searches')}
            points={data.periods.map((p) => ({ label: p.period, value: p.searches }))}
          />
        </div>
        {/* Scrolls sideways on a phone: a region the keyboard reaches. */}
        <div className="of-reports-table-wrap" tabIndex={0} role="region" aria-labelledby="of-stats-activity">
          <table className="of-reports-table" data-testid="statistics-periods">
            <thead>
              <tr>
                <th scope="col">{t('statistics.period')}</th>
                {FIGURES.map((f) => (
                  <th key={f} scope="col" className="of-num">
                    {t(`metrics.${f}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.periods.map((p) => (
                <tr key={p.period}>
                  <td>{p.period}</td>
                  {FIGURES.map((f) => (
                    <td key={f} className="of-num">
                      {p[f].toLocaleString()}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td>{t('statistics.total')}</td>
                {FIGURES.map((f) => (
                  <td key={f} className="of-num">
                    {totals[f]!.toLocaleString()}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      </section>
      <section className="of-reports-section of-reports-tables">
        <GroupTable caption={t('statistics.readersByDepartment')} rows={data.readersByDepartment} />
        <GroupTable caption={t('statistics.readersByType')} rows={data.readersByType} />
        <GroupTable caption={t('statistics.recordsByClass')} rows={data.recordsByClass} />
        <GroupTable caption={t('statistics.loansByClass')} rows={data.loansByClass} />
      </section>
    </>
  );
}

type T = ReturnType<typeof useTranslation<'adminReports'>>['t'];

/** The statistics as one CSV file: the periods, then each grouping under its own heading. */
function exportCsv(data: Statistics, t: T): void {
  const rows: Array<Array<string | number>> = data.periods.map((p) => [p.period, ...FIGURES.map((f) => p[f])]);
  const groups: Array<[string, Statistics['readersByType']]> = [
    [t('statistics.readersByDepartment'), data.readersByDepartment],
    [t('statistics.readersByType'), data.readersByType],
    [t('statistics.recordsByClass'), data.recordsByClass],
    [t('statistics.loansByClass'), data.loansByClass],
  ];
  for (const [caption, list] of groups) {
    rows.push([], [caption, t('statistics.count')]);
    for (const g of list) rows.push([g.key || t('statistics.none'), g.n]);
  }
  const header = [t('statistics.period'), ...FIGURES.map((f) => t(`metrics.${f}`))];
  downloadCsv(t('statistics.fileName', { from: data.from, to: data.to }), toCsv(header, rows));
}
