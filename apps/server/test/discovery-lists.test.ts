import type {
  AuthorInfo,
  BookListPage,
  CollectionPage,
  CommentPage,
  DonateNewsPage,
  ExternalContent,
  HotLoanResponse,
  RecordStatistics,
  SearchResponse,
  UserRatingsResponse,
} from '@openfind/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/demo.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { copy, rec, storeTestRecords } from './search-fixtures.js';

let t: TestApp;
let ids: Map<string, number>;
let tenantId: number;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
type Lang = 'zh_CN' | 'zh_HK' | 'en_US';
const post = (url: string, body: unknown, lang?: Lang, mappingPath = '') => t.call({ url, body, mappingPath, lang });
const get = (url: string, query: Record<string, string> = {}, lang?: Lang) =>
  t.call({ url, query, mappingPath: '', lang });

beforeAll(async () => {
  t = await createTestApp();
  tenantId = (await t.services.tenants.byMappingPath(''))!.id;
  ids = await storeTestRecords(t, [
    rec('hlm', {
      title: '红楼梦',
      author: '(清)曹雪芹著',
      authors: ['曹雪芹'],
      clcClasses: ['I242.47'],
      callNumbers: ['I242.47/2'],
      items: [
        copy({ barcode: 'L1', inDate: day(-400) }),
        copy({ barcode: 'L2', inDate: day(-400) }),
        copy({ barcode: 'L3', inDate: day(-400) }),
        copy({ barcode: 'L4', libCode: 'OFU-MED', campusId: '3', locationId: '301', inDate: day(-400) }),
      ],
    }),
    rec('santi', {
      title: '三体',
      author: '刘慈欣著',
      authors: ['刘慈欣'],
      clcClasses: ['I247.55'],
      items: [copy({ barcode: 'L5', inDate: day(-3) })],
    }),
    rec('python', {
      title: 'Python编程',
      author: '张三著',
      authors: ['张三'],
      clcClasses: ['TP311.56'],
      items: [
        copy({ barcode: 'L6', inDate: day(-20) }),
        copy({ barcode: 'L7', inDate: day(-20), processTypeCode: '412' }),
      ],
    }),
    rec('old', { title: '旧书', clcClasses: ['K20'], items: [] }),
  ]);
  const loan = (key: string, barcode: string, daysAgo: number, libCode = 'OFU') => ({
    tenant_id: tenantId,
    record_id: ids.get(key)!,
    barcode,
    lib_code: libCode,
    loan_date: day(-daysAgo),
  });
  await t.db.kysely
    .insertInto('loan_event')
    .values([
      ...[1, 2, 3, 4].map((d) => loan('hlm', 'L1', d)),
      loan('hlm', 'L4', 2, 'OFU-MED'),
      ...[1, 2, 5].map((d) => loan('santi', 'L5', d)),
      ...[15, 20].map((d) => loan('python', 'L6', d)),
      loan('old', 'X', 800),
    ])
    .execute();
});
afterAll(async () => t?.close());

