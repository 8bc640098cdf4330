import { ApiPath, type HotLoanResponse, type LoanAnalysis, type NearTenYearLoan } from '@openfind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t as text } from '../src/http/messages.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { addLoans, clientOf, day, makeRecord, makeRecords, makeTenant } from './support/factories.js';

/** Loans: the most borrowed records of an institution, and the loans of one record. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t?.close());

describe('getHotLoan', () => {
  let api: ReturnType<typeof clientOf>;
  let hlm: number;
  const hot = async (body: Record<string, unknown>) =>
    envelopeOf<HotLoanResponse>(await api.post(ApiPath.getHotLoan, body)).data;

  // Four records of a new institution with the demo's libraries; classes I… are Literature (05), TP… Engineering (08).
  beforeAll(async () => {
    const tenant = await makeTenant(t, { libraries: 'demo' });
    api = clientOf(t, tenant);
    const [red, santi, python, old] = await makeRecords(t, tenant.id, [
      {
        title: '红楼梦',
        clcClasses: ['I242.47'],
        callNumbers: ['I242.47/2'],
        items: [{}, {}, {}, { libCode: 'OFU-MED', campusId: '3', locationId: '301' }],
      },
      { title: '三体', clcClasses: ['I247.55'], items: [{}] },
      { title: 'Python编程', clcClasses: ['TP311.56'], items: [{}, { processTypeCode: '412' }] },
      { title: '旧书', clcClasses: ['K20'] },
    ]);
    hlm = red;
    const loans = (recordId: number, daysAgo: number[], libCode = 'OFU') =>
      daysAgo.map((d) => ({ recordId, loanDate: day(-d), libCode }));
    await addLoans(t, tenant.id, [
      ...loans(hlm, [1, 2, 3, 4]),
      ...loans(hlm, [2], 'OFU-MED'),
      ...loans(santi, [1, 2, 5]),
      ...loans(python, [15, 20]),
      ...loans(old, [800]),
    ]);
  });

  it('ranks by loans in the window, or by loans per copy', async () => {
    const week = await hot({ statRange: 7 });
    expect(week.result.map((r) => [r.title, r.loanCount, r.loanRate])).toEqual([
      ['红楼梦', 5, 1.25],
      ['三体', 3, 3],
    ]);
    expect(week).toMatchObject({ totalCount: 2, statRange: 7 });
    expect(week.result[0]).toMatchObject({ recordId: hlm, callNo: 'I242.47/2', physicalCount: 4 });
    const byRate = await hot({ statRange: 7, sortType: 2 });
    expect(byRate.result.map((r) => r.title)).toEqual(['三体', '红楼梦']);
    const month = await hot({ statRange: '30' });
    expect(month.result.map((r) => r.title)).toEqual(['红楼梦', '三体', 'Python编程']);
    expect((await hot({ statRange: 365 })).totalCount).toBe(3);
  });

  it('takes the nearest window and filters by library, class and discipline', async () => {
    expect((await hot({ statRange: 9 })).statRange).toBe(7);
    expect((await hot({ statRange: 1000 })).statRange).toBe(365);
    const med = await hot({ statRange: 7, libCode: 'OFU-MED' });
    expect(med.result.map((r) => [r.title, r.loanCount])).toEqual([['红楼梦', 1]]);
    expect((await hot({ statRange: 30, classNo: 'tp' })).result.map((r) => r.title)).toEqual(['Python编程']);
    expect((await hot({ statRange: 30, disCode: '05' })).result.map((r) => r.title)).toEqual(['红楼梦', '三体']);
    expect((await hot({ statRange: 30, disCode: '08' })).result.map((r) => r.title)).toEqual(['Python编程']);
  });

  it('pages, clamps rows and refuses page 0', async () => {
    const second = await hot({ statRange: 30, page: 2, rows: 2 });
    expect(second.result.map((r) => r.title)).toEqual(['Python编程']);
    expect((await hot({ statRange: 30, rows: 10000 })).result).toHaveLength(3);
    expect(await hot({ statRange: 30, page: 5, rows: 2 })).toMatchObject({ result: [], totalCount: 3 });
    const res = await api.post(ApiPath.getHotLoan, { page: 0 }, 'en_US');
    expect(res.statusCode).toBe(400);
    const message = envelopeOf(res).message;
    expect(message.startsWith(text('en-US', 'badRequest', { detail: 'page' })), message).toBe(true);
    expect((await api.post(ApiPath.getHotLoan, { sortType: 3 })).statusCode).toBe(400);
  });
});

describe('loans of a record', () => {
  const thisYear = new Date().getUTCFullYear();
  let api: ReturnType<typeof clientOf>;
  let huozhe: number;
  let unlent: number;

  // 活着: four copies, one on loan; eight loans, six in the last year, one nine and one twelve years ago.
  beforeAll(async () => {
    const tenant = await makeTenant(t);
    api = clientOf(t, tenant);
    huozhe = await makeRecord(t, tenant.id, {
      title: '活着',
      items: [{}, { processTypeCode: '412', dueDate: day(14) }, {}, {}],
    });
    unlent = await makeRecord(t, tenant.id, { title: 'Data science at the command line' });
    const lent = (loanDate: string, returnDate?: string) => ({ recordId: huozhe, loanDate, returnDate });
    await addLoans(t, tenant.id, [
      ...[1, 2, 3, 5, 6].map((d) => lent(day(-d))),
      lent(day(-200), day(-180)),
      lent(`${thisYear - 9}-03-01`, `${thisYear - 9}-03-11`),
      lent(`${thisYear - 12}-03-01`, `${thisYear - 12}-03-21`),
    ]);
  });

  it('getNearTenYearLoan: ten years, oldest first, zeros included, older loans left out', async () => {
    const { data } = envelopeOf<NearTenYearLoan>(
      await api.get(ApiPath.getNearTenYearLoan, { recordId: String(huozhe) }),
    );
    expect(data.map((y) => y.year)).toEqual(Array.from({ length: 10 }, (_, i) => String(thisYear - 9 + i)));
    expect(data[0]?.loanCount).toBe(1);
    expect(data.reduce((s, y) => s + y.loanCount, 0)).toBe(7);
    const none = envelopeOf<NearTenYearLoan>(
      await api.get(ApiPath.getNearTenYearLoan, { recordId: String(unlent) }),
    ).data;
    expect(none.every((y) => y.loanCount === 0)).toBe(true);
  });

  it('getLoanAnalysis: totals, loans per copy, loan length, twelve months', async () => {
    const { data } = envelopeOf<LoanAnalysis>(await api.get(ApiPath.getLoanAnalysis, { recordId: String(huozhe) }));
    expect(data).toMatchObject({
      totalLoans: 8,
      loansLastYear: 6,
      itemCount: 4,
      onLoanCount: 1,
      loanRate: 1.5,
      averageLoanDays: 16.7,
      lastLoanDate: day(-1),
    });
    expect(data.byMonth).toHaveLength(12);
    expect(data.byMonth.reduce((s, m) => s + m.loanCount, 0)).toBe(6);
  });
});
