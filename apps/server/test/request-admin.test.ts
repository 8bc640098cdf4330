import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  RequestAdminErrCode,
  type AdminRequestDetail,
  type AdminRequestPage,
  type AdminRequestStep,
  type DeskPlacedRequest,
  type ExpiredHoldCleared,
  type ExpiredHoldPage,
  type PickList,
  type RequestPage,
} from '@openfind/contract';
import { t as text, type MessageKey } from '../src/http/messages.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { day, makeReader, makeRecords, makeTenant, signIn, type MadeTenant } from './support/factories.js';
import { makeStaff, staffHeader } from './support/staff.js';

/**
 * Issue 28: the staff console's request manager: the list and its filters, a request's detail and
 * history, the pick list, the steps of a held copy (fetched, on the hold shelf with the reader told,
 * cancelled with a reason), expired holds taken off the hold shelf; each step once under a double
 * click, audited, within a desk account's libraries and the institution.
 */

let t: TestApp;
let tenant: MadeTenant;
let other: MadeTenant;
/** A desk account for every library, one for the medical branch (OFU-MED) only, and one of another institution. */
let desk: Record<string, string>;
let deskId: number;
let branch: Record<string, string>;
let otherDesk: Record<string, string>;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  tenant = await makeTenant(t, { libraries: 'demo' });
  other = await makeTenant(t, { libraries: 'demo' });
  const all = await makeStaff(t, tenant.id, { role: 'staff', name: '李老师' });
  deskId = all.id;
  desk = await staffHeader(t, all);
  branch = await staffHeader(t, await makeStaff(t, tenant.id, { role: 'staff', libCodes: ['OFU-MED'] }));
  otherDesk = await staffHeader(t, await makeStaff(t, other.id, { role: 'staff' }));
});
afterAll(async () => t?.close());

type Lang = CallOptions['lang'];

async function call<T>(
  url: string,
  input: Record<string, unknown>,
  opts: { headers?: Record<string, string>; lang?: Lang; to?: MadeTenant; method?: 'GET' | 'POST' } = {},
) {
  const res = await t.call({
    url,
    mappingPath: (opts.to ?? tenant).mappingPath,
    lang: opts.lang,
    headers: opts.headers ?? desk,
    ...(opts.method === 'GET'
      ? { query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])) }
      : { body: input }),
  });
  return { status: res.statusCode, ...envelopeOf<T>(res) };
}
const get = <T>(url: string, query: Record<string, unknown> = {}, headers = desk, to = tenant) =>
  call<T>(url, query, { headers, to, method: 'GET' });

function refused(
  r: { status: number; success: boolean; errCode: number; message: string },
  code: number,
  key: MessageKey,
) {
  expect({ status: r.status, success: r.success, errCode: r.errCode, message: r.message }).toEqual({
    status: 200,
    success: false,
    errCode: code,
    message: text('zh-CN', key),
  });
}

/** A new record with one copy on the shelf (main library OFU, location 101 unless said), and its call number. */
async function onShelf(opts: { libCode?: string; callNo?: string } = {}, to = tenant) {
  const barcode = `Q${++serial}`;
  const callNo = opts.callNo ?? `I247.${serial}`;
  const [recordId] = await makeRecords(t, to.id, [
    { title: `待取的书${serial}`, items: [{ barcode, callNo, ...(opts.libCode ? { libCode: opts.libCode } : {}) }] },
  ]);
  return { barcode, recordId, callNo };
}

/** A request placed at the desk for a new reader; the reader and the request. */
async function placed(recordId: number, opts: { pickup?: string; type?: 'reserve' | 'entrust'; to?: MadeTenant } = {}) {
  const to = opts.to ?? tenant;
  const reader = await makeReader(t, to.id);
  const r = await call<DeskPlacedRequest>(
    ApiPath.deskRequest,
    { reader: reader.account, recordId, pickupLibCode: opts.pickup ?? 'OFU', requestType: opts.type ?? 'reserve' },
    { headers: to === tenant ? desk : otherDesk, to },
  );
  expect(r.success).toBe(true);
  return { reader, requestId: r.data.requestId, status: r.data.status };
}

const inbox = (readerId: number) =>
  t.db.kysely
    .selectFrom('reader_inbox')
    .select(['subject', 'body'])
    .where('tenant_id', '=', tenant.id)
    .where('reader_id', '=', readerId)
    .orderBy('id')
    .execute();

