import { sql, type Kysely } from 'kysely';
import type { FeedbackKind, FeedbackStatus } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { findPage } from '../../lib/paged-query.js';

/**
 * Problem feedback, e-questions and their replies. Every function is scoped by institution, and a
 * reader's by reader too: an id of another reader's (or another institution's) message names nothing.
 */

/** A message as read (timestamps as ISO text), with its reader and record for staff. */
export interface FeedbackRow {
  id: number;
  reader_id: number;
  kind: FeedbackKind;
  category: string;
  subject: string;
  content: string;
  contact: string;
  record_id: number | null;
  record_title: string | null;
  status: FeedbackStatus;
  version: number;
  handled_by: string | null;
  created_at: string;
  updated_at: string;
  replied_at: string | null;
  closed_at: string | null;
  closed_by: 'reader' | 'staff' | null;
  account: string;
  reader_name: string;
}

export interface ReplyRow {
  id: number;
  feedback_id: number;
  body: string;
  staff_name: string;
  created_at: string;
}

const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The SELECT of messages with their readers and records (`f`, `r`, `b`), the filters after WHERE's tenant. */
function selectFeedback(tenantId: number, where: ReturnType<typeof sql>) {
  return sql`
    SELECT f.id, f.reader_id, f.kind, f.category, f.subject, f.content, f.contact, f.record_id,
           b.title AS record_title, f.status, f.version, f.handled_by,
           ${iso('f.created_at')} AS created_at, ${iso('f.updated_at')} AS updated_at,
           ${iso('f.replied_at')} AS replied_at, ${iso('f.closed_at')} AS closed_at, f.closed_by,
           r.account, r.name AS reader_name
    FROM feedback f
    JOIN reader r ON r.id = f.reader_id AND r.tenant_id = f.tenant_id
    LEFT JOIN bib_record b ON b.record_id = f.record_id AND b.tenant_id = f.tenant_id
    WHERE f.tenant_id = ${tenantId} ${where}`;
}

/** The institution's daily limit, or undefined when it never set one. */
export async function findDailyLimit(db: Kysely<Database>, tenantId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('feedback_setting')
    .select('daily_limit')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row?.daily_limit;
}

export async function saveDailyLimit(db: Kysely<Database>, tenantId: number, dailyLimit: number): Promise<void> {
  await db
    .insertInto('feedback_setting')
    .values({ tenant_id: tenantId, daily_limit: dailyLimit })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ daily_limit: dailyLimit, updated_at: sql`now()` }))
    .execute();
}

/**
 * Locks the reader's row for the rest of the transaction (two messages of one reader at once count
 * the day's messages one after the other); whether the reader exists.
 */
