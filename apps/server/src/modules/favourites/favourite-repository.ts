import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findPage } from '../../lib/paged-query.js';

/** The name the default folder is stored under (shown translated by the clients). */
export const DEFAULT_FOLDER_NAME = '默认收藏夹';

/** The reader's default folder, made when missing (two at once make one: the partial unique index). */
export async function ensureDefaultFolder(db: Kysely<Database>, tenantId: number, readerId: number): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO favourite_folder (tenant_id, reader_id, name, is_default)
    VALUES (${tenantId}, ${readerId}, ${DEFAULT_FOLDER_NAME}, true)
    ON CONFLICT (reader_id) WHERE is_default DO NOTHING
    RETURNING id`.execute(db);
  if (rows[0]) return String(rows[0].id);
  const existing = await db
    .selectFrom('favourite_folder')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('is_default', '=', true)
    .executeTakeFirstOrThrow();
  return String(existing.id);
}

/** A folder as read. */
export interface FolderRow {
  id: string;
  name: string;
  is_default: boolean;
  version: number;
  created_at: string;
  record_count: number;
}

const folderColumns = sql`ff.id, ff.name, ff.is_default, ff.version,
  to_char(ff.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at`;

/** The reader's folders with their record counts: the default first, then by sort and creation. */
export async function findFolders(db: Kysely<Database>, tenantId: number, readerId: number): Promise<FolderRow[]> {
  const { rows } = await sql<FolderRow>`
    SELECT ${folderColumns}, coalesce(c.n, 0)::int AS record_count
    FROM favourite_folder ff
    LEFT JOIN (SELECT folder_id, count(*) AS n FROM favourite
               WHERE tenant_id = ${tenantId} AND reader_id = ${readerId} GROUP BY folder_id) c ON c.folder_id = ff.id
    WHERE ff.tenant_id = ${tenantId} AND ff.reader_id = ${readerId}
    ORDER BY ff.is_default DESC, ff.sort, ff.id`.execute(db);
  return rows.map((r) => ({ ...r, id: String(r.id) }));
}

/** One of the reader's folders (another reader's is none), locked for the transaction when `lock`. */
export async function findFolder(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  folderId: number | string,
  lock = false,
): Promise<FolderRow | undefined> {
  const { rows } = await sql<FolderRow>`
    SELECT ${folderColumns},
           (SELECT count(*)::int FROM favourite f WHERE f.folder_id = ff.id) AS record_count
    FROM favourite_folder ff
    WHERE ff.tenant_id = ${tenantId} AND ff.reader_id = ${readerId} AND ff.id = ${String(folderId)}::bigint
    ${lock ? sql`FOR UPDATE` : sql``}`.execute(db);
  const row = rows[0];
  return row && { ...row, id: String(row.id) };
}

/** How many folders the reader has. */
export async function countFolders(db: Kysely<Database>, tenantId: number, readerId: number): Promise<number> {
  const row = await db
    .selectFrom('favourite_folder')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Whether the reader has another folder named `name` (case aside). */
export async function folderNameTaken(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  let q = db
    .selectFrom('favourite_folder')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** A new folder, last in order; its id. */
export async function insertFolder(
  db: Kysely<Database>,
  f: { tenantId: number; readerId: number; name: string },
): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO favourite_folder (tenant_id, reader_id, name, sort)
    SELECT ${f.tenantId}, ${f.readerId}, ${f.name},
           coalesce(max(sort), 0) + 1 FROM favourite_folder WHERE reader_id = ${f.readerId}
    RETURNING id`.execute(db);
  return String(rows[0]!.id);
}

