import { sql, type Kysely } from 'kysely';
import type { CollectionAccessKind } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { findPage } from '../../lib/paged-query.js';

/**
 * The content screen's reads and writes. Every one is scoped by the institution, and every change
 * of an item is guarded by the version it was read at (`WHERE version = $read`, raising it): a
 * change from an older version changes no row, and the service tells a conflict from a missing item.
 */

type Db = Kysely<Database>;

const DAY = (column: string) => sql.raw(`to_char(${column}, 'YYYY-MM-DD')`);
/** Plain strings of a LIKE pattern. */
const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---- e-resources ------------------------------------------------------------------------------

export interface CollectionRow {
  id: number;
  name: string;
  name_en: string;
  name_tw: string;
  description: string;
  description_en: string;
  url: string;
  image_url: string | null;
  access_kind: CollectionAccessKind;
  trial_until: string | null;
  subjects: string[];
  hidden: boolean;
  seq: number;
  visit_count: number;
  added_on: string;
  version: number;
}

const COLLECTION_COLUMNS = sql`id, name, name_en, name_tw, description, description_en, url, image_url, access_kind,
  ${DAY('trial_until')} AS trial_until, subjects, hidden, seq, visit_count, ${DAY('added_on')} AS added_on, version`;

export async function findCollectionPage(
  db: Db,
  tenantId: number,
  q: { text: string; accessKind?: string | undefined; hidden?: boolean | undefined; offset: number; rows: number },
) {
  const text = q.text
    ? sql`AND (lower(name) LIKE ${like(q.text)} OR lower(name_en) LIKE ${like(q.text)} OR lower(name_tw) LIKE ${like(q.text)})`
    : sql``;
  const kind = q.accessKind ? sql`AND access_kind = ${q.accessKind}` : sql``;
  const hidden = q.hidden === undefined ? sql`` : sql`AND hidden = ${q.hidden}`;
  const select = sql`SELECT ${COLLECTION_COLUMNS} FROM e_collection
    WHERE tenant_id = ${tenantId} ${text} ${kind} ${hidden}`;
  return findPage<CollectionRow>(db, select, sql`seq, id`, q.offset, q.rows);
}

export async function findCollection(db: Db, tenantId: number, id: number): Promise<CollectionRow | undefined> {
  const { rows } = await sql<CollectionRow>`SELECT ${COLLECTION_COLUMNS} FROM e_collection
    WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(db);
  return rows[0];
}

/** The fields staff set. */
export interface CollectionFields {
  name: string;
  name_en: string;
  name_tw: string;
  description: string;
  description_en: string;
  url: string;
  image_url: string | null;
  access_kind: CollectionAccessKind;
  trial_until: string | null;
  subjects: string[];
}

/** A new e-resource, last in the order; its id. */
export async function insertCollection(db: Db, tenantId: number, f: CollectionFields): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO e_collection (tenant_id, name, name_en, name_tw, description, description_en, url, image_url,
                              access_kind, trial_until, subjects, seq)
    VALUES (${tenantId}, ${f.name}, ${f.name_en}, ${f.name_tw}, ${f.description}, ${f.description_en}, ${f.url},
            ${f.image_url}, ${f.access_kind}, ${f.trial_until}::date, ${f.subjects}::text[],
            (SELECT coalesce(max(seq), 0) + 1 FROM e_collection WHERE tenant_id = ${tenantId}))
    RETURNING id`.execute(db);
  return rows[0]!.id;
}

