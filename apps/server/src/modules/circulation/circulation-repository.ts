import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findPage } from '../../lib/paged-query.js';
import type { LoanPolicy } from './renewal-rules.js';

/** A loan of a reader with its record, copy and library, as the loan lists show it. Dates YYYY-MM-DD. */
export interface LoanRow {
  loan_id: string;
  record_id: number;
  title: string;
  author: string | null;
  publisher: string | null;
  isbn: string | null;
  publish_year: string | null;
  doc_code: string | null;
  loan_date: string;
  due_date: string;
  return_date: string | null;
  last_renewed_on: string | null;
  renew_count: number;
  recall_count: number;
  barcode: string | null;
  call_no: string | null;
  circ_attr: string;
  location_name: string | null;
  lib_name: string | null;
  lib_name_en: string | null;
  lib_name_tw: string | null;
}

export interface LoanQuery {
  current: boolean;
  /** 1 title, 2 author, 3 barcode. */
  searchType: number;
  searchContent: string;
  /** 0 default, 1 loan date, 2 due date, 3 overdue days. */
  sortType: number;
  startDate: string;
  endDate: string;
  offset: number;
  rows: number;
}

const LIKE_ESCAPE = /[%_\\]/g;

/**
 * The reader's loans: current ones (not returned) or their history (returned), filtered and
 * ordered as the loan lists ask; the record, the copy (joined by barcode: items are rewritten on
 * re-import) and the copy's library.
 */
export async function findReaderLoans(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  q: LoanQuery,
): Promise<{ total: number; rows: LoanRow[] }> {
  const like = `%${q.searchContent.replace(LIKE_ESCAPE, '\\$&')}%`;
  const search = !q.searchContent
    ? sql``
    : q.searchType === 2
      ? sql`AND b.author ILIKE ${like}`
      : q.searchType === 3
        ? sql`AND le.barcode ILIKE ${like}`
        : sql`AND b.title ILIKE ${like}`;
  const from = q.startDate ? sql`AND le.loan_date >= ${q.startDate}::date` : sql``;
  const to = q.endDate ? sql`AND le.loan_date <= ${q.endDate}::date` : sql``;
  const open = q.current ? sql`le.return_date IS NULL` : sql`le.return_date IS NOT NULL`;
  const select = sql`
    SELECT le.id::text AS loan_id, le.record_id, b.title, b.author, b.publisher, b.isbns[1] AS isbn,
           b.publish_year, b.doc_code, le.loan_date::text AS loan_date,
           coalesce(le.due_date, le.loan_date)::text AS due_date, le.return_date::text AS return_date,
           le.last_renewed_on::text AS last_renewed_on, le.renew_count, le.recall_count, le.barcode,
           i.call_no, coalesce(i.circ_attr, '0') AS circ_attr, i.location_name,
           l.name AS lib_name, l.name_en AS lib_name_en, l.name_tw AS lib_name_tw,
           le.id AS sort_id
    FROM loan_event le
    JOIN bib_record b ON b.record_id = le.record_id
    LEFT JOIN item i ON i.tenant_id = le.tenant_id AND i.barcode = le.barcode
    LEFT JOIN library l ON l.tenant_id = le.tenant_id AND l.lib_code = coalesce(i.lib_code, le.lib_code)
    WHERE le.tenant_id = ${tenantId} AND le.reader_id = ${readerId} AND ${open} ${search} ${from} ${to}`;
  const order =
    q.sortType === 1
      ? sql`loan_date DESC, sort_id DESC`
      : q.sortType === 2
        ? sql`due_date, sort_id`
        : q.sortType === 3
          ? sql`due_date, sort_id`
          : q.current
            ? sql`due_date, sort_id`
            : sql`return_date DESC, sort_id DESC`;
  return findPage<LoanRow>(db, select, order, q.offset, q.rows);
}

