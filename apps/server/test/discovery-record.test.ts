import type {
  BookDetail,
  CommentPage,
  GroupItemsResponse,
  ItemsByLibrary,
  LoanAnalysis,
  NearTenYearLoan,
  QrCode,
  RecordDetail,
  RecordStatistics,
  UserScore,
} from '@openfind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueDateIn, holdingToItem } from '../src/modules/catalogue/import/bib-to-record.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { bearer, TEST_AUTH, tokenOf } from './auth-support.js';
import { DEMO_PASSWORD } from '../src/seed/demo-readers.js';
import { copy, rec, storeTestRecords } from './search-fixtures.js';
import { parseStoredMarc, storedMarcText } from '@openfind/marc';

let t: TestApp;
let ids: Map<string, number>;
let tenantId: number;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const thisYear = new Date().getUTCFullYear();

/** A UNIMARC record as the import keeps it (MARC-in-JSON). */
const HUOZHE_MARC = {
  leader: '01234nam0 2200289   450 ',
  fields: [
    { '001': '281453' },
    { '200': { ind1: '1', ind2: ' ', subfields: [{ a: '活着' }, { f: '余华著' }] } },
    { '510': { ind1: '1', ind2: ' ', subfields: [{ a: 'To live' }] } },
    { '333': { ind1: ' ', ind2: ' ', subfields: [{ a: '大众读者。' }] } },
    { '701': { ind1: ' ', ind2: '0', subfields: [{ a: '余华' }, { f: '1960-' }, { 4: '著' }] } },
    { '702': { ind1: ' ', ind2: '0', subfields: [{ a: '白亚仁' }, { 4: '译' }] } },
    { '712': { ind1: '0', ind2: '2', subfields: [{ a: '新经典文化' }, { 4: '策划' }] } },
  ],
};

beforeAll(async () => {
  t = await createTestApp({ auth: TEST_AUTH });
  tenantId = (await t.services.tenants.byMappingPath(''))!.id;
  ids = await storeTestRecords(t, [
    rec('huozhe', {
      sourceFormat: 'unimarc',
      title: '活着',
      responsibility: '余华著',
      author: '余华著',
      authors: ['余华', '白亚仁'],
      publisher: '北京十月文艺出版社',
      publishPlace: '北京',
      publishYear: '2017',
      publishYearInt: 2017,
      physicalDescription: '216页;21cm',
      isbns: ['9787530215593'],
      price: 'CNY35.00',
      otherTitles: ['To live', '余华作品'],
      series: ['新经典文库.余华作品;03'],
      subjects: ['长篇小说', '中国', '当代'],
      clcClasses: ['I247.57', 'I247.59'],
      callNumbers: ['I247.57/158'],
      notes: ['大众读者。', '据作家出版社2012年版重印'],
      abstract: '《活着》讲述了福贵坎坷的一生。',
      links: [{ url: 'https://ebooks.example.org/huozhe', label: '电子全文' }],
      marc: HUOZHE_MARC,
      items: [
        copy({ barcode: 'HZ001', callNo: 'I247.57/158' }),
        copy({ barcode: 'HZ002', callNo: 'I247.57/158', processTypeCode: '412', dueDate: day(14) }),
        copy({ barcode: 'HZ003', callNo: 'I247.57/158', circAttr: '1' }),
        copy({
          barcode: 'HZ004',
          callNo: 'I247.57/158',
          libCode: 'OFU-MED',
          campusId: '3',
          locationId: '301',
          curLocationId: '301',
        }),
      ],
    }),
    // The same record kept in the line form an import writes (storedMarcText), no copies.
    rec('huozhe-lines', {
      sourceFormat: 'unimarc',
      title: '活着',
      marc: storedMarcText(parseStoredMarc(JSON.stringify(HUOZHE_MARC))!),
      items: [],
    }),
    rec('plain', {
      title: 'Data science at the command line',
      author: 'Jeroen Janssens',
      authors: ['Janssens, Jeroen', 'Doe, Jane'],
      publisher: "O'Reilly",
      publishYear: '2021',
      items: [],
    }),
    rec('serial', {
      title: '图书馆杂志',
      docCode: '2',
      issn: '1000-4254',
      items: [
        copy({ barcode: 'SJ2023A', year: '2023', vol: '42' }),
        copy({ barcode: 'SJ2023B', year: '2023', vol: '42', processTypeCode: '412', dueDate: day(3) }),
        copy({ barcode: 'SJ2024', year: '2024', vol: '43' }),
      ],
    }),
  ]);
  const huozhe = ids.get('huozhe')!;
  const loans = [
    ...[1, 2, 3, 5, 6].map((d) => ({ record_id: huozhe, loan_date: day(-d) })),
    { record_id: huozhe, loan_date: day(-200), return_date: day(-180) },
    { record_id: huozhe, loan_date: `${thisYear - 9}-03-01`, return_date: `${thisYear - 9}-03-11` },
    { record_id: huozhe, loan_date: `${thisYear - 12}-03-01`, return_date: `${thisYear - 12}-03-21` },
  ];
  await t.db.kysely
    .insertInto('loan_event')
    .values(loans.map((l) => ({ tenant_id: tenantId, lib_code: 'OFU', barcode: 'HZ001', ...l })))
    .execute();
});
afterAll(async () => t?.close());

