import { describe, expect, it } from 'vitest';
import { parseSearchParams } from '../search-state';
import { facetRequest, pageRequest } from './search';

describe('the results page asks for the page and the facets in two calls', () => {
  const state = parseSearchParams(
    new URLSearchParams('searchFieldContent=红楼梦&docCode=1&sortField=publishYear&sortClause=desc&page=3&rows=20'),
  );

  it('asks for the page without facets, with its page, size and sort', () => {
    const { kind, body } = pageRequest(state);
    expect(kind).toBe('search');
    expect(body).toMatchObject({ facet: '0', page: 3, rows: 20, sortField: 'publishYear', sortClause: 'desc' });
    expect(body.docCode).toEqual(['1']);
  });

  it('asks for the facets alone, the same for every page and sort of one search', () => {
    const { body } = facetRequest(state);
    expect(body).toMatchObject({ facet: 'only', searchFieldContent: '红楼梦', docCode: ['1'] });
    const other = parseSearchParams(new URLSearchParams('searchFieldContent=红楼梦&docCode=1&sortField=title&page=7'));
    expect(facetRequest(other).body).toEqual(body);
  });
});
