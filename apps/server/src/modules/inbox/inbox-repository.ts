import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The reader's inbox and the library's notices. Every function is scoped by institution, and the
 * reader's by reader too: a message id of another reader names nothing here. The inbox is the
 * rows of channel 'inbox' not deleted (phone and mail rows are what the default SMS and mail
 * providers delivered: codes a screen should not show again).
 */

type Q = Kysely<Database>;

/** A message as the inbox lists it; a notice's copy takes the notice's subject, body and format. */
export interface MessageRow {
  id: number;
  subject: string;
  body: string;
  format: 'text' | 'html';
  notice_id: number | null;
  created_at: string;
  read_at: string | null;
}

/** The reader's messages shown in the inbox (channel inbox, not deleted). */
function shown(db: Q, tenantId: number, readerId: number) {
  return db
    .selectFrom('reader_inbox as m')
    .where('m.tenant_id', '=', tenantId)
    .where('m.reader_id', '=', readerId)
    .where('m.channel', '=', 'inbox')
    .where('m.deleted_at', 'is', null);
}

/** The columns of a message; `bodyChars` cuts the body (a list's preview) or not (0). */
function messageColumns(bodyChars: number) {
  const body = (expr: ReturnType<typeof sql<string>>) =>
    bodyChars > 0 ? sql<string>`left(${expr}, ${bodyChars})` : expr;
  return [
    sql<number>`m.id`.as('id'),
    sql<string>`coalesce(n.subject, m.subject)`.as('subject'),
    body(sql<string>`coalesce(n.body, m.body)`).as('body'),
    sql<'text' | 'html'>`coalesce(n.body_format, 'text')`.as('format'),
    sql<number | null>`m.notice_id`.as('notice_id'),
    sql<string>`to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('created_at'),
    sql<string | null>`to_char(m.read_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('read_at'),
  ] as const;
}

/** A page of the reader's messages, newest first, and how many there are. */
export async function findMessagePage(
  db: Q,
  tenantId: number,
  readerId: number,
  o: { unreadOnly: boolean; offset: number; rows: number; bodyChars: number },
): Promise<{ total: number; rows: MessageRow[] }> {
  let base = shown(db, tenantId, readerId);
  if (o.unreadOnly) base = base.where('m.read_at', 'is', null);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .leftJoin('library_notice as n', (j) =>
        j.onRef('n.id', '=', 'm.notice_id').onRef('n.tenant_id', '=', 'm.tenant_id'),
      )
      .select(messageColumns(o.bodyChars))
      .orderBy('m.id', 'desc')
      .offset(o.offset)
      .limit(o.rows)
      .execute(),
  ]);
  return { total: Number(count?.n ?? 0), rows: rows.map(normalise) };
}

/** One of the reader's messages shown in the inbox. */
export async function findMessage(
  db: Q,
  tenantId: number,
  readerId: number,
  id: number,
): Promise<MessageRow | undefined> {
  const row = await shown(db, tenantId, readerId)
    .leftJoin('library_notice as n', (j) =>
      j.onRef('n.id', '=', 'm.notice_id').onRef('n.tenant_id', '=', 'm.tenant_id'),
    )
    .select(messageColumns(0))
    .where('m.id', '=', id)
    .executeTakeFirst();
  return row && normalise(row);
}

const normalise = (r: MessageRow): MessageRow => ({
  ...r,
  id: Number(r.id),
  notice_id: r.notice_id === null ? null : Number(r.notice_id),
});

