import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { filledRows, searchUrl } from '@openfind/contract';
import type { SearchState } from '@openfind/contract';

/** The conditions of an advanced search above its results, with a link back to edit them. */
export function AdvancedSummary({ state }: { state: SearchState }) {
  const { t } = useTranslation('search');
  const rows = filledRows(state);
  if (!rows.length) return null;
  return (
    <p className="of-advanced-summary">
      <span>{t('advanced.current')}</span>
      {rows.map((row, i) => (
        <span key={i}>
          {i > 0 && row.oper ? (
            <strong className="of-advanced-summary-oper">{t(`advanced.operators.${row.oper}`)}</strong>
          ) : null}
          {t('advanced.condition', { field: t(`fields.${row.field}`), text: row.text })}
        </span>
      ))}
      <Link to={searchUrl({ ...state, page: 1 }, '/advanceSearch')}>{t('advanced.edit')}</Link>
    </p>
  );
}
