import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchRequestInput } from '@openfind/contract';
import { ApiPath, SearchRequest } from '@openfind/contract';
import { Classification } from '../src/modules/search/classification.js';
import { sql } from 'kysely';
import { facetLoader } from '../src/modules/search/facet-repository.js';
import { findChangedTimes } from '../src/modules/search/mirror-repository.js';
import { FacetStore } from '../src/modules/search/engine/facet-store.js';
import { SearchService } from '../src/modules/search/search-service.js';
import { compile } from '../src/modules/search/search-sql.js';
import { SearchVocabulary } from '../src/modules/search/search-vocabulary.js';
import { planSearch } from '../src/modules/search/search-query.js';
import { t as text } from '../src/http/messages.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { TEMPLATE, copy, rec, search, storeTestRecords, titles } from './search-fixtures.js';
import { makeRecord, makeTenant, type MadeTenant } from './support/factories.js';

/**
 * The search services around the result list (highlighting, suggestions, did-you-mean, popular
 * searches, history, the class tree, holdings counts, related records), bad input, and the facet
 * and class counts of memory and SQL agreeing. One institution with the demo institution's libraries
 * holds `catalogue()`, which no test changes; tests that change a catalogue make an institution of
 * their own.
 */
let t: TestApp;
let tenant: MadeTenant;
let ids: Map<string, number>;

/** A new institution with the demo libraries, holding `catalogue()`; its record ids by key. */
async function catalogueTenant(): Promise<{ tenant: MadeTenant; ids: Map<string, number> }> {
  const made = await makeTenant(t, { libraries: 'demo' });
  return { tenant: made, ids: await storeTestRecords(t, made, catalogue()) };
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  ({ tenant, ids } = await catalogueTenant());
});
afterAll(async () => t?.close());

/** Seven records: three classics (红楼梦 with three copies), two computing books in English, one full of markup. */
function catalogue() {
  return [
    rec('hlm', {
      title: '红楼梦',
      author: '(清)曹雪芹著',
      authors: ['曹雪芹'],
      publisher: '人民文学出版社',
      clcClasses: ['I242.47'],
      subjects: ['章回小说', '清代'],
      publishYear: '1982',
      publishYearInt: 1982,
      items: [copy(), copy({ processTypeCode: '412' }), copy({ circAttr: '1' })],
    }),
    rec('hlm2', {
      title: '红楼梦（校注本）',
      author: '曹雪芹著',
      authors: ['曹雪芹'],
      clcClasses: ['I242.47'],
      subjects: ['章回小说'],
      items: [copy({ libCode: 'OFU-MED', campusId: '3', locationId: '301', curLocationId: '301' })],
    }),
    rec('sgyy', {
      title: '三国演义',
      author: '罗贯中著',
      authors: ['罗贯中'],
      clcClasses: ['I242.43'],
      subjects: ['章回小说', '明代'],
      items: [copy({ processTypeCode: '412' })],
    }),
    rec('xyj', { title: '西游记', authors: ['吴承恩'], clcClasses: ['I242.43'], subjects: ['神魔小说'] }),
    rec('algo', {
      title: 'Introduction to Algorithms',
      authors: ['Cormen, Thomas H.'],
      clcClasses: ['TP301.6'],
      subjects: ['Computer algorithms'],
      langCode: 'eng',
      countryCode: 'US',
      docCode: '1',
      links: [{ url: 'https://example.org/a' }],
    }),
    rec('db', {
      title: 'Database System Concepts',
      authors: ['Silberschatz, Abraham'],
      clcClasses: ['TP311.13'],
      subjects: ['Database management', 'Computer algorithms'],
      langCode: 'eng',
      countryCode: 'US',
    }),
    rec('xss', {
      title: '<script>alert(1)</script> 红楼梦 & "friends"',
      authors: ['Mallory'],
      abstract: "<img src=x onerror=alert(1)> 红楼梦's abstract",
      clcClasses: ['Z'],
    }),
  ];
}

/** A search of the test institution, in the real template plus `body`. */
const find = (body: Record<string, unknown>) => search(t, body, { tenant });

/** A GET of the test institution, answered 200. */
const get = async <T>(url: string, query: Record<string, string>, lang?: 'en_US') => {
  const res = await t.call({ url, query, mappingPath: tenant.mappingPath, lang });
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf<T>(res);
};

