import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { BriefRow } from '../record-detail/record-brief.js';

type Q = Kysely<Database>;

/** A special collection or special library as stored, with its counts. */
export interface PackageRow {
  id: number;
  kind: 'collection' | 'base';
  code: string;
  parent_id: number | null;
  name: string;
  name_tw: string;
  name_en: string;
  description: string;
  description_tw: string;
  description_en: string;
  cover_url: string;
  rule_kind: 'callPrefix' | 'classPrefix' | 'subject' | null;
  rule_value: string;
  child_count: number;
}

const PACKAGE_COLUMNS = sql`p.id, p.kind, p.code, p.parent_id, p.name, p.name_tw, p.name_en, p.description,
  p.description_tw, p.description_en, p.cover_url, p.rule_kind, p.rule_value,
  (SELECT count(*)::int FROM special_package c WHERE c.parent_id = p.id AND c.tenant_id = p.tenant_id AND NOT c.hidden)
    AS child_count`;

/** The packages readers see of a kind: top level (`parentId` 0) or the children of one, in the library's order. */
export async function findPackages(
  db: Q,
  tenantId: number,
  kind: 'collection' | 'base',
  parentId: number,
): Promise<PackageRow[]> {
  const parent = parentId ? sql`p.parent_id = ${parentId}` : sql`p.parent_id IS NULL`;
  const { rows } = await sql<PackageRow>`SELECT ${PACKAGE_COLUMNS} FROM special_package p
    WHERE p.tenant_id = ${tenantId} AND p.kind = ${kind} AND NOT p.hidden AND ${parent}
    ORDER BY p.seq, p.id`.execute(db);
  return rows;
}

/** One package readers see (not hidden, its parent not hidden either). */
export async function findPackage(db: Q, tenantId: number, id: number): Promise<PackageRow | undefined> {
  const { rows } = await sql<PackageRow>`SELECT ${PACKAGE_COLUMNS} FROM special_package p
    WHERE p.tenant_id = ${tenantId} AND p.id = ${id} AND NOT p.hidden
      AND NOT EXISTS (SELECT 1 FROM special_package q WHERE q.id = p.parent_id AND q.hidden)`.execute(db);
  return rows[0];
}

/** Every visible special collection's id and names (the module dictionary's `collections`). */
export async function findCollectionNames(db: Q, tenantId: number): Promise<PackageRow[]> {
  const { rows } = await sql<PackageRow>`SELECT ${PACKAGE_COLUMNS} FROM special_package p
    WHERE p.tenant_id = ${tenantId} AND p.kind = 'collection' AND NOT p.hidden ORDER BY p.seq, p.id`.execute(db);
  return rows;
}

/** The record ids a package holds: those listed (their order) and those its rule takes (after, by title). */
function membersOf(tenantId: number, p: Pick<PackageRow, 'id' | 'rule_kind' | 'rule_value'>): RawBuilder<unknown> {
  const listed = sql`SELECT r.record_id, r.seq FROM special_package_record r
    WHERE r.tenant_id = ${tenantId} AND r.package_id = ${p.id}`;
  const value = p.rule_value.trim();
  if (!p.rule_kind || !value) return listed;
  const prefix = value.toUpperCase().slice(0, 32);
  const rule =
    p.rule_kind === 'subject'
      ? sql`${value} = ANY(b.subjects)`
      : p.rule_kind === 'callPrefix'
        ? sql`b.call_prefixes @> ARRAY[${prefix}]::text[]`
        : sql`b.class_prefixes @> ARRAY[${prefix}]::text[]`;
  return sql`${listed} UNION ALL SELECT b.record_id, 2147483647 AS seq FROM bib_record b
    WHERE b.tenant_id = ${tenantId} AND ${rule}`;
}

/**
 * The records whose collections a change of this package can change: those the search has in it now
 * and those it holds as it is now (listed, or taken by its rule).
 */
