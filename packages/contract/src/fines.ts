import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { LongId } from './input.js';
import { Page, Rows } from './records.js';
import {
  BEHAVIOUR_STATUSES,
  BEHAVIOUR_TABS,
  BEHAVIOUR_TYPES,
  MAX_PAY_FINES,
  PAYMENT_STATUSES,
  PAY_CHANNEL_KINDS,
} from './values/fines.js';
export * from './values/fines.js';

/**
 * A reader's behaviour records (fines, suspensions) and their payment (issue 27). The spec names
 * the calls ("behaviour", "total money", `/find/account/*` with several payment providers, create
 * and status-poll steps) without their paths or payloads; these are designed here. Amounts are
 * yuan as decimal text ("12.30"), as the real API shows money.
 */

/** `POST /find/account/behaviourList`. */
export const BehaviourListQuery = z.object({
  tab: z.enum(BEHAVIOUR_TABS).default('all'),
  page: Page,
  rows: Rows(10, 100),
});
export type BehaviourListQuery = z.infer<typeof BehaviourListQuery>;

/** One behaviour record (spec §3). */
export const BehaviourRecord = z.object({
  id: z.number().int(),
  behaviourType: z.enum(BEHAVIOUR_TYPES),
  processFlag: z.enum(BEHAVIOUR_STATUSES),
  title: z.string(),
  barcode: z.string().nullable(),
  propNo: z.string().nullable(),
  /** Yuan, "0.50". */
  dueAmount: z.string(),
  paidAmount: z.string(),
  /** What is still owed ("0.00" once paid, waived or served). */
  owedAmount: z.string(),
  /** Days without borrowing, YYYY-MM-DD (null when the record blocks nothing). */
  blockStart: z.string().nullable(),
  blockEnd: z.string().nullable(),
  overdueDays: z.number().int(),
  note: z.string(),
  /** ISO 8601. */
  recordTime: z.string(),
  /** Whether the reader can pay it now. */
  payable: z.boolean(),
  /** The payment under way for it, while processing (the reader may withdraw it). */
  paymentId: z.number().int().nullable(),
});
export type BehaviourRecord = z.infer<typeof BehaviourRecord>;

export const BehaviourPage = z.object({
  totalCount: z.number().int(),
  list: z.array(BehaviourRecord),
  /** Records per tab (the tabs' counts). */
  tabCounts: z.record(z.enum(BEHAVIOUR_TABS), z.number().int()),
});
export type BehaviourPage = z.infer<typeof BehaviourPage>;

/** `GET /find/account/totalMoney`: what the reader owes, and whether it stops borrowing. */
export const TotalMoney = z.object({
  /** Yuan owed on unprocessed records. */
  owed: z.string(),
  /** Yuan being paid (a payment under way or marked for the desk). */
  processing: z.string(),
  /** Borrowing, renewing and requesting stop at this sum owed ("0.00": no limit). */
  limit: z.string(),
  blocked: z.boolean(),
  /** The last day of a borrowing suspension in force, YYYY-MM-DD. */
  suspendedUntil: z.string().nullable(),
});
export type TotalMoney = z.infer<typeof TotalMoney>;

/** A way to pay the institution offers. */
export const PayMethod = z.object({
  channel: z.string(),
  kind: z.enum(PAY_CHANNEL_KINDS),
});
export type PayMethod = z.infer<typeof PayMethod>;

/** `POST /find/account/createPay`: pay some owed records through a channel. */
export const CreatePayment = z.object({
  fineIds: z
    .array(LongId)
    .min(1)
    .max(MAX_PAY_FINES)
    .transform((ids) => [...new Set(ids)]),
  channel: z.string().trim().min(1).max(40),
});
export type CreatePayment = z.infer<typeof CreatePayment>;

export const Payment = z.object({
  paymentId: z.number().int(),
  outTradeNo: z.string(),
  channel: z.string(),
  kind: z.enum(PAY_CHANNEL_KINDS),
  amount: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** The QR code to scan (an SVG data URL) while pending, for a QR channel; null at the desk. */
  qrCode: z.string().nullable(),
  /** When the QR code stops being valid (ISO 8601), for a QR channel. */
  expiresAt: z.string().nullable(),
  /** Seconds left of the QR code (the server's clock). */
  secondsLeft: z.number().int().nullable(),
});
export type Payment = z.infer<typeof Payment>;

/** `GET /find/account/payStatus?paymentId=` (the poll step), `POST /find/account/cancelPay`. */
export const PaymentIdQuery = z.object({ paymentId: LongId });

/** A reader's fines and their payment. */
export const FineCalls = calls('fines', {
  behaviourList: post('/find/account/behaviourList', {
    input: BehaviourListQuery,
    output: BehaviourPage,
    access: 'reader',
    summary: "The reader's behaviour records (fines, suspensions) by tab",
  }),
  totalMoney: get('/find/account/totalMoney', {
    output: TotalMoney,
    access: 'reader',
    summary: 'What the reader owes, and whether it stops borrowing',
  }),
  payMethods: get('/find/account/payMethods', {
    output: z.array(PayMethod),
    access: 'reader',
    summary: 'The ways of paying the institution offers',
  }),
  createPay: post('/find/account/createPay', {
    input: CreatePayment,
    output: Payment,
    access: 'reader',
    summary: 'Pay owed records: a QR code valid 3 minutes, or marked to be paid at the desk',
  }),
  payStatus: get('/find/account/payStatus', {
    input: PaymentIdQuery,
    output: Payment,
    access: 'reader',
    summary: "A payment's status (the poll step; asks the channel when still pending)",
  }),
  cancelPay: post('/find/account/cancelPay', {
    input: PaymentIdQuery,
    output: Payment,
    access: 'reader',
    summary: 'Withdraw a pending payment (its records are owed again)',
  }),
});
