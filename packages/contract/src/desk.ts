import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { LongId, freeText } from './input.js';
import { READER_STATUSES } from './auth.js';
import { RenewOutcome } from './circulation.js';
import { Page, Rows } from './records.js';
import { PlaceRequest } from './requests.js';
import { REQUEST_STATUSES } from './values/requests.js';
import { DESK_FINE_KINDS, YUAN_PATTERN, centsOf } from './values/desk.js';
import { MAX_PAY_FINES } from './values/fines.js';
export * from './values/desk.js';

/**
 * The circulation desk over HTTP (issue 27): what `openfind circ` does, for the staff console's
 * screens (issue 28). Staff calls (`X-Staff-Token`); a staff account limited to some libraries lends,
 * takes back and renews only their copies. OpenFind's own circulation only (the `local` provider).
 */

/** A reader as the desk names one: account or card number. */
const ReaderLogin = z.string().trim().min(1).max(64);
/** A copy's barcode. */
const Barcode = z.string().trim().min(1).max(100);
/** A six-digit code the reader shows (take code, pickup code). */
const SixDigits = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'six digits');

/** `POST /find/admin/circ/checkout`: lend a copy to a reader named by card, or by the take code they show. */
export const DeskCheckoutRequest = z
  .object({ reader: ReaderLogin.optional(), takeCode: SixDigits.optional(), barcode: Barcode })
  .refine((r) => (r.reader === undefined) !== (r.takeCode === undefined), 'give reader or takeCode (one of them)');
export type DeskCheckoutRequest = z.infer<typeof DeskCheckoutRequest>;

/** A loan the desk made. */
export const DeskLoan = z.object({
  loanId: z.number().int(),
  barcode: z.string(),
  title: z.string(),
  /** YYYY-MM-DD. */
  dueDate: z.string(),
  readerId: z.number().int(),
  /** The reader's account and name (a take code names neither). */
  reader: z.string(),
  readerName: z.string(),
});
export type DeskLoan = z.infer<typeof DeskLoan>;

/** `POST /find/admin/circ/checkin`. */
export const DeskCheckinRequest = z.object({ barcode: Barcode });

/** A copy taken back: the loan closed, the fine of a late return, and whether it is now held for a request. */
export const DeskReturn = z.object({
  loanId: z.number().int(),
  barcode: z.string(),
  title: z.string(),
  readerId: z.number().int().nullable(),
  /** The reader whose request the copy is now held for (put it on the hold shelf), or null. */
  heldForReaderId: z.number().int().nullable(),
  overdueDays: z.number().int(),
  fine: z
    .object({
      fineId: z.number().int(),
      /** Yuan, "1.50". */
      amount: z.string(),
      /** The last day without borrowing, YYYY-MM-DD, when the policy suspends. */
      blockEnd: z.string().nullable(),
    })
    .nullable(),
});
export type DeskReturn = z.infer<typeof DeskReturn>;

/** `POST /find/admin/circ/renew`. */
export const DeskRenewRequest = z.object({ reader: ReaderLogin, barcode: Barcode });

/** `POST /find/admin/circ/request`: a request placed for a reader. */
export const DeskRequestRequest = PlaceRequest.extend({ reader: ReaderLogin });
export type DeskRequestRequest = z.infer<typeof DeskRequestRequest>;

export const DeskPlacedRequest = z.object({
  requestId: z.number().int(),
  status: z.enum(REQUEST_STATUSES),
  queuePosition: z.number().int(),
  /** When a copy was held at once: its last day on the hold shelf and the pickup code. */
  readyUntil: z.string().nullable(),
  pickupCode: z.string().nullable(),
});
export type DeskPlacedRequest = z.infer<typeof DeskPlacedRequest>;

/** `POST /find/admin/circ/fulfil`: lend the copy held for the ready request of this pickup code. */
export const DeskFulfilRequest = z.object({ pickupCode: SixDigits });

export const DeskFulfilled = DeskLoan.extend({ requestId: z.number().int() });
export type DeskFulfilled = z.infer<typeof DeskFulfilled>;

/** A courier's tracking number: letters, digits and hyphens. */
export const TrackingNo = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{4,40}$/, '4–40 letters, digits or hyphens');

/** `POST /find/admin/circ/ship`: lend the copy held for a home delivery to its reader and send it. */
export const DeskShipRequest = z.object({ requestId: LongId, trackingNo: TrackingNo });
export type DeskShipRequest = z.infer<typeof DeskShipRequest>;

export const DeskShipped = DeskLoan.extend({
  requestId: z.number().int(),
  trackingNo: z.string(),
  /** ISO 8601. */
  shippedAt: z.string(),
});
export type DeskShipped = z.infer<typeof DeskShipped>;

/** `GET /find/admin/circ/deliveries?status=`: home deliveries to pick and send (ready), or on their way (shipped). */
export const DeskDeliveriesQuery = z.object({
  status: z.enum(['ready', 'shipped']).default('ready'),
  page: Page,
  rows: Rows(20, 100),
});
export type DeskDeliveriesQuery = z.infer<typeof DeskDeliveriesQuery>;