/** The audit rows of a request, oldest first. */
const auditOf = async (requestId: number) =>
  (await t.services.staff.auditLog(tenant.id, 500)).filter((r) => r.target === `request ${requestId}`).reverse();

describe('the way of a held copy to the reader', () => {
  it('lists a copy to fetch, then fetched, then on the hold shelf with the reader told the pickup code', async () => {
    const { barcode, recordId, callNo } = await onShelf();
    const { reader, requestId, status } = await placed(recordId, { type: 'entrust' });
    expect(status).toBe('ready');

    const list = await get<AdminRequestPage>(ApiPath.adminRequests, { q: reader.account });
    expect(list.data.list).toEqual([
      expect.objectContaining({
        requestId,
        status: 'ready',
        holdStage: 'pick',
        barcode,
        callNo,
        reader: reader.account,
      }),
    ]);
    const pick = await get<PickList>(ApiPath.adminPickList);
    const item = pick.data.groups
      .flatMap((g) => g.items.map((i) => ({ ...i, group: g })))
      .find((i) => i.requestId === requestId);
    expect(item).toMatchObject({ barcode, callNo, group: { libCode: 'OFU', location: '中文图书借阅区（二层）' } });

    const fetched = await call<AdminRequestStep>(ApiPath.adminRetrieveRequest, { requestId });
    expect(fetched.data).toMatchObject({ requestId, status: 'ready', holdStage: 'retrieved' });
    expect(fetched.message).toBe(text('zh-CN', 'requestAdminRetrieved', { title: item!.title }));
    // Fetched: off the pick list; a second click is told why.
    expect(
      (await get<PickList>(ApiPath.adminPickList)).data.groups
        .flatMap((g) => g.items)
        .some((i) => i.requestId === requestId),
    ).toBe(false);
    refused(
      await call(ApiPath.adminRetrieveRequest, { requestId }),
      RequestAdminErrCode.notToRetrieve,
      'requestAdminNotToRetrieve',
    );

    // The last day counts from the day it is on the hold shelf; the reader is told in the inbox.
    await t.db.kysely
      .updateTable('circ_request')
      .set({ ready_until: day(1) })
      .where('id', '=', String(requestId))
      .execute();
    const shelved = await call<AdminRequestStep>(ApiPath.adminShelveRequest, { requestId }, { lang: 'en-US' });
    expect(shelved.data).toMatchObject({ requestId, holdStage: 'shelved', readyUntil: day(6) });
    expect(shelved.data.pickupCode).toMatch(/^\d{6}$/);
    expect(shelved.message).toBe(text('en-US', 'requestAdminShelved', { title: item!.title, date: day(6) }));
    const told = await inbox(reader.id);
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain(shelved.data.pickupCode!);
    expect(told[0]!.body).toContain(day(6));
    refused(
      await call(ApiPath.adminShelveRequest, { requestId }),
      RequestAdminErrCode.notToShelve,
      'requestAdminNotToShelve',
    );

    // The reader sees it ready with the code; the detail has the history and its audit rows.
    const mine = await t.call({
      url: ApiPath.requestList,
      mappingPath: tenant.mappingPath,
      headers: await signIn(t, tenant, reader),
      body: {},
    });
    expect(envelopeOf<RequestPage>(mine).data.list[0]).toMatchObject({
      requestId,
      status: 'ready',
      pickupCode: shelved.data.pickupCode,
      readyUntil: day(6),
    });
    const detail = await get<AdminRequestDetail>(ApiPath.adminRequestDetail, { requestId });
    expect(detail.data).toMatchObject({
      requestId,
      reader: reader.account,
      cardNo: reader.cardNo,
      holdStage: 'shelved',
    });
    expect(detail.data.history.map((h) => h.action)).toEqual(
      expect.arrayContaining(['placed', 'desk.request', 'retrieved', 'request.retrieve', 'shelved', 'request.shelve']),
    );
    const audit = await auditOf(requestId);
    expect(audit.map((a) => [a.action, a.staffId])).toEqual([
      ['request.retrieve', deskId],
      ['request.shelve', deskId],
    ]);
    expect(audit[1]).toMatchObject({
      before: { status: 'ready', holdStage: 'retrieved' },
      after: { requestId, holdStage: 'shelved', readyUntil: day(6), reader: reader.account, barcode },
    });
  });

  it('shelves once when two staff click at once: one success, one message to the reader', async () => {
    const { recordId } = await onShelf();
    const { reader, requestId } = await placed(recordId);
    const both = await Promise.all([
      call<AdminRequestStep>(ApiPath.adminShelveRequest, { requestId }),
      call<AdminRequestStep>(ApiPath.adminShelveRequest, { requestId }),
    ]);
    expect(both.map((r) => r.success).sort()).toEqual([false, true]);
    expect(both.find((r) => !r.success)!.errCode).toBe(RequestAdminErrCode.notToShelve);
    expect(await inbox(reader.id)).toHaveLength(1);
    expect((await auditOf(requestId)).map((a) => a.action)).toEqual(['request.shelve']);
  });

  it('cancels with a reason the reader is told; the held copy goes to the next reader, still to fetch', async () => {
    const { barcode, recordId } = await onShelf();
    const first = await placed(recordId);
    const second = await placed(recordId);
    expect(second.status).toBe('waiting');
    const bad = await call(ApiPath.adminCancelRequest, { requestId: first.requestId, reason: '  ' });
    expect(bad.status).toBe(400);

    const done = await call<AdminRequestStep>(ApiPath.adminCancelRequest, {
      requestId: first.requestId,
      reason: '该册图书破损，已送修',
    });
    expect(done.data).toMatchObject({ status: 'cancelled', pickupCode: null });
    const told = await inbox(first.reader.id);
    expect(told.at(-1)!.body).toContain('该册图书破损，已送修');
    const next = await get<AdminRequestDetail>(ApiPath.adminRequestDetail, { requestId: second.requestId });
    expect(next.data).toMatchObject({ status: 'ready', holdStage: 'pick', barcode });
    const gone = await get<AdminRequestDetail>(ApiPath.adminRequestDetail, { requestId: first.requestId });
    expect(gone.data.cancelReason).toBe('该册图书破损，已送修');
    refused(
      await call(ApiPath.adminCancelRequest, { requestId: first.requestId, reason: '再来一次' }),
      RequestAdminErrCode.notCancellable,
      'requestAdminNotCancellable',
    );
    expect(
      (await auditOf(first.requestId)).map((a) => [a.action, (a.after as { nextRequestId: number }).nextRequestId]),
    ).toEqual([['request.cancel', second.requestId]]);
  });

  it('lists expired holds still on the hold shelf: passed on to the next reader, or back to the shelf', async () => {
    const a = await onShelf();
    const held = await placed(a.recordId);
    const waiting = await placed(a.recordId);
    const b = await onShelf();
    const alone = await placed(b.recordId);
    for (const r of [held, alone]) {
      expect((await call(ApiPath.adminShelveRequest, { requestId: r.requestId })).success).toBe(true);
      await t.db.kysely
        .updateTable('circ_request')
        .set({ ready_until: day(-1) })
        .where('id', '=', String(r.requestId))
        .execute();
    }
    const expired = await get<ExpiredHoldPage>(ApiPath.adminExpiredHolds, { rows: 100 });
    const mine = expired.data.list.filter((e) => [held.requestId, alone.requestId].includes(e.requestId));
    expect(mine.map((e) => [e.requestId, e.status, e.next, e.nextRequestId])).toEqual([
      [held.requestId, 'expired', 'passedOn', waiting.requestId],
      [alone.requestId, 'expired', 'reshelved', null],
    ]);
    // The copy is held for the next reader, in staff's hands (taken off the hold shelf).
    const next = await get<AdminRequestDetail>(ApiPath.adminRequestDetail, { requestId: waiting.requestId });
    expect(next.data).toMatchObject({ status: 'ready', holdStage: 'retrieved', barcode: a.barcode });

    const passed = await call<ExpiredHoldCleared>(ApiPath.adminClearExpiredHold, { requestId: held.requestId });
    expect(passed.data).toEqual({ requestId: held.requestId, outcome: 'passedOn', nextRequestId: waiting.requestId });
    const back = await call<ExpiredHoldCleared>(ApiPath.adminClearExpiredHold, { requestId: alone.requestId });
    expect(back.data.outcome).toBe('reshelved');
    refused(
      await call(ApiPath.adminClearExpiredHold, { requestId: alone.requestId }),
      RequestAdminErrCode.noExpiredHold,
      'requestAdminNoExpiredHold',
    );
    const after = await get<ExpiredHoldPage>(ApiPath.adminExpiredHolds, { rows: 100 });
    expect(after.data.list.some((e) => [held.requestId, alone.requestId].includes(e.requestId))).toBe(false);
  });
});

