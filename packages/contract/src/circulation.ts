import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { LongId, boundedNumber, freeText } from './input.js';
import { Page, Rows } from './records.js';
import { READER_STATUSES } from './auth.js';
import { MAX_RENEW_LOANS, RENEW_REFUSALS } from './values/circulation.js';
export * from './values/circulation.js';

/**
 * A reader's circulation (issue 27): current loans, loan history and renewal, with the real API's
 * paths and shapes (`../shared/docs/api-contract.md`, the captured `loanList` and `reNew`). The
 * fields marked "OpenFind addition" say what the real API leaves to a second look: whether a loan
 * can be renewed now, and why not.
 */

/** `YYYY-MM-DD`, or '' for none (the loan lists' date filters). */
const DateText = z
  .union([
    z
      .string()
      .trim()
      .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'a date YYYY-MM-DD'),
    z.null(),
  ])
  .optional()
  .transform((v) => v || '');

/** `POST /find/loanInfo/loanList` and `loanHistoryList`. */
export const LoanListRequest = z.object({
  page: Page,
  rows: Rows(10, 200),
  /** 1 title, 2 author, 3 barcode (`LOAN_SEARCH_TYPES`). */
  searchType: boundedNumber(1, 1, 3),
  searchContent: freeText(200)
    .optional()
    .transform((v) => v ?? ''),
  /** 0 default (due soonest first; history: returned latest first), 1 loan date, 2 due date, 3 overdue days. */
  sortType: boundedNumber(0, 0, 3),
  /** Loan date from / to, inclusive. */
  startDate: DateText,
  endDate: DateText,
});
export type LoanListRequest = z.infer<typeof LoanListRequest>;

/** Why a loan cannot be renewed (`RENEW_REFUSALS`). */
export const RenewRefusalCode = z.enum(RENEW_REFUSALS);

/** One loan, as the real API lists it, with OpenFind's renewal fields. */
export const ReaderLoan = z.object({
  loanId: z.number().int(),
  /** 0 when the copy has no record in OpenFind's catalogue (a loan of the library's own system). */
  recordId: z.number().int(),
  title: z.string(),
  author: z.string().nullable(),
  publisher: z.string().nullable(),
  isbn: z.string().nullable(),
  publishYear: z.string().nullable(),
  /** YYYY-MM-DD; '' when the circulation system does not say (SIP2). */
  loanDate: z.string(),
  /** Due date, YYYY-MM-DD. */
  normReturnDate: z.string(),
  /** YYYY-MM-DD once returned; null while on loan. */
  returnDate: z.string().nullable(),
  /** Last renewal, YYYY-MM-DD; null when never renewed. */
  renewDate: z.string().nullable(),
  renewTimes: z.number().int(),
  recallTimes: z.number().int(),
  loanType: z.string().nullable(),
  barcode: z.string().nullable(),
  callNo: z.string().nullable(),
  propNo: z.string().nullable(),
  locationName: z.string().nullable(),
  curLibName: z.string().nullable(),
  campusName: z.string().nullable(),
  docCode: z.string().nullable(),
  /** OpenFind addition: renewals the policy allows in all (null when the system does not say). */
  renewLimit: z.number().int().nullable(),
  /** OpenFind addition: days past the due date (0 when not overdue). */
  overdueDays: z.number().int(),
  /** OpenFind addition: whether a renewal would be accepted now (current loans). */
  renewable: z.boolean(),
  /** OpenFind addition: why not, when not renewable. */
  renewRefusal: RenewRefusalCode.nullable(),
  /** OpenFind addition: the first day a renewal is accepted, when it is too soon (YYYY-MM-DD). */
  renewableFrom: z.string().nullable(),
});
export type ReaderLoan = z.infer<typeof ReaderLoan>;

export const LoanListResponse = z.object({
  searchResult: z.array(ReaderLoan),
  numFound: z.number().int(),
  /** Current loans of the reader in all (whatever the filter). */
  loanNum: z.number().int(),
});
export type LoanListResponse = z.infer<typeof LoanListResponse>;

/** `POST /find/lendbook/reNew {loanIds}`: renew some loans (all of them: the current loans' ids). */
export const RenewRequest = z.object({
  loanIds: z
    .array(LongId)
    .min(1)
    .max(MAX_RENEW_LOANS)
    .transform((ids) => [...new Set(ids)]),
});
export type RenewRequest = z.infer<typeof RenewRequest>;

/** The outcome of one loan's renewal (OpenFind addition, beside the real API's `result` map). */
export const RenewOutcome = z.object({
  loanId: z.number().int(),
  title: z.string(),
  renewed: z.boolean(),
  /** The new due date, YYYY-MM-DD, when renewed. */
  dueDate: z.string().nullable(),
  refusal: RenewRefusalCode.nullable(),
  /** The translated reason (or the library system's own text), '' when renewed. */
  reason: z.string(),
  renewableFrom: z.string().nullable(),
});
export type RenewOutcome = z.infer<typeof RenewOutcome>;

