import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  type BehaviourPage,
  type HolderAsks,
  type LoanListResponse,
  type RequestPage,
} from '@openfind/contract';
import { DEMO_PASSWORD } from '../src/seed/demo-readers.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { signIn } from './support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ records: 80, auth: TEST_AUTH });
});
afterAll(async () => t?.close());

const loansOf = async (account: string, url: string = ApiPath.loanList) => {
  const headers = await signIn(t, { mappingPath: '' }, { account, password: DEMO_PASSWORD });
  return envelopeOf<LoanListResponse>(await t.call({ url, body: {}, headers, mappingPath: '' })).data;
};

describe('the demo readers show My Library in every state (README)', () => {
  it('the normal reader: due soon, overdue, renewable, and refused for each reason; a history', async () => {
    const data = await loansOf('reader');
    expect(data.loanNum).toBe(7);
    const states = data.searchResult.map((l) => (l.renewable ? 'renewable' : l.renewRefusal));
    expect(states.sort()).toEqual(
      ['notRenewable', 'onHold', 'overdue', 'renewable', 'renewable', 'tooManyRenewals', 'tooSoon'].sort(),
    );
    expect(data.searchResult.some((l) => l.overdueDays > 0)).toBe(true);
    expect((await loansOf('reader', ApiPath.loanHistoryList)).numFound).toBeGreaterThan(0);
    const requests = (await loansOf('reader', ApiPath.requestList)) as unknown as RequestPage;
    expect(requests.list.map((r) => r.status).sort()).toEqual(['ready', 'waiting']);
    expect(requests.list.find((r) => r.status === 'ready')?.pickupCode).toMatch(/^\d{6}$/);
    const fines = (await loansOf('reader', ApiPath.behaviourList)) as unknown as BehaviourPage;
    expect(fines.list.map((f) => [f.behaviourType, f.processFlag, f.owedAmount, f.overdueDays]).sort()).toEqual([
      ['overdue', 'processed', '0.00', 8],
      ['overdue', 'unprocessed', '1.20', 12],
    ]);
  });

  it('a re-lend ask: the unverified reader asks for a book the normal reader has; the normal reader sees it, anonymised', async () => {
    const headersOf = (account: string) => signIn(t, { mappingPath: '' }, { account, password: DEMO_PASSWORD });
    const asker = await headersOf('unverified');
    const own = envelopeOf<RequestPage>(
      await t.call({ url: ApiPath.requestList, body: {}, headers: asker, mappingPath: '' }),
    ).data;
    expect(own.list.map((r) => [r.requestType, r.status])).toEqual([['relend', 'waiting']]);
    const asked = envelopeOf<HolderAsks>(
      await t.call({ method: 'GET', url: ApiPath.subtencyList, headers: await headersOf('reader'), mappingPath: '' }),
    ).data;
    expect(asked.list).toHaveLength(1);
    expect(asked.list[0]).toMatchObject({ recordId: own.list[0]!.recordId, status: 'waiting' });
    expect(JSON.stringify(asked.list)).not.toMatch(/unverified|陈静/);
  });

  it('a home delivery on its way: the teacher with the old password has it lent, sent, and waiting for receipt', async () => {
    // Its password must be changed before it can sign in: read through the services.
    const reader = await t.db.kysely
      .selectFrom('reader')
      .select(['id', 'tenant_id'])
      .where('account', '=', 'expired')
      .orderBy('tenant_id')
      .executeTakeFirstOrThrow();
    const requests = await t.services.requests.list(reader.tenant_id, reader.id, 1, 20, 'zh-CN');
    expect(requests.list).toHaveLength(1);
    expect(requests.list[0]).toMatchObject({
      requestType: 'delivery',
      status: 'shipped',
      workflow: 'inLogistics',
      delivery: { recipient: '刘洋', trackingNo: 'SF1402026001', receivedAt: null },
    });
    const loans = await t.db.kysely
      .selectFrom('loan_event')
      .select(['barcode', 'loan_date'])
      .where('reader_id', '=', reader.id)
      .where('return_date', 'is', null)
      .execute();
    const sent = await t.db.kysely
      .selectFrom('circ_request')
      .select('barcode')
      .where('id', '=', String(requests.list[0]!.requestId))
      .executeTakeFirstOrThrow();
    expect(loans.map((l) => l.barcode)).toEqual([sent.barcode]);
  });

  it('a frozen card and a lost card: loans they cannot renew', async () => {
    const frozen = await loansOf('frozen');
    expect(frozen.searchResult.map((l) => l.renewRefusal)).toEqual(['cardFrozen', 'cardFrozen']);
    const lost = await loansOf('lost');
    expect(lost.searchResult.map((l) => l.renewRefusal)).toEqual(['cardLost']);
  });
});
