import type { Kysely } from 'kysely';
import {
  RequestErrCode,
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
import { LOANABLE_CIRC_ATTR, addDays, policyFor, type LoanPolicy } from './renewal-rules.js';
import {
  countOpenRequests,
  endRequest,
  findHoldOfCopy,
  findLapsedHolds,
  findOpenRequest,
  findReaderRequests,
  hasRecordOnLoan,
  holdForNext,
  insertRequest,
  lockRecordCopies,
  queuePosition,
} from './request-repository.js';

type Trx = Kysely<Database>;

/** The rules a reader's request follows: those of a loanable copy (circulation attribute 0) for the reader's type. */
async function requestPolicy(trx: Trx, tenantId: number, readerType: string): Promise<LoanPolicy> {
  return policyFor(await findLoanPolicies(trx, tenantId), readerType, LOANABLE_CIRC_ATTR);
}

/**
 * A copy freed for the queue (returned, or its hold cancelled or lapsed): held for the next waiting
 * request of its record. The reader it is held for, or null when nobody waits.
 */
export async function passToQueue(
  trx: Trx,
  tenantId: number,
  recordId: number,
  barcode: string,
): Promise<{ requestId: number; readerId: number } | null> {
  const day = await today(trx);
  const { holdShelfDays } = await requestPolicy(trx, tenantId, '');
  return holdForNext(trx, tenantId, recordId, barcode, addDays(day, holdShelfDays - 1));
}

/** Ready requests whose last day has passed are expired, each held copy going to the next reader. */
async function expireLapsedHolds(trx: Trx, tenantId: number): Promise<void> {
  for (const hold of await findLapsedHolds(trx, tenantId)) {
    await endRequest(trx, tenantId, hold.id, 'expired');
    if (hold.barcode) await passToQueue(trx, tenantId, hold.record_id, hold.barcode);
  }
}

/**
 * A reader's requests in OpenFind's own circulation: reservations and closed-stack retrievals, a
 * queue per record (first come, first served), a copy held for pickup with a code until a last day.
 * Each step runs with the record's copies locked, so a copy is held for one reader only.
 */
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
  ): Promise<PlacedRequest & { readyUntil: string | null; pickupCode: string | null }> {
    return inTransaction(this.db, async (trx) => {
      const day = await today(trx);
      if (reader.validUntil !== null && reader.validUntil < day)
        throw new AppError('requestCardExpired', RequestErrCode.readerCannotRequest);
      const pickup = await trx
        .selectFrom('library')
        .select('lib_code')
        .where('tenant_id', '=', tenantId)
        .where('lib_code', '=', input.pickupLibCode)
        .executeTakeFirst();
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
      const onShelf = copies.find((c) => !c.lent && !c.held);
      const readyUntil = onShelf ? addDays(day, policy.holdShelfDays - 1) : null;
      const id = await insertRequest(trx, {
        tenantId,
        readerId: reader.id,
        recordId: input.recordId,
        type: input.requestType,
        pickupLibCode: input.pickupLibCode,
        contactPhone: input.contactPhone,
        heldBarcode: onShelf?.barcode ?? null,
        readyUntil,
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
      };
    });
  }

  async list(tenantId: number, readerId: number, page: number, rows: number, lang: Lang): Promise<RequestPage> {
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
        barcode: r.status === 'ready' ? r.barcode : null,
        readyUntil: r.status === 'ready' ? r.ready_until : null,
        pickupCode: r.status === 'ready' ? r.pickup_code : null,
        createdAt: r.created_at,
      })),
    };
  }

  /** Cancels a waiting or ready request of the reader; a held copy goes to the next in the queue. */
  async cancel(tenantId: number, readerId: number, requestId: number): Promise<{ cancelled: boolean }> {
    return inTransaction(this.db, async (trx) => {
      const request = await findOpenRequest(trx, tenantId, readerId, requestId);
      if (!request) throw new AppError('requestNoSuch', RequestErrCode.noSuchRequest);
      await lockRecordCopies(trx, tenantId, request.record_id);
      await endRequest(trx, tenantId, request.id, 'cancelled');
      if (request.status === 'ready' && request.barcode)
        await passToQueue(trx, tenantId, request.record_id, request.barcode);
      return { cancelled: true };
    });
  }
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