describe('highlighting is safe', () => {
  it('escapes every character of record data outside <em>', async () => {
    const data = await find({ searchFieldContent: '红楼梦' });
    const hl = data.hlResult![String(ids.get('xss'))]!;
    expect(hl.title).toEqual(['&lt;script&gt;alert(1)&lt;/script&gt; <em>红楼梦</em> &amp; &quot;friends&quot;']);
    expect(hl.adstract).toEqual(['&lt;img src=x onerror=alert(1)&gt; <em>红楼梦</em>&#39;s abstract']);
    expect(JSON.stringify(data.hlResult)).not.toMatch(/<(script|img)/);
  });
});

describe('tenants', () => {
  it('never shows one institution the records of another', async () => {
    const other = await makeTenant(t, { libraries: 'demo' });
    const res = await t.call({
      url: ApiPath.search,
      mappingPath: other.mappingPath,
      body: { ...TEMPLATE, searchFieldContent: '红楼梦' },
    });
    expect(envelopeOf<{ numFound: number }>(res).data.numFound).toBe(0);
    const otherWords = await t.call({
      url: ApiPath.getKeyWord,
      mappingPath: other.mappingPath,
      query: { keyWord: '红楼' },
    });
    expect(envelopeOf(otherWords).data).toEqual([]);
  });
});

describe('did you mean', () => {
  it('corrects misspelled Latin words from the titles and authors', async () => {
    const env = await get<{ spellWord: string | null; suggestions: string[] }>(ApiPath.spellKeyWord, {
      keyWord: 'databse systm',
    });
    expect(env.data.spellWord).toBe('database system');
    const ok = await get<{ spellWord: string | null }>(ApiPath.spellKeyWord, { keyWord: 'algorithms' });
    expect(ok.data.spellWord).toBeNull();
  });

  it('offers near-miss Chinese titles', async () => {
    const env = await get<{ spellWord: string | null; suggestions: string[] }>(ApiPath.spellKeyWord, {
      keyWord: '红楼孟',
    });
    expect(env.data.suggestions).toContain('红楼梦');
  });

  it('puts suggestions on a search that finds nothing', async () => {
    const data = await find({ searchFieldContent: 'algoritms' });
    expect(data.numFound).toBe(0);
    expect(data.spellSuggestions).toContain('algorithms');
  });
});

describe('suggestions as you type', () => {
  const suggest = async (keyWord: string) =>
    (await get<Array<{ keyWord: string; kind: string; count: number }>>(ApiPath.getKeyWord, { keyWord })).data;

  it('completes titles and authors in Chinese', async () => {
    const list = await suggest('红楼');
    // Offered, and completed from the titles (a popular search of the same text, which other tests
    // may have made, takes the entry's place: one entry a text).
    expect(list.map((s) => s.keyWord)).toContain('红楼梦');
    expect(list.filter((s) => s.kind === 'title').map((s) => s.keyWord)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^红楼梦/)]),
    );
    expect((await suggest('曹')).map((s) => s.keyWord)).toContain('曹雪芹');
  });

  it('completes by pinyin and by initials, and folds Traditional', async () => {
    expect((await suggest('hongl')).map((s) => s.keyWord)).toContain('红楼梦');
    expect((await suggest('sgy')).map((s) => s.keyWord)).toContain('三国演义');
    expect((await suggest('紅樓')).map((s) => s.keyWord)).toContain('红楼梦');
    expect((await suggest('datab')).map((s) => s.keyWord)).toContain('Database System Concepts');
  });
});

describe('popular searches', () => {
  it('counts searches per tenant over a rolling window, repeats from one client once an hour', async () => {
    for (const q of ['三国演义', '三国演义', '西游记']) await find({ searchFieldContent: q });
    await t.call({ url: ApiPath.popularSearchAdd, mappingPath: tenant.mappingPath, query: { keyWord: '三国演义' } });
    await t.call({ url: ApiPath.popularSearchAdd, mappingPath: tenant.mappingPath, body: { keyWord: '西游记' } });
    await t.services.popularSearches.flush();
    const top = (await get<Array<{ keyWord: string; count: number }>>(ApiPath.popularSearchGet, { days: '7' })).data;
    expect(top).toEqual(
      expect.arrayContaining([
        { keyWord: '三国演义', count: 1 },
        { keyWord: '西游记', count: 1 },
      ]),
    );
    const ten = (await get<Array<{ keyWord: string }>>(ApiPath.popularSearchTopTen, {})).data;
    expect(ten.map((p) => p.keyWord)).toContain('三国演义');
    const other = await t.call({ url: ApiPath.popularSearchTopTen, mappingPath: (await makeTenant(t)).mappingPath });
    expect(envelopeOf(other).data).toEqual([]);
  });
});