describe('getHotLoan', () => {
  const hot = async (body: Record<string, unknown>, lang?: Lang) =>
    envelopeOf<HotLoanResponse>(await post('/find/index/getHotLoan', body, lang)).data;

  it('ranks by loans in the window, or by loans per copy', async () => {
    const week = await hot({ statRange: 7 });
    expect(week.result.map((r) => [r.title, r.loanCount, r.loanRate])).toEqual([
      ['红楼梦', 5, 1.25],
      ['三体', 3, 3],
    ]);
    expect(week).toMatchObject({ totalCount: 2, statRange: 7 });
    expect(week.result[0]).toMatchObject({ recordId: ids.get('hlm'), callNo: 'I242.47/2', physicalCount: 4 });
    const byRate = await hot({ statRange: 7, sortType: 2 });
    expect(byRate.result.map((r) => r.title)).toEqual(['三体', '红楼梦']);
    const month = await hot({ statRange: '30' });
    expect(month.result.map((r) => r.title)).toEqual(['红楼梦', '三体', 'Python编程']);
    expect((await hot({ statRange: 365 })).totalCount).toBe(3);
  });

  it('takes the nearest window and filters by library, class and discipline', async () => {
    expect((await hot({ statRange: 9 })).statRange).toBe(7);
    expect((await hot({ statRange: 1000 })).statRange).toBe(365);
    const med = await hot({ statRange: 7, libCode: 'OFU-MED' });
    expect(med.result.map((r) => [r.title, r.loanCount])).toEqual([['红楼梦', 1]]);
    expect((await hot({ statRange: 30, classNo: 'tp' })).result.map((r) => r.title)).toEqual(['Python编程']);
    expect((await hot({ statRange: 30, disCode: '05' })).result.map((r) => r.title)).toEqual(['红楼梦', '三体']);
    expect((await hot({ statRange: 30, disCode: '08' })).result.map((r) => r.title)).toEqual(['Python编程']);
  });

  it('pages, clamps rows and refuses page 0', async () => {
    const second = await hot({ statRange: 30, page: 2, rows: 2 });
    expect(second.result.map((r) => r.title)).toEqual(['Python编程']);
    expect((await hot({ statRange: 30, rows: 10000 })).result).toHaveLength(3);
    expect(await hot({ statRange: 30, page: 5, rows: 2 })).toMatchObject({ result: [], totalCount: 3 });
    const res = await post('/find/index/getHotLoan', { page: 0 }, 'en_US');
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toMatch(/^Invalid request: page/);
    expect((await post('/find/index/getHotLoan', { sortType: 3 })).statusCode).toBe(400);
  });
});

describe('getNewBook', () => {
  const newBooks = async (body: Record<string, unknown>) =>
    envelopeOf<SearchResponse>(await post('/find/index/getNewBook', body)).data;

  it('answers search-shaped, newest first, within the time window', async () => {
    const week = await newBooks({ time: '1', sortField: 'in_date', sortClause: 'desc', page: 1, rows: 10 });
    expect(week.numFound).toBe(1);
    expect(week.searchResult.map((r) => r.title)).toEqual(['三体']);
    expect(week.searchResult[0]).toMatchObject({ physicalCount: 1, inDate: day(-3) });
    const month = await newBooks({ time: 2 });
    expect(month.searchResult.map((r) => r.title)).toEqual(['三体', 'Python编程']);
    const all = await newBooks({});
    expect(all.searchResult.map((r) => r.title)).toEqual(['三体', 'Python编程', '红楼梦']);
    const oldest = await newBooks({ sortClause: 'asc' });
    expect(oldest.searchResult[0]?.title).toBe('红楼梦');
  });

  it('filters by class letter, library and discipline, and pages', async () => {
    expect((await newBooks({ callNo: 'I' })).searchResult.map((r) => r.title)).toEqual(['三体', '红楼梦']);
    expect((await newBooks({ libCode: ['OFU-MED'] })).searchResult.map((r) => r.title)).toEqual(['红楼梦']);
    expect((await newBooks({ disCode: '08' })).searchResult.map((r) => r.title)).toEqual(['Python编程']);
    const page2 = await newBooks({ page: 2, rows: 2 });
    expect(page2).toMatchObject({ numFound: 3 });
    expect(page2.searchResult.map((r) => r.title)).toEqual(['红楼梦']);
    expect((await newBooks({ rows: 10000 })).searchResult).toHaveLength(3);
    expect((await post('/find/index/getNewBook', { page: 0 })).statusCode).toBe(400);
    expect((await post('/find/index/getNewBook', { time: '9' })).statusCode).toBe(400);
  });
});

