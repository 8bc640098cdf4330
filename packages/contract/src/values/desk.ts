/**
 * The circulation desk's calls (issue 27, the staff console's desk): plain values, free of schemas
 * (desk.ts re-exports them).
 */

/**
 * Error codes of the desk calls (in `errCode`): one for each refusal of the desk (the `DeskRefusal`s
 * of the server's circulation desk), and the desk's own.
 */
export const DeskErrCode = {
  /** No reader with this account or card number. */
  noSuchReader: 41001,
  /** No copy with this barcode. */
  noSuchCopy: 41002,
  /** The copy is not for loan (its circulation attribute). */
  notLoanable: 41003,
  /** The copy is on loan already. */
  onLoan: 41004,
  /** The copy is not on loan (to this reader, for a renewal). */
  notOnLoan: 41005,
  /** The reader has as many loans as the policy allows. */
  tooManyLoans: 41006,
  /** The reader's card is frozen. */
  cardFrozen: 41007,
  /** The reader's card is reported lost. */
  cardLost: 41008,
  /** The reader's card has expired. */
  cardExpired: 41009,
  /** The copy is held for another reader's request. */
  heldForAnother: 41010,
  /** The reader's borrowing is suspended (a late return). */
  suspended: 41011,
  /** The reader owes as much as the fine limit, or more. */
  owesTooMuch: 41012,
  /** A take code that is wrong, lapsed or used (请输入正确的取书码！). */
  wrongTakeCode: 41013,
  /** The copy belongs to a library the staff account is not for. */
  otherLibrary: 41014,
  /** No ready request has this pickup code. */
  wrongPickupCode: 41015,
  /** The renewal was refused (the reason is the message; `data` holds the outcome). */
  notRenewed: 41016,
  /** The institution lends in its own system (SIP2): the desk is OpenFind's own circulation's. */
  notLocal: 41017,
} as const;

/** What staff may charge a reader for at the desk (late returns are charged at check-in). */
export const DESK_FINE_KINDS = ['lost', 'damaged', 'other'] as const;
export type DeskFineKind = (typeof DESK_FINE_KINDS)[number];

/** A sum in yuan as the desk types it: "35", "35.5" or "35.00" (at most 9,999,999.99). */
export const YUAN_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;

/** Fen from yuan text that matches `YUAN_PATTERN`. */
export function centsOf(yuan: string): number {
  const [whole, part = ''] = yuan.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}
