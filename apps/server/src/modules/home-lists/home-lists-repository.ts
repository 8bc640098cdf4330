import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findPage } from '../../lib/paged-query.js';
import type { BriefRow } from '../record-detail/record-brief.js';

/** Which collections a list shows. */
export type CollectionList = 'hot' | 'new' | 'trial';

/** Days within which a collection counts as new. */
export const NEW_COLLECTION_DAYS = 365;

export interface CollectionRow {
  id: number;
  name: string;
  name_en: string;
  name_tw: string;
  description: string;
  description_en: string;
  url: string;
  image_url: string | null;
  subjects: string[];
  visit_count: number;
  added_on: string;
  trial_until: string | null;
  access_kind: string;
}

/** Hot (most visited), new (added in the last year, newest first) or trial (trial not ended) collections. */
export async function findCollections(
  db: Kysely<Database>,
  tenantId: number,
  list: CollectionList,
  offset: number,
  rows: number,
): Promise<{ total: number; rows: CollectionRow[] }> {
  const where = {
    hot: sql`true`,
    new: sql`added_on > current_date - ${NEW_COLLECTION_DAYS}::int`,
    trial: sql`trial_until >= current_date`,
  }[list];
  const order = {
    hot: sql`visit_count DESC`,
    new: sql`added_on DESC`,
    trial: sql`trial_until ASC`,
  }[list];
  const select = sql`
    SELECT id, name, name_en, name_tw, description, description_en, url, image_url, subjects, visit_count,
           to_char(added_on, 'YYYY-MM-DD') AS added_on, to_char(trial_until, 'YYYY-MM-DD') AS trial_until, seq, access_kind
    FROM e_collection
    WHERE tenant_id = ${tenantId} AND NOT hidden AND ${where}`;
  return findPage<CollectionRow>(db, select, sql`${order}, seq, id`, offset, rows);
}

/** Records per discipline code. */
export async function countByDiscipline(db: Kysely<Database>, tenantId: number): Promise<Map<string, number>> {
  const { rows } = await sql<{ code: string; n: number }>`
    SELECT d AS code, count(*)::int AS n FROM bib_record, unnest(discode1) AS d
    WHERE tenant_id = ${tenantId} GROUP BY d`.execute(db);
  return new Map(rows.map((r) => [r.code, r.n]));
}

export interface LibraryCountRow {
  lib_code: string;
  is_main: boolean;
  record_count: number;
  item_count: number;
  on_shelf_count: number;
}

/** The tenant's libraries with their records, copies and copies on shelf. */
export async function countByLibrary(db: Kysely<Database>, tenantId: number): Promise<LibraryCountRow[]> {
  const { rows } = await sql<LibraryCountRow>`
    SELECT l.lib_code, l.is_main,
           coalesce(c.record_count, 0) AS record_count, coalesce(c.item_count, 0) AS item_count,
           coalesce(c.on_shelf_count, 0) AS on_shelf_count
    FROM library l
    LEFT JOIN (
      SELECT lib_code, count(DISTINCT record_id)::int AS record_count, count(*)::int AS item_count,
             (count(*) FILTER (WHERE process_type_code = '411'))::int AS on_shelf_count
      FROM item WHERE tenant_id = ${tenantId} GROUP BY lib_code
    ) c ON c.lib_code = l.lib_code
    WHERE l.tenant_id = ${tenantId}
    ORDER BY l.seq, l.lib_code`.execute(db);
  return rows;
}

export interface BookListRow {
  id: number;
  name: string;
  name_en: string;
  name_tw: string;
  description: string;
  description_en: string;
  image_url: string | null;
  view_count: number;
  record_count: number;
  created_date: string;
}

/** Published book lists: newest first, or most viewed first (`hot`); one list when `id` is given. */
export async function findBookLists(
  db: Kysely<Database>,
  tenantId: number,
  q: { hot: boolean; id: number; offset: number; rows: number },
): Promise<{ total: number; rows: BookListRow[] }> {
  const one = q.id ? sql`AND l.id = ${q.id}` : sql``;
  const order = q.hot ? sql`view_count DESC, created_at DESC, id` : sql`created_at DESC, id`;
  const select = sql`
    SELECT l.id, l.name, l.name_en, l.name_tw, l.description, l.description_en, l.image_url, l.view_count,
           (SELECT count(*)::int FROM book_list_record r WHERE r.book_list_id = l.id) AS record_count,
           to_char(l.created_at, 'YYYY-MM-DD') AS created_date, l.created_at
    FROM book_list l
    WHERE l.tenant_id = ${tenantId} AND l.published ${one}`;
  return findPage<BookListRow>(db, select, order, q.offset, q.rows);
}

export interface BookListRecordRow extends BriefRow {
  book_list_id: number;
  note: string;
}

/** Records of the lists `ids`, in list order: `offset`/`rows` within each list. */
export async function findBookListRecords(
  db: Kysely<Database>,
  tenantId: number,
  ids: number[],
  offset: number,
  rows: number,
): Promise<BookListRecordRow[]> {
  if (!ids.length) return [];
  const { rows: found } = await sql<BookListRecordRow>`
    SELECT book_list_id, record_id, title, author, publisher, publish_year, isbns, note FROM (
      SELECT r.book_list_id, b.record_id, b.title, b.author, b.publisher, b.publish_year, b.isbns, r.note,
             row_number() OVER (PARTITION BY r.book_list_id ORDER BY r.seq, r.record_id) AS n
      FROM book_list_record r JOIN bib_record b ON b.record_id = r.record_id
      -- A record suppressed by staff is left out of the lists readers see.
      WHERE b.tenant_id = ${tenantId} AND NOT b.suppressed AND r.book_list_id = ANY(${ids}::int[])
    ) s
    WHERE n > ${offset} AND n <= ${offset + rows}
    ORDER BY book_list_id, n`.execute(db);
  return found;
}

export interface DonateNewsRow {
  id: number;
  title: string;
  title_en: string;
  content: string;
  content_en: string;
  donor_name: string;
  copies: number;
  remark: string;
  publish_time: string;
}

/** Published donation news, newest first. */
export async function findDonateNews(
  db: Kysely<Database>,
  tenantId: number,
  offset: number,
  rows: number,
): Promise<{ total: number; rows: DonateNewsRow[] }> {
  const select = sql`
    SELECT id, title, title_en, content, content_en, donor_name, copies, remark,
           to_char(published_on, 'YYYY-MM-DD') AS publish_time, published_on
    FROM donate_news
    WHERE tenant_id = ${tenantId} AND published AND published_on <= current_date`;
  return findPage<DonateNewsRow>(db, select, sql`published_on DESC, id DESC`, offset, rows);
}
