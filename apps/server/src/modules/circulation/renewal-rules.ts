import type { ReaderStatus, RenewRefusal } from '@openfind/contract';

/** The loan rules that apply to one loan (a `loan_policy` row). */
export interface LoanPolicy {
  loanDays: number;
  maxLoans: number;
  maxRenewals: number;
  renewalDays: number;
  /** Renewals are accepted from this many days before the due date; 0 = at any time. */
  renewWindowDays: number;
  renewWhenOverdue: boolean;
  /** Open requests a reader may have. */
  maxRequests: number;
  /** Days a copy held for a request waits at the pickup library, its first day included. */
  holdShelfDays: number;
  /** A late return's fine a day, in fen, and its most per loan. */
  finePerDayCents: number;
  maxFineCents: number;
  /** Days without borrowing per day late (0: none). */
  suspendDaysPerDay: number;
  /** Borrowing, renewing and requesting stop once this much is owed, in fen (0: never). */
  fineLimitCents: number;
}

/**
 * The rules of an institution without a `loan_policy` row: 30 days, 10 loans, one renewal of 30 days,
 * 5 requests held 7 days; ¥0.10 a day late up to ¥50 a loan, and no borrowing once ¥10 is owed.
 */
export const DEFAULT_POLICY: LoanPolicy = {
  loanDays: 30,
  maxLoans: 10,
  maxRenewals: 1,
  renewalDays: 30,
  renewWindowDays: 0,
  renewWhenOverdue: false,
  maxRequests: 5,
  holdShelfDays: 7,
  finePerDayCents: 10,
  maxFineCents: 5000,
  suspendDaysPerDay: 0,
  fineLimitCents: 1000,
};

/** Circulation attribute of a copy that can be lent (`circAttr` 0 可借); others are not renewable. */
export const LOANABLE_CIRC_ATTR = '0';

/** What a renewal decision needs to know of a loan, its copy and its reader. Dates are YYYY-MM-DD. */
export interface RenewalFacts {
  today: string;
  dueDate: string;
  renewCount: number;
  recallCount: number;
  /** Other readers' requests waiting for the copy's record. */
  holdsWaiting: number;
  circAttr: string;
  readerStatus: ReaderStatus;
  readerValidUntil: string | null;
  /** What the reader owes (fen), and the last day of a borrowing suspension in force. */
  owedCents: number;
  suspendedUntil: string | null;
}

export type RenewalDecision =
  { renewable: true; newDueDate: string } | { renewable: false; refusal: RenewRefusal; renewableFrom: string | null };

/** `date` plus `days` (YYYY-MM-DD, calendar days). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const refuse = (refusal: RenewRefusal, renewableFrom: string | null = null): RenewalDecision => ({
  renewable: false,
  refusal,
  renewableFrom,
});

/** Whether `owedCents` stops borrowing, renewing and requesting under `policy`. */
export function owesTooMuch(owedCents: number, policy: LoanPolicy): boolean {
  return policy.fineLimitCents > 0 && owedCents >= policy.fineLimitCents;
}

/**
 * What returning a loan `overdueDays` late costs under `policy`: a fine of so much a day up to the
 * policy's most, and days without borrowing from `returnedOn` (the suspension's first day).
 */
export function overdueCharge(
  overdueDays: number,
  policy: LoanPolicy,
  returnedOn: string,
): { amountCents: number; blockStart: string | null; blockEnd: string | null } {
  if (overdueDays <= 0) return { amountCents: 0, blockStart: null, blockEnd: null };
  const amountCents = Math.min(overdueDays * policy.finePerDayCents, policy.maxFineCents);
  const blockDays = overdueDays * policy.suspendDaysPerDay;
  return blockDays > 0
    ? { amountCents, blockStart: returnedOn, blockEnd: addDays(returnedOn, blockDays - 1) }
    : { amountCents, blockStart: null, blockEnd: null };
}

/**
 * Whether a loan can be renewed today and until when, by the library's usual order of reasons: the
 * reader's card first (frozen, lost, expired: spec §6), then the reader's standing (a borrowing
 * suspension, fines over the limit), then the copy (not renewable at all, wanted
 * by another reader or recalled), then the loan (renewals used up, overdue, too early). A renewal
 * runs `renewalDays` from today; one that would not move the due date later is too early, and says
 * from when it is accepted.
 */
export function decideRenewal(f: RenewalFacts, policy: LoanPolicy): RenewalDecision {
  if (f.readerStatus === 'frozen') return refuse('cardFrozen');
  if (f.readerStatus === 'lost') return refuse('cardLost');
  if (f.readerValidUntil !== null && f.readerValidUntil < f.today) return refuse('cardExpired');
  if (f.suspendedUntil !== null && f.suspendedUntil >= f.today) return refuse('readerBlocked');
  if (owesTooMuch(f.owedCents, policy)) return refuse('fineLimit');
  if (f.circAttr !== LOANABLE_CIRC_ATTR || policy.maxRenewals === 0) return refuse('notRenewable');
  if (f.recallCount > 0 || f.holdsWaiting > 0) return refuse('onHold');
  if (f.renewCount >= policy.maxRenewals) return refuse('tooManyRenewals');
  if (f.dueDate < f.today && !policy.renewWhenOverdue) return refuse('overdue');
  const newDueDate = addDays(f.today, policy.renewalDays);
  // The first day on which a renewal both falls in the window and moves the due date later.
  const fromWindow = policy.renewWindowDays > 0 ? addDays(f.dueDate, -policy.renewWindowDays) : f.today;
  const fromLater = addDays(f.dueDate, 1 - policy.renewalDays);
  const renewableFrom = fromWindow > fromLater ? fromWindow : fromLater;
  if (renewableFrom > f.today) return refuse('tooSoon', renewableFrom);
  return { renewable: true, newDueDate };
}

/**
 * The policy of a reader type and a copy's circulation attribute among an institution's rows: type
 * and attribute, then type, then attribute, then the default row ('', ''), then `DEFAULT_POLICY`.
 */
export function policyFor(
  rows: ReadonlyArray<LoanPolicy & { readerType: string; circAttr: string }>,
  readerType: string,
  circAttr: string,
): LoanPolicy {
  const find = (type: string, attr: string) => rows.find((r) => r.readerType === type && r.circAttr === attr);
  return find(readerType, circAttr) ?? find(readerType, '') ?? find('', circAttr) ?? find('', '') ?? DEFAULT_POLICY;
}
