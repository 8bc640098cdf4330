import type { HotLoanRequest, HotLoanResponse, LoanAnalysis, NearTenYearLoan } from '@openfind/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { requireRecord } from '../record-detail/record-repository.js';
import { findHotLoans, findLoanSummary, findLoansByMonth, findLoansByYear } from './loan-repository.js';

/** Circulation figures: hot borrowing, a record's loans per year and its loan analysis. */
export class LoanService {
  constructor(private readonly db: Kysely<Database>) {}

  /** `getHotLoan`: records by loans (or loans per copy) in the last 7, 30, 90 or 365 days. */
  async hotLoans(tenantId: number, q: HotLoanRequest): Promise<HotLoanResponse> {
    const { total, rows } = await findHotLoans(this.db, tenantId, {
      days: q.statRange,
      libCode: q.libCode,
      disCode: q.disCode,
      classNo: q.classNo,
      byRate: q.sortType === 2,
      offset: (q.page - 1) * q.rows,
      rows: q.rows,
    });
    return {
      result: rows.map((r) => ({
        recordId: r.record_id,
        title: r.title,
        author: r.author,
        isbn: r.isbn ?? '',
        publish: r.publisher ?? '',
        pubDate: r.publish_year ?? '',
        callNo: r.call_no ?? '',
        loanCount: r.loans,
        loanRate: r.rate,
        physicalCount: r.physical_count,
        docCode: r.doc_code,
      })),
      totalCount: total,
      statRange: q.statRange,
    };
  }

  /** `getNearTenYearLoan`: loans in each of the last ten years, oldest first. */
  async tenYears(tenantId: number, recordId: number): Promise<NearTenYearLoan> {
    await requireRecord(this.db, tenantId, recordId);
    return (await findLoansByYear(this.db, tenantId, recordId)).map((r) => ({ year: r.p, loanCount: r.n }));
  }

  /** `getLoanAnalysis`: totals, the last year, loan length, the last twelve months. */
  async analysis(tenantId: number, recordId: number): Promise<LoanAnalysis> {
    await requireRecord(this.db, tenantId, recordId);
    const [s, months] = await Promise.all([
      findLoanSummary(this.db, tenantId, recordId),
      findLoansByMonth(this.db, tenantId, recordId),
    ]);
    return {
      recordId,
      totalLoans: s.total,
      loansLastYear: s.last_year,
      itemCount: s.item_count,
      onLoanCount: s.on_loan,
      loanRate: s.item_count ? Math.round((s.last_year / s.item_count) * 100) / 100 : 0,
      averageLoanDays: s.avg_days,
      lastLoanDate: s.last_loan,
      byMonth: months.map((m) => ({ period: m.p, loanCount: m.n })),
    };
  }
}
