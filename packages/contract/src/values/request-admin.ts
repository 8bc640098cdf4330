/**
 * The staff console's request manager (issue 28): plain values, free of schemas (request-admin.ts
 * re-exports them; the web imports them without zod).
 */

/**
 * Where the copy held for a ready request is: to fetch from the stacks (held from the open shelf
 * when the request was placed), in staff's hands (fetched, or returned at the desk and held for the
 * next reader), or on the hold shelf (the reader told, with the pickup code and the last day).
 */
export const HOLD_STAGES = ['pick', 'retrieved', 'shelved'] as const;
export type HoldStage = (typeof HOLD_STAGES)[number];

/** Error codes of the request manager's calls (in `errCode`). */
export const RequestAdminErrCode = {
  /** No request of this institution has this id (or it is not one the account's libraries see). */
  noSuchRequest: 41901,
  /** The copy is not waiting to be fetched: fetched already, on the hold shelf, or no longer held. */
  notToRetrieve: 41902,
  /** The request has no copy that can go on the hold shelf: on it already, a delivery, or ended. */
  notToShelve: 41903,
  /** The request has ended, or it is a delivery sent already: it cannot be cancelled. */
  notCancellable: 41904,
  /** No expired hold whose copy is still on the hold shelf: cleared already. */
  noExpiredHold: 41905,
  /** The request is for a library the staff account does not work for. */
  otherLibrary: 41906,
} as const;

/** The longest reason for a cancelling that staff give the reader. */
export const CANCEL_REASON_MAX = 200;

/** The most copies one pick list names (the oldest requests first). */
export const PICK_LIST_MAX = 500;

/** What became of an expired hold's copy when staff cleared it from the hold shelf. */
export const EXPIRED_HOLD_OUTCOMES = ['passedOn', 'reshelved'] as const;
export type ExpiredHoldOutcome = (typeof EXPIRED_HOLD_OUTCOMES)[number];
