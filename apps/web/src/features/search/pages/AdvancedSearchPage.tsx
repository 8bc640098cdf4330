import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Input, Select } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MATCH_MODES, SEARCH_FIELDS } from '@openfind/contract';
import type { FacetDimension, MatchMode } from '@openfind/contract';
import { setPageTitle } from '../../../lib/document-title';
import { useDict } from '../api/get-dict';
import { YearInputs } from '../components/YearInputs';
import { DEFAULT_MATCH_MODE, EMPTY_SEARCH, OPERATORS, parseSearchParams, searchUrl } from '@openfind/contract';
import type { Operator, SearchRow, SearchState } from '@openfind/contract';
import { ScreenConfig } from '../components/ScreenConfig';
import '../search.css';

/** Most rows a search can have (the server takes 20). */
const MAX_ROWS = 10;
/** The rows an empty form starts with. */
const START_ROWS: readonly SearchRow[] = [
  { oper: null, field: 'title', matchMode: DEFAULT_MATCH_MODE, text: '' },
  { oper: 'AND', field: 'author', matchMode: DEFAULT_MATCH_MODE, text: '' },
  { oper: 'AND', field: 'subject', matchMode: DEFAULT_MATCH_MODE, text: '' },
];
/** The filters of the form and the code lists that name their values. */
const FILTERS = [
  ['docCode', 'docCode'],
  ['langCode', 'langCode'],
  ['libCode', 'libCode'],
  ['locationId', 'locationId'],
] as const satisfies ReadonlyArray<[FacetDimension, string]>;

type Form = Pick<SearchState, 'rows' | 'filters' | 'yearFrom' | 'yearTo'>;

/** The form a URL describes (editing a search), or the empty form. */
function initialForm(state: SearchState): Form {
  const rows = state.rows.length
    ? state.rows
    : state.text
      ? [{ oper: null, field: state.field, matchMode: state.matchMode, text: state.text }, ...START_ROWS.slice(1)]
      : [...START_ROWS];
  return { rows, filters: state.filters, yearFrom: state.yearFrom, yearTo: state.yearTo };
}

