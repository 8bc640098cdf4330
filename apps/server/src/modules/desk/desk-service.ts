import type { Kysely } from 'kysely';
import {
  DeskErrCode,
  centsOf,
  formatCents,
  type DeskCheckoutRequest,
  type DeskDeliveriesQuery,
  type DeskDeliveryPage,
  type DeskFineRequest,
  type DeskFulfilled,
  type DeskLoan,
  type DeskPayRequest,
  type DeskPlacedRequest,
  type DeskReaderStanding,
  type DeskRequestRequest,
  type DeskReturn,
  type DeskShipRequest,
  type DeskShipped,
  type Lang,
  type RenewOutcome,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import type { MessageKey } from '../../http/messages.js';
import type { CirculationService } from '../circulation/circulation-service.js';
import { DeskError, checkin, checkout, renewAtDesk, ship, type DeskRefusal } from '../circulation/desk-service.js';
import type { FineService } from '../circulation/fine-service.js';
import { findDeliveries, findDelivery, findReadyRequestByCode } from '../circulation/request-repository.js';
import type { RequestService } from '../circulation/request-service.js';
import { findReaderById, findReaderByLogin } from '../readers/reader-repository.js';
import type { StaffActor } from '../staff/staff-context.js';
import type { StaffService } from '../staff/staff-service.js';
import { findCopyLibrary } from './desk-repository.js';

/** The message of each refusal of the circulation desk (its errCode is `DeskErrCode[refusal]`). */
const REFUSAL_MESSAGES: Record<DeskRefusal, MessageKey> = {
  noSuchReader: 'deskNoSuchReader',
  noSuchCopy: 'deskNoSuchCopy',
  notLoanable: 'deskNotLoanable',
  onLoan: 'deskOnLoan',
  notOnLoan: 'deskNotOnLoan',
  tooManyLoans: 'deskTooManyLoans',
  cardFrozen: 'deskCardFrozen',
  cardLost: 'deskCardLost',
  cardExpired: 'deskCardExpired',
  heldForAnother: 'deskHeldForAnother',
  suspended: 'deskSuspended',
  owesTooMuch: 'deskOwesTooMuch',
  wrongTakeCode: 'deskWrongTakeCode',
};

/** The translated failure of a desk refusal. */
export function deskFailure(refusal: DeskRefusal): AppError {
  return new AppError(REFUSAL_MESSAGES[refusal], DeskErrCode[refusal]);
}

/** What a desk change is about, as the audit log records it. */
interface Subject {
  reader?: string;
  barcode?: string;
  [key: string]: unknown;
}

/**
 * The circulation desk's HTTP calls (issue 27) over OpenFind's own circulation: each calls the
 * desk's existing operations (`circulation/desk-service.ts`, the request and fine services), adds
 * what a staff call needs around them (the institution's circulation must be OpenFind's own; a desk
 * account limited to some libraries lends, takes back and renews only their copies; refusals become
 * translated errCodes) and records every attempt at a change in the audit log: who, what, the
 * reader and the copy, and the result (in the change's own transaction where the operation takes
 * one, so that a loan is never made without its row).
 */
export class StaffDesk {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: {
      circulation: CirculationService;
      requests: RequestService;
      fines: FineService;
      staff: StaffService;
    },
  ) {}

  /** The desk is OpenFind's own circulation's: an institution on its own system (SIP2) lends there. */
  private async requireLocal(tenantId: number): Promise<void> {
    if ((await this.deps.circulation.providerOf(tenantId)).kind !== 'local')
      throw new AppError('deskNotLocal', DeskErrCode.notLocal);
  }

  /** A desk account limited to some libraries may handle only their copies (the copy's `lib_code`). */
  private async requireLibrary(actor: StaffActor, barcode: string): Promise<void> {
    if (!actor.libCodes.length) return;
    const copy = await findCopyLibrary(this.db, actor.tenantId, barcode);
    // No such copy: the operation says so itself.
    if (copy && !(copy.libCode !== null && actor.libCodes.includes(copy.libCode)))
      throw new AppError('deskOtherLibrary', DeskErrCode.otherLibrary);
  }

  /**
   * Runs one desk change and records it. `fn` gets `record(db, after)`, which writes the row of a
   * change made (with the transaction the change runs in, when it has one); a refusal is recorded
   * after, with its reason, and a `DeskError` becomes its translated failure.
   */
  private async change<T>(
    actor: StaffActor,
    ip: string,
    action: string,
    subject: Subject,
    fn: (record: (db: Kysely<Database>, after: Record<string, unknown>) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    const entry = {
      tenantId: actor.tenantId,
      staffId: actor.staffId,
      actor: actor.username,
      action: `desk.${action}`,
      target: [subject.reader && `reader ${subject.reader}`, subject.barcode && `copy ${subject.barcode}`]
        .filter(Boolean)
        .join(', '),
      ip,
    };
    try {
      return await fn((db, after) =>
        this.deps.staff.audit({ ...entry, after: { result: 'done', ...subject, ...after } }, db),
      );
    } catch (err) {
      const refusal = err instanceof DeskError ? err.refusal : err instanceof AppError ? err.key : null;
      if (refusal === null) throw err;
      await this.deps.staff.audit({ ...entry, after: { result: 'refused', refusal, ...subject } });
      throw err instanceof DeskError ? deskFailure(err.refusal) : err;
    }
  }

  /** The reader's account and name, for the answer of a loan. */
  private async readerNames(tenantId: number, readerId: number): Promise<{ reader: string; readerName: string }> {
    const r = await findReaderById(this.db, tenantId, readerId);
    return { reader: r?.account ?? '', readerName: r?.name ?? '' };
  }

  async checkout(actor: StaffActor, input: DeskCheckoutRequest, ip: string): Promise<DeskLoan> {
    const { tenantId } = actor;
    await this.requireLocal(tenantId);
    const who = input.takeCode !== undefined ? { takeCode: input.takeCode } : { reader: input.reader! };
    // The take code itself stays out of the log: used once, it proves nothing after.
    const subject = { reader: input.reader ?? 'take code', barcode: input.barcode };
    const loan = await this.change(actor, ip, 'checkout', subject, async (record) => {
      await this.requireLibrary(actor, input.barcode);
      return inTransaction(this.db, async (trx) => {
        const made = await checkout(trx, tenantId, { ...who, barcode: input.barcode });
        await record(trx, { readerId: made.readerId, loanId: made.loanId, dueDate: made.dueDate });
        return made;
      });
    });
    return { ...loan, barcode: input.barcode, ...(await this.readerNames(tenantId, loan.readerId)) };
  }

  async checkin(actor: StaffActor, input: { barcode: string }, ip: string): Promise<DeskReturn> {
    const { tenantId } = actor;
    await this.requireLocal(tenantId);
    const back = await this.change(actor, ip, 'checkin', { barcode: input.barcode }, async (record) => {
      await this.requireLibrary(actor, input.barcode);
      return inTransaction(this.db, async (trx) => {
        const done = await checkin(trx, tenantId, { barcode: input.barcode });
        await record(trx, {
          readerId: done.readerId,
          loanId: done.loanId,
          overdueDays: done.overdueDays,
          fine: done.fine,
          heldFor: done.heldFor,
        });
        return done;
      });
    });
    return {
      loanId: back.loanId,
      barcode: input.barcode,
      title: back.title,
      readerId: back.readerId,
      heldForReaderId: back.heldFor,
      overdueDays: back.overdueDays,
      fine: back.fine && {
        fineId: back.fine.fineId,
        amount: formatCents(back.fine.amountCents),
        blockEnd: back.fine.blockEnd,
      },
    };
  }

  /** A renewal, or its refusal (the outcome, its reason in `lang`): the reader's own renewal's rules. */
  async renew(
    actor: StaffActor,
    input: { reader: string; barcode: string },
    ip: string,
    lang: Lang,
  ): Promise<RenewOutcome> {
    const { tenantId } = actor;
    await this.requireLocal(tenantId);
    const outcome = await this.change(actor, ip, 'renew', input, async (record) => {
      await this.requireLibrary(actor, input.barcode);
      const o = await renewAtDesk(this.db, this.deps.circulation, tenantId, input, lang);
      await record(this.db, {
        result: o.renewed ? 'done' : 'refused',
        loanId: o.loanId,
        ...(o.renewed ? { dueDate: o.dueDate } : { refusal: o.refusal }),
      });
      return o;
    });
    return outcome;
  }

  async request(actor: StaffActor, input: DeskRequestRequest, ip: string): Promise<DeskPlacedRequest> {
    const { tenantId } = actor;
    await this.requireLocal(tenantId);
    const { reader: login, ...request } = input;
    const subject = { reader: login, recordId: input.recordId, pickupLibCode: input.pickupLibCode };
    return this.change(actor, ip, 'request', subject, async (record) => {
      const reader = await findReaderByLogin(this.db, tenantId, login);
      if (!reader) throw new DeskError('noSuchReader', `no reader ${login}`);
      // Frozen and lost cards cannot request (spec §6); an expired card is refused by the service.
      if (reader.status === 'frozen') throw new DeskError('cardFrozen', `the card of ${login} is frozen`);
      if (reader.status === 'lost') throw new DeskError('cardLost', `the card of ${login} is reported lost`);
      const placed = await this.deps.requests.place(tenantId, reader, request);
      await record(this.db, { readerId: reader.id, requestId: placed.requestId, status: placed.status });
      return placed;
    });
  }

  /** Lends the copy held for the ready request of a pickup code to its reader (that fulfils the request). */
  async fulfil(actor: StaffActor, input: { pickupCode: string }, ip: string): Promise<DeskFulfilled> {
    const { tenantId } = actor;
    await this.requireLocal(tenantId);
    const request = await findReadyRequestByCode(this.db, tenantId, input.pickupCode);
    const reader = request && (await findReaderById(this.db, tenantId, request.reader_id));
    const subject = { reader: reader?.account, barcode: request?.barcode ?? undefined };
    return this.change(actor, ip, 'fulfil', subject, async (record) => {
      if (!request?.barcode) throw new AppError('wrongPickupCode', DeskErrCode.wrongPickupCode);
      if (!reader) throw new DeskError('noSuchReader', `the request's reader is gone`);
      const barcode = request.barcode;
      await this.requireLibrary(actor, barcode);
      const loan = await inTransaction(this.db, async (trx) => {
        const made = await checkout(trx, tenantId, { reader: reader.account, barcode });
        await record(trx, { requestId: Number(request.id), loanId: made.loanId, dueDate: made.dueDate });
        return made;
      });
      return { ...loan, barcode, requestId: Number(request.id), reader: reader.account, readerName: reader.name };
    });
  }

  /**
   * Sends a home delivery: lends the copy held for it to its reader and marks it shipped with the
   * tracking number (a desk account limited to some libraries sends only their copies).
   */
  async ship(actor: StaffActor, input: DeskShipRequest, ip: string): Promise<DeskShipped> {
    const { tenantId } = actor;
    await this.requireLocal(tenantId);
    const request = await findDelivery(this.db, tenantId, input.requestId);
    const reader = request && (await findReaderById(this.db, tenantId, request.reader_id));
    const subject = {
      reader: reader?.account,
      barcode: request?.barcode ?? undefined,
      requestId: input.requestId,
      trackingNo: input.trackingNo,
    };
    const sent = await this.change(actor, ip, 'ship', subject, async (record) => {
      if (request?.barcode) await this.requireLibrary(actor, request.barcode);
      return inTransaction(this.db, async (trx) => {
        const made = await ship(trx, tenantId, input);
        await record(trx, { readerId: made.readerId, loanId: made.loanId, dueDate: made.dueDate });
        return made;
      });
    });
    return {
      ...sent,
      requestId: input.requestId,
      trackingNo: input.trackingNo,
      ...(await this.readerNames(tenantId, sent.readerId)),
    };
  }

  /** Home deliveries to pick and send, or on their way (a desk account limited to some libraries: their copies). */
  async deliveries(actor: StaffActor, query: DeskDeliveriesQuery): Promise<DeskDeliveryPage> {
    const { tenantId } = actor;
    await this.requireLocal(tenantId);
    const found = await findDeliveries(
      this.db,
      tenantId,
      query.status,
      actor.libCodes,
      (query.page - 1) * query.rows,
      query.rows,
    );
    return {
      totalCount: found.total,
      list: found.rows.map((r) => ({
        requestId: Number(r.id),
        recordId: r.record_id,
        title: r.title,
        callNo: r.call_no,
        barcode: r.barcode,
        reader: r.account,
        readerName: r.name,
        recipient: r.delivery_recipient,
        phone: r.delivery_phone,
        address: r.delivery_address,
        postcode: r.delivery_postcode,
        trackingNo: r.tracking_no,
        shippedAt: r.shipped_at,
        createdAt: r.created_at,
      })),
    };
  }

  /** Charges a reader (a lost or damaged copy, another cause): the record and its sum. */
  async fine(actor: StaffActor, input: DeskFineRequest, ip: string): Promise<{ fineId: number; amount: string }> {
    const { tenantId } = actor;
    await this.requireLocal(tenantId);
    const amountCents = centsOf(input.amount);
    const amount = formatCents(amountCents);
    const subject = { reader: input.reader, barcode: input.barcode, kind: input.kind, amount };
    return this.change(actor, ip, 'fine', subject, async (record) => {
      const fineId = await this.deps.fines.charge(tenantId, input.reader, {
        kind: input.kind,
        amountCents,
        barcode: input.barcode ?? null,
        title: input.title,
        note: input.note,
      });
      await record(this.db, { fineId });
      return { fineId, amount };
    });
  }

  /** Takes a reader's payment: the records named, else all they owe; settled as paid by the staff account. */
  async pay(actor: StaffActor, input: DeskPayRequest, ip: string): Promise<{ amount: string; fines: number }> {
    const { tenantId } = actor;
    await this.requireLocal(tenantId);
    const subject = { reader: input.reader, fineIds: input.fineIds ?? 'all owed' };
    return this.change(actor, ip, 'pay', subject, async (record) => {
      const paid = await this.deps.fines.payAtDesk(
        tenantId,
        input.reader,
        (actor.name || actor.username).slice(0, 100),
        input.fineIds ?? null,
      );
      await record(this.db, paid);
      return paid;
    });
  }

  /** A reader's standing at the desk: card, loans, what is owed, requests ready to pick up. */
  async standing(actor: StaffActor, login: string, lang: Lang): Promise<DeskReaderStanding> {
    const { tenantId } = actor;
    await this.requireLocal(tenantId);
    const reader = await findReaderByLogin(this.db, tenantId, login);
    if (!reader) throw deskFailure('noSuchReader');
    const summary = await this.deps.circulation.summary(tenantId, {
      id: reader.id,
      cardNo: reader.cardNo,
      account: reader.account,
    });
    const money = await this.deps.fines.totalMoney(tenantId, reader.id);
    const requests = await this.deps.requests.list(tenantId, reader.id, 1, 100, lang, { forStaff: true });
    return {
      readerId: reader.id,
      account: reader.account,
      cardNo: reader.cardNo,
      name: reader.name,
      status: reader.status,
      readerType: reader.readerType,
      validUntil: reader.validUntil,
      loans: summary.loans,
      overdue: summary.overdue,
      owed: money.owed,
      processing: money.processing,
      fineLimit: money.limit,
      blocked: money.blocked,
      suspendedUntil: money.suspendedUntil,
      readyRequests: requests.list
        .filter((r) => r.status === 'ready')
        .map((r) => ({
          requestId: r.requestId,
          recordId: r.recordId,
          title: r.title,
          barcode: r.barcode,
          pickupLibCode: r.pickupLibCode,
          pickupCode: r.pickupCode,
          readyUntil: r.readyUntil,
        })),
    };
  }
}