describe('search history', () => {
  it('needs a logged-in reader: HTTP 401 with a translated message', async () => {
    for (const url of [ApiPath.searchHistory, ApiPath.updateSearchHistory]) {
      const res = await t.call({ url, mappingPath: tenant.mappingPath, lang: 'en_US', body: { page: 1, rows: 10 } });
      expect(res.statusCode).toBe(401);
      expect(envelopeOf(res)).toMatchObject({ success: false, errCode: 401, message: text('en-US', 'loginRequired') });
    }
    const zh = await t.call({ url: ApiPath.searchHistory, mappingPath: tenant.mappingPath, body: {} });
    expect(envelopeOf(zh).message).toBe(text('zh-CN', 'loginRequired'));
  });

  it('keeps, lists and clears a reader’s searches (service level until accounts exist)', async () => {
    const tenantId = tenant.id;
    const h = t.services.searchHistory;
    await h.record({ tenantId, readerId: 7, searchType: 'search', summary: '红楼梦', request: { q: 1 }, numFound: 2 });
    await h.record({
      tenantId,
      readerId: 7,
      searchType: 'advancedSearch',
      summary: 'a AND b',
      request: {},
      numFound: 0,
    });
    await h.record({ tenantId, readerId: 8, searchType: 'search', summary: 'other reader', request: {}, numFound: 1 });
    const list = await h.list(tenantId, 7, 1, 10);
    expect(list.totalCount).toBe(2);
    expect(list.list.map((e) => e.summary)).toEqual(['a AND b', '红楼梦']);
    expect(await h.remove(tenantId, 7, [list.list[0]!.id])).toBe(1);
    expect(await h.remove(tenantId, 7, null)).toBe(1);
    expect((await h.list(tenantId, 7, 1, 10)).totalCount).toBe(0);
    expect((await h.list(tenantId, 8, 1, 10)).totalCount).toBe(1);
  });
});

describe('class tree', () => {
  it('lists CLC classes with record counts, and the children of a class', async () => {
    const res = await t.call({ url: ApiPath.classificaList, mappingPath: tenant.mappingPath, body: {} });
    const tree =
      envelopeOf<Array<{ code: string; name: string; count: number; child: Array<{ code: string; count: number }> }>>(
        res,
      ).data;
    const lit = tree.find((n) => n.code === 'I')!;
    expect(lit).toMatchObject({ name: '文学', count: 4 });
    expect(lit.child.find((c) => c.code === 'I2')).toMatchObject({ count: 4 });
    expect(tree.find((n) => n.code === 'T')).toMatchObject({ count: 2 });
    const en = await t.call({
      url: ApiPath.classificaList,
      mappingPath: tenant.mappingPath,
      lang: 'en_US',
      body: { parentCode: 'T' },
    });
    const tp = envelopeOf<Array<{ code: string; name: string; count: number }>>(en).data.find((n) => n.code === 'TP')!;
    expect(tp).toMatchObject({ count: 2, name: 'Automation Technology and Computer Technology' });
  });
});

describe('holdings counts and related records', () => {
  it('counts copies for one record and for a batch', async () => {
    const one = await t.call({
      url: ApiPath.itemCounts,
      mappingPath: tenant.mappingPath,
      body: { recordId: ids.get('hlm'), title: '红楼梦', isbn: '' },
    });
    expect(envelopeOf(one).data).toEqual({
      recordId: ids.get('hlm'),
      pCount: 3,
      onShelfCount: 2,
      canBorrowCount: 1,
      eCount: 0,
      duxiuImageUrl: null,
    });
    const batch = await t.call({
      url: ApiPath.itemCounts,
      mappingPath: tenant.mappingPath,
      body: { items: [{ recordId: ids.get('hlm') }, { recordId: String(ids.get('sgyy')) }, { recordId: 999999 }] },
    });
    expect(envelopeOf(batch).data).toEqual({
      [String(ids.get('hlm'))]: { pCount: 3, onShelfCount: 2 },
      [String(ids.get('sgyy'))]: { pCount: 1, onShelfCount: 0 },
      '999999': { pCount: 0, onShelfCount: 0 },
    });
  });

  it('finds related records by subjects and class, without the record itself', async () => {
    const res = await t.call({
      url: ApiPath.searchForDetail,
      mappingPath: tenant.mappingPath,
      body: {
        excludeField: 'record_id',
        excludeFieldContent: String(ids.get('hlm')),
        subject: '章回小说;清代',
        kindNo: 'I242.47',
        rows: 5,
      },
    });
    const data = envelopeOf<{ numFound: number; searchResult: Array<{ title: string }> }>(res).data;
    expect(data.searchResult.map((r) => r.title)).toEqual(['红楼梦（校注本）', '三国演义', '西游记']);
    const byId = await t.call({
      url: ApiPath.searchForDetail,
      mappingPath: tenant.mappingPath,
      body: { excludeField: 'record_id', excludeFieldContent: ids.get('algo') },
    });
    expect(envelopeOf<{ searchResult: Array<{ title: string }> }>(byId).data.searchResult.map((r) => r.title)).toEqual([
      'Database System Concepts',
    ]);
  });
});

