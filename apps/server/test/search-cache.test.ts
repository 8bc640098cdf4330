import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SearchRequest } from '@openfind/contract';
import { sql } from 'kysely';
import { FacetStore, smallest } from '../src/modules/search/engine/facet-store.js';
import { facetLoader } from '../src/modules/search/facet-repository.js';
import { ResultCache } from '../src/modules/search/result-cache.js';
import { SearchService } from '../src/modules/search/search-service.js';
import { createTestApp, type TestApp } from './helpers.js';
import { TEMPLATE, copy, rec, storeTestRecords, titles } from './search-fixtures.js';
import { makeTenant, type MadeTenant } from './support/factories.js';

/** What a search service needs besides the database and the facet store, from a test app. */
const searchDeps = (t: TestApp) => ({
  dictionaries: t.services.dictionaries,
  vocabulary: t.services.vocabulary,
  popular: t.services.popularSearches,
  history: t.services.searchHistory,
});

describe('the result cache', () => {
  it('expires, evicts the least recently used and the heaviest, and renews stale entries in the background', async () => {
    vi.useFakeTimers();
    try {
      const cache = new ResultCache<number[]>(1000, 2, { maxWeight: 10, weigh: (v) => v.length });
      let loads = 0;
      const load = (v: number[]) => () => {
        loads++;
        return Promise.resolve(v);
      };
      expect(await cache.get('a', load([1]))).toEqual([1]);
      expect(await cache.get('a', load([2]))).toEqual([1]);
      await cache.get('b', load([1]));
      await cache.get('c', load([1]));
      expect(cache.peek('a')).toBeUndefined(); // more than two entries: the oldest went
      await cache.get('d', load(Array(10).fill(0)));
      await Promise.resolve();
      expect(cache.peek('c')).toBeUndefined(); // too heavy together
      vi.advanceTimersByTime(1500);
      expect(await cache.get('d', load([7]))).toHaveLength(10); // stale: answered, renewed behind
      await Promise.resolve();
      await Promise.resolve();
      expect(await cache.get('d', load([8]))).toEqual([7]);
      vi.advanceTimersByTime(5000);
      expect(await cache.get('d', load([9]))).toEqual([9]); // too old to answer
      // Kept entries do not expire; clear() removes them.
      await cache.keep('k', load([3]));
      vi.advanceTimersByTime(60_000);
      expect(await cache.get('k', load([4]))).toEqual([3]);
      cache.clear('k');
      expect(await cache.get('k', load([5]))).toEqual([5]);
      expect(loads).toBe(8);
      const off = new ResultCache<number>(0, 10);
      await off.get('x', () => Promise.resolve(1));
      expect(off.peek('x')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a search service with its caches on', () => {
  let t: TestApp;
  /** Holds the thirty lectures and nothing else; no test changes it (those that do make their own). */
  let tenant: MadeTenant;

  /**
   * A new institution with the demo libraries and thirty lectures 数据结构教程第0讲…第29讲, two authors,
   * two classes, a year each, three in four with a copy (in OFU or OFU-MED).
   */
  async function lecturesTenant(): Promise<MadeTenant> {
    const made = await makeTenant(t, { libraries: 'demo' });
    await storeTestRecords(
      t,
      made,
      Array.from({ length: 30 }, (_, i) =>
        rec(`r${i}`, {
          title: `数据结构教程第${i}讲`,
          authors: [i % 2 ? '王伟' : '李娜'],
          clcClasses: [i % 3 ? 'TP311' : 'O1'],
          publishYear: String(1990 + i),
          publishYearInt: 1990 + i,
          items: i % 4 ? [copy({ libCode: i % 2 ? 'OFU' : 'OFU-MED' })] : [],
        }),
      ),
    );
    return made;
  }

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    tenant = await lecturesTenant();
  });
  afterAll(async () => t?.close());

  it('pages and refines from the cached ranking with the same answers as without caches', async () => {
    const tenantId = tenant.id;
    const deps = searchDeps(t);
    const cached = new SearchService(
      t.db.kysely,
      { ...deps, facetStore: new FacetStore(facetLoader(t.db.kysely), 60_000) },
      { cacheMs: 60_000 },
    );
    const plain = new SearchService(t.db.kysely, deps, { cacheMs: 0 });
    const ctx = { tenantId, lang: 'zh-CN' as const, readerId: null, client: 'test' };
    await cached.search(ctx, 'search', SearchRequest.parse({ ...TEMPLATE, searchFieldContent: '数据结构' }));
    await new Promise((r) => setTimeout(r, 300)); // the facet store loads in the background
    for (const body of [
      { searchFieldContent: '数据结构' },
      { searchFieldContent: '数据结构', page: 2, rows: 7 },
      { searchFieldContent: '数据结构', author: ['王伟'] },
      { searchFieldContent: '数据结构', author: ['王伟'], libCode: ['OFU'], page: 2, rows: 3 },
      { searchFieldContent: '数据结构', sortField: 'publishYear', sortClause: 'asc', kindNo: ['TP'] },
      { searchFieldContent: '数据结构', facet: 'only' },
      { kindNo: ['O'], sortField: 'publishYear', sortClause: 'desc' },
      // Browsing: one filter (its own dimension counted over the whole catalogue), two, a range.
      { libCode: ['OFU'], sortField: 'inDate', sortClause: 'desc', rows: 20 },
      { author: ['王伟'], rows: 50 },
      { kindNo: ['TP'], libCode: ['OFU-MED'] },
      { kindNo: ['TP'], publishBegin: '2000' },
      { kindNo: ['TP'], sortField: 'avgScore', sortClause: 'desc' }, // sorted by SQL, counted in memory
    ]) {
      const req = SearchRequest.parse({ ...TEMPLATE, ...body });
      for (let round = 0; round < 2; round++) {
        const a = await cached.search(ctx, 'search', req);
        const b = await plain.search(ctx, 'search', req);
        expect(titles(a), JSON.stringify(body)).toEqual(titles(b));
        expect(a.numFound).toBe(b.numFound);
        expect(a.facetResult).toEqual(b.facetResult);
      }
    }
  });

  /** A search service of its own that warms every common word (a 50 ms result cache, facets from memory). */
  const warmingService = (opts: { rewarmMs?: number } = {}) =>
    new SearchService(
      t.db.kysely,
      {
        ...searchDeps(t),
        facetStore: new FacetStore(facetLoader(t.db.kysely), 60_000),
      },
      { cacheMs: 50, warmMinMatches: 1, ...opts },
    );

  it('ranks the commonest words ahead at warm-up and keeps them until the catalogue changes', async () => {
    const own = await lecturesTenant(); // a record is added below
    const tenantId = own.id;
    await t.db.kysely.executeQuery(sql`ANALYZE bib_record`.compile(t.db.kysely));
    const service = warmingService();
    try {
      await service.warmUp([tenantId]);
      // A record stored behind the service's back (no change announced to it): the warmed search
      // answers from memory, well past the cache's lifetime, until the change is announced.
      await storeTestRecords(t, own, [rec('late', { title: '数据结构补编' })]);
      await new Promise((r) => setTimeout(r, 200));
      const ctx = { tenantId, lang: 'zh-CN' as const, readerId: null, client: 'test' };
      const req = SearchRequest.parse({ ...TEMPLATE, searchFieldContent: '数据结构' });
      expect((await service.search(ctx, 'search', req)).numFound).toBe(30);
      service.catalogueChanged(tenantId);
      expect((await service.search(ctx, 'search', req)).numFound).toBe(31);
      // A word that is not common is not warmed: it is ranked when asked.
      expect(
        (await service.search(ctx, 'search', SearchRequest.parse({ ...TEMPLATE, searchFieldContent: '补编' })))
          .numFound,
      ).toBe(1);
    } finally {
      await service.close();
    }
  });

  it('reads the common words again before it re-warms after a change', async () => {
    const own = await lecturesTenant(); // records are added below
    const tenantId = own.id;
    const analyze = () => t.db.kysely.executeQuery(sql`ANALYZE bib_record`.compile(t.db.kysely));
    await analyze();
    const service = warmingService({ rewarmMs: 50 });
    try {
      await service.warmUp([tenantId]);
      // An import makes a new word common; once the catalogue is quiet, the searches are warmed again.
      await storeTestRecords(
        t,
        own,
        Array.from({ length: 10 }, (_, i) => rec(`quark${i}`, { title: `Zyxquark studies ${i}` })),
      );
      await analyze();
      service.catalogueChanged(tenantId);
      await new Promise((r) => setTimeout(r, 150));
      await service.whenRewarmed();
      // Stored behind the service's back: the new word was warmed, so its search answers from memory.
      await storeTestRecords(t, own, [rec('quark-late', { title: 'Zyxquark addenda' })]);
      await new Promise((r) => setTimeout(r, 200));
      const ctx = { tenantId, lang: 'zh-CN' as const, readerId: null, client: 'test' };
      const req = SearchRequest.parse({ ...TEMPLATE, searchFieldContent: 'zyxquark' });
      expect((await service.search(ctx, 'search', req)).numFound).toBe(10);
    } finally {
      await service.close();
    }
  });
});

describe('sorting by title, author and call number in memory', () => {
  let t: TestApp;
  let tenant: MadeTenant;
  let ids: Map<string, number>;
  const words = ['算法', '数据', 'Zebra', 'apple', '红楼梦', '中華'];
  const record = (i: number, title = `教程 ${words[i % 6]}`) =>
    rec(`s${i}`, {
      // Every title twice (ties fall back to the newest record first), some records without an
      // author or a call number (they come last either way).
      title,
      author: i % 5 ? ['王伟', '李娜', 'Smith, John', '(清)曹雪芹著'][i % 4] : undefined,
      authors: i % 5 ? [['王伟', '李娜', 'Smith, John', '曹雪芹'][i % 4]!] : [],
      // Some numbers longer than the database indexes of them (32 characters), found all the same.
      callNumbers:
        i % 4 ? [`TP${(i * 7) % 10}/${i}`, ...(i % 7 ? [] : [`MICROFORM SET ${i % 2} LOCAL COLLECTION/${i}`])] : [],
      // Some copies with call numbers of their own (typed in lower case), which searches find too.
      items: i % 3 ? [] : [copy({ barcode: `CN${i}`, callNo: `i24${i % 2}.${i}` })],
      // Class numbers and years for searches by class number (latest first, years within 1950–2050).
      clcClasses: [['TP311.1'], ['TP3', 'I247.5'], ['I247.5'], ['tp312']][i % 4]!,
      publishYearInt: [undefined, 1900, 1980, 1980, 2100, 2020][i % 6],
    });
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    tenant = await makeTenant(t, { libraries: 'demo' });
    ids = await storeTestRecords(
      t,
      tenant,
      Array.from({ length: 24 }, (_, i) => record(i)),
    );
  });
  afterAll(async () => t?.close());

  const service = (facetStore?: FacetStore) =>
    new SearchService(
      t.db.kysely,
      {
        ...searchDeps(t),
        ...(facetStore ? { facetStore } : {}),
      },
      { cacheMs: facetStore ? 60_000 : 0 },
    );
  const orders = [
    ...['title', 'author', 'callNo'].flatMap((sortField) =>
      ['asc', 'desc'].map((sortClause) => ({ searchFieldContent: '教程', sortField, sortClause })),
    ),
    { docCode: ['1'], sortField: 'title', sortClause: 'asc' }, // browsing
    { docCode: ['1'], sortField: 'callNo', sortClause: 'desc', rows: 3 }, // the first few of many
    { searchFieldContent: '教程', sortField: 'author', sortClause: 'asc', page: 2, rows: 5 },
    // Searches by class number: found and ordered in memory.
    { searchField: 'kindNo', searchFieldContent: 'TP3' },
    { searchField: 'kindNo', searchFieldContent: 'tp31 I24', matchMode: '2' },
    { searchField: 'kindNo', searchFieldContent: 'TP3', matchMode: '1', libCode: ['OFU'] },
    { searchField: 'kindNo', searchFieldContent: 'I247.5', sortField: 'title', sortClause: 'desc' },
    // Searches by call number, the record's and its copies': found and ordered in memory.
    { searchField: 'callNo', searchFieldContent: 'TP3' },
    { searchField: 'callNo', searchFieldContent: 'tp0 I241' },
    { searchField: 'callNo', searchFieldContent: 'i24', matchMode: '3', libCode: ['OFU'] },
    { searchField: 'callNo', searchFieldContent: 'TP1/3', matchMode: '1' },
    { searchField: 'callNo', searchFieldContent: 'I240.6', matchMode: '1' },
    { searchField: 'callNo', searchFieldContent: 'TP', matchMode: '1' },
    { searchField: 'callNo', searchFieldContent: '/3', matchMode: '4' }, // suffix: SQL on both sides
    { searchField: 'callNo', searchFieldContent: 'microform set 1 local collection/' }, // past 32 characters
    { searchField: 'callNo', searchFieldContent: 'MICROFORM SET 0 LOCAL COLLECTION/14', matchMode: '1' },
    { searchField: 'callNo', searchFieldContent: 'TP', sortField: 'publishYear', sortClause: 'desc' },
  ];

  /** Every order through `memory` and through SQL alone: the same records in the same order. */
  async function sameAsSql(memory: SearchService, note: string): Promise<void> {
    const sqlOnly = service();
    const tenantId = tenant.id;
    const ctx = { tenantId, lang: 'zh-CN' as const, readerId: null, client: 'test' };
    for (const body of orders) {
      const req = SearchRequest.parse({ ...TEMPLATE, rows: 30, ...body });
      const [a, b] = [await memory.search(ctx, 'search', req), await sqlOnly.search(ctx, 'search', req)];
      expect(
        a.searchResult.map((r) => r.recordId),
        `${note} ${JSON.stringify(body)}`,
      ).toEqual(b.searchResult.map((r) => r.recordId));
      expect(a.numFound).toBe(b.numFound);
      expect(a.facetResult, `${note} ${JSON.stringify(body)}`).toEqual(b.facetResult);
    }
  }

  it('gives the order SQL gives, and SQL sorts while a changed sort key is not placed yet', async () => {
    const tenantId = tenant.id;
    const store = new FacetStore(facetLoader(t.db.kysely), 60_000);
    await store.prepare(tenantId);
    const facets = (await store.get(tenantId))!;
    expect(['title', 'author', 'callNo'].map((s) => facets.canSort(s))).toEqual([true, true, true]);
    // Copies' call numbers are found in memory, whatever case they were typed in (every third record has one).
    expect(facets.byCode('call', ['I24'], false)).toHaveLength(8);
    expect(Array.from(facets.byCode('call', ['I241.3'], true))).toEqual([ids.get('s3')]);
    // Numbers longer than the database's prefix index are found (and SQL finds the same: below).
    expect(facets.byCode('call', ['MICROFORM SET 1 LOCAL COLLECTION/'], false).length).toBeGreaterThan(1);
    await sameAsSql(service(store), 'placed');

    // A title changes: the store sees it at its next refresh and leaves title sorts to SQL until it
    // places the records again (at most every two minutes outside tests).
    await storeTestRecords(t, tenant, [record(3, '教程 阿')]);
    store.markStale(tenantId);
    await store.get(tenantId);
    await vi.waitFor(() => expect(facets.placesFresh).toBe(false));
    expect(facets.canSort('title')).toBe(false);
    expect(facets.canSort('publishYear')).toBe(true);
    await sameAsSql(service(store), 'stale');

    // A store that refreshes before every use places them again at once.
    const eager = new FacetStore(facetLoader(t.db.kysely), 0);
    await sameAsSql(service(eager), 'eager');
    const added = await storeTestRecords(t, tenant, [record(3, 'Aaa 教程'), record(30, '教程 新')]);
    await sameAsSql(service(eager), 'eager, after a change');
    // Records stored after the call numbers were sorted are found too.
    expect(Array.from((await eager.get(tenantId))!.byCode('call', ['I240.30'], true))).toEqual([added.get('s30')]);
    expect((await eager.get(tenantId))!.canSort('title')).toBe(true);
    expect(ids.size).toBe(24);
  });
});

describe('the smallest sort keys', () => {
  it('are the first k of the whole sorted list, whatever k and the input size', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const [n, k] of [
      [0, 5],
      [3, 5],
      [20, 5],
      [1000, 1],
      [1000, 37],
      [5000, 500],
    ] as const) {
      const keys = Float64Array.from(
        { length: n },
        () => Math.floor(random() * 50) * 2 ** 31 + Math.floor(random() * 1e6),
      );
      const expected = Array.from(Float64Array.from(keys).sort().subarray(0, k));
      expect(Array.from(smallest(Float64Array.from(keys), k)), `${n}/${k}`).toEqual(expected);
    }
  });
});
