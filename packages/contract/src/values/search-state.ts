/**
 * A search as a results page's URL holds it, and the calls it makes: plain values and functions (no
 * schemas), shared by the web app (its results page) and the server (which answers a results page's
 * first calls in the page itself, issue 31).
 */
import type { SearchRequestInput } from '../search.js';
import { FACET_DIMENSIONS, MATCH_MODES, SEARCH_FIELDS, SORT_FIELDS } from './search.js';
import type { FacetDimension, MatchMode, SortField } from './search.js';

/** How an advanced-search row joins the rows before it (the first row has none). */
export type Operator = 'AND' | 'OR' | 'NOT';
/** The operators an advanced-search row can take. */
export const OPERATORS: readonly Operator[] = ['AND', 'OR', 'NOT'];

/** One row of an advanced search. */
export type SearchRow = { oper: Operator | null; field: string; matchMode: MatchMode; text: string };

/** Sort order of the results. */
export type SortOrder = 'asc' | 'desc';

/** Everything a results page shows, as held in its URL (reload, back/forward and shared links reproduce it). */
export type SearchState = {
  /** Scope of the simple search (`searchField`). */
  field: string;
  /** Text of the simple search (`searchFieldContent`). */
  text: string;
  matchMode: MatchMode;
  /** Advanced-search rows; when any holds text they replace the simple search. */
  rows: SearchRow[];
  /** Facet filters: the facet keys chosen per dimension. */
  filters: Partial<Record<FacetDimension, string[]>>;
  yearFrom: number | null;
  yearTo: number | null;
  onlyOnShelf: boolean;
  /** Terms searched within the results (twiceSearch), in the order they were added. */
  within: string[];
  sort: SortField;
  order: SortOrder;
  page: number;
  pageSize: number;
};

/** Spec §9: searches start on page 1 with 10 results a page. */
export const DEFAULT_PAGE_SIZE = 10;
/** Page sizes a reader can choose. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
/** Spec §9: match mode '2' (any order) unless chosen otherwise. */
export const DEFAULT_MATCH_MODE: MatchMode = '2';
/** The scope of a search when none is given: all fields. */
export const DEFAULT_FIELD = 'keyWord';
/** Parameter of an advanced-search row (repeated): a JSON array [oper, field, matchMode, text]. */
const ROW_PARAM = 'item';
/** Parameter of a term searched within the results (repeated). */
const WITHIN_PARAM = 'within';

/** A search with nothing chosen. */
export const EMPTY_SEARCH: SearchState = {
  field: DEFAULT_FIELD,
  text: '',
  matchMode: DEFAULT_MATCH_MODE,
  rows: [],
  filters: {},
  yearFrom: null,
  yearTo: null,
  onlyOnShelf: false,
  within: [],
  sort: 'relevance',
  order: 'asc',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

/** A search field code, or the default when the value is not one. */
export function toField(value: unknown): string {
  return isOneOf(SEARCH_FIELDS, value) ? value : DEFAULT_FIELD;
}

/** A match mode, or the default when the value is not one. */
export function toMatchMode(value: unknown): MatchMode {
  return isOneOf(MATCH_MODES, value) ? value : DEFAULT_MATCH_MODE;
}

function toYear(value: string | null): number | null {
  if (!value || !/^\d{1,4}$/.test(value.trim())) return null;
  const year = Number(value);
  return year >= 1 && year <= 9999 ? year : null;
}

function toPositiveInt(value: string | null, fallback: number): number {
  if (!value || !/^\d{1,6}$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 ? n : fallback;
}

function parseRow(value: string): SearchRow | null {
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed) || parsed.length !== 4) return null;
    const [oper, field, matchMode, text] = parsed as unknown[];
    if (typeof text !== 'string') return null;
    return {
      oper: isOneOf(OPERATORS, oper) ? oper : null,
      field: toField(field),
      matchMode: toMatchMode(matchMode),
      text,
    };
  } catch {
    return null;
  }
}

const unique = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