describe('facets in memory and in SQL agree', () => {
  it('gives the same counts both ways, with and without filters', async () => {
    // The catalogue changes below: an institution of its own.
    const { tenant: own } = await catalogueTenant();
    const tenantId = own.id;
    const deps = {
      dictionaries: t.services.dictionaries,
      vocabulary: t.services.vocabulary,
      popular: t.services.popularSearches,
      history: t.services.searchHistory,
    };
    const sqlOnly = new SearchService(t.db.kysely, deps, { cacheMs: 0 });
    const inMemory = new SearchService(
      t.db.kysely,
      { ...deps, facetStore: new FacetStore(facetLoader(t.db.kysely), 0) },
      { cacheMs: 0 },
    );
    const ctx = { tenantId, lang: 'zh-CN' as const, readerId: null, client: 'test' };
    const bodies: SearchRequestInput[] = [
      { searchFieldContent: '红楼梦' },
      { searchFieldContent: '章回小说', libCode: ['OFU'] },
      { searchFieldContent: '章回小说', libCode: ['OFU'], kindNo: ['I242.4'], resourceType: ['1'] },
      { kindNo: ['I', 'T'] },
      { kindNo: ['I'], publishBegin: '1980', onlyOnShelf: true },
      { searchFieldContent: '小说', publishBegin: '1980', publishEnd: '2000' },
      { searchFieldContent: '红楼梦', onlyOnShelf: true, libCode: ['OFU'] },
      { searchFieldContent: '红楼梦 研究', publishBegin: '1900', publishEnd: '1985' },
      { docCode: ['1'], langCode: ['eng'], subject: ['Computer algorithms'] },
      { searchFieldContent: '章回小说', sortField: 'publishYear', sortClause: 'desc' },
      { searchFieldContent: '小说', sortField: 'inDate', sortClause: 'asc', libCode: ['OFU'] },
      { kindNo: ['I', 'T'], sortField: 'inDate', sortClause: 'desc' },
      { kindNo: ['I', 'T'], sortField: 'loanCount', sortClause: 'desc' },
      { kindNo: ['I', 'T', 'Z'], sortField: 'avgScore' },
    ];
    const compareAll = async () => {
      for (const body of bodies) {
        const req = SearchRequest.parse({ ...TEMPLATE, ...body });
        const a = await sqlOnly.search(ctx, 'search', req);
        const b = await inMemory.search(ctx, 'search', req);
        expect(b.facetResult, JSON.stringify(body)).toEqual(a.facetResult);
        expect(b.numFound).toBe(a.numFound);
        expect(titles(b)).toEqual(titles(a));
      }
    };
    await compareAll();
    // Records stored after the store built its value postings: one moves to another library and
    // class, one is new. Browsing by a filter finds them by testing each changed record.
    await storeTestRecords(t, own, [
      rec('sgyy', {
        title: '三国演义',
        author: '罗贯中著',
        authors: ['罗贯中'],
        clcClasses: ['T242.43'],
        subjects: ['章回小说', '明代'],
        items: [copy({ libCode: 'OFU-MED', campusId: '3', locationId: '301', curLocationId: '301' })],
      }),
      rec('new-novel', { title: '小说新编', clcClasses: ['I247.5'], subjects: ['章回小说'], items: [copy()] }),
    ]);
    await compareAll();
  });
});