const get = (url: string, query: Record<string, string>, lang?: 'zh_CN' | 'zh_HK' | 'en_US') =>
  t.call({ url, query, mappingPath: '', lang });
const post = (url: string, body: unknown, lang?: 'zh_CN' | 'zh_HK' | 'en_US') =>
  t.call({ url, body, mappingPath: '', lang });

describe('getBookDetail and getDetail', () => {
  it('answers bean2List rows in the real shape and order, from the stored record and its MARC', async () => {
    const res = await get('/find/searchResultDetail/getBookDetail', { recordId: String(ids.get('huozhe')) });
    expect(res.statusCode).toBe(200);
    const { success, data } = envelopeOf<BookDetail>(res);
    expect(success).toBe(true);
    expect(data.author).toBe('');
    const rows = data.bean2List.map((b) => [b.key, b.description, b.fieldVal]);
    expect(rows).toContainEqual(['cnb01', '题名/责任者', '活着/余华著']);
    expect(rows).toContainEqual(['cnb03', '出版发行项', '北京:北京十月文艺出版社,2017']);
    expect(rows).toContainEqual(['cnb04', 'ISBN及定价', '9787530215593/CNY35.00']);
    expect(rows).toContainEqual(['cnb10', '载体形态项', '216页;21cm']);
    expect(rows).toContainEqual(['cnb14', '并列正题名', 'To live']);
    expect(rows).toContainEqual(['cnb20', '其它题名', '余华作品']);
    expect(rows).toContainEqual(['cnb48', '个人责任者', '余华,1960-,著']);
    expect(rows).toContainEqual(['cnb49', '个人次要责任者', '白亚仁,译']);
    expect(rows).toContainEqual(['cnb52', '团体次要责任者', '新经典文化,策划']);
    expect(rows.filter((r) => r[0] === 'cnb67').map((r) => r[2])).toEqual(['I247.57', 'I247.59']);
    expect(rows.filter((r) => r[0] === 'cnb62')).toHaveLength(3);
    expect(rows).toContainEqual(['cnb98', '使用对象附注', '大众读者。']);
    // The audience note is not repeated as a general note.
    expect(rows.filter((r) => r[0] === 'cnb71').map((r) => r[2])).toEqual(['据作家出版社2012年版重印']);
    const keys = data.bean2List.map((b) => b.key);
    expect(keys).toEqual([...keys].sort());
  });

  it('gives the descriptions in the request language', async () => {
    const id = String(ids.get('huozhe'));
    const labels = async (lang: 'zh_CN' | 'zh_HK' | 'en_US') =>
      envelopeOf<BookDetail>(await get('/find/searchResultDetail/getBookDetail', { recordId: id }, lang))
        .data.bean2List.filter((b) => ['cnb01', 'cnb03', 'cnb96'].includes(b.key))
        .map((b) => b.description);
    expect(await labels('zh_CN')).toEqual(['题名/责任者', '出版发行项', '提要文摘附注']);
    expect(await labels('zh_HK')).toEqual(['題名/責任者', '出版發行項', '提要文摘附註']);
    expect(await labels('en_US')).toEqual(['Title/Responsibility', 'Publication', 'Summary']);
  });

  it('builds names from the record model when no MARC was kept', async () => {
    const res = await get('/find/searchResultDetail/getBookDetail', { recordId: String(ids.get('plain')) }, 'en_US');
    const rows = envelopeOf<BookDetail>(res).data.bean2List.map((b) => [b.key, b.fieldVal]);
    expect(rows).toContainEqual(['cnb48', 'Janssens, Jeroen']);
    expect(rows).toContainEqual(['cnb49', 'Doe, Jane']);
  });

  it('getDetail adds the essentials, the MARC view, links and counts, and counts the view', async () => {
    const recordId = String(ids.get('huozhe'));
    const res = await get('/find/searchResultDetail/getDetail', { recordId }, 'en_US');
    const { data } = envelopeOf<RecordDetail>(res);
    expect(data.clearTitle).toBe('活着');
    expect(data.authorOther).toEqual(['白亚仁']);
    expect(data.baseMarcInfoDto).toMatchObject({
      title: '活着',
      isbn: '9787530215593',
      publisher: '北京十月文艺出版社',
      publishYear: '2017',
      publishPlace: '北京',
      cleanAuthor: ['余华', '白亚仁'],
      docCode: '1',
      myFav: false,
    });
    expect(data.bean2List[0]?.description).toBe('Title/Responsibility');
    expect(data.link).toEqual([{ url: 'https://ebooks.example.org/huozhe', label: '电子全文' }]);
    expect(data.record).toMatchObject({ recordId: Number(recordId), physicalCount: 4, eCount: 1 });
    expect(data.leader).toBe(HUOZHE_MARC.leader);
    expect(data.marc.find((f) => f.tag === '701')).toEqual({
      tag: '701',
      ind: ' 0',
      ind1: ' ',
      ind2: '0',
      value: '$a 余华 $f 1960- $4 著',
      subfields: [
        { code: 'a', value: '余华' },
        { code: 'f', value: '1960-' },
        { code: '4', value: '著' },
      ],
    });
    await get('/find/searchResultDetail/getDetail', { recordId });
    const stats = envelopeOf<RecordStatistics>(await get('/find/searchResultDetail/statistics', { recordId })).data;
    expect(stats.viewCount).toBe(2);
  });

  it('shows a record kept in the line form as it shows one kept as marc-in-json', async () => {
    const detail = async (key: string) =>
      envelopeOf<RecordDetail>(
        await get('/find/searchResultDetail/getDetail', { recordId: String(ids.get(key)) }, 'en_US'),
      ).data;
    const [json, lines] = [await detail('huozhe'), await detail('huozhe-lines')];
    expect(lines.leader).toBe(HUOZHE_MARC.leader);
    expect(lines.marc).toHaveLength(HUOZHE_MARC.fields.length);
    expect(lines.marc).toEqual(json.marc);
  });
});