/** How many loans the reader has now. */
export async function countCurrentLoans(db: Kysely<Database>, tenantId: number, readerId: number): Promise<number> {
  const row = await db
    .selectFrom('loan_event')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('return_date', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The reader's current loans among `loanIds` (others are left out: returned, or not theirs). */
export async function findCurrentLoansByIds(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  loanIds: readonly number[],
): Promise<LoanRow[]> {
  if (!loanIds.length) return [];
  const res = await sql<LoanRow>`
    SELECT le.id::text AS loan_id, le.record_id, b.title, b.author, b.publisher, b.isbns[1] AS isbn,
           b.publish_year, b.doc_code, le.loan_date::text AS loan_date,
           coalesce(le.due_date, le.loan_date)::text AS due_date, le.return_date::text AS return_date,
           le.last_renewed_on::text AS last_renewed_on, le.renew_count, le.recall_count, le.barcode,
           i.call_no, coalesce(i.circ_attr, '0') AS circ_attr, i.location_name,
           NULL AS lib_name, NULL AS lib_name_en, NULL AS lib_name_tw
    FROM loan_event le
    JOIN bib_record b ON b.record_id = le.record_id
    LEFT JOIN item i ON i.tenant_id = le.tenant_id AND i.barcode = le.barcode
    WHERE le.tenant_id = ${tenantId} AND le.reader_id = ${readerId} AND le.return_date IS NULL
      AND le.id = ANY(${loanIds.map(String)}::bigint[])`.execute(db);
  return res.rows;
}

/** The institution's loan policies. */
export async function findLoanPolicies(
  db: Kysely<Database>,
  tenantId: number,
): Promise<Array<LoanPolicy & { readerType: string; circAttr: string }>> {
  const rows = await db.selectFrom('loan_policy').selectAll().where('tenant_id', '=', tenantId).execute();
  return rows.map((r) => ({
    readerType: r.reader_type,
    circAttr: r.circ_attr,
    loanDays: r.loan_days,
    maxLoans: r.max_loans,
    maxRenewals: r.max_renewals,
    renewalDays: r.renewal_days,
    renewWindowDays: r.renew_window_days,
    renewWhenOverdue: r.renew_when_overdue,
    maxRequests: r.max_requests,
    holdShelfDays: r.hold_shelf_days,
    finePerDayCents: r.fine_per_day_cents,
    maxFineCents: r.max_fine_cents,
    suspendDaysPerDay: r.suspend_days_per_day,
    fineLimitCents: r.fine_limit_cents,
  }));
}

/** The database's today (YYYY-MM-DD): loan dates are the database's dates. */
export async function today(db: Kysely<Database>): Promise<string> {
  const res = await sql<{ d: string }>`SELECT current_date::text AS d`.execute(db);
  return res.rows[0]!.d;
}

/**
 * Renews a loan if it is still as it was read (`renewCount`, not returned): the guarded update
 * makes concurrent renewals of one loan renew it once. Moves the copy's due date with it. The new
 * due date, or null when the loan changed meanwhile.
 */
export async function renewLoan(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  loanId: number,
  renewCount: number,
  newDueDate: string,
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const res = await sql<{ due: string; barcode: string | null }>`
      UPDATE loan_event SET due_date = ${newDueDate}::date, renew_count = renew_count + 1,
             last_renewed_on = current_date
      WHERE id = ${String(loanId)}::bigint AND tenant_id = ${tenantId} AND reader_id = ${readerId}
        AND return_date IS NULL AND renew_count = ${renewCount}
      RETURNING due_date::text AS due, barcode`.execute(trx);
    const row = res.rows[0];
    if (!row) return null;
    if (row.barcode) {
      await sql`UPDATE item SET due_date = ${newDueDate}::date WHERE tenant_id = ${tenantId} AND barcode = ${row.barcode}`.execute(
        trx,
      );
    }
    return row.due;
  });
}

/** A copy as the desk sees it, locked for the transaction (one desk at a time per copy). */
export interface DeskCopy {
  record_id: number;
  barcode: string;
  circ_attr: string;
  lib_code: string | null;
  title: string;
}

