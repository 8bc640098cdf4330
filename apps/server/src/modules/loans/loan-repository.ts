import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findPage } from '../../lib/paged-query.js';

export interface HotLoanRow {
  record_id: number;
  title: string;
  author: string;
  isbn: string | null;
  publisher: string | null;
  publish_year: string | null;
  call_no: string | null;
  physical_count: number;
  doc_code: string;
  loans: number;
  rate: number;
}

/**
 * Records by loans in the last `days` days (or by loans per copy), with the filters of the
 * hot-borrowing screen: library of the loan, discipline, CLC class prefix.
 */
export async function findHotLoans(
  db: Kysely<Database>,
  tenantId: number,
  q: { days: number; libCode: string; disCode: string; classNo: string; byRate: boolean; offset: number; rows: number },
): Promise<{ total: number; rows: HotLoanRow[] }> {
  const lib = q.libCode ? sql`AND le.lib_code = ${q.libCode}` : sql``;
  const dis = q.disCode ? sql`AND b.discode1 @> ARRAY[${q.disCode}]::text[]` : sql``;
  const cls = q.classNo
    ? sql`AND EXISTS (SELECT 1 FROM unnest(b.clc_classes) c WHERE upper(c) LIKE ${q.classNo.toUpperCase().replace(/[%_\\]/g, '\\$&') + '%'})`
    : sql``;
  const order = q.byRate ? sql`rate DESC, loans DESC, record_id` : sql`loans DESC, rate DESC, record_id`;
  const select = sql`
    WITH l AS (
      SELECT le.record_id, count(*)::int AS loans
      FROM loan_event le
      WHERE le.tenant_id = ${tenantId} AND le.loan_date > current_date - ${q.days}::int ${lib}
      GROUP BY le.record_id
    )
    SELECT b.record_id, b.title, b.author, b.isbns[1] AS isbn, b.publisher, b.publish_year,
           b.call_numbers[1] AS call_no, b.physical_count, b.doc_code, l.loans,
           round(l.loans::numeric / greatest(b.physical_count, 1), 2)::float8 AS rate
    FROM l JOIN bib_record b ON b.record_id = l.record_id
    WHERE b.tenant_id = ${tenantId} ${dis} ${cls}`;
  return findPage<HotLoanRow>(db, select, order, q.offset, q.rows);
}

/** Loans of a record in each of the last ten calendar years (the database's today), oldest first. */
export async function findLoansByYear(
  db: Kysely<Database>,
  tenantId: number,
  recordId: number,
): Promise<Array<{ p: string; n: number }>> {
  const { rows } = await sql<{ p: string; n: number }>`
    SELECT y::text AS p,
           (SELECT count(*)::int FROM loan_event l
            WHERE l.tenant_id = ${tenantId} AND l.record_id = ${recordId}
              AND l.loan_date >= make_date(y, 1, 1) AND l.loan_date < make_date(y + 1, 1, 1)) AS n
    FROM generate_series(extract(year FROM current_date)::int - 9, extract(year FROM current_date)::int) AS y
    ORDER BY y`.execute(db);
  return rows;
}

export interface LoanSummaryRow {
  total: number;
  last_year: number;
  avg_days: number | null;
  last_loan: string | null;
  item_count: number;
  on_loan: number;
}

/** Loan figures of one record. */
export async function findLoanSummary(
  db: Kysely<Database>,
  tenantId: number,
  recordId: number,
): Promise<LoanSummaryRow> {
  const { rows } = await sql<LoanSummaryRow>`
    SELECT count(*)::int AS total,
           (count(*) FILTER (WHERE loan_date > current_date - 365))::int AS last_year,
           round(avg(return_date - loan_date) FILTER (WHERE return_date IS NOT NULL), 1)::float8 AS avg_days,
           to_char(max(loan_date), 'YYYY-MM-DD') AS last_loan,
           (SELECT count(*)::int FROM item i WHERE i.tenant_id = ${tenantId} AND i.record_id = ${recordId}) AS item_count,
           (SELECT count(*)::int FROM item i
            WHERE i.tenant_id = ${tenantId} AND i.record_id = ${recordId} AND i.process_type_code = '412') AS on_loan
    FROM loan_event WHERE tenant_id = ${tenantId} AND record_id = ${recordId}`.execute(db);
  return rows[0]!;
}

/** Loans of a record in each of the last twelve months ('YYYY-MM', this month last). */
export async function findLoansByMonth(
  db: Kysely<Database>,
  tenantId: number,
  recordId: number,
): Promise<Array<{ p: string; n: number }>> {
  const { rows } = await sql<{ p: string; n: number }>`
    SELECT to_char(m, 'YYYY-MM') AS p,
           (SELECT count(*)::int FROM loan_event l
            WHERE l.tenant_id = ${tenantId} AND l.record_id = ${recordId}
              AND l.loan_date >= m::date AND l.loan_date < (m + interval '1 month')::date) AS n
    FROM generate_series(date_trunc('month', current_date) - interval '11 months', date_trunc('month', current_date), interval '1 month') AS m
    ORDER BY m`.execute(db);
  return rows;
}