describe('record ids', () => {
  const calls: Array<[string, 'GET' | 'POST']> = [
    ['/find/searchResultDetail/getDetail', 'GET'],
    ['/find/searchResultDetail/getBookDetail', 'GET'],
    ['/find/searchResultDetail/getQrCode', 'GET'],
    ['/find/searchResultDetail/statistics', 'GET'],
    ['/find/searchResultDetail/getLoanAnalysis', 'GET'],
    ['/find/loanInfo/getNearTenYearLoan', 'GET'],
    ['/find/physical/groupitems', 'POST'],
    ['/find/physical/groupItemsByLibCode', 'POST'],
    ['/find/physical/shelfNos', 'POST'],
    ['/find/dItem/getDItems', 'POST'],
    ['/find/contiItem/list', 'POST'],
    ['/find/attachment/getAttachmentList', 'POST'],
    ['/find/findUserEvaluation/getUserScore', 'POST'],
    ['/find/findUserEvaluation/userCommentList', 'POST'],
  ];
  const send = (url: string, method: 'GET' | 'POST', recordId: string | undefined, lang?: 'en_US') =>
    method === 'GET'
      ? get(url, recordId === undefined ? {} : { recordId }, lang)
      : post(url, recordId === undefined ? {} : { recordId }, lang);

  it.each(calls)('%s: unknown id → translated not-found, never a 500', async (url, method) => {
    const res = await send(url, method, '999999', 'en_US');
    expect(res.statusCode).toBe(200);
    const e = envelopeOf(res);
    expect(e).toMatchObject({ success: false, errCode: 40301, data: null });
    expect(e.message).toBe('No record "999999" here; it may have been removed');
  });

  it.each(calls)('%s: missing or malformed id → 400 naming recordId', async (url, method) => {
    for (const bad of [undefined, 'abc', '-3', '0', '1e5']) {
      const res = await send(url, method, bad);
      expect(res.statusCode, `${url} ${bad}`).toBe(400);
      const e = envelopeOf(res);
      expect(e.success).toBe(false);
      expect(e.errCode).toBe(400);
      expect(e.message).toContain('recordId');
    }
  });

  it("does not show another institution's record", async () => {
    const res = await t.call({
      url: '/find/searchResultDetail/getDetail',
      query: { recordId: String(ids.get('huozhe')) },
      mappingPath: 'beiling',
    });
    expect(envelopeOf(res)).toMatchObject({ success: false, errCode: 40301 });
  });

  it('answers malformed JSON with a translated 400', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/find/physical/groupitems',
      mappingPath: '',
      lang: 'zh_CN',
      headers: { 'content-type': 'application/json' },
      body: '{"recordId": ',
    });
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toBe('请求内容不是有效的 JSON');
  });
});