export async function findPackageReach(
  db: Q,
  tenantId: number,
  p: Pick<PackageRow, 'id' | 'rule_kind' | 'rule_value'>,
): Promise<number[]> {
  const { rows } = await sql<{ record_id: number }>`
    SELECT b.record_id FROM bib_record b WHERE b.tenant_id = ${tenantId} AND b.collection_ids @> ARRAY[${String(p.id)}]
    UNION SELECT m.record_id FROM (${membersOf(tenantId, p)}) m`.execute(db);
  return rows.map((r) => r.record_id);
}

/** A record of a package or topic as a list shows it. */
export interface MemberRow extends BriefRow {
  call_no: string | null;
  has_ecopy: boolean;
}

const MEMBER_COLUMNS = sql`b.record_id, b.title, b.author, b.publisher, b.publish_year, b.isbns,
  b.call_numbers[1] AS call_no, (b.e_count > 0 OR jsonb_array_length(b.links) > 0) AS has_ecopy`;

/** LIKE patterns of the words of a query (at most 8, any case). */
function likePatterns(q: string): string[] {
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/** Words of a title or author (of the rows named `alias`), each to be found (any case). */
function wordsMatch(q: string, alias = 'b'): RawBuilder<unknown> {
  const t = sql.ref(`${alias}.title`);
  const a = sql.ref(`${alias}.author`);
  const words = likePatterns(q);
  if (!words.length) return sql`true`;
  return sql.join(
    words.map((w) => sql`(lower(${t}) LIKE ${w} OR lower(${a}) LIKE ${w})`),
    sql` AND `,
  );
}

/** A page of a package's records readers see, and how many there are. */
export async function findPackageRecords(
  db: Q,
  tenantId: number,
  p: Pick<PackageRow, 'id' | 'rule_kind' | 'rule_value'>,
  q: string,
  offset: number,
  rows: number,
): Promise<{ total: number; rows: MemberRow[] }> {
  const members = membersOf(tenantId, p);
  const { rows: counted } = await sql<{ n: number }>`SELECT count(DISTINCT m.record_id)::int AS n
    FROM (${members}) m JOIN bib_record b ON b.record_id = m.record_id AND b.tenant_id = ${tenantId}
    WHERE NOT b.suppressed AND ${wordsMatch(q)}`.execute(db);
  const { rows: found } = await sql<MemberRow>`SELECT ${MEMBER_COLUMNS}
    FROM (SELECT record_id, min(seq) AS seq FROM (${members}) m0 GROUP BY record_id) m
    JOIN bib_record b ON b.record_id = m.record_id AND b.tenant_id = ${tenantId}
    WHERE NOT b.suppressed AND ${wordsMatch(q)}
    ORDER BY m.seq, b.title_sort, b.record_id
    OFFSET ${offset} LIMIT ${rows}`.execute(db);
  return { total: counted[0]?.n ?? 0, rows: found };
}

/** How many records readers see in each package. */
export async function countPackageRecords(
  db: Q,
  tenantId: number,
  p: Pick<PackageRow, 'id' | 'rule_kind' | 'rule_value'>,
): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(DISTINCT m.record_id)::int AS n
    FROM (${membersOf(tenantId, p)}) m JOIN bib_record b ON b.record_id = m.record_id AND b.tenant_id = ${tenantId}
    WHERE NOT b.suppressed`.execute(db);
  return rows[0]?.n ?? 0;
}

/** A package as the loader writes it. */
export interface PackageInput {
  kind: 'collection' | 'base';
  code: string;
  parentId: number | null;
  name: string;
  nameTw?: string;
  nameEn?: string;
  description?: string;
  descriptionTw?: string;
  descriptionEn?: string;
  coverUrl?: string;
  ruleKind?: 'callPrefix' | 'classPrefix' | 'subject' | null;
  ruleValue?: string;
  seq?: number;
  hidden?: boolean;
}

/** Writes a package by its code (created, or its fields replaced); its id. */
export async function upsertPackage(db: Q, tenantId: number, p: PackageInput): Promise<number> {
  const { rows } = await sql<{ id: number }>`INSERT INTO special_package
      (tenant_id, kind, code, parent_id, name, name_tw, name_en, description, description_tw, description_en,
       cover_url, rule_kind, rule_value, seq, hidden)
    VALUES (${tenantId}, ${p.kind}, ${p.code}, ${p.parentId}, ${p.name}, ${p.nameTw ?? ''}, ${p.nameEn ?? ''},
      ${p.description ?? ''}, ${p.descriptionTw ?? ''}, ${p.descriptionEn ?? ''}, ${p.coverUrl ?? ''},
      ${p.ruleKind ?? null}, ${p.ruleValue ?? ''}, ${p.seq ?? 0}, ${p.hidden ?? false})
    ON CONFLICT (tenant_id, code) DO UPDATE SET kind = EXCLUDED.kind, parent_id = EXCLUDED.parent_id,
      name = EXCLUDED.name, name_tw = EXCLUDED.name_tw, name_en = EXCLUDED.name_en,
      description = EXCLUDED.description, description_tw = EXCLUDED.description_tw,
      description_en = EXCLUDED.description_en, cover_url = EXCLUDED.cover_url, rule_kind = EXCLUDED.rule_kind,
      rule_value = EXCLUDED.rule_value, seq = EXCLUDED.seq, hidden = EXCLUDED.hidden, updated_at = now()
    RETURNING id`.execute(db);
  return rows[0]!.id;
}

/** A package of the institution by its code (any state), for the loader. */
export async function findPackageByCode(
  db: Q,
  tenantId: number,
  code: string,
): Promise<{ id: number; kind: string } | undefined> {
  const { rows } = await sql<{ id: number; kind: string }>`SELECT id, kind FROM special_package
    WHERE tenant_id = ${tenantId} AND code = ${code}`.execute(db);
  return rows[0];
}

/** Lists records in a package (after those listed; a record listed already stays where it is); how many were new. */
export async function addPackageRecords(
  db: Q,
  tenantId: number,
  packageId: number,
  recordIds: number[],
): Promise<number> {
  if (!recordIds.length) return 0;
  const { rows } = await sql<{ n: number }>`WITH start AS (
      SELECT coalesce(max(seq), 0) AS s FROM special_package_record WHERE tenant_id = ${tenantId} AND package_id = ${packageId}
    ), ins AS (
      INSERT INTO special_package_record (package_id, record_id, tenant_id, seq)
      SELECT ${packageId}, b.record_id, ${tenantId}, (SELECT s FROM start) + x.ord
      FROM unnest(${recordIds}::int[]) WITH ORDINALITY AS x(id, ord)
      JOIN bib_record b ON b.record_id = x.id AND b.tenant_id = ${tenantId}
      ON CONFLICT (package_id, record_id) DO NOTHING RETURNING 1
    ) SELECT count(*)::int AS n FROM ins`.execute(db);
  return rows[0]?.n ?? 0;
}

/** The institution's records of each identifier: an ISBN-13 or a control number (001 / system number). */
export async function findRecordsByIdentifiers(
  db: Q,
  tenantId: number,
  isbns: string[],
  controlNumbers: string[],
): Promise<Array<{ record_id: number; isbns: string[]; system_numbers: string[] }>> {
  if (!isbns.length && !controlNumbers.length) return [];
  const { rows } = await sql<{ record_id: number; isbns: string[]; system_numbers: string[] }>`SELECT b.record_id,
      b.isbns, b.system_numbers FROM bib_record b
    WHERE b.tenant_id = ${tenantId} AND (b.isbns && ${isbns}::text[] OR b.system_numbers && ${controlNumbers}::text[])
    ORDER BY b.record_id`.execute(db);
  return rows;
}

/** A topic as stored. */
export interface TopicRow {
  id: number;
  title: string;
  title_tw: string;
  title_en: string;
  description: string;
  description_tw: string;
  description_en: string;
  search_words: string;
  cover_url: string;
  view_count: number;
  listed_count: number;
}

const TOPIC_COLUMNS = sql`t.id, t.title, t.title_tw, t.title_en, t.description, t.description_tw, t.description_en,
  t.search_words, t.cover_url, t.view_count,
  (SELECT count(*)::int FROM book_topic_record r JOIN bib_record b ON b.record_id = r.record_id
    WHERE r.topic_id = t.id AND r.tenant_id = t.tenant_id AND NOT b.suppressed) AS listed_count`;

/** A page of the topics readers see: most viewed first (`hot`) or in the library's order. */
export async function findTopics(
  db: Q,
  tenantId: number,
  hot: boolean,
  offset: number,
  rows: number,
): Promise<{ total: number; rows: TopicRow[] }> {
  const order = hot ? sql`t.view_count DESC, t.id DESC` : sql`t.seq, t.id`;
  const { rows: counted } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM book_topic t
    WHERE t.tenant_id = ${tenantId} AND NOT t.hidden`.execute(db);
  const { rows: found } = await sql<TopicRow>`SELECT ${TOPIC_COLUMNS} FROM book_topic t
    WHERE t.tenant_id = ${tenantId} AND NOT t.hidden ORDER BY ${order} OFFSET ${offset} LIMIT ${rows}`.execute(db);
  return { total: counted[0]?.n ?? 0, rows: found };
}

