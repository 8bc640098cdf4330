import {
  ApiPath,
  type GroupItemsResponse,
  type ItemsByLibrary,
  type RecordDetail,
  type RecordStatistics,
} from '@openfind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueDateIn, holdingToItem } from '../src/modules/catalogue/import/bib-to-record.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { addLoans, clientOf, day, makeRecord, makeTenant, type MadeTenant } from './support/factories.js';

/** Holdings: the copies of a record, by library and shelf, its issues, digital copies and attachments. */

let t: TestApp;
let tenant: MadeTenant;
let api: ReturnType<typeof clientOf>;
let huozhe: number;
/** A record without copies. */
let plain: number;
let serial: number;

// A new institution with the demo's libraries (示范大学图书馆 OFU, main; 医学分馆 OFU-MED).
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  tenant = await makeTenant(t, { libraries: 'demo' });
  api = clientOf(t, tenant);
  // 活着: three copies in the main library's location 101 (one on loan, one for reading only), one in the branch.
  const callNo = 'I247.57/158';
  huozhe = await makeRecord(t, tenant.id, {
    title: '活着',
    callNumbers: [callNo],
    links: [{ url: 'https://ebooks.example.org/huozhe', label: '电子全文' }],
    items: [
      { barcode: 'HZ001', callNo },
      { barcode: 'HZ002', callNo, processTypeCode: '412', dueDate: day(14) },
      { barcode: 'HZ003', callNo, circAttr: '1' },
      { barcode: 'HZ004', callNo, libCode: 'OFU-MED', campusId: '3', locationId: '301', curLocationId: '301' },
    ],
  });
  await addLoans(
    t,
    tenant.id,
    // One copy lent again and again: each loan returned the next day (one open loan per copy).
    [1, 2, 3, 5, 6, 200, 300, 400].map((d) => ({
      recordId: huozhe,
      barcode: 'HZ001',
      loanDate: day(-d),
      returnDate: day(-d + 1),
    })),
  );
  plain = await makeRecord(t, tenant.id, { title: 'Data science at the command line' });
  serial = await makeRecord(t, tenant.id, {
    title: '图书馆杂志',
    docCode: '2',
    issn: '1000-4254',
    items: [
      { barcode: 'SJ2023A', year: '2023', vol: '42' },
      { barcode: 'SJ2023B', year: '2023', vol: '42', processTypeCode: '412', dueDate: day(3) },
      { barcode: 'SJ2024', year: '2024', vol: '43' },
    ],
  });
});
afterAll(async () => t?.close());

