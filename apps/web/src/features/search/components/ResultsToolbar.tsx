import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SortField } from '@openfind/contract';
import { PAGE_SIZES, updateSearch } from '../search-state';
import type { SearchState, SortOrder } from '../search-state';

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

/** Sort order, page size and the search within the results. */
export function ResultsToolbar({ state, onChange }: Props) {
  const { t } = useTranslation('search');
  const current = `${state.sort}:${state.sort === 'relevance' ? 'asc' : state.order}`;
  return (
    <div className="of-results-toolbar">
      <Input.Search
        className="of-within"
        aria-label={t('within.label')}
        placeholder={t('within.placeholder')}
        enterButton={t('within.submit')}
        maxLength={300}
        onSearch={(value, _event, info) => {
          if (info?.source === 'clear' || !value.trim()) return;
          onChange(updateSearch(state, { within: [...state.within, value.trim()] }));
        }}
      />
      <label className="of-toolbar-field">
        <span>{t('toolbar.sort')}</span>
        <Select
          aria-label={t('toolbar.sort')}
          value={current}
          onChange={(value: string) => {
            const [sort, order] = value.split(':') as [SortField, SortOrder];
            onChange(updateSearch(state, { sort, order }));
          }}
          options={SORTS.map(([sort, order]) => ({
            value: `${sort}:${order}`,
            label: t(`toolbar.sorts.${sort}${sort === 'relevance' ? '' : order === 'asc' ? 'Asc' : 'Desc'}`),
          }))}
          popupMatchSelectWidth={false}
        />
      </label>
      <label className="of-toolbar-field">
        <span>{t('toolbar.pageSize')}</span>
        <Select
          aria-label={t('toolbar.pageSize')}
          value={state.pageSize}
          onChange={(pageSize: number) => onChange(updateSearch(state, { pageSize }))}
          options={PAGE_SIZES.map((size) => ({ value: size, label: t('toolbar.perPage', { count: size }) }))}
        />
      </label>
    </div>
  );
}
