import { describe, expect, it } from 'vitest';
import {
  DEFAULT_POLICY,
  addDays,
  decideRenewal,
  overdueCharge,
  policyFor,
  type RenewalFacts,
} from '../src/modules/circulation/renewal-rules.js';

const TODAY = '2026-11-27';
const facts = (over: Partial<RenewalFacts> = {}): RenewalFacts => ({
  today: TODAY,
  dueDate: addDays(TODAY, 5),
  renewCount: 0,
  recallCount: 0,
  holdsWaiting: 0,
  circAttr: '0',
  readerStatus: 'normal',
  readerValidUntil: null,
  owedCents: 0,
  suspendedUntil: null,
  ...over,
});

describe('a renewal decision', () => {
  it('runs the renewal from today, across months and leap days', () => {
    expect(decideRenewal(facts(), DEFAULT_POLICY)).toEqual({ renewable: true, newDueDate: '2026-12-27' });
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('is too early while a renewal would not move the due date later, or before the window opens', () => {
    const due = addDays(TODAY, 40);
    expect(decideRenewal(facts({ dueDate: due }), DEFAULT_POLICY)).toEqual({
      renewable: false,
      refusal: 'tooSoon',
      renewableFrom: addDays(due, -29),
    });
    const windowed = { ...DEFAULT_POLICY, renewWindowDays: 3 };
    expect(decideRenewal(facts(), windowed)).toMatchObject({ refusal: 'tooSoon', renewableFrom: addDays(TODAY, 2) });
    expect(decideRenewal(facts({ dueDate: addDays(TODAY, 3) }), windowed)).toMatchObject({ renewable: true });
  });

  it('gives the card first, then the copy, then the loan', () => {
    const everything = facts({
      readerStatus: 'lost',
      circAttr: '1',
      recallCount: 1,
      renewCount: 9,
      dueDate: '2020-01-01',
    });
    expect(decideRenewal(everything, DEFAULT_POLICY)).toMatchObject({ refusal: 'cardLost' });
    expect(
      decideRenewal({ ...everything, readerStatus: 'normal', readerValidUntil: '2026-11-26' }, DEFAULT_POLICY),
    ).toMatchObject({
      refusal: 'cardExpired',
    });
    expect(decideRenewal({ ...everything, readerStatus: 'normal' }, DEFAULT_POLICY)).toMatchObject({
      refusal: 'notRenewable',
    });
    expect(decideRenewal({ ...everything, readerStatus: 'normal', circAttr: '0' }, DEFAULT_POLICY)).toMatchObject({
      refusal: 'onHold',
    });
    expect(decideRenewal(facts({ holdsWaiting: 1 }), DEFAULT_POLICY)).toMatchObject({ refusal: 'onHold' });
    expect(decideRenewal(facts({ renewCount: 1, dueDate: '2020-01-01' }), DEFAULT_POLICY)).toMatchObject({
      refusal: 'tooManyRenewals',
    });
    expect(decideRenewal(facts({ dueDate: '2020-01-01' }), DEFAULT_POLICY)).toMatchObject({ refusal: 'overdue' });
    expect(
      decideRenewal(facts({ dueDate: '2020-01-01' }), { ...DEFAULT_POLICY, renewWhenOverdue: true }),
    ).toMatchObject({
      renewable: true,
    });
    expect(decideRenewal(facts({ readerValidUntil: TODAY }), DEFAULT_POLICY)).toMatchObject({ renewable: true });
  });
});

describe('the policy of a loan', () => {
  const row = (readerType: string, circAttr: string, maxRenewals: number) => ({
    ...DEFAULT_POLICY,
    readerType,
    circAttr,
    maxRenewals,
  });
  const rows = [row('', '', 1), row('', '1', 0), row('teacher', '', 5), row('teacher', '1', 2)];

  it('is the most specific row: type and attribute, type, attribute, the default row, the built-in rules', () => {
    expect(policyFor(rows, 'teacher', '1').maxRenewals).toBe(2);
    expect(policyFor(rows, 'teacher', '0').maxRenewals).toBe(5);
    expect(policyFor(rows, 'student', '1').maxRenewals).toBe(0);
    expect(policyFor(rows, 'student', '0').maxRenewals).toBe(1);
    expect(policyFor([], 'student', '0')).toBe(DEFAULT_POLICY);
  });
});

describe("a reader's standing", () => {
  it('refuses a suspended reader until the suspension ends, then fines over the limit, after the card', () => {
    expect(decideRenewal(facts({ suspendedUntil: TODAY }), DEFAULT_POLICY)).toMatchObject({ refusal: 'readerBlocked' });
    expect(decideRenewal(facts({ suspendedUntil: addDays(TODAY, -1) }), DEFAULT_POLICY)).toMatchObject({
      renewable: true,
    });
    expect(decideRenewal(facts({ owedCents: 1000 }), DEFAULT_POLICY)).toMatchObject({ refusal: 'fineLimit' });
    expect(decideRenewal(facts({ owedCents: 999 }), DEFAULT_POLICY)).toMatchObject({ renewable: true });
    // No limit at 0.
    expect(decideRenewal(facts({ owedCents: 10 ** 7 }), { ...DEFAULT_POLICY, fineLimitCents: 0 })).toMatchObject({
      renewable: true,
    });
    expect(
      decideRenewal(facts({ owedCents: 5000, suspendedUntil: TODAY, readerStatus: 'frozen' }), DEFAULT_POLICY),
    ).toMatchObject({ refusal: 'cardFrozen' });
  });

  it('charges a late return by the day up to the most per loan, and suspends from the return day', () => {
    expect(overdueCharge(0, DEFAULT_POLICY, TODAY)).toEqual({ amountCents: 0, blockStart: null, blockEnd: null });
    expect(overdueCharge(7, DEFAULT_POLICY, TODAY)).toEqual({ amountCents: 70, blockStart: null, blockEnd: null });
    expect(overdueCharge(900, DEFAULT_POLICY, TODAY).amountCents).toBe(5000);
    expect(overdueCharge(3, { ...DEFAULT_POLICY, finePerDayCents: 0, suspendDaysPerDay: 2 }, TODAY)).toEqual({
      amountCents: 0,
      blockStart: TODAY,
      blockEnd: addDays(TODAY, 5),
    });
  });
});
