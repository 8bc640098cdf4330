/**
 * Re-lend (转借, issue 27): plain values of the `/find/subtenancy/*` calls (relend.ts re-exports them).
 * A reader asks for a record all of whose copies are lent; the readers who have a copy (and take part
 * in transfer lending) are asked without learning who asks; one agrees and gives the asker a handover
 * code when they meet; with it the loan moves to the asker.
 */

/** Error codes of the re-lend calls (in `errCode`); card, fines and limits answer with `RequestErrCode`'s. */
export const RelendErrCode = {
  /** A copy of the record is on the shelf: reserve it instead. */
  onShelf: 40830,
  /** No reader has a copy that can be passed on (none lent, overdue, passed on too often, not taking part). */
  noHolder: 40831,
  /** Other readers' reservations wait for the record: the queue comes first. */
  reservationsWaiting: 40832,
  /** No such open ask (of this reader, or made of this reader). */
  noSuchAsk: 40833,
  /** Another reader agreed to the ask already. */
  alreadyAgreed: 40834,
  /** This reader's loan of the record cannot be passed on (overdue, or passed on too often). */
  cannotPass: 40835,
  /** A handover code that is wrong, expired or used. */
  wrongCode: 40836,
  /** The asker has as many loans as the rules allow. */
  tooManyLoans: 40837,
  /** The institution does not re-lend. */
  relendOff: 40838,
} as const;

/** Days an ask stays open, its first day included (then it lapses). */
export const RELEND_ASK_DAYS = 7;

/** Times in a row a copy may be re-lent unless the institution's loan policy says otherwise. */
export const DEFAULT_MAX_RELENDS = 2;
