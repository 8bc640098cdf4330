import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  RelendErrCode,
  RequestErrCode,
  type AskedBook,
  type AskerCheck,
  type DeclinedAsk,
  type HolderAsks,
  type LoanListResponse,
  type ReaderCode,
  type ReceivedBook,
  type RelendCheck,
  type RelendTimes,
  type RequestPage,
} from '@openfind/contract';
import { checkin, checkout } from '../src/modules/circulation/desk-service.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import {
  day,
  makeReader,
  makeRecords,
  makeTenant,
  signIn,
  type MadeReader,
  type MadeTenant,
} from './support/factories.js';

let t: TestApp;
let tenant: MadeTenant;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  tenant = await makeTenant(t);
  // Loans of 30 days for everyone; the asker's own policy (reader type 'grad') lends for 60 days.
  await t.db.kysely
    .insertInto('loan_policy')
    .values([
      { tenant_id: tenant.id, loan_days: 30 },
      { tenant_id: tenant.id, reader_type: 'grad', loan_days: 60 },
    ])
    .execute();
});
afterAll(async () => t?.close());

type Headers = Record<string, string>;
const call = <T>(url: string, body: unknown, headers: Headers, lang?: CallOptions['lang']) =>
  t.call({ url, body, headers, lang, mappingPath: tenant.mappingPath }).then((res) => envelopeOf<T>(res));
const get = <T>(url: string, headers: Headers) =>
  t.call({ method: 'GET', url, headers, mappingPath: tenant.mappingPath }).then((res) => envelopeOf<T>(res).data);

/** A reader who takes part in transfer lending (My Library's own setting), signed in. */
async function holder(): Promise<{ reader: MadeReader; h: Headers }> {
  const reader = await makeReader(t, tenant.id);
  const h = await signIn(t, tenant, reader);
  const set = await call(ApiPath.updatePersonalInfo, { transferLendFlag: '1' }, h);
  expect(set.success).toBe(true);
  return { reader, h };
}

async function asker(readerType = ''): Promise<{ reader: MadeReader; h: Headers }> {
  const reader = await makeReader(t, tenant.id);
  if (readerType)
    await t.db.kysely.updateTable('reader').set({ reader_type: readerType }).where('id', '=', reader.id).execute();
  return { reader, h: await signIn(t, tenant, reader) };
}

/** A record with `copies` copies, each lent (through the desk) to the holder at the same index. */
async function lentRecord(holders: MadeReader[], title = `转借书${++serial}`) {
  const barcodes = holders.map((_, i) => `RL${tenant.id}-${serial}-${i}`);
  const [recordId] = await makeRecords(t, tenant.id, [{ title, items: barcodes.map((barcode) => ({ barcode })) }]);
  for (const [i, r] of holders.entries())
    await checkout(t.db.kysely, tenant.id, { reader: r.account, barcode: barcodes[i]! });
  return { recordId, barcodes, title };
}

const check = (h: Headers, recordId: number, lang?: CallOptions['lang']) =>
  call<RelendCheck>(ApiPath.beforeSubtenancy, { recordId }, h, lang).then((e) => e.data);
const ask = (h: Headers, recordId: number, note = '', lang?: CallOptions['lang']) =>
  call<AskedBook>(ApiPath.askBook, { recordId, note }, h, lang);
const asked = (h: Headers) => get<HolderAsks>(ApiPath.subtencyList, h).then((d) => d.list);
const agree = (h: Headers, requestId: number, lang?: CallOptions['lang']) =>
  call<ReaderCode>(ApiPath.agreeSubtenancy, { requestId }, h, lang);
const decline = (h: Headers, requestId: number) => call<DeclinedAsk>(ApiPath.declineSubtenancy, { requestId }, h);
const receive = (h: Headers, code: string, lang?: CallOptions['lang']) =>
  call<ReceivedBook>(ApiPath.receiveSubtenancy, { code }, h, lang);
const requests = (h: Headers) => call<RequestPage>(ApiPath.requestList, {}, h).then((e) => e.data.list);
const loans = (h: Headers) => call<LoanListResponse>(ApiPath.loanList, {}, h).then((e) => e.data.searchResult);

