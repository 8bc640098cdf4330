import { ApiPath, type BookDetail, type QrCode, type RecordDetail, type RecordStatistics } from '@openfind/contract';
import { parseStoredMarc, storedMarcText } from '@openfind/marc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t as text } from '../src/http/messages.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { clientOf, day, makeRecord, makeTenant, type MadeTenant, type RecordSpec } from './support/factories.js';

/** The record page: the catalogue card (getBookDetail), the full detail with its MARC, record ids, the QR code. */

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

/** 活着 as an import stores it: the record model, its MARC, a link and four copies (one on loan). */
const HUOZHE: RecordSpec = {
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
  isbn: '9787530215593',
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
  items: [{}, { processTypeCode: '412', dueDate: day(14) }, { circAttr: '1' }, {}],
};

let t: TestApp;
let tenant: MadeTenant;
let api: ReturnType<typeof clientOf>;
let huozhe: number;
/** The same record kept in the line form an import writes (storedMarcText), no copies. */
let huozheLines: number;
/** A record without MARC. */
let plain: number;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  tenant = await makeTenant(t);
  api = clientOf(t, tenant);
  huozhe = await makeRecord(t, tenant.id, HUOZHE);
  huozheLines = await makeRecord(t, tenant.id, {
    sourceFormat: 'unimarc',
    title: '活着',
    marc: storedMarcText(parseStoredMarc(JSON.stringify(HUOZHE_MARC))!),
  });
  plain = await makeRecord(t, tenant.id, {
    title: 'Data science at the command line',
    author: 'Jeroen Janssens',
    authors: ['Janssens, Jeroen', 'Doe, Jane'],
    publisher: "O'Reilly",
    publishYear: '2021',
  });
});
afterAll(async () => t?.close());

describe('getBookDetail and getDetail', () => {
  it('answers bean2List rows in the real shape and order, from the stored record and its MARC', async () => {
    const res = await api.get(ApiPath.getBookDetail, { recordId: String(huozhe) });
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
    const labels = async (lang: 'zh_CN' | 'zh_HK' | 'en_US') =>
      envelopeOf<BookDetail>(await api.get(ApiPath.getBookDetail, { recordId: String(huozhe) }, lang))
        .data.bean2List.filter((b) => ['cnb01', 'cnb03', 'cnb96'].includes(b.key))
        .map((b) => b.description);
    expect(await labels('zh_CN')).toEqual(['题名/责任者', '出版发行项', '提要文摘附注']);
    expect(await labels('zh_HK')).toEqual(['題名/責任者', '出版發行項', '提要文摘附註']);
    expect(await labels('en_US')).toEqual(['Title/Responsibility', 'Publication', 'Summary']);
  });

  it('builds names from the record model when no MARC was kept', async () => {
    const res = await api.get(ApiPath.getBookDetail, { recordId: String(plain) }, 'en_US');
    const rows = envelopeOf<BookDetail>(res).data.bean2List.map((b) => [b.key, b.fieldVal]);
    expect(rows).toContainEqual(['cnb48', 'Janssens, Jeroen']);
    expect(rows).toContainEqual(['cnb49', 'Doe, Jane']);
  });

  it('getDetail adds the essentials, the MARC view, links and counts, and counts the view', async () => {
    // A record of its own: the views counted here are the only ones it has.
    const recordId = String(await makeRecord(t, tenant.id, HUOZHE));
    const res = await api.get(ApiPath.getDetail, { recordId }, 'en_US');
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
    await api.get(ApiPath.getDetail, { recordId });
    const stats = envelopeOf<RecordStatistics>(await api.get(ApiPath.recordStatistics, { recordId })).data;
    expect(stats.viewCount).toBe(2);
  });

  it('shows a record kept in the line form as it shows one kept as marc-in-json', async () => {
    const detail = async (recordId: number) =>
      envelopeOf<RecordDetail>(await api.get(ApiPath.getDetail, { recordId: String(recordId) }, 'en_US')).data;
    const [json, lines] = [await detail(huozhe), await detail(huozheLines)];
    expect(lines.leader).toBe(HUOZHE_MARC.leader);
    expect(lines.marc).toHaveLength(HUOZHE_MARC.fields.length);
    expect(lines.marc).toEqual(json.marc);
  });
});

describe('record ids', () => {
  const calls: Array<[string, 'GET' | 'POST']> = [
    [ApiPath.getDetail, 'GET'],
    [ApiPath.getBookDetail, 'GET'],
    [ApiPath.getQrCode, 'GET'],
    [ApiPath.recordStatistics, 'GET'],
    [ApiPath.getLoanAnalysis, 'GET'],
    [ApiPath.getNearTenYearLoan, 'GET'],
    [ApiPath.groupItems, 'POST'],
    [ApiPath.groupItemsByLibCode, 'POST'],
    [ApiPath.shelfNos, 'POST'],
    [ApiPath.getDItems, 'POST'],
    [ApiPath.contiItemList, 'POST'],
    [ApiPath.getAttachmentList, 'POST'],
    [ApiPath.getUserScore, 'POST'],
    [ApiPath.userCommentList, 'POST'],
  ];
  const send = (url: string, method: 'GET' | 'POST', recordId: string | undefined, lang?: 'en_US') =>
    method === 'GET'
      ? api.get(url, recordId === undefined ? {} : { recordId }, lang)
      : api.post(url, recordId === undefined ? {} : { recordId }, lang);

  it.each(calls)('%s: unknown id → translated not-found, never a 500', async (url, method) => {
    const res = await send(url, method, '999999', 'en_US');
    expect(res.statusCode).toBe(200);
    const e = envelopeOf(res);
    expect(e).toMatchObject({ success: false, errCode: 40301, data: null });
    expect(e.message).toBe(text('en-US', 'recordNotFound', { recordId: '999999' }));
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
    const other = await makeTenant(t);
    const res = await clientOf(t, other).get(ApiPath.getDetail, { recordId: String(huozhe) });
    expect(envelopeOf(res)).toMatchObject({ success: false, errCode: 40301 });
  });

  it('answers malformed JSON with a translated 400', async () => {
    const res = await t.call({
      method: 'POST',
      url: ApiPath.groupItems,
      mappingPath: tenant.mappingPath,
      lang: 'zh_CN',
      headers: { 'content-type': 'application/json' },
      body: '{"recordId": ',
    });
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toBe(text('zh-CN', 'malformedJson'));
  });
});

describe('getQrCode', () => {
  it("encodes the record's page with the institution's path as a PNG data URL", async () => {
    const recordId = String(huozhe);
    const { data } = envelopeOf<QrCode>(await api.get(ApiPath.getQrCode, { recordId }));
    expect(data.url).toMatch(new RegExp(`^http://[^/]+/${tenant.mappingPath}/searchList/bookDetails/${recordId}$`));
    expect(data.qrCode).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(data.qrCode.split(',')[1]!, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const other = envelopeOf<QrCode>(
      await api.get(ApiPath.getQrCode, { recordId, url: `/x/searchList/bookDetails/${recordId}/2` }),
    ).data;
    expect(other.url).toMatch(new RegExp(`/x/searchList/bookDetails/${recordId}/2$`));
    expect(other.qrCode).not.toBe(data.qrCode);
  });

  it('refuses a URL of another site', async () => {
    const recordId = String(huozhe);
    for (const url of ['https://evil.example/', '//evil.example/x', 'searchList']) {
      expect((await api.get(ApiPath.getQrCode, { recordId, url })).statusCode).toBe(400);
    }
  });
});
