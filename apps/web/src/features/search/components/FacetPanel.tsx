import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FacetDimension, FacetResult } from '@openfind/contract';
import { useDict } from '../api/get-dict';
import { facetNamer, SHOWN_FACETS } from '../facet-names';
import { clearFilters, hasFilters, setFilter, updateSearch } from '@openfind/contract';
import type { SearchState } from '@openfind/contract';
import { YearInputs } from './YearInputs';

/** Values shown per dimension before "show more". */
const FIRST_VALUES = 5;

type Props = { state: SearchState; facets: FacetResult; onChange: (next: SearchState) => void };

/** The filters beside the results: facet values with counts (several per dimension), publication years, clear. */
export function FacetPanel({ state, facets, onChange }: Props) {
  const { t } = useTranslation('search');
  const { data: dict } = useDict();
  const nameOf = facetNamer(dict);
  return (
    <div className="of-facets">
      <div className="of-facets-head">
        <h2 className="of-facets-title">{t('facets.title')}</h2>
        {hasFilters(state) || state.within.length ? (
          <Button type="link" size="small" onClick={() => onChange(clearFilters(state))}>
            {t('facets.clear')}
          </Button>
        ) : null}
      </div>
      <YearRange state={state} onChange={onChange} />
      {SHOWN_FACETS.map((dim) => (
        <FacetGroup
          key={dim}
          dim={dim}
          counts={facets[dim] ?? {}}
          chosen={state.filters[dim] ?? []}
          nameOf={(key) => nameOf(dim, key)}
          onChange={(values) => onChange(setFilter(state, dim, values))}
        />
      ))}
    </div>
  );
}

type GroupProps = {
  dim: FacetDimension;
  counts: Record<string, number>;
  chosen: string[];
  nameOf: (key: string) => string;
  onChange: (values: string[]) => void;
};

/** One dimension: its values biggest first, chosen ones always shown, "show more" past the first five. */
function FacetGroup({ dim, counts, chosen, nameOf, onChange }: GroupProps) {
  const { t } = useTranslation('search');
  const [isExpanded, setIsExpanded] = useState(false);
  const headingId = useId();
  const listId = useId();
  const keys = Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([key]) => key);
  // A chosen value the answer no longer counts stays visible so that it can be unchosen.
  for (const key of chosen) if (!keys.includes(key)) keys.push(key);
  if (!keys.length) return null;
  const shown = isExpanded ? keys : keys.slice(0, FIRST_VALUES);
  return (
    <section className="of-facet" aria-labelledby={headingId}>
      <h3 id={headingId} className="of-facet-title">
        {t(`facets.dimensions.${dim}`)}
      </h3>
      <ul id={listId} className="of-facet-values">
        {shown.map((key) => (
          <li key={key}>
            <Checkbox
              checked={chosen.includes(key)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, key] : chosen.filter((v) => v !== key))}
            >
              <span className="of-facet-name">{nameOf(key)}</span>
              <span className="of-facet-count">{counts[key] ?? 0}</span>
            </Checkbox>
          </li>
        ))}
      </ul>
      {keys.length > FIRST_VALUES ? (
        <Button
          type="link"
          size="small"
          className="of-facet-more"
          aria-expanded={isExpanded}
          aria-controls={listId}
          onClick={() => setIsExpanded(!isExpanded)}
        >
          {isExpanded ? t('facets.showLess') : t('facets.showMore', { count: keys.length - FIRST_VALUES })}
        </Button>
      ) : null}
    </section>
  );
}

/** Publication years from / to, applied together. */
function YearRange({ state, onChange }: { state: SearchState; onChange: (next: SearchState) => void }) {
  const { t } = useTranslation('search');
  const [from, setFrom] = useState<number | null>(state.yearFrom);
  const [to, setTo] = useState<number | null>(state.yearTo);
  const [seen, setSeen] = useState([state.yearFrom, state.yearTo]);
  // Back/forward or "clear" changes the URL: show its years.
  if (seen[0] !== state.yearFrom || seen[1] !== state.yearTo) {
    setSeen([state.yearFrom, state.yearTo]);
    setFrom(state.yearFrom);
    setTo(state.yearTo);
  }
  const headingId = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onChange(updateSearch(state, { yearFrom: from, yearTo: to }));
  };
  return (
    <section className="of-facet" aria-labelledby={headingId}>
      <h3 id={headingId} className="of-facet-title">
        {t('facets.years')}
      </h3>
      <form className="of-year-range" onSubmit={onSubmit}>
        <YearInputs from={from} to={to} onFrom={setFrom} onTo={setTo} />
        <Button htmlType="submit">{t('facets.apply')}</Button>
      </form>
    </section>
  );
}
