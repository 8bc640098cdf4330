/**
 * Codes and value lists of a reader's requests (issue 27): plain values, free of schemas (requests.ts
 * re-exports them).
 */

/** Kinds of request OpenFind's own circulation takes: a reservation (预约), a closed-stack retrieval (委托). */
export const REQUEST_TYPES = ['reserve', 'entrust'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

/** Where a request stands: in the record's queue, a copy held for pickup, then lent, cancelled or expired. */
export const REQUEST_STATUSES = ['waiting', 'ready', 'fulfilled', 'cancelled', 'expired'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Error codes of the request calls (in `errCode`). */
export const RequestErrCode = {
  /** The card is frozen, reported lost or expired (spec §6). */
  readerCannotRequest: 40801,
  /** The record has no copy that can be lent. */
  notRequestable: 40802,
  /** The reader has an open request for the record already. */
  alreadyRequested: 40803,
  /** The reader has the record on loan. */
  alreadyOnLoan: 40804,
  /** The reader has as many open requests as the rules allow. */
  tooManyRequests: 40805,
  /** The pickup library is not one of the institution's. */
  unknownPickup: 40806,
  /** No such open request of this reader. */
  noSuchRequest: 40807,
} as const;