describe('facet values in memory follow the catalogue', () => {
  it('takes in a record changed after the load, and only what changed', async () => {
    // An institution of its own with one record, which the test changes.
    const own = await makeTenant(t);
    await makeRecord(t, own.id, { title: '变更测试', publisher: '原出版社' });
    const tenantId = own.id;
    const store = new FacetStore(facetLoader(t.db.kysely), 0);
    const publishers = async () => {
      const facets = (await store.get(tenantId))!;
      return new Map(
        facets
          .count(null, planSearch(SearchRequest.parse({ ...TEMPLATE, searchFieldContent: 'x' }), null).filters, 100)
          .filter((f) => f.dim === 'publisher')
          .map((f) => [f.key, f.count]),
      );
    };
    expect((await publishers()).get('变更测试出版社')).toBeUndefined();
    const { rows } = await sql<{ record_id: number }>`
      UPDATE bib_record SET publisher = '变更测试出版社', updated_at = now()
      WHERE record_id = (SELECT min(record_id) FROM bib_record WHERE tenant_id = ${tenantId})
      RETURNING record_id`.execute(t.db.kysely);
    expect(rows).toHaveLength(1);
    expect((await publishers()).get('变更测试出版社')).toBe(1);
    const changed = await findChangedTimes(t.db.kysely, tenantId, Date.now() - 60_000);
    expect(changed.map((c) => c.record_id)).toContain(rows[0]!.record_id);
    expect(await findChangedTimes(t.db.kysely, tenantId, Date.now() + 60_000)).toEqual([]);
  });
});

describe('class counts in memory and in SQL agree', () => {
  it('gives the same tree both ways', async () => {
    const tenantId = tenant.id;
    const inSql = new Classification(t.db.kysely, 0);
    const inMemory = new Classification(t.db.kysely, 0, new FacetStore(facetLoader(t.db.kysely), 0));
    for (const req of [
      { libCode: [], docCode: [] },
      { libCode: ['OFU-MED'], docCode: ['1'] },
    ]) {
      expect(await inMemory.tree(tenantId, 'zh-CN', req)).toEqual(await inSql.tree(tenantId, 'zh-CN', req));
    }
  });
});

describe('bad input gets a clear answer, never a 500', () => {
  const bad = async (body: unknown, lang: 'zh_CN' | 'en_US' = 'en_US', headers?: Record<string, string>) => {
    const res = await t.call({ url: ApiPath.search, mappingPath: tenant.mappingPath, lang, body, headers });
    expect(res.statusCode).not.toBe(500);
    return { status: res.statusCode, env: envelopeOf(res) };
  };

  it('an empty search', async () => {
    const r = await bad({ ...TEMPLATE });
    expect(r.env).toMatchObject({ success: false, errCode: 40101, message: text('en-US', 'searchQueryRequired') });
    expect((await bad({ ...TEMPLATE, searchFieldContent: '   ' }, 'zh_CN')).env.message).toBe(
      text('zh-CN', 'searchQueryRequired'),
    );
  });

  it('an unknown search field, sort field or operator', async () => {
    expect((await bad({ ...TEMPLATE, searchFieldContent: 'x', searchField: 'nope' })).env).toMatchObject({
      errCode: 40104,
      message: text('en-US', 'searchUnknownField', { field: 'nope' }),
    });
    expect((await bad({ ...TEMPLATE, searchFieldContent: 'x', sortField: 'price' })).env.errCode).toBe(40105);
    const items = [
      { oper: null, searchField: 'title', matchMode: '2', searchFieldContent: 'a' },
      { oper: 'XOR', searchField: 'title', matchMode: '2', searchFieldContent: 'b' },
    ];
    expect((await bad({ ...TEMPLATE, searchItems: items })).env.errCode).toBe(40106);
  });

  it('page 0, bad match mode, rows 0 (400 naming the field); rows 10000 is clamped', async () => {
    for (const [body, field] of [
      [{ page: 0 }, 'page'],
      [{ page: 'x' }, 'page'],
      [{ rows: 0 }, 'rows'],
      [{ matchMode: '9' }, 'matchMode'],
    ] as const) {
      const r = await bad({ ...TEMPLATE, searchFieldContent: '红楼梦', ...body });
      expect(r.status).toBe(400);
      expect(r.env.message).toContain(field);
    }
    const ok = await find({ searchFieldContent: '红楼梦', rows: 10000 });
    expect(ok.searchResult.length).toBe(ok.numFound);
  });

  it('deep pages beyond the first 10,000 results', async () => {
    const r = await bad({ ...TEMPLATE, searchFieldContent: '红楼梦', page: 501, rows: 20 });
    expect(r.env).toMatchObject({
      success: false,
      errCode: 40103,
      message: text('en-US', 'searchDeepPaging', { max: 10000 }),
    });
    const last = await find({ searchFieldContent: '红楼梦', page: 500, rows: 20 });
    expect(last.searchResult).toEqual([]);
  });

  it('a 5,000-character search', async () => {
    const r = await bad({ ...TEMPLATE, searchFieldContent: '红'.repeat(5000) });
    expect(r.env).toMatchObject({
      success: false,
      errCode: 40102,
      message: text('en-US', 'searchQueryTooLong', { max: 300 }),
    });
  });

  it('malformed JSON', async () => {
    const r = await bad('{"searchFieldContent":', 'en_US', { 'content-type': 'application/json' });
    expect(r.status).toBe(400);
    expect(r.env.message).toBe(text('en-US', 'malformedJson'));
  });

  it('injection attempts are just text', async () => {
    for (const q of ["'; DROP TABLE bib_record; --", "红楼梦') OR 1=1 --", "a:* & !b | 'c'", "\\'", '<<>>', '%_%']) {
      const res = await t.call({
        url: ApiPath.search,
        mappingPath: tenant.mappingPath,
        body: { ...TEMPLATE, searchFieldContent: q },
      });
      expect(res.statusCode).toBe(200);
      // Text without letters or digits is no search term at all.
      const env = envelopeOf<{ numFound: number }>(res);
      expect(env.success || env.errCode === 40101, q).toBe(true);
      for (const field of ['title', 'author', 'isbn', 'kindNo', 'callNo', 'barcode', 'issn', 'publisher']) {
        const res = await t.call({
          url: ApiPath.search,
          mappingPath: tenant.mappingPath,
          body: { ...TEMPLATE, searchField: field, searchFieldContent: q },
        });
        expect(res.statusCode, `${field} ${q}`).toBe(200);
      }
    }
    expect((await find({ searchFieldContent: '红楼梦' })).numFound).toBeGreaterThan(0);
  });

  it('odd values in filters and the template are tolerated', async () => {
    const data = await find({
      searchFieldContent: '红楼梦',
      docCode: null,
      libCode: 'OFU,OFU-MED',
      publishBegin: 'abc',
      publishEnd: '',
      onlyOnShelf: '0',
      searchItems: [],
      unknownField: { nested: true },
      kindNo: [null, 'I'],
    });
    expect(data.numFound).toBeGreaterThan(0);
  });

  it('documents the search calls in the OpenAPI description', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(expect.arrayContaining([ApiPath.search, ApiPath.spellKeyWord, ApiPath.classificaList]));
  });
});

