import { sql, type Kysely } from 'kysely';
import type { CatalogueFindField } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { findPage } from '../../lib/paged-query.js';

const ISO = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

/** A heartbeat older than this means the server running the import stopped. */
export const STALE_SECONDS = 60;

/** A record as the finder lists it. */
export interface BriefRow {
  record_id: number;
  title: string;
  author: string;
  publisher: string | null;
  publish_year: string | null;
  isbns: string[];
  copies: number;
  suppressed: boolean;
}

/**
 * Records of the institution (suppressed ones too) by title words, ISBN, record id or barcode;
 * `any` tries each that the text can be. Newest first.
 */
export async function findRecords(
  db: Kysely<Database>,
  tenantId: number,
  q: { text: string; field: CatalogueFindField; offset: number; rows: number },
): Promise<{ total: number; rows: BriefRow[] }> {
  const text = q.text;
  const digits = /^\d{1,9}$/.test(text) ? Number(text) : null;
  const isbn = text.replace(/[-\s]/g, '').toUpperCase();
  const conds = [];
  const want = (f: CatalogueFindField) => q.field === 'any' || q.field === f;
  if (want('recordId') && digits !== null) conds.push(sql`b.record_id = ${digits}`);
  if (want('isbn') && /^[0-9X]{10,13}$/.test(isbn))
    conds.push(sql`(b.isbns @> ARRAY[${isbn}]::text[] OR b.invalid_isbns @> ARRAY[${isbn}]::text[])`);
  if (want('barcode') && text)
    conds.push(
      sql`b.record_id = ANY(ARRAY(SELECT i.record_id FROM item i WHERE i.tenant_id = ${tenantId} AND i.barcode = ${text}))`,
    );
  if (want('title') && text) {
    const like = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(sql`lower(b.title) LIKE ${like}`);
  }
  if (!conds.length) return { total: 0, rows: [] };
  const select = sql`
    SELECT b.record_id, b.title, b.author, b.publisher, b.publish_year, b.isbns, b.physical_count AS copies, b.suppressed
    FROM bib_record b
    WHERE b.tenant_id = ${tenantId} AND (${sql.join(conds, sql` OR `)})`;
  return findPage<BriefRow>(db, select, sql`record_id DESC`, q.offset, q.rows);
}

/** A record as the staff view shows it, with its kept MARC text. */
export interface RecordRow extends BriefRow {
  source_key: string;
  source_format: string;
  updated_at: string;
  marc: string | null;
  on_loan: number;
  open_requests: number;
}

/** Largest kept MARC the view reads (a record stored with a huge field is shown without it). */
const MAX_MARC_CHARS = 1_000_000;

/** One record of the institution, suppressed or not, for staff. */
export async function findRecord(
  db: Kysely<Database>,
  tenantId: number,
  recordId: number,
): Promise<RecordRow | undefined> {
  const { rows } = await sql<RecordRow>`
    SELECT b.record_id, b.title, b.author, b.publisher, b.publish_year, b.isbns, b.physical_count AS copies,
           b.suppressed, b.source_key, b.source_format, ${ISO('b.updated_at')} AS updated_at,
           CASE WHEN length(b.marc) <= ${sql.lit(MAX_MARC_CHARS)} THEN b.marc END AS marc,
           ${onLoan(sql`b.record_id`)} AS on_loan, ${openRequests(sql`b.record_id`)} AS open_requests
    FROM bib_record b
    WHERE b.tenant_id = ${tenantId} AND b.record_id = ${recordId}`.execute(db);
  return rows[0];
}

/** Copies of a record on loan (an open loan, or a copy marked on loan). */
const onLoan = (id: ReturnType<typeof sql>) => sql<number>`(
  SELECT count(*)::int FROM item i
  WHERE i.record_id = ${id}
    AND (i.process_type_code = '412'
         OR EXISTS (SELECT 1 FROM loan_event l WHERE l.record_id = ${id} AND l.barcode = i.barcode AND l.return_date IS NULL)))
  + (SELECT count(*)::int FROM loan_event l WHERE l.record_id = ${id} AND l.return_date IS NULL
       AND NOT EXISTS (SELECT 1 FROM item i WHERE i.record_id = ${id} AND i.barcode = l.barcode))`;

