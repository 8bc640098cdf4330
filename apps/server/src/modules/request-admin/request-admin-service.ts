import type { Kysely } from 'kysely';
import {
  DeskErrCode,
  PICK_LIST_MAX,
  RequestAdminErrCode,
  type AdminCancelRequest,
  type AdminRequest,
  type AdminRequestDetail,
  type AdminRequestEvent,
  type AdminRequestPage,
  type AdminRequestQuery,
  type AdminRequestStep,
  type ExpiredHoldCleared,
  type ExpiredHoldPage,
  type Lang,
  type PickList,
  type PickListGroup,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import { localName } from '../../lib/localized.js';
import { today } from '../circulation/circulation-repository.js';
import type { CirculationService } from '../circulation/circulation-service.js';
import { lockRecordCopies } from '../circulation/request-repository.js';
import { expireLapsedHolds, nextStage, passToQueue, requestPolicy } from '../circulation/request-service.js';
import { addInboxMessage, findReaderById } from '../readers/reader-repository.js';
import type { StaffActor } from '../staff/staff-context.js';
import type { StaffService } from '../staff/staff-service.js';
import {
  findAdminRequest,
  findAdminRequests,
  findCurrentHold,
  findExpiredHolds,
  findPickList,
  findRequestAudit,
  markCancelled,
  markCleared,
  markRetrieved,
  markShelved,
  type AdminRequestRow,
  type StepRow,
} from './request-admin-repository.js';

type Names = { name: string | null; name_en: string | null; name_tw: string | null };
/** A library's or location's name in `lang`, else `fallback` (a code) when it has none. */
const nameIn = (n: Names, lang: Lang, fallback: string) =>
  n.name ? localName({ name: n.name, name_en: n.name_en ?? '', name_tw: n.name_tw ?? '' }, lang) : fallback;

/** The list row of a request. */
function toAdminRequest(r: AdminRequestRow, lang: Lang): AdminRequest {
  return {
    requestId: Number(r.id),
    recordId: r.record_id,
    title: r.title,
    author: r.author,
    requestType: r.request_type,
    status: r.status,
    holdStage: r.hold_stage,
    pickupLibCode: r.pickup_lib_code,
    pickupLibName: nameIn(
      { name: r.lib_name, name_en: r.lib_name_en, name_tw: r.lib_name_tw },
      lang,
      r.pickup_lib_code,
    ),
    readerId: r.reader_id,
    reader: r.account,
    readerName: r.reader_name,
    barcode: r.barcode,
    copyLibCode: r.copy_lib_code,
    copyLocation: r.loc_name && nameIn({ name: r.loc_name, name_en: r.loc_name_en, name_tw: r.loc_name_tw }, lang, ''),
    callNo: r.call_no,
    queuePosition: r.queue_position,
    readyUntil: r.ready_until,
    pickupCode: r.pickup_code,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    cancelReason: r.cancel_reason,
  };
}

/** The answer of a step: the request as it is now. */
const toStep = (s: StepRow): AdminRequestStep => ({
  requestId: Number(s.id),
  status: s.status,
  holdStage: s.hold_stage,
  readyUntil: s.ready_until,
  // The code lends the copy only while the request is ready.
  pickupCode: s.status === 'ready' ? s.pickup_code : null,
});

/** What a step's audit row and answer say of a request. */
const stateOf = (r: { status: string; hold_stage: string | null; ready_until: string | null }) => ({
  status: r.status,
  holdStage: r.hold_stage,
  readyUntil: r.ready_until,
});

/**
 * The staff console's request manager (issue 28) over OpenFind's own circulation: the requests of
 * the institution, the pick list, and the steps a held copy takes to the reader. Every step is one
 * guarded UPDATE (a double click or two staff members at once act once; the second is told why),
 * written to the audit log in its transaction, and the reader told in the inbox where the step
 * concerns them (on the hold shelf with the pickup code; cancelled with the reason). A desk account
 * limited to some libraries sees and acts on the requests picked up at those libraries or whose copy
 * is theirs.
 */
export class RequestAdmin {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: { circulation: CirculationService; staff: StaffService },
  ) {}

  /** Requests are OpenFind's own circulation's: an institution on its own system (SIP2) keeps them there. */
  private async requireLocal(tenantId: number): Promise<void> {
    if ((await this.deps.circulation.providerOf(tenantId)).kind !== 'local')
      throw new AppError('deskNotLocal', DeskErrCode.notLocal);
  }

  /** The request a step is about: unknown (41901), or of a library the account does not work for (41906). */
  private async requestOf(actor: StaffActor, requestId: number): Promise<AdminRequestRow> {
    await this.requireLocal(actor.tenantId);
    const row = await findAdminRequest(this.db, actor.tenantId, actor.libCodes, requestId);
    if (row) return row;
    if (actor.libCodes.length && (await findAdminRequest(this.db, actor.tenantId, [], requestId)))
      throw new AppError('requestAdminOtherLibrary', RequestAdminErrCode.otherLibrary);
    throw new AppError('requestAdminNoSuch', RequestAdminErrCode.noSuchRequest);
  }

  /** Writes a step's audit row (in the step's transaction). */
  private audit(
    db: Kysely<Database>,
    actor: StaffActor,
    ip: string,
    action: string,
    row: AdminRequestRow,
    before: unknown,
    after: Record<string, unknown>,
  ): Promise<void> {
    return this.deps.staff.audit(
      {
        tenantId: actor.tenantId,
        staffId: actor.staffId,
        actor: actor.username,
        action: `request.${action}`,
        target: `request ${row.id}`,
        before,
        after: { requestId: Number(row.id), reader: row.account, barcode: row.barcode, ...after },
        ip,
      },
      db,
    );
  }

  async list(actor: StaffActor, query: AdminRequestQuery, lang: Lang): Promise<AdminRequestPage> {
    const { tenantId } = actor;
    await this.requireLocal(tenantId);
    // Holds past their last day are expired first, as the reader's own list does.
    await inTransaction(this.db, (trx) => expireLapsedHolds(trx, tenantId));
    const { page, rows, ...filter } = query;
    const found = await findAdminRequests(this.db, tenantId, actor.libCodes, filter, (page - 1) * rows, rows);
    return { totalCount: found.total, list: found.rows.map((r) => toAdminRequest(r, lang)) };
  }

  async detail(actor: StaffActor, requestId: number, lang: Lang): Promise<AdminRequestDetail> {
    const r = await this.requestOf(actor, requestId);
    const audit = await findRequestAudit(this.db, actor.tenantId, requestId);
    // The steps the row keeps (the reader's and the system's among them), then the audit log's rows.
    const kept: Array<[string, string | null]> = [
      ['placed', r.created_at],
      ['retrieved', r.retrieved_at],
      ['shelved', r.shelved_at],
      ['shipped', r.shipped_at],
      ['received', r.received_at],
      ['cleared', r.cleared_at],
    ];
    const history: AdminRequestEvent[] = [
      ...kept.flatMap(([action, at]) => (at ? [{ at, action, actor: '', before: null, after: null }] : [])),
      ...audit.map((a) => ({ at: a.at, action: a.action, actor: a.actor, before: a.before, after: a.after })),
    ].sort((a, b) => a.at.localeCompare(b.at));
    return {
      ...toAdminRequest(r, lang),
      cardNo: r.card_no,
      readerPhone: r.reader_phone,
      readerEmail: r.reader_email,
      contactPhone: r.contact_phone,
      isbn: r.isbn,
      publisher: r.publisher,
      delivery:
        r.request_type === 'delivery'
          ? {
              recipient: r.delivery_recipient ?? '',
              phone: r.delivery_phone ?? '',
              address: r.delivery_address ?? '',
              postcode: r.delivery_postcode ?? '',
              trackingNo: r.tracking_no,
            }
          : null,
      history,
    };
  }

  /** The copies to fetch from the stacks, grouped by library and location, in call-number order. */
  async pickList(actor: StaffActor, libCode: string | undefined, lang: Lang): Promise<PickList> {
    await this.requireLocal(actor.tenantId);
    const found = await findPickList(this.db, actor.tenantId, actor.libCodes, libCode, PICK_LIST_MAX);
    const groups: PickListGroup[] = [];
    for (const r of found.rows) {
      const libName = nameIn(
        { name: r.lib_name, name_en: r.lib_name_en, name_tw: r.lib_name_tw },
        lang,
        r.lib_code ?? '',
      );
      const location = nameIn({ name: r.loc_name, name_en: r.loc_name_en, name_tw: r.loc_name_tw }, lang, '');
      let group = groups.at(-1);
      if (!group || group.libCode !== r.lib_code || group.location !== location) {
        group = { libCode: r.lib_code, libName, location, items: [] };
        groups.push(group);
      }
      group.items.push({
        requestId: Number(r.id),
        barcode: r.barcode,
        callNo: r.call_no,
        title: r.title,
        author: r.author,
        requestType: r.request_type,
        pickupLibName: nameIn(
          { name: r.pickup_name, name_en: r.pickup_name_en, name_tw: r.pickup_name_tw },
          lang,
          r.pickup_lib_code,
        ),
        readerName: r.reader_name,
        createdAt: r.created_at,
      });
    }
    return { totalCount: found.total, groups };
  }

  /** Marks the copy of a ready request fetched from the stacks. */
  async retrieve(actor: StaffActor, requestId: number, ip: string): Promise<{ step: AdminRequestStep; title: string }> {
    const row = await this.requestOf(actor, requestId);
    const step = await inTransaction(this.db, async (trx) => {
      const done = await markRetrieved(trx, actor.tenantId, requestId);
      if (!done) throw new AppError('requestAdminNotToRetrieve', RequestAdminErrCode.notToRetrieve);
      await this.audit(trx, actor, ip, 'retrieve', row, stateOf(row), stateOf(done));
      return done;
    });
    return { step: toStep(step), title: row.title };
  }

  /**
   * Puts a request's copy on the hold shelf: its last day counted from today (the days the reader
   * asked, at most the policy's), and the reader told in the inbox with the pickup code.
   */
  async shelve(actor: StaffActor, requestId: number, ip: string): Promise<{ step: AdminRequestStep; title: string }> {
    const { tenantId } = actor;
    const row = await this.requestOf(actor, requestId);
    const step = await inTransaction(this.db, async (trx) => {
      const reader = await findReaderById(trx, tenantId, row.reader_id);
      const { holdShelfDays } = await requestPolicy(trx, tenantId, reader?.readerType ?? '');
      const done = await markShelved(trx, tenantId, requestId, await today(trx), holdShelfDays);
      if (!done) throw new AppError('requestAdminNotToShelve', RequestAdminErrCode.notToShelve);
      await this.audit(trx, actor, ip, 'shelve', row, stateOf(row), stateOf(done));
      const zh = nameIn({ name: row.lib_name, name_en: null, name_tw: null }, 'zh-CN', row.pickup_lib_code);
      const en = nameIn({ name: row.lib_name, name_en: row.lib_name_en, name_tw: null }, 'en-US', row.pickup_lib_code);
      await addInboxMessage(trx, {
        tenantId,
        readerId: row.reader_id,
        channel: 'inbox',
        target: '',
        subject: `预约图书可以取了 Your request is ready: ${row.title}`,
        body:
          `您预约的《${row.title}》已放到${zh}的预约架，请于 ${done.ready_until} 前凭取书码 ${done.pickup_code} 取书。\n` +
          `“${row.title}” is on the hold shelf at ${en}: pick it up by ${done.ready_until} with the pickup code ${done.pickup_code}.`,
      });
      return done;
    });
    return { step: toStep(step), title: row.title };
  }

  /**
   * Cancels a waiting or ready request with a reason the reader is told; a held copy goes to the next
   * reader waiting (a re-lend's copy is the other reader's loan: it stays with them). A delivery sent
   * already is a loan: it cannot be cancelled.
   */
  async cancel(
    actor: StaffActor,
    input: AdminCancelRequest,
    ip: string,
  ): Promise<{ step: AdminRequestStep; title: string }> {
    const { tenantId } = actor;
    const row = await this.requestOf(actor, input.requestId);
    const step = await inTransaction(this.db, async (trx) => {
      // The record's copies locked, as every step of its queue: a copy freed goes to one reader.
      await lockRecordCopies(trx, tenantId, row.record_id);
      const before = await findAdminRequest(trx, tenantId, [], input.requestId);
      const done = await markCancelled(trx, tenantId, input.requestId, input.reason);
      if (!done || !before) throw new AppError('requestAdminNotCancellable', RequestAdminErrCode.notCancellable);
      const next =
        before.status === 'ready' && before.barcode && before.request_type !== 'relend'
          ? await passToQueue(trx, tenantId, before.record_id, before.barcode, nextStage(before.hold_stage))
          : null;
      await this.audit(trx, actor, ip, 'cancel', row, stateOf(before), {
        ...stateOf(done),
        reason: input.reason,
        nextRequestId: next?.requestId ?? null,
      });
      await addInboxMessage(trx, {
        tenantId,
        readerId: row.reader_id,
        channel: 'inbox',
        target: '',
        subject: `预约已被图书馆取消 Request cancelled by the library: ${row.title}`,
        body:
          `您对《${row.title}》的预约已被图书馆取消，原因：${input.reason}\n` +
          `The library cancelled your request for “${row.title}”. Reason: ${input.reason}`,
      });
      return done;
    });
    return { step: toStep(step), title: row.title };
  }

  /** Expired holds whose copy is still on the hold shelf, and what clearing each does. */
  async expired(actor: StaffActor, page: number, rows: number, lang: Lang): Promise<ExpiredHoldPage> {
    const { tenantId } = actor;
    await this.requireLocal(tenantId);
    await inTransaction(this.db, (trx) => expireLapsedHolds(trx, tenantId));
    const found = await findExpiredHolds(this.db, tenantId, actor.libCodes, (page - 1) * rows, rows);
    return {
      totalCount: found.total,
      list: found.rows.map((r) => ({
        ...toAdminRequest(r, lang),
        next: r.next_id ? 'passedOn' : 'reshelved',
        nextRequestId: r.next_id ? Number(r.next_id) : null,
        nextReaderName: r.next_reader_name,
      })),
    };
  }

  /**
   * Takes an expired hold's copy off the hold shelf: to the next reader it is held for now (staff
   * then shelve it for them), or back to the stacks when nobody waits.
   */
  async clearExpired(
    actor: StaffActor,
    requestId: number,
    ip: string,
  ): Promise<ExpiredHoldCleared & { title: string }> {
    const { tenantId } = actor;
    const row = await this.requestOf(actor, requestId);
    const cleared = await inTransaction(this.db, async (trx) => {
      const done = await markCleared(trx, tenantId, requestId);
      if (!done) throw new AppError('requestAdminNoExpiredHold', RequestAdminErrCode.noExpiredHold);
      const next = await findCurrentHold(trx, tenantId, done.barcode);
      const outcome = next ? ('passedOn' as const) : ('reshelved' as const);
      const nextRequestId = next ? Number(next.id) : null;
      await this.audit(
        trx,
        actor,
        ip,
        'clearExpired',
        row,
        { status: row.status, onHoldShelf: true },
        {
          outcome,
          nextRequestId,
        },
      );
      return { requestId, outcome, nextRequestId };
    });
    return { ...cleared, title: row.title };
  }
}
