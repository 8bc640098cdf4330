import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  DEFAULT_POINTS,
  RequestErrCode,
  type LoanListResponse,
  type LoanSummary,
  type RenewResponse,
  type RequestPage,
  type UserLoanRules,
} from '@openfind/contract';
import { sql } from 'kysely';
import { DeskError, checkin, checkout } from '../src/modules/circulation/desk-service.js';
import { markShelved } from '../src/modules/request-admin/request-admin-repository.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { day, makeReader, makeRecords, makeTenant, signIn, type MadeTenant } from './support/factories.js';

let t: TestApp;
let tenant: MadeTenant;
let other: MadeTenant;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  tenant = await makeTenant(t);
  other = await makeTenant(t);
  // The institution's rules: two renewals of 30 days, accepted from 10 days before the due date;
  // reference copies (circAttr 1) are lent but never renewed.
  await t.db.kysely
    .insertInto('loan_policy')
    .values([
      { tenant_id: tenant.id, max_renewals: 2, renewal_days: 30, renew_window_days: 10 },
      { tenant_id: tenant.id, circ_attr: '1', max_renewals: 0 },
    ])
    .execute();
});
afterAll(async () => t?.close());

type LoanSpec = {
  title: string;
  due: number;
  loaned?: number;
  renewCount?: number;
  recalls?: number;
  circAttr?: string;
};

