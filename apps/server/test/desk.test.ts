import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  DeskErrCode,
  FineErrCode,
  RequestErrCode,
  type DeskFulfilled,
  type DeskLoan,
  type DeskPlacedRequest,
  type DeskReaderStanding,
  type DeskReturn,
  type ReaderCode,
  type RenewOutcome,
} from '@openfind/contract';
import { t as text, type MessageKey } from '../src/http/messages.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import {
  day,
  makeReader,
  makeReaderWith,
  makeRecords,
  makeTenant,
  signIn,
  type MadeReader,
  type MadeTenant,
} from './support/factories.js';
import { makeStaff, staffHeader } from './support/staff.js';

/**
 * Issue 27: the circulation desk over HTTP (staff calls over OpenFind's own circulation): each call's
 * work, each refusal's errCode and translated message, the libraries a desk account is limited to,
 * and the audit log's row of every attempt at a change.
 */

let t: TestApp;
let tenant: MadeTenant;
/** A desk account for every library, and one for the medical branch (OFU-MED) only. */
let desk: Record<string, string>;
let deskId: number;
let branch: Record<string, string>;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  tenant = await makeTenant(t, { libraries: 'demo' });
  const all = await makeStaff(t, tenant.id, { role: 'staff', name: '王老师' });
  deskId = all.id;
  desk = await staffHeader(t, all);
  branch = await staffHeader(t, await makeStaff(t, tenant.id, { role: 'staff', libCodes: ['OFU-MED'] }));
  // Readers of type ONE may have one loan; readers of type S are suspended a day per day late, not fined.
  await t.db.kysely
    .insertInto('loan_policy')
    .values([
      { tenant_id: tenant.id, reader_type: 'ONE', max_loans: 1 },
      { tenant_id: tenant.id, reader_type: 'S', fine_per_day_cents: 0, suspend_days_per_day: 1 },
    ])
    .execute();
});
afterAll(async () => t?.close());

type Lang = CallOptions['lang'];

/** A desk call: POST with a body, GET with a query; the status and the envelope. */
async function call<T>(
  url: string,
  input: Record<string, unknown>,
  headers = desk,
  lang?: Lang,
  to: MadeTenant = tenant,
  method: 'GET' | 'POST' = 'POST',
) {
  const res = await t.call({
    url,
    mappingPath: to.mappingPath,
    lang,
    headers,
    ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
  });
  return { status: res.statusCode, ...envelopeOf<T>(res) };
}

/** A copy on the shelf of a new record (in the main library OFU unless said); its barcode and record. */
async function onShelf(opts: { libCode?: string; circAttr?: string } = {}) {
  const barcode = `D${++serial}`;
  const [recordId] = await makeRecords(t, tenant.id, [
    { title: `馆藏${serial}`, items: [{ barcode, circAttr: opts.circAttr ?? '0', ...opts }] },
  ]);
  return { barcode, recordId };
}

/** A copy of a new record on loan to the reader, due `due` days from today; its barcode. */
async function lent(readerId: number, due: number): Promise<string> {
  const barcode = `L${++serial}`;
  const [recordId] = await makeRecords(t, tenant.id, [
    { title: `借出的书${serial}`, items: [{ barcode, processTypeCode: '412', dueDate: day(due) }] },
  ]);
  await t.db.kysely
    .insertInto('loan_event')
    .values({
      tenant_id: tenant.id,
      record_id: recordId,
      barcode,
      lib_code: 'OFU',
      reader_id: readerId,
      loan_date: day(due - 30),
      due_date: day(due),
    })
    .execute();
  return barcode;
}

/** The last audit row of the desk account. */
async function lastAudit() {
  const rows = await t.services.staff.auditLog(tenant.id, 20);
  return rows.find((r) => r.staffId === deskId)!;
}

/** Expects a refusal: business failure (HTTP 200) with the code and the translated message. */
function refused(
  r: { status: number; success: boolean; errCode: number; message: string },
  code: number,
  key: MessageKey,
  lang: 'zh-CN' | 'zh-TW' | 'en-US' = 'zh-CN',
) {
  expect({ status: r.status, success: r.success, errCode: r.errCode, message: r.message }).toEqual({
    status: 200,
    success: false,
    errCode: code,
    message: text(lang, key),
  });
}