/** Reads a search from a results URL's query; anything missing or invalid takes its default. */
export function parseSearchParams(params: URLSearchParams): SearchState {
  const filters: SearchState['filters'] = {};
  for (const dim of FACET_DIMENSIONS) {
    const values = unique(params.getAll(dim));
    if (values.length) filters[dim] = values;
  }
  const rows = params
    .getAll(ROW_PARAM)
    .map(parseRow)
    .filter((row): row is SearchRow => row !== null)
    .map((row, i) => ({ ...row, oper: i === 0 ? null : (row.oper ?? 'AND') }));
  const pageSize = Number(params.get('rows'));
  const sortClause = params.get('sortClause');
  return {
    field: toField(params.get('searchField')),
    text: params.get('searchFieldContent') ?? '',
    matchMode: toMatchMode(params.get('matchMode')),
    rows,
    filters,
    yearFrom: toYear(params.get('publishBegin')),
    yearTo: toYear(params.get('publishEnd')),
    onlyOnShelf: params.get('onlyOnShelf') === '1',
    within: unique(params.getAll(WITHIN_PARAM)),
    sort: isOneOf(SORT_FIELDS, params.get('sortField')) ? (params.get('sortField') as SortField) : 'relevance',
    order: sortClause === 'desc' ? 'desc' : 'asc',
    page: toPositiveInt(params.get('page'), 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** Writes a search as a results URL's query, leaving defaults out (short, stable links). */
export function toSearchParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.field !== DEFAULT_FIELD) params.set('searchField', state.field);
  if (state.text) params.set('searchFieldContent', state.text);
  if (state.matchMode !== DEFAULT_MATCH_MODE) params.set('matchMode', state.matchMode);
  state.rows.forEach((row, i) =>
    params.append(ROW_PARAM, JSON.stringify([i === 0 ? null : row.oper, row.field, row.matchMode, row.text])),
  );
  for (const dim of FACET_DIMENSIONS) for (const value of state.filters[dim] ?? []) params.append(dim, value);
  if (state.yearFrom !== null) params.set('publishBegin', String(state.yearFrom));
  if (state.yearTo !== null) params.set('publishEnd', String(state.yearTo));
  if (state.onlyOnShelf) params.set('onlyOnShelf', '1');
  for (const term of state.within) params.append(WITHIN_PARAM, term);
  if (state.sort !== 'relevance') params.set('sortField', state.sort);
  if (state.order !== 'asc') params.set('sortClause', state.order);
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('rows', String(state.pageSize));
  return params;
}

/** The results URL of a search (below the institution's basename). */
export function searchUrl(state: SearchState, path = '/searchList'): string {
  const query = toSearchParams(state).toString();
  return query ? `${path}?${query}` : path;
}

/** Rows of an advanced search that hold text. */
export function filledRows(state: SearchState): SearchRow[] {
  return state.rows.filter((row) => row.text.trim());
}

/** Whether any filter (facet, years, on shelf) is set. */
export function hasFilters(state: SearchState): boolean {
  return (
    Object.values(state.filters).some((values) => values.length > 0) ||
    state.yearFrom !== null ||
    state.yearTo !== null ||
    state.onlyOnShelf
  );
}

/** Whether the state asks for anything: text, an advanced row or a filter (the server refuses an empty search). */
export function isRunnable(state: SearchState): boolean {
  return Boolean(state.text.trim()) || filledRows(state).length > 0 || hasFilters(state);
}

/** Which search call the state needs. */
export type SearchKind = 'search' | 'advancedSearch' | 'twiceSearch';

/** A search body, plus the new term of a search within results. */
export type SearchBody = SearchRequestInput & { twiceSearchFieldContent?: string };

/** The call and body of a search (the real web app's request template). */
export function toSearchRequest(state: SearchState): { kind: SearchKind; body: SearchBody } {
  const rows = filledRows(state);
  const [yearFrom, yearTo] =
    state.yearFrom !== null && state.yearTo !== null && state.yearFrom > state.yearTo
      ? [state.yearTo, state.yearFrom]
      : [state.yearFrom, state.yearTo];
  const body: SearchBody = {
    searchFieldContent: rows.length ? '' : state.text.trim(),
    searchField: state.field,
    matchMode: state.matchMode,
    ...Object.fromEntries(FACET_DIMENSIONS.map((dim) => [dim, state.filters[dim] ?? []])),
    publishBegin: yearFrom === null ? '' : String(yearFrom),
    publishEnd: yearTo === null ? '' : String(yearTo),
    onlyOnShelf: state.onlyOnShelf ? '1' : null,
    sortField: state.sort,
    sortClause: state.order,
    page: state.page,
    rows: state.pageSize,
    searchItems: rows.length
      ? rows.map((row, i) => ({
          oper: i === 0 ? null : row.oper,
          searchField: row.field,
          matchMode: row.matchMode,
          searchFieldContent: row.text.trim(),
        }))
      : null,
  };
  if (state.within.length) {
    return { kind: 'twiceSearch', body: { ...body, twiceSearchFieldContent: state.within.join(' ') } };
  }
  return { kind: rows.length ? 'advancedSearch' : 'search', body };
}

/** The state with some fields changed; anything that changes the result set goes back to page 1. */
export function updateSearch(state: SearchState, patch: Partial<SearchState>): SearchState {
  const keepsPage = Object.keys(patch).every((key) => key === 'page');
  return { ...state, ...patch, page: keepsPage ? (patch.page ?? state.page) : 1 };
}

/** The state with one facet dimension's chosen keys replaced. */
export function setFilter(state: SearchState, dim: FacetDimension, values: string[]): SearchState {
  const filters = { ...state.filters };
  if (values.length) filters[dim] = unique(values);
  else delete filters[dim];
  return updateSearch(state, { filters });
}

/** The state without any filter (facets, years, on shelf) and without terms searched within. */
export function clearFilters(state: SearchState): SearchState {
  return updateSearch(state, { filters: {}, yearFrom: null, yearTo: null, onlyOnShelf: false, within: [] });
}

/** A new simple search (scope, text, match mode), keeping sort and page size. */
export function newSearch(state: SearchState, field: string, text: string, matchMode: MatchMode): SearchState {
  return { ...EMPTY_SEARCH, sort: state.sort, order: state.order, pageSize: state.pageSize, field, text, matchMode };
}

/** A search call: which one and its body. */
export type SearchCall = { kind: SearchKind; body: SearchBody };

/** The page of results alone (`facet: '0'`): it is never held back by the facet counts. */
export function searchPageRequest(state: SearchState): SearchCall {
  const { kind, body } = toSearchRequest(state);
  return { kind, body: { ...body, facet: '0' } };
}

/**
 * The facet counts of a search (`facet: 'only'`), asked beside the page. They do not depend on the
 * page, its size or the sort, so paging and re-sorting reuse them.
 */
export function searchFacetRequest(state: SearchState): SearchCall {
  const { kind, body } = toSearchRequest(state);
  return { kind, body: { ...body, page: 1, rows: 1, sortField: 'relevance', sortClause: 'asc', facet: 'only' } };
}
