import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  CirculationErrCode,
  type LoanListResponse,
  RequestErrCode,
  type LoanSummary,
  type PlacedRequest,
  type RenewResponse,
  type RequestPage,
} from '@openfind/contract';
import { Sip2Circulation } from '../src/modules/circulation/sip2-provider.js';
import {
  ensureCacheMemcached,
  freePort,
  startServer,
  stopServer,
} from '../../../packages/sip2/test-shared/sip2-test-server.js';
import { TEST_AUTH } from '../test/auth-support.js';
import { createTestApp, envelopeOf, type TestApp } from '../test/helpers.js';
import { makeReaderWith, makeRecord, makeTenant, signIn, type MadeTenant } from '../test/support/factories.js';

// A library whose circulation is its own system, reached over SIP2: the real SIP2 server of
// ../shared/tools/sip2-server (its sample ILS: readers zhangsan 张三 and djfiander, the item
// 9787020002207 红楼梦, loans of 14 days), started on a free port for this file.

const HONGLOUMENG = '9787020002207';
let t: TestApp;
let tenant: MadeTenant;
let port = 0;
let pid = 0;
let zhangsan: Record<string, string>;

/** The institution's provider: the same pool of connections the reader's calls use. */
const provider = async () => (await t.services.circulation.providerOf(tenant.id)) as Sip2Circulation;
const call = <T>(url: string, body: unknown, headers: Record<string, string>, lang?: 'zh-CN' | 'en-US') =>
  t.call({ url, body, headers, lang, mappingPath: tenant.mappingPath }).then((res) => envelopeOf<T>(res));

/** YYYY-MM-DD, `days` from today. */
const day = (days: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate() + days)).toISOString().slice(0, 10);
};

beforeAll(async () => {
  ensureCacheMemcached();
  port = await freePort();
  pid = await startServer(port);
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  tenant = await makeTenant(t);
  // One connection: the sample ILS keeps its data per server process.
  await t.services.circulation.setSip2Connection(
    tenant.id,
    JSON.stringify({
      host: '127.0.0.1',
      port,
      user: 'scclient',
      password: 'clientpwd',
      institutionId: 'UWOLS',
      poolSize: 1,
      timeoutMs: 3000,
    }),
  );
  const reader = await makeReaderWith(t, tenant.id, { account: 'zs', cardNo: 'zhangsan', name: '张三' });
  zhangsan = await signIn(t, tenant, reader);
});

afterAll(async () => {
  await t?.close();
  if (pid) await stopServer(pid, port);
});

describe("a reader's fees in the library's own system", () => {
  it('leaves the fee balance unsaid when the system gives no sum (BV), and requests to the system', async () => {
    const reader = await makeReaderWith(t, tenant.id, { account: 'dj', cardNo: 'djfiander', name: 'D. J. Fiander' });
    const summary = await t
      .call({ url: ApiPath.loanSummary, headers: await signIn(t, tenant, reader), mappingPath: tenant.mappingPath })
      .then((res) => envelopeOf<LoanSummary>(res).data);
    // The sample ILS counts a fine item for this reader but sends no fee amount: nothing is made up.
    expect(summary.fineBalance).toBeNull();
    expect(summary.requestsReady).toBeNull();
    expect(summary.cardNo).toBe('djfiander');
  });
});

describe("a reader's holds in the library's own system, over SIP2", () => {
  const HISTORY = '9787108128065';
  const PERL = '1565921879';
  let recordId = 0;
  let requestId = 0;
  let pickupLibCode = '';
  const requests = () => call<RequestPage>(ApiPath.requestList, {}, zhangsan).then((env) => env.data.list);

  it('places a hold in the system from a record, and lists it with its title and workflow step', async () => {
    recordId = await makeRecord(t, tenant.id, { title: '中国近代史', items: [{ barcode: HISTORY }] });
    const library = await t.db.kysely
      .selectFrom('library')
      .select('lib_code')
      .where('tenant_id', '=', tenant.id)
      .executeTakeFirstOrThrow();
    pickupLibCode = library.lib_code;
    const placed = await call<PlacedRequest>(
      ApiPath.placeRequest,
      { recordId, requestType: 'reserve', pickupLibCode, contactPhone: '13800000000' },
      zhangsan,
    );
    expect(placed.success, placed.message).toBe(true);
    requestId = placed.data.requestId;
    // The system has it: its own list of the reader's holds names the copy.
    const info = await (await provider()).client.patronInformation('zhangsan', undefined, { kind: 'hold' });
    expect(info.holdItems).toContain(HISTORY);
    const [row] = await requests();
    expect(row).toMatchObject({
      requestId,
      recordId,
      title: '中国近代史',
      requestType: 'reserve',
      pickupLibCode,
      delivery: null,
    });
    expect(['waiting', 'ready']).toContain(row!.status);
    expect(row!.workflow).toBe(row!.status === 'ready' ? 'appointmentArrived' : 'appointing');
  });

  it('leaves the loan rules to the system: it decides at each loan (userLoanRules says so)', async () => {
    const rules = await t
      .call({ url: ApiPath.userLoanRules, headers: zhangsan, mappingPath: tenant.mappingPath })
      .then((res) => envelopeOf<{ rules: unknown }>(res));
    expect(rules).toMatchObject({ success: true, data: { rules: null } });
  });

  it('offers no other kind of request: the system keeps holds only', async () => {
    const entrust = await call<PlacedRequest>(
      ApiPath.placeRequest,
      { recordId, requestType: 'entrust', pickupLibCode, contactPhone: '13800000000' },
      zhangsan,
      'en-US',
    );
    expect(entrust).toMatchObject({ success: false, errCode: RequestErrCode.kindNotOffered });
    expect(entrust.message).toMatch(/reservations only/);
    // Re-lend (转借) moves a loan between readers in OpenFind's own circulation: not the system's.
    const check = await call<{ allowed: boolean; errCode: number | null }>(
      ApiPath.beforeSubtenancy,
      { recordId },
      zhangsan,
    );
    expect(check.data).toMatchObject({ allowed: false, errCode: RequestErrCode.kindNotOffered });
    const ask = await call(ApiPath.askBook, { recordId }, zhangsan);
    expect(ask).toMatchObject({ success: false, errCode: RequestErrCode.kindNotOffered });
  });

  it('lists a hold placed in the system by other means, with the title the system gives', async () => {
    expect((await (await provider()).client.placeHold('zhangsan', PERL)).ok).toBe(true);
    const list = await requests();
    expect(list.map((r) => r.title)).toEqual(expect.arrayContaining(['中国近代史', 'Perl 5 desktop reference']));
  });

  it('cancels a hold in the system; a hold the system no longer lists has ended there', async () => {
    const cancelled = await call<{ cancelled: boolean }>(ApiPath.cancelRequest, { requestId }, zhangsan);
    expect(cancelled.success, cancelled.message).toBe(true);
    const info = await (await provider()).client.patronInformation('zhangsan', undefined, { kind: 'hold' });
    expect(info.holdItems).not.toContain(HISTORY);
    // Cancelled at the desk, not here: gone from the system's list.
    expect((await (await provider()).client.cancelHold('zhangsan', PERL)).ok).toBe(true);
    const list = await requests();
    expect(list.find((r) => r.requestId === requestId)).toMatchObject({ status: 'cancelled', workflow: null });
    expect(list.find((r) => r.title === 'Perl 5 desktop reference')).toMatchObject({ status: 'expired' });
    const again = await call(ApiPath.cancelRequest, { requestId }, zhangsan);
    expect(again).toMatchObject({ success: false, errCode: RequestErrCode.noSuchRequest });
  });
});