/** Counts a view of a topic readers see; the topic after it, or undefined. */
export async function viewTopic(db: Q, tenantId: number, id: number): Promise<TopicRow | undefined> {
  await sql`UPDATE book_topic SET view_count = view_count + 1
    WHERE tenant_id = ${tenantId} AND id = ${id} AND NOT hidden`.execute(db);
  const { rows } = await sql<TopicRow>`SELECT ${TOPIC_COLUMNS} FROM book_topic t
    WHERE t.tenant_id = ${tenantId} AND t.id = ${id} AND NOT t.hidden`.execute(db);
  return rows[0];
}

/** A page of a topic's listed records readers see. */
export async function findTopicRecords(
  db: Q,
  tenantId: number,
  topicId: number,
  offset: number,
  rows: number,
): Promise<MemberRow[]> {
  const { rows: found } = await sql<MemberRow>`SELECT ${MEMBER_COLUMNS}
    FROM book_topic_record r JOIN bib_record b ON b.record_id = r.record_id AND b.tenant_id = ${tenantId}
    WHERE r.tenant_id = ${tenantId} AND r.topic_id = ${topicId} AND NOT b.suppressed
    ORDER BY r.seq, r.record_id OFFSET ${offset} LIMIT ${rows}`.execute(db);
  return found;
}