describe('checkout', () => {
  it('lends a copy to a reader by card, due by the policy, and records it', async () => {
    const reader = await makeReader(t, tenant.id, { name: '李同学' });
    const { barcode } = await onShelf();
    const r = await call<DeskLoan>(ApiPath.deskCheckout, { reader: reader.account, barcode });
    expect(r.success, r.message).toBe(true);
    expect(r.data).toMatchObject({
      barcode,
      title: `馆藏${serial}`,
      dueDate: day(30),
      readerId: reader.id,
      reader: reader.account,
      readerName: '李同学',
    });
    expect(r.message).toBe(text('zh-CN', 'deskLent', { title: r.data.title, date: day(30) }));
    const open = await t.db.kysely
      .selectFrom('loan_event')
      .select(['id', 'reader_id'])
      .where('tenant_id', '=', tenant.id)
      .where('barcode', '=', barcode)
      .where('return_date', 'is', null)
      .executeTakeFirstOrThrow();
    expect([Number(open.id), open.reader_id]).toEqual([r.data.loanId, reader.id]);
    expect(await lastAudit()).toMatchObject({
      action: 'desk.checkout',
      actor: expect.stringMatching(/^staff/),
      target: `reader ${reader.account}, copy ${barcode}`,
      before: null,
      after: { result: 'done', reader: reader.account, barcode, readerId: reader.id, loanId: r.data.loanId },
    });
  });

  it('lends by the take code the reader shows, once', async () => {
    const reader = await makeReader(t, tenant.id);
    const issued = await t.call({
      url: ApiPath.takeCode,
      mappingPath: tenant.mappingPath,
      headers: await signIn(t, tenant, reader),
      body: {},
    });
    const code = envelopeOf<ReaderCode>(issued).data.code;
    const first = await onShelf();
    const r = await call<DeskLoan>(ApiPath.deskCheckout, { takeCode: code, barcode: first.barcode });
    expect(r.data).toMatchObject({ readerId: reader.id, reader: reader.account, barcode: first.barcode });
    // The code's log row does not keep the code.
    expect(JSON.stringify(await lastAudit())).not.toContain(code);
    const again = await call(ApiPath.deskCheckout, { takeCode: code, barcode: (await onShelf()).barcode });
    refused(again, DeskErrCode.wrongTakeCode, 'deskWrongTakeCode');
  });

  it('refuses a wrong take code with the spec’s words, in the three languages', async () => {
    const { barcode } = await onShelf();
    for (const [lang, key] of [
      ['zh_CN', 'zh-CN'],
      ['zh_HK', 'zh-TW'],
      ['en_US', 'en-US'],
    ] as const) {
      const r = await call(ApiPath.deskCheckout, { takeCode: '000000', barcode }, desk, lang);
      refused(r, DeskErrCode.wrongTakeCode, 'deskWrongTakeCode', key);
    }
    expect(text('zh-CN', 'deskWrongTakeCode')).toBe('请输入正确的取书码！');
  });

  it('needs the reader or the take code, one of them (400)', async () => {
    const { barcode } = await onShelf();
    for (const body of [{ barcode }, { reader: 'x', takeCode: '123456', barcode }, { takeCode: '12', barcode }])
      expect((await call(ApiPath.deskCheckout, body)).status).toBe(400);
  });

  it('refuses, with the code and message of each, what the desk refuses', async () => {
    const reader = await makeReader(t, tenant.id);
    const cases: Array<[string, () => Promise<{ reader?: string; takeCode?: string; barcode: string }>]> = [
      ['noSuchReader', async () => ({ reader: 'nobody-at-all', barcode: (await onShelf()).barcode })],
      ['noSuchCopy', async () => ({ reader: reader.account, barcode: 'NO-SUCH-COPY' })],
      ['notLoanable', async () => ({ reader: reader.account, barcode: (await onShelf({ circAttr: '1' })).barcode })],
      [
        'onLoan',
        async () => {
          const { barcode } = await onShelf();
          expect((await call(ApiPath.deskCheckout, { reader: reader.account, barcode })).success).toBe(true);
          return { reader: (await makeReader(t, tenant.id)).account, barcode };
        },
      ],
      [
        'tooManyLoans',
        async () => {
          const one = await makeReaderWith(t, tenant.id, { readerType: 'ONE' });
          const first = await call(ApiPath.deskCheckout, { reader: one.account, barcode: (await onShelf()).barcode });
          expect(first.success).toBe(true);
          return { reader: one.account, barcode: (await onShelf()).barcode };
        },
      ],
      [
        'cardFrozen',
        async () => ({
          reader: (await makeReader(t, tenant.id, { status: 'frozen' })).account,
          barcode: (await onShelf()).barcode,
        }),
      ],
      [
        'cardLost',
        async () => ({
          reader: (await makeReader(t, tenant.id, { status: 'lost' })).account,
          barcode: (await onShelf()).barcode,
        }),
      ],
      [
        'cardExpired',
        async () => ({
          reader: (await makeReaderWith(t, tenant.id, { validUntil: day(-1) })).account,
          barcode: (await onShelf()).barcode,
        }),
      ],
      [
        'heldForAnother',
        async () => {
          const { barcode, recordId } = await onShelf();
          const placed = await call<DeskPlacedRequest>(ApiPath.deskRequest, {
            reader: (await makeReader(t, tenant.id)).account,
            recordId,
            pickupLibCode: 'OFU',
          });
          expect(placed.data.status).toBe('ready');
          return { reader: reader.account, barcode };
        },
      ],
      [
        'suspended',
        async () => {
          const s = await makeReaderWith(t, tenant.id, { readerType: 'S' });
          const back = await call<DeskReturn>(ApiPath.deskCheckin, { barcode: await lent(s.id, -3) });
          expect(back.data.fine).toMatchObject({ amount: '0.00', blockEnd: expect.any(String) });
          return { reader: s.account, barcode: (await onShelf()).barcode };
        },
      ],
      [
        'owesTooMuch',
        async () => {
          const owing = await makeReader(t, tenant.id);
          const fine = await call(ApiPath.deskFine, { reader: owing.account, amount: '35', kind: 'lost' });
          expect(fine.success).toBe(true);
          return { reader: owing.account, barcode: (await onShelf()).barcode };
        },
      ],
      ['wrongTakeCode', async () => ({ takeCode: '999999', barcode: (await onShelf()).barcode })],
    ];
    const keys: Record<string, MessageKey> = {
      noSuchReader: 'deskNoSuchReader',
      noSuchCopy: 'deskNoSuchCopy',
      notLoanable: 'deskNotLoanable',
      onLoan: 'deskOnLoan',
      tooManyLoans: 'deskTooManyLoans',
      cardFrozen: 'deskCardFrozen',
      cardLost: 'deskCardLost',
      cardExpired: 'deskCardExpired',
      heldForAnother: 'deskHeldForAnother',
      suspended: 'deskSuspended',
      owesTooMuch: 'deskOwesTooMuch',
      wrongTakeCode: 'deskWrongTakeCode',
    };
    for (const [refusal, input] of cases) {
      const body = await input();
      const r = await call(ApiPath.deskCheckout, body);
      expect(r.errCode, refusal).toBe(DeskErrCode[refusal as keyof typeof DeskErrCode]);
      refused(r, DeskErrCode[refusal as keyof typeof DeskErrCode], keys[refusal]!);
      // Every attempt is in the log, with its reason.
      expect((await lastAudit()).after, refusal).toMatchObject({ result: 'refused', refusal, barcode: body.barcode });
    }
  });

  it('lets a desk account limited to a library lend only that library’s copies', async () => {
    const reader = await makeReader(t, tenant.id);
    const main = await onShelf();
    refused(
      await call(ApiPath.deskCheckout, { reader: reader.account, barcode: main.barcode }, branch),
      DeskErrCode.otherLibrary,
      'deskOtherLibrary',
    );
    const med = await onShelf({ libCode: 'OFU-MED' });
    expect((await call(ApiPath.deskCheckout, { reader: reader.account, barcode: med.barcode }, branch)).success).toBe(
      true,
    );
    // Nor take back, nor renew, another library's copy.
    const onLoan = await lent(reader.id, 3);
    refused(await call(ApiPath.deskCheckin, { barcode: onLoan }, branch), DeskErrCode.otherLibrary, 'deskOtherLibrary');
    refused(
      await call(ApiPath.deskRenew, { reader: reader.account, barcode: onLoan }, branch),
      DeskErrCode.otherLibrary,
      'deskOtherLibrary',
    );
    expect((await call(ApiPath.deskCheckin, { barcode: med.barcode }, branch)).success).toBe(true);
  });
});