/** Readers' requests for a record still open (waiting, ready, on the way). */
const openRequests = (id: ReturnType<typeof sql>) => sql<number>`(
  SELECT count(*)::int FROM circ_request r WHERE r.record_id = ${id} AND r.status IN ('waiting', 'ready', 'shipped'))`;

export interface CopyRow {
  barcode: string | null;
  call_no: string | null;
  lib_code: string | null;
  location: string | null;
  process_type_code: string;
  due_date: string | null;
}

/** A record's copies, by barcode. */
export async function findCopies(db: Kysely<Database>, tenantId: number, recordId: number): Promise<CopyRow[]> {
  const { rows } = await sql<CopyRow>`
    SELECT i.barcode, i.call_no, i.lib_code, coalesce(i.location_name, i.location_id) AS location,
           i.process_type_code, to_char(i.due_date, 'YYYY-MM-DD') AS due_date
    FROM item i
    WHERE i.tenant_id = ${tenantId} AND i.record_id = ${recordId}
    ORDER BY i.barcode NULLS LAST, i.call_no
    LIMIT 500`.execute(db);
  return rows;
}

/**
 * Sets whether a record is suppressed, only if it is not so already (two tabs: the second changes
 * nothing). The record's `updated_at` moves, so that the search engine's copies in memory read it again.
 */
export async function setSuppressed(
  db: Kysely<Database>,
  tenantId: number,
  recordId: number,
  suppressed: boolean,
): Promise<{ title: string } | undefined> {
  return db
    .updateTable('bib_record')
    .set({ suppressed, updated_at: sql<string>`now()` })
    .where('tenant_id', '=', tenantId)
    .where('record_id', '=', recordId)
    .where('suppressed', '=', !suppressed)
    .returning(['title'])
    .executeTakeFirst();
}

/** What goes with a record when it is deleted (for the audit row). */
export async function countDependents(db: Kysely<Database>, tenantId: number, recordId: number) {
  const { rows } = await sql<{
    items: number;
    ratings: number;
    comments: number;
    favourites: number;
    loans: number;
    on_loan: number;
    open_requests: number;
  }>`
    SELECT (SELECT count(*)::int FROM item WHERE tenant_id = ${tenantId} AND record_id = ${recordId}) AS items,
           (SELECT count(*)::int FROM record_rating WHERE tenant_id = ${tenantId} AND record_id = ${recordId}) AS ratings,
           (SELECT count(*)::int FROM record_comment WHERE tenant_id = ${tenantId} AND record_id = ${recordId}) AS comments,
           (SELECT count(*)::int FROM favourite WHERE tenant_id = ${tenantId} AND record_id = ${recordId}) AS favourites,
           (SELECT count(*)::int FROM loan_event WHERE tenant_id = ${tenantId} AND record_id = ${recordId}) AS loans,
           ${onLoan(sql`${recordId}`)} AS on_loan,
           ${openRequests(sql`${recordId}`)} AS open_requests`.execute(db);
  return rows[0]!;
}

/** Locks a record of the institution for deleting; its title, or undefined. */
export async function lockRecord(
  db: Kysely<Database>,
  tenantId: number,
  recordId: number,
): Promise<{ title: string; suppressed: boolean } | undefined> {
  const { rows } = await sql<{ title: string; suppressed: boolean }>`
    SELECT title, suppressed FROM bib_record WHERE tenant_id = ${tenantId} AND record_id = ${recordId} FOR UPDATE`.execute(
    db,
  );
  return rows[0];
}

/** Deletes a record (its copies, ratings, comments, favourites, list entries and loan history go with it). */
export async function deleteRecord(db: Kysely<Database>, tenantId: number, recordId: number): Promise<void> {
  await db.deleteFrom('bib_record').where('tenant_id', '=', tenantId).where('record_id', '=', recordId).execute();
}

