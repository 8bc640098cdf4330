/**
 * Codes and value lists of a reader's requests (issue 27): plain values, free of schemas (requests.ts
 * re-exports them).
 */

/** Kinds of request OpenFind's own circulation takes: a reservation (预约), a closed-stack retrieval (委托). */
export const REQUEST_TYPES = ['reserve', 'entrust'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

/**
 * Where a request stands: in the record's queue, a copy held for pickup, then lent, cancelled,
 * expired, or handed over (another reader accepted it with its handover code).
 */
export const REQUEST_STATUSES = ['waiting', 'ready', 'fulfilled', 'cancelled', 'expired', 'handedOver'] as const;
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
  /** The reader owes as much as the fine limit, or more. */
  owesTooMuch: 40808,
  /** The reader's borrowing rights are suspended (a late return's suspension). */
  suspended: 40809,
  /** A take code or handover code that is wrong, expired or used (请输入正确的取书码！). */
  wrongCode: 40810,
  /** A reader cannot accept their own request. */
  ownRequest: 40811,
} as const;

/** Take codes and handover codes are valid this long (spec §9: 5 minutes). */
export const READER_CODE_SECONDS = 300;
