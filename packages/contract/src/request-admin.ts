import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { LongId, freeText } from './input.js';
import { Page, Rows } from './records.js';
import { REQUEST_STATUSES, REQUEST_TYPES } from './values/requests.js';
import { CANCEL_REASON_MAX, EXPIRED_HOLD_OUTCOMES, HOLD_STAGES } from './values/request-admin.js';
export * from './values/request-admin.js';

/**
 * The staff console's request manager (issue 28; spec §5 "staff request management (list and
 * detail)"): every request of the institution, filtered; one request with its reader, record, copy
 * and history; the pick list of copies to fetch from the stacks; the steps a held copy takes to the
 * hold shelf; cancelling with a reason the reader is told; expired holds whose copy is still on the
 * hold shelf. Staff calls (`X-Staff-Token`); a staff account limited to some libraries sees and acts
 * on the requests of those libraries only (the pickup library or the held copy's). OpenFind's own
 * circulation only (the `local` provider). Picking up is the desk's `deskFulfil`, sending a delivery
 * its `deskShip`.
 */

/** `YYYY-MM-DD`. */
const Day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');
const Code = z.string().trim().min(1).max(100);

/** `GET /find/admin/requests`: the institution's requests, newest first. */
export const AdminRequestQuery = z.object({
  status: z.enum(REQUEST_STATUSES).optional(),
  /** Where the held copy is (ready requests; an expired hold's copy left on the hold shelf is `shelved`). */
  stage: z.enum(HOLD_STAGES).optional(),
  kind: z.enum(REQUEST_TYPES).optional(),
  /** The pickup library, or the library of the copy held. */
  libCode: Code.optional(),
  /** Placed on or after, on or before (the database's dates). */
  from: Day.optional(),
  to: Day.optional(),
  /** A reader's account, card number or name, or words of the title. */
  q: freeText(100).optional(),
  page: Page,
  rows: Rows(20, 100),
});
export type AdminRequestQuery = z.infer<typeof AdminRequestQuery>;

/** A request as the staff list shows it. */
export const AdminRequest = z.object({
  requestId: z.number().int(),
  recordId: z.number().int(),
  title: z.string(),
  author: z.string().nullable(),
  requestType: z.enum(REQUEST_TYPES),
  status: z.enum(REQUEST_STATUSES),
  holdStage: z.enum(HOLD_STAGES).nullable(),
  pickupLibCode: z.string(),
  pickupLibName: z.string(),
  readerId: z.number().int(),
  reader: z.string(),
  readerName: z.string(),
  /** The copy held (or lent, sent), its library, location and call number. */
  barcode: z.string().nullable(),
  copyLibCode: z.string().nullable(),
  copyLocation: z.string().nullable(),
  callNo: z.string().nullable(),
  /** Place in the record's queue while waiting (1 = next). */
  queuePosition: z.number().int().nullable(),
  /** The last day on the hold shelf and the code the reader shows, while ready. */
  readyUntil: z.string().nullable(),
  pickupCode: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Why staff cancelled it (the reader was told). */
  cancelReason: z.string().nullable(),
});
export type AdminRequest = z.infer<typeof AdminRequest>;

export const AdminRequestPage = z.object({ totalCount: z.number().int(), list: z.array(AdminRequest) });
export type AdminRequestPage = z.infer<typeof AdminRequestPage>;

/** `GET /find/admin/requests/detail?requestId=`. */
export const AdminRequestId = z.object({ requestId: LongId });
export type AdminRequestId = z.infer<typeof AdminRequestId>;