/** A topic as the seed writes it. */
export interface TopicInput {
  title: string;
  titleTw: string;
  titleEn: string;
  description: string;
  descriptionTw: string;
  descriptionEn: string;
  searchWords: string;
  viewCount: number;
  seq: number;
}

export async function insertTopic(db: Q, tenantId: number, t: TopicInput, recordIds: number[]): Promise<number> {
  const { rows } = await sql<{ id: number }>`INSERT INTO book_topic (tenant_id, title, title_tw, title_en,
      description, description_tw, description_en, search_words, view_count, seq)
    VALUES (${tenantId}, ${t.title}, ${t.titleTw}, ${t.titleEn}, ${t.description}, ${t.descriptionTw},
      ${t.descriptionEn}, ${t.searchWords}, ${t.viewCount}, ${t.seq}) RETURNING id`.execute(db);
  const id = rows[0]!.id;
  if (recordIds.length)
    await sql`INSERT INTO book_topic_record (topic_id, record_id, tenant_id, seq)
      SELECT ${id}, b.record_id, ${tenantId}, x.ord FROM unnest(${recordIds}::int[]) WITH ORDINALITY AS x(id, ord)
      JOIN bib_record b ON b.record_id = x.id AND b.tenant_id = ${tenantId}
      ON CONFLICT DO NOTHING`.execute(db);
  return id;
}