/** Advanced search (/advanceSearch): rows of field, match mode and term joined by AND / OR / NOT, and filters. */
export function AdvancedSearchPage() {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form, setForm] = useState<Form>(() => initialForm(parseSearchParams(params)));
  const [isEmpty, setIsEmpty] = useState(false);
  const { data: dict } = useDict();
  const hintId = useId();
  useEffect(() => {
    setPageTitle(t('advanced.title'));
    return () => setPageTitle('');
  }, [t]);
  const setRow = (index: number, patch: Partial<SearchRow>) =>
    setForm((f) => ({ ...f, rows: f.rows.map((row, i) => (i === index ? { ...row, ...patch } : row)) }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const rows = form.rows.filter((row) => row.text.trim());
    const hasFilter =
      Object.values(form.filters).some((v) => v.length) || form.yearFrom !== null || form.yearTo !== null;
    if (!rows.length && !hasFilter) {
      setIsEmpty(true);
      return;
    }
    const state: SearchState = {
      ...EMPTY_SEARCH,
      rows: rows.map((row, i) => ({ ...row, text: row.text.trim(), oper: i === 0 ? null : (row.oper ?? 'AND') })),
      filters: form.filters,
      yearFrom: form.yearFrom,
      yearTo: form.yearTo,
    };
    void navigate(searchUrl(state));
  };
  const onReset = () => {
    setForm(initialForm(EMPTY_SEARCH));
    setIsEmpty(false);
  };
  const fieldOptions = SEARCH_FIELDS.map((code) => ({ value: code, label: t(`fields.${code}`) }));
  const modeOptions = MATCH_MODES.map((mode) => ({ value: mode, label: t(`matchModes.${mode}`) }));
  const operOptions = OPERATORS.map((oper) => ({ value: oper, label: t(`advanced.operators.${oper}`) }));
  const chosenLibs = form.filters.libCode ?? [];
  const optionsOf = (dim: FacetDimension, list: string) => {
    const entries = ((dict as Record<string, unknown> | undefined)?.[list] ?? []) as Array<{
      code: string;
      name: string;
      libCode?: string;
    }>;
    const shown =
      dim === 'locationId' && chosenLibs.length ? entries.filter((e) => chosenLibs.includes(e.libCode ?? '')) : entries;
    return shown.map((e) => ({ value: e.code, label: e.name }));
  };
  return (
    <ScreenConfig>
      <div className="of-page of-advanced">
        <h1 className="of-search-h1">{t('advanced.title')}</h1>
        <form className="of-advanced-form" onSubmit={onSubmit} onReset={onReset} noValidate aria-describedby={hintId}>
          <fieldset className="of-advanced-rows">
            <legend>{t('advanced.conditions')}</legend>
            <ol>
              {form.rows.map((row, i) => (
                <li key={i} className="of-advanced-row">
                  {i === 0 ? (
                    <span className="of-advanced-oper of-advanced-oper--first" aria-hidden="true" />
                  ) : (
                    <Select
                      className="of-advanced-oper"
                      aria-label={t('advanced.operatorOf', { n: i + 1 })}
                      value={row.oper ?? 'AND'}
                      onChange={(oper: Operator) => setRow(i, { oper })}
                      options={operOptions}
                    />
                  )}
                  <Select
                    className="of-advanced-field"
                    aria-label={t('advanced.fieldOf', { n: i + 1 })}
                    value={row.field}
                    onChange={(field: string) => setRow(i, { field })}
                    options={fieldOptions}
                    popupMatchSelectWidth={false}
                  />
                  <Select
                    className="of-advanced-mode"
                    aria-label={t('advanced.matchModeOf', { n: i + 1 })}
                    value={row.matchMode}
                    onChange={(matchMode: MatchMode) => setRow(i, { matchMode })}
                    options={modeOptions}
                    popupMatchSelectWidth={false}
                  />
                  <Input
                    className="of-advanced-text"
                    aria-label={t('advanced.termOf', { n: i + 1 })}
                    value={row.text}
                    maxLength={300}
                    onChange={(e) => {
                      setRow(i, { text: e.target.value });
                      if (e.target.value.trim()) setIsEmpty(false);
                    }}
                  />
                  <Button
                    className="of-advanced-remove"
                    aria-label={t('advanced.removeRow', { n: i + 1 })}
                    disabled={form.rows.length <= 1}
                    onClick={() => setForm((f) => ({ ...f, rows: f.rows.filter((_, j) => j !== i) }))}
                  >
                    −
                  </Button>
                </li>
              ))}
            </ol>
            <Button
              disabled={form.rows.length >= MAX_ROWS}
              onClick={() =>
                setForm((f) => ({
                  ...f,
                  rows: [...f.rows, { oper: 'AND', field: 'keyWord', matchMode: DEFAULT_MATCH_MODE, text: '' }],
                }))
              }
            >
              {t('advanced.addRow')}
            </Button>
          </fieldset>
          <fieldset className="of-advanced-filters">
            <legend>{t('advanced.filters')}</legend>
            {FILTERS.map(([dim, list]) => (
              <label key={dim} className="of-advanced-filter">
                <span>{t(`facets.dimensions.${dim}`)}</span>
                <Select
                  mode="multiple"
                  allowClear
                  aria-label={t(`facets.dimensions.${dim}`)}
                  placeholder={t('advanced.any')}
                  value={form.filters[dim] ?? []}
                  onChange={(values: string[]) => setForm((f) => ({ ...f, filters: { ...f.filters, [dim]: values } }))}
                  options={optionsOf(dim, list)}
                  optionFilterProp="label"
                />
              </label>
            ))}
            <div className="of-advanced-filter">
              <span id={`${hintId}-years`}>{t('facets.years')}</span>
              <div className="of-year-range" role="group" aria-labelledby={`${hintId}-years`}>
                <YearInputs
                  from={form.yearFrom}
                  to={form.yearTo}
                  onFrom={(yearFrom) => setForm((f) => ({ ...f, yearFrom }))}
                  onTo={(yearTo) => setForm((f) => ({ ...f, yearTo }))}
                />
              </div>
            </div>
          </fieldset>
          <p id={hintId} className="of-searchbar-hint" aria-live="polite">
            {isEmpty ? t('advanced.empty') : ''}
          </p>
          <div className="of-advanced-actions">
            <Button type="primary" htmlType="submit">
              {t('box.submit')}
            </Button>
            <Button htmlType="reset">{t('advanced.reset')}</Button>
          </div>
        </form>
      </div>
    </ScreenConfig>
  );
}
