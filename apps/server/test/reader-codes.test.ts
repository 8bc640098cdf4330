import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  CirculationErrCode,
  RequestErrCode,
  type AcceptedRequest,
  type ReaderCode,
  type RequestPage,
} from '@openfind/contract';
import { checkout, type DeskError } from '../src/modules/circulation/desk-service.js';
import { findReadyRequestByCode } from '../src/modules/circulation/request-repository.js';
import { markShelved } from '../src/modules/request-admin/request-admin-repository.js';
import { t as text } from '../src/http/messages.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { day, makeReader, makeRecords, makeTenant, signIn, type MadeTenant } from './support/factories.js';

/**
 * Issue 27: the take code a reader shows at the desk (5 minutes, used once), and the handover code
 * with which another reader accepts a request that is ready for pickup.
 */

let t: TestApp;
let tenant: MadeTenant;
let libCode = '';
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  tenant = await makeTenant(t);
  libCode = (
    await t.db.kysely
      .selectFrom('library')
      .select('lib_code')
      .where('tenant_id', '=', tenant.id)
      .executeTakeFirstOrThrow()
  ).lib_code;
});
afterAll(async () => t?.close());

const post = <T>(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  lang?: CallOptions['lang'],
  to = tenant,
) => t.call({ url, body, headers, lang, mappingPath: to.mappingPath }).then((res) => envelopeOf<T>(res));

/** A record with one copy on the shelf; its id and the copy's barcode. */
async function onShelf(title = '待借的书'): Promise<{ recordId: number; barcode: string }> {
  const barcode = `K-${++serial}`;
  const [recordId] = await makeRecords(t, tenant.id, [{ title, items: [{ barcode }] }]);
  return { recordId, barcode };
}

const refusalOf = (p: Promise<unknown>) => p.then(() => 'lent').catch((e: DeskError) => e.refusal);

describe('the take code', () => {
  it('lends to its reader at the desk once, within 5 minutes; a new code replaces the last', async () => {
    const reader = await makeReader(t, tenant.id);
    const headers = await signIn(t, tenant, reader);
    const issued = await post<ReaderCode>(ApiPath.takeCode, {}, headers, 'en-US');
    expect(issued).toMatchObject({ success: true, message: text('en-US', 'codeIssued') });
    expect(issued.data.code).toMatch(/^\d{6}$/);
    expect(issued.data.secondsLeft).toBeGreaterThan(290);
    expect(issued.data.secondsLeft).toBeLessThanOrEqual(300);

    const first = await onShelf();
    const loan = await checkout(t.db.kysely, tenant.id, { takeCode: issued.data.code, barcode: first.barcode });
    expect(loan.readerId).toBe(reader.id);
    // Used once.
    const second = await onShelf();
    const again = await checkout(t.db.kysely, tenant.id, { takeCode: issued.data.code, barcode: second.barcode }).catch(
      (e: DeskError) => e,
    );
    expect(again).toMatchObject({ refusal: 'wrongTakeCode', message: '请输入正确的取书码！' });

    const old = (await post<ReaderCode>(ApiPath.takeCode, {}, headers)).data.code;
    const current = (await post<ReaderCode>(ApiPath.takeCode, {}, headers)).data.code;
    if (old !== current)
      expect(await refusalOf(checkout(t.db.kysely, tenant.id, { takeCode: old, barcode: second.barcode }))).toBe(
        'wrongTakeCode',
      );
    expect(await refusalOf(checkout(t.db.kysely, tenant.id, { takeCode: current, barcode: second.barcode }))).toBe(
      'lent',
    );
  });

  it('lapses after 5 minutes, and a refused loan keeps it', async () => {
    const reader = await makeReader(t, tenant.id);
    const headers = await signIn(t, tenant, reader);
    const { code } = (await post<ReaderCode>(ApiPath.takeCode, {}, headers)).data;
    // A copy that is not for loan: refused, the code still good.
    await makeRecords(t, tenant.id, [{ title: '参考书', items: [{ barcode: `R-${++serial}`, circAttr: '1' }] }]);
    expect(await refusalOf(checkout(t.db.kysely, tenant.id, { takeCode: code, barcode: `R-${serial}` }))).toBe(
      'notLoanable',
    );
    await t.db.kysely
      .updateTable('reader_code')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('tenant_id', '=', tenant.id)
      .where('code', '=', code)
      .execute();
    const copy = await onShelf();
    expect(await refusalOf(checkout(t.db.kysely, tenant.id, { takeCode: code, barcode: copy.barcode }))).toBe(
      'wrongTakeCode',
    );
  });

  it("is the institution's own: another institution's desk does not know it", async () => {
    const reader = await makeReader(t, tenant.id);
    const { code } = (await post<ReaderCode>(ApiPath.takeCode, {}, await signIn(t, tenant, reader))).data;
    const elsewhere = await makeTenant(t);
    await makeRecords(t, elsewhere.id, [{ title: '别馆的书', items: [{ barcode: 'E-1' }] }]);
    expect(await refusalOf(checkout(t.db.kysely, elsewhere.id, { takeCode: code, barcode: 'E-1' }))).toBe(
      'wrongTakeCode',
    );
  });

  it('is not offered where the library lends in its own system (SIP2)', async () => {
    const sip2 = await makeTenant(t);
    await t.services.circulation.setSip2Connection(
      sip2.id,
      JSON.stringify({ host: '127.0.0.1', port: 9, user: 'u', password: 'p', institutionId: 'X' }),
    );
    const reader = await makeReader(t, sip2.id);
    const answer = await post(ApiPath.takeCode, {}, await signIn(t, sip2, reader), 'zh-CN', sip2);
    expect(answer).toMatchObject({
      success: false,
      errCode: CirculationErrCode.takeCodeUnavailable,
      message: text('zh-CN', 'takeCodeUnavailable'),
    });
  });
});

