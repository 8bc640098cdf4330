import { sql, type Kysely } from 'kysely';
import type { CommentStatus } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { findPage } from '../../lib/paged-query.js';
import type { SensitiveWord } from './sensitive-words.js';

/** An institution's sensitive words, in the order of their folded form. */
export async function findWords(db: Kysely<Database>, tenantId: number): Promise<SensitiveWord[]> {
  return db
    .selectFrom('moderation_word')
    .select(['word', 'folded'])
    .where('tenant_id', '=', tenantId)
    .orderBy('folded')
    .execute();
}

/** Replaces an institution's sensitive words with `words` (folded forms distinct). */
export async function replaceWords(db: Kysely<Database>, tenantId: number, words: SensitiveWord[]): Promise<void> {
  await db.deleteFrom('moderation_word').where('tenant_id', '=', tenantId).execute();
  if (words.length)
    await db
      .insertInto('moderation_word')
      .values(words.map((w) => ({ tenant_id: tenantId, word: w.word, folded: w.folded })))
      .execute();
}

/** A batch of waiting comments after `afterId`, by id (to flag them again when the words change). */
export async function findPendingTexts(
  db: Kysely<Database>,
  tenantId: number,
  afterId: number,
  limit: number,
): Promise<{ id: number; content: string; flagged_words: string[] }[]> {
  const rows = await db
    .selectFrom('record_comment')
    .select(['id', 'content', 'flagged_words'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'pending')
    .where('id', '>', String(afterId))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), content: r.content, flagged_words: r.flagged_words }));
}

/** Sets the sensitive words a comment contains. */
export async function setFlags(db: Kysely<Database>, tenantId: number, id: number, words: string[]): Promise<void> {
  await db
    .updateTable('record_comment')
    .set({ flagged_words: words })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', String(id))
    .execute();
}

export interface QueueRow {
  id: string;
  record_id: number;
  title: string;
  account: string | null;
  reader_name: string;
  content: string;
  score: number | null;
  status: CommentStatus;
  reject_reason: string | null;
  created_at: string;
  moderated_at: string | null;
  moderated_by: string | null;
}

const ISO = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

/**
 * A page of an institution's comments in one state, with the record's title, the reader's account
 * and rating: oldest (or newest) first; among those waiting, flagged ones before the others.
 * `text` (lower case) matches the comment or the record's title.
 */
export async function findQueue(
  db: Kysely<Database>,
  tenantId: number,
  q: { status: CommentStatus; newestFirst: boolean; text: string; recordId?: number; offset: number; rows: number },
): Promise<{ total: number; rows: QueueRow[] }> {
  const textFilter = q.text
    ? sql`AND (strpos(lower(c.content), ${q.text}) > 0 OR strpos(lower(b.title), ${q.text}) > 0)`
    : sql``;
  const recordFilter = q.recordId === undefined ? sql`` : sql`AND c.record_id = ${q.recordId}`;
  const select = sql`
    SELECT c.id::text AS id, c.record_id, b.title, rd.account, c.reader_name, c.content, r.score, c.status,
           c.reject_reason, c.created_at AS created, ${ISO('c.created_at')} AS created_at,
           ${ISO('c.moderated_at')} AS moderated_at, c.moderated_by,
           (${q.status === 'pending'} AND cardinality(c.flagged_words) > 0) AS flagged
    FROM record_comment c
    JOIN bib_record b ON b.record_id = c.record_id
    LEFT JOIN reader rd ON rd.tenant_id = c.tenant_id AND rd.id = c.reader_id
    LEFT JOIN record_rating r ON r.record_id = c.record_id AND r.reader_id = c.reader_id
    WHERE c.tenant_id = ${tenantId} AND c.status = ${q.status} ${textFilter} ${recordFilter}`;
  const order = q.newestFirst
    ? sql`flagged DESC, created DESC, id::bigint DESC`
    : sql`flagged DESC, created ASC, id::bigint ASC`;
  return findPage<QueueRow>(db, select, order, q.offset, q.rows);
}

/** How many comments of the institution wait for staff. */
export async function countPending(db: Kysely<Database>, tenantId: number): Promise<number> {
  const row = await db
    .selectFrom('record_comment')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A comment a decision changed: its record and reader, and its reason before. */
export interface DecidedRow {
  id: string;
  record_id: number;
  reader_id: number;
  before_reason: string | null;
  /** The record's title and the comment's first words: what the reader is told about. */
  title: string;
  content: string;
}

/**
 * Moves the comments among `ids` that are still in state `from` to `to` with the reason, in one
 * guarded UPDATE: a comment another moderator moved meanwhile is left as it is (and absent from
 * the answer). Returns the comments changed.
 */
export async function decide(
  db: Kysely<Database>,
  tenantId: number,
  d: { ids: number[]; from: CommentStatus; to: CommentStatus; reason: string | null; by: string },
): Promise<DecidedRow[]> {
  const { rows } = await sql<DecidedRow>`
    UPDATE record_comment c
    SET status = ${d.to}, reject_reason = ${d.reason}, moderated_at = now(), moderated_by = ${d.by}
    FROM record_comment o
    WHERE o.id = c.id AND c.tenant_id = ${tenantId} AND c.id = ANY(${d.ids.map(String)}::bigint[])
      AND c.status = ${d.from}
    RETURNING c.id::text AS id, c.record_id, c.reader_id, o.reject_reason AS before_reason, c.content,
              (SELECT b.title FROM bib_record b WHERE b.record_id = c.record_id) AS title`.execute(db);
  return rows;
}

/** The state of the comments among `ids` of the institution, and who decided it. */
export async function findStates(
  db: Kysely<Database>,
  tenantId: number,
  ids: number[],
): Promise<{ id: number; status: CommentStatus; moderated_by: string | null }[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('record_comment')
    .select(['id', 'status', 'moderated_by'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids.map(String))
    .execute();
  return rows.map((r) => ({ id: Number(r.id), status: r.status, moderated_by: r.moderated_by }));
}