/**
 * As the real API answers: `result` maps "<loanId> <title>" to the new due date or the reason;
 * `success` and `fail` count them. A refused renewal is still a successful call.
 */
export const RenewResponse = z.object({
  result: z.record(z.string(), z.string()),
  success: z.number().int(),
  fail: z.number().int(),
  /** OpenFind addition: each loan's outcome, in the order asked. */
  outcomes: z.array(RenewOutcome),
});
export type RenewResponse = z.infer<typeof RenewResponse>;

/**
 * `GET /find/loanInfo/loanSummary` (OpenFind addition): My Library at a glance, what a reader reads
 * in two seconds. Figures a part not built yet cannot give (requests, fines, points) are null.
 */
export const LoanSummary = z.object({
  name: z.string(),
  cardNo: z.string(),
  status: z.enum(READER_STATUSES),
  /** YYYY-MM-DD, null when the card does not expire. */
  validUntil: z.string().nullable(),
  loans: z.number().int(),
  /** Due within `DUE_SOON_DAYS` days, today included (not overdue). */
  dueSoon: z.number().int(),
  overdue: z.number().int(),
  /** Loans a renewal would be accepted for now. */
  renewable: z.number().int(),
  /** The soonest due date from today on, YYYY-MM-DD (null when none is; overdue loans are counted in `overdue`). */
  nextDue: z.string().nullable(),
  requestsReady: z.number().int().nullable(),
  fineBalance: z.string().nullable(),
  points: z.number().int().nullable(),
  unreadMessages: z.number().int(),
});
export type LoanSummary = z.infer<typeof LoanSummary>;

/** A code a reader shows or gives: 6 digits, valid 5 minutes (`READER_CODE_SECONDS`), used once. */
export const ReaderCode = z.object({
  code: z.string(),
  /** ISO 8601. */
  expiresAt: z.string(),
  /** Seconds left (the server's clock). */
  secondsLeft: z.number().int(),
});
export type ReaderCode = z.infer<typeof ReaderCode>;

/**
 * `GET /find/loanInfo/userLoanRules` (the spec's state slot `userLoanRules`): the rules that apply to
 * the reader's loans of ordinary (loanable) copies, by their reader type; money in yuan ("0.10").
 */
export const LoanRules = z.object({
  loanDays: z.number().int(),
  maxLoans: z.number().int(),
  maxRenewals: z.number().int(),
  renewalDays: z.number().int(),
  /** Renewals are accepted from this many days before the due date; 0 = at any time. */
  renewWindowDays: z.number().int(),
  renewWhenOverdue: z.boolean(),
  maxRequests: z.number().int(),
  holdShelfDays: z.number().int(),
  finePerDay: z.string(),
  maxFine: z.string(),
  /** Borrowing, renewing and requesting stop once this much is owed ("0.00": never). */
  fineLimit: z.string(),
  /** Days without borrowing per day late (0: none). */
  suspendDaysPerDay: z.number().int(),
});
export type LoanRules = z.infer<typeof LoanRules>;
export const UserLoanRules = z.object({
  readerType: z.string(),
  /** Null when the library's own system (SIP2) keeps the rules: it decides at each loan and renewal. */
  rules: LoanRules.nullable(),
});
export type UserLoanRules = z.infer<typeof UserLoanRules>;

/** A logged-in reader's loans and renewals. */
export const CirculationCalls = calls('circulation', {
  userLoanRules: get('/find/loanInfo/userLoanRules', {
    output: UserLoanRules,
    access: 'reader',
    summary: "The loan rules of the reader's type: loan days, limits, renewals, requests, fines",
  }),
  loanSummary: get('/find/loanInfo/loanSummary', {
    output: LoanSummary,
    access: 'reader',
    summary: 'My Library at a glance: loans, due soon, overdue, renewable, unread messages (OpenFind addition)',
  }),
  loanList: post('/find/loanInfo/loanList', {
    input: LoanListRequest,
    output: LoanListResponse,
    access: 'reader',
    summary: "The reader's current loans (due soonest first), with whether each can be renewed",
  }),
  loanHistoryList: post('/find/loanInfo/loanHistoryList', {
    input: LoanListRequest,
    output: LoanListResponse,
    access: 'reader',
    summary: "The reader's returned loans (latest return first)",
  }),
  takeCode: post('/find/loanInfo/takeCode', {
    output: ReaderCode,
    access: 'reader',
    summary: 'A take code to show at the desk, which lends to the reader without their card (5 minutes, once)',
  }),
  reNew: post('/find/lendbook/reNew', {
    input: RenewRequest,
    output: RenewResponse,
    access: 'reader',
    summary: 'Renew loans: a result per loan (the new due date, or why not)',
  }),
});
