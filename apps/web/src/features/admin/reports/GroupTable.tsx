import { useTranslation } from 'react-i18next';

/** Counts by group ('' named "(none)") as a small table with its total: readers by department, records by class… */
export function GroupTable({ caption, rows }: { caption: string; rows: ReadonlyArray<{ key: string; n: number }> }) {
  const { t } = useTranslation('adminReports');
  const total = rows.reduce((sum, r) => sum + r.n, 0);
  return (
    <div className="of-reports-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="of-reports-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('statistics.group')}</th>
            <th scope="col" className="of-num">
              {t('statistics.count')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <td>{r.key || t('statistics.none')}</td>
              <td className="of-num">{r.n.toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td>{t('statistics.total')}</td>
            <td className="of-num">{total.toLocaleString()}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
