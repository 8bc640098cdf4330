import type { Kysely } from 'kysely';
import { formatCents, type Lang, type LoanListRequest, type ReaderLoan } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { localName } from '../../lib/localized.js';
import { findReaderById } from '../readers/reader-repository.js';
import {
  countCurrentLoans,
  findCurrentLoanStates,
  findCurrentLoansByIds,
  findLoanPolicies,
  findReaderLoans,
  renewLoan,
  today,
  type LoanRow,
  type LoanStateRow,
} from './circulation-repository.js';
import type { AccountState, CirculationProvider, CirculationReader, RenewResult } from './provider.js';
import { readerDebt } from './fine-repository.js';
import { countWaitingByRecord } from './request-repository.js';
import { daysBetween, decideRenewal, policyFor, type RenewalDecision } from './renewal-rules.js';

type Standing = {
  status: 'normal' | 'lost' | 'frozen';
  readerType: string;
  validUntil: string | null;
  owedCents: number;
  suspendedUntil: string | null;
};

/**
 * OpenFind's own circulation, in its database: the loans of `loan_event` under the institution's
 * `loan_policy` rows (renewal-rules.ts), for libraries without a connection to their system and for
 * the demo.
 */
export class LocalCirculation implements CirculationProvider {
  readonly kind = 'local';
  /** OpenFind's own requests (request-service.ts) are the institution's. */
  readonly holds = null;
  readonly capabilities = { loanHistory: true, renew: true };

  constructor(private readonly db: Kysely<Database>) {}

  async loans(tenantId: number, reader: CirculationReader, q: LoanListRequest, current: boolean, lang: Lang) {
    const [page, currentCount, standing, policies, day] = await Promise.all([
      findReaderLoans(this.db, tenantId, reader.id, {
        current,
        searchType: q.searchType,
        searchContent: q.searchContent,
        sortType: q.sortType,
        startDate: q.startDate,
        endDate: q.endDate,
        offset: (q.page - 1) * q.rows,
        rows: q.rows,
      }),
      countCurrentLoans(this.db, tenantId, reader.id),
      this.standing(tenantId, reader.id),
      findLoanPolicies(this.db, tenantId),
      today(this.db),
    ]);
    const waiting = current
      ? await countWaitingByRecord(
          this.db,
          tenantId,
          reader.id,
          page.rows.map((r) => r.record_id),
        )
      : new Map<number, number>();
    const loans = page.rows.map((row) => {
      const policy = policyFor(policies, standing.readerType, row.circ_attr);
      const decision = current ? decideRenewal(this.facts(row, standing, day, waiting), policy) : null;
      return toReaderLoan(row, lang, day, policy.maxRenewals, decision);
    });
    return { total: page.total, loans, currentCount };
  }

  async accountState(tenantId: number, reader: CirculationReader): Promise<AccountState> {
    const [rows, standing, policies, day] = await Promise.all([
      findCurrentLoanStates(this.db, tenantId, reader.id),
      this.standing(tenantId, reader.id),
      findLoanPolicies(this.db, tenantId),
      today(this.db),
    ]);
    const waiting = await countWaitingByRecord(
      this.db,
      tenantId,
      reader.id,
      rows.map((r) => r.record_id),
    );
    const loans = rows.map((row) => ({
      dueDate: row.due_date,
      renewable: decideRenewal(
        this.facts(row, standing, day, waiting),
        policyFor(policies, standing.readerType, row.circ_attr),
      ).renewable,
    }));
    // The debt the renewal rules just read is the balance.
    return { loans, fineBalance: formatCents(standing.owedCents) };
  }

  async renew(tenantId: number, reader: CirculationReader, loanIds: readonly number[]): Promise<RenewResult[]> {
    const [rows, standing, policies, day] = await Promise.all([
      findCurrentLoansByIds(this.db, tenantId, reader.id, loanIds),
      this.standing(tenantId, reader.id),
      findLoanPolicies(this.db, tenantId),
      today(this.db),
    ]);
    const byId = new Map(rows.map((r) => [Number(r.loan_id), r]));
    const waiting = await countWaitingByRecord(
      this.db,
      tenantId,
      reader.id,
      rows.map((r) => r.record_id),
    );
    const results: RenewResult[] = [];
    // One loan after another: each is its own guarded update, so a loan renewed by a concurrent
    // call is not renewed twice (its renew_count no longer matches) and says so.
    for (const loanId of loanIds) {
      const row = byId.get(loanId);
      if (!row) {
        results.push({ loanId, title: '', renewed: false, refusal: 'noSuchLoan', renewableFrom: null });
        continue;
      }
      const decision = decideRenewal(
        this.facts(row, standing, day, waiting),
        policyFor(policies, standing.readerType, row.circ_attr),
      );
      if (!decision.renewable) {
        results.push({
          loanId,
          title: row.title,
          renewed: false,
          refusal: decision.refusal,
          renewableFrom: decision.renewableFrom,
        });
        continue;
      }
      const due = await renewLoan(this.db, tenantId, reader.id, loanId, row.renew_count, decision.newDueDate);
      results.push(
        due
          ? { loanId, title: row.title, renewed: true, dueDate: due }
          : await this.afterRace(tenantId, reader.id, loanId, row.title, standing, policies, day, waiting),
      );
    }
    return results;
  }