describe('checkin', () => {
  it('takes a copy back; a late one is fined; one a reader waits for is held for them', async () => {
    const reader = await makeReader(t, tenant.id);
    const onTime = await lent(reader.id, 5);
    const back = await call<DeskReturn>(ApiPath.deskCheckin, { barcode: onTime });
    expect(back.data).toMatchObject({
      barcode: onTime,
      readerId: reader.id,
      overdueDays: 0,
      fine: null,
      heldForReaderId: null,
    });
    expect(back.message).toBe(text('zh-CN', 'deskReturned', { title: back.data.title }));
    expect(await lastAudit()).toMatchObject({ action: 'desk.checkin', after: { result: 'done', barcode: onTime } });

    const late = await call<DeskReturn>(ApiPath.deskCheckin, { barcode: await lent(reader.id, -4) }, desk, 'en_US');
    expect(late.data).toMatchObject({ overdueDays: 4, fine: { amount: '0.40', blockEnd: null } });
    expect(late.message).toBe(text('en-US', 'deskReturnedLate', { title: late.data.title, days: 4, amount: '0.40' }));

    // A record whose only copy is on loan: a request waits, and the return holds the copy for it.
    const barcode = await lent(reader.id, 5);
    const recordId = (
      await t.db.kysely
        .selectFrom('item')
        .select('record_id')
        .where('tenant_id', '=', tenant.id)
        .where('barcode', '=', barcode)
        .executeTakeFirstOrThrow()
    ).record_id;
    const waiting = await makeReader(t, tenant.id);
    const placed = await call<DeskPlacedRequest>(ApiPath.deskRequest, {
      reader: waiting.account,
      recordId,
      pickupLibCode: 'OFU',
    });
    expect(placed.data).toMatchObject({ status: 'waiting', queuePosition: 1, pickupCode: null });
    expect(placed.message).toBe(text('zh-CN', 'deskRequestPlaced', { position: 1 }));
    const held = await call<DeskReturn>(ApiPath.deskCheckin, { barcode });
    expect(held.data.heldForReaderId).toBe(waiting.id);
    expect(held.message).toBe(text('zh-CN', 'deskReturnedHeld', { title: held.data.title }));
  });

  it('refuses a copy not on loan and one that does not exist', async () => {
    refused(
      await call(ApiPath.deskCheckin, { barcode: (await onShelf()).barcode }),
      DeskErrCode.notOnLoan,
      'deskNotOnLoan',
    );
    refused(await call(ApiPath.deskCheckin, { barcode: 'NO-SUCH-COPY' }), DeskErrCode.noSuchCopy, 'deskNoSuchCopy');
  });
});

