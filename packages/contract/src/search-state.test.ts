import { describe, expect, it } from 'vitest';
import {
  EMPTY_SEARCH,
  clearFilters,
  isRunnable,
  newSearch,
  parseSearchParams,
  searchFacetRequest,
  searchPageRequest,
  searchUrl,
  setFilter,
  toSearchParams,
  toSearchRequest,
  updateSearch,
} from './values/search-state.js';
import type { SearchState } from './values/search-state.js';

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

const FULL: SearchState = {
  field: 'title',
  text: '中华 "书局" & a=b',
  matchMode: '1',
  rows: [],
  filters: { docCode: ['1', '2'], libCode: ['OFU'], author: ['鲁迅, 周树人'] },
  yearFrom: 1990,
  yearTo: 2020,
  onlyOnShelf: true,
  within: ['历史', '明代'],
  sort: 'publishYear',
  order: 'desc',
  page: 3,
  pageSize: 20,
};

describe('search state in the URL', () => {
  it('gives the defaults of spec §9 for an empty query: page 1, 10 a page, match mode 2, all fields', () => {
    expect(parse('')).toEqual(EMPTY_SEARCH);
    expect(EMPTY_SEARCH).toMatchObject({ page: 1, pageSize: 10, matchMode: '2', field: 'keyWord', sort: 'relevance' });
  });

  it('writes nothing for the defaults, so links stay short', () => {
    expect(toSearchParams(EMPTY_SEARCH).toString()).toBe('');
    expect(searchUrl(EMPTY_SEARCH)).toBe('/searchList');
  });

  it('round-trips every part of a search', () => {
    const url = toSearchParams(FULL).toString();
    expect(parse(url)).toEqual(FULL);
  });

  it('round-trips advanced-search rows with their operators, the first row having none', () => {
    const state: SearchState = {
      ...EMPTY_SEARCH,
      rows: [
        { oper: null, field: 'title', matchMode: '2', text: '红楼梦' },
        { oper: 'NOT', field: 'author', matchMode: '1', text: '曹雪芹, "高鹗"' },
        { oper: 'OR', field: 'isbn', matchMode: '3', text: '978' },
      ],
    };
    expect(parse(toSearchParams(state).toString())).toEqual(state);
  });

  it('reads the home box link (searchField and searchFieldContent)', () => {
    expect(parse('searchField=title&searchFieldContent=%E4%B8%AD%E5%8D%8E%E4%B9%A6%E5%B1%80')).toMatchObject({
      field: 'title',
      text: '中华书局',
      matchMode: '2',
    });
  });

  it('falls back to defaults for invalid values instead of failing', () => {
    const state = parse(
      'searchField=nope&matchMode=9&page=-2&rows=7&sortField=x&sortClause=up&publishBegin=abc&item=%5B1%5D&item=notjson',
    );
    expect(state).toEqual(EMPTY_SEARCH);
    expect(parse('page=0').page).toBe(1);
    expect(parse('rows=50').pageSize).toBe(50);
  });

  it('drops empty and repeated facet keys', () => {
    expect(parse('docCode=1&docCode=&docCode=1&docCode=2').filters).toEqual({ docCode: ['1', '2'] });
  });

  it('gives an advanced row without operator AND, and ignores one on the first row', () => {
    const rows = parse(
      `item=${encodeURIComponent('["OR","title","2","a"]')}&item=${encodeURIComponent('[null,"author","2","b"]')}`,
    ).rows;
    expect(rows.map((r) => r.oper)).toEqual([null, 'AND']);
  });
});

