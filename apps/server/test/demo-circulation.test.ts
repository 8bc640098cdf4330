import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, type BehaviourPage, type LoanListResponse, type RequestPage } from '@openfind/contract';
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

  it('a frozen card and a lost card: loans they cannot renew', async () => {
    const frozen = await loansOf('frozen');
    expect(frozen.searchResult.map((l) => l.renewRefusal)).toEqual(['cardFrozen', 'cardFrozen']);
    const lost = await loansOf('lost');
    expect(lost.searchResult.map((l) => l.renewRefusal)).toEqual(['cardLost']);
  });
});