describe('renew', () => {
  it("renews under the reader's own rules; a refusal says why in the caller's language", async () => {
    const reader = await makeReader(t, tenant.id);
    const barcode = await lent(reader.id, 3);
    const r = await call<RenewOutcome>(ApiPath.deskRenew, { reader: reader.account, barcode });
    expect(r.data).toMatchObject({ renewed: true, dueDate: day(30), refusal: null });
    expect(r.message).toBe(text('zh-CN', 'deskRenewed', { title: r.data.title, date: day(30) }));
    expect(await lastAudit()).toMatchObject({ action: 'desk.renew', after: { result: 'done', dueDate: day(30) } });
    // Renewed once already: the policy allows one renewal.
    const again = await call<RenewOutcome>(ApiPath.deskRenew, { reader: reader.account, barcode }, desk, 'en_US');
    expect(again).toMatchObject({
      success: false,
      errCode: DeskErrCode.notRenewed,
      message: text('en-US', 'renewTooManyRenewals'),
      data: { renewed: false, refusal: 'tooManyRenewals', reason: text('en-US', 'renewTooManyRenewals') },
    });
    expect((await lastAudit()).after).toMatchObject({ result: 'refused', refusal: 'tooManyRenewals' });
    // A loan just made is too early to renew: the date from which it can be, in the caller's language.
    const { barcode: fresh } = await onShelf();
    await call(ApiPath.deskCheckout, { reader: reader.account, barcode: fresh });
    const early = await call<RenewOutcome>(
      ApiPath.deskRenew,
      { reader: reader.account, barcode: fresh },
      desk,
      'zh_HK',
    );
    expect(early.data.refusal).toBe('tooSoon');
    expect(early.message).toBe(text('zh-TW', 'renewTooSoonFrom', { date: early.data.renewableFrom! }));
  });

  it('refuses a copy not on loan to that reader, and an unknown reader', async () => {
    const reader = await makeReader(t, tenant.id);
    const other = await makeReader(t, tenant.id);
    const barcode = await lent(other.id, 3);
    refused(await call(ApiPath.deskRenew, { reader: reader.account, barcode }), DeskErrCode.notOnLoan, 'deskNotOnLoan');
    refused(
      await call(ApiPath.deskRenew, { reader: 'nobody-at-all', barcode }),
      DeskErrCode.noSuchReader,
      'deskNoSuchReader',
    );
  });
});

