import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  DEFAULT_POINTS,
  FineErrCode,
  PAYMENT_QR_SECONDS,
  RequestErrCode,
  type BehaviourPage,
  type LoanListResponse,
  type LoanSummary,
  type Payment,
  type PayMethod,
  type TotalMoney,
} from '@openfind/contract';
import { DeskError, checkin, checkout } from '../src/modules/circulation/desk-service.js';
import { t as text } from '../src/http/messages.js';
import { TEST_AUTH, tokenOf } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { day, makeReader, makeRecords, makeTenant, signIn, type MadeTenant } from './support/factories.js';
import { WxpayStandIn } from './support/wxpay-standin.js';

/**
 * Issue 27: behaviour records (fines, suspensions) in OpenFind's own circulation, what they stop,
 * and their payment at the desk and online (a WeChat Pay stand-in that checks signatures as the
 * real API does), through HTTP.
 */

let t: TestApp;
let tenant: MadeTenant;
let other: MadeTenant;
let pay: WxpayStandIn;
let serial = 0;
/** The code of the institution's library (where requests are picked up). */
let libCode: string;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  tenant = await makeTenant(t);
  other = await makeTenant(t);
  pay = await new WxpayStandIn().start();
  libCode = (
    await t.db.kysely
      .selectFrom('library')
      .select('lib_code')
      .where('tenant_id', '=', tenant.id)
      .executeTakeFirstOrThrow()
  ).lib_code;
  // ¥0.50 a day late up to ¥5 a loan; borrowing stops at ¥8 owed. Readers of type 'S' are suspended
  // a day per day late instead of being fined.
  await t.db.kysely
    .insertInto('loan_policy')
    .values([
      { tenant_id: tenant.id, fine_per_day_cents: 50, max_fine_cents: 500, fine_limit_cents: 800 },
      { tenant_id: tenant.id, reader_type: 'S', fine_per_day_cents: 0, suspend_days_per_day: 1 },
    ])
    .execute();
  await t.services.fines.setChannels(
    tenant.id,
    JSON.stringify([
      {
        kind: 'wxpay',
        gateway: pay.url,
        appId: pay.appId,
        mchId: pay.mchId,
        key: pay.key,
        notifyUrl: `http://127.0.0.1/find/account/notify/wxpay?mappingPath=${tenant.mappingPath}`,
      },
    ]),
  );
});
afterAll(async () => {
  await pay?.stop();
  await t?.close();
});

/** A copy of a new record lent to `readerId` `loanedDaysAgo` days ago, due `due` days from today; its barcode. */
async function lent(tenantId: number, readerId: number, due: number, title = '逾期的书'): Promise<string> {
  const barcode = `F${tenantId}-${++serial}`;
  const [recordId] = await makeRecords(t, tenantId, [
    { title, items: [{ barcode, processTypeCode: '412', dueDate: day(due) }] },
  ]);
  await t.db.kysely
    .insertInto('loan_event')
    .values({
      tenant_id: tenantId,
      record_id: recordId,
      barcode,
      reader_id: readerId,
      loan_date: day(due - 30),
      due_date: day(due),
    })
    .execute();
  return barcode;
}

/** A reader of `tenant` who returned a copy `late` days late (fined ¥0.50 a day, at most ¥5), signed in. */
async function finedReader(late: number, opts: { readerType?: string } = {}) {
  const reader = await makeReader(t, tenant.id);
  if (opts.readerType)
    await t.db.kysely.updateTable('reader').set({ reader_type: opts.readerType }).where('id', '=', reader.id).execute();
  const back = await checkin(t.db.kysely, tenant.id, { barcode: await lent(tenant.id, reader.id, -late) });
  return { reader, back, headers: await signIn(t, tenant, reader) };
}

const call = <T>(
  o: { url: string; body?: unknown; query?: Record<string, string>; method?: 'GET' | 'POST' },
  headers: Record<string, string>,
  lang?: CallOptions['lang'],
  to = tenant,
) => t.call({ ...o, headers, lang, mappingPath: to.mappingPath }).then((res) => ({ res, env: envelopeOf<T>(res) }));
const behaviours = (headers: Record<string, string>, tab = 'all') =>
  call<BehaviourPage>({ url: ApiPath.behaviourList, body: { tab } }, headers).then((r) => r.env.data);
