import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { clearFilters, DEFAULT_FIELD, hasFilters, searchUrl, updateSearch } from '@openfind/contract';
import type { SearchState } from '@openfind/contract';
import { DidYouMean } from './SearchNotices';

/** Spec §8: "no matching results found", with did-you-mean and the suggestions to check, change and widen. */
export function ZeroResults({ state, suggestions }: { state: SearchState; suggestions: string[] }) {
  const { t } = useTranslation('search');
  const widenings: Array<[string, string]> = [];
  if (hasFilters(state) || state.within.length)
    widenings.push([t('zero.removeFilters'), searchUrl(clearFilters(state))]);
  if (state.field !== DEFAULT_FIELD && state.text.trim()) {
    widenings.push([t('zero.allFields'), searchUrl(updateSearch(state, { field: DEFAULT_FIELD }))]);
  }
  if (state.matchMode !== '2' && state.text.trim()) {
    widenings.push([t('zero.anyOrder'), searchUrl(updateSearch(state, { matchMode: '2' }))]);
  }
  return (
    <div className="of-zero" role="status">
      <h2 className="of-zero-title">{t('zero.title')}</h2>
      <DidYouMean state={state} suggestions={suggestions} />
      <p>{t('zero.suggestions')}</p>
      <ul className="of-zero-list">
        <li>{t('zero.checkTerms')}</li>
        <li>{t('zero.otherTerms')}</li>
        <li>{t('zero.widen')}</li>
      </ul>
      <p className="of-zero-actions">
        {widenings.map(([label, to]) => (
          <Link key={to} to={to} className="of-btn">
            {label}
          </Link>
        ))}
        <Link to="/advanceSearch" className="of-btn">
          {t('box.advanced')}
        </Link>
      </p>
    </div>
  );
}
