import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findPage } from '../../lib/paged-query.js';
import type { BriefRow } from '../record-detail/record-brief.js';

/** Average (one decimal) and number of ratings of a record. */
export interface ScoreRow {
  record_id: number;
  avg_score: number;
  rating_count: number;
}

/** Ratings of the records among `ids` (records without ratings are absent). */
export async function findScores(
  db: Kysely<Database>,
  tenantId: number,
  ids: number[],
): Promise<Map<number, ScoreRow>> {
  if (!ids.length) return new Map();
  const { rows } = await sql<ScoreRow>`
    SELECT record_id, round(avg(score)::numeric, 1)::float8 AS avg_score, count(*)::int AS rating_count
    FROM record_rating WHERE tenant_id = ${tenantId} AND record_id = ANY(${ids}::int[])
    GROUP BY record_id`.execute(db);
  return new Map(rows.map((r) => [r.record_id, r]));
}

/** Ratings of one record per star (index 0 = one star). */
export async function findDistribution(db: Kysely<Database>, tenantId: number, recordId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('record_rating')
    .select(['score', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('record_id', '=', recordId)
    .groupBy('score')
    .execute();
  const out = [0, 0, 0, 0, 0];
  for (const r of rows) out[r.score - 1] = Number(r.n);
  return out;
}

/** The reader's rating of the record, or null. */
export async function findReaderScore(
  db: Kysely<Database>,
  tenantId: number,
  recordId: number,
  readerId: number,
): Promise<number | null> {
  const row = await db
    .selectFrom('record_rating')
    .select('score')
    .where('tenant_id', '=', tenantId)
    .where('record_id', '=', recordId)
    .where('reader_id', '=', readerId)
    .executeTakeFirst();
  return row?.score ?? null;
}

export interface RatedRow extends BriefRow {
  doc_code: string;
  avg_score: number;
  rating_count: number;
}

/**
 * Records by average rating, best (or worst) first, among the first `limit` only; ties go to the
 * record with more ratings.
 */
export async function findRated(
  db: Kysely<Database>,
  tenantId: number,
  q: { worstFirst: boolean; docCode: string; minRatings: number; limit: number; offset: number; rows: number },
): Promise<{ total: number; rows: RatedRow[] }> {
  const order = q.worstFirst ? sql`avg_score ASC, rating_count DESC` : sql`avg_score DESC, rating_count DESC`;
  const docFilter = q.docCode ? sql`AND b.doc_code = ${q.docCode}` : sql``;
  const ranked = sql`
    SELECT r.record_id, round(avg(r.score)::numeric, 1)::float8 AS avg_score, count(*)::int AS rating_count
    FROM record_rating r JOIN bib_record b ON b.record_id = r.record_id
    WHERE r.tenant_id = ${tenantId} ${docFilter}
    GROUP BY r.record_id
    HAVING count(*) >= ${q.minRatings}`;
  const take = Math.max(0, Math.min(q.rows, q.limit - q.offset));
  const [{ rows: countRows }, { rows }] = await Promise.all([
    sql<{ n: number }>`SELECT count(*)::int AS n FROM (${ranked}) s`.execute(db),
    take === 0
      ? Promise.resolve({ rows: [] as RatedRow[] })
      : sql<RatedRow>`
          SELECT s.record_id, b.title, b.author, b.publisher, b.publish_year, b.isbns, b.doc_code,
                 s.avg_score, s.rating_count
          FROM (${ranked}) s JOIN bib_record b ON b.record_id = s.record_id
          ORDER BY ${order}, s.record_id
          LIMIT ${take} OFFSET ${q.offset}`.execute(db),
  ]);
  return { total: Math.min(countRows[0]?.n ?? 0, q.limit), rows };
}

export interface CommentRow {
  id: string;
  record_id: number;
  reader_name: string;
  content: string;
  score: number | null;
  created_at: string;
}

/** Approved comments of a record, newest first, with the commenter's current rating. */
export async function findApprovedComments(
  db: Kysely<Database>,
  tenantId: number,
  recordId: number,
  offset: number,
  rows: number,
): Promise<{ total: number; rows: CommentRow[] }> {
  const [{ rows: countRows }, { rows: list }] = await Promise.all([
    sql<{ n: number }>`
      SELECT count(*)::int AS n FROM record_comment
      WHERE tenant_id = ${tenantId} AND record_id = ${recordId} AND status = 'approved'`.execute(db),
    sql<CommentRow>`
      SELECT c.id::text AS id, c.record_id, c.reader_name, c.content, r.score,
             to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at
      FROM record_comment c
      LEFT JOIN record_rating r ON r.record_id = c.record_id AND r.reader_id = c.reader_id
      WHERE c.tenant_id = ${tenantId} AND c.record_id = ${recordId} AND c.status = 'approved'
      ORDER BY c.created_at DESC, c.id DESC
      LIMIT ${rows} OFFSET ${offset}`.execute(db),
  ]);
  return { total: countRows[0]?.n ?? 0, rows: list };
}

/** Stores a reader's comment, waiting for moderation, with the sensitive words it contains; returns its id. */
export async function insertComment(
  db: Kysely<Database>,
  c: {
    tenantId: number;
    recordId: number;
    readerId: number;
    readerName: string;
    content: string;
    flaggedWords: string[];
  },
): Promise<number> {
  const row = await db
    .insertInto('record_comment')
    .values({
      tenant_id: c.tenantId,
      record_id: c.recordId,
      reader_id: c.readerId,
      reader_name: c.readerName,
      content: c.content,
      flagged_words: c.flaggedWords,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The name a reader's comments are shown under: the reader's name, else the account. */
export async function findReaderDisplayName(db: Kysely<Database>, tenantId: number, readerId: number): Promise<string> {
  const row = await db
    .selectFrom('reader')
    .select(['name', 'account'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', readerId)
    .executeTakeFirst();
  return row ? row.name.trim() || row.account : '';
}

/** Stores a reader's rating of a record, replacing an earlier one. */
export async function upsertRating(
  db: Kysely<Database>,
  r: { tenantId: number; recordId: number; readerId: number; score: number },
): Promise<void> {
  await sql`
    INSERT INTO record_rating (tenant_id, record_id, reader_id, score) VALUES (${r.tenantId}, ${r.recordId}, ${r.readerId}, ${r.score})
    ON CONFLICT (record_id, reader_id) DO UPDATE SET score = EXCLUDED.score, updated_at = now()`.execute(db);
}

export interface OwnCommentRow {
  id: string;
  record_id: number;
  title: string;
  content: string;
  status: 'pending' | 'approved' | 'rejected';
  reject_reason: string | null;
  created_at: string;
  moderated_at: string | null;
}

/** A reader's own comments in every state, newest first, with the record's title. */
export async function findReaderComments(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  offset: number,
  rows: number,
): Promise<{ total: number; rows: OwnCommentRow[] }> {
  return findPage<OwnCommentRow>(
    db,
    sql`
      SELECT c.id::text AS id, c.record_id, b.title, c.content, c.status, c.reject_reason, c.created_at AS created,
             to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
             to_char(c.moderated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS moderated_at
      FROM record_comment c JOIN bib_record b ON b.record_id = c.record_id
      WHERE c.tenant_id = ${tenantId} AND c.reader_id = ${readerId}`,
    sql`created DESC, id::bigint DESC`,
    offset,
    rows,
  );
}
