/**
 * Codes and value lists of a reader's fines and payments (issue 27): plain values, free of schemas
 * (fines.ts re-exports them), so the web app can import them without zod.
 */

/** What a behaviour record is for: a late return, a lost or damaged copy, anything else staff record. */
export const BEHAVIOUR_TYPES = ['overdue', 'lost', 'damaged', 'other'] as const;
export type BehaviourType = (typeof BEHAVIOUR_TYPES)[number];

/**
 * Where a behaviour record stands (spec §4's behaviour tabs, but "all"): owed; a payment under way
 * or marked for the desk; paid or served; a lost copy to be replaced by the reader (the replacement
 * ordered, then shelved; or the order withdrawn, "unsubscribed", and the fine stands); waived.
 */
export const BEHAVIOUR_STATUSES = [
  'unprocessed',
  'processing',
  'processed',
  'ordered',
  'unsubscribed',
  'shelved',
  'cancelled',
] as const;
export type BehaviourStatus = (typeof BEHAVIOUR_STATUSES)[number];

/** The behaviour tabs of the spec, in its order: all, then one per status. */
export const BEHAVIOUR_TABS = [
  'all',
  'unprocessed',
  'processed',
  'ordered',
  'unsubscribed',
  'shelved',
  'cancelled',
  'processing',
] as const;
export type BehaviourTab = (typeof BEHAVIOUR_TABS)[number];

/** States in which a record is still owed and can be paid. */
export const PAYABLE_STATUSES: readonly BehaviourStatus[] = ['unprocessed', 'unsubscribed'];

/** How a reader can pay: at the desk (staff take the money), or by scanning a QR code of an online channel. */
export const PAY_CHANNEL_KINDS = ['desk', 'qr'] as const;
export type PayChannelKind = (typeof PAY_CHANNEL_KINDS)[number];

/** Where a payment stands. */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A payment QR code is valid this long (spec §9: 3 minutes). */
export const PAYMENT_QR_SECONDS = 180;

/** Most records one payment settles. */
export const MAX_PAY_FINES = 100;

/** Error codes of the fine and payment calls (in `errCode`). */
export const FineErrCode = {
  /** A record named is not this reader's, or is not owed (paid, waived, already being paid). */
  notPayable: 40901,
  /** The channel asked for is not one of the institution's. */
  unknownChannel: 40902,
  /** No such payment of this reader. */
  noSuchPayment: 40903,
  /** The online channel did not answer, or refused to create the payment. */
  channelUnavailable: 40904,
  /** The payment is no longer pending (paid, expired or cancelled meanwhile). */
  paymentClosed: 40905,
} as const;

/** `"12.30"` from 1230 fen. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