describe('requests and their pickup', () => {
  it('places a request for a reader (a copy on the shelf is held at once) and lends it by the pickup code', async () => {
    const reader = await makeReader(t, tenant.id);
    const { barcode, recordId } = await onShelf();
    const placed = await call<DeskPlacedRequest>(ApiPath.deskRequest, {
      reader: reader.account,
      recordId,
      pickupLibCode: 'OFU-MED',
      requestType: 'entrust',
    });
    expect(placed.data).toMatchObject({ status: 'ready', queuePosition: 0, readyUntil: expect.any(String) });
    expect(placed.data.pickupCode).toMatch(/^\d{6}$/);
    expect(placed.message).toBe(
      text('zh-CN', 'deskRequestReady', { date: placed.data.readyUntil!, code: placed.data.pickupCode! }),
    );
    expect(await lastAudit()).toMatchObject({
      action: 'desk.request',
      after: { result: 'done', reader: reader.account, recordId, requestId: placed.data.requestId },
    });
    const standing = await call<DeskReaderStanding>(
      ApiPath.deskReader,
      { reader: reader.account },
      desk,
      undefined,
      tenant,
      'GET',
    );
    expect(standing.data.readyRequests).toEqual([
      expect.objectContaining({ requestId: placed.data.requestId, barcode, pickupCode: placed.data.pickupCode }),
    ]);

    const done = await call<DeskFulfilled>(ApiPath.deskFulfil, { pickupCode: placed.data.pickupCode });
    expect(done.data).toMatchObject({
      requestId: placed.data.requestId,
      barcode,
      readerId: reader.id,
      dueDate: day(30),
    });
    expect(await lastAudit()).toMatchObject({
      action: 'desk.fulfil',
      after: { result: 'done', reader: reader.account, barcode, requestId: placed.data.requestId },
    });
    const status = await t.db.kysely
      .selectFrom('circ_request')
      .select('status')
      .where('id', '=', String(placed.data.requestId))
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('fulfilled');
    // The code is spent.
    refused(
      await call(ApiPath.deskFulfil, { pickupCode: placed.data.pickupCode }),
      DeskErrCode.wrongPickupCode,
      'wrongPickupCode',
    );
  });

  it("refuses an unknown reader, a frozen or lost card, and passes on the request rules' refusals", async () => {
    const { recordId } = await onShelf();
    const req = (reader: string, pickupLibCode = 'OFU') =>
      call(ApiPath.deskRequest, { reader, recordId, pickupLibCode });
    refused(await req('nobody-at-all'), DeskErrCode.noSuchReader, 'deskNoSuchReader');
    refused(
      await req((await makeReader(t, tenant.id, { status: 'frozen' })).account),
      DeskErrCode.cardFrozen,
      'deskCardFrozen',
    );
    refused(
      await req((await makeReader(t, tenant.id, { status: 'lost' })).account),
      DeskErrCode.cardLost,
      'deskCardLost',
    );
    refused(
      await req((await makeReader(t, tenant.id)).account, 'NOWHERE'),
      RequestErrCode.unknownPickup,
      'requestUnknownPickup',
    );
    expect((await lastAudit()).after).toMatchObject({ result: 'refused', refusal: 'requestUnknownPickup' });
  });

  it('refuses a pickup code no ready request has', async () => {
    refused(await call(ApiPath.deskFulfil, { pickupCode: '000000' }), DeskErrCode.wrongPickupCode, 'wrongPickupCode');
    expect((await call(ApiPath.deskFulfil, { pickupCode: 'abc' })).status).toBe(400);
  });
});