/** Lends copies of new records to `readerId` (due `due` days from today); the loan ids, in order. */
async function lend(tenantId: number, readerId: number, specs: LoanSpec[]): Promise<number[]> {
  const barcodes = specs.map(() => `C${tenantId}-${++serial}`);
  const records = await makeRecords(
    t,
    tenantId,
    specs.map((s, i) => ({
      title: s.title,
      items: [{ barcode: barcodes[i], processTypeCode: '412', dueDate: day(s.due), circAttr: s.circAttr ?? '0' }],
    })),
  );
  const rows = await t.db.kysely
    .insertInto('loan_event')
    .values(
      specs.map((s, i) => ({
        tenant_id: tenantId,
        record_id: records[i]!,
        barcode: barcodes[i]!,
        reader_id: readerId,
        loan_date: day(s.loaned ?? s.due - 30),
        due_date: day(s.due),
        renew_count: s.renewCount ?? 0,
        recall_count: s.recalls ?? 0,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

const post = <T>(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  lang?: CallOptions['lang'],
  to = tenant,
) =>
  t.call({ url, body, headers, lang, mappingPath: to.mappingPath }).then((res) => ({ res, env: envelopeOf<T>(res) }));
const loans = (headers: Record<string, string>, body: object = {}) =>
  post<LoanListResponse>(ApiPath.loanList, body, headers).then((r) => r.env.data);
const renew = (headers: Record<string, string>, loanIds: number[], lang?: CallOptions['lang']) =>
  post<RenewResponse>(ApiPath.reNew, { loanIds }, headers, lang).then((r) => r.env);

describe("a reader's current loans", () => {
  it('lists them due soonest first, with what each renewal would say', async () => {
    const reader = await makeReader(t, tenant.id);
    await lend(tenant.id, reader.id, [
      { title: '围城', due: 20 },
      { title: '红楼梦', due: 5 },
      { title: '边城', due: -3 },
      { title: '辞海', due: 8, circAttr: '1' },
    ]);
    const data = await loans(await signIn(t, tenant, reader));
    expect(data.numFound).toBe(4);
    expect(data.loanNum).toBe(4);
    expect(data.searchResult.map((l) => [l.title, l.renewable, l.renewRefusal])).toEqual([
      ['边城', false, 'overdue'],
      ['红楼梦', true, null],
      ['辞海', false, 'notRenewable'],
      ['围城', false, 'tooSoon'],
    ]);
    const [overdue, due5, , due20] = data.searchResult;
    expect(overdue!.overdueDays).toBe(3);
    expect(due5).toMatchObject({ normReturnDate: day(5), renewTimes: 0, renewLimit: 2, returnDate: null });
    expect(due20!.renewableFrom).toBe(day(10));
  });

  it('finds by title, author or barcode, and pages', async () => {
    const reader = await makeReader(t, tenant.id);
    await lend(tenant.id, reader.id, [
      { title: '平凡的世界', due: 3 },
      { title: '白鹿原', due: 4 },
      { title: '平凡的世界（第二部）', due: 5 },
    ]);
    const headers = await signIn(t, tenant, reader);
    const found = await loans(headers, { searchType: 1, searchContent: '平凡' });
    expect(found.searchResult.map((l) => l.title)).toEqual(['平凡的世界', '平凡的世界（第二部）']);
    expect(found.loanNum).toBe(3);
    const barcode = found.searchResult[0]!.barcode!;
    expect((await loans(headers, { searchType: 3, searchContent: barcode })).numFound).toBe(1);
    const second = await loans(headers, { page: 2, rows: 2 });
    expect(second.searchResult.map((l) => l.title)).toEqual(['平凡的世界（第二部）']);
    expect(second.numFound).toBe(3);
  });

  it("are a logged-in reader's own: a visitor gets 401, another reader sees none of them", async () => {
    const reader = await makeReader(t, tenant.id);
    await lend(tenant.id, reader.id, [{ title: '围城', due: 5 }]);
    const anonymous = await t.call({ url: ApiPath.loanList, body: {}, mappingPath: tenant.mappingPath });
    expect(anonymous.statusCode).toBe(401);
    const someoneElse = await loans(await signIn(t, tenant, await makeReader(t, tenant.id)));
    expect(someoneElse.numFound).toBe(0);
  });
});

describe('My Library at a glance', () => {
  it('counts the loans, those due soon (within 3 days, today included), overdue and renewable, and unread messages', async () => {
    const reader = await makeReader(t, tenant.id);
    await lend(tenant.id, reader.id, [
      { title: 'A', due: 0 },
      { title: 'B', due: 2 },
      { title: 'C', due: 3 },
      { title: 'D', due: -4 },
      { title: 'E', due: 20 },
    ]);
    await t.db.kysely
      .insertInto('reader_inbox')
      .values([
        { tenant_id: tenant.id, reader_id: reader.id, channel: 'inbox', body: 'one' },
        { tenant_id: tenant.id, reader_id: reader.id, channel: 'inbox', body: 'two', read_at: new Date() },
      ])
      .execute();
    const headers = await signIn(t, tenant, reader);
    const res = await t.call({ url: ApiPath.loanSummary, headers, mappingPath: tenant.mappingPath });
    expect(envelopeOf<LoanSummary>(res).data).toMatchObject({
      cardNo: reader.account,
      status: 'normal',
      loans: 5,
      dueSoon: 2,
      overdue: 1,
      renewable: 3,
      nextDue: day(0),
      unreadMessages: 1,
      requestsReady: 0,
      fineBalance: '0.00',
      // The first login's points (the points rules' default).
      points: DEFAULT_POINTS.firstLogin,
    });
    const visitor = await t.call({ url: ApiPath.loanSummary, mappingPath: tenant.mappingPath });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('renewing', () => {
  it('renews a loan for 30 days from today and counts it; the copy shows the new due date', async () => {
    const reader = await makeReader(t, tenant.id);
    const [id] = await lend(tenant.id, reader.id, [{ title: '红楼梦', due: 5 }]);
    const headers = await signIn(t, tenant, reader);
    const env = await renew(headers, [id!]);
    expect(env.message).toBe('续借完成：成功 1 册，失败 0 册');
    expect(env.data).toMatchObject({ success: 1, fail: 0, result: { [`${id} 红楼梦`]: day(30) } });
    expect(env.data.outcomes[0]).toMatchObject({ renewed: true, dueDate: day(30), refusal: null });
    const [loan] = (await loans(headers)).searchResult;
    expect(loan).toMatchObject({ normReturnDate: day(30), renewTimes: 1, renewDate: day(0) });
    const copy = await t.db.kysely
      .selectFrom('item')
      .select((sql) => sql.fn('to_char', ['due_date', sql.val('YYYY-MM-DD')]).as('due'))
      .where('barcode', '=', loan!.barcode)
      .executeTakeFirstOrThrow();
    expect(copy.due).toBe(day(30));
  });

  it("says why each refused loan is not renewed, in the reader's language, and renews the others", async () => {
    const reader = await makeReader(t, tenant.id);
    const ids = await lend(tenant.id, reader.id, [
      { title: 'A', due: 5 },
      { title: 'B', due: 5, renewCount: 2 },
      { title: 'C', due: -1 },
      { title: 'D', due: 25 },
      { title: 'E', due: 5, recalls: 1 },
      { title: 'F', due: 5, circAttr: '1' },
    ]);
    const env = await renew(await signIn(t, tenant, reader), [...ids, 999_999_999], 'en-US');
    expect(env.message).toBe('Renewal done: 1 renewed, 6 not renewed');
    expect(env.data.outcomes.map((o) => [o.title, o.refusal])).toEqual([
      ['A', null],
      ['B', 'tooManyRenewals'],
      ['C', 'overdue'],
      ['D', 'tooSoon'],
      ['E', 'onHold'],
      ['F', 'notRenewable'],
      ['', 'noSuchLoan'],
    ]);
    expect(env.data.outcomes[3]).toMatchObject({
      renewableFrom: day(15),
      reason: `Too early to renew: renewable from ${day(15)}`,
    });
    expect(env.data.result[`${ids[1]} B`]).toBe('Renewed as many times as allowed');
  });

  it("cannot renew another reader's loan, nor one of another institution", async () => {
    const owner = await makeReader(t, tenant.id);
    const [id] = await lend(tenant.id, owner.id, [{ title: '围城', due: 5 }]);
    const thief = await makeReader(t, tenant.id);
    const env = await renew(await signIn(t, tenant, thief), [id!]);
    expect(env.data.outcomes[0]).toMatchObject({ renewed: false, refusal: 'noSuchLoan' });
    const elsewhere = await makeReader(t, other.id);
    const res = await post<RenewResponse>(
      ApiPath.reNew,
      { loanIds: [id] },
      await signIn(t, other, elsewhere),
      undefined,
      other,
    );
    expect(res.env.data.outcomes[0]!.refusal).toBe('noSuchLoan');
    const [loan] = (await loans(await signIn(t, tenant, owner))).searchResult;
    expect(loan!.renewTimes).toBe(0);
  });

  it('refuses every loan of a frozen, lost or expired card (spec §6)', async () => {
    for (const [status, refusal] of [
      ['frozen', 'cardFrozen'],
      ['lost', 'cardLost'],
    ] as const) {
      const reader = await makeReader(t, tenant.id);
      const [id] = await lend(tenant.id, reader.id, [{ title: '围城', due: 5 }]);
      const headers = await signIn(t, tenant, reader);
      await t.db.kysely.updateTable('reader').set({ status }).where('id', '=', reader.id).execute();
      const env = await renew(headers, [id!]);
      expect(env.data.outcomes[0]!.refusal).toBe(refusal);
    }
    const expired = await makeReader(t, tenant.id);
    const [id] = await lend(tenant.id, expired.id, [{ title: '围城', due: 5 }]);
    const headers = await signIn(t, tenant, expired);
    await t.db.kysely
      .updateTable('reader')
      .set({ valid_until: day(-1) })
      .where('id', '=', expired.id)
      .execute();
    expect((await renew(headers, [id!], 'zh-TW')).data.outcomes[0]).toMatchObject({
      refusal: 'cardExpired',
      reason: '讀者證已過期，不能續借',
    });
  });

  it('50 renewals of one loan at once renew it once', async () => {
    const reader = await makeReader(t, tenant.id);
    const [id] = await lend(tenant.id, reader.id, [{ title: '围城', due: 5 }]);
    const headers = await signIn(t, tenant, reader);
    const all = await Promise.all(Array.from({ length: 50 }, () => renew(headers, [id!])));
    expect(all.filter((env) => env.data.success === 1)).toHaveLength(1);
    const [loan] = (await loans(headers)).searchResult;
    expect(loan).toMatchObject({ renewTimes: 1, normReturnDate: day(30) });
  });

  it('takes up to 500 loan ids, each once', async () => {
    const reader = await makeReader(t, tenant.id);
    const headers = await signIn(t, tenant, reader);
    const tooMany = await t.call({
      url: ApiPath.reNew,
      body: { loanIds: Array.from({ length: 501 }, (_, i) => i + 1) },
      headers,
      mappingPath: tenant.mappingPath,
    });
    expect(tooMany.statusCode).toBe(400);
    const [id] = await lend(tenant.id, reader.id, [{ title: '围城', due: 5 }]);
    const env = await renew(headers, [id!, id!]);
    expect(env.data.outcomes).toHaveLength(1);
  });
});

describe('the desk (openfind circ)', () => {
  /** A record with one copy on the shelf; its barcode. */
  const shelved = async (title: string, circAttr = '0') => {
    const barcode = `D${tenant.id}-${++serial}`;
    await makeRecords(t, tenant.id, [{ title, items: [{ barcode, circAttr }] }]);
    return barcode;
  };
  const refusalOf = (p: Promise<unknown>) =>
    p.then(
      () => 'lent',
      (err: unknown) => (err instanceof DeskError ? err.refusal : String(err)),
    );

  it("lends a copy for the policy's days: the reader sees the loan, the copy is on loan; taking it back ends both", async () => {
    const reader = await makeReader(t, tenant.id);
    const barcode = await shelved('活着');
    const loan = await checkout(t.db.kysely, tenant.id, { reader: reader.account, barcode });
    expect(loan.dueDate).toBe(day(30));
    const headers = await signIn(t, tenant, reader);
    expect((await loans(headers)).searchResult.map((l) => [l.loanId, l.title, l.normReturnDate])).toEqual([
      [loan.loanId, '活着', day(30)],
    ]);
    const item = () =>
      t.db.kysely
        .selectFrom('item')
        .select(['process_type_code'])
        .where('barcode', '=', barcode)
        .executeTakeFirstOrThrow();
    expect((await item()).process_type_code).toBe('412');
    await checkin(t.db.kysely, tenant.id, { barcode });
    expect((await item()).process_type_code).toBe('411');
    expect((await loans(headers)).numFound).toBe(0);
    const history = (await post<LoanListResponse>(ApiPath.loanHistoryList, {}, headers)).env.data;
    expect(history.searchResult.map((l) => [l.title, l.returnDate, l.renewable])).toEqual([['活着', day(0), false]]);
  });

  it('refuses what the desk must refuse', async () => {
    const reader = await makeReader(t, tenant.id);
    const lent = await shelved('围城');
    await checkout(t.db.kysely, tenant.id, { reader: reader.account, barcode: lent });
    expect(await refusalOf(checkout(t.db.kysely, tenant.id, { reader: reader.account, barcode: lent }))).toBe('onLoan');
    expect(await refusalOf(checkout(t.db.kysely, tenant.id, { reader: reader.account, barcode: 'nope' }))).toBe(
      'noSuchCopy',
    );
    expect(await refusalOf(checkout(t.db.kysely, tenant.id, { reader: 'nobody', barcode: lent }))).toBe('noSuchReader');
    const reference = await shelved('辞海', '2');
    expect(await refusalOf(checkout(t.db.kysely, tenant.id, { reader: reader.account, barcode: reference }))).toBe(
      'notLoanable',
    );
    expect(await refusalOf(checkin(t.db.kysely, tenant.id, { barcode: reference }))).toBe('notOnLoan');
    const frozen = await makeReader(t, tenant.id, { status: 'frozen' });
    expect(
      await refusalOf(checkout(t.db.kysely, tenant.id, { reader: frozen.account, barcode: await shelved('X') })),
    ).toBe('cardFrozen');
    // Another institution's copy is not there.
    const elsewhere = await makeReader(t, other.id);
    expect(await refusalOf(checkout(t.db.kysely, other.id, { reader: elsewhere.account, barcode: lent }))).toBe(
      'noSuchCopy',
    );
  });

  it('lends no more than the policy allows', async () => {
    await t.db.kysely.insertInto('loan_policy').values({ tenant_id: other.id, max_loans: 2 }).execute();
    const reader = await makeReader(t, other.id);
    const barcodes = ['M1', 'M2', 'M3'].map((b) => `${b}-${++serial}`);
    await makeRecords(
      t,
      other.id,
      barcodes.map((barcode) => ({ title: barcode, items: [{ barcode }] })),
    );
    const results = [];
    for (const barcode of barcodes)
      results.push(await refusalOf(checkout(t.db.kysely, other.id, { reader: reader.account, barcode })));
    expect(results).toEqual(['lent', 'lent', 'tooManyLoans']);
  });

  it('two desks lending one copy at once make one loan', async () => {
    const [a, b] = [await makeReader(t, tenant.id), await makeReader(t, tenant.id)];
    const barcode = await shelved('平凡的世界');
    const results = await Promise.all(
      [a, b, a, b].map((r) => refusalOf(checkout(t.db.kysely, tenant.id, { reader: r.account, barcode }))),
    );
    expect(results.filter((r) => r === 'lent')).toHaveLength(1);
    expect(results.filter((r) => r === 'onLoan')).toHaveLength(3);
  });
});

describe("the reader's loan rules (userLoanRules)", () => {
  it("are those of the reader's type for loanable copies, money in yuan; a visitor is asked to log in", async () => {
    const reader = await makeReader(t, tenant.id);
    await t.db.kysely.updateTable('reader').set({ reader_type: '教师' }).where('id', '=', reader.id).execute();
    await sql`INSERT INTO loan_policy (tenant_id, reader_type, circ_attr, loan_days, max_loans, max_renewals,
                renewal_days, renew_window_days, max_requests, hold_shelf_days, fine_per_day_cents,
                max_fine_cents, fine_limit_cents)
              VALUES (${tenant.id}, '教师', '0', 90, 30, 2, 60, 10, 8, 5, 20, 3000, 0)`.execute(t.db.kysely);
    const rules = await t.call({
      url: ApiPath.userLoanRules,
      headers: await signIn(t, tenant, reader),
      mappingPath: tenant.mappingPath,
    });
    expect(envelopeOf<UserLoanRules>(rules).data).toEqual({
      readerType: '教师',
      rules: {
        loanDays: 90,
        maxLoans: 30,
        maxRenewals: 2,
        renewalDays: 60,
        renewWindowDays: 10,
        renewWhenOverdue: false,
        maxRequests: 8,
        holdShelfDays: 5,
        finePerDay: '0.20',
        maxFine: '30.00',
        fineLimit: '0.00',
        suspendDaysPerDay: 0,
      },
    });
    const visitor = await t.call({ url: ApiPath.userLoanRules, mappingPath: tenant.mappingPath });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('requests (reservations and closed-stack retrievals)', () => {
  type Placed = { requestId: number; status: string; queuePosition: number };
  const place = (headers: Record<string, string>, body: object, lang?: CallOptions['lang']) =>
    post<Placed>(
      ApiPath.placeRequest,
      { pickupLibCode: 'main', contactPhone: '13800000000', ...body },
      headers,
      lang,
    ).then((r) => r.env);
  const requests = (headers: Record<string, string>) =>
    post<RequestPage>(ApiPath.requestList, {}, headers).then((r) => r.env.data);
  const summary = async (headers: Record<string, string>) =>
    envelopeOf<LoanSummary>(await t.call({ url: ApiPath.loanSummary, headers, mappingPath: tenant.mappingPath })).data;
  /** The tenant's main library code. */
  let main = '';
  beforeAll(async () => {
    main = (
      await t.db.kysely
        .selectFrom('library')
        .select('lib_code')
        .where('tenant_id', '=', tenant.id)
        .executeTakeFirstOrThrow()
    ).lib_code;
  });

  it('a title all lent out: readers queue; the copy returned is held for the first with a pickup code; lending it fulfils the request', async () => {
    const [owner, first, second] = await Promise.all([0, 1, 2].map(() => makeReader(t, tenant.id)));
    const [loanId] = await lend(tenant.id, owner.id, [{ title: '三体', due: 5 }]);
    const recordId = Number(
      (
        await t.db.kysely
          .selectFrom('loan_event')
          .select('record_id')
          .where('id', '=', String(loanId))
          .executeTakeFirstOrThrow()
      ).record_id,
    );
    const [h1, h2] = [await signIn(t, tenant, first), await signIn(t, tenant, second)];
    const a = await place(h1, { recordId, pickupLibCode: main });
    expect(a).toMatchObject({
      success: true,
      message: '预约成功，您排在第 1 位',
      data: { status: 'waiting', queuePosition: 1 },
    });
    const b = await place(h2, { recordId, pickupLibCode: main }, 'en-US');
    expect(b.message).toBe('Requested: you are number 2 in the queue');
    // Waiting readers stop the owner's renewal.
    const ownerHeaders = await signIn(t, tenant, owner);
    expect((await loans(ownerHeaders)).searchResult[0]).toMatchObject({ renewable: false, renewRefusal: 'onHold' });
    // Returned: held for the first reader.
    const barcode = (await loans(ownerHeaders)).searchResult[0]!.barcode!;
    const back = await checkin(t.db.kysely, tenant.id, { barcode });
    expect(back.heldFor).toBe(first.id);
    // In staff's hands at the desk: the reader sees it being fetched, without a last day or a code yet.
    const [held] = (await requests(h1)).list;
    expect(held).toMatchObject({
      status: 'ready',
      holdStage: 'retrieved',
      barcode,
      readyUntil: null,
      pickupCode: null,
    });
    expect((await summary(h1)).requestsReady).toBe(0);
    // On the hold shelf (the staff console's step): the last day and the code.
    await markShelved(t.db.kysely, tenant.id, held!.requestId, day(0), 7);
    const [ready] = (await requests(h1)).list;
    expect(ready).toMatchObject({
      status: 'ready',
      holdStage: 'shelved',
      barcode,
      readyUntil: day(6),
      queuePosition: null,
    });
    expect(ready!.pickupCode).toMatch(/^\d{6}$/);
    expect((await summary(h1)).requestsReady).toBe(1);
    expect((await requests(h2)).list[0]).toMatchObject({ status: 'waiting', queuePosition: 1 });
    // Held for the first: the second reader cannot borrow it; the first can, which ends the request.
    const refused = await checkout(t.db.kysely, tenant.id, { reader: second.account, barcode }).catch(
      (e: DeskError) => e.refusal,
    );
    expect(refused).toBe('heldForAnother');
    await checkout(t.db.kysely, tenant.id, { reader: first.account, barcode });
    expect((await requests(h1)).list[0]!.status).toBe('fulfilled');
  });

  it('a copy on the shelf is held at once; cancelling passes it to the next reader', async () => {
    const barcode = `S${tenant.id}-${++serial}`;
    const [recordId] = await makeRecords(t, tenant.id, [{ title: '活着', items: [{ barcode }] }]);
    const [first, second] = [await makeReader(t, tenant.id), await makeReader(t, tenant.id)];
    const [h1, h2] = [await signIn(t, tenant, first), await signIn(t, tenant, second)];
    const a = await place(h1, { recordId, pickupLibCode: main, requestType: 'entrust' });
    expect(a.data.status).toBe('ready');
    expect(a.message).toBe('预约成功，馆员正在为您取书。图书放上预约书架后会通知您取书码，并为您保留 7 天');
    expect((await requests(h1)).list[0]).toMatchObject({ holdStage: 'pick', readyUntil: null, pickupCode: null });
    expect((await place(h2, { recordId, pickupLibCode: main })).data).toMatchObject({
      status: 'waiting',
      queuePosition: 1,
    });
    const cancelled = await post(ApiPath.cancelRequest, { requestId: a.data.requestId }, h1);
    expect(cancelled.env.message).toBe('取消成功');
    expect((await requests(h2)).list[0]).toMatchObject({ status: 'ready', barcode });
    expect((await requests(h1)).list[0]!.status).toBe('cancelled');
  });

  it("keeps a held copy the days the reader chose, at most the library's; a cancelled hold's copy goes by the next reader's choice", async () => {
    const barcode = `K${tenant.id}-${++serial}`;
    const [recordId] = await makeRecords(t, tenant.id, [{ title: '边城', items: [{ barcode }] }]);
    const [first, second] = [await makeReader(t, tenant.id), await makeReader(t, tenant.id)];
    const [h1, h2] = [await signIn(t, tenant, first), await signIn(t, tenant, second)];
    const a = await place(h1, { recordId, pickupLibCode: main, retentionDays: '3' });
    expect(a.message).toMatch(/并为您保留 3 天$/);
    expect(await place(h2, { recordId, pickupLibCode: main, retentionDays: 30 })).toMatchObject({
      data: { status: 'waiting' },
    });
    // The copy passes to the second reader, who asked for more than the library's 7 days: 7.
    await post(ApiPath.cancelRequest, { requestId: a.data.requestId }, h1);
    const [passed] = (await requests(h2)).list;
    expect(passed).toMatchObject({ status: 'ready', holdStage: 'pick', readyUntil: null });
    await markShelved(t.db.kysely, tenant.id, passed!.requestId, day(0), 7);
    expect((await requests(h2)).list[0]).toMatchObject({ status: 'ready', readyUntil: day(6) });
    const bad = await post(ApiPath.placeRequest, { recordId, pickupLibCode: main, retentionDays: -1 }, h1);
    expect(bad.res.statusCode).toBe(400);
  });

  it('asks for a contact phone when none is given and the account has none (spec §5)', async () => {
    const [recordId] = await makeRecords(t, tenant.id, [{ title: '茶馆', items: [{ barcode: `C${++serial}` }] }]);
    const none = await signIn(t, tenant, await makeReader(t, tenant.id));
    const refused = await post(ApiPath.placeRequest, { recordId, pickupLibCode: main }, none, 'en-US');
    expect(refused.env).toMatchObject({ success: false, errCode: RequestErrCode.contactRequired });
    expect(refused.env.message).toMatch(/contact phone/);
    // The account's phone serves when the form leaves it empty.
    const withPhone = await signIn(t, tenant, await makeReader(t, tenant.id, { phone: '13912345678' }));
    expect((await post(ApiPath.placeRequest, { recordId, pickupLibCode: main }, withPhone)).env.success).toBe(true);
    const phone = await t.db.kysely
      .selectFrom('circ_request')
      .select('contact_phone')
      .where('record_id', '=', recordId)
      .executeTakeFirstOrThrow();
    expect(phone.contact_phone).toBe('13912345678');
  });

  it('refuses what a library refuses, with its translated reason', async () => {
    const reader = await makeReader(t, tenant.id);
    const headers = await signIn(t, tenant, reader);
    const [none] = await makeRecords(t, tenant.id, [{ title: '没有馆藏' }]);
    expect(await place(headers, { recordId: none, pickupLibCode: main })).toMatchObject({
      success: false,
      errCode: RequestErrCode.notRequestable,
    });
    const barcode = `R${tenant.id}-${++serial}`;
    const [recordId] = await makeRecords(t, tenant.id, [{ title: '围城', items: [{ barcode }] }]);
    expect((await place(headers, { recordId, pickupLibCode: 'nowhere' })).errCode).toBe(RequestErrCode.unknownPickup);
    expect((await place(headers, { recordId, pickupLibCode: main })).success).toBe(true);
    expect(await place(headers, { recordId, pickupLibCode: main }, 'zh-TW')).toMatchObject({
      errCode: RequestErrCode.alreadyRequested,
      message: '您已預約過這本書',
    });
    const [lentRecord] = await Promise.all([lend(tenant.id, reader.id, [{ title: '边城', due: 9 }])]);
    const mine = Number(
      (
        await t.db.kysely
          .selectFrom('loan_event')
          .select('record_id')
          .where('id', '=', String(lentRecord[0]))
          .executeTakeFirstOrThrow()
      ).record_id,
    );
    expect((await place(headers, { recordId: mine, pickupLibCode: main })).errCode).toBe(RequestErrCode.alreadyOnLoan);
    // A frozen account (spec §6).
    await t.db.kysely.updateTable('reader').set({ status: 'frozen' }).where('id', '=', reader.id).execute();
    const frozen = await place(headers, { recordId: none, pickupLibCode: main });
    expect(frozen.success).toBe(false);
    expect(frozen.message).toContain('冻结');
    // Someone else's request cannot be cancelled.
    const other = await signIn(t, tenant, await makeReader(t, tenant.id));
    const mineRequest = (await requests(headers)).list[0]!.requestId;
    expect((await post(ApiPath.cancelRequest, { requestId: mineRequest }, other)).env.errCode).toBe(
      RequestErrCode.noSuchRequest,
    );
  });

  it('two readers asking for the last copy on the shelf at once: one gets it held, the other waits', async () => {
    const barcode = `L${tenant.id}-${++serial}`;
    const [recordId] = await makeRecords(t, tenant.id, [{ title: '平凡的世界', items: [{ barcode }] }]);
    const headers = await Promise.all([0, 1, 2, 3].map(async () => signIn(t, tenant, await makeReader(t, tenant.id))));
    const placed = await Promise.all(headers.map((h) => place(h, { recordId, pickupLibCode: main })));
    expect(placed.map((p) => p.data.status).sort()).toEqual(['ready', 'waiting', 'waiting', 'waiting']);
    expect(
      placed
        .filter((p) => p.data.status === 'waiting')
        .map((p) => p.data.queuePosition)
        .sort(),
    ).toEqual([1, 2, 3]);
  });
});
