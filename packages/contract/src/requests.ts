import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { LongId, boundedNumber, freeText } from './input.js';
import { Page, RecordId, RecordIdQuery, Rows } from './records.js';
import { ReaderCode } from './circulation.js';
import { REQUEST_STATUSES, REQUEST_TYPES, REQUEST_WORKFLOWS } from './values/requests.js';
import { HOLD_STAGES } from './values/request-admin.js';
export * from './values/requests.js';

/**
 * A reader's requests (issue 27): reservations and closed-stack retrievals in OpenFind's own
 * circulation. The spec names the record page's calls (`/find/location/takeBookAddress`, the
 * `/find/subtenancy/*` family) without their payloads; these are designed here.
 */

/** A library where a requested copy can be picked up. */
export const PickupLibrary = z.object({ libCode: z.string(), libName: z.string() });
export type PickupLibrary = z.infer<typeof PickupLibrary>;

/** `GET /find/location/takeBookAddress?recordId=`: where a copy of the record can be picked up. */
export const PickupLibraries = z.array(PickupLibrary);

/** `POST /find/request/place`. */
export const PlaceRequest = z.object({
  recordId: RecordId,
  /** Re-lend asks go through their own calls (the reader who has the copy answers them). */
  requestType: z.enum(['reserve', 'entrust', 'delivery']).default('reserve'),
  /** Where the reader picks the copy up; a delivery may leave it out (it is sent from the main library). */
  pickupLibCode: z.string().trim().min(1).max(100).optional(),
  /** Home delivery: one of the reader's addresses (`/find/userAddress/list`), copied into the request. */
  addressId: LongId.optional(),
  /**
   * A phone number the library may call when the copy is ready ('' = the account's; spec §5: a
   * request needs a contact, so one of the two is required except for a delivery, whose address has one).
   */
  contactPhone: freeText(30)
    .optional()
    .transform((v) => v ?? ''),
  /**
   * How many days a held copy is kept for the reader (spec §9: chosen by the reader), at most the
   * library's hold-shelf days (a longer wish gets those); 0 or absent: the library's.
   */
  retentionDays: boundedNumber(0, 0, 365),
});
export type PlaceRequest = z.infer<typeof PlaceRequest>;

export const PlacedRequest = z.object({
  requestId: z.number().int(),
  status: z.enum(REQUEST_STATUSES),
  /** Place in the record's queue, 1 = next. */
  queuePosition: z.number().int(),
});
export type PlacedRequest = z.infer<typeof PlacedRequest>;

/** `POST /find/request/list`: open requests first (by date), then the ended ones. */
export const RequestListQuery = z.object({ page: Page, rows: Rows(20, 100) });
export type RequestListQuery = z.infer<typeof RequestListQuery>;

export const ReaderRequest = z.object({
  requestId: z.number().int(),
  recordId: z.number().int(),
  title: z.string(),
  author: z.string().nullable(),
  callNo: z.string().nullable(),
  requestType: z.enum(REQUEST_TYPES),
  status: z.enum(REQUEST_STATUSES),
  pickupLibCode: z.string(),
  pickupLibName: z.string(),
  /** Place in the queue while waiting (1 = next), else null. */
  queuePosition: z.number().int().nullable(),
  /**
   * Where a ready request's copy is: still to be fetched from the stacks ('pick'), in staff's hands
   * ('retrieved'), or on the hold shelf ('shelved'); null while not ready. The last day and the pickup
   * code are shown once it is on the hold shelf (staff put it there, and the reader is told then).
   */
  holdStage: z.enum(HOLD_STAGES).nullable(),
  /** The copy held, its last day on the hold shelf, and the code to show at pickup, once on the hold shelf. */
  barcode: z.string().nullable(),
  readyUntil: z.string().nullable(),
  pickupCode: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** The spec's workflow step of the request (its kind in its status); null once it ended without one. */
  workflow: z.enum(REQUEST_WORKFLOWS).nullable(),
  /** Home delivery: where it goes (the address as it was when placed) and its logistics; null for other kinds. */
  delivery: z
    .object({
      recipient: z.string(),
      phone: z.string(),
      address: z.string(),
      postcode: z.string(),
      /** The courier's tracking number, once sent. */
      trackingNo: z.string().nullable(),
      /** ISO 8601: when the library sent it, and when the reader confirmed receipt. */
      shippedAt: z.string().nullable(),
      receivedAt: z.string().nullable(),
    })
    .nullable(),
});
export type ReaderRequest = z.infer<typeof ReaderRequest>;

export const RequestPage = z.object({ totalCount: z.number().int(), list: z.array(ReaderRequest) });
export type RequestPage = z.infer<typeof RequestPage>;

/** `POST /find/request/cancel {requestId}`: a waiting or ready request (a held copy goes to the next reader). */
export const CancelRequest = z.object({ requestId: LongId });
export const CancelledRequest = z.object({ cancelled: z.boolean() });

/** `POST /find/request/confirmReceipt {requestId}`: the reader has the delivery sent to them (once). */
export const ConfirmReceiptRequest = z.object({ requestId: LongId });
export const ReceivedDelivery = z.object({
  requestId: z.number().int(),
  status: z.enum(REQUEST_STATUSES),
  /** ISO 8601. */
  receivedAt: z.string(),
});
export type ReceivedDelivery = z.infer<typeof ReceivedDelivery>;

/** `POST /find/request/handoverCode {requestId}`: a code to give another reader, who then picks the copy up. */
export const HandoverCodeRequest = z.object({ requestId: LongId });

/** `POST /find/request/accept {pickupCode}`: accept another reader's ready request with the code they gave. */
export const AcceptRequest = z.object({
  pickupCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'six digits'),
});
export const AcceptedRequest = z.object({
  requestId: z.number().int(),
  title: z.string(),
  readyUntil: z.string(),
  pickupCode: z.string(),
});
export type AcceptedRequest = z.infer<typeof AcceptedRequest>;

/** A logged-in reader's requests; the pickup libraries are public (the record page shows them). */
export const RequestCalls = calls('requests', {
  takeBookAddress: get('/find/location/takeBookAddress', {
    input: RecordIdQuery,
    output: PickupLibraries,
    access: 'public',
    summary: 'Libraries where a requested copy of the record can be picked up',
  }),
  placeRequest: post('/find/request/place', {
    input: PlaceRequest,
    output: PlacedRequest,
    access: 'reader',
    summary: 'Reserve a record, ask for a closed-stack copy, or have it sent home (a delivery): a place in its queue',
  }),
  requestList: post('/find/request/list', {
    input: RequestListQuery,
    output: RequestPage,
    access: 'reader',
    summary: "The reader's requests: open ones first, with the queue place or the pickup code",
  }),
  handoverCode: post('/find/request/handoverCode', {
    input: HandoverCodeRequest,
    output: ReaderCode,
    access: 'reader',
    summary: 'A handover code for a ready request (5 minutes, once): another reader accepts it with the code',
  }),
  acceptRequest: post('/find/request/accept', {
    input: AcceptRequest,
    output: AcceptedRequest,
    access: 'reader',
    summary: "Accept another reader's ready request with the handover code they gave",
  }),
  cancelRequest: post('/find/request/cancel', {
    input: CancelRequest,
    output: CancelledRequest,
    access: 'reader',
    summary: 'Cancel a waiting or ready request',
  }),
  confirmReceipt: post('/find/request/confirmReceipt', {
    input: ConfirmReceiptRequest,
    output: ReceivedDelivery,
    access: 'reader',
    summary: 'Confirm receipt of a home delivery the library has sent (once)',
  }),
});