describe('collections, disciplines, libraries, donation news', () => {
  it('hot, new and trial collections of the demo institution, in the request language', async () => {
    const hot = envelopeOf<CollectionPage>(await post('/find/index/getHotCollection', { page: 1, rows: 3 })).data;
    expect(hot.totalCount).toBe(14);
    expect(hot.list.map((c) => c.collectionName)).toEqual(['中国知网（CNKI）', '万方数据知识服务平台', '读秀学术搜索']);
    expect(hot.list.map((c) => c.visitCount)).toEqual([...hot.list.map((c) => c.visitCount)].sort((a, b) => b - a));
    const fresh = envelopeOf<CollectionPage>(await post('/find/index/getNewCollection', {}, 'en_US')).data;
    expect(fresh.list.every((c) => c.startDate! > day(-365))).toBe(true);
    expect(fresh.list.map((c) => c.startDate)).toEqual([...fresh.list.map((c) => c.startDate)].sort().reverse());
    expect(fresh.list[0]).toMatchObject({ collectionName: 'ProQuest Dissertations & Theses', kind: 'new' });
    const trial = envelopeOf<CollectionPage>(await post('/find/index/getTryCollection', {}, 'zh_HK')).data;
    expect(trial.list.map((c) => c.collectionName)).toEqual(['Wiley Online Library', 'ProQuest 學位論文全文庫']);
    expect(trial.list.every((c) => c.endDate! >= day(0))).toBe(true);
    expect(trial.list[0]?.subjects).toEqual(['理學', '工學', '管理學']);
    const other = envelopeOf<CollectionPage>(await post('/find/index/getHotCollection', {}, undefined, 'beiling')).data;
    expect(other.totalCount).toBe(14);
  });

  it('getDiscipline counts the records of each discipline', async () => {
    const list = envelopeOf<Array<{ code: string; name: string; count: number }>>(
      await get('/find/index/getDiscipline', {}, 'en_US'),
    ).data;
    expect(list).toEqual([
      { code: '05', name: 'Literature', count: 2 },
      { code: '06', name: 'History', count: 1 },
      { code: '08', name: 'Engineering', count: 1 },
    ]);
  });

  it('getLibrary counts records, copies and copies on shelf per library', async () => {
    const list = envelopeOf<Array<Record<string, unknown>>>(await get('/find/index/getLibrary')).data;
    expect(list).toEqual([
      {
        libCode: 'OFU',
        libName: '示范大学图书馆',
        mainFlag: '1',
        recordCount: 3,
        itemCount: 6,
        onShelfCount: 5,
      },
      { libCode: 'OFU-MED', libName: '医学分馆', mainFlag: '0', recordCount: 1, itemCount: 1, onShelfCount: 1 },
    ]);
  });

  it('searchDonateNews: newest first, in the request language, paged', async () => {
    const zh = envelopeOf<DonateNewsPage>(await post('/find/donate/searchDonateNews', { rows: 2 })).data;
    expect(zh.totalCount).toBe(6);
    expect(zh.list.map((n) => n.title)).toEqual(['1985 级校友向图书馆捐赠图书 320 册', '王教授捐赠个人藏书']);
    expect(zh.list[0]).toMatchObject({ copies: 320, publishTime: day(-6), donorName: '1985 级校友会' });
    const en = envelopeOf<DonateNewsPage>(
      await post('/find/donate/searchDonateNews', { page: 3, rows: 2 }, 'en_US'),
    ).data;
    expect(en.list.map((n) => n.title)).toEqual([
      'Alumni abroad donate English-language books',
      'Local gazetteers donated to the library',
    ]);
    const past = envelopeOf<DonateNewsPage>(await post('/find/donate/searchDonateNews', { page: 9, rows: 2 })).data;
    expect(past).toEqual({ totalCount: 6, list: [] });
  });
});

describe('book lists', () => {
  beforeAll(async () => {
    const make = async (name: string, nameEn: string, views: number, keys: string[]) => {
      const { id } = await t.db.kysely
        .insertInto('book_list')
        .values({ tenant_id: tenantId, name, name_en: nameEn, view_count: views })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db.kysely
        .insertInto('book_list_record')
        .values(keys.map((k, seq) => ({ book_list_id: id, record_id: ids.get(k)!, seq, note: seq ? '' : '必读' })))
        .execute();
      return id;
    };
    await make('文学经典', 'Literary classics', 50, ['hlm', 'santi']);
    await make('编程入门', 'Programming', 900, ['python', 'old', 'hlm']);
    await t.db.kysely.insertInto('book_list').values({ tenant_id: tenantId, name: '草稿', published: false }).execute();
  });

  it('index/bookList: published lists, newest first, with their first records', async () => {
    const page = envelopeOf<BookListPage>(await get('/find/index/bookList', { recordRows: '2' }, 'en_US')).data;
    expect(page.totalCount).toBe(2);
    expect(page.list.map((l) => [l.name, l.recordCount, l.records.map((r) => r.title)])).toEqual([
      ['Programming', 3, ['Python编程', '旧书']],
      ['Literary classics', 2, ['红楼梦', '三体']],
    ]);
    expect(page.list[1]?.records[0]?.note).toBe('必读');
  });

  it('indexHotBookList: most viewed first; one list by id with its records paged; unknown id → 40302', async () => {
    const hot = envelopeOf<BookListPage>(await post('/find/bookList/indexHotBookList', { page: 1, rows: 6 })).data;
    expect(hot.list.map((l) => [l.name, l.viewCount])).toEqual([
      ['编程入门', 900],
      ['文学经典', 50],
    ]);
    const id = hot.list[0]!.bookListId;
    const one = envelopeOf<BookListPage>(
      await post('/find/bookList/indexHotBookList', { bookListId: id, page: 2, recordRows: 2 }),
    ).data;
    expect(one.list).toHaveLength(1);
    expect(one.list[0]?.records.map((r) => r.title)).toEqual(['红楼梦']);
    const missing = await post('/find/bookList/indexHotBookList', { bookListId: 99999 }, 'en_US');
    expect(envelopeOf(missing)).toMatchObject({ success: false, errCode: 40302, message: 'No book list "99999" here' });
  });
});

