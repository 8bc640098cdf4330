import {
  ApiPath,
  type BookListPage,
  type CollectionPage,
  type CommentPage,
  type DonateNewsPage,
  type HotLoanResponse,
  type RecordStatistics,
  type SearchResponse,
  type UserRatingsResponse,
} from '@openfind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t as text } from '../src/http/messages.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import {
  clientOf,
  day,
  makeCollections,
  makeDonateNews,
  makeRecords,
  makeTenant,
  type MadeTenant,
} from './support/factories.js';

/**
 * The lists of the home page: new books, collections, disciplines, libraries, book lists and
 * donation news; and the demo data those lists show on a fresh install.
 */

let t: TestApp;
/** A new institution with the demo's libraries and four records: its lists count exactly these. */
let shelf: MadeTenant;
let api: ReturnType<typeof clientOf>;
let ids: { hlm: number; santi: number; python: number; old: number };

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  shelf = await makeTenant(t, { libraries: 'demo' });
  api = clientOf(t, shelf);
  const [hlm, santi, python, old] = await makeRecords(t, shelf.id, [
    {
      title: '红楼梦',
      clcClasses: ['I242.47'],
      items: [
        { inDate: day(-400) },
        { inDate: day(-400) },
        { inDate: day(-400) },
        { libCode: 'OFU-MED', campusId: '3', locationId: '301', inDate: day(-400) },
      ],
    },
    { title: '三体', clcClasses: ['I247.55'], items: [{ inDate: day(-3) }] },
    {
      title: 'Python编程',
      clcClasses: ['TP311.56'],
      items: [{ inDate: day(-20) }, { inDate: day(-20), processTypeCode: '412' }],
    },
    { title: '旧书', clcClasses: ['K20'] },
  ]);
  ids = { hlm, santi, python, old };
}, 120_000);
afterAll(async () => t?.close());

describe('getNewBook', () => {
  const newBooks = async (body: Record<string, unknown>) =>
    envelopeOf<SearchResponse>(await api.post(ApiPath.getNewBook, body)).data;

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
    expect((await api.post(ApiPath.getNewBook, { page: 0 })).statusCode).toBe(400);
    expect((await api.post(ApiPath.getNewBook, { time: '9' })).statusCode).toBe(400);
  });
});

