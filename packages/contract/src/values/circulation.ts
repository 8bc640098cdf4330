/**
 * Codes and limits of the reader's circulation calls (issue 27): plain values, free of schemas, so
 * that the web app can import them without bringing zod along (circulation.ts re-exports them).
 */

/** Error codes of the circulation calls (in `errCode`). */
export const CirculationErrCode = {
  /** The library's circulation system did not answer (its loans cannot be shown now). */
  unreachable: 40701,
  /** Take codes are OpenFind's own circulation's: the library's system lends by card. */
  takeCodeUnavailable: 40702,
} as const;

/**
 * Why a loan cannot be renewed, whichever system holds it (OpenFind's own circulation or the
 * library's over SIP2). Each has a translated text; `unreachable` (the library's system did not
 * answer) is never shown as a refusal.
 */
export const RENEW_REFUSALS = [
  /** The loan has been renewed as often as its policy allows. */
  'tooManyRenewals',
  /** Too early: renewable from `renewableFrom`. */
  'tooSoon',
  /** The loan is overdue and the policy does not renew overdue loans. */
  'overdue',
  /** Another reader is waiting for the copy, or the library recalled it. */
  'onHold',
  /** The copy or the reader's type is not renewable at all. */
  'notRenewable',
  /** The reader owes more than the fine limit. */
  'fineLimit',
  /** The reader's account is blocked from renewing. */
  'readerBlocked',
  /** The reader's card is frozen, reported lost or expired. */
  'cardFrozen',
  'cardLost',
  'cardExpired',
  /** No such loan of this reader (returned meanwhile, or never theirs). */
  'noSuchLoan',
  /** The library's system refused without a code: its own text is shown. */
  'refusedBySystem',
  /** The library's system did not answer: try again later. */
  'unreachable',
] as const;
export type RenewRefusal = (typeof RENEW_REFUSALS)[number];

/** Most loans one renewal call takes ("renew all" sends the reader's current loans). */
export const MAX_RENEW_LOANS = 500;

/** `searchType` of the loan lists: what `searchContent` is matched against. */
export const LOAN_SEARCH_TYPES = { title: 1, author: 2, barcode: 3 } as const;
/** `sortType` of the loan lists. */
export const LOAN_SORT_TYPES = { default: 0, loanDate: 1, dueDate: 2, overdueDays: 3 } as const;

/** A loan due within this many days (today included) is "due soon" in My Library. */
export const DUE_SOON_DAYS = 3;