const money = (headers: Record<string, string>) =>
  call<TotalMoney>({ url: ApiPath.totalMoney, method: 'GET' }, headers).then((r) => r.env.data);
const createPay = (headers: Record<string, string>, fineIds: number[], channel: string, lang?: CallOptions['lang']) =>
  call<Payment>({ url: ApiPath.createPay, body: { fineIds, channel } }, headers, lang).then((r) => r.env);
const payStatus = (headers: Record<string, string>, paymentId: number) =>
  call<Payment>({ url: ApiPath.payStatus, method: 'GET', query: { paymentId: String(paymentId) } }, headers).then(
    (r) => r.env,
  );
const notice = (n: { url: string; body: string }) =>
  t.app.inject({
    method: 'POST',
    url: n.url.replace(/^https?:\/\/[^/]+/, ''),
    headers: { 'content-type': 'text/xml' },
    payload: n.body,
  });

describe('a late return', () => {
  it('is fined by the policy, once, and shows as an unprocessed behaviour record with the sum owed', async () => {
    const { back, headers } = await finedReader(3);
    expect(back).toMatchObject({ overdueDays: 3, fine: { amountCents: 150, blockEnd: null } });
    const page = await behaviours(headers);
    expect(page.totalCount).toBe(1);
    expect(page.list[0]).toMatchObject({
      behaviourType: 'overdue',
      processFlag: 'unprocessed',
      title: '逾期的书',
      dueAmount: '1.50',
      paidAmount: '0.00',
      owedAmount: '1.50',
      overdueDays: 3,
      payable: true,
      blockStart: null,
    });
    expect(page.tabCounts).toMatchObject({ all: 1, unprocessed: 1, processed: 0, processing: 0 });
    expect((await behaviours(headers, 'processed')).list).toEqual([]);
    expect(await money(headers)).toEqual({
      owed: '1.50',
      processing: '0.00',
      limit: '8.00',
      blocked: false,
      suspendedUntil: null,
    });
    const summary = await call<LoanSummary>({ url: ApiPath.loanSummary, method: 'GET' }, headers);
    expect(summary.env.data.fineBalance).toBe('1.50');
  });

  it('is capped per loan; a return on time costs nothing; either counts in the points, once', async () => {
    const late = await finedReader(30);
    expect(late.back.fine?.amountCents).toBe(500);
    const reader = await makeReader(t, tenant.id);
    const onTime = await checkin(t.db.kysely, tenant.id, { barcode: await lent(tenant.id, reader.id, 2) });
    expect(onTime).toMatchObject({ overdueDays: 0, fine: null });
    const entries = (readerId: number) =>
      t.db.kysely
        .selectFrom('points_entry')
        .select(['rule_code', 'points', 'ref'])
        .where('reader_id', '=', readerId)
        .where('rule_code', 'like', 'return%')
        .execute();
    expect(await entries(late.reader.id)).toEqual([
      { rule_code: 'returnOverdue', points: DEFAULT_POINTS.returnOverdue, ref: String(late.back.loanId) },
    ]);
    expect(await entries(reader.id)).toEqual([
      { rule_code: 'returnOnTime', points: DEFAULT_POINTS.returnOnTime, ref: String(onTime.loanId) },
    ]);
  });

  it('suspends borrowing instead, where the policy says so: renewals, requests and the desk refuse until then', async () => {
    const { reader, back, headers } = await finedReader(4, { readerType: 'S' });
    expect(back.fine).toMatchObject({ amountCents: 0, blockEnd: day(3) });
    expect(await money(headers)).toMatchObject({ owed: '0.00', blocked: true, suspendedUntil: day(3) });
    expect((await behaviours(headers)).list[0]).toMatchObject({ blockStart: day(0), blockEnd: day(3), payable: false });

    await lent(tenant.id, reader.id, 5);
    const loans = await call<LoanListResponse>({ url: ApiPath.loanList, body: {} }, headers);
    expect(loans.env.data.searchResult[0]).toMatchObject({ renewable: false, renewRefusal: 'readerBlocked' });

    const [recordId] = await makeRecords(t, tenant.id, [{ title: '想借的书', items: [{ barcode: `S-${++serial}` }] }]);
    const req = await call(
      { url: ApiPath.placeRequest, body: { recordId, pickupLibCode: libCode, contactPhone: '13800000000' } },
      headers,
      'en-US',
    );
    expect(req.env).toMatchObject({
      success: false,
      errCode: RequestErrCode.suspended,
      message: text('en-US', 'requestSuspended', { date: day(3) }),
    });
    await expect(checkout(t.db.kysely, tenant.id, { reader: reader.account, barcode: `S-${serial}` })).rejects.toThrow(
      DeskError,
    );
  });
});

