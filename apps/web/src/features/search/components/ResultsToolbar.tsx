import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortField } from '@openfind/contract';
import { NativeSelect } from '../../../components/NativeSelect';
import { latestSearchState } from '../use-search-state';
import { PAGE_SIZES, updateSearch } from '@openfind/contract';
import type { SearchState, SortOrder } from '@openfind/contract';

/** The sort orders offered: field and direction. */
const SORTS: ReadonlyArray<[SortField, SortOrder]> = [
  ['relevance', 'asc'],
  ['publishYear', 'desc'],
  ['publishYear', 'asc'],
  ['title', 'asc'],
  ['author', 'asc'],
  ['inDate', 'desc'],
  ['callNo', 'asc'],
  ['loanCount', 'desc'],
  ['avgScore', 'desc'],
];

type Props = { state: SearchState; onChange: (next: SearchState) => void };

/** Sort order, page size and the search within the results: native controls, painted with the rows (issue 31). */
export function ResultsToolbar({ state, onChange }: Props) {
  const { t } = useTranslation('search');
  const [within, setWithin] = useState('');
  const current = `${state.sort}:${state.sort === 'relevance' ? 'asc' : state.order}`;
  return (
    <div className="of-results-toolbar">
      <form
        className="of-within"
        onSubmit={(event) => {
          event.preventDefault();
          const term = within.trim();
          if (!term) return;
          setWithin('');
          onChange(updateSearch(state, { within: [...state.within, term] }));
        }}
      >
        <input
          type="search"
          className="of-within-input"
          aria-label={t('within.label')}
          placeholder={t('within.placeholder')}
          maxLength={300}
          enterKeyHint="search"
          value={within}
          onChange={(e) => setWithin(e.target.value)}
        />
        <button type="submit" className="of-btn of-btn--primary of-within-submit">
          {t('within.submit')}
        </button>
      </form>
      <div className="of-toolbar-field">
        <NativeSelect
          showLabel
          label={t('toolbar.sort')}
          value={current}
          onChange={(value) => {
            const [sort, order] = value.split(':') as [SortField, SortOrder];
            onChange(updateSearch(latestSearchState(), { sort, order }));
          }}
          options={SORTS.map(
            ([sort, order]) =>
              [
                `${sort}:${order}`,
                t(`toolbar.sorts.${sort}${sort === 'relevance' ? '' : order === 'asc' ? 'Asc' : 'Desc'}`),
              ] as const,
          )}
        />
      </div>
      <div className="of-toolbar-field">
        <NativeSelect
          showLabel
          label={t('toolbar.pageSize')}
          value={state.pageSize}
          onChange={(pageSize) => onChange(updateSearch(latestSearchState(), { pageSize }))}
          options={PAGE_SIZES.map((size) => [size, t('toolbar.perPage', { count: size })] as const)}
        />
      </div>
    </div>
  );
}