describe('collections, disciplines, libraries, donation news', () => {
  it('hot, new and trial collections of the institution, in the request language', async () => {
    const library = await makeTenant(t);
    const { post } = clientOf(t, library);
    await makeCollections(t, library.id, [
      { name: '中国知网（CNKI）', visits: 18_420, added: day(-2900) },
      { name: '万方数据知识服务平台', visits: 9_310, added: day(-2700) },
      { name: '读秀学术搜索', visits: 6_050, added: day(-1800) },
      {
        name: 'ProQuest 学位论文全文库',
        nameTw: 'ProQuest 學位論文全文庫',
        nameEn: 'ProQuest Dissertations & Theses',
        visits: 320,
        added: day(-30),
        trialUntil: day(60),
      },
      {
        name: 'Wiley Online Library',
        subjects: ['07', '08', '12'],
        visits: 410,
        added: day(-90),
        trialUntil: day(20),
      },
      { name: '已结束试用的数据库', visits: 15, added: day(-400), trialUntil: day(-1) },
    ]);
    const hot = envelopeOf<CollectionPage>(await post(ApiPath.getHotCollection, { page: 1, rows: 3 })).data;
    expect(hot.totalCount).toBe(6);
    expect(hot.list.map((c) => c.collectionName)).toEqual(['中国知网（CNKI）', '万方数据知识服务平台', '读秀学术搜索']);
    expect(hot.list.map((c) => c.visitCount)).toEqual([...hot.list.map((c) => c.visitCount)].sort((a, b) => b - a));
    const fresh = envelopeOf<CollectionPage>(await post(ApiPath.getNewCollection, {}, 'en_US')).data;
    expect(fresh.list.every((c) => c.startDate! > day(-365))).toBe(true);
    expect(fresh.list.map((c) => c.startDate)).toEqual([...fresh.list.map((c) => c.startDate)].sort().reverse());
    expect(fresh.list[0]).toMatchObject({ collectionName: 'ProQuest Dissertations & Theses', kind: 'new' });
    const trial = envelopeOf<CollectionPage>(await post(ApiPath.getTryCollection, {}, 'zh_HK')).data;
    expect(trial.list.map((c) => c.collectionName)).toEqual(['Wiley Online Library', 'ProQuest 學位論文全文庫']);
    expect(trial.list.every((c) => c.endDate! >= day(0))).toBe(true);
    expect(trial.list[0]?.subjects).toEqual(['理學', '工學', '管理學']);
    const elsewhere = await makeTenant(t);
    await makeCollections(t, elsewhere.id, [{}, {}]);
    const other = envelopeOf<CollectionPage>(await clientOf(t, elsewhere).post(ApiPath.getHotCollection, {})).data;
    expect(other.totalCount).toBe(2);
  });

  it('getDiscipline counts the records of each discipline', async () => {
    const list = envelopeOf<Array<{ code: string; name: string; count: number }>>(
      await api.get(ApiPath.getDiscipline, {}, 'en_US'),
    ).data;
    expect(list).toEqual([
      { code: '05', name: 'Literature', count: 2 },
      { code: '06', name: 'History', count: 1 },
      { code: '08', name: 'Engineering', count: 1 },
    ]);
  });

  it('getLibrary counts records, copies and copies on shelf per library', async () => {
    const list = envelopeOf<Array<Record<string, unknown>>>(await api.get(ApiPath.getLibrary)).data;
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
    const library = await makeTenant(t);
    const { post } = clientOf(t, library);
    await makeDonateNews(t, library.id, [
      { title: '王教授捐赠个人藏书', published: day(-21) },
      { title: '1985 级校友向图书馆捐赠图书 320 册', donor: '1985 级校友会', copies: 320, published: day(-6) },
      { title: '出版社捐赠新书 500 册', published: day(-45) },
      { title: '图书馆接受地方志捐赠', titleEn: 'Local gazetteers donated to the library', published: day(-200) },
      { title: '“书香传递”毕业生捐书活动圆满结束', published: day(-95) },
      {
        title: '海外校友捐赠英文原版图书',
        titleEn: 'Alumni abroad donate English-language books',
        published: day(-160),
      },
    ]);
    const zh = envelopeOf<DonateNewsPage>(await post(ApiPath.searchDonateNews, { rows: 2 })).data;
    expect(zh.totalCount).toBe(6);
    expect(zh.list.map((n) => n.title)).toEqual(['1985 级校友向图书馆捐赠图书 320 册', '王教授捐赠个人藏书']);
    expect(zh.list[0]).toMatchObject({ copies: 320, publishTime: day(-6), donorName: '1985 级校友会' });
    const en = envelopeOf<DonateNewsPage>(await post(ApiPath.searchDonateNews, { page: 3, rows: 2 }, 'en_US')).data;
    expect(en.list.map((n) => n.title)).toEqual([
      'Alumni abroad donate English-language books',
      'Local gazetteers donated to the library',
    ]);
    const past = envelopeOf<DonateNewsPage>(await post(ApiPath.searchDonateNews, { page: 9, rows: 2 })).data;
    expect(past).toEqual({ totalCount: 6, list: [] });
  });
});