/** The reader's unread messages. */
export async function countUnread(db: Q, tenantId: number, readerId: number): Promise<number> {
  const row = await shown(db, tenantId, readerId)
    .where('m.read_at', 'is', null)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Marks the reader's unread messages read: those of `ids`, or (ids null) all up to `upToId`.
 * Guarded by `read_at IS NULL`: a second mark (another tab) changes nothing. How many it marked.
 */
export async function markRead(
  db: Q,
  tenantId: number,
  readerId: number,
  which: { ids: number[] } | { upToId: number | null },
): Promise<number> {
  let q = db
    .updateTable('reader_inbox as m')
    .set({ read_at: sql`now()` })
    .where('m.tenant_id', '=', tenantId)
    .where('m.reader_id', '=', readerId)
    .where('m.channel', '=', 'inbox')
    .where('m.deleted_at', 'is', null)
    .where('m.read_at', 'is', null);
  if ('ids' in which) q = q.where('m.id', 'in', which.ids);
  else if (which.upToId !== null) q = q.where('m.id', '<=', which.upToId);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * Deletes the reader's messages (kept, marked deleted): those of `ids`, or (ids null) all up to
 * `upToId`. One guarded UPDATE: a second delete (another tab) changes nothing. How many it deleted.
 */
export async function deleteMessages(
  db: Q,
  tenantId: number,
  readerId: number,
  which: { ids: number[] } | { upToId: number | null },
): Promise<number> {
  let q = db
    .updateTable('reader_inbox as m')
    .set({ deleted_at: sql`now()` })
    .where('m.tenant_id', '=', tenantId)
    .where('m.reader_id', '=', readerId)
    .where('m.channel', '=', 'inbox')
    .where('m.deleted_at', 'is', null);
  if ('ids' in which) q = q.where('m.id', 'in', which.ids);
  else if (which.upToId !== null) q = q.where('m.id', '<=', which.upToId);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

// ---- the library's notices ---------------------------------------------------------------------

export interface NoticeRow {
  id: number;
  subject: string;
  body: string;
  body_format: 'text' | 'html';
  reader_types: string[];
  status: 'sent' | 'withdrawn';
  recipients: number;
  read_count: number;
  sent_by: string;
  created_at: string;
  withdrawn_at: string | null;
}

const iso = (col: string) => sql<string>`to_char(${sql.ref(col)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

function noticeSelect(db: Q, tenantId: number) {
  return db
    .selectFrom('library_notice as n')
    .where('n.tenant_id', '=', tenantId)
    .select([
      'n.id',
      'n.subject',
      'n.body',
      'n.body_format',
      'n.reader_types',
      'n.status',
      'n.recipients',
      'n.sent_by',
      iso('n.created_at').as('created_at'),
      sql<string | null>`${iso('n.withdrawn_at')}`.as('withdrawn_at'),
      // Read copies, deleted or not: a reader who read it and tidied their inbox has read it.
      sql<number>`(SELECT count(*)::int FROM reader_inbox m
                   WHERE m.tenant_id = n.tenant_id AND m.notice_id = n.id AND m.read_at IS NOT NULL)`.as('read_count'),
    ]);
}

const noticeOf = (r: NoticeRow): NoticeRow => ({ ...r, id: Number(r.id) });

/** A page of the institution's notices, newest first. */
export async function findNoticePage(
  db: Q,
  tenantId: number,
  o: { offset: number; rows: number },
): Promise<{ total: number; rows: NoticeRow[] }> {
  const [count, rows] = await Promise.all([
    db
      .selectFrom('library_notice')
      .where('tenant_id', '=', tenantId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
    noticeSelect(db, tenantId)
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .offset(o.offset)
      .limit(o.rows)
      .execute(),
  ]);
  return { total: Number(count?.n ?? 0), rows: (rows as NoticeRow[]).map(noticeOf) };
}

export async function findNotice(db: Q, tenantId: number, id: number): Promise<NoticeRow | undefined> {
  const row = await noticeSelect(db, tenantId).where('n.id', '=', id).executeTakeFirst();
  return row && noticeOf(row as NoticeRow);
}

/** The notice sent with this request key, if any. */
export async function findNoticeIdByKey(db: Q, tenantId: number, requestKey: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('library_notice')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/**
 * Writes a notice, unless one with its request key exists (a second send): its id, and whether
 * this call wrote it.
 */
export async function insertNotice(
  db: Q,
  tenantId: number,
  n: {
    requestKey: string;
    subject: string;
    body: string;
    format: 'text' | 'html';
    readerTypes: string[];
    staffId: number | null;
    sentBy: string;
  },
): Promise<number | undefined> {
  const row = await db
    .insertInto('library_notice')
    .values({
      tenant_id: tenantId,
      request_key: n.requestKey,
      subject: n.subject,
      body: n.body,
      body_format: n.format,
      reader_types: n.readerTypes,
      staff_id: n.staffId,
      sent_by: n.sentBy,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'request_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/**
 * Puts the notice in the inbox of every reader of the institution (of `readerTypes` when any), once
 * per reader (the unique copy: a repeat puts none twice), and records how many it reached.
 */
export async function fanOutNotice(db: Q, tenantId: number, noticeId: number, readerTypes: string[]): Promise<number> {
  const typed = readerTypes.length ? sql`AND r.reader_type = ANY(${sql.val(readerTypes)}::text[])` : sql``;
  await sql`
    INSERT INTO reader_inbox (tenant_id, reader_id, channel, target, subject, body, notice_id)
    SELECT r.tenant_id, r.id, 'inbox', '', '', '', ${noticeId}::bigint
    FROM reader r
    WHERE r.tenant_id = ${tenantId} ${typed}
    ON CONFLICT (notice_id, reader_id) WHERE notice_id IS NOT NULL DO NOTHING`.execute(db);
  const res = await sql<{ n: number }>`
    UPDATE library_notice SET recipients =
      (SELECT count(*)::int FROM reader_inbox WHERE tenant_id = ${tenantId} AND notice_id = ${noticeId}::bigint)
    WHERE tenant_id = ${tenantId} AND id = ${noticeId}::bigint
    RETURNING recipients AS n`.execute(db);
  return res.rows[0]?.n ?? 0;
}

/** Marks a sent notice withdrawn (guarded: once); whether it did. */
export async function markNoticeWithdrawn(db: Q, tenantId: number, id: number): Promise<boolean> {
  const r = await db
    .updateTable('library_notice')
    .set({ status: 'withdrawn', withdrawn_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', 'sent')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Removes the notice's copies not read yet (deleted or not): how many. */
export async function removeUnreadCopies(db: Q, tenantId: number, noticeId: number): Promise<number> {
  const r = await db
    .deleteFrom('reader_inbox')
    .where('tenant_id', '=', tenantId)
    .where('notice_id', '=', noticeId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The institution's readers: all of them, and by reader type (those with one), most first. */
export async function findReaderTypes(
  db: Q,
  tenantId: number,
): Promise<{ readers: number; types: { readerType: string; readers: number }[] }> {
  const rows = await db
    .selectFrom('reader')
    .select(['reader_type', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .groupBy('reader_type')
    .execute();
  const types = rows
    .filter((r) => r.reader_type !== '')
    .map((r) => ({ readerType: r.reader_type, readers: Number(r.n) }))
    .sort((a, b) => b.readers - a.readers || a.readerType.localeCompare(b.readerType));
  return { readers: rows.reduce((sum, r) => sum + Number(r.n), 0), types };
}