describe('userRatings', () => {
  beforeAll(async () => {
    const rate = (key: string, scores: number[]) =>
      scores.map((score, n) => ({ tenant_id: tenantId, record_id: ids.get(key)!, reader_id: n + 1, score }));
    await t.db.kysely
      .insertInto('record_rating')
      .values([...rate('hlm', [5, 5, 4]), ...rate('santi', [5]), ...rate('python', [2, 3])])
      .execute();
  });

  it('best first, worst first, with a minimum number of ratings', async () => {
    const ratings = async (body: Record<string, unknown>) =>
      envelopeOf<UserRatingsResponse>(await post('/find/findUserEvaluation/userRatings', body)).data;
    const best = await ratings({});
    expect(best.list.map((r) => [r.title, r.avgScore, r.ratingCount])).toEqual([
      ['三体', 5, 1],
      ['红楼梦', 4.7, 3],
      ['Python编程', 2.5, 2],
    ]);
    expect(best.totalCount).toBe(3);
    expect((await ratings({ sortType: 2 })).list.map((r) => r.title)).toEqual(['Python编程', '红楼梦', '三体']);
    expect((await ratings({ minRatings: 2 })).list.map((r) => r.title)).toEqual(['红楼梦', 'Python编程']);
    expect((await ratings({ page: 2, rows: 2 })).list.map((r) => r.title)).toEqual(['Python编程']);
  });

  it('lists at most the top 100', async () => {
    const other = await createTestApp();
    try {
      const tid = (await other.services.tenants.byMappingPath(''))!.id;
      await sql`
        INSERT INTO bib_record (tenant_id, source_key, source_format, title, content_hash)
        SELECT ${tid}, 'test:r' || n, 'demo', '书' || n, 'h' || n FROM generate_series(1, 105) AS n`.execute(
        other.db.kysely,
      );
      await sql`
        INSERT INTO record_rating (tenant_id, record_id, reader_id, score)
        SELECT tenant_id, record_id, 1, 1 + record_id % 5 FROM bib_record WHERE tenant_id = ${tid}`.execute(
        other.db.kysely,
      );
      const call = async (body: Record<string, unknown>) =>
        envelopeOf<UserRatingsResponse>(
          await other.call({ url: '/find/findUserEvaluation/userRatings', body, mappingPath: '' }),
        ).data;
      const last = await call({ page: 10, rows: 10 });
      expect(last.totalCount).toBe(100);
      expect(last.list).toHaveLength(10);
      expect(await call({ page: 11, rows: 10 })).toEqual({ totalCount: 100, list: [] });
      expect((await call({ page: 2, rows: 60 })).list).toHaveLength(40);
    } finally {
      await other.close();
    }
  });
});