describe('getQrCode', () => {
  it("encodes the record's page with the institution's path as a PNG data URL", async () => {
    const recordId = String(ids.get('huozhe'));
    const { data } = envelopeOf<QrCode>(await get('/find/searchResultDetail/getQrCode', { recordId }));
    expect(data.url).toMatch(new RegExp(`^http://[^/]+/searchList/bookDetails/${recordId}$`));
    expect(data.qrCode).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(data.qrCode.split(',')[1]!, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const other = envelopeOf<QrCode>(
      await get('/find/searchResultDetail/getQrCode', { recordId, url: `/x/searchList/bookDetails/${recordId}/2` }),
    ).data;
    expect(other.url).toMatch(new RegExp(`/x/searchList/bookDetails/${recordId}/2$`));
    expect(other.qrCode).not.toBe(data.qrCode);
  });

  it('refuses a URL of another site', async () => {
    const recordId = String(ids.get('huozhe'));
    for (const url of ['https://evil.example/', '//evil.example/x', 'searchList']) {
      expect((await get('/find/searchResultDetail/getQrCode', { recordId, url })).statusCode).toBe(400);
    }
  });
});

describe('holdings', () => {
  it('groupitems: every copy with status text, due date and names in the request language', async () => {
    const recordId = ids.get('huozhe')!;
    const res = await post('/find/physical/groupitems', { recordId, page: 1, rows: 10, entrance: 1, isUnify: 0 });
    const { data } = envelopeOf<GroupItemsResponse>(res);
    expect(data.totalCount).toBe(4);
    const loaned = data.list.find((i) => i.barcode === 'HZ002')!;
    expect(loaned).toMatchObject({
      processTypeCode: '412',
      processType: `借出-应还日期:${day(14)}`,
      dueDate: day(14),
      requestable: true,
      libName: '示范大学图书馆',
      campusName: '中心校区',
      locationId: 101,
      locationName: '中文图书借阅区（二层）',
      circAttrName: '可借',
    });
    const onShelf = data.list.find((i) => i.barcode === 'HZ001')!;
    expect(onShelf).toMatchObject({ processType: '在架', processTypeCode: '411', dueDate: null, requestable: false });
    expect(data.list.find((i) => i.barcode === 'HZ003')?.circAttrName).toBe('阅览');

    const en = envelopeOf<GroupItemsResponse>(await post('/find/physical/groupitems', { recordId }, 'en_US')).data;
    expect(en.list.find((i) => i.barcode === 'HZ002')?.processType).toBe(`On loan - due ${day(14)}`);
    expect(en.list.find((i) => i.barcode === 'HZ001')?.processType).toBe('On shelf');
    const tw = envelopeOf<GroupItemsResponse>(await post('/find/physical/groupitems', { recordId }, 'zh_HK')).data;
    expect(tw.list.find((i) => i.barcode === 'HZ002')?.processType).toBe(`借出-應還日期:${day(14)}`);
  });

  it('groupitems: pages, clamps rows, refuses page 0', async () => {
    const recordId = ids.get('huozhe')!;
    const page2 = envelopeOf<GroupItemsResponse>(
      await post('/find/physical/groupitems', { recordId, page: 2, rows: 3 }),
    );
    expect(page2.data).toMatchObject({ totalCount: 4 });
    expect(page2.data.list).toHaveLength(1);
    const big = envelopeOf<GroupItemsResponse>(await post('/find/physical/groupitems', { recordId, rows: 10000 }));
    expect(big.data.list).toHaveLength(4);
    expect((await post('/find/physical/groupitems', { recordId, page: 0 })).statusCode).toBe(400);
    expect((await post('/find/physical/groupitems', { recordId, rows: 0 })).statusCode).toBe(400);
    const shelfFirst = envelopeOf<GroupItemsResponse>(
      await post('/find/physical/groupitems', { recordId, sortType: 3 }),
    );
    expect(shelfFirst.data.list.at(-1)?.processTypeCode).toBe('412');
  });

  it('groupItemsByLibCode: by library name, main library first, counts consistent with the record', async () => {
    const recordId = String(ids.get('huozhe'));
    const { data } = envelopeOf<ItemsByLibrary>(await post('/find/physical/groupItemsByLibCode', { recordId }));
    expect(Object.keys(data.sortedList)).toEqual(['示范大学图书馆', '医学分馆']);
    expect(data.sortedList['示范大学图书馆']).toMatchObject({ libCode: 'OFU', mainFlag: '1' });
    expect(data.sortedList['示范大学图书馆']?.phyItemVo).toHaveLength(3);
    expect(data.sortedList['医学分馆']).toMatchObject({ libCode: 'OFU-MED', mainFlag: '0' });
    const detail = envelopeOf<RecordDetail>(await get('/find/searchResultDetail/getDetail', { recordId })).data;
    const all = Object.values(data.sortedList).flatMap((g) => g.phyItemVo);
    expect(all).toHaveLength(detail.record.physicalCount);
    expect(all.filter((i) => i.processTypeCode === '411')).toHaveLength(detail.record.onShelfCountI);
    expect(all.filter((i) => i.processTypeCode === '411' && i.circAttr === '0')).toHaveLength(
      detail.record.canBrrowCountI,
    );
    const stats = envelopeOf<RecordStatistics>(await get('/find/searchResultDetail/statistics', { recordId })).data;
    expect(stats).toMatchObject({ physicalCount: 4, onShelfCount: 3, onLoanCount: 1, loanCount: 8 });
  });

  it('groupItemsByLibCode: the main library is there even without copies', async () => {
    const { data } = envelopeOf<ItemsByLibrary>(
      await post('/find/physical/groupItemsByLibCode', { recordId: ids.get('plain') }),
    );
    expect(data.sortedList).toEqual({
      示范大学图书馆: { libName: '示范大学图书馆', libCode: 'OFU', mainFlag: '1', phyItemVo: [] },
    });
  });

  it('shelfNos, getDItems, contiItem/list and getAttachmentList', async () => {
    const huozhe = ids.get('huozhe')!;
    const shelves = envelopeOf<Array<{ locationId: string; itemCount: number; onShelfCount: number }>>(
      await post('/find/physical/shelfNos', { recordId: huozhe }),
    ).data;
    expect(shelves.map((s) => [s.locationId, s.itemCount, s.onShelfCount])).toEqual([
      ['101', 3, 2],
      ['301', 1, 1],
    ]);
    const d = envelopeOf<{ totalCount: number; list: Array<{ url: string; urlName: string | null }> }>(
      await post('/find/dItem/getDItems', { recordId: huozhe }),
    ).data;
    expect(d).toMatchObject({
      totalCount: 1,
      list: [{ url: 'https://ebooks.example.org/huozhe', urlName: '电子全文' }],
    });
    const issues = envelopeOf<{ totalCount: number; list: Array<{ year: string; vol: string; itemCount: number }> }>(
      await post('/find/contiItem/list', { recordId: ids.get('serial') }),
    ).data;
    expect(issues.list.map((i) => [i.year, i.vol, i.itemCount])).toEqual([
      ['2024', '43', 1],
      ['2023', '42', 2],
    ]);
    await t.db.kysely
      .insertInto('record_attachment')
      .values({ tenant_id: tenantId, record_id: huozhe, name: '目次', url: '/files/toc.pdf', kind: 'toc', size: 1234 })
      .execute();
    const files = envelopeOf<{ totalCount: number; list: unknown[] }>(
      await post('/find/attachment/getAttachmentList', { recordId: huozhe }),
    ).data;
    expect(files).toMatchObject({ totalCount: 1, list: [{ name: '目次', kind: 'toc', size: 1234 }] });
  });
});

describe('loans of a record', () => {
  it('getNearTenYearLoan: ten years, oldest first, zeros included, older loans left out', async () => {
    const { data } = envelopeOf<NearTenYearLoan>(
      await get('/find/loanInfo/getNearTenYearLoan', { recordId: String(ids.get('huozhe')) }),
    );
    expect(data.map((y) => y.year)).toEqual(Array.from({ length: 10 }, (_, i) => String(thisYear - 9 + i)));
    expect(data[0]?.loanCount).toBe(1);
    expect(data.reduce((s, y) => s + y.loanCount, 0)).toBe(7);
    const none = envelopeOf<NearTenYearLoan>(
      await get('/find/loanInfo/getNearTenYearLoan', { recordId: String(ids.get('plain')) }),
    ).data;
    expect(none.every((y) => y.loanCount === 0)).toBe(true);
  });

  it('getLoanAnalysis: totals, loans per copy, loan length, twelve months', async () => {
    const { data } = envelopeOf<LoanAnalysis>(
      await get('/find/searchResultDetail/getLoanAnalysis', { recordId: String(ids.get('huozhe')) }),
    );
    expect(data).toMatchObject({
      totalLoans: 8,
      loansLastYear: 6,
      itemCount: 4,
      onLoanCount: 1,
      loanRate: 1.5,
      averageLoanDays: 16.7,
      lastLoanDate: day(-1),
    });
    expect(data.byMonth).toHaveLength(12);
    expect(data.byMonth.reduce((s, m) => s + m.loanCount, 0)).toBe(6);
  });
});

describe('ratings and comments', () => {
  it('lists only approved comments, newest first, with masked names; ratings replace earlier ones', async () => {
    const recordId = ids.get('huozhe')!;
    const ev = t.services.evaluations;
    const first = await ev.comment(tenantId, { id: 1, name: '张三丰' }, { recordId, content: '很好看', score: 3 });
    expect(first).toMatchObject({ status: 'pending', score: 3 });
    await ev.comment(tenantId, { id: 1, name: '张三丰' }, { recordId, content: '', score: 5 });
    const second = await ev.comment(tenantId, { id: 2, name: 'Li' }, { recordId, content: '感人至深', score: 4 });
    await ev.comment(tenantId, { id: 3, name: '王五' }, { recordId, content: '广告内容', score: null });
    await t.db.kysely
      .updateTable('record_comment')
      .set({ status: 'approved', created_at: '2025-01-01T00:00:00Z' })
      .where('id', '=', String(first.commentId))
      .execute();
    await t.db.kysely
      .updateTable('record_comment')
      .set({ status: 'approved' })
      .where('id', '=', String(second.commentId))
      .execute();
    await t.db.kysely
      .updateTable('record_comment')
      .set({ status: 'rejected' })
      .where('content', '=', '广告内容')
      .execute();

    const list = envelopeOf<CommentPage>(await post('/find/findUserEvaluation/userCommentList', { recordId })).data;
    expect(list.totalCount).toBe(2);
    expect(list.list.map((c) => [c.content, c.userName, c.score])).toEqual([
      ['感人至深', 'L*', 4],
      ['很好看', '张**', 5],
    ]);
    const score = envelopeOf<UserScore>(await post('/find/findUserEvaluation/getUserScore', { recordId })).data;
    expect(score).toEqual({ recordId, avgScore: 4.5, ratingCount: 2, distribution: [0, 0, 0, 1, 1], myScore: null });
    const stats = envelopeOf<RecordStatistics>(
      await get('/find/searchResultDetail/statistics', { recordId: String(recordId) }),
    ).data;
    expect(stats).toMatchObject({ commentCount: 2, ratingCount: 2, avgScore: 4.5 });
    const detail = envelopeOf<RecordDetail>(
      await get('/find/searchResultDetail/getDetail', { recordId: String(recordId) }),
    ).data;
    expect(detail.record.avgScore).toBe(4.5);
  });

  it('userComment needs a logged-in reader (401, translated)', async () => {
    const res = await post(
      '/find/findUserEvaluation/userComment',
      { recordId: ids.get('huozhe'), content: 'x', score: 5 },
      'en_US',
    );
    expect(res.statusCode).toBe(401);
    expect(envelopeOf(res)).toMatchObject({ success: false, errCode: 401, message: 'Please log in!' });
  });

  it('a logged-in reader comments under the name of the account, masked when listed', async () => {
    const recordId = ids.get('huozhe')!;
    const jwt = await tokenOf(t, 'reader', DEMO_PASSWORD);
    const res = await t.call({
      url: '/find/findUserEvaluation/userComment',
      mappingPath: '',
      headers: bearer(jwt),
      body: { recordId, content: '值得一读', score: 4 },
    });
    const posted = envelopeOf<{ commentId: number; status: string; score: number }>(res);
    expect(posted).toMatchObject({ success: true, data: { status: 'pending', score: 4 } });
    const row = await t.db.kysely
      .selectFrom('record_comment')
      .select(['reader_name', 'status', 'reader_id'])
      .where('id', '=', String(posted.data.commentId))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reader_name: '李明', status: 'pending' });
    await t.db.kysely
      .updateTable('record_comment')
      .set({ status: 'approved' })
      .where('id', '=', String(posted.data.commentId))
      .execute();
    const list = envelopeOf<CommentPage>(await post('/find/findUserEvaluation/userCommentList', { recordId })).data;
    expect(list.list.find((c) => c.content === '值得一读')?.userName).toBe('李*');
    await t.db.kysely.deleteFrom('record_comment').where('id', '=', String(posted.data.commentId)).execute();
    await t.db.kysely
      .deleteFrom('record_rating')
      .where('record_id', '=', recordId)
      .where('reader_id', '=', row.reader_id)
      .execute();
  });

  it('refuses a score outside 1…5 and an empty comment', async () => {
    const recordId = ids.get('huozhe')!;
    const jwt = await tokenOf(t, 'reader', DEMO_PASSWORD);
    const comment = (body: unknown) =>
      t.call({ url: '/find/findUserEvaluation/userComment', mappingPath: '', headers: bearer(jwt), body });
    expect((await comment({ recordId, score: 6 })).statusCode).toBe(400);
    // A reader's call: without a session it is refused before its body is read.
    expect((await post('/find/findUserEvaluation/userComment', { recordId, score: 6 })).statusCode).toBe(401);
    await expect(
      t.services.evaluations.comment(tenantId, { id: 9, name: 'x' }, { recordId, content: '', score: null }),
    ).rejects.toMatchObject({ errCode: 40303 });
  });
});

describe('due dates of imported copies', () => {
  it('are read from the loan status the source gives', () => {
    expect(dueDateIn('借出-应还日期:2026-12-01')).toBe('2026-12-01');
    expect(dueDateIn('Due 2026/02/28')).toBe('2026-02-28');
    expect(dueDateIn('checked out 20261201')).toBe('2026-12-01');
    expect(dueDateIn('借出-应还日期:2026-02-30')).toBeNull();
    expect(dueDateIn('借出')).toBeNull();
    const places = { locations: new Map(), libraries: new Map() };
    expect(holdingToItem({ barcode: 'B1', status: '借出-应还日期:2026-12-01' }, places)).toMatchObject({
      processTypeCode: '412',
      dueDate: '2026-12-01',
    });
    expect(holdingToItem({ barcode: 'B2', status: '在架 2026-12-01' }, places)).toMatchObject({
      processTypeCode: '411',
      dueDate: null,
    });
  });
});