/** Changes an e-resource read at `version`; whether it did. */
/** Whether another e-resource of the institution has this name. */
export async function collectionNameTaken(db: Db, tenantId: number, name: string, except: number): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM e_collection WHERE tenant_id = ${tenantId} AND name = ${name}
    AND id <> ${except}`.execute(db);
  return rows.length > 0;
}

/** The ids of the institution's e-resources in their order. */
export async function collectionIds(db: Db, tenantId: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`SELECT id FROM e_collection WHERE tenant_id = ${tenantId}
    ORDER BY seq, id FOR UPDATE`.execute(db);
  return rows.map((r) => r.id);
}

/** Numbers the rows of `table` (of the institution) in the order of `ids`, from 1. */
export async function renumber(
  db: Db,
  table: 'e_collection' | 'record_attachment',
  tenantId: number,
  ids: number[],
): Promise<void> {
  await sql`UPDATE ${sql.table(table)} t SET seq = o.n, version = t.version + 1
    FROM unnest(${ids}::int[]) WITH ORDINALITY AS o(id, n)
    WHERE t.tenant_id = ${tenantId} AND t.id = o.id AND t.seq IS DISTINCT FROM o.n::int`.execute(db);
}

/** The tables of content staff edit, each row with a `version` raised by every change. */
export type VersionedTable = 'e_collection' | 'book_list' | 'donate_news' | 'record_attachment';

/** Columns whose values need a cast from their JSON form. */
const CASTS: Record<string, string> = { trial_until: 'date', published_on: 'date', subjects: 'text[]' };

/**
 * Sets the columns of `f` (undefined ones left as they are) on a row of `table` read at `version`,
 * and raises its version; whether it did (false: gone, or changed by someone else since).
 */
export async function updateVersioned(
  db: Db,
  table: VersionedTable,
  tenantId: number,
  id: number,
  version: number,
  f: Record<string, unknown>,
): Promise<boolean> {
  const sets = Object.entries(f)
    .filter(([, v]) => v !== undefined)
    .map(([column, value]) =>
      CASTS[column]
        ? sql`${sql.ref(column)} = ${value}::${sql.raw(CASTS[column])}`
        : sql`${sql.ref(column)} = ${value}`,
    );
  const res = await sql`UPDATE ${sql.table(table)} SET ${sql.join([...sets, sql`version = version + 1`])}
    WHERE tenant_id = ${tenantId} AND id = ${id} AND version = ${version}`.execute(db);
  return Number(res.numAffectedRows ?? 0n) > 0;
}

/** Deletes a row of `table` read at `version`; whether it did. */
export async function deleteVersioned(
  db: Db,
  table: VersionedTable,
  tenantId: number,
  id: number,
  version: number,
): Promise<boolean> {
  const res = await sql`DELETE FROM ${sql.table(table)}
    WHERE tenant_id = ${tenantId} AND id = ${id} AND version = ${version}`.execute(db);
  return Number(res.numAffectedRows ?? 0n) > 0;
}

/** Whether a row of `table` with this id belongs to the institution. */
export async function exists(db: Db, table: VersionedTable, tenantId: number, id: number): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM ${sql.table(table)} WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(
    db,
  );
  return rows.length > 0;
}

// ---- book lists -------------------------------------------------------------------------------

export interface BookListRow {
  id: number;
  name: string;
  name_en: string;
  name_tw: string;
  description: string;
  description_en: string;
  image_url: string | null;
  published: boolean;
  record_count: number;
  created_date: string;
  version: number;
}

const BOOK_LIST_COLUMNS = sql`l.id, l.name, l.name_en, l.name_tw, l.description, l.description_en, l.image_url,
  l.published, (SELECT count(*)::int FROM book_list_record r WHERE r.book_list_id = l.id) AS record_count,
  to_char(l.created_at, 'YYYY-MM-DD') AS created_date, l.version, l.created_at`;

export async function findBookListPage(db: Db, tenantId: number, q: { text: string; offset: number; rows: number }) {
  const text = q.text
    ? sql`AND (lower(l.name) LIKE ${like(q.text)} OR lower(l.name_en) LIKE ${like(q.text)} OR lower(l.name_tw) LIKE ${like(q.text)})`
    : sql``;
  const select = sql`SELECT ${BOOK_LIST_COLUMNS} FROM book_list l WHERE l.tenant_id = ${tenantId} ${text}`;
  return findPage<BookListRow>(db, select, sql`created_at DESC, id DESC`, q.offset, q.rows);
}

export async function findBookList(db: Db, tenantId: number, id: number): Promise<BookListRow | undefined> {
  const { rows } = await sql<BookListRow>`SELECT ${BOOK_LIST_COLUMNS} FROM book_list l
    WHERE l.tenant_id = ${tenantId} AND l.id = ${id}`.execute(db);
  return rows[0];
}

export interface ListRecordRow {
  record_id: number;
  title: string;
  author: string;
  isbns: string[];
  publish_year: string | null;
  note: string;
}

/** A list's records in order. */
export async function findListRecords(db: Db, tenantId: number, id: number): Promise<ListRecordRow[]> {
  const { rows } = await sql<ListRecordRow>`
    SELECT b.record_id, b.title, b.author, b.isbns, b.publish_year, r.note
    FROM book_list_record r JOIN bib_record b ON b.record_id = r.record_id AND b.tenant_id = ${tenantId}
    WHERE r.book_list_id = ${id}
    ORDER BY r.seq, r.record_id`.execute(db);
  return rows;
}

export interface BookListFields {
  name: string;
  name_en: string;
  name_tw: string;
  description: string;
  description_en: string;
  image_url: string | null;
}

/** A new book list, unpublished; its id. */
export async function insertBookList(db: Db, tenantId: number, f: BookListFields): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO book_list (tenant_id, name, name_en, name_tw, description, description_en, image_url, published)
    VALUES (${tenantId}, ${f.name}, ${f.name_en}, ${f.name_tw}, ${f.description}, ${f.description_en},
            ${f.image_url}, false)
    RETURNING id`.execute(db);
  return rows[0]!.id;
}

