import { useTranslation } from 'react-i18next';

type Json = unknown;

const isRecord = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);
const show = (v: Json) => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * An audit row's state before and after as a readable diff: one line per field of either side, the
 * changed ones marked in words (not by colour alone); values that are not objects shown as they are.
 */
export function AuditDiff({ before, after }: { before: Json; after: Json }) {
  const { t } = useTranslation('adminReports');
  if (before == null && after == null) return <p>{t('audit.nothingRecorded')}</p>;
  if (!(isRecord(before ?? {}) && isRecord(after ?? {})))
    return (
      <pre className="of-reports-json">
        {t('audit.before')}: {show(before)}
        {'\n'}
        {t('audit.after')}: {show(after)}
      </pre>
    );
  const b = (before ?? {}) as Record<string, Json>;
  const a = (after ?? {}) as Record<string, Json>;
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return (
    <table className="of-reports-diff">
      <thead>
        <tr>
          <th scope="col">{t('audit.field')}</th>
          <th scope="col">{t('audit.before')}</th>
          <th scope="col">{t('audit.after')}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => {
          const changed = show(b[f]) !== show(a[f]);
          return (
            <tr key={f} className={changed ? 'of-changed' : undefined}>
              <th scope="row">
                {f}
                {changed ? <span className="of-reports-diff-mark">({t('audit.changed')})</span> : null}
              </th>
              <td>{show(b[f])}</td>
              <td>{show(a[f])}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
