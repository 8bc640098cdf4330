import type { Kysely } from 'kysely';
import { RequestErrCode, formatCents, type Lang, type RenewOutcome } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { awardPoints } from '../points/points-service.js';
import { AppError } from '../../http/errors.js';
import { addInboxMessage, findReaderById, findReaderByLogin, type Reader } from '../readers/reader-repository.js';
import { findLiveCode, useReaderCode } from './reader-code-repository.js';
import {
  closeLoan,
  countCurrentLoans,
  findLoanPolicies,
  findOpenLoanOfCopy,
  insertLoan,
  lockCopy,
  today,
} from './circulation-repository.js';
import type { CirculationService } from './circulation-service.js';
import { passToQueue, takeHold } from './request-service.js';
import { relendCopyReturned } from './relend-returns.js';
import { findDelivery, lockRecordCopies, markShipped } from './request-repository.js';
import { insertOverdueFine, readerDebt } from './fine-repository.js';
import { LOANABLE_CIRC_ATTR, addDays, daysBetween, overdueCharge, owesTooMuch, policyFor } from './renewal-rules.js';

/** Why the desk cannot lend or take back a copy. */
export type DeskRefusal =
  | 'noSuchReader'
  | 'noSuchCopy'
  | 'notLoanable'
  | 'onLoan'
  | 'notOnLoan'
  | 'tooManyLoans'
  | 'cardFrozen'
  | 'cardLost'
  | 'cardExpired'
  | 'heldForAnother'
  | 'suspended'
  | 'owesTooMuch'
  | 'wrongTakeCode';