/** An import of the console as the screen polls it. */
export interface ImportRow {
  id: number;
  run_id: number | null;
  state: 'running' | 'done' | 'failed' | 'interrupted';
  file_name: string;
  file_size: number;
  file_hash: string | null;
  format: string;
  detected: string | null;
  started_by: string;
  started_at: string;
  finished_at: string | null;
  elapsed: number;
  bytes_read: number;
  read_count: number;
  created_count: number;
  updated_count: number;
  unchanged_count: number;
  skipped_count: number;
  error: string | null;
  has_report: boolean;
}

const IMPORT_COLUMNS = sql`
  j.id, j.run_id, j.state, j.file_name, j.file_size::float8 AS file_size, j.file_hash, j.format, j.detected,
  j.started_by, ${ISO('j.started_at')} AS started_at, ${ISO('j.finished_at')} AS finished_at,
  extract(epoch FROM coalesce(j.finished_at, now()) - j.started_at)::float8 AS elapsed,
  j.bytes_read::float8 AS bytes_read, j.read_count, j.created_count, j.updated_count, j.unchanged_count,
  j.skipped_count, j.error, j.reject_report IS NOT NULL AS has_report`;

/** Starts an import's row; undefined when one of the institution is running already. */
export async function insertImport(
  db: Kysely<Database>,
  tenantId: number,
  v: {
    fileName: string;
    fileSize: number;
    fileHash: string;
    format: string;
    detected: string;
    staffId: number;
    startedBy: string;
  },
): Promise<number | undefined> {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO catalogue_import (tenant_id, file_name, file_size, file_hash, format, detected, staff_id, started_by)
    VALUES (${tenantId}, ${v.fileName}, ${v.fileSize}, ${v.fileHash}, ${v.format}, ${v.detected}, ${v.staffId}, ${v.startedBy})
    ON CONFLICT (tenant_id) WHERE state = 'running' DO NOTHING
    RETURNING id`.execute(db);
  return rows[0]?.id;
}

/** An import of the institution. */
export async function findImport(db: Kysely<Database>, tenantId: number, id: number): Promise<ImportRow | undefined> {
  const { rows } = await sql<ImportRow>`
    SELECT ${IMPORT_COLUMNS} FROM catalogue_import j WHERE j.tenant_id = ${tenantId} AND j.id = ${id}`.execute(db);
  return rows[0];
}

/** The import of the institution running now. */
export async function findRunningImport(db: Kysely<Database>, tenantId: number): Promise<ImportRow | undefined> {
  const { rows } = await sql<ImportRow>`
    SELECT ${IMPORT_COLUMNS} FROM catalogue_import j WHERE j.tenant_id = ${tenantId} AND j.state = 'running'`.execute(
    db,
  );
  return rows[0];
}

/** Records progress (and that the server running it is alive). */
export async function saveProgress(
  db: Kysely<Database>,
  tenantId: number,
  id: number,
  p: {
    runId?: number | undefined;
    bytes: number;
    read: number;
    created: number;
    updated: number;
    unchanged: number;
    skipped: number;
  },
): Promise<void> {
  await sql`
    UPDATE catalogue_import SET heartbeat_at = now(), bytes_read = ${p.bytes}, read_count = ${p.read},
      created_count = ${p.created}, updated_count = ${p.updated}, unchanged_count = ${p.unchanged},
      skipped_count = ${p.skipped}, run_id = coalesce(${p.runId ?? null}::int, run_id)
    WHERE tenant_id = ${tenantId} AND id = ${id} AND state = 'running'`.execute(db);
}

/** Records that the server running the import is alive. */
export async function beat(db: Kysely<Database>, tenantId: number, id: number): Promise<void> {
  await sql`UPDATE catalogue_import SET heartbeat_at = now()
    WHERE tenant_id = ${tenantId} AND id = ${id} AND state = 'running'`.execute(db);
}

/** Ends an import: done or failed, with its reason and its reject report. */
export async function finishImport(
  db: Kysely<Database>,
  tenantId: number,
  id: number,
  end: { state: 'done' | 'failed'; error: string | null; report: string | null; runId: number | null },
): Promise<void> {
  await sql`
    UPDATE catalogue_import SET state = ${end.state}, finished_at = now(), error = ${end.error},
      reject_report = ${end.report}, run_id = coalesce(${end.runId}::int, run_id)
    WHERE tenant_id = ${tenantId} AND id = ${id} AND state = 'running'`.execute(db);
}

/**
 * Marks imports left running by a server that stopped (no heartbeat for `STALE_SECONDS`) as
 * interrupted, of one institution or all; how many.
 */
export async function markInterrupted(db: Kysely<Database>, tenantId: number | null, reason: string): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    UPDATE catalogue_import SET state = 'interrupted', finished_at = now(), error = ${reason}
    WHERE state = 'running' AND heartbeat_at < now() - make_interval(secs => ${STALE_SECONDS})
      ${tenantId === null ? sql`` : sql`AND tenant_id = ${tenantId}`}
    RETURNING id`.execute(db);
  return rows.length;
}