export const DeskDelivery = z.object({
  requestId: z.number().int(),
  recordId: z.number().int(),
  title: z.string(),
  callNo: z.string().nullable(),
  /** The copy held for it (to take from the shelf), or lent and sent. */
  barcode: z.string().nullable(),
  reader: z.string(),
  readerName: z.string(),
  recipient: z.string(),
  phone: z.string(),
  address: z.string(),
  postcode: z.string(),
  trackingNo: z.string().nullable(),
  /** ISO 8601. */
  shippedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type DeskDelivery = z.infer<typeof DeskDelivery>;

export const DeskDeliveryPage = z.object({ totalCount: z.number().int(), list: z.array(DeskDelivery) });
export type DeskDeliveryPage = z.infer<typeof DeskDeliveryPage>;

/** `POST /find/admin/circ/fine`: charge a reader (a lost or damaged copy, another cause). */
export const DeskFineRequest = z.object({
  reader: ReaderLogin,
  /** Yuan as typed: "35", "35.00". */
  amount: z
    .string()
    .trim()
    .regex(YUAN_PATTERN, 'yuan, such as 35 or 35.00')
    .refine((v) => centsOf(v) > 0, 'more than 0'),
  kind: z.enum(DESK_FINE_KINDS),
  barcode: Barcode.optional(),
  title: freeText(500)
    .optional()
    .transform((v) => v ?? ''),
  note: freeText(500)
    .optional()
    .transform((v) => v ?? ''),
});
export type DeskFineRequest = z.infer<typeof DeskFineRequest>;

export const DeskFine = z.object({ fineId: z.number().int(), amount: z.string() });

/** `POST /find/admin/circ/pay`: take a reader's payment: the records named, else all owed. */
export const DeskPayRequest = z.object({
  reader: ReaderLogin,
  fineIds: z
    .array(LongId)
    .min(1)
    .max(MAX_PAY_FINES)
    .transform((ids) => [...new Set(ids)])
    .optional(),
});
export type DeskPayRequest = z.infer<typeof DeskPayRequest>;

export const DeskPayment = z.object({
  /** Yuan taken, "12.30". */
  amount: z.string(),
  /** Records settled. */
  fines: z.number().int(),
});

/** `GET /find/admin/circ/reader?reader=`. */
export const DeskReaderQuery = z.object({ reader: ReaderLogin });

/** A reader's standing at the desk: card, loans, what is owed, requests ready to pick up. */
export const DeskReaderStanding = z.object({
  readerId: z.number().int(),
  account: z.string(),
  cardNo: z.string(),
  name: z.string(),
  status: z.enum(READER_STATUSES),
  readerType: z.string(),
  /** YYYY-MM-DD, null when the card does not expire. */
  validUntil: z.string().nullable(),
  loans: z.number().int(),
  overdue: z.number().int(),
  /** Yuan owed (not being paid), being paid, and the sum that stops borrowing ("0.00": no limit). */
  owed: z.string(),
  processing: z.string(),
  fineLimit: z.string(),
  /** Whether fines or a suspension stop borrowing now. */
  blocked: z.boolean(),
  suspendedUntil: z.string().nullable(),
  /** Requests with a copy on the hold shelf. */
  readyRequests: z.array(
    z.object({
      requestId: z.number().int(),
      recordId: z.number().int(),
      title: z.string(),
      barcode: z.string().nullable(),
      pickupLibCode: z.string(),
      pickupCode: z.string().nullable(),
      readyUntil: z.string().nullable(),
    }),
  ),
});
export type DeskReaderStanding = z.infer<typeof DeskReaderStanding>;

/** The circulation desk: staff calls. */
export const DeskCalls = calls('desk', {
  deskCheckout: post('/find/admin/circ/checkout', {
    input: DeskCheckoutRequest,
    output: DeskLoan,
    access: 'staff',
    summary: 'Lend a copy to a reader (by card, or by the take code the reader shows)',
  }),
  deskCheckin: post('/find/admin/circ/checkin', {
    input: DeskCheckinRequest,
    output: DeskReturn,
    access: 'staff',
    summary: 'Take a copy back: its loan closed today, a late return fined, the copy held for the next request',
  }),
  deskRenew: post('/find/admin/circ/renew', {
    input: DeskRenewRequest,
    output: RenewOutcome,
    access: 'staff',
    summary: "Renew a reader's loan of a copy, under the rules of the reader's own renewal",
  }),
  deskRequest: post('/find/admin/circ/request', {
    input: DeskRequestRequest,
    output: DeskPlacedRequest,
    access: 'staff',
    summary: 'Place a request for a reader (a reservation, a retrieval from closed stacks, or a home delivery)',
  }),
  deskFulfil: post('/find/admin/circ/fulfil', {
    input: DeskFulfilRequest,
    output: DeskFulfilled,
    access: 'staff',
    summary: 'Lend the copy held for a ready request to its reader, by the pickup code shown',
  }),
  deskShip: post('/find/admin/circ/ship', {
    input: DeskShipRequest,
    output: DeskShipped,
    access: 'staff',
    summary: 'Send a home delivery: lend the copy held for it to its reader, with the tracking number',
  }),
  deskDeliveries: get('/find/admin/circ/deliveries', {
    input: DeskDeliveriesQuery,
    output: DeskDeliveryPage,
    access: 'staff',
    summary: 'Home deliveries to pick from the shelf and send (ready), or on their way (shipped)',
  }),
  deskFine: post('/find/admin/circ/fine', {
    input: DeskFineRequest,
    output: DeskFine,
    access: 'staff',
    summary: 'Charge a reader: a lost or damaged copy, or another cause',
  }),
  deskPay: post('/find/admin/circ/pay', {
    input: DeskPayRequest,
    output: DeskPayment,
    access: 'staff',
    summary: "Take a reader's payment at the desk: the records named, else everything owed",
  }),
  deskReader: get('/find/admin/circ/reader', {
    input: DeskReaderQuery,
    output: DeskReaderStanding,
    access: 'staff',
    summary: "A reader's standing at the desk: card, loans, what is owed, requests ready to pick up",
  }),
});