describe('relevance SQL', () => {
  const rankOf = (content: string) => {
    const plan = planSearch(SearchRequest.parse({ ...TEMPLATE, searchFieldContent: content }));
    return compile(plan, 1).sortKey.compile(t.db.kysely).sql;
  };

  it('ranks one word with ts_rank, and several words with ts_rank_cd, which weighs their proximity', () => {
    expect(rankOf('教程')).toMatch(/ts_rank\(/);
    expect(rankOf('教程')).not.toMatch(/ts_rank_cd/);
    expect(rankOf('algorithms')).toMatch(/ts_rank\(/);
    expect(rankOf('数据 结构')).toMatch(/ts_rank_cd\(/);
    expect(rankOf('"introduction to algorithms"')).toMatch(/ts_rank_cd\(/);
  });
});

describe('warming up', () => {
  it('builds a missing vocabulary in the background; the warm-up waits for it, then search is ready', async () => {
    // Its vocabulary is dropped below: an institution of its own.
    const tenantId = (await catalogueTenant()).tenant.id;
    const vocabulary = new SearchVocabulary(t.db.kysely, 60_000);
    const service = new SearchService(
      t.db.kysely,
      {
        dictionaries: t.services.dictionaries,
        vocabulary,
        popular: t.services.popularSearches,
        history: t.services.searchHistory,
      },
      { cacheMs: 60_000 },
    );
    await t.db.kysely.deleteFrom('search_term_build').where('tenant_id', '=', tenantId).execute();
    expect(service.isWarm).toBe(false);
    await service.warmUp([tenantId]);
    expect(service.isWarm).toBe(true);
    expect(await vocabulary.similarWords(tenantId, 'algoritms', 1)).toEqual(['algorithms']);
    const build = await t.db.kysely
      .selectFrom('search_term_build')
      .select('record_count')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    expect(build?.record_count).toBeGreaterThan(0);
    const health = await t.app.inject({ url: '/health' });
    expect(health.json()).toMatchObject({ search: 'warming' }); // the app's own service has not warmed up
  });
});
