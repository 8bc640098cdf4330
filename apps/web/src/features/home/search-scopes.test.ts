import { describe, expect, it } from 'vitest';
import { MATCH_MODES, SEARCH_FIELDS } from '@openfind/contract';
import { buildSearchUrl, DEFAULT_SEARCH_FIELD, MATCH_MODE_OPTIONS, SEARCH_SCOPES } from './search-scopes';

describe('home search', () => {
  it('offers the 18 scopes of the spec, all fields first', () => {
    expect(SEARCH_SCOPES).toHaveLength(18);
    expect(SEARCH_SCOPES[0]?.field).toBe(DEFAULT_SEARCH_FIELD);
    expect(new Set(SEARCH_SCOPES.map((s) => s.field)).size).toBe(18);
  });

  it('keeps the query in the results URL', () => {
    expect(buildSearchUrl('title', ' 中华书局 ')).toBe(
      '/searchList?searchField=title&searchFieldContent=%E4%B8%AD%E5%8D%8E%E4%B9%A6%E5%B1%80',
    );
    expect(new URLSearchParams(buildSearchUrl('author', 'a&b=c').split('?')[1]).get('searchFieldContent')).toBe(
      'a&b=c',
    );
  });

  it('sends only scopes and match modes the search API knows', () => {
    for (const scope of SEARCH_SCOPES) expect(SEARCH_FIELDS).toContain(scope.field);
    expect([...MATCH_MODE_OPTIONS].sort()).toEqual([...MATCH_MODES]);
  });

  it('adds the match mode to the URL unless it is the default', () => {
    expect(buildSearchUrl('title', 'x', '2')).toBe('/searchList?searchField=title&searchFieldContent=x');
    expect(buildSearchUrl('title', 'x', '1')).toBe('/searchList?searchField=title&searchFieldContent=x&matchMode=1');
  });
});