describe('fines and payment', () => {
  it('charges a reader, takes the payment, and shows the standing before and after', async () => {
    const reader: MadeReader = await makeReader(t, tenant.id, { name: '张同学' });
    await lent(reader.id, -2);
    const fine = await call<{ fineId: number; amount: string }>(ApiPath.deskFine, {
      reader: reader.account,
      amount: '35',
      kind: 'damaged',
      barcode: 'X1',
      title: '数据结构',
      note: '封面破损',
    });
    expect(fine.data.amount).toBe('35.00');
    expect(fine.message).toBe(text('zh-CN', 'deskFineCharged', { amount: '35.00' }));
    expect(await lastAudit()).toMatchObject({
      action: 'desk.fine',
      after: { result: 'done', reader: reader.account, kind: 'damaged', amount: '35.00', fineId: fine.data.fineId },
    });
    const before = await call<DeskReaderStanding>(
      ApiPath.deskReader,
      { reader: reader.account },
      desk,
      undefined,
      tenant,
      'GET',
    );
    expect(before.data).toMatchObject({
      readerId: reader.id,
      account: reader.account,
      name: '张同学',
      status: 'normal',
      loans: 1,
      overdue: 1,
      owed: '35.00',
      fineLimit: '10.00',
      blocked: true,
      suspendedUntil: null,
      readyRequests: [],
    });
    const paid = await call<{ amount: string; fines: number }>(ApiPath.deskPay, { reader: reader.account });
    expect(paid.data).toEqual({ amount: '35.00', fines: 1 });
    expect(paid.message).toBe(text('zh-CN', 'deskPaid', { amount: '35.00', fines: 1 }));
    const row = await t.db.kysely
      .selectFrom('circ_payment')
      .select(['paid_by', 'status'])
      .where('tenant_id', '=', tenant.id)
      .where('reader_id', '=', reader.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ paid_by: '王老师', status: 'paid' });
    const after = await call<DeskReaderStanding>(
      ApiPath.deskReader,
      { reader: reader.account },
      desk,
      undefined,
      tenant,
      'GET',
    );
    expect(after.data).toMatchObject({ owed: '0.00', blocked: false });
    // Nothing is owed now.
    refused(await call(ApiPath.deskPay, { reader: reader.account }), FineErrCode.notPayable, 'fineNotPayable');
  });

  it('pays the records named only', async () => {
    const reader = await makeReader(t, tenant.id);
    const a = await call<{ fineId: number }>(ApiPath.deskFine, {
      reader: reader.account,
      amount: '1.5',
      kind: 'other',
    });
    await call(ApiPath.deskFine, { reader: reader.account, amount: '2', kind: 'lost' });
    const paid = await call(ApiPath.deskPay, { reader: reader.account, fineIds: [a.data.fineId] });
    expect(paid.data).toEqual({ amount: '1.50', fines: 1 });
  });

  it('refuses an unknown reader, a sum that is not one, a kind it does not know', async () => {
    refused(
      await call(ApiPath.deskFine, { reader: 'nobody-at-all', amount: '3', kind: 'lost' }),
      DeskErrCode.noSuchReader,
      'deskNoSuchReader',
    );
    refused(await call(ApiPath.deskPay, { reader: 'nobody-at-all' }), DeskErrCode.noSuchReader, 'deskNoSuchReader');
    refused(
      await call(ApiPath.deskReader, { reader: 'nobody-at-all' }, desk, undefined, tenant, 'GET'),
      DeskErrCode.noSuchReader,
      'deskNoSuchReader',
    );
    const reader = await makeReader(t, tenant.id);
    for (const amount of ['0', '0.00', '-3', '1.234', 'abc', '99999999'])
      expect((await call(ApiPath.deskFine, { reader: reader.account, amount, kind: 'lost' })).status, amount).toBe(400);
    expect((await call(ApiPath.deskFine, { reader: reader.account, amount: '3', kind: 'overdue' })).status).toBe(400);
  });
});

describe('an institution that lends in its own system (SIP2)', () => {
  it('has no OpenFind desk: every desk call says so', async () => {
    const sip2 = await makeTenant(t);
    await t.services.circulation.setSip2Connection(
      sip2.id,
      JSON.stringify({ host: '127.0.0.1', port: 9, user: 'u', password: 'p', institutionId: 'X' }),
    );
    const headers = await staffHeader(t, await makeStaff(t, sip2.id));
    refused(
      await call(ApiPath.deskCheckin, { barcode: 'B1' }, headers, undefined, sip2),
      DeskErrCode.notLocal,
      'deskNotLocal',
    );
    refused(
      await call(ApiPath.deskReader, { reader: 'r1' }, headers, undefined, sip2, 'GET'),
      DeskErrCode.notLocal,
      'deskNotLocal',
    );
  });
});