describe('owing as much as the limit', () => {
  it('stops renewing, requesting and borrowing at the desk, and paying lifts it', async () => {
    const { reader, headers } = await finedReader(20);
    // ¥5 owed: under the ¥8 limit, a second late return (¥5) goes over it.
    await checkin(t.db.kysely, tenant.id, { barcode: await lent(tenant.id, reader.id, -12) });
    expect(await money(headers)).toMatchObject({ owed: '10.00', blocked: true });
    await lent(tenant.id, reader.id, 3);
    const loans = await call<LoanListResponse>({ url: ApiPath.loanList, body: {} }, headers);
    expect(loans.env.data.searchResult[0]).toMatchObject({ renewable: false, renewRefusal: 'fineLimit' });
    const [recordId] = await makeRecords(t, tenant.id, [{ title: '又一本', items: [{ barcode: `L-${++serial}` }] }]);
    const req = await call(
      { url: ApiPath.placeRequest, body: { recordId, pickupLibCode: libCode, contactPhone: '13800000000' } },
      headers,
    );
    expect(req.env).toMatchObject({
      errCode: RequestErrCode.owesTooMuch,
      message: text('zh-CN', 'requestFineLimit', { limit: '8.00' }),
    });
    const refused = await checkout(t.db.kysely, tenant.id, { reader: reader.account, barcode: `L-${serial}` }).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ refusal: 'owesTooMuch' });

    expect(await t.services.fines.payAtDesk(tenant.id, reader.account, 'desk-1', null)).toEqual({
      amount: '10.00',
      fines: 2,
    });
    expect(await money(headers)).toMatchObject({ owed: '0.00', blocked: false });
    const page = await behaviours(headers, 'processed');
    expect(page.list.map((r) => [r.paidAmount, r.owedAmount, r.payable])).toEqual([
      ['5.00', '0.00', false],
      ['5.00', '0.00', false],
    ]);
    await checkout(t.db.kysely, tenant.id, { reader: reader.account, barcode: `L-${serial}` });
  });
});