describe('asking for a lent-out book (beforeSubtenancy, askBook)', () => {
  it('refuses, with its translated reason, a copy on the shelf, a book the reader has, waiting reservations, an overdue loan', async () => {
    const a = await holder();
    const b = await asker();
    // A copy on the shelf.
    const [shelved] = await makeRecords(t, tenant.id, [{ title: '在架', items: [{ barcode: `SH${++serial}` }] }]);
    expect(await check(b.h, shelved, 'en_US')).toMatchObject({
      allowed: false,
      errCode: RelendErrCode.onShelf,
      reason: 'A copy of this book is on the shelf: reserve it or borrow it at the library',
    });
    expect((await ask(b.h, shelved, '', 'zh_HK')).message).toBe('這本書有在架的館藏，請直接預約或到館借閱');
    // The reader has it on loan already.
    const { recordId: mine } = await lentRecord([b.reader]);
    expect((await ask(b.h, mine)).errCode).toBe(RequestErrCode.alreadyOnLoan);
    // Another reader's reservation waits: the queue comes first.
    const { recordId: queued } = await lentRecord([a.reader]);
    const c = await asker();
    const main = (
      await t.db.kysely
        .selectFrom('library')
        .select('lib_code')
        .where('tenant_id', '=', tenant.id)
        .executeTakeFirstOrThrow()
    ).lib_code;
    expect(
      (await call(ApiPath.placeRequest, { recordId: queued, pickupLibCode: main, contactPhone: '13800000000' }, c.h))
        .success,
    ).toBe(true);
    expect(await ask(b.h, queued)).toMatchObject({ success: false, errCode: RelendErrCode.reservationsWaiting });
    // The only loan is overdue: nobody can pass a copy on.
    const { recordId: late, barcodes } = await lentRecord([a.reader]);
    await t.db.kysely
      .updateTable('loan_event')
      .set({ due_date: day(-2) })
      .where('barcode', '=', barcodes[0]!)
      .execute();
    expect(await ask(b.h, late)).toMatchObject({ success: false, errCode: RelendErrCode.noHolder });
    // A reader who does not take part in transfer lending is not asked.
    const { recordId: notPart } = await lentRecord([await makeReader(t, tenant.id)]);
    expect((await check(b.h, notPart)).errCode).toBe(RelendErrCode.noHolder);
    // Nothing was written by the refusals.
    expect(await requests(b.h)).toEqual([]);
    // A visitor is not asked who they are: 401.
    const visitor = await t.call({
      url: ApiPath.beforeSubtenancy,
      body: { recordId: late },
      mappingPath: tenant.mappingPath,
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('asks: the holder is told and sees the ask without who asked; the asker sees a waiting re-lend; asked twice is refused', async () => {
    const a = await holder();
    const b = await asker();
    const { recordId, title } = await lentRecord([a.reader]);
    expect(await check(b.h, recordId)).toMatchObject({ allowed: true, errCode: null, askDays: 7 });
    const made = await ask(b.h, recordId, '周三下午在主馆大厅');
    expect(made).toMatchObject({ success: true, data: { askUntil: day(6) } });
    expect(made.message).toBe(`已发出转借请求，借阅这本书的读者会收到通知；请求有效至 ${day(6)}`);
    expect((await ask(b.h, recordId)).errCode).toBe(RequestErrCode.alreadyRequested);
    const list = await asked(a.h);
    expect(list).toEqual([
      {
        requestId: made.data.requestId,
        recordId,
        title,
        author: null,
        status: 'waiting',
        askedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as string,
        askUntil: day(6),
        note: '周三下午在主馆大厅',
        dueDate: day(30),
      },
    ]);
    // Nothing in the answer names the asker.
    const raw = JSON.stringify(list);
    for (const who of [b.reader.account, b.reader.name]) expect(raw).not.toContain(who);
    const inbox = await t.db.kysely
      .selectFrom('reader_inbox')
      .select(['subject', 'body'])
      .where('reader_id', '=', a.reader.id)
      .execute();
    expect(inbox.some((m) => m.subject.includes(title) && !m.body.includes(b.reader.name))).toBe(true);
    // The asker's request list: a re-lend ask, no queue place, no copy.
    expect((await requests(b.h))[0]).toMatchObject({
      requestType: 'relend',
      status: 'waiting',
      queuePosition: null,
      barcode: null,
    });
    // Other readers see nothing, the asker is not asked of themselves.
    expect(await asked((await holder()).h)).toEqual([]);
    expect(await asked(b.h)).toEqual([]);
  });
});

describe('agreeing and taking the copy over', () => {
  it('agree → code; a wrong code is refused (translated); the right one moves the loan: the holder returned today, the asker lent under their own policy', async () => {
    const a = await holder();
    const b = await asker('grad');
    const { recordId, barcodes, title } = await lentRecord([a.reader]);
    const { requestId } = (await ask(b.h, recordId)).data;
    const agreed = await agree(a.h, requestId);
    expect(agreed.success).toBe(true);
    expect(agreed.data.code).toMatch(/^\d{6}$/);
    expect(agreed.data.secondsLeft).toBeGreaterThan(290);
    expect((await asked(a.h))[0]).toMatchObject({ requestId, status: 'ready' });
    expect((await requests(b.h))[0]).toMatchObject({ status: 'ready', barcode: null });
    // Before meeting, the holder may check the asker could take it (yes or no only).
    const able = await call<AskerCheck>(ApiPath.userApplyCheck, { requestId }, a.h);
    expect(able.data).toEqual({ eligible: true, reason: null });
    // A wrong code, in three languages; the holder cannot use their own code.
    const wrong = agreed.data.code === '000000' ? '000001' : '000000';
    expect(await receive(b.h, wrong)).toMatchObject({
      success: false,
      errCode: RelendErrCode.wrongCode,
      message: '请输入正确的转借码！',
    });
    expect((await receive(b.h, wrong, 'zh_HK')).message).toBe('請輸入正確的轉借碼！');
    expect((await receive(b.h, wrong, 'en_US')).message).toBe('Please enter a valid handover code!');
    expect((await receive(a.h, agreed.data.code)).errCode).toBe(RelendErrCode.wrongCode);
    // The request's own "accept a handover" call does not take a re-lend code.
    expect((await call(ApiPath.acceptRequest, { pickupCode: agreed.data.code }, b.h)).success).toBe(false);
    const done = await receive(b.h, agreed.data.code, 'en_US');
    expect(done).toMatchObject({ success: true, data: { recordId, title, dueDate: day(60) } });
    expect(done.message).toBe(`Done: “${title}” is lent to you, due ${day(60)}`);
    // The holder's loan is returned today (the desk's check-in: points for an on-time return).
    expect(await loans(a.h)).toEqual([]);
    const returned = await t.db.kysely
      .selectFrom('loan_event')
      .select(['return_date', 'reader_id', 'relend_count'])
      .where('barcode', '=', barcodes[0]!)
      .orderBy('id')
      .execute();
    expect(returned.map((l) => [l.reader_id, l.return_date === null, l.relend_count])).toEqual([
      [a.reader.id, false, 0],
      [b.reader.id, true, 1],
    ]);
    expect((await loans(b.h)).map((l) => [l.title, l.normReturnDate])).toEqual([[title, day(60)]]);
    expect((await requests(b.h))[0]).toMatchObject({ status: 'fulfilled', requestType: 'relend' });
    expect(await asked(a.h)).toEqual([]);
    // Used once.
    expect((await receive(b.h, agreed.data.code)).errCode).toBe(RelendErrCode.wrongCode);
  });

  it('two holders agreeing at once: one agreement; the code entered twice at once: one transfer', async () => {
    const [a1, a2] = [await holder(), await holder()];
    const b = await asker();
    const { recordId } = await lentRecord([a1.reader, a2.reader]);
    const { requestId } = (await ask(b.h, recordId)).data;
    const both = await Promise.all([agree(a1.h, requestId), agree(a2.h, requestId)]);
    expect(both.map((r) => r.success).sort()).toEqual([false, true]);
    expect(both.find((r) => !r.success)!.errCode).toBe(RelendErrCode.alreadyAgreed);
    const code = both.find((r) => r.success)!.data.code;
    const twice = await Promise.all([receive(b.h, code), receive(b.h, code), receive(b.h, code)]);
    expect(twice.filter((r) => r.success)).toHaveLength(1);
    const open = await t.db.kysely
      .selectFrom('loan_event')
      .select('reader_id')
      .where('record_id', '=', recordId)
      .where('return_date', 'is', null)
      .execute();
    expect(open.map((l) => l.reader_id).sort()).toEqual(
      [b.reader.id, both[0]!.success ? a2.reader.id : a1.reader.id].sort(),
    );
  });

  it('a decline leaves the ask open for the other holders; the last decline ends it (declined)', async () => {
    const [a1, a2] = [await holder(), await holder()];
    const b = await asker();
    const { recordId } = await lentRecord([a1.reader, a2.reader]);
    const { requestId } = (await ask(b.h, recordId)).data;
    expect((await decline(a1.h, requestId)).data).toEqual({ askEnded: false });
    expect(await asked(a1.h)).toEqual([]);
    expect((await agree(a1.h, requestId)).errCode).toBe(RelendErrCode.noSuchAsk);
    // The other holder agrees, then withdraws: the ask is open again, and the code is void.
    const code = (await agree(a2.h, requestId)).data.code;
    expect((await decline(a2.h, requestId)).data).toEqual({ askEnded: true });
    expect((await requests(b.h))[0]).toMatchObject({ status: 'declined' });
    expect((await receive(b.h, code)).errCode).toBe(RelendErrCode.wrongCode);
    // A reader who has no copy cannot answer; nor a stranger's decline of another's ask.
    const stranger = await holder();
    expect((await decline(stranger.h, requestId)).errCode).toBe(RelendErrCode.noSuchAsk);
  });

  it('the asker cancels while waiting or agreed; the copy stays the holder’s loan', async () => {
    const a = await holder();
    const b = await asker();
    const { recordId, barcodes } = await lentRecord([a.reader]);
    const { requestId } = (await ask(b.h, recordId)).data;
    const code = (await agree(a.h, requestId)).data.code;
    expect((await call(ApiPath.cancelRequest, { requestId }, b.h)).success).toBe(true);
    expect((await receive(b.h, code)).errCode).toBe(RelendErrCode.wrongCode);
    expect(await asked(a.h)).toEqual([]);
    expect((await loans(a.h)).map((l) => l.barcode)).toEqual([barcodes[0]]);
    // No hold was made of the lent copy.
    const held = await t.db.kysely
      .selectFrom('circ_request')
      .select('status')
      .where('barcode', '=', barcodes[0]!)
      .where('request_type', '<>', 'relend')
      .execute();
    expect(held).toEqual([]);
  });
});

describe('limits and the hold logic', () => {
  it('a copy is re-lent at most the limit of times in a row (subtenancyTimes says how many are left)', async () => {
    const readers = [await holder(), await holder(), await holder(), await holder()];
    const { recordId } = await lentRecord([readers[0]!.reader]);
    const times = (h: Headers) => call<RelendTimes>(ApiPath.subtenancyTimes, { recordId }, h).then((e) => e.data);
    expect(await times(readers[1]!.h)).toEqual({ limit: 2, timesLeft: 2, askDays: 7 });
    for (let i = 1; i <= 2; i++) {
      const { requestId } = (await ask(readers[i]!.h, recordId)).data;
      const code = (await agree(readers[i - 1]!.h, requestId)).data.code;
      expect((await receive(readers[i]!.h, code)).success).toBe(true);
    }
    expect(await times(readers[3]!.h)).toEqual({ limit: 2, timesLeft: 0, askDays: 7 });
    expect(await ask(readers[3]!.h, recordId)).toMatchObject({ success: false, errCode: RelendErrCode.noHolder });
    expect((await call<RelendTimes>(ApiPath.subtenancyTimes, {}, readers[3]!.h)).data).toEqual({
      limit: 2,
      timesLeft: null,
      askDays: 7,
    });
  });

  it('an agreed copy returned at the desk: no hold of a lent copy; the ask falls back to waiting, the returned copy goes to the queue or shelf', async () => {
    const [a1, a2] = [await holder(), await holder()];
    const b = await asker();
    const { recordId, barcodes } = await lentRecord([a1.reader, a2.reader]);
    const { requestId } = (await ask(b.h, recordId)).data;
    const agreed = await agree(a1.h, requestId);
    // While agreed, the lent copy is no hold: the pickup code of no request names it, the desk does not see it held.
    const summary = await t
      .call({ method: 'GET', url: ApiPath.loanSummary, headers: b.h, mappingPath: tenant.mappingPath })
      .then((res) => envelopeOf<{ requestsReady: number | null }>(res).data);
    expect(summary.requestsReady).toBe(0);
    const desk = await checkout(t.db.kysely, tenant.id, { reader: b.reader.account, barcode: barcodes[0]! }).catch(
      (e: { refusal: string }) => e.refusal,
    );
    expect(desk).toBe('onLoan');
    // The holder returns the copy at the desk instead.
    const back = await checkin(t.db.kysely, tenant.id, { barcode: barcodes[0]! });
    expect(back.heldFor).toBeNull();
    expect((await requests(b.h))[0]).toMatchObject({ requestId, status: 'waiting', requestType: 'relend' });
    expect((await receive(b.h, agreed.data.code)).errCode).toBe(RelendErrCode.wrongCode);
    // The copy is on the shelf: anyone may borrow it at the desk (not held for the asker).
    const c = await makeReader(t, tenant.id);
    expect((await checkout(t.db.kysely, tenant.id, { reader: c.account, barcode: barcodes[0]! })).readerId).toBe(c.id);
    // The other holder can still agree.
    expect((await asked(a2.h)).map((x) => x.requestId)).toEqual([requestId]);
    expect((await agree(a2.h, requestId)).success).toBe(true);
  });

  it('asks lapse after 7 days; the lapsed ask ends expired and frees the reader to ask again', async () => {
    const a = await holder();
    const b = await asker();
    const { recordId } = await lentRecord([a.reader]);
    const { requestId } = (await ask(b.h, recordId)).data;
    await t.db.kysely
      .updateTable('circ_request')
      .set({ ask_until: day(-1) })
      .where('id', '=', String(requestId))
      .execute();
    expect(await asked(a.h)).toEqual([]);
    expect((await agree(a.h, requestId)).errCode).toBe(RelendErrCode.noSuchAsk);
    expect((await requests(b.h)).find((r) => r.requestId === requestId)!.status).toBe('expired');
    expect((await ask(b.h, recordId)).success).toBe(true);
  });
});