describe('changing a search', () => {
  it('goes back to page 1 when the results change, not when only the page does', () => {
    const onPage3 = { ...EMPTY_SEARCH, text: 'x', page: 3 };
    expect(updateSearch(onPage3, { page: 4 }).page).toBe(4);
    expect(updateSearch(onPage3, { sort: 'title' }).page).toBe(1);
    expect(setFilter(onPage3, 'docCode', ['1']).page).toBe(1);
  });

  it('removes a dimension whose keys are all unchosen', () => {
    const state = setFilter(setFilter(EMPTY_SEARCH, 'langCode', ['chi']), 'langCode', []);
    expect(state.filters).toEqual({});
  });

  it('clears filters and terms searched within, keeping the query', () => {
    const cleared = clearFilters(FULL);
    expect(cleared).toMatchObject({ text: FULL.text, filters: {}, yearFrom: null, within: [], onlyOnShelf: false });
  });

  it('starts a new search keeping sort and page size only', () => {
    expect(newSearch(FULL, 'author', '老舍', '2')).toEqual({
      ...EMPTY_SEARCH,
      field: 'author',
      text: '老舍',
      sort: 'publishYear',
      order: 'desc',
      pageSize: 20,
    });
  });

  it('knows when there is nothing to search', () => {
    expect(isRunnable(EMPTY_SEARCH)).toBe(false);
    expect(isRunnable({ ...EMPTY_SEARCH, text: '  ' })).toBe(false);
    expect(isRunnable(setFilter(EMPTY_SEARCH, 'kindNo', ['I']))).toBe(true);
  });
});

describe('the request sent to the server', () => {
  it('sends the whole template of a simple search', () => {
    const { kind, body } = toSearchRequest({ ...FULL, within: [] });
    expect(kind).toBe('search');
    expect(body).toMatchObject({
      searchField: 'title',
      searchFieldContent: FULL.text.trim(),
      matchMode: '1',
      docCode: ['1', '2'],
      langCode: [],
      publishBegin: '1990',
      publishEnd: '2020',
      onlyOnShelf: '1',
      sortField: 'publishYear',
      sortClause: 'desc',
      page: 3,
      rows: 20,
      searchItems: null,
    });
  });

  it('uses twiceSearch for terms searched within the results', () => {
    const { kind, body } = toSearchRequest(FULL);
    expect(kind).toBe('twiceSearch');
    expect(body).toMatchObject({ twiceSearchFieldContent: '历史 明代', searchFieldContent: FULL.text.trim() });
  });

  it('uses advancedSearch when rows hold text, leaving out empty rows', () => {
    const { kind, body } = toSearchRequest({
      ...EMPTY_SEARCH,
      rows: [
        { oper: null, field: 'title', matchMode: '2', text: ' ' },
        { oper: 'NOT', field: 'author', matchMode: '1', text: '老舍' },
        { oper: 'OR', field: 'title', matchMode: '2', text: '骆驼祥子' },
      ],
    });
    expect(kind).toBe('advancedSearch');
    expect(body.searchItems).toEqual([
      { oper: null, searchField: 'author', matchMode: '1', searchFieldContent: '老舍' },
      { oper: 'OR', searchField: 'title', matchMode: '2', searchFieldContent: '骆驼祥子' },
    ]);
  });

  it('puts a reversed year range the right way round', () => {
    const { body } = toSearchRequest({ ...EMPTY_SEARCH, text: 'x', yearFrom: 2020, yearTo: 1990 });
    expect(body).toMatchObject({ publishBegin: '1990', publishEnd: '2020' });
  });
});

describe('the results page asks for the page and the facets in two calls', () => {
  const state = parseSearchParams(
    new URLSearchParams('searchFieldContent=红楼梦&docCode=1&sortField=publishYear&sortClause=desc&page=3&rows=20'),
  );

  it('asks for the page without facets, with its page, size and sort', () => {
    const { kind, body } = searchPageRequest(state);
    expect(kind).toBe('search');
    expect(body).toMatchObject({ facet: '0', page: 3, rows: 20, sortField: 'publishYear', sortClause: 'desc' });
    expect(body.docCode).toEqual(['1']);
  });

  it('asks for the facets alone, the same for every page and sort of one search', () => {
    const { body } = searchFacetRequest(state);
    expect(body).toMatchObject({ facet: 'only', searchFieldContent: '红楼梦', docCode: ['1'] });
    const other = parseSearchParams(new URLSearchParams('searchFieldContent=红楼梦&docCode=1&sortField=title&page=7'));
    expect(searchFacetRequest(other).body).toEqual(body);
  });
});