describe('holdings', () => {
  it('groupitems: every copy with status text, due date and names in the request language', async () => {
    const res = await api.post(ApiPath.groupItems, { recordId: huozhe, page: 1, rows: 10, entrance: 1, isUnify: 0 });
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

    const en = envelopeOf<GroupItemsResponse>(await api.post(ApiPath.groupItems, { recordId: huozhe }, 'en_US')).data;
    expect(en.list.find((i) => i.barcode === 'HZ002')?.processType).toBe(`On loan - due ${day(14)}`);
    expect(en.list.find((i) => i.barcode === 'HZ001')?.processType).toBe('On shelf');
    const tw = envelopeOf<GroupItemsResponse>(await api.post(ApiPath.groupItems, { recordId: huozhe }, 'zh_HK')).data;
    expect(tw.list.find((i) => i.barcode === 'HZ002')?.processType).toBe(`借出-應還日期:${day(14)}`);
  });

  it('groupitems: pages, clamps rows, refuses page 0', async () => {
    const recordId = huozhe;
    const page2 = envelopeOf<GroupItemsResponse>(await api.post(ApiPath.groupItems, { recordId, page: 2, rows: 3 }));
    expect(page2.data).toMatchObject({ totalCount: 4 });
    expect(page2.data.list).toHaveLength(1);
    const big = envelopeOf<GroupItemsResponse>(await api.post(ApiPath.groupItems, { recordId, rows: 10000 }));
    expect(big.data.list).toHaveLength(4);
    expect((await api.post(ApiPath.groupItems, { recordId, page: 0 })).statusCode).toBe(400);
    expect((await api.post(ApiPath.groupItems, { recordId, rows: 0 })).statusCode).toBe(400);
    const shelfFirst = envelopeOf<GroupItemsResponse>(await api.post(ApiPath.groupItems, { recordId, sortType: 3 }));
    expect(shelfFirst.data.list.at(-1)?.processTypeCode).toBe('412');
  });

  it('groupItemsByLibCode: by library name, main library first, counts consistent with the record', async () => {
    const recordId = String(huozhe);
    const { data } = envelopeOf<ItemsByLibrary>(await api.post(ApiPath.groupItemsByLibCode, { recordId }));
    expect(Object.keys(data.sortedList)).toEqual(['示范大学图书馆', '医学分馆']);
    expect(data.sortedList['示范大学图书馆']).toMatchObject({ libCode: 'OFU', mainFlag: '1' });
    expect(data.sortedList['示范大学图书馆']?.phyItemVo).toHaveLength(3);
    expect(data.sortedList['医学分馆']).toMatchObject({ libCode: 'OFU-MED', mainFlag: '0' });
    const detail = envelopeOf<RecordDetail>(await api.get(ApiPath.getDetail, { recordId })).data;
    const all = Object.values(data.sortedList).flatMap((g) => g.phyItemVo);
    expect(all).toHaveLength(detail.record.physicalCount);
    expect(all.filter((i) => i.processTypeCode === '411')).toHaveLength(detail.record.onShelfCountI);
    expect(all.filter((i) => i.processTypeCode === '411' && i.circAttr === '0')).toHaveLength(
      detail.record.canBrrowCountI,
    );
    const stats = envelopeOf<RecordStatistics>(await api.get(ApiPath.recordStatistics, { recordId })).data;
    expect(stats).toMatchObject({ physicalCount: 4, onShelfCount: 3, onLoanCount: 1, loanCount: 8 });
  });

  it('groupItemsByLibCode: the main library is there even without copies', async () => {
    const { data } = envelopeOf<ItemsByLibrary>(await api.post(ApiPath.groupItemsByLibCode, { recordId: plain }));
    expect(data.sortedList).toEqual({
      示范大学图书馆: { libName: '示范大学图书馆', libCode: 'OFU', mainFlag: '1', phyItemVo: [] },
    });
  });

  it('shelfNos, getDItems, contiItem/list and getAttachmentList', async () => {
    const shelves = envelopeOf<Array<{ locationId: string; itemCount: number; onShelfCount: number }>>(
      await api.post(ApiPath.shelfNos, { recordId: huozhe }),
    ).data;
    expect(shelves.map((s) => [s.locationId, s.itemCount, s.onShelfCount])).toEqual([
      ['101', 3, 2],
      ['301', 1, 1],
    ]);
    const d = envelopeOf<{ totalCount: number; list: Array<{ url: string; urlName: string | null }> }>(
      await api.post(ApiPath.getDItems, { recordId: huozhe }),
    ).data;
    expect(d).toMatchObject({
      totalCount: 1,
      list: [{ url: 'https://ebooks.example.org/huozhe', urlName: '电子全文' }],
    });
    const issues = envelopeOf<{ totalCount: number; list: Array<{ year: string; vol: string; itemCount: number }> }>(
      await api.post(ApiPath.contiItemList, { recordId: serial }),
    ).data;
    expect(issues.list.map((i) => [i.year, i.vol, i.itemCount])).toEqual([
      ['2024', '43', 1],
      ['2023', '42', 2],
    ]);
    // A record of its own for the attachment, so the shared records stay as the other tests expect them.
    const withToc = await makeRecord(t, tenant.id, { title: '活着' });
    await t.db.kysely
      .insertInto('record_attachment')
      .values({
        tenant_id: tenant.id,
        record_id: withToc,
        name: '目次',
        url: '/files/toc.pdf',
        kind: 'toc',
        size: 1234,
      })
      .execute();
    const files = envelopeOf<{ totalCount: number; list: unknown[] }>(
      await api.post(ApiPath.getAttachmentList, { recordId: withToc }),
    ).data;
    expect(files).toMatchObject({ totalCount: 1, list: [{ name: '目次', kind: 'toc', size: 1234 }] });
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
