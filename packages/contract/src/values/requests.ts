/**
 * Codes and value lists of a reader's requests (issue 27): plain values, free of schemas (requests.ts
 * re-exports them).
 */

/**
 * Kinds of request OpenFind's own circulation takes: a reservation (预约), a closed-stack retrieval
 * (委托), home delivery (送书上门: a web loan sent to one of the reader's addresses) and re-lend (转借:
 * a reader who has the record passes their copy on to the reader who asked).
 */
export const REQUEST_TYPES = ['reserve', 'entrust', 'delivery', 'relend'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

/**
 * Where a request stands: in the record's queue, a copy held for pickup, sent (a delivery on its way,
 * lent already), then lent or received, cancelled, expired, handed over (another reader accepted it
 * with its handover code) or declined (a re-lend the reader who has the copy turned down).
 */
export const REQUEST_STATUSES = [
  'waiting',
  'ready',
  'shipped',
  'fulfilled',
  'cancelled',
  'expired',
  'handedOver',
  'declined',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Statuses of a request still under way (it may be cancelled while waiting or ready). */
export const OPEN_REQUEST_STATUSES = ['waiting', 'ready', 'shipped'] as const satisfies readonly RequestStatus[];

/**
 * The request workflow labels of spec §4 ("Requests and orders"), each a step of one kind of request;
 * the list shows the step beside the status.
 */
export const REQUEST_WORKFLOWS = [
  'appointing',
  'appointmentArrived',
  'entrusting',
  'retainedOnShelf',
  'entrustedPickedUp',
  'pickingFromShelf',
  'inLogistics',
  'accepted',
  'bookSeekingInitiated',
  'bookSeekingAccepted',
  'borrowed',
] as const;
export type RequestWorkflow = (typeof REQUEST_WORKFLOWS)[number];

const WORKFLOW_STEPS: Record<RequestType, Partial<Record<RequestStatus, RequestWorkflow>>> = {
  reserve: { waiting: 'appointing', ready: 'appointmentArrived', fulfilled: 'borrowed' },
  entrust: { waiting: 'entrusting', ready: 'retainedOnShelf', fulfilled: 'entrustedPickedUp' },
  delivery: { waiting: 'appointing', ready: 'pickingFromShelf', shipped: 'inLogistics', fulfilled: 'accepted' },
  relend: { waiting: 'bookSeekingInitiated', ready: 'bookSeekingAccepted', fulfilled: 'borrowed' },
};

/** The workflow step of a request of this kind in this status; null once it ended without one (cancelled…). */
export function requestWorkflow(type: RequestType, status: RequestStatus): RequestWorkflow | null {
  return WORKFLOW_STEPS[type][status] ?? null;
}

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
  /** The library's own system (SIP2) keeps its requests and offers this kind of request not (holds only). */
  kindNotOffered: 40850,
  /** The library's own system refused the hold or its cancelling (its words in the message). */
  refusedBySystem: 40851,
  /** No contact phone given, and the account has none (spec §5: contact required). */
  contactRequired: 40852,
  /** Home delivery: no address chosen (one of the reader's delivery addresses, My Library key 9). */
  addressRequired: 40812,
  /** Home delivery: the address is not one of the reader's. */
  unknownAddress: 40813,
  /** Home delivery: receipt is confirmed already. */
  alreadyReceived: 40814,
  /** Home delivery: not sent yet, so its receipt cannot be confirmed. */
  notShipped: 40815,
  /** Home delivery: sent already (it is a loan now), so it cannot be cancelled. */
  shippedNoCancel: 40816,
  /** The desk: no delivery with a copy ready to send has this id (waiting, sent or ended). */
  notShippable: 40817,
  /** A handover code before the copy is on the hold shelf (staff are still fetching it: nothing to collect yet). */
  notOnHoldShelf: 40818,
} as const;

/** Take codes and handover codes are valid this long (spec §9: 5 minutes). */
export const READER_CODE_SECONDS = 300;