describe('third-party content (no provider configured)', () => {
  it('answers success with an empty list on every call', async () => {
    const recordId = String(ids.get('hlm'));
    for (const call of ['getDuxiuEBook', 'getJdRes', 'getCadalRes', 'getCxzxRes', 'getcxzxEBook', 'getDuxiuTryRead']) {
      const res = await get(`/find/searchResultDetail/${call}`, { recordId, isbn: '9787020002207' });
      expect(res.statusCode, call).toBe(200);
      expect(envelopeOf<ExternalContent>(res)).toMatchObject({ success: true, data: { provider: null, list: [] } });
    }
    for (const call of ['wos', 'getBookinfo', 'getBookInfoFromJd', 'getCatalog']) {
      const res = await post(`/find/searchResultDetail/${call}`, { recordId, title: '红楼梦' });
      expect(envelopeOf<ExternalContent>(res)).toMatchObject({ success: true, data: { provider: null, list: [] } });
    }
  });

  it("getAuthorInfo counts the author's records and has no encyclopedia entry", async () => {
    const byName = envelopeOf<AuthorInfo>(await get('/find/searchResultDetail/getAuthorInfo', { author: '曹雪芹' }));
    expect(byName.data).toEqual({ author: '曹雪芹', recordCount: 1, baike: null });
    const byRecord = envelopeOf<AuthorInfo>(
      await get('/find/searchResultDetail/getAuthorInfo', { recordId: String(ids.get('santi')) }),
    );
    expect(byRecord.data).toEqual({ author: '刘慈欣', recordCount: 1, baike: null });
  });
});

describe('the demo data', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp({ seed: false });
    await seedDemo(demo.db.kysely, { records: 150 });
  }, 120_000);
  afterAll(async () => demo?.close());

  it('has loan history with the copies on loan lent before their due dates, and loan counts kept on records', async () => {
    const db = demo.db.kysely;
    const open = await db
      .selectFrom('loan_event as l')
      .innerJoin('item as i', 'i.barcode', 'l.barcode')
      .select(['i.process_type_code', 'i.due_date as item_due', 'l.due_date', 'l.loan_date'])
      .where('l.return_date', 'is', null)
      .execute();
    expect(open.length).toBeGreaterThan(10);
    for (const o of open) {
      expect(o.process_type_code).toBe('412');
      expect(o.due_date).toEqual(o.item_due);
      expect(o.loan_date.getTime()).toBeLessThanOrEqual(Date.now());
    }
    const hot = envelopeOf<HotLoanResponse>(
      await demo.call({ url: '/find/index/getHotLoan', body: { statRange: 365 }, mappingPath: '' }),
    ).data;
    expect(hot.result.length).toBe(10);
    const top = hot.result[0]!;
    const stats = envelopeOf<RecordStatistics>(
      await demo.call({
        url: '/find/searchResultDetail/statistics',
        query: { recordId: String(top.recordId) },
        mappingPath: '',
      }),
    ).data;
    const stored = await db
      .selectFrom('bib_record')
      .select('loan_count')
      .where('record_id', '=', top.recordId)
      .executeTakeFirstOrThrow();
    expect(stats.loanCount).toBe(stored.loan_count);
    expect(stats.loanCount).toBeGreaterThanOrEqual(top.loanCount);
  });

  it('has rated records, approved comments listed and pending ones not', async () => {
    const db = demo.db.kysely;
    const byStatus = await db
      .selectFrom('record_comment')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    expect(byStatus.map((s) => s.status).sort()).toEqual(['approved', 'pending', 'rejected']);
    const pending = await db
      .selectFrom('record_comment')
      .select(['record_id', 'tenant_id'])
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    const tenant = await db
      .selectFrom('tenant')
      .select('mapping_path')
      .where('id', '=', pending.tenant_id)
      .executeTakeFirstOrThrow();
    const approved = await db
      .selectFrom('record_comment')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('record_id', '=', pending.record_id)
      .where('status', '=', 'approved')
      .executeTakeFirstOrThrow();
    const listed = envelopeOf<CommentPage>(
      await demo.call({
        url: '/find/findUserEvaluation/userCommentList',
        body: { recordId: pending.record_id, rows: 100 },
        mappingPath: tenant.mapping_path,
      }),
    ).data;
    expect(listed.totalCount).toBe(Number(approved.n));
    expect(listed.list).toHaveLength(Number(approved.n));
    const best = envelopeOf<UserRatingsResponse>(
      await demo.call({ url: '/find/findUserEvaluation/userRatings', body: {}, mappingPath: '' }),
    ).data;
    expect(best.totalCount).toBeGreaterThan(5);
    const lists = envelopeOf<BookListPage>(
      await demo.call({ url: '/find/bookList/indexHotBookList', body: {}, mappingPath: '' }),
    ).data;
    expect(lists.list.length).toBeGreaterThan(0);
    expect(lists.list.every((l) => l.records.length > 0)).toBe(true);
  });
});