/** An import's reject report. */
export async function findReport(
  db: Kysely<Database>,
  tenantId: number,
  id: number,
): Promise<{ file_name: string; reject_report: string | null } | undefined> {
  return db
    .selectFrom('catalogue_import')
    .select(['file_name', 'reject_report'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface RunRow {
  run_id: number;
  job_id: number | null;
  state: string | null;
  file_name: string;
  file_size: number;
  file_hash: string | null;
  format: string;
  started_by: string | null;
  started_at: string;
  finished_at: string | null;
  read_count: number;
  created_count: number;
  updated_count: number;
  unchanged_count: number;
  skipped_count: number;
  error: string | null;
  has_report: boolean;
}

/** The institution's import runs (the console's and the command line's), newest first. */
export async function findRuns(
  db: Kysely<Database>,
  tenantId: number,
  offset: number,
  rows: number,
): Promise<{ total: number; rows: RunRow[] }> {
  const select = sql`
    SELECT r.id AS run_id, j.id AS job_id, j.state, r.file_name, r.file_size::float8 AS file_size,
           coalesce(r.file_hash, j.file_hash) AS file_hash, r.format, j.started_by,
           ${ISO('r.started_at')} AS started_at, ${ISO('coalesce(r.finished_at, j.finished_at)')} AS finished_at,
           CASE WHEN r.finished_at IS NULL AND j.id IS NOT NULL THEN j.read_count ELSE r.read_count END AS read_count,
           CASE WHEN r.finished_at IS NULL AND j.id IS NOT NULL THEN j.created_count ELSE r.created_count END AS created_count,
           CASE WHEN r.finished_at IS NULL AND j.id IS NOT NULL THEN j.updated_count ELSE r.updated_count END AS updated_count,
           CASE WHEN r.finished_at IS NULL AND j.id IS NOT NULL THEN j.unchanged_count ELSE r.unchanged_count END AS unchanged_count,
           CASE WHEN r.finished_at IS NULL AND j.id IS NOT NULL THEN j.skipped_count ELSE r.skipped_count END AS skipped_count,
           j.error, coalesce(j.reject_report IS NOT NULL, false) AS has_report
    FROM import_run r LEFT JOIN catalogue_import j ON j.run_id = r.id AND j.tenant_id = r.tenant_id
    WHERE r.tenant_id = ${tenantId}
    UNION ALL
    -- Imports refused or failed before their run was recorded.
    SELECT -j.id, j.id, j.state, j.file_name, j.file_size::float8, j.file_hash, j.format, j.started_by,
           ${ISO('j.started_at')}, ${ISO('j.finished_at')}, j.read_count, j.created_count, j.updated_count,
           j.unchanged_count, j.skipped_count, j.error, j.reject_report IS NOT NULL
    FROM catalogue_import j
    WHERE j.tenant_id = ${tenantId} AND j.run_id IS NULL`;
  return findPage<RunRow>(db, select, sql`started_at DESC, run_id DESC`, offset, rows);
}