/** Renames a folder of the reader (of version `version` when given); whether it changed. */
export async function renameFolder(
  db: Kysely<Database>,
  f: { tenantId: number; readerId: number; folderId: string; name: string; version?: number | undefined },
): Promise<boolean> {
  let q = db
    .updateTable('favourite_folder')
    .set({ name: f.name, version: sql`version + 1` })
    .where('tenant_id', '=', f.tenantId)
    .where('reader_id', '=', f.readerId)
    .where('id', '=', f.folderId)
    .where('is_default', '=', false);
  if (f.version !== undefined) q = q.where('version', '=', f.version);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Moves every favourite of folder `from` into `to` (both the reader's); how many moved. */
export async function moveFolderContents(
  db: Kysely<Database>,
  f: { tenantId: number; readerId: number; from: string; to: string },
): Promise<number> {
  const r = await db
    .updateTable('favourite')
    .set({ folder_id: f.to })
    .where('tenant_id', '=', f.tenantId)
    .where('reader_id', '=', f.readerId)
    .where('folder_id', '=', f.from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Deletes a folder of the reader that is not the default (empty it first). */
export async function deleteFolder(
  db: Kysely<Database>,
  f: { tenantId: number; readerId: number; folderId: string },
): Promise<boolean> {
  const r = await db
    .deleteFrom('favourite_folder')
    .where('tenant_id', '=', f.tenantId)
    .where('reader_id', '=', f.readerId)
    .where('id', '=', f.folderId)
    .where('is_default', '=', false)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Moves the reader's favourites named by id into folder `to` (the reader's); how many moved. */
export async function moveFavourites(
  db: Kysely<Database>,
  f: { tenantId: number; readerId: number; favouriteIds: number[]; to: string },
): Promise<number> {
  const r = await db
    .updateTable('favourite')
    .set({ folder_id: f.to })
    .where('tenant_id', '=', f.tenantId)
    .where('reader_id', '=', f.readerId)
    .where('id', '=', sql<string>`ANY(${f.favouriteIds.map(String)}::bigint[])`)
    .where('folder_id', '<>', f.to)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Keeps a record for a reader in `folderId`; the favourite's id, its folder, and whether it is new. Safe against double clicks. */
export async function insertFavourite(
  db: Kysely<Database>,
  f: { tenantId: number; readerId: number; recordId: number; folderId: string },
): Promise<{ id: number; folderId: number; added: boolean }> {
  const inserted = await db
    .insertInto('favourite')
    .values({ tenant_id: f.tenantId, reader_id: f.readerId, record_id: f.recordId, folder_id: f.folderId })
    .onConflict((oc) => oc.columns(['reader_id', 'record_id']).doNothing())
    .returning(['id', 'folder_id'])
    .executeTakeFirst();
  if (inserted) return { id: Number(inserted.id), folderId: Number(inserted.folder_id), added: true };
  const existing = await db
    .selectFrom('favourite')
    .select(['id', 'folder_id'])
    .where('reader_id', '=', f.readerId)
    .where('record_id', '=', f.recordId)
    .executeTakeFirstOrThrow();
  return { id: Number(existing.id), folderId: Number(existing.folder_id), added: false };
}

/** How many records the reader keeps. */
export async function countFavourites(db: Kysely<Database>, tenantId: number, readerId: number): Promise<number> {
  const row = await db
    .selectFrom('favourite')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Drops the reader's favourites named by record or by favourite id; how many went. */
export async function deleteFavourites(
  db: Kysely<Database>,
  f: { tenantId: number; readerId: number; recordIds: number[]; favouriteIds: number[] },
): Promise<number> {
  const result = await db
    .deleteFrom('favourite')
    .where('tenant_id', '=', f.tenantId)
    .where('reader_id', '=', f.readerId)
    .where((eb) =>
      eb.or([
        eb('record_id', '=', sql<number>`ANY(${f.recordIds}::int[])`),
        eb('id', '=', sql<string>`ANY(${f.favouriteIds.map(String)}::bigint[])`),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A kept record as listed. */
export interface FavouriteRow {
  id: string;
  record_id: number;
  folder_id: string;
  created_at: string;
}

/** `value` as a LIKE pattern matching it anywhere, its wildcards taken literally. */
const containing = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of the reader's favourites (of one folder when `folderId`), newest first, with the total;
 * with `keyword`, those whose title, author, publisher, ISBN or call number contain it.
 */
export function findFavouritePage(
  db: Kysely<Database>,
  q: {
    tenantId: number;
    readerId: number;
    folderId?: string | undefined;
    keyword?: string | undefined;
    offset: number;
    limit: number;
  },
): Promise<{ total: number; rows: FavouriteRow[] }> {
  const inFolder = q.folderId === undefined ? sql`` : sql`AND f.folder_id = ${q.folderId}::bigint`;
  const like = q.keyword ? containing(q.keyword) : '';
  const matching = q.keyword
    ? sql`AND EXISTS (SELECT 1 FROM bib_record b WHERE b.record_id = f.record_id AND (
          b.title ILIKE ${like} OR b.author ILIKE ${like} OR array_to_string(b.authors, ' ') ILIKE ${like}
          OR coalesce(b.responsibility, '') ILIKE ${like} OR coalesce(b.publisher, '') ILIKE ${like}
          OR coalesce(b.title_vernacular, '') ILIKE ${like}
          OR array_to_string(b.isbns, ' ') ILIKE ${like} OR array_to_string(b.call_numbers, ' ') ILIKE ${like}))`
    : sql``;
  return findPage<FavouriteRow>(
    db,
    sql`SELECT f.id, f.record_id, f.folder_id, f.created_at AS kept_at,
               to_char(f.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at
        FROM favourite f WHERE f.tenant_id = ${q.tenantId} AND f.reader_id = ${q.readerId} ${inFolder} ${matching}`,
    sql`kept_at DESC, id DESC`,
    q.offset,
    q.limit,
  );
}

/** Which of `recordIds` the reader keeps: record id → favourite id. */
export async function findFavouriteIds(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  recordIds: number[],
): Promise<Map<number, number>> {
  if (!recordIds.length) return new Map();
  const rows = await db
    .selectFrom('favourite')
    .select(['id', 'record_id'])
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('record_id', '=', sql<number>`ANY(${recordIds}::int[])`)
    .execute();
  return new Map(rows.map((r) => [r.record_id, Number(r.id)]));
}

// E-favourites: electronic resources (e_collection) a reader keeps.

/** Whether the institution shows the electronic resource to readers. */
export async function collectionShown(db: Kysely<Database>, tenantId: number, collectionId: number): Promise<boolean> {
  const row = await db
    .selectFrom('e_collection')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', collectionId)
    .where('hidden', '=', false)
    .executeTakeFirst();
  return row !== undefined;
}

/** Keeps an electronic resource; whether it is new. */
export async function insertEFavourite(
  db: Kysely<Database>,
  f: { tenantId: number; readerId: number; collectionId: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto('e_favourite')
    .values({ tenant_id: f.tenantId, reader_id: f.readerId, collection_id: f.collectionId })
    .onConflict((oc) => oc.columns(['reader_id', 'collection_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function deleteEFavourites(
  db: Kysely<Database>,
  f: { tenantId: number; readerId: number; collectionIds: number[] },
): Promise<number> {
  const r = await db
    .deleteFrom('e_favourite')
    .where('tenant_id', '=', f.tenantId)
    .where('reader_id', '=', f.readerId)
    .where('collection_id', '=', sql<number>`ANY(${f.collectionIds}::int[])`)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** A kept electronic resource with the collection's columns. */
export interface EFavouriteRow {
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
  added_on: string | null;
  trial_until: string | null;
  access_kind: string;
  created_at: string;
}

/** A page of the reader's electronic resources (shown ones), newest first; with `keyword`, those whose name contains it. */
export function findEFavouritePage(
  db: Kysely<Database>,
  q: { tenantId: number; readerId: number; keyword: string; offset: number; limit: number },
): Promise<{ total: number; rows: EFavouriteRow[] }> {
  const like = containing(q.keyword);
  const matching = q.keyword
    ? sql`AND (c.name ILIKE ${like} OR c.name_en ILIKE ${like} OR c.name_tw ILIKE ${like})`
    : sql``;
  return findPage<EFavouriteRow>(
    db,
    sql`SELECT c.id, c.name, c.name_en, c.name_tw, c.description, c.description_en, c.url, c.image_url, c.subjects,
               c.visit_count, to_char(c.added_on, 'YYYY-MM-DD') AS added_on,
               to_char(c.trial_until, 'YYYY-MM-DD') AS trial_until, c.access_kind,
               e.created_at AS kept_at, e.id AS e_id,
               to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at
        FROM e_favourite e JOIN e_collection c ON c.id = e.collection_id AND c.tenant_id = e.tenant_id
        WHERE e.tenant_id = ${q.tenantId} AND e.reader_id = ${q.readerId} AND NOT c.hidden ${matching}`,
    sql`kept_at DESC, e_id DESC`,
    q.offset,
    q.limit,
  );
}

/** The ids of the electronic resources the reader keeps. */
export async function findEFavouriteIds(db: Kysely<Database>, tenantId: number, readerId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('e_favourite')
    .select('collection_id')
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .orderBy('collection_id')
    .execute();
  return rows.map((r) => r.collection_id);
}