describe('paying at the desk', () => {
  it('marks the records for staff (processing), who take the money; the reader can withdraw before', async () => {
    const { reader, headers } = await finedReader(2);
    const [fine] = (await behaviours(headers)).list;
    const marked = await createPay(headers, [fine!.id], 'desk', 'zh-TW');
    expect(marked).toMatchObject({
      success: true,
      message: text('zh-TW', 'payAtDesk', { amount: '1.00' }),
      data: { kind: 'desk', amount: '1.00', status: 'pending', qrCode: null, expiresAt: null },
    });
    expect((await behaviours(headers)).list[0]).toMatchObject({ processFlag: 'processing', payable: false });
    expect(await money(headers)).toMatchObject({ owed: '0.00', processing: '1.00' });
    // A double click: the records are being paid already.
    expect(await createPay(headers, [fine!.id], 'desk')).toMatchObject({
      success: false,
      errCode: FineErrCode.notPayable,
    });

    const withdrawn = await call<Payment>(
      { url: ApiPath.cancelPay, body: { paymentId: marked.data.paymentId } },
      headers,
    );
    expect(withdrawn.env.data.status).toBe('cancelled');
    expect((await behaviours(headers)).list[0]).toMatchObject({ processFlag: 'unprocessed', payable: true });

    await createPay(headers, [fine!.id], 'desk');
    await t.services.fines.payAtDesk(tenant.id, reader.account, 'desk-2', null);
    expect((await behaviours(headers)).list[0]).toMatchObject({ processFlag: 'processed', paidAmount: '1.00' });
    expect((await payStatus(headers, marked.data.paymentId)).data.status).toBe('cancelled');
  });

  it('takes one payment of a record when many are asked at once', async () => {
    const { headers } = await finedReader(6);
    const [fine] = (await behaviours(headers)).list;
    const answers = await Promise.all(Array.from({ length: 20 }, () => createPay(headers, [fine!.id], 'desk')));
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(answers.filter((a) => a.errCode === FineErrCode.notPayable)).toHaveLength(19);
    const rows = await t.db.kysely
      .selectFrom('circ_payment')
      .select('id')
      .where(sql<boolean>`${String(fine!.id)}::bigint = ANY(fine_ids)`)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('paying online (WeChat Pay, Native)', () => {
  it('offers the desk and the channel', async () => {
    const { headers } = await finedReader(1);
    const methods = await call<PayMethod[]>({ url: ApiPath.payMethods, method: 'GET' }, headers);
    expect(methods.env.data).toEqual([
      { channel: 'desk', kind: 'desk' },
      { channel: 'wxpay', kind: 'qr' },
    ]);
    const elsewhere = await makeReader(t, other.id);
    const theirs = await call<PayMethod[]>(
      { url: ApiPath.payMethods, method: 'GET' },
      await signIn(t, other, elsewhere),
      undefined,
      other,
    );
    expect(theirs.env.data).toEqual([{ channel: 'desk', kind: 'desk' }]);
  });

  it('gives a QR code valid 3 minutes; the signed notice settles it once', async () => {
    const { headers } = await finedReader(4);
    const [fine] = (await behaviours(headers)).list;
    const created = await createPay(headers, [fine!.id], 'wxpay', 'en-US');
    expect(created).toMatchObject({
      success: true,
      message: text('en-US', 'payQrCreated'),
      data: { kind: 'qr', amount: '2.00', status: 'pending' },
    });
    expect(created.data.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(created.data.secondsLeft).toBeGreaterThan(PAYMENT_QR_SECONDS - 10);
    expect(created.data.secondsLeft).toBeLessThanOrEqual(PAYMENT_QR_SECONDS);
    const order = pay.orders.get(created.data.outTradeNo)!;
    expect(order).toMatchObject({ totalFee: 200, state: 'NOTPAY' });
    expect(order.notifyUrl).toContain(`mappingPath=${tenant.mappingPath}`);
    expect((await payStatus(headers, created.data.paymentId)).data.status).toBe('pending');

    const n = pay.pay(created.data.outTradeNo);
    const answer = await notice(n);
    expect(answer.body).toContain('<return_code><![CDATA[SUCCESS]]></return_code>');
    // The channel repeats notices until it is answered: a second one changes nothing.
    expect((await notice(n)).body).toContain('SUCCESS');
    const done = await payStatus(headers, created.data.paymentId);
    expect(done).toMatchObject({ message: text('zh-CN', 'paySucceeded'), data: { status: 'paid', qrCode: null } });
    expect((await behaviours(headers)).list[0]).toMatchObject({ processFlag: 'processed', paidAmount: '2.00' });
    const row = await t.db.kysely
      .selectFrom('circ_payment')
      .select(['status', 'channel_trade_no'])
      .where('id', '=', String(created.data.paymentId))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'paid', channel_trade_no: order.transactionId });
  });

  it('refuses a notice with a wrong signature or a wrong sum, and learns the payment by asking', async () => {
    const { headers } = await finedReader(5);
    const [fine] = (await behaviours(headers)).list;
    const created = (await createPay(headers, [fine!.id], 'wxpay')).data;
    for (const tamper of ['signature', 'sum'] as const) {
      const answer = await notice(pay.pay(created.outTradeNo, tamper));
      expect(answer.body, tamper).toContain('<return_code><![CDATA[FAIL]]></return_code>');
      const row = await t.db.kysely
        .selectFrom('circ_payment')
        .select('status')
        .where('id', '=', String(created.paymentId))
        .executeTakeFirstOrThrow();
      expect(row.status, tamper).toBe('pending');
    }
    // The order is paid at the channel: the poll step asks it and settles.
    expect((await payStatus(headers, created.paymentId)).data.status).toBe('paid');
  });

  it('settles by the poll when the notice never comes', async () => {
    const { headers } = await finedReader(7);
    const [fine] = (await behaviours(headers)).list;
    const created = (await createPay(headers, [fine!.id], 'wxpay')).data;
    pay.payQuietly(created.outTradeNo);
    expect((await payStatus(headers, created.paymentId)).data.status).toBe('paid');
  });

  it('lapses after 3 minutes unpaid: closed at the channel, the record owed again', async () => {
    const { headers } = await finedReader(8);
    const [fine] = (await behaviours(headers)).list;
    const created = (await createPay(headers, [fine!.id], 'wxpay')).data;
    await t.db.kysely
      .updateTable('circ_payment')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', String(created.paymentId))
      .execute();
    const lapsed = await payStatus(headers, created.paymentId);
    expect(lapsed.data).toMatchObject({ status: 'expired', qrCode: null, secondsLeft: null });
    expect(pay.orders.get(created.outTradeNo)!.state).toBe('CLOSED');
    expect((await behaviours(headers)).list[0]).toMatchObject({ processFlag: 'unprocessed', payable: true });
  });

  it('says the channel is unavailable when it is out of reach, and leaves the record owed', async () => {
    const { headers } = await finedReader(9);
    const [fine] = (await behaviours(headers)).list;
    pay.down = true;
    try {
      const refused = await createPay(headers, [fine!.id], 'wxpay', 'en-US');
      expect(refused).toMatchObject({
        success: false,
        errCode: FineErrCode.channelUnavailable,
        message: text('en-US', 'payChannelUnavailable'),
      });
    } finally {
      pay.down = false;
    }
    expect((await behaviours(headers)).list[0]).toMatchObject({ processFlag: 'unprocessed', payable: true });
  });

  it('is refused by the channel when signed with another key', async () => {
    const wrong = await makeTenant(t);
    await t.services.fines.setChannels(
      wrong.id,
      JSON.stringify([
        {
          kind: 'wxpay',
          gateway: pay.url,
          appId: pay.appId,
          mchId: pay.mchId,
          key: 'not-the-merchant-key-0123456789ab',
          notifyUrl: 'http://127.0.0.1/find/account/notify/wxpay',
        },
      ]),
    );
    const reader = await makeReader(t, wrong.id);
    await checkin(t.db.kysely, wrong.id, { barcode: await lent(wrong.id, reader.id, -2) });
    const headers = await signIn(t, wrong, reader);
    const [fine] = (await call<BehaviourPage>({ url: ApiPath.behaviourList, body: {} }, headers, undefined, wrong)).env
      .data.list;
    const before = pay.badSignatures;
    const refused = await call<Payment>(
      { url: ApiPath.createPay, body: { fineIds: [fine!.id], channel: 'wxpay' } },
      headers,
      undefined,
      wrong,
    );
    expect(refused.env.errCode).toBe(FineErrCode.channelUnavailable);
    expect(pay.badSignatures).toBe(before + 1);
  });
});

describe("another reader's records and payments", () => {
  it('cannot be listed, paid or polled, in this institution or another', async () => {
    const { headers } = await finedReader(3);
    const [fine] = (await behaviours(headers)).list;
    const created = (await createPay(headers, [fine!.id], 'wxpay')).data;
    const stranger = await makeReader(t, tenant.id);
    const strangerHeaders = await signIn(t, tenant, stranger);
    expect((await behaviours(strangerHeaders)).list).toEqual([]);
    expect(await createPay(strangerHeaders, [fine!.id], 'desk')).toMatchObject({ errCode: FineErrCode.notPayable });
    expect(await payStatus(strangerHeaders, created.paymentId)).toMatchObject({
      success: false,
      errCode: FineErrCode.noSuchPayment,
    });
    const cancel = await call({ url: ApiPath.cancelPay, body: { paymentId: created.paymentId } }, strangerHeaders);
    expect(cancel.env.errCode).toBe(FineErrCode.noSuchPayment);
    // A notice posted to another institution's address finds no such order there.
    const answer = await t.app.inject({
      method: 'POST',
      url: `/find/account/notify/wxpay?mappingPath=${other.mappingPath}`,
      headers: { 'content-type': 'text/xml' },
      payload: pay.pay(created.outTradeNo).body,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).not.toContain('SUCCESS');
    expect((await payStatus(headers, created.paymentId)).data.status).toBe('paid');
  });

  it('an unknown channel is refused', async () => {
    const { headers } = await finedReader(1);
    const [fine] = (await behaviours(headers)).list;
    expect(await createPay(headers, [fine!.id], 'alipay')).toMatchObject({ errCode: FineErrCode.unknownChannel });
  });

  it('a cookie-only payment from another site is refused', async () => {
    const { reader } = await finedReader(1);
    const jwt = await tokenOf(t, reader.account, reader.password, tenant.mappingPath);
    const res = await t.call({
      url: ApiPath.createPay,
      mappingPath: tenant.mappingPath,
      body: { fineIds: [1], channel: 'desk' },
      headers: { cookie: `jwt=${jwt}`, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
  });
});