export async function lockCopy(
  trx: Kysely<Database>,
  tenantId: number,
  barcode: string,
): Promise<DeskCopy | undefined> {
  const res = await sql<DeskCopy>`
    SELECT i.record_id, i.barcode, i.circ_attr, i.lib_code, b.title
    FROM item i JOIN bib_record b ON b.record_id = i.record_id
    WHERE i.tenant_id = ${tenantId} AND i.barcode = ${barcode}
    FOR UPDATE OF i`.execute(trx);
  return res.rows[0];
}

/** The open loan of a copy: its id and reader. */
export async function findOpenLoanOfCopy(
  trx: Kysely<Database>,
  tenantId: number,
  barcode: string,
): Promise<{ id: string; reader_id: number | null } | undefined> {
  return trx
    .selectFrom('loan_event')
    .select(['id', 'reader_id'])
    .where('tenant_id', '=', tenantId)
    .where('barcode', '=', barcode)
    .where('return_date', 'is', null)
    .executeTakeFirst();
}

/** Lends a copy: the loan, the copy on loan until `dueDate`, the record's loan count. The loan id. */
export async function insertLoan(
  trx: Kysely<Database>,
  tenantId: number,
  copy: DeskCopy,
  readerId: number,
  dueDate: string,
): Promise<number> {
  const row = await sql<{ id: string }>`
    INSERT INTO loan_event (tenant_id, record_id, barcode, lib_code, reader_id, loan_date, due_date)
    VALUES (${tenantId}, ${copy.record_id}, ${copy.barcode}, ${copy.lib_code}, ${readerId}, current_date, ${dueDate}::date)
    RETURNING id::text AS id`.execute(trx);
  await sql`UPDATE item SET process_type_code = '412', due_date = ${dueDate}::date
            WHERE tenant_id = ${tenantId} AND barcode = ${copy.barcode}`.execute(trx);
  await sql`UPDATE bib_record SET loan_count = loan_count + 1
            WHERE tenant_id = ${tenantId} AND record_id = ${copy.record_id}`.execute(trx);
  return Number(row.rows[0]!.id);
}

/** Returns a copy: the loan closed today, the copy back on the shelf. The loan's due and return dates. */
export async function closeLoan(
  trx: Kysely<Database>,
  tenantId: number,
  loanId: string,
  barcode: string,
): Promise<{ dueDate: string; returnDate: string } | undefined> {
  const res = await sql<{ due_date: string; return_date: string }>`
    UPDATE loan_event SET return_date = greatest(current_date, loan_date)
    WHERE tenant_id = ${tenantId} AND id = ${loanId}::bigint AND return_date IS NULL
    RETURNING coalesce(due_date, loan_date)::text AS due_date, return_date::text AS return_date`.execute(trx);
  await sql`UPDATE item SET process_type_code = '411', due_date = NULL
            WHERE tenant_id = ${tenantId} AND barcode = ${barcode}`.execute(trx);
  const row = res.rows[0];
  return row && { dueDate: row.due_date, returnDate: row.return_date };
}

/** Messages in the reader's inbox not read yet (channel inbox, not deleted: as the inbox's own count). */
export async function countUnreadMessages(db: Kysely<Database>, tenantId: number, readerId: number): Promise<number> {
  const row = await db
    .selectFrom('reader_inbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('channel', '=', 'inbox')
    .where('deleted_at', 'is', null)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** What a renewal decision needs of each of the reader's current loans, and nothing more (My Library's summary). */
export type LoanStateRow = Pick<LoanRow, 'due_date' | 'renew_count' | 'recall_count' | 'circ_attr' | 'record_id'>;

export async function findCurrentLoanStates(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
): Promise<LoanStateRow[]> {
  const res = await sql<LoanStateRow>`
    SELECT coalesce(le.due_date, le.loan_date)::text AS due_date, le.renew_count, le.recall_count,
           coalesce(i.circ_attr, '0') AS circ_attr, le.record_id
    FROM loan_event le
    LEFT JOIN item i ON i.tenant_id = le.tenant_id AND i.barcode = le.barcode
    WHERE le.tenant_id = ${tenantId} AND le.reader_id = ${readerId} AND le.return_date IS NULL`.execute(db);
  return res.rows;
}
