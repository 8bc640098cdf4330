import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchRequest, type SearchResponse } from '@openfind/contract';
import { SearchService } from '../src/modules/search/search-service.js';
import { createTestApp, type TestApp } from './helpers.js';
import { TEMPLATE, rec, search, storeTestRecords, titles } from './search-fixtures.js';
import { makeTenant, type MadeTenant } from './support/factories.js';

// Free-text facet values written in Traditional and Simplified (or with other case and spacing)
// are one value to a reader: one facet entry, and a filter on either form finds both records.
let t: TestApp;
let tenant: MadeTenant;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  tenant = await makeTenant(t);
  await storeTestRecords(t, tenant, [
    rec('a', { title: '史记选注 甲', publisher: '中華書局', authors: ['司馬遷'], subjects: ['中國歷史'] }),
    rec('b', { title: '史记选注 乙', publisher: '中华书局', authors: ['司马迁'], subjects: ['中国历史'] }),
    rec('c', {
      title: '史记选注 丙',
      publisher: 'Zhonghua Book Company',
      authors: ['Sima, Qian'],
      subjects: ['History'],
    }),
    rec('d', {
      title: '史记选注 丁',
      publisher: 'ZHONGHUA  book company.',
      authors: ['SIMA Qian'],
      subjects: ['history'],
    }),
  ]);
});
afterAll(async () => t?.close());

/** Searches through a search service without the facet store: facets and filters in SQL only. */
async function searchInSql(body: Record<string, unknown>): Promise<SearchResponse> {
  const s = t.services;
  const service = new SearchService(
    t.db.kysely,
    { dictionaries: s.dictionaries, vocabulary: s.vocabulary, popular: s.popularSearches, history: s.searchHistory },
    { cacheMs: 0 },
  );
  const ctx = { tenantId: tenant.id, lang: 'zh-CN' as const, readerId: null, client: 'test' };
  return service.search(ctx, 'search', SearchRequest.parse({ ...TEMPLATE, ...body }));
}

describe.each([
  ['a text search (facets in memory)', { searchFieldContent: '史记选注' }, false],
  ['browsing (facets in memory)', { searchFieldContent: '', langCode: ['chi'] }, false],
  ['a text search (facets in SQL)', { searchFieldContent: '史记选注' }, true],
  ['browsing (facets in SQL)', { searchFieldContent: '', langCode: ['chi'] }, true],
])('free-text facets in %s', (_, base, inSql) => {
  const find = (body: Record<string, unknown>) => (inSql ? searchInSql(body) : search(t, body, { tenant }));
  it('count the forms of one value together', async () => {
    const { facetResult } = await find(base);
    expect(Object.values(facetResult.publisher ?? {}).sort()).toEqual([2, 2]);
    expect(Object.values(facetResult.author ?? {}).sort()).toEqual([2, 2]);
    expect(Object.values(facetResult.subject ?? {}).sort()).toEqual([2, 2]);
  });

  it('filter on any form and find every form', async () => {
    const both = ['史记选注 乙', '史记选注 甲'];
    for (const publisher of ['中華書局', '中华书局']) {
      expect(titles(await find({ ...base, publisher: [publisher] })).sort()).toEqual(both);
    }
    expect(titles(await find({ ...base, author: ['司马迁'] })).sort()).toEqual(both);
    expect(titles(await find({ ...base, subject: ['中國歷史'] })).sort()).toEqual(both);
    expect(titles(await find({ ...base, subject: ['HISTORY'] })).sort()).toEqual(['史记选注 丁', '史记选注 丙']);
    expect(titles(await find({ ...base, publisher: ['中華書局', 'zhonghua book company'] }))).toHaveLength(4);
  });
});