describe('handing a ready request over', () => {
  it('another reader accepts it with the code: the held copy is theirs, the giver is told, the code is spent', async () => {
    const [giver, taker] = await Promise.all([makeReader(t, tenant.id), makeReader(t, tenant.id)]);
    const [hg, ht] = [await signIn(t, tenant, giver), await signIn(t, tenant, taker)];
    const { recordId, barcode } = await onShelf('三国演义');
    const placed = await post<{ requestId: number; status: string }>(
      ApiPath.placeRequest,
      { recordId, pickupLibCode: libCode, contactPhone: '13800000000' },
      hg,
    );
    expect(placed.data.status).toBe('ready');
    // Still being fetched: nothing to hand over yet.
    expect(await post(ApiPath.handoverCode, { requestId: placed.data.requestId }, hg)).toMatchObject({
      success: false,
      errCode: RequestErrCode.notOnHoldShelf,
      message: text('zh-CN', 'requestNotOnHoldShelf'),
    });
    await markShelved(t.db.kysely, tenant.id, placed.data.requestId, day(0), 7);
    const { code } = (await post<ReaderCode>(ApiPath.handoverCode, { requestId: placed.data.requestId }, hg)).data;

    expect(await post(ApiPath.acceptRequest, { pickupCode: code }, hg)).toMatchObject({
      errCode: RequestErrCode.ownRequest,
    });
    const accepted = await post<AcceptedRequest>(ApiPath.acceptRequest, { pickupCode: code }, ht, 'zh-TW');
    expect(accepted).toMatchObject({ success: true, data: { title: '三国演义' } });
    expect(accepted.message).toBe(
      text('zh-TW', 'requestAccepted', {
        title: '三国演义',
        date: accepted.data.readyUntil,
        code: accepted.data.pickupCode,
      }),
    );
    const mine = await post<RequestPage>(ApiPath.requestList, {}, ht);
    expect(mine.data.list[0]).toMatchObject({ status: 'ready', barcode, pickupCode: accepted.data.pickupCode });
    const theirs = await post<RequestPage>(ApiPath.requestList, {}, hg);
    expect(theirs.data.list[0]).toMatchObject({ status: 'handedOver', pickupCode: null });
    const told = await t.db.kysely
      .selectFrom('reader_inbox')
      .select('body')
      .where('reader_id', '=', giver.id)
      .execute();
    expect(told.some((m) => m.body.includes('三国演义'))).toBe(true);

    // Spent: a second use, or any wrong code, says so in the spec's words.
    const third = await makeReader(t, tenant.id);
    expect(await post(ApiPath.acceptRequest, { pickupCode: code }, await signIn(t, tenant, third))).toMatchObject({
      success: false,
      errCode: RequestErrCode.wrongCode,
      message: '请输入正确的取书码！',
    });
    // The desk lends the held copy to the new reader by their pickup code.
    const ready = await findReadyRequestByCode(t.db.kysely, tenant.id, accepted.data.pickupCode);
    expect(ready?.reader_id).toBe(taker.id);
    expect(await refusalOf(checkout(t.db.kysely, tenant.id, { reader: giver.account, barcode }))).toBe(
      'heldForAnother',
    );
    expect(await refusalOf(checkout(t.db.kysely, tenant.id, { reader: taker.account, barcode }))).toBe('lent');
  });

  it('only for a ready request of the reader; frozen readers cannot accept; malformed codes are refused', async () => {
    const [giver, frozen] = await Promise.all([
      makeReader(t, tenant.id),
      makeReader(t, tenant.id, { status: 'frozen' }),
    ]);
    const hg = await signIn(t, tenant, giver);
    expect(await post(ApiPath.handoverCode, { requestId: 999_999 }, hg)).toMatchObject({
      errCode: RequestErrCode.noSuchRequest,
    });
    const { recordId } = await onShelf();
    const placed = await post<{ requestId: number }>(
      ApiPath.placeRequest,
      { recordId, pickupLibCode: libCode, contactPhone: '13800000000' },
      hg,
    );
    await markShelved(t.db.kysely, tenant.id, placed.data.requestId, day(0), 7);
    const { code } = (await post<ReaderCode>(ApiPath.handoverCode, { requestId: placed.data.requestId }, hg)).data;
    const refused = await post(ApiPath.acceptRequest, { pickupCode: code }, await signIn(t, tenant, frozen));
    expect(refused.success).toBe(false);
    expect((await post<RequestPage>(ApiPath.requestList, {}, hg)).data.list[0]!.status).toBe('ready');
    expect((await post(ApiPath.acceptRequest, { pickupCode: '12a' }, hg)).success).toBe(false);
  });
});