/** An e-book row of either source. */
export interface EbookRow {
  source: 'catalogue' | 'kbart';
  record_id: number | null;
  title: string;
  author: string;
  publisher: string;
  publish_year: string;
  isbn: string;
  url: string;
  package_name: string;
  added_at: Date | string;
}

/** A page of e-books: catalogue records with an electronic link and KBART monograph lines, newest first. */
export async function findEbooks(
  db: Q,
  tenantId: number,
  f: { q: string; classNo: string; letter: string },
  offset: number,
  rows: number,
): Promise<{ total: number; rows: EbookRow[] }> {
  const conds: RawBuilder<unknown>[] = [wordsMatch(f.q, 'e')];
  if (f.classNo) conds.push(sql`e.class_prefixes @> ARRAY[${f.classNo}]::text[]`);
  if (f.letter) conds.push(sql`upper(left(e.sort_key, 1)) = ${f.letter}`);
  const where = sql.join(conds, sql` AND `);
  const source = sql`SELECT 'catalogue' AS source, b.record_id, b.title, b.author, coalesce(b.publisher, '') AS publisher,
      coalesce(b.publish_year, '') AS publish_year, coalesce(b.isbns[1], '') AS isbn,
      coalesce(b.links -> 0 ->> 'url', '') AS url, '' AS package_name,
      coalesce(b.first_in_date::timestamptz, b.created_at) AS added_at, b.title_sort AS sort_key, b.class_prefixes
    FROM bib_record b
    WHERE b.tenant_id = ${tenantId} AND NOT b.suppressed AND jsonb_array_length(b.links) > 0
    UNION ALL
    SELECT 'kbart', p.record_id, t.publication_title, coalesce(t.first_author, t.first_editor, ''),
      coalesce(t.publisher_name, ''),
      left(coalesce(t.date_monograph_published_online, t.date_monograph_published_print, ''), 4),
      coalesce(t.print_identifier, t.online_identifier, ''), coalesce(t.title_url, ''),
      coalesce(nullif(c.name, ''), t.package_code), t.imported_at, coalesce(p.title_sort, t.publication_title),
      coalesce(p.class_prefixes, '{}')
    FROM e_title t
    LEFT JOIN e_collection c ON c.id = t.collection_id AND c.tenant_id = ${tenantId}
    LEFT JOIN LATERAL (SELECT b2.record_id, b2.title_sort, b2.class_prefixes FROM bib_record b2
      WHERE b2.tenant_id = ${tenantId} AND NOT b2.suppressed AND t.print_identifier IS NOT NULL
        AND b2.isbns @> ARRAY[t.print_identifier] ORDER BY b2.record_id LIMIT 1) p ON true
    WHERE t.tenant_id = ${tenantId} AND t.publication_type = 'monograph'`;
  const { rows: counted } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (${source}) e
    WHERE ${where}`.execute(db);
  const { rows: found } = await sql<EbookRow>`SELECT e.source, e.record_id, e.title, e.author, e.publisher,
      e.publish_year, e.isbn, e.url, e.package_name, e.added_at FROM (${source}) e
    WHERE ${where} ORDER BY e.added_at DESC, e.sort_key, e.record_id OFFSET ${offset} LIMIT ${rows}`.execute(db);
  return { total: counted[0]?.n ?? 0, rows: found };
}

/** The special collections readers see (top-level and shown): the home page's figure. */
export async function countSpecialCollections(db: Q, tenantId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM special_package
    WHERE tenant_id = ${tenantId} AND kind = 'collection' AND parent_id IS NULL AND NOT hidden`.execute(db);
  return rows[0]?.n ?? 0;
}
