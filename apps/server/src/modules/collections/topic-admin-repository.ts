import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { BriefRow } from '../record-detail/record-brief.js';

/**
 * The console's side of topics (专题): every topic of the institution (hidden ones too), guarded
 * saves and deletes, and the records listed by hand. Every function is scoped by institution:
 * another institution's topic or record names nothing.
 */

type Q = Kysely<Database>;

/** A topic as the console edits it. */
export interface AdminTopicRow {
  id: number;
  title: string;
  title_tw: string;
  title_en: string;
  description: string;
  description_tw: string;
  description_en: string;
  cover_url: string;
  search_words: string;
  seq: number;
  hidden: boolean;
  view_count: number;
  listed_count: number;
  /** updated_at to the microsecond, as text: the version a save or delete names. */
  version: string;
}

const VERSION = sql`to_char(t.updated_at AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISSUS')`;

const COLUMNS = sql`t.id, t.title, t.title_tw, t.title_en, t.description, t.description_tw, t.description_en,
  t.cover_url, t.search_words, t.seq, t.hidden, t.view_count,
  (SELECT count(*)::int FROM book_topic_record r WHERE r.topic_id = t.id AND r.tenant_id = t.tenant_id)
    AS listed_count,
  ${VERSION} AS version`;

/** Every topic of the institution in the library's order (the order of `/find/bookTopic/list`). */
export async function findAdminTopics(db: Q, tenantId: number): Promise<AdminTopicRow[]> {
  const { rows } = await sql<AdminTopicRow>`SELECT ${COLUMNS} FROM book_topic t
    WHERE t.tenant_id = ${tenantId} ORDER BY t.seq, t.id`.execute(db);
  return rows;
}

/** One topic of the institution, hidden or not. */
export async function findAdminTopic(db: Q, tenantId: number, id: number): Promise<AdminTopicRow | undefined> {
  const { rows } = await sql<AdminTopicRow>`SELECT ${COLUMNS} FROM book_topic t
    WHERE t.tenant_id = ${tenantId} AND t.id = ${id}`.execute(db);
  return rows[0];
}

export interface TopicFields {
  title: string;
  titleTw: string;
  titleEn: string;
  description: string;
  descriptionTw: string;
  descriptionEn: string;
  coverUrl: string;
  searchWords: string;
  seq: number;
  hidden: boolean;
}

/** Adds a topic (order 0: after the others); its id. */
export async function createTopic(db: Q, tenantId: number, f: TopicFields): Promise<number> {
  const { rows } = await sql<{ id: number }>`INSERT INTO book_topic (tenant_id, title, title_tw, title_en,
      description, description_tw, description_en, cover_url, search_words, seq, hidden)
    VALUES (${tenantId}, ${f.title}, ${f.titleTw}, ${f.titleEn}, ${f.description}, ${f.descriptionTw},
      ${f.descriptionEn}, ${f.coverUrl}, ${f.searchWords},
      CASE WHEN ${f.seq}::int > 0 THEN ${f.seq}::int
        ELSE coalesce((SELECT max(seq) FROM book_topic WHERE tenant_id = ${tenantId}), 0) + 1 END, ${f.hidden})
    RETURNING id`.execute(db);
  return rows[0]!.id;
}

/** Changes a topic if it is still at `version`; whether it did. */
export async function updateTopic(db: Q, tenantId: number, id: number, version: string, f: TopicFields) {
  const { rows } = await sql`UPDATE book_topic t SET title = ${f.title}, title_tw = ${f.titleTw},
      title_en = ${f.titleEn}, description = ${f.description}, description_tw = ${f.descriptionTw},
      description_en = ${f.descriptionEn}, cover_url = ${f.coverUrl}, search_words = ${f.searchWords},
      seq = ${f.seq}, hidden = ${f.hidden},
      updated_at = greatest(clock_timestamp(), t.updated_at + interval '1 microsecond')
    WHERE t.tenant_id = ${tenantId} AND t.id = ${id} AND ${VERSION} = ${version} RETURNING t.id`.execute(db);
  return rows.length > 0;
}

/** The institution's topic ids, locked until the transaction ends (a new order names each once). */
export async function lockTopicIds(db: Q, tenantId: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`SELECT id FROM book_topic WHERE tenant_id = ${tenantId}
    ORDER BY id FOR UPDATE`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * Numbers the topics 1, 2, … in the order of `ids`; a topic whose place changes gets a new version,
 * so that an edit form opened before does not put its old place back.
 */
export async function renumberTopics(db: Q, tenantId: number, ids: number[]): Promise<void> {
  await sql`UPDATE book_topic t SET seq = x.ord,
      updated_at = greatest(clock_timestamp(), t.updated_at + interval '1 microsecond')
    FROM unnest(${ids}::int[]) WITH ORDINALITY AS x(id, ord)
    WHERE t.tenant_id = ${tenantId} AND t.id = x.id AND t.seq <> x.ord`.execute(db);
}

/** Deletes a topic if it is still at `version` (its listed records go with it); whether it did. */
export async function deleteTopic(db: Q, tenantId: number, id: number, version: string): Promise<boolean> {
  const { rows } = await sql`DELETE FROM book_topic t
    WHERE t.tenant_id = ${tenantId} AND t.id = ${id} AND ${VERSION} = ${version} RETURNING t.id`.execute(db);
  return rows.length > 0;
}

/** A page of the records listed in a topic, in order (suppressed ones too: staff see what they listed). */
export async function findTopicListed(db: Q, tenantId: number, topicId: number, page: number, rows: number) {
  const [{ rows: count }, { rows: list }] = await Promise.all([
    sql<{ n: number }>`SELECT count(*)::int AS n FROM book_topic_record
      WHERE tenant_id = ${tenantId} AND topic_id = ${topicId}`.execute(db),
    sql<BriefRow>`SELECT b.record_id, b.title, b.author, b.publisher, b.publish_year, b.isbns
      FROM book_topic_record r JOIN bib_record b ON b.record_id = r.record_id AND b.tenant_id = r.tenant_id
      WHERE r.tenant_id = ${tenantId} AND r.topic_id = ${topicId}
      ORDER BY r.seq, r.record_id LIMIT ${rows} OFFSET ${(page - 1) * rows}`.execute(db),
  ]);
  return { total: count[0]?.n ?? 0, rows: list };
}

/** Lists a record at the end of a topic (once); whether it was added. */
export async function addTopicRecord(db: Q, tenantId: number, topicId: number, recordId: number): Promise<boolean> {
  const { rows } = await sql`INSERT INTO book_topic_record (topic_id, record_id, tenant_id, seq)
    SELECT ${topicId}, ${recordId}, ${tenantId},
      coalesce((SELECT max(seq) FROM book_topic_record WHERE tenant_id = ${tenantId} AND topic_id = ${topicId}), 0) + 1
    ON CONFLICT (topic_id, record_id) DO NOTHING RETURNING record_id`.execute(db);
  return rows.length > 0;
}

/** Takes a listed record out of a topic; whether it was there. */
export async function removeTopicRecord(db: Q, tenantId: number, topicId: number, recordId: number): Promise<boolean> {
  const { rows } = await sql`DELETE FROM book_topic_record
    WHERE tenant_id = ${tenantId} AND topic_id = ${topicId} AND record_id = ${recordId} RETURNING record_id`.execute(
    db,
  );
  return rows.length > 0;
}

/** How many records are listed in a topic. */
export async function countTopicListed(db: Q, tenantId: number, topicId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM book_topic_record
    WHERE tenant_id = ${tenantId} AND topic_id = ${topicId}`.execute(db);
  return rows[0]?.n ?? 0;
}