/** Changes a book list read at `version` (and raises it); whether it did. */
export const updateBookList = (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  f: Partial<BookListFields> & { published?: boolean },
) => updateVersioned(db, 'book_list', tenantId, id, version, f);

export async function bookListNameTaken(db: Db, tenantId: number, name: string, except: number): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM book_list WHERE tenant_id = ${tenantId} AND name = ${name}
    AND id <> ${except}`.execute(db);
  return rows.length > 0;
}

/** Replaces a list's records (the list's row is locked by the guarded update before). */
export async function replaceListRecords(
  db: Db,
  tenantId: number,
  id: number,
  records: Array<{ recordId: number; note: string }>,
): Promise<void> {
  // Only a book list of the institution (book_list_record has no institution of its own).
  await sql`DELETE FROM book_list_record
    WHERE book_list_id = (SELECT l.id FROM book_list l WHERE l.tenant_id = ${tenantId} AND l.id = ${id})`.execute(db);
  if (!records.length) return;
  await sql`INSERT INTO book_list_record (book_list_id, record_id, seq, note)
    SELECT l.id, r.record_id, r.n, r.note
    FROM book_list l,
         unnest(${records.map((r) => r.recordId)}::int[], ${records.map((r) => r.note)}::text[])
           WITH ORDINALITY AS r(record_id, note, n)
    WHERE l.tenant_id = ${tenantId} AND l.id = ${id}`.execute(db);
}

/** The ids among `ids` that are records of the institution. */
export async function knownRecords(db: Db, tenantId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const { rows } = await sql<{ record_id: number }>`SELECT record_id FROM bib_record
    WHERE tenant_id = ${tenantId} AND record_id = ANY(${ids}::int[])`.execute(db);
  return new Set(rows.map((r) => r.record_id));
}

/** Records by title words, ISBN or record id, best matches first. */
export async function searchRecords(
  db: Db,
  tenantId: number,
  text: string,
  rows: number,
): Promise<Omit<ListRecordRow, 'note'>[]> {
  const isbn = text.replace(/[\s-]/g, '').toUpperCase();
  const byId = /^\d{1,9}$/.test(text) ? Number(text) : 0;
  const { rows: found } = await sql<Omit<ListRecordRow, 'note'>>`
    SELECT record_id, title, author, isbns, publish_year FROM bib_record
    WHERE tenant_id = ${tenantId}
      AND (record_id = ${byId} OR ${isbn} = ANY(isbns) OR lower(title) LIKE ${like(text.toLowerCase())})
    ORDER BY (record_id = ${byId}) DESC, (${isbn} = ANY(isbns)) DESC, length(title), record_id
    LIMIT ${rows}`.execute(db);
  return found;
}

// ---- donation news ----------------------------------------------------------------------------

export interface NewsRow {
  id: number;
  title: string;
  title_en: string;
  content: string;
  content_en: string;
  donor_name: string;
  copies: number;
  remark: string;
  published_on: string;
  published: boolean;
  version: number;
}

const NEWS_COLUMNS = sql`id, title, title_en, content, content_en, donor_name, copies, remark,
  ${DAY('published_on')} AS published_on, published, version`;

export async function findNewsPage(db: Db, tenantId: number, q: { text: string; offset: number; rows: number }) {
  const text = q.text
    ? sql`AND (lower(title) LIKE ${like(q.text)} OR lower(title_en) LIKE ${like(q.text)} OR lower(donor_name) LIKE ${like(q.text)})`
    : sql``;
  const select = sql`SELECT ${NEWS_COLUMNS} FROM donate_news WHERE tenant_id = ${tenantId} ${text}`;
  return findPage<NewsRow>(db, select, sql`published_on DESC, id DESC`, q.offset, q.rows);
}

export async function findNews(db: Db, tenantId: number, id: number): Promise<NewsRow | undefined> {
  const { rows } = await sql<NewsRow>`SELECT ${NEWS_COLUMNS} FROM donate_news
    WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(db);
  return rows[0];
}