export async function lockReader(db: Kysely<Database>, tenantId: number, readerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('reader')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', readerId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** The reader's messages (both kinds) sent since `since`. */
export async function countSentSince(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('feedback')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The reader's message made with the form's token `key`, if any. */
export async function findIdByKey(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  key: string,
): Promise<{ id: number; kind: FeedbackKind } | undefined> {
  return db
    .selectFrom('feedback')
    .select(['id', 'kind'])
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('submit_key', '=', key)
    .executeTakeFirst();
}

/** Whether the record is in the institution's catalogue and shown to readers. */
export async function recordExists(db: Kysely<Database>, tenantId: number, recordId: number): Promise<boolean> {
  const row = await db
    .selectFrom('bib_record')
    .select('record_id')
    .where('tenant_id', '=', tenantId)
    .where('record_id', '=', recordId)
    .where('suppressed', '=', false)
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewFeedback {
  tenantId: number;
  readerId: number;
  kind: FeedbackKind;
  category: string;
  subject: string;
  content: string;
  contact: string;
  recordId: number | null;
  submitKey: string | null;
}

/** Stores a message; its id. */
export async function insertFeedback(db: Kysely<Database>, f: NewFeedback): Promise<number> {
  const { id } = await db
    .insertInto('feedback')
    .values({
      tenant_id: f.tenantId,
      reader_id: f.readerId,
      kind: f.kind,
      category: f.category,
      subject: f.subject,
      content: f.content,
      contact: f.contact,
      record_id: f.recordId,
      submit_key: f.submitKey,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** One message of the institution (of `readerId` only, when given). */
export async function findFeedback(
  db: Kysely<Database>,
  tenantId: number,
  id: number,
  readerId?: number,
): Promise<FeedbackRow | undefined> {
  const reader = readerId === undefined ? sql`` : sql`AND f.reader_id = ${readerId}`;
  const { rows } = await sql<FeedbackRow>`${selectFeedback(tenantId, sql`AND f.id = ${id} ${reader}`)}`.execute(db);
  return rows[0];
}

/** The replies of the messages named, oldest first. */
export async function findReplies(
  db: Kysely<Database>,
  tenantId: number,
  ids: number[],
): Promise<Map<number, ReplyRow[]>> {
  const byMessage = new Map<number, ReplyRow[]>();
  if (!ids.length) return byMessage;
  const { rows } = await sql<ReplyRow>`
    SELECT id, feedback_id, body, staff_name, ${iso('created_at')} AS created_at
    FROM feedback_reply
    WHERE tenant_id = ${tenantId} AND feedback_id IN (${sql.join(ids)})
    ORDER BY feedback_id, id`.execute(db);
  for (const r of rows) {
    const list = byMessage.get(r.feedback_id) ?? [];
    list.push(r);
    byMessage.set(r.feedback_id, list);
  }
  return byMessage;
}

/** A page of the reader's messages of `kind`, newest first; questions replied or not when `replied` is given. */
export function findReaderFeedback(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  q: { kind: FeedbackKind; replied?: boolean; offset: number; rows: number },
): Promise<{ total: number; rows: FeedbackRow[] }> {
  const replied =
    q.replied === undefined ? sql`` : q.replied ? sql`AND f.replied_at IS NOT NULL` : sql`AND f.replied_at IS NULL`;
  return findPage<FeedbackRow>(
    db,
    selectFeedback(tenantId, sql`AND f.reader_id = ${readerId} AND f.kind = ${q.kind} ${replied}`),
    sql`id DESC`,
    q.offset,
    q.rows,
  );
}

/** The reader's questions the library replied to, and those not yet. */
export async function countQuestions(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
): Promise<{ replied: number; unreplied: number }> {
  const row = await db
    .selectFrom('feedback')
    .select([
      sql<number>`count(*) FILTER (WHERE replied_at IS NOT NULL)::int`.as('replied'),
      sql<number>`count(*) FILTER (WHERE replied_at IS NULL)::int`.as('unreplied'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('kind', '=', 'question')
    .executeTakeFirstOrThrow();
  return row;
}

/** Closes the reader's message while it is open; whether it was. */
export async function closeByReader(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  id: number,
): Promise<boolean> {
  const r = await db
    .updateTable('feedback')
    .set({
      status: 'closed',
      closed_by: 'reader',
      closed_at: sql`now()`,
      version: sql`version + 1`,
      updated_at: sql`now()`,
    })
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('id', '=', id)
    .where('status', '<>', 'closed')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export interface StaffFilter {
  kind?: FeedbackKind | undefined;
  status?: FeedbackStatus | undefined;
  from: string;
  to: string;
  /** Lower case. */
  text: string;
}

/** The staff filter after WHERE's tenant: kind, dates (China days), words; the state unless `withStatus` is false. */
function staffFilter(q: StaffFilter, withStatus = true) {
  const kind = q.kind ? sql`AND f.kind = ${q.kind}` : sql``;
  const status = withStatus && q.status ? sql`AND f.status = ${q.status}` : sql``;
  const from = q.from ? sql`AND f.created_at >= (${q.from}::date)::timestamp AT TIME ZONE 'Asia/Shanghai'` : sql``;
  const to = q.to ? sql`AND f.created_at < (${q.to}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai'` : sql``;
  const text = q.text
    ? sql`AND (strpos(lower(f.content), ${q.text}) > 0 OR strpos(lower(f.subject), ${q.text}) > 0
           OR strpos(lower(f.contact), ${q.text}) > 0 OR strpos(lower(r.account), ${q.text}) > 0
           OR strpos(lower(r.name), ${q.text}) > 0)`
    : sql``;
  return sql`${kind} ${status} ${from} ${to} ${text}`;
}

/** A page of the institution's messages: those waiting first (oldest first), then the rest, newest first. */
export function findQueue(
  db: Kysely<Database>,
  tenantId: number,
  q: StaffFilter & { offset: number; rows: number },
): Promise<{ total: number; rows: FeedbackRow[] }> {
  return findPage<FeedbackRow>(
    db,
    selectFeedback(tenantId, staffFilter(q)),
    sql`(status = 'submitted') DESC, CASE WHEN status = 'submitted' THEN id END ASC, id DESC`,
    q.offset,
    q.rows,
  );
}

/** The institution's messages in each state, under the filter but its state. */
export async function countByStatus(
  db: Kysely<Database>,
  tenantId: number,
  q: StaffFilter,
): Promise<Partial<Record<FeedbackStatus, number>>> {
  const { rows } = await sql<{ status: FeedbackStatus; n: number }>`
    SELECT f.status, count(*)::int AS n
    FROM feedback f JOIN reader r ON r.id = f.reader_id AND r.tenant_id = f.tenant_id
    WHERE f.tenant_id = ${tenantId} ${staffFilter(q, false)}
    GROUP BY f.status`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** Locks a message of the institution if it is at `version` and open; its state before, or undefined. */
async function lockOpen(
  db: Kysely<Database>,
  tenantId: number,
  id: number,
  version: number,
): Promise<{ status: FeedbackStatus; reader_id: number } | undefined> {
  return db
    .selectFrom('feedback')
    .select(['status', 'reader_id'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('version', '=', version)
    .where('status', '<>', 'closed')
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Adds a staff reply to a message still at `version` and open, marks it replied (or closed when
 * `close`); its state before, or undefined when it was not.
 */
export async function addReply(
  db: Kysely<Database>,
  tenantId: number,
  d: { id: number; version: number; body: string; by: string; close: boolean },
): Promise<{ status: FeedbackStatus; reader_id: number } | undefined> {
  const before = await lockOpen(db, tenantId, d.id, d.version);
  if (!before) return undefined;
  await db
    .insertInto('feedback_reply')
    .values({ feedback_id: d.id, tenant_id: tenantId, body: d.body, staff_name: d.by })
    .execute();
  await db
    .updateTable('feedback')
    .set({
      status: d.close ? 'closed' : 'replied',
      replied_at: sql`coalesce(replied_at, now())`,
      ...(d.close ? { closed_at: sql`now()`, closed_by: 'staff' as const } : {}),
      version: sql`version + 1`,
      handled_by: d.by,
      updated_at: sql`now()`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', d.id)
    .execute();
  return before;
}

/** Closes a message of the institution still at `version` and open; its state before, or undefined. */
export async function closeByStaff(
  db: Kysely<Database>,
  tenantId: number,
  d: { id: number; version: number; by: string },
): Promise<{ status: FeedbackStatus; reader_id: number } | undefined> {
  const before = await lockOpen(db, tenantId, d.id, d.version);
  if (!before) return undefined;
  await db
    .updateTable('feedback')
    .set({
      status: 'closed',
      closed_at: sql`now()`,
      closed_by: 'staff',
      version: sql`version + 1`,
      handled_by: d.by,
      updated_at: sql`now()`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', d.id)
    .execute();
  return before;
}

/** The states of the institution's messages named (those that exist). */
export function findStates(
  db: Kysely<Database>,
  tenantId: number,
  ids: number[],
): Promise<{ id: number; status: FeedbackStatus; handled_by: string | null }[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('feedback')
    .select(['id', 'status', 'handled_by'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}

export interface ExportRow extends FeedbackRow {
  replies: string;
}

/** The filtered messages, newest first, at most `limit`, each with its replies one a line. */
export async function findExport(
  db: Kysely<Database>,
  tenantId: number,
  q: StaffFilter,
  limit: number,
): Promise<ExportRow[]> {
  const { rows } = await sql<ExportRow>`
    SELECT m.*,
           coalesce((SELECT string_agg(x.body, E'\n' ORDER BY x.id) FROM feedback_reply x
                     WHERE x.feedback_id = m.id AND x.tenant_id = ${tenantId}), '') AS replies
    FROM (${selectFeedback(tenantId, staffFilter(q))}) m
    ORDER BY m.id DESC
    LIMIT ${limit}`.execute(db);
  return rows;
}