export class DeskError extends Error {
  constructor(
    readonly refusal: DeskRefusal,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The reader a loan is for: by account or card number, or by the take code the reader shows (valid
 * 5 minutes, used once: it is spent here, inside the loan's transaction, so a refused loan keeps it).
 */
async function deskReader(
  trx: Kysely<Database>,
  tenantId: number,
  input: { reader: string } | { takeCode: string },
): Promise<Reader> {
  if ('takeCode' in input) {
    const code = await findLiveCode(trx, tenantId, input.takeCode.trim(), 'take');
    const reader = code && (await findReaderById(trx, tenantId, code.reader_id));
    if (!reader) throw new DeskError('wrongTakeCode', '请输入正确的取书码！');
    await useReaderCode(trx, tenantId, input.takeCode.trim());
    return reader;
  }
  const reader = await findReaderByLogin(trx, tenantId, input.reader);
  if (!reader) throw new DeskError('noSuchReader', `no reader ${input.reader}`);
  return reader;
}

/**
 * Lends a copy (by barcode) to a reader (by account or card number) under the institution's loan
 * policy: the loan is due `loanDays` from today. Atomic: the copy is locked while it is checked and
 * lent, and one open loan per copy is a unique index, so two desks lending one copy make one loan.
 */
export async function checkout(
  db: Kysely<Database>,
  tenantId: number,
  input: { reader: string; barcode: string } | { takeCode: string; barcode: string },
): Promise<{ loanId: number; title: string; dueDate: string; readerId: number }> {
  return inTransaction(db, async (trx) => {
    const reader = await deskReader(trx, tenantId, input);
    const who = reader.cardNo || reader.account;
    if (reader.status === 'frozen') throw new DeskError('cardFrozen', `the card of ${who} is frozen`);
    if (reader.status === 'lost') throw new DeskError('cardLost', `the card of ${who} is reported lost`);
    const day = await today(trx);
    if (reader.validUntil !== null && reader.validUntil < day)
      throw new DeskError('cardExpired', `the card of ${who} expired on ${reader.validUntil}`);
    const copy = await lockCopy(trx, tenantId, input.barcode);
    if (!copy) throw new DeskError('noSuchCopy', `no copy ${input.barcode}`);
    if (copy.circ_attr !== LOANABLE_CIRC_ATTR)
      throw new DeskError('notLoanable', `copy ${input.barcode} is not for loan`);
    if (await findOpenLoanOfCopy(trx, tenantId, copy.barcode))
      throw new DeskError('onLoan', `copy ${input.barcode} is on loan`);
    // A copy held for a request goes to that reader only; lending it to them fulfils the request.
    if ((await takeHold(trx, tenantId, copy.barcode, reader.id)) === 'heldForAnother')
      throw new DeskError('heldForAnother', `copy ${input.barcode} is held for another reader's request`);
    const policy = policyFor(await findLoanPolicies(trx, tenantId), reader.readerType, copy.circ_attr);
    const debt = await readerDebt(trx, tenantId, reader.id);
    if (debt.suspendedUntil !== null)
      throw new DeskError('suspended', `${who} may not borrow until ${debt.suspendedUntil}`);
    if (owesTooMuch(debt.owedCents, policy))
      throw new DeskError(
        'owesTooMuch',
        `${who} owes ${formatCents(debt.owedCents)}, the limit is ${formatCents(policy.fineLimitCents)}`,
      );
    const loans = await countCurrentLoans(trx, tenantId, reader.id);
    if (loans >= policy.maxLoans)
      throw new DeskError('tooManyLoans', `${who} has ${loans} loans, the most allowed (${policy.maxLoans})`);
    const dueDate = addDays(day, policy.loanDays);
    const loanId = await insertLoan(trx, tenantId, copy, reader.id, dueDate);
    return { loanId, title: copy.title, dueDate, readerId: reader.id };
  });
}

/**
 * Takes a copy back (by barcode): its loan is closed today; the copy is held for the first reader
 * waiting for the record (`heldFor`), else back on the shelf.
 */
export async function checkin(
  db: Kysely<Database>,
  tenantId: number,
  input: { barcode: string },
): Promise<{
  loanId: number;
  title: string;
  readerId: number | null;
  heldFor: number | null;
  overdueDays: number;
  fine: { fineId: number; amountCents: number; blockEnd: string | null } | null;
}> {
  return inTransaction(db, async (trx) => {
    const copy = await lockCopy(trx, tenantId, input.barcode);
    if (!copy) throw new DeskError('noSuchCopy', `no copy ${input.barcode}`);
    const loan = await findOpenLoanOfCopy(trx, tenantId, copy.barcode);
    if (!loan) throw new DeskError('notOnLoan', `copy ${input.barcode} is not on loan`);
    const closed = await closeLoan(trx, tenantId, loan.id, copy.barcode);
    // A re-lend its reader had agreed to with this copy falls back to waiting (the copy is back, not passed on).
    await relendCopyReturned(trx, tenantId, copy.barcode);
    const overdueDays = closed ? Math.max(0, daysBetween(closed.dueDate, closed.returnDate)) : 0;
    // A late return costs what the reader's policy says: a fine, days without borrowing, or both.
    let fine = null;
    if (overdueDays > 0 && loan.reader_id !== null && closed) {
      const reader = await findReaderById(trx, tenantId, loan.reader_id);
      const policy = policyFor(await findLoanPolicies(trx, tenantId), reader?.readerType ?? '', copy.circ_attr);
      const charge = overdueCharge(overdueDays, policy, closed.returnDate);
      if (charge.amountCents > 0 || charge.blockEnd) {
        const fineId = await insertOverdueFine(trx, {
          tenantId,
          readerId: loan.reader_id,
          loanId: loan.id,
          barcode: copy.barcode,
          title: copy.title,
          overdueDays,
          ...charge,
        });
        if (fineId !== null) fine = { fineId, amountCents: charge.amountCents, blockEnd: charge.blockEnd };
      }
    }
    // Points for the return (on time, or a deduction when late), once per loan.
    if (loan.reader_id !== null)
      await awardPoints(trx, {
        tenantId,
        readerId: loan.reader_id,
        rule: overdueDays > 0 ? 'returnOverdue' : 'returnOnTime',
        ref: loan.id,
        platform: 'desk',
        note: copy.title,
      });
    // The next reader waiting for the record gets it held (their request is ready).
    const next = await passToQueue(trx, tenantId, copy.record_id, copy.barcode);
    return {
      loanId: Number(loan.id),
      title: copy.title,
      readerId: loan.reader_id,
      heldFor: next?.readerId ?? null,
      overdueDays,
      fine,
    };
  });
}

/**
 * Sends a home delivery: the copy held for it is lent to its reader (the desk's checkout, under the
 * same rules: card, fines, most loans; due after the policy's days) and the request is shipped, with
 * the courier's tracking number; the reader has an inbox message. Atomic, and once: the record's
 * copies are locked and only a ready delivery is marked sent, so two desks sending it make one loan;
 * a refused loan leaves the request ready.
 */
export async function ship(
  db: Kysely<Database>,
  tenantId: number,
  input: { requestId: number; trackingNo: string },
): Promise<{
  loanId: number;
  title: string;
  dueDate: string;
  readerId: number;
  barcode: string;
  shippedAt: string;
}> {
  return inTransaction(db, async (trx) => {
    const found = await findDelivery(trx, tenantId, input.requestId);
    if (!found) throw new AppError('deliveryNotShippable', RequestErrCode.notShippable);
    // The record's copies first (as requests and returns lock them), then the request's guarded change.
    await lockRecordCopies(trx, tenantId, found.record_id);
    const request = await findDelivery(trx, tenantId, input.requestId);
    const reader = request && (await findReaderById(trx, tenantId, request.reader_id));
    if (!request?.barcode || request.status !== 'ready' || !reader)
      throw new AppError('deliveryNotShippable', RequestErrCode.notShippable);
    const sent = await markShipped(trx, tenantId, input.requestId, input.trackingNo);
    if (!sent) throw new AppError('deliveryNotShippable', RequestErrCode.notShippable);
    // No longer held (it is shipped): the checkout lends the copy as any other, to this reader.
    const loan = await checkout(trx, tenantId, { reader: reader.account, barcode: request.barcode });
    await addInboxMessage(trx, {
      tenantId,
      readerId: reader.id,
      channel: 'inbox',
      target: '',
      subject: `图书已寄出 Your book is on its way: ${loan.title}`,
      body:
        `您申请送书上门的《${loan.title}》已寄出，快递单号 ${input.trackingNo}，应还日期 ${loan.dueDate}。收到后请在“我的图书馆 → 我的请求”中确认收货。\n` +
        `“${loan.title}”, which you asked to have delivered, has been sent: tracking number ${input.trackingNo}, due ${loan.dueDate}. ` +
        'Once it arrives, confirm receipt in My Library → Requests.',
    });
    return { ...loan, barcode: request.barcode, shippedAt: sent.shipped_at };
  });
}

/**
 * Renews a reader's loan of a copy at the desk, through the reader's own renewal (same rules, same
 * guarded update); the outcome, its reason in `lang` (Simplified Chinese unless the desk says).
 */
export async function renewAtDesk(
  db: Kysely<Database>,
  circulation: CirculationService,
  tenantId: number,
  input: { reader: string; barcode: string },
  lang: Lang = 'zh-CN',
): Promise<RenewOutcome> {
  const reader = await findReaderByLogin(db, tenantId, input.reader);
  if (!reader) throw new DeskError('noSuchReader', `no reader ${input.reader}`);
  const loan = await findOpenLoanOfCopy(db, tenantId, input.barcode);
  if (!loan || loan.reader_id !== reader.id)
    throw new DeskError('notOnLoan', `copy ${input.barcode} is not on loan to ${input.reader}`);
  const { outcomes } = await circulation.renew(
    tenantId,
    { id: reader.id, cardNo: reader.cardNo, account: reader.account },
    [Number(loan.id)],
    lang,
  );
  return outcomes[0]!;
}
