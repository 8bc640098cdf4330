import type { Kysely } from 'kysely';
import type { RenewOutcome } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { findReaderByLogin } from '../readers/reader-repository.js';
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
import { LOANABLE_CIRC_ATTR, addDays, policyFor } from './renewal-rules.js';

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
  | 'heldForAnother';

export class DeskError extends Error {
  constructor(
    readonly refusal: DeskRefusal,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Lends a copy (by barcode) to a reader (by account or card number) under the institution's loan
 * policy: the loan is due `loanDays` from today. Atomic: the copy is locked while it is checked and
 * lent, and one open loan per copy is a unique index, so two desks lending one copy make one loan.
 */
export async function checkout(
  db: Kysely<Database>,
  tenantId: number,
  input: { reader: string; barcode: string },
): Promise<{ loanId: number; title: string; dueDate: string; readerId: number }> {
  return inTransaction(db, async (trx) => {
    const reader = await findReaderByLogin(trx, tenantId, input.reader);
    if (!reader) throw new DeskError('noSuchReader', `no reader ${input.reader}`);
    if (reader.status === 'frozen') throw new DeskError('cardFrozen', `the card of ${input.reader} is frozen`);
    if (reader.status === 'lost') throw new DeskError('cardLost', `the card of ${input.reader} is reported lost`);
    const day = await today(trx);
    if (reader.validUntil !== null && reader.validUntil < day)
      throw new DeskError('cardExpired', `the card of ${input.reader} expired on ${reader.validUntil}`);
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
    const loans = await countCurrentLoans(trx, tenantId, reader.id);
    if (loans >= policy.maxLoans)
      throw new DeskError('tooManyLoans', `${input.reader} has ${loans} loans, the most allowed (${policy.maxLoans})`);
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
): Promise<{ loanId: number; title: string; readerId: number | null; heldFor: number | null }> {
  return inTransaction(db, async (trx) => {
    const copy = await lockCopy(trx, tenantId, input.barcode);
    if (!copy) throw new DeskError('noSuchCopy', `no copy ${input.barcode}`);
    const loan = await findOpenLoanOfCopy(trx, tenantId, copy.barcode);
    if (!loan) throw new DeskError('notOnLoan', `copy ${input.barcode} is not on loan`);
    await closeLoan(trx, tenantId, loan.id, copy.barcode);
    // The next reader waiting for the record gets it held (their request is ready).
    const next = await passToQueue(trx, tenantId, copy.record_id, copy.barcode);
    return { loanId: Number(loan.id), title: copy.title, readerId: loan.reader_id, heldFor: next?.readerId ?? null };
  });
}

/**
 * Renews a reader's loan of a copy at the desk, through the reader's own renewal (same rules, same
 * guarded update); the outcome, its reason in Simplified Chinese as the desk reads it.
 */
export async function renewAtDesk(
  db: Kysely<Database>,
  circulation: CirculationService,
  tenantId: number,
  input: { reader: string; barcode: string },
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
    'zh-CN',
  );
  return outcomes[0]!;
}