describe("a reader's loans in the library's own system, over SIP2", () => {
  let loanId = 0;

  it('lists what the system has charged to the card, with its title and due date', async () => {
    const out = await (await provider()).client.checkout('zhangsan', HONGLOUMENG);
    expect(out.ok).toBe(true);
    const env = await call<LoanListResponse>(ApiPath.loanList, {}, zhangsan);
    expect(env.success).toBe(true);
    expect(env.data.searchResult.map((l) => [l.barcode, l.title, l.normReturnDate, l.renewable])).toEqual([
      [HONGLOUMENG, '红楼梦', day(14), true],
    ]);
    loanId = env.data.searchResult[0]!.loanId;
    // The loan keeps its id at the next look.
    const again = await call<LoanListResponse>(ApiPath.loanList, {}, zhangsan);
    expect(again.data.searchResult[0]!.loanId).toBe(loanId);
  });

  it('renews it through the system', async () => {
    const env = await call<RenewResponse>(ApiPath.reNew, { loanIds: [loanId] }, zhangsan);
    expect(env.data.outcomes[0]).toMatchObject({ renewed: true, dueDate: day(14) });
    const [loan] = (await call<LoanListResponse>(ApiPath.loanList, {}, zhangsan)).data.searchResult;
    expect(loan!.renewTimes).toBe(1);
  });

  it("shows the system's own words when it refuses: another reader holds the item", async () => {
    const hold = await (await provider()).client.placeHold('djfiander', HONGLOUMENG);
    expect(hold.ok).toBe(true);
    const env = await call<RenewResponse>(ApiPath.reNew, { loanIds: [loanId] }, zhangsan, 'en-US');
    expect(env.data.outcomes[0]).toMatchObject({ renewed: false, refusal: 'refusedBySystem' });
    expect(env.data.outcomes[0]!.reason).toMatch(/outstanding holds/);
    await (await provider()).client.cancelHold('djfiander', HONGLOUMENG);
  });

  it('a returned loan moves to the history', async () => {
    const returned = await (await provider()).client.checkin(HONGLOUMENG);
    expect(returned.ok).toBe(true);
    expect((await call<LoanListResponse>(ApiPath.loanList, {}, zhangsan)).data.numFound).toBe(0);
    const history = await call<LoanListResponse>(ApiPath.loanHistoryList, {}, zhangsan);
    expect(history.data.searchResult.map((l) => [l.loanId, l.returnDate])).toEqual([[loanId, day(0)]]);
  });

  it('says the system is unreachable when it is gone (never a refusal), and recovers when it is back', async () => {
    await (await provider()).client.checkout('zhangsan', HONGLOUMENG);
    const [loan] = (await call<LoanListResponse>(ApiPath.loanList, {}, zhangsan)).data.searchResult;
    await stopServer(pid, port);
    pid = 0;
    const list = await call<LoanListResponse>(ApiPath.loanList, {}, zhangsan, 'en-US');
    expect(list).toMatchObject({ success: false, errCode: CirculationErrCode.unreachable });
    expect(list.message).toMatch(/cannot be reached/);
    const renew = await call<RenewResponse>(ApiPath.reNew, { loanIds: [loan!.loanId] }, zhangsan);
    expect(renew.data.outcomes[0]).toMatchObject({ renewed: false, refusal: 'unreachable' });
    pid = await startServer(port);
    // A fresh server: its sample data again, without the loan.
    const back = await call<LoanListResponse>(ApiPath.loanList, {}, zhangsan);
    expect(back.success).toBe(true);
  });
});