describe('book lists', () => {
  // Two published lists and a draft; the first record of each list carries a note.
  beforeAll(async () => {
    const make = async (name: string, nameEn: string, views: number, records: number[]) => {
      const { id } = await t.db.kysely
        .insertInto('book_list')
        .values({ tenant_id: shelf.id, name, name_en: nameEn, view_count: views })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db.kysely
        .insertInto('book_list_record')
        .values(records.map((record_id, seq) => ({ book_list_id: id, record_id, seq, note: seq ? '' : '必读' })))
        .execute();
    };
    await make('文学经典', 'Literary classics', 50, [ids.hlm, ids.santi]);
    await make('编程入门', 'Programming', 900, [ids.python, ids.old, ids.hlm]);
    await t.db.kysely.insertInto('book_list').values({ tenant_id: shelf.id, name: '草稿', published: false }).execute();
  });

  it('index/bookList: published lists, newest first, with their first records', async () => {
    const page = envelopeOf<BookListPage>(await api.get(ApiPath.indexBookList, { recordRows: '2' }, 'en_US')).data;
    expect(page.totalCount).toBe(2);
    expect(page.list.map((l) => [l.name, l.recordCount, l.records.map((r) => r.title)])).toEqual([
      ['Programming', 3, ['Python编程', '旧书']],
      ['Literary classics', 2, ['红楼梦', '三体']],
    ]);
    expect(page.list[1]?.records[0]?.note).toBe('必读');
  });

  it('indexHotBookList: most viewed first; one list by id with its records paged; unknown id → 40302', async () => {
    const hot = envelopeOf<BookListPage>(await api.post(ApiPath.indexHotBookList, { page: 1, rows: 6 })).data;
    expect(hot.list.map((l) => [l.name, l.viewCount])).toEqual([
      ['编程入门', 900],
      ['文学经典', 50],
    ]);
    const id = hot.list[0]!.bookListId;
    const one = envelopeOf<BookListPage>(
      await api.post(ApiPath.indexHotBookList, { bookListId: id, page: 2, recordRows: 2 }),
    ).data;
    expect(one.list).toHaveLength(1);
    expect(one.list[0]?.records.map((r) => r.title)).toEqual(['红楼梦']);
    const missing = await api.post(ApiPath.indexHotBookList, { bookListId: 99999 }, 'en_US');
    expect(envelopeOf(missing)).toMatchObject({
      success: false,
      errCode: 40302,
      message: text('en-US', 'bookListNotFound', { bookListId: 99999 }),
    });
  });
});

describe('the demo data', () => {
  // These tests are about the demo data itself: an app seeded with the demo institutions, 150 records each.
  let demoApp: TestApp;
  const demo = { mappingPath: '' };
  beforeAll(async () => {
    demoApp = await createTestApp({ records: 150 });
  }, 120_000);
  afterAll(async () => demoApp?.close());

  it('has loan history with the copies on loan lent before their due dates, and loan counts kept on records', async () => {
    const { get, post } = clientOf(demoApp, demo);
    const db = demoApp.db.kysely;
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
    const hot = envelopeOf<HotLoanResponse>(await post(ApiPath.getHotLoan, { statRange: 365 })).data;
    expect(hot.result.length).toBe(10);
    const top = hot.result[0]!;
    const stats = envelopeOf<RecordStatistics>(
      await get(ApiPath.recordStatistics, { recordId: String(top.recordId) }),
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
    const { post } = clientOf(demoApp, demo);
    const db = demoApp.db.kysely;
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
      await clientOf(demoApp, { mappingPath: tenant.mapping_path }).post(ApiPath.userCommentList, {
        recordId: pending.record_id,
        rows: 100,
      }),
    ).data;
    expect(listed.totalCount).toBe(Number(approved.n));
    expect(listed.list).toHaveLength(Number(approved.n));
    const best = envelopeOf<UserRatingsResponse>(await post(ApiPath.userRatings, {})).data;
    expect(best.totalCount).toBeGreaterThan(5);
    const lists = envelopeOf<BookListPage>(await post(ApiPath.indexHotBookList, {})).data;
    expect(lists.list.length).toBeGreaterThan(0);
    expect(lists.list.every((l) => l.records.length > 0)).toBe(true);
  });
});