describe('the list, libraries and institutions', () => {
  it('filters by status, stage, kind, library, date and reader or title', async () => {
    const { recordId } = await onShelf({ callNo: 'TP311.1' });
    const r = await placed(recordId, { type: 'entrust', pickup: 'OFU-MED' });
    const title = `待取的书${serial}`;
    const ids = async (q: Record<string, unknown>) =>
      (await get<AdminRequestPage>(ApiPath.adminRequests, { rows: 100, ...q })).data.list.map((x) => x.requestId);
    expect(await ids({ q: title })).toEqual([r.requestId]);
    expect(await ids({ q: r.reader.name })).toEqual([r.requestId]);
    expect(await ids({ q: title, kind: 'entrust', status: 'ready', stage: 'pick', libCode: 'OFU-MED' })).toEqual([
      r.requestId,
    ]);
    expect(await ids({ q: title, kind: 'reserve' })).toEqual([]);
    expect(await ids({ q: title, stage: 'shelved' })).toEqual([]);
    expect(await ids({ q: title, from: day(0), to: day(0) })).toEqual([r.requestId]);
    expect(await ids({ q: title, from: day(1) })).toEqual([]);
    const bad = await get(ApiPath.adminRequests, { from: 'yesterday' });
    expect(bad.status).toBe(400);
  });

  it("a desk account limited to a library sees and acts on that library's requests only", async () => {
    const main = await onShelf();
    const mainReq = await placed(main.recordId);
    const med = await onShelf({ libCode: 'OFU-MED' });
    const medReq = await placed(med.recordId);
    const seen = (await get<AdminRequestPage>(ApiPath.adminRequests, { rows: 100 }, branch)).data.list.map(
      (x) => x.requestId,
    );
    expect(seen).toContain(medReq.requestId);
    expect(seen).not.toContain(mainReq.requestId);
    const picks = (await get<PickList>(ApiPath.adminPickList, {}, branch)).data.groups;
    expect(picks.every((g) => g.libCode === 'OFU-MED')).toBe(true);
    refused(
      await call(ApiPath.adminShelveRequest, { requestId: mainReq.requestId }, { headers: branch }),
      RequestAdminErrCode.otherLibrary,
      'requestAdminOtherLibrary',
    );
    refused(
      await get(ApiPath.adminRequestDetail, { requestId: mainReq.requestId }, branch),
      RequestAdminErrCode.otherLibrary,
      'requestAdminOtherLibrary',
    );
    expect((await call(ApiPath.adminShelveRequest, { requestId: medReq.requestId }, { headers: branch })).success).toBe(
      true,
    );
  });

  it("never shows or changes another institution's request", async () => {
    const theirs = await onShelf({}, other);
    const req = await placed(theirs.recordId, { to: other });
    expect(
      (await get<AdminRequestPage>(ApiPath.adminRequests, { rows: 100 })).data.list.some(
        (x) => x.requestId === req.requestId,
      ),
    ).toBe(false);
    refused(
      await call(ApiPath.adminRetrieveRequest, { requestId: req.requestId }),
      RequestAdminErrCode.noSuchRequest,
      'requestAdminNoSuch',
    );
    refused(
      await call(ApiPath.adminCancelRequest, { requestId: req.requestId, reason: '测试' }),
      RequestAdminErrCode.noSuchRequest,
      'requestAdminNoSuch',
    );
    // Their own staff see it.
    const mine = await get<AdminRequestPage>(ApiPath.adminRequests, { rows: 100 }, otherDesk, other);
    expect(mine.data.list.map((x) => x.requestId)).toContain(req.requestId);
    const status = await t.db.kysely
      .selectFrom('circ_request')
      .select(['status', 'hold_stage'])
      .where('id', '=', String(req.requestId))
      .executeTakeFirstOrThrow();
    expect(status).toEqual({ status: 'ready', hold_stage: 'pick' });
  });
});
