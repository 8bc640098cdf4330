import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { boundedNumber, wholeNumber } from './input.js';
import { Page, RecordIdQuery, Rows, optionalCode } from './records.js';
import { STAT_RANGES } from './values/loans.js';
export * from './values/loans.js';

/**
 * Circulation history (issue 5): hot borrowing of the home page, a record's ten-year chart and its
 * loan analysis.
 */

/** Loans in one period (a year 'YYYY' or a month 'YYYY-MM'). */
export const LoanPeriod = z.object({ period: z.string(), loanCount: z.number().int() });
export type LoanPeriod = z.infer<typeof LoanPeriod>;

/** `GET /find/searchResultDetail/getLoanAnalysis?recordId=`. */
export const LoanAnalysis = z.object({
  recordId: z.number().int(),
  totalLoans: z.number().int(),
  /** Loans in the last 365 days. */
  loansLastYear: z.number().int(),
  itemCount: z.number().int(),
  onLoanCount: z.number().int(),
  /** Loans in the last 365 days per copy (0 when there is no copy). */
  loanRate: z.number(),
  /** Average days a loan lasted (returned loans; null when none). */
  averageLoanDays: z.number().nullable(),
  /** YYYY-MM-DD, null when never lent. */
  lastLoanDate: z.string().nullable(),
  /** The last 12 months, oldest first, months without loans included. */
  byMonth: z.array(LoanPeriod),
});
export type LoanAnalysis = z.infer<typeof LoanAnalysis>;

/** `GET /find/loanInfo/getNearTenYearLoan?recordId=`: loans of each of the last ten years, oldest first. */
export const NearTenYearLoan = z.array(z.object({ year: z.string(), loanCount: z.number().int() }));
export type NearTenYearLoan = z.infer<typeof NearTenYearLoan>;

/** `POST /find/index/getHotLoan`. */
export const HotLoanRequest = z.object({
  libCode: optionalCode,
  /** Discipline (discode1). */
  disCode: optionalCode,
  /** Window in days: 7, 30 (default), 90 or 365; other values take the nearest. */
  statRange: wholeNumber(30).transform((n) =>
    STAT_RANGES.reduce((a, b) => (Math.abs(b - n) < Math.abs(a - n) ? b : a)),
  ),
  page: Page,
  rows: Rows(10),
  /** 1 by loans (default), 2 by loan ratio (loans per copy). */
  sortType: boundedNumber(1, 1, 2),
  /** CLC class prefix ('I', 'TP'). */
  classNo: optionalCode,
});
export type HotLoanRequest = z.infer<typeof HotLoanRequest>;
export const HotLoanEntry = z.object({
  recordId: z.number().int(),
  title: z.string(),
  author: z.string(),
  isbn: z.string(),
  /** Publisher. */
  publish: z.string(),
  pubDate: z.string(),
  callNo: z.string(),
  /** Loans in the window. */
  loanCount: z.number().int(),
  /** Loans in the window per copy, two decimals. */
  loanRate: z.number(),
  /** OpenFind: copies and the document type, for the row's badges. */
  physicalCount: z.number().int(),
  docCode: z.string(),
});
export type HotLoanEntry = z.infer<typeof HotLoanEntry>;
export const HotLoanResponse = z.object({
  result: z.array(HotLoanEntry),
  /** OpenFind: records with loans in the window (for paging). */
  totalCount: z.number().int(),
  /** OpenFind: the window actually used, in days. */
  statRange: z.number().int(),
});
export type HotLoanResponse = z.infer<typeof HotLoanResponse>;

/** Circulation figures, open to visitors: hot borrowing, a record's ten-year chart and loan analysis. */
export const LoanCalls = calls('loans', {
  getHotLoan: post('/find/index/getHotLoan', {
    input: HotLoanRequest,
    output: HotLoanResponse,
    access: 'public',
    summary: 'Hot borrowing: records by loans (or loans per copy) in the last 7, 30, 90 or 365 days',
  }),
  getNearTenYearLoan: get('/find/loanInfo/getNearTenYearLoan', {
    input: RecordIdQuery,
    output: NearTenYearLoan,
    access: 'public',
    summary: 'Loans of a record in each of the last ten years',
  }),
  getLoanAnalysis: get('/find/searchResultDetail/getLoanAnalysis', {
    input: RecordIdQuery,
    output: LoanAnalysis,
    access: 'public',
    summary: 'Loan analysis of a record: totals, loans per copy, loan length, the last twelve months',
  }),
});