  /** A loan that changed between reading and renewing (renewed or returned meanwhile): why it is not renewed now. */
  private async afterRace(
    tenantId: number,
    readerId: number,
    loanId: number,
    title: string,
    standing: Standing,
    policies: Awaited<ReturnType<typeof findLoanPolicies>>,
    day: string,
    waiting: Map<number, number>,
  ): Promise<RenewResult> {
    const [now] = await findCurrentLoansByIds(this.db, tenantId, readerId, [loanId]);
    if (!now) return { loanId, title, renewed: false, refusal: 'noSuchLoan', renewableFrom: null };
    const decision = decideRenewal(
      this.facts(now, standing, day, waiting),
      policyFor(policies, standing.readerType, now.circ_attr),
    );
    // Renewed by the other call: refused now for what that renewal changed (renewals used, too soon).
    return decision.renewable
      ? { loanId, title, renewed: false, refusal: 'tooSoon', renewableFrom: null }
      : { loanId, title, renewed: false, refusal: decision.refusal, renewableFrom: decision.renewableFrom };
  }

  /** What a renewal decision needs; `waiting`: other readers' waiting requests per record. */
  private facts(row: LoanStateRow, standing: Standing, day: string, waiting: Map<number, number>) {
    return {
      today: day,
      dueDate: row.due_date,
      renewCount: row.renew_count,
      recallCount: row.recall_count,
      holdsWaiting: waiting.get(row.record_id) ?? 0,
      circAttr: row.circ_attr,
      readerStatus: standing.status,
      readerValidUntil: standing.validUntil,
      owedCents: standing.owedCents,
      suspendedUntil: standing.suspendedUntil,
    };
  }

  private async standing(tenantId: number, readerId: number): Promise<Standing> {
    const [reader, debt] = await Promise.all([
      findReaderById(this.db, tenantId, readerId),
      readerDebt(this.db, tenantId, readerId),
    ]);
    return {
      status: reader?.status ?? 'frozen',
      readerType: reader?.readerType ?? '',
      validUntil: reader?.validUntil ?? null,
      owedCents: debt.owedCents,
      suspendedUntil: debt.suspendedUntil,
    };
  }
}

/** A loan row as the loan lists answer it (the real API's fields, with OpenFind's renewal fields). */
function toReaderLoan(
  row: LoanRow,
  lang: Lang,
  day: string,
  renewLimit: number,
  decision: RenewalDecision | null,
): ReaderLoan {
  const libName = row.lib_name
    ? localName({ name: row.lib_name, name_en: row.lib_name_en ?? '', name_tw: row.lib_name_tw ?? '' }, lang)
    : null;
  return {
    loanId: Number(row.loan_id),
    recordId: row.record_id,
    title: row.title,
    author: row.author,
    publisher: row.publisher,
    isbn: row.isbn,
    publishYear: row.publish_year,
    loanDate: row.loan_date,
    normReturnDate: row.due_date,
    returnDate: row.return_date,
    renewDate: row.last_renewed_on,
    renewTimes: row.renew_count,
    recallTimes: row.recall_count,
    loanType: null,
    barcode: row.barcode,
    callNo: row.call_no,
    propNo: null,
    locationName: row.location_name,
    curLibName: libName,
    campusName: null,
    docCode: row.doc_code,
    renewLimit,
    overdueDays: row.return_date === null ? Math.max(0, daysBetween(row.due_date, day)) : 0,
    renewable: decision?.renewable ?? false,
    renewRefusal: decision && !decision.renewable ? decision.refusal : null,
    renewableFrom: decision && !decision.renewable ? decision.renewableFrom : null,
  };
}
