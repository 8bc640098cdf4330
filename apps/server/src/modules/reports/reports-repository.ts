import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findPage } from '../../lib/paged-query.js';

type Q = Kysely<Database>;

/**
 * What the staff console reports (issue 28), every function scoped by institution. The daily
 * figures of searches, logins, renewals, loans and returns come from the rollups of migrations 0034
 * and 0042 (`stat_daily`, `search_zero_daily`, `loan_class_daily`, kept by triggers), never from the
 * search log or the loan history themselves: ten million logged searches and a million loans must
 * not slow the dashboard or a year's statistics.
 */

/** The daily counters of `stat_daily`. */
export type DailyMetric = 'search' | 'zero_result' | 'login' | 'renewal' | 'loan' | 'return';

/** The counters of each day from `from` to `to` (YYYY-MM-DD), grouped by `period` ('day' or 'month'). */
export async function findDailyCounters(
  db: Q,
  tenantId: number,
  from: string,
  to: string,
  period: 'day' | 'month',
): Promise<Array<{ period: string; metric: DailyMetric; n: number }>> {
  const { rows } = await sql<{ period: string; metric: DailyMetric; n: number }>`
    SELECT to_char(day, ${formatOf(period)}) AS period, metric, sum(n)::int AS n
    FROM stat_daily
    WHERE tenant_id = ${tenantId} AND day BETWEEN ${from}::date AND ${to}::date
    GROUP BY 1, 2`.execute(db);
  return rows;
}

/** The texts searched from `from` to `to` that found nothing, most searched first. */
export async function findZeroSearches(
  db: Q,
  tenantId: number,
  from: string,
  to: string,
  limit: number,
): Promise<Array<{ text: string; n: number }>> {
  const { rows } = await sql<{ text: string; n: number }>`
    -- The latest day's typed form, by a plain max() over "day || text", so the groups hash (no sort per group).
    SELECT substr(max(day::text || query_text), 11) AS text, sum(n)::int AS n
    FROM search_zero_daily
    WHERE tenant_id = ${tenantId} AND day BETWEEN ${from}::date AND ${to}::date
    GROUP BY query_key
    ORDER BY n DESC, query_key
    LIMIT ${limit}`.execute(db);
  return rows;
}

/** What waits for staff now: requests queued, requests on the hold shelf, comments to moderate. */
export async function findWaiting(
  db: Q,
  tenantId: number,
): Promise<{ requests: number; readyRequests: number; comments: number }> {
  const { rows } = await sql<{ requests: number; ready: number; comments: number }>`
    SELECT
      (SELECT count(*)::int FROM circ_request
       WHERE tenant_id = ${tenantId} AND status IN ('waiting', 'ready') AND status = 'waiting') AS requests,
      (SELECT count(*)::int FROM circ_request
       WHERE tenant_id = ${tenantId} AND status IN ('waiting', 'ready') AND status = 'ready') AS ready,
      (SELECT count(*)::int FROM record_comment WHERE tenant_id = ${tenantId} AND status = 'pending') AS comments`.execute(
    db,
  );
  const r = rows[0]!;
  return { requests: r.requests, readyRequests: r.ready, comments: r.comments };
}

/** The institution's readers grouped by a column ('department' or 'reader_type'), most first. */
export async function findReaderGroups(
  db: Q,
  tenantId: number,
  by: 'department' | 'reader_type',
  limit: number,
): Promise<Array<{ key: string; n: number }>> {
  const column = sql.ref(by);
  const { rows } = await sql<{ key: string; n: number }>`
    SELECT ${column} AS key, count(*)::int AS n FROM reader WHERE tenant_id = ${tenantId}
    GROUP BY 1 ORDER BY n DESC, key LIMIT ${limit}`.execute(db);
  return rows;
}

/** The top CLC class of a record: the first letter of its first class number, upper-cased ('' unclassed). */
const topClass = sql`coalesce(upper(left(b.clc_classes[1], 1)), '')`;

/** The institution's records by top CLC class. */
export async function findRecordClasses(db: Q, tenantId: number): Promise<Array<{ key: string; n: number }>> {
  const { rows } = await sql<{ key: string; n: number }>`
    SELECT ${topClass} AS key, count(*)::int AS n FROM bib_record b WHERE b.tenant_id = ${tenantId}
    GROUP BY 1 ORDER BY key`.execute(db);
  return rows;
}

/** Loans made from `from` to `to` by the top CLC class of their record (at the time of the loan). */
export async function findLoanClasses(
  db: Q,
  tenantId: number,
  from: string,
  to: string,
): Promise<Array<{ key: string; n: number }>> {
  const { rows } = await sql<{ key: string; n: number }>`
    SELECT top_class AS key, sum(n)::int AS n
    FROM loan_class_daily
    WHERE tenant_id = ${tenantId} AND day BETWEEN ${from}::date AND ${to}::date
    GROUP BY 1 ORDER BY key`.execute(db);
  return rows;
}

/** A filter of the audit log; empty texts filter nothing. */
export interface AuditFilter {
  actor: string;
  /** An action, or the start of one (`desk.`). */
  action: string;
  /** Text the target contains. */
  target: string;
  /** YYYY-MM-DD, '' for none. */
  from: string;
  to: string;
}

/** A row of the audit log as the console lists it. */
export interface AuditListRow {
  id: number;
  at: Date;
  actor: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  ip: string;
}

/** `s` as a LIKE pattern's literal text. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of the institution's audit log, newest first, and how many rows the filter gives. */
export async function findAuditPage(
  db: Q,
  tenantId: number,
  f: AuditFilter,
  offset: number,
  rows: number,
): Promise<{ total: number; rows: AuditListRow[] }> {
  const conditions = [sql`tenant_id = ${tenantId}`];
  if (f.actor) conditions.push(sql`lower(actor) = ${f.actor.toLowerCase()}`);
  if (f.action) conditions.push(sql`action LIKE ${`${likeLiteral(f.action)}%`}`);
  if (f.target) conditions.push(sql`target ILIKE ${`%${likeLiteral(f.target)}%`}`);
  if (f.from) conditions.push(sql`at >= ${f.from}::date`);
  if (f.to) conditions.push(sql`at < ${f.to}::date + 1`);
  const select = sql`SELECT id, at, actor, action, target, before, after, ip FROM audit_log
    WHERE ${sql.join(conditions, sql` AND `)}`;
  const page = await findPage<AuditListRow>(db, select, sql`id DESC`, offset, rows);
  return { total: page.total, rows: page.rows.map((r) => ({ ...r, id: Number(r.id), at: new Date(r.at) })) };
}

/** The actions the institution's audit log holds, in order. */
export async function findAuditActions(db: Q, tenantId: number): Promise<string[]> {
  const { rows } = await sql<{ action: string }>`
    SELECT DISTINCT action FROM audit_log WHERE tenant_id = ${tenantId} ORDER BY action LIMIT 500`.execute(db);
  return rows.map((r) => r.action);
}

function formatOf(period: 'day' | 'month'): string {
  return period === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
}
