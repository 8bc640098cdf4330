import type { Kysely } from 'kysely';
import {
  RequestErrCode,
  formatCents,
  type HoldStage,
  requestWorkflow,
  type Lang,
  type PickupLibrary,
  type PlaceRequest,
  type PlacedRequest,
  type RequestPage,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import { localName } from '../../lib/localized.js';
import type { Reader } from '../readers/reader-repository.js';
import { findLoanPolicies, today } from './circulation-repository.js';
import { addInboxMessage } from '../readers/reader-repository.js';
import { findAddress } from '../addresses/address-repository.js';
import { readerDebt } from './fine-repository.js';
import { findLiveCode, issueReaderCode, useReaderCode } from './reader-code-repository.js';
import { expireRelendAsks } from './relend-repository.js';
import { LOANABLE_CIRC_ATTR, addDays, owesTooMuch, policyFor, type LoanPolicy } from './renewal-rules.js';
import {
  countOpenRequests,
  endRequest,
  findHoldOfCopy,
  findLapsedHolds,
  findOpenRequest,
  findReaderRequest,
  findReaderRequests,
  markReceived,
  hasRecordOnLoan,
  holdForNext,
  insertRequest,
  lockRecordCopies,
  queuePosition,
  type DeliveryAddress,
  type RequestRow,
} from './request-repository.js';

type Trx = Kysely<Database>;

/** The rules a reader's request follows: those of a loanable copy (circulation attribute 0) for the reader's type. */
export async function requestPolicy(trx: Trx, tenantId: number, readerType: string): Promise<LoanPolicy> {
  return policyFor(await findLoanPolicies(trx, tenantId), readerType, LOANABLE_CIRC_ATTR);
}

/**
 * A copy freed for the queue (returned, or its hold cancelled or lapsed): held for the next waiting
 * request of its record, the copy at `stage` (returned at the desk or taken off the hold shelf: in
 * staff's hands). The reader it is held for, or null when nobody waits.
 */
export async function passToQueue(
  trx: Trx,
  tenantId: number,
  recordId: number,
  barcode: string,
  stage: HoldStage = 'retrieved',
): Promise<{ requestId: number; readerId: number } | null> {
  const day = await today(trx);
  const { holdShelfDays } = await requestPolicy(trx, tenantId, '');
  return holdForNext(trx, tenantId, recordId, barcode, day, holdShelfDays, stage);
}

/** Where a freed hold's copy is for the next reader: still in the stacks if it was never fetched, else in hand. */
export const nextStage = (freed: HoldStage | null): HoldStage => (freed === 'pick' ? 'pick' : 'retrieved');

/** Ready requests whose last day has passed are expired, each held copy going to the next reader. */
export async function expireLapsedHolds(trx: Trx, tenantId: number): Promise<void> {
  // Re-lend asks past their last day lapse too (they hold no copy: nothing to pass on).
  await expireRelendAsks(trx, tenantId);
  for (const hold of await findLapsedHolds(trx, tenantId)) {
    await endRequest(trx, tenantId, hold.id, 'expired');
    if (hold.barcode) await passToQueue(trx, tenantId, hold.record_id, hold.barcode, nextStage(hold.hold_stage));
  }
}

/** The days a held copy is kept: the reader's wish (0: none), at most the policy's hold-shelf days. */
function retentionOf(wish: number, holdShelfDays: number): number {
  return wish > 0 ? Math.min(wish, holdShelfDays) : holdShelfDays;
}

/** YYYY-MM-DD of a date column (read as a Date at UTC midnight). */
const toDateText = (d: Date | string) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

/** A reader suspended, or owing as much as the fine limit, may not request (the library's usual rule). */
async function refuseOverDebt(trx: Kysely<Database>, tenantId: number, reader: Reader): Promise<void> {
  const [debt, policy] = await Promise.all([
    readerDebt(trx, tenantId, reader.id),
    requestPolicy(trx, tenantId, reader.readerType),
  ]);
  if (debt.suspendedUntil !== null)
    throw new AppError('requestSuspended', RequestErrCode.suspended, { date: debt.suspendedUntil });
  if (owesTooMuch(debt.owedCents, policy))
    throw new AppError('requestFineLimit', RequestErrCode.owesTooMuch, { limit: formatCents(policy.fineLimitCents) });
}

/**
 * A reader's requests in OpenFind's own circulation: reservations and closed-stack retrievals, a
 * queue per record (first come, first served), a copy held for pickup with a code until a last day.
 * Each step runs with the record's copies locked, so a copy is held for one reader only.
 */
/**
 * A ready request whose copy the reader can collect: on the hold shelf (null: held before the stages
 * were tracked), or a re-lend's agreed copy. A copy still being fetched shows neither its provisional
 * last day nor the code: staff put it on the hold shelf, and the reader is told then.
 */
function onHoldShelf(r: Pick<RequestRow, 'status' | 'request_type' | 'hold_stage'>): boolean {
  return r.status === 'ready' && (r.request_type === 'relend' || (r.hold_stage ?? 'shelved') === 'shelved');
}

export class RequestService {
  constructor(private readonly db: Kysely<Database>) {}

  /** The institution's libraries, where a requested copy can be picked up. */
  async pickupLibraries(tenantId: number, lang: Lang): Promise<PickupLibrary[]> {
    const rows = await this.db
      .selectFrom('library')
      .select(['lib_code', 'name', 'name_en', 'name_tw'])
      .where('tenant_id', '=', tenantId)
      .orderBy('is_main', 'desc')
      .orderBy('seq')
      .execute();
    return rows.map((r) => ({ libCode: r.lib_code, libName: localName(r, lang) }));
  }

  async place(
    tenantId: number,
    reader: Reader,
    input: PlaceRequest,
  ): Promise<PlacedRequest & { readyUntil: string | null; pickupCode: string | null; keptDays: number }> {
    return inTransaction(this.db, async (trx) => {
      const day = await today(trx);
      if (reader.validUntil !== null && reader.validUntil < day)
        throw new AppError('requestCardExpired', RequestErrCode.readerCannotRequest);
      await refuseOverDebt(trx, tenantId, reader);
      const isDelivery = input.requestType === 'delivery';
      // The number the library calls: the one given, else the account's.
      const contactPhone = input.contactPhone.trim() || reader.phone;
      const delivery = isDelivery ? await deliveryAddress(trx, tenantId, reader.id, input.addressId) : undefined;
      // A delivery need not name a library: it is sent from the main one.
      const libraries = trx.selectFrom('library').select('lib_code').where('tenant_id', '=', tenantId);
      const pickup =
        input.pickupLibCode !== undefined
          ? await libraries.where('lib_code', '=', input.pickupLibCode).executeTakeFirst()
          : isDelivery
            ? await libraries.orderBy('is_main', 'desc').orderBy('seq').limit(1).executeTakeFirst()
            : undefined;
      if (!pickup) throw new AppError('requestUnknownPickup', RequestErrCode.unknownPickup);
      await expireLapsedHolds(trx, tenantId);
      const copies = await lockRecordCopies(trx, tenantId, input.recordId);
      if (!copies.length) throw new AppError('requestNotRequestable', RequestErrCode.notRequestable);
      if (await hasRecordOnLoan(trx, tenantId, reader.id, input.recordId))
        throw new AppError('requestOnLoan', RequestErrCode.alreadyOnLoan);
      const policy = await requestPolicy(trx, tenantId, reader.readerType);
      const open = await countOpenRequests(trx, tenantId, reader.id);
      if (open >= policy.maxRequests)
        throw new AppError('requestTooMany', RequestErrCode.tooManyRequests, { max: policy.maxRequests });
      // A copy on the shelf is held at once (staff take it from the shelf); else the reader waits in the queue.
      // A delivery's copy has no last day on the hold shelf: staff send it.
      const onShelf = copies.find((c) => !c.lent && !c.held);
      const keptDays = retentionOf(input.retentionDays, policy.holdShelfDays);
      const readyUntil = onShelf && !isDelivery ? addDays(day, keptDays - 1) : null;
      const id = await insertRequest(trx, {
        tenantId,
        readerId: reader.id,
        recordId: input.recordId,
        type: input.requestType,
        pickupLibCode: pickup.lib_code,
        contactPhone,
        heldBarcode: onShelf?.barcode ?? null,
        readyUntil,
        delivery,
        retentionDays: input.retentionDays > 0 ? keptDays : null,
      });
      if (id === null) throw new AppError('requestAlready', RequestErrCode.alreadyRequested);
      const placed = await trx
        .selectFrom('circ_request')
        .select(['status', 'pickup_code'])
        .where('id', '=', String(id))
        .executeTakeFirstOrThrow();
      return {
        requestId: id,
        status: placed.status,
        queuePosition: (await queuePosition(trx, tenantId, id)) ?? 0,
        readyUntil,
        pickupCode: placed.pickup_code,
        keptDays,
      };
    });
  }

  /**
   * A page of the reader's requests. `forStaff`: as the desk sees them, the last day and the code of
   * every held copy (the reader sees those once the copy is on the hold shelf).
   */
  async list(
    tenantId: number,
    readerId: number,
    page: number,
    rows: number,
    lang: Lang,
    { forStaff = false }: { forStaff?: boolean } = {},
  ): Promise<RequestPage> {
    await inTransaction(this.db, (trx) => expireLapsedHolds(trx, tenantId));
    const found = await findReaderRequests(this.db, tenantId, readerId, (page - 1) * rows, rows);
    return {
      totalCount: found.total,
      list: found.rows.map((r) => ({
        requestId: Number(r.id),
        recordId: r.record_id,
        title: r.title,
        author: r.author,
        callNo: r.call_no,
        requestType: r.request_type,
        status: r.status,
        pickupLibCode: r.pickup_lib_code,
        pickupLibName: r.lib_name
          ? localName({ name: r.lib_name, name_en: r.lib_name_en ?? '', name_tw: r.lib_name_tw ?? '' }, lang)
          : r.pickup_lib_code,
        queuePosition: r.queue_position,
        holdStage: r.status === 'ready' && r.request_type !== 'relend' ? (r.hold_stage ?? 'shelved') : null,
        // A re-lend's copy is another reader's loan until it is passed on: not shown.
        barcode: r.status === 'ready' && r.request_type !== 'relend' ? r.barcode : null,
        // The last day and the code once the copy is on the hold shelf (a delivery has neither).
        readyUntil: onHoldShelf(r) || (forStaff && r.status === 'ready') ? r.ready_until : null,
        pickupCode: onHoldShelf(r) || (forStaff && r.status === 'ready') ? r.pickup_code : null,
        createdAt: r.created_at,
        workflow: requestWorkflow(r.request_type, r.status),
        delivery:
          r.request_type === 'delivery'
            ? {
                recipient: r.delivery_recipient ?? '',
                phone: r.delivery_phone ?? '',
                address: r.delivery_address ?? '',
                postcode: r.delivery_postcode ?? '',
                trackingNo: r.tracking_no,
                shippedAt: r.shipped_at,
                receivedAt: r.received_at,
              }
            : null,
      })),
    };
  }

  /** A handover code (5 minutes, used once) for the reader's request that is ready: another reader accepts it with the code. */
  async handoverCode(
    tenantId: number,
    readerId: number,
    requestId: number,
  ): Promise<{ code: string; expiresAt: Date }> {
    const request = await findOpenRequest(this.db, tenantId, readerId, requestId);
    // A delivery goes to its reader's address, a re-lend's copy is another reader's loan: neither is handed on.
    if (
      !request ||
      request.status !== 'ready' ||
      request.request_type === 'delivery' ||
      request.request_type === 'relend'
    )
      throw new AppError('requestNoSuch', RequestErrCode.noSuchRequest);
    if ((request.hold_stage ?? 'shelved') !== 'shelved')
      throw new AppError('requestNotOnHoldShelf', RequestErrCode.notOnHoldShelf);
    return issueReaderCode(this.db, tenantId, readerId, 'handover', requestId);
  }

  /**
   * Another reader's ready request, accepted with the handover code they gave: it is handed over to
   * this reader (the held copy, its pickup library and last day stay; a new pickup code), under the
   * rules of a request of their own (card, fines, most requests, not on loan or requested already).
   */
  async accept(
    tenantId: number,
    reader: Reader,
    code: string,
  ): Promise<{ requestId: number; readyUntil: string; pickupCode: string; title: string }> {
    return inTransaction(this.db, async (trx) => {
      const live = await findLiveCode(trx, tenantId, code.trim(), 'handover');
      if (!live?.request_id) throw new AppError('wrongPickupCode', RequestErrCode.wrongCode);
      if (live.reader_id === reader.id) throw new AppError('requestOwn', RequestErrCode.ownRequest);
      const given = await findOpenRequest(trx, tenantId, live.reader_id, Number(live.request_id));
      if (!given || given.status !== 'ready' || !given.barcode || given.request_type === 'relend')
        throw new AppError('wrongPickupCode', RequestErrCode.wrongCode);
      const day = await today(trx);
      if (reader.validUntil !== null && reader.validUntil < day)
        throw new AppError('requestCardExpired', RequestErrCode.readerCannotRequest);
      await refuseOverDebt(trx, tenantId, reader);
      await lockRecordCopies(trx, tenantId, given.record_id);
      if (await hasRecordOnLoan(trx, tenantId, reader.id, given.record_id))
        throw new AppError('requestOnLoan', RequestErrCode.alreadyOnLoan);
      const policy = await requestPolicy(trx, tenantId, reader.readerType);
      if ((await countOpenRequests(trx, tenantId, reader.id)) >= policy.maxRequests)
        throw new AppError('requestTooMany', RequestErrCode.tooManyRequests, { max: policy.maxRequests });
      const full = await trx
        .selectFrom('circ_request as r')
        .innerJoin('bib_record as b', 'b.record_id', 'r.record_id')
        .select(['r.request_type', 'r.pickup_lib_code', 'r.ready_until', 'r.hold_stage', 'b.title'])
        .where('r.tenant_id', '=', tenantId)
        .where('r.id', '=', given.id)
        .executeTakeFirstOrThrow();
      const readyUntil = full.ready_until ? toDateText(full.ready_until) : day;
      await useReaderCode(trx, tenantId, code.trim());
      await endRequest(trx, tenantId, given.id, 'handedOver');
      const id = await insertRequest(trx, {
        tenantId,
        readerId: reader.id,
        recordId: given.record_id,
        type: full.request_type,
        pickupLibCode: full.pickup_lib_code,
        contactPhone: '',
        heldBarcode: given.barcode,
        readyUntil,
        // The copy stays where it is: the reader accepting it comes to the same hold shelf.
        holdStage: full.hold_stage ?? 'shelved',
      });
      if (id === null) throw new AppError('requestAlready', RequestErrCode.alreadyRequested);
      const placed = await trx
        .selectFrom('circ_request')
        .select('pickup_code')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', String(id))
        .executeTakeFirstOrThrow();
      await addInboxMessage(trx, {
        tenantId,
        readerId: live.reader_id,
        channel: 'inbox',
        target: '',
        subject: `预约已转交 Request handed over: ${full.title}`,
        body: `您预约的《${full.title}》已由另一位读者凭转交码接收。\nAnother reader accepted your request for “${full.title}” with the handover code you gave.`,
      });
      return { requestId: id, readyUntil, pickupCode: placed.pickup_code ?? '', title: full.title };
    });
  }

  /**
   * Cancels a waiting or ready request of the reader; a held copy goes to the next in the queue. A
   * delivery sent already is a loan: it cannot be cancelled (the copy is returned as any loan).
   */
  async cancel(tenantId: number, readerId: number, requestId: number): Promise<{ cancelled: boolean }> {
    return inTransaction(this.db, async (trx) => {
      const found = await findReaderRequest(trx, tenantId, readerId, requestId);
      if (!found) throw new AppError('requestNoSuch', RequestErrCode.noSuchRequest);
      // Read again under the record's lock: the desk may have lent or sent the copy meanwhile.
      await lockRecordCopies(trx, tenantId, found.record_id);
      const request = await findOpenRequest(trx, tenantId, readerId, requestId);
      if (!request) {
        const now = await findReaderRequest(trx, tenantId, readerId, requestId);
        if (now?.status === 'shipped') throw new AppError('deliveryShippedNoCancel', RequestErrCode.shippedNoCancel);
        throw new AppError('requestNoSuch', RequestErrCode.noSuchRequest);
      }
      await endRequest(trx, tenantId, request.id, 'cancelled');
      // A re-lend's copy is the loan of the reader who agreed: it stays with them, nothing is freed.
      if (request.status === 'ready' && request.barcode && request.request_type !== 'relend')
        await passToQueue(trx, tenantId, request.record_id, request.barcode, nextStage(request.hold_stage));
      return { cancelled: true };
    });
  }
}

/**
 * The reader's receipt of a home delivery the library sent: the request is fulfilled (the loan runs
 * on as any loan). Once: a second confirmation (a double click, two tabs) is refused, and changes nothing.
 */
export async function confirmReceipt(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  requestId: number,
): Promise<{ requestId: number; status: 'fulfilled'; receivedAt: string }> {
  const done = await markReceived(db, tenantId, readerId, requestId);
  if (done) return { requestId, status: 'fulfilled', receivedAt: done.received_at };
  const request = await findReaderRequest(db, tenantId, readerId, requestId);
  if (!request || request.request_type !== 'delivery')
    throw new AppError('requestNoSuch', RequestErrCode.noSuchRequest);
  if (request.status === 'fulfilled') throw new AppError('deliveryAlreadyReceived', RequestErrCode.alreadyReceived);
  if (request.status === 'waiting' || request.status === 'ready')
    throw new AppError('deliveryNotShipped', RequestErrCode.notShipped);
  throw new AppError('requestNoSuch', RequestErrCode.noSuchRequest);
}

/** A home delivery's address: one of the reader's (required), as it is now. */
async function deliveryAddress(
  trx: Trx,
  tenantId: number,
  readerId: number,
  addressId: number | undefined,
): Promise<DeliveryAddress> {
  if (addressId === undefined) throw new AppError('deliveryAddressRequired', RequestErrCode.addressRequired);
  const found = await findAddress(trx, tenantId, readerId, addressId);
  if (!found) throw new AppError('deliveryUnknownAddress', RequestErrCode.unknownAddress);
  return {
    recipient: found.recipient,
    phone: found.phone,
    address: [found.region, found.detail].filter(Boolean).join(' '),
    postcode: found.postcode,
  };
}

/** For the desk: whether a copy is held for another reader, and ends the reader's own hold on it. */
export async function takeHold(
  trx: Trx,
  tenantId: number,
  barcode: string,
  readerId: number,
): Promise<'free' | 'heldForAnother' | 'fulfilled'> {
  const hold = await findHoldOfCopy(trx, tenantId, barcode);
  if (!hold) return 'free';
  if (hold.reader_id !== readerId) return 'heldForAnother';
  await endRequest(trx, tenantId, hold.id, 'fulfilled');
  return 'fulfilled';
}