export interface NewsFields {
  title: string;
  title_en: string;
  content: string;
  content_en: string;
  donor_name: string;
  copies: number;
  remark: string;
  published_on: string;
  published: boolean;
}

export async function insertNews(db: Db, tenantId: number, f: NewsFields): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO donate_news (tenant_id, title, title_en, content, content_en, donor_name, copies, remark,
                             published_on, published)
    VALUES (${tenantId}, ${f.title}, ${f.title_en}, ${f.content}, ${f.content_en}, ${f.donor_name}, ${f.copies},
            ${f.remark}, ${f.published_on}::date, ${f.published})
    RETURNING id`.execute(db);
  return rows[0]!.id;
}

// ---- attachments ------------------------------------------------------------------------------

export interface AttachmentRow {
  id: number;
  record_id: number;
  name: string;
  url: string;
  kind: string;
  size: string | number | null;
  seq: number;
  version: number;
  content_type: string | null;
}

const ATTACHMENT_COLUMNS = sql`a.id, a.record_id, a.name, a.url, a.kind, a.size, a.seq, a.version, f.content_type`;

export async function findAttachmentRows(db: Db, tenantId: number, recordId: number): Promise<AttachmentRow[]> {
  const { rows } = await sql<AttachmentRow>`SELECT ${ATTACHMENT_COLUMNS}
    FROM record_attachment a LEFT JOIN record_attachment_file f ON f.attachment_id = a.id
    WHERE a.tenant_id = ${tenantId} AND a.record_id = ${recordId}
    ORDER BY a.seq, a.id`.execute(db);
  return rows;
}

export async function findAttachment(db: Db, tenantId: number, id: number): Promise<AttachmentRow | undefined> {
  const { rows } = await sql<AttachmentRow>`SELECT ${ATTACHMENT_COLUMNS}
    FROM record_attachment a LEFT JOIN record_attachment_file f ON f.attachment_id = a.id
    WHERE a.tenant_id = ${tenantId} AND a.id = ${id}`.execute(db);
  return rows[0];
}

/** A new attachment with its file, last of the record's; its id. */
export async function insertAttachment(
  db: Db,
  tenantId: number,
  a: {
    recordId: number;
    name: string;
    kind: string;
    size: number;
    contentType: string;
    sha256: string;
    bytes: Buffer;
    by: string;
    urlOf: (id: number) => string;
  },
): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO record_attachment (tenant_id, record_id, name, url, kind, size, seq)
    VALUES (${tenantId}, ${a.recordId}, ${a.name}, '', ${a.kind}, ${a.size},
            (SELECT coalesce(max(seq), 0) + 1 FROM record_attachment WHERE tenant_id = ${tenantId}
             AND record_id = ${a.recordId}))
    RETURNING id`.execute(db);
  const id = rows[0]!.id;
  await sql`UPDATE record_attachment SET url = ${a.urlOf(id)} WHERE id = ${id}`.execute(db);
  await db
    .insertInto('record_attachment_file')
    .values({
      attachment_id: id,
      tenant_id: tenantId,
      content_type: a.contentType,
      sha256: a.sha256,
      bytes: a.bytes,
      uploaded_by: a.by,
    })
    .execute();
  return id;
}

export const updateAttachment = (
  db: Db,
  tenantId: number,
  id: number,
  version: number,
  f: { name: string; kind: string },
) => updateVersioned(db, 'record_attachment', tenantId, id, version, { name: f.name, kind: f.kind });

/** The ids of a record's attachments in their order (locked). */
export async function attachmentIds(db: Db, tenantId: number, recordId: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`SELECT id FROM record_attachment
    WHERE tenant_id = ${tenantId} AND record_id = ${recordId} ORDER BY seq, id FOR UPDATE`.execute(db);
  return rows.map((r) => r.id);
}

/** An uploaded file of the institution, to serve. */
export async function findAttachmentFile(
  db: Db,
  tenantId: number,
  id: number,
): Promise<{ name: string; content_type: string; sha256: string; bytes: Buffer } | undefined> {
  return db
    .selectFrom('record_attachment_file as f')
    .innerJoin('record_attachment as a', 'a.id', 'f.attachment_id')
    .select(['a.name', 'f.content_type', 'f.sha256', 'f.bytes'])
    .where('f.tenant_id', '=', tenantId)
    .where('a.tenant_id', '=', tenantId)
    .where('f.attachment_id', '=', id)
    .executeTakeFirst();
}