/** One step of a request's history: a change staff made (the audit log), or one the request's row keeps. */
export const AdminRequestEvent = z.object({
  /** ISO 8601. */
  at: z.string(),
  /** placed, retrieved, shelved, shipped, received, cleared, or the audit log's action (request.shelve, desk.fulfil…). */
  action: z.string(),
  /** The staff account that made it; '' for the reader or the system. */
  actor: z.string(),
  /** The audit row's state before and after, when the step is one. */
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AdminRequestEvent = z.infer<typeof AdminRequestEvent>;

export const AdminRequestDetail = AdminRequest.extend({
  cardNo: z.string(),
  readerPhone: z.string(),
  readerEmail: z.string(),
  contactPhone: z.string(),
  isbn: z.string().nullable(),
  publisher: z.string().nullable(),
  /** Home delivery: where it goes and its tracking number. */
  delivery: z
    .object({
      recipient: z.string(),
      phone: z.string(),
      address: z.string(),
      postcode: z.string(),
      trackingNo: z.string().nullable(),
    })
    .nullable(),
  /** Oldest first. */
  history: z.array(AdminRequestEvent),
});
export type AdminRequestDetail = z.infer<typeof AdminRequestDetail>;

/** `GET /find/admin/requests/pickList?libCode=`: the copies to fetch from the stacks. */
export const PickListQuery = z.object({ libCode: Code.optional() });
export type PickListQuery = z.infer<typeof PickListQuery>;

export const PickListItem = z.object({
  requestId: z.number().int(),
  barcode: z.string(),
  callNo: z.string().nullable(),
  title: z.string(),
  author: z.string().nullable(),
  requestType: z.enum(REQUEST_TYPES),
  pickupLibName: z.string(),
  readerName: z.string(),
  createdAt: z.string(),
});
export type PickListItem = z.infer<typeof PickListItem>;

/** The copies of one location of one library, by call number. */
export const PickListGroup = z.object({
  libCode: z.string().nullable(),
  libName: z.string(),
  location: z.string(),
  items: z.array(PickListItem),
});
export type PickListGroup = z.infer<typeof PickListGroup>;

export const PickList = z.object({
  /** Copies to fetch in all (the list names at most `PICK_LIST_MAX`, the oldest requests first). */
  totalCount: z.number().int(),
  groups: z.array(PickListGroup),
});
export type PickList = z.infer<typeof PickList>;

/** A step taken: the request as it is now. */
export const AdminRequestStep = z.object({
  requestId: z.number().int(),
  status: z.enum(REQUEST_STATUSES),
  holdStage: z.enum(HOLD_STAGES).nullable(),
  readyUntil: z.string().nullable(),
  pickupCode: z.string().nullable(),
});
export type AdminRequestStep = z.infer<typeof AdminRequestStep>;

/** `POST /find/admin/requests/cancel`: the reason is told to the reader. */
export const AdminCancelRequest = z.object({
  requestId: LongId,
  reason: freeText(CANCEL_REASON_MAX).pipe(z.string().trim().min(1, 'a reason')),
});
export type AdminCancelRequest = z.infer<typeof AdminCancelRequest>;

/** `GET /find/admin/requests/expired`: expired holds whose copy is still on the hold shelf. */
export const ExpiredHoldsQuery = z.object({ page: Page, rows: Rows(20, 100) });

export const ExpiredHold = AdminRequest.extend({
  /** What clearing it does: the copy is held for the next reader now (pass it on), or nobody waits (back to the shelf). */
  next: z.enum(EXPIRED_HOLD_OUTCOMES),
  /** The request the copy is held for now, and its reader. */
  nextRequestId: z.number().int().nullable(),
  nextReaderName: z.string().nullable(),
});
export type ExpiredHold = z.infer<typeof ExpiredHold>;

export const ExpiredHoldPage = z.object({ totalCount: z.number().int(), list: z.array(ExpiredHold) });
export type ExpiredHoldPage = z.infer<typeof ExpiredHoldPage>;

export const ExpiredHoldCleared = z.object({
  requestId: z.number().int(),
  outcome: z.enum(EXPIRED_HOLD_OUTCOMES),
  nextRequestId: z.number().int().nullable(),
});
export type ExpiredHoldCleared = z.infer<typeof ExpiredHoldCleared>;

/** The request manager: staff calls. */
export const RequestAdminCalls = calls('request-admin', {
  adminRequests: get('/find/admin/requests', {
    input: AdminRequestQuery,
    output: AdminRequestPage,
    access: 'staff',
    summary: "The institution's requests, newest first: by status, stage, kind, library, date, reader or title",
  }),
  adminRequestDetail: get('/find/admin/requests/detail', {
    input: AdminRequestId,
    output: AdminRequestDetail,
    access: 'staff',
    summary: 'One request: its reader, record, copy and history (the audit log of its changes)',
  }),
  adminPickList: get('/find/admin/requests/pickList', {
    input: PickListQuery,
    output: PickList,
    access: 'staff',
    summary: 'The copies to fetch from the stacks for ready requests, by library, location and call number',
  }),
  adminRetrieveRequest: post('/find/admin/requests/retrieve', {
    input: AdminRequestId,
    output: AdminRequestStep,
    access: 'staff',
    summary: "Mark a request's copy fetched from the stacks",
  }),
  adminShelveRequest: post('/find/admin/requests/shelve', {
    input: AdminRequestId,
    output: AdminRequestStep,
    access: 'staff',
    summary: "Put a request's copy on the hold shelf: its last day set, the reader told with the pickup code",
  }),
  adminCancelRequest: post('/find/admin/requests/cancel', {
    input: AdminCancelRequest,
    output: AdminRequestStep,
    access: 'staff',
    summary: 'Cancel a request, with a reason the reader is told; a held copy goes to the next in the queue',
  }),
  adminExpiredHolds: get('/find/admin/requests/expired', {
    input: ExpiredHoldsQuery,
    output: ExpiredHoldPage,
    access: 'staff',
    summary: 'Expired holds whose copy is still on the hold shelf: to pass on to the next reader, or to reshelve',
  }),
  adminClearExpiredHold: post('/find/admin/requests/clearExpired', {
    input: AdminRequestId,
    output: ExpiredHoldCleared,
    access: 'staff',
    summary: "Take an expired hold's copy off the hold shelf: passed on to the next reader, or back to the stacks",
  }),
});
