import { describe, expect, it } from 'vitest';
import { buildSearchUrl, DEFAULT_SEARCH_FIELD, SEARCH_SCOPES } from './search-scopes';

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
});
