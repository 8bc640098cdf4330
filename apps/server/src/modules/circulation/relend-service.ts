import type { Kysely } from 'kysely';
import {
  RELEND_ASK_DAYS,
  RelendErrCode,
  RequestErrCode,
  formatCents,
  type AskedBook,
  type HolderAsk,
  type ReceivedBook,
  type RelendTimes,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import { addInboxMessage, findReaderById, type Reader } from '../readers/reader-repository.js';
import { countCurrentLoans, findLoanPolicies, today } from './circulation-repository.js';
import { DeskError, checkin, checkout } from './desk-service.js';
import { readerDebt } from './fine-repository.js';
import { findLiveCode, issueReaderCode, useReaderCode } from './reader-code-repository.js';
import {
  addDecline,
  agreeAsk,
  countWaitingReservations,
  endAsk,
  expireRelendAsks,
  findAsksOfHolder,
  findLoanOfCopy,
  findOpenAsk,
  findPassableLoans,
  hasDeclined,
  hasOpenRequestFor,
  insertAsk,
  relendLimit,
  reopenAsk,
  setRelendCount,
  type AskRow,
} from './relend-repository.js';
import { LOANABLE_CIRC_ATTR, addDays, owesTooMuch, policyFor } from './renewal-rules.js';
import { countOpenRequests, hasRecordOnLoan, lockRecordCopies } from './request-repository.js';

type Trx = Kysely<Database>;

const noSuchAsk = () => new AppError('relendNoSuchAsk', RelendErrCode.noSuchAsk);

/**
 * Why `reader` may not take a copy of a record over now (card, fines, suspension, loans, the record
 * on loan already), or null: the checkout's own rules, answered in the reader's language.
 */
async function takeOverRefusal(trx: Trx, tenantId: number, reader: Reader, recordId: number): Promise<AppError | null> {
  const day = await today(trx);
  if (reader.status === 'frozen') return new AppError('frozenCannotRequest', RequestErrCode.readerCannotRequest);
  if (reader.status === 'lost') return new AppError('lostCannotRequest', RequestErrCode.readerCannotRequest);
  if (reader.validUntil !== null && reader.validUntil < day)
    return new AppError('requestCardExpired', RequestErrCode.readerCannotRequest);
  const [debt, policies] = await Promise.all([readerDebt(trx, tenantId, reader.id), findLoanPolicies(trx, tenantId)]);
  const policy = policyFor(policies, reader.readerType, LOANABLE_CIRC_ATTR);
  if (debt.suspendedUntil !== null)
    return new AppError('requestSuspended', RequestErrCode.suspended, { date: debt.suspendedUntil });
  if (owesTooMuch(debt.owedCents, policy))
    return new AppError('requestFineLimit', RequestErrCode.owesTooMuch, { limit: formatCents(policy.fineLimitCents) });
  if (await hasRecordOnLoan(trx, tenantId, reader.id, recordId))
    return new AppError('requestOnLoan', RequestErrCode.alreadyOnLoan);
  if ((await countCurrentLoans(trx, tenantId, reader.id)) >= policy.maxLoans)
    return new AppError('relendTooManyLoans', RelendErrCode.tooManyLoans, { max: policy.maxLoans });
  return null;
}

/**
 * Why `reader` may not ask for the record to be re-lent now, or null. Runs with the record's copies
 * locked (the caller's transaction): a copy on the shelf, the reservation queue, the readers who
 * could pass one on are read as they stand.
 */
async function askRefusal(trx: Trx, tenantId: number, reader: Reader, recordId: number): Promise<AppError | null> {
  const taking = await takeOverRefusal(trx, tenantId, reader, recordId);
  if (taking) return taking;
  const limit = await relendLimit(trx, tenantId);
  if (limit === 0) return new AppError('relendOff', RelendErrCode.relendOff);
  const copies = await lockRecordCopies(trx, tenantId, recordId);
  if (!copies.length) return new AppError('requestNotRequestable', RequestErrCode.notRequestable);
  if (copies.some((c) => !c.lent && !c.held)) return new AppError('relendOnShelf', RelendErrCode.onShelf);
  if (await hasOpenRequestFor(trx, tenantId, reader.id, recordId))
    return new AppError('requestAlready', RequestErrCode.alreadyRequested);
  const policy = policyFor(await findLoanPolicies(trx, tenantId), reader.readerType, LOANABLE_CIRC_ATTR);
  if ((await countOpenRequests(trx, tenantId, reader.id)) >= policy.maxRequests)
    return new AppError('requestTooMany', RequestErrCode.tooManyRequests, { max: policy.maxRequests });
  if ((await countWaitingReservations(trx, tenantId, recordId)) > 0)
    return new AppError('relendReservationsWaiting', RelendErrCode.reservationsWaiting);
  if (!(await findPassableLoans(trx, tenantId, recordId, { askerId: reader.id, limit })).length)
    return new AppError('relendNoHolder', RelendErrCode.noHolder);
  return null;
}

/** A DeskError of the transfer's checkout or check-in, as the asker reads it (the rules were checked before). */
function fromDesk(e: unknown): unknown {
  if (!(e instanceof DeskError)) return e;
  switch (e.refusal) {
    case 'tooManyLoans':
      return new AppError('relendTooManyLoans', RelendErrCode.tooManyLoans, {
        max: /\((\d+)\)/.exec(e.message)?.[1] ?? '',
      });
    case 'cardExpired':
      return new AppError('requestCardExpired', RequestErrCode.readerCannotRequest);
    case 'cardFrozen':
      return new AppError('frozenCannotRequest', RequestErrCode.readerCannotRequest);
    case 'cardLost':
      return new AppError('lostCannotRequest', RequestErrCode.readerCannotRequest);
    default:
      return new AppError('relendCannotPass', RelendErrCode.cannotPass);
  }
}

/**
 * Re-lend (转借): a reader asks for a record all of whose copies are lent; the readers who have a
 * copy (and take part in transfer lending) are asked, and neither learns who the other is. One agrees
 * and gets a handover code to give the asker when they meet; with it the holder's loan is returned
 * today (the desk's check-in: points, and a fine were it late) and the asker's begins under their own
 * policy (the desk's checkout), in one transaction. A decline takes the ask from that reader only: it
 * ends (declined) once nobody is left who could pass a copy on. Each step runs with the record's
 * copies locked, and moves the ask by a guarded update: two holders agreeing at once make one
 * agreement, a code entered twice at once one transfer.
 */
export class RelendService {
  constructor(private readonly db: Kysely<Database>) {}

  /** Why the reader may not ask now, or null (nothing is written but the lapse of old asks). */
  async check(tenantId: number, reader: Reader, recordId: number): Promise<AppError | null> {
    return inTransaction(this.db, async (trx) => {
      await expireRelendAsks(trx, tenantId);
      return askRefusal(trx, tenantId, reader, recordId);
    });
  }

  async ask(tenantId: number, reader: Reader, recordId: number, note: string): Promise<AskedBook> {
    return inTransaction(this.db, async (trx) => {
      await expireRelendAsks(trx, tenantId);
      const refusal = await askRefusal(trx, tenantId, reader, recordId);
      if (refusal) throw refusal;
      const askUntil = addDays(await today(trx), RELEND_ASK_DAYS - 1);
      const id = await insertAsk(trx, { tenantId, readerId: reader.id, recordId, askUntil, note });
      if (id === null) throw new AppError('requestAlready', RequestErrCode.alreadyRequested);
      const limit = await relendLimit(trx, tenantId);
      const holders = await findPassableLoans(trx, tenantId, recordId, { askerId: reader.id, limit });
      const { title } = await trx
        .selectFrom('bib_record')
        .select('title')
        .where('tenant_id', '=', tenantId)
        .where('record_id', '=', recordId)
        .executeTakeFirstOrThrow();
      for (const readerId of new Set(holders.map((h) => h.reader_id)))
        await addInboxMessage(trx, {
          tenantId,
          readerId,
          channel: 'inbox',
          target: '',
          subject: `转借请求 Re-lend ask: ${title}`,
          body: `另一位读者希望借阅您借出的《${title}》。您可以在“我的图书馆 → 预约委托”中同意转借或婉拒（对方不会知道您是谁）。\nAnother reader asks for “${title}”, which you have on loan. Agree to pass it on, or decline, in My Library → Requests (neither of you learns who the other is).`,
        });
      return { requestId: id, askUntil };
    });
  }

  /** The open asks made of the reader (who asked is never said). */
  async asksOfHolder(tenantId: number, readerId: number): Promise<HolderAsk[]> {
    const limit = await relendLimit(this.db, tenantId);
    const rows = await findAsksOfHolder(this.db, tenantId, readerId, limit);
    return rows.map((r) => ({
      requestId: Number(r.id),
      recordId: r.record_id,
      title: r.title,
      author: r.author,
      status: r.status,
      askedOn: r.asked_on,
      askUntil: r.ask_until,
      note: r.note,
      dueDate: r.due_date,
    }));
  }

  /** The ask, read again under its record's lock; undefined when it has ended. */
  private async lockAsk(trx: Trx, tenantId: number, requestId: number | string): Promise<AskRow | undefined> {
    const first = await findOpenAsk(trx, tenantId, requestId);
    if (!first) return undefined;
    await lockRecordCopies(trx, tenantId, first.record_id);
    return findOpenAsk(trx, tenantId, requestId);
  }

  /**
   * The holder agrees: the ask is theirs to fulfil with their copy, and a handover code (5 minutes,
   * once) to give the asker. Asked again by the same holder, a new code.
   */
  async agree(tenantId: number, holderId: number, requestId: number): Promise<{ code: string; expiresAt: Date }> {
    return inTransaction(this.db, async (trx) => {
      await expireRelendAsks(trx, tenantId);
      const ask = await this.lockAsk(trx, tenantId, requestId);
      if (!ask || ask.reader_id === holderId) throw noSuchAsk();
      if (ask.status === 'ready') {
        if (ask.holder_reader_id !== holderId) throw new AppError('relendAlreadyAgreed', RelendErrCode.alreadyAgreed);
        return issueReaderCode(trx, tenantId, holderId, 'relend', requestId);
      }
      const limit = await relendLimit(trx, tenantId);
      const [loan] = await findPassableLoans(trx, tenantId, ask.record_id, {
        askerId: ask.reader_id,
        limit,
        requestId: ask.id,
        holderId,
      });
      if (!loan) {
        // Theirs to answer no more: overdue, passed on too often, turned down, or not on loan to them.
        const has =
          (await hasRecordOnLoan(trx, tenantId, holderId, ask.record_id)) &&
          !(await hasDeclined(trx, tenantId, ask.id, holderId));
        throw has ? new AppError('relendCannotPass', RelendErrCode.cannotPass) : noSuchAsk();
      }
      if ((await countWaitingReservations(trx, tenantId, ask.record_id)) > 0)
        throw new AppError('relendReservationsWaiting', RelendErrCode.reservationsWaiting);
      if (!(await agreeAsk(trx, tenantId, ask.id, holderId, loan.barcode)))
        throw new AppError('relendAlreadyAgreed', RelendErrCode.alreadyAgreed);
      await addInboxMessage(trx, {
        tenantId,
        readerId: ask.reader_id,
        channel: 'inbox',
        target: '',
        subject: `有读者同意转借 A reader agreed to pass it on: ${ask.title}`,
        body: `一位读者同意把《${ask.title}》转借给您。见面时对方会给您一个 6 位转借码，请在“我的图书馆 → 预约委托”中输入。\nA reader agreed to pass “${ask.title}” on to you. When you meet, they give you a 6-digit code: enter it in My Library → Requests.`,
      });
      return issueReaderCode(trx, tenantId, holderId, 'relend', requestId);
    });
  }

  /**
   * The holder turns the ask down (or withdraws an agreement): not offered to them again. The ask
   * stays open for the other readers who could pass a copy on; with none left it ends, declined, and
   * the asker is told.
   */
  async decline(tenantId: number, holderId: number, requestId: number): Promise<{ askEnded: boolean }> {
    return inTransaction(this.db, async (trx) => {
      await expireRelendAsks(trx, tenantId);
      const ask = await this.lockAsk(trx, tenantId, requestId);
      if (!ask || ask.reader_id === holderId) throw noSuchAsk();
      if (ask.status === 'ready' && ask.holder_reader_id !== holderId) throw noSuchAsk();
      if (!(await hasRecordOnLoan(trx, tenantId, holderId, ask.record_id))) throw noSuchAsk();
      await addDecline(trx, tenantId, ask.id, holderId);
      if (ask.status === 'ready') await reopenAsk(trx, tenantId, ask.id);
      const limit = await relendLimit(trx, tenantId);
      const others = await findPassableLoans(trx, tenantId, ask.record_id, {
        askerId: ask.reader_id,
        limit,
        requestId: ask.id,
      });
      if (others.length) return { askEnded: false };
      await endAsk(trx, tenantId, ask.id, 'waiting', 'declined');
      await addInboxMessage(trx, {
        tenantId,
        readerId: ask.reader_id,
        channel: 'inbox',
        target: '',
        subject: `转借请求未能成功 Re-lend ask declined: ${ask.title}`,
        body: `目前没有读者能把《${ask.title}》转借给您，转借请求已结束。您可以预约这本书，归还后为您保留。\nNo reader can pass “${ask.title}” on to you now, so your ask has ended. You may reserve the book: a returned copy will be held for you.`,
      });
      return { askEnded: true };
    });
  }

  /**
   * For the holder before they meet: whether the asker could take the book over now. Only yes or no:
   * what stops them (fines, a suspension…) is theirs to know.
   */
  async askerCheck(tenantId: number, holderId: number, requestId: number): Promise<boolean> {
    return inTransaction(this.db, async (trx) => {
      const ask = await findOpenAsk(trx, tenantId, requestId);
      if (!ask || ask.reader_id === holderId) throw noSuchAsk();
      if (
        ask.status === 'ready'
          ? ask.holder_reader_id !== holderId
          : !(await this.isAskedOf(trx, tenantId, ask, holderId))
      )
        throw noSuchAsk();
      const asker = await findReaderById(trx, tenantId, ask.reader_id);
      if (!asker) return false;
      const refusal = await takeOverRefusal(trx, tenantId, asker, ask.record_id);
      return refusal === null && (await countWaitingReservations(trx, tenantId, ask.record_id)) === 0;
    });
  }

  private async isAskedOf(trx: Trx, tenantId: number, ask: AskRow, holderId: number): Promise<boolean> {
    const limit = await relendLimit(trx, tenantId);
    const mine = await findPassableLoans(trx, tenantId, ask.record_id, {
      askerId: ask.reader_id,
      limit,
      requestId: ask.id,
      holderId,
    });
    return mine.length > 0;
  }

  /**
   * The asker enters the code the holder gave: the holder's loan is returned today, the asker's loan
   * of the copy begins under their own policy, the ask is fulfilled. One transaction: refused, nothing
   * changes (the code stays valid).
   */
  async receive(tenantId: number, reader: Reader, code: string): Promise<ReceivedBook> {
    return inTransaction(this.db, async (trx) => {
      await expireRelendAsks(trx, tenantId);
      const live = await findLiveCode(trx, tenantId, code.trim(), 'relend');
      if (!live?.request_id) throw new AppError('relendWrongCode', RelendErrCode.wrongCode);
      const ask = await this.lockAsk(trx, tenantId, live.request_id);
      if (
        !ask ||
        ask.status !== 'ready' ||
        ask.reader_id !== reader.id ||
        ask.holder_reader_id !== live.reader_id ||
        !ask.barcode
      )
        throw new AppError('relendWrongCode', RelendErrCode.wrongCode);
      const refusal = await takeOverRefusal(trx, tenantId, reader, ask.record_id);
      if (refusal) throw refusal;
      if ((await countWaitingReservations(trx, tenantId, ask.record_id)) > 0)
        throw new AppError('relendReservationsWaiting', RelendErrCode.reservationsWaiting);
      const given = await findLoanOfCopy(trx, tenantId, live.reader_id, ask.barcode);
      if (!given || given.due_date < (await today(trx)))
        throw new AppError('relendCannotPass', RelendErrCode.cannotPass);
      await useReaderCode(trx, tenantId, code.trim());
      if (!(await endAsk(trx, tenantId, ask.id, 'ready', 'fulfilled')))
        throw new AppError('relendWrongCode', RelendErrCode.wrongCode);
      let lent: { loanId: number; title: string; dueDate: string };
      try {
        await checkin(trx, tenantId, { barcode: ask.barcode });
        lent = await checkout(trx, tenantId, { reader: reader.account || reader.cardNo, barcode: ask.barcode });
      } catch (e) {
        throw fromDesk(e);
      }
      await setRelendCount(trx, tenantId, lent.loanId, given.relend_count + 1);
      await addInboxMessage(trx, {
        tenantId,
        readerId: live.reader_id,
        channel: 'inbox',
        target: '',
        subject: `转借完成 Passed on: ${ask.title}`,
        body: `您借阅的《${ask.title}》已转借给另一位读者，您的这次借阅已于今天归还。谢谢！\nYou passed “${ask.title}” on to another reader: your loan of it is returned today. Thank you!`,
      });
      return { loanId: lent.loanId, recordId: ask.record_id, title: lent.title, dueDate: lent.dueDate };
    });
  }

  /** The institution's limit, and for a record the most times one of its lent copies may still be re-lent. */
  async times(tenantId: number, readerId: number, recordId: number | undefined): Promise<RelendTimes> {
    const limit = await relendLimit(this.db, tenantId);
    if (recordId === undefined) return { limit, timesLeft: null, askDays: RELEND_ASK_DAYS };
    const loans = await findPassableLoans(this.db, tenantId, recordId, { askerId: readerId, limit });
    const timesLeft = loans.reduce((most, l) => Math.max(most, limit - l.relend_count), 0);
    return { limit, timesLeft, askDays: RELEND_ASK_DAYS };
  }
}
