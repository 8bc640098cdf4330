import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { BriefRow } from '../record-detail/record-brief.js';

type Q = Kysely<Database>;

/** A reader's list as stored. */
export interface ListRow {
  id: number;
  reader_id: number;
  title: string;
  description: string;
  is_public: boolean;
  view_count: number;
  record_count: number;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
  cover_key: string | null;
  /** Staff hid it from others: when and why ('' while not hidden). */
  hidden_at: Date | string | null;
  hidden_reason: string;
}

const LIST_COLUMNS = sql`l.id, l.reader_id, l.title, l.description, l.is_public, l.view_count, l.record_count,
  l.version, l.created_at, l.updated_at, l.hidden_at, l.hidden_reason,
  (SELECT c.key FROM reader_book_list_cover c WHERE c.list_id = l.id) AS cover_key`;

/** Others may find and open the list: public, and not hidden by staff. */
export const seenByOthers = (r: Pick<ListRow, 'is_public' | 'hidden_at'>) => r.is_public && r.hidden_at === null;

/** Locks the reader's row: their list creations run one at a time (the count limit holds). */
export async function lockReaderLists(db: Q, tenantId: number, readerId: number): Promise<boolean> {
  const { rows } =
    await sql`SELECT id FROM reader WHERE tenant_id = ${tenantId} AND id = ${readerId} FOR UPDATE`.execute(db);
  return rows.length > 0;
}

export async function countReaderLists(db: Q, tenantId: number, readerId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM reader_book_list
    WHERE tenant_id = ${tenantId} AND reader_id = ${readerId}`.execute(db);
  return rows[0]?.n ?? 0;
}

/** Whether the reader has a list of this title (any case), other than `exceptId`. */
export async function titleTaken(
  db: Q,
  tenantId: number,
  readerId: number,
  title: string,
  exceptId = 0,
): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM reader_book_list
    WHERE tenant_id = ${tenantId} AND reader_id = ${readerId} AND lower(title) = lower(${title}) AND id <> ${exceptId}`.execute(
    db,
  );
  return rows.length > 0;
}

export async function insertList(
  db: Q,
  tenantId: number,
  readerId: number,
  f: { title: string; description: string; isPublic: boolean },
): Promise<number> {
  const { rows } = await sql<{
    id: number;
  }>`INSERT INTO reader_book_list (tenant_id, reader_id, title, description, is_public)
    VALUES (${tenantId}, ${readerId}, ${f.title}, ${f.description}, ${f.isPublic}) RETURNING id`.execute(db);
  return rows[0]!.id;
}

/** A reader's list by id (of any reader of the institution); locked for the transaction with `lock`. */
export async function findList(db: Q, tenantId: number, id: number, lock = false): Promise<ListRow | undefined> {
  const forUpdate = lock ? sql`FOR UPDATE OF l` : sql``;
  const { rows } = await sql<ListRow>`SELECT ${LIST_COLUMNS} FROM reader_book_list l
    WHERE l.tenant_id = ${tenantId} AND l.id = ${id} ${forUpdate}`.execute(db);
  return rows[0];
}

/** Changes the fields of a list from `version`; undefined when it was changed meanwhile. */
export async function updateList(
  db: Q,
  tenantId: number,
  readerId: number,
  id: number,
  version: number,
  f: { title: string; description: string; isPublic: boolean },
): Promise<boolean> {
  const res = await sql`UPDATE reader_book_list
    SET title = ${f.title}, description = ${f.description}, is_public = ${f.isPublic},
        version = version + 1, updated_at = now()
    WHERE tenant_id = ${tenantId} AND reader_id = ${readerId} AND id = ${id} AND version = ${version}`.execute(db);
  return Number(res.numAffectedRows ?? 0n) === 1;
}

/** Marks the list changed (its records or cover). */
export async function touchList(db: Q, tenantId: number, id: number): Promise<void> {
  await sql`UPDATE reader_book_list SET updated_at = now() WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(db);
}

export async function deleteList(db: Q, tenantId: number, readerId: number, id: number): Promise<boolean> {
  const res = await sql`DELETE FROM reader_book_list
    WHERE tenant_id = ${tenantId} AND reader_id = ${readerId} AND id = ${id}`.execute(db);
  await sql`DELETE FROM book_list_view WHERE tenant_id = ${tenantId} AND book_list_id = ${id}`.execute(db);
  return Number(res.numAffectedRows ?? 0n) === 1;
}

/** The reader's lists, last changed first; with `recordId`, whether each holds that record. */
export async function findReaderLists(
  db: Q,
  tenantId: number,
  readerId: number,
  offset: number,
  rows: number,
  recordId = 0,
): Promise<{ total: number; rows: (ListRow & { has_record: boolean })[] }> {
  const total = await countReaderLists(db, tenantId, readerId);
  const { rows: found } = await sql<ListRow & { has_record: boolean }>`SELECT ${LIST_COLUMNS},
      EXISTS (SELECT 1 FROM reader_book_list_record r WHERE r.list_id = l.id AND r.record_id = ${recordId}) AS has_record
    FROM reader_book_list l
    WHERE l.tenant_id = ${tenantId} AND l.reader_id = ${readerId}
    ORDER BY l.updated_at DESC, l.id DESC
    OFFSET ${offset} LIMIT ${rows}`.execute(db);
  return { total, rows: found };
}

/** Up to 8 words of `q`, lower case, as LIKE patterns matching them anywhere (their wildcards taken literally). */
function likeWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/** Public lists of the institution, most viewed first, found by words of the title or description. */
export async function findPublicLists(
  db: Q,
  tenantId: number,
  q: string,
  offset: number,
  rows: number,
): Promise<{ total: number; rows: ListRow[] }> {
  const words = likeWords(q);
  const match = words.length
    ? sql`AND ${sql.join(
        words.map((w) => sql`(lower(l.title) LIKE ${w} OR lower(l.description) LIKE ${w})`),
        sql` AND `,
      )}`
    : sql``;
  const { rows: counted } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM reader_book_list l
    WHERE l.tenant_id = ${tenantId} AND l.is_public AND l.hidden_at IS NULL ${match}`.execute(db);
  const { rows: found } = await sql<ListRow>`SELECT ${LIST_COLUMNS} FROM reader_book_list l
    WHERE l.tenant_id = ${tenantId} AND l.is_public AND l.hidden_at IS NULL ${match}
    ORDER BY l.view_count DESC, l.id DESC
    OFFSET ${offset} LIMIT ${rows}`.execute(db);
  return { total: counted[0]?.n ?? 0, rows: found };
}

export interface EntryRow extends BriefRow {
  note: string;
  position: number;
}

/** A page of a reader's list's records in the reader's order (records hidden by staff left out). */
export async function findListRecords(
  db: Q,
  tenantId: number,
  listId: number,
  offset: number,
  rows: number,
): Promise<EntryRow[]> {
  const { rows: found } =
    await sql<EntryRow>`SELECT b.record_id, b.title, b.author, b.publisher, b.publish_year, b.isbns,
      r.note, (row_number() OVER (ORDER BY r.seq, r.record_id))::int AS position
    FROM reader_book_list_record r JOIN bib_record b ON b.record_id = r.record_id AND b.tenant_id = ${tenantId}
    WHERE r.tenant_id = ${tenantId} AND r.list_id = ${listId} AND NOT b.suppressed
    ORDER BY r.seq, r.record_id
    OFFSET ${offset} LIMIT ${rows}`.execute(db);
  return found;
}

/** One record of a reader's list with its place. */
export async function findListEntry(
  db: Q,
  tenantId: number,
  listId: number,
  recordId: number,
): Promise<EntryRow | undefined> {
  const { rows } = await sql<EntryRow>`SELECT * FROM (
      SELECT b.record_id, b.title, b.author, b.publisher, b.publish_year, b.isbns, r.note,
        (row_number() OVER (ORDER BY r.seq, r.record_id))::int AS position
      FROM reader_book_list_record r JOIN bib_record b ON b.record_id = r.record_id AND b.tenant_id = ${tenantId}
      WHERE r.tenant_id = ${tenantId} AND r.list_id = ${listId}
    ) s WHERE record_id = ${recordId}`.execute(db);
  return rows[0];
}

/** Whether the record is in the catalogue of the institution and shown to readers. */
export async function recordShown(db: Q, tenantId: number, recordId: number): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM bib_record
    WHERE tenant_id = ${tenantId} AND record_id = ${recordId} AND NOT suppressed`.execute(db);
  return rows.length > 0;
}

/** Adds a record at the end of a list (false: it is there already). */
export async function insertListRecord(
  db: Q,
  tenantId: number,
  listId: number,
  recordId: number,
  note: string,
): Promise<boolean> {
  const res = await sql`INSERT INTO reader_book_list_record (list_id, record_id, tenant_id, seq, note)
    SELECT ${listId}, ${recordId}, ${tenantId},
      coalesce((SELECT max(seq) FROM reader_book_list_record WHERE list_id = ${listId}), 0) + 1, ${note}
    ON CONFLICT (list_id, record_id) DO NOTHING`.execute(db);
  if (Number(res.numAffectedRows ?? 0n) !== 1) return false;
  await sql`UPDATE reader_book_list SET record_count = record_count + 1, updated_at = now()
    WHERE tenant_id = ${tenantId} AND id = ${listId}`.execute(db);
  return true;
}

export async function deleteListRecord(db: Q, tenantId: number, listId: number, recordId: number): Promise<boolean> {
  const res = await sql`DELETE FROM reader_book_list_record
    WHERE tenant_id = ${tenantId} AND list_id = ${listId} AND record_id = ${recordId}`.execute(db);
  if (Number(res.numAffectedRows ?? 0n) !== 1) return false;
  await sql`UPDATE reader_book_list SET record_count = record_count - 1, updated_at = now()
    WHERE tenant_id = ${tenantId} AND id = ${listId}`.execute(db);
  return true;
}

export async function updateListNote(
  db: Q,
  tenantId: number,
  listId: number,
  recordId: number,
  note: string,
): Promise<boolean> {
  const res = await sql`UPDATE reader_book_list_record SET note = ${note}
    WHERE tenant_id = ${tenantId} AND list_id = ${listId} AND record_id = ${recordId}`.execute(db);
  return Number(res.numAffectedRows ?? 0n) === 1;
}

/** The records of a list in order (ids only). */
export async function findListOrder(db: Q, tenantId: number, listId: number): Promise<number[]> {
  const { rows } = await sql<{ record_id: number }>`SELECT record_id FROM reader_book_list_record
    WHERE tenant_id = ${tenantId} AND list_id = ${listId} ORDER BY seq, record_id`.execute(db);
  return rows.map((r) => r.record_id);
}

/** Numbers the list's records 1… in the order given (rows already in place are left alone). */
export async function saveListOrder(db: Q, tenantId: number, listId: number, order: number[]): Promise<void> {
  await sql`UPDATE reader_book_list_record r SET seq = o.n
    FROM unnest(${order}::int[]) WITH ORDINALITY AS o(record_id, n)
    WHERE r.tenant_id = ${tenantId} AND r.list_id = ${listId} AND r.record_id = o.record_id AND r.seq <> o.n`.execute(
    db,
  );
  await touchList(db, tenantId, listId);
}

export interface StoredCover {
  listId: number;
  etag: string;
  contentType: string;
  bytes: Buffer;
  updatedAt: Date;
}

export async function saveCover(
  db: Q,
  tenantId: number,
  listId: number,
  c: { key: string; etag: string; contentType: string; bytes: Buffer },
): Promise<void> {
  await sql`INSERT INTO reader_book_list_cover (list_id, tenant_id, key, etag, content_type, bytes)
    VALUES (${listId}, ${tenantId}, ${c.key}, ${c.etag}, ${c.contentType}, ${c.bytes})
    ON CONFLICT (list_id) DO UPDATE SET key = excluded.key, etag = excluded.etag,
      content_type = excluded.content_type, bytes = excluded.bytes, updated_at = now()`.execute(db);
  await touchList(db, tenantId, listId);
}

export async function deleteCover(db: Q, tenantId: number, listId: number): Promise<void> {
  await sql`DELETE FROM reader_book_list_cover WHERE tenant_id = ${tenantId} AND list_id = ${listId}`.execute(db);
  await touchList(db, tenantId, listId);
}

export async function findCoverByKey(db: Q, tenantId: number, key: string): Promise<StoredCover | undefined> {
  const { rows } = await sql<{
    list_id: number;
    etag: string;
    content_type: string;
    bytes: Uint8Array;
    updated_at: Date | string;
  }>`SELECT list_id, etag, content_type, bytes, updated_at FROM reader_book_list_cover
    WHERE tenant_id = ${tenantId} AND key = ${key}`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const b = row.bytes;
  return {
    listId: row.list_id,
    etag: row.etag,
    contentType: row.content_type,
    // node-postgres answers a Buffer, PGlite (across its thread) a Uint8Array.
    bytes: Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength),
    updatedAt: new Date(row.updated_at),
  };
}

/** A published list of the library. */
export interface LibraryListRow {
  id: number;
  name: string;
  name_en: string;
  name_tw: string;
  description: string;
  description_en: string;
  image_url: string | null;
  view_count: number;
  version: number;
  created_at: Date | string;
  record_count: number;
}

export async function findLibraryList(db: Q, tenantId: number, id: number): Promise<LibraryListRow | undefined> {
  const { rows } = await sql<LibraryListRow>`SELECT l.id, l.name, l.name_en, l.name_tw, l.description, l.description_en,
      l.image_url, l.view_count, l.version, l.created_at,
      (SELECT count(*)::int FROM book_list_record r JOIN bib_record b ON b.record_id = r.record_id
        WHERE r.book_list_id = l.id AND NOT b.suppressed) AS record_count
    FROM book_list l WHERE l.tenant_id = ${tenantId} AND l.id = ${id} AND l.published`.execute(db);
  return rows[0];
}

/** A page of a library list's records, in its order (records hidden by staff left out). */
export async function findLibraryListRecords(
  db: Q,
  tenantId: number,
  listId: number,
  offset: number,
  rows: number,
): Promise<EntryRow[]> {
  const { rows: found } =
    await sql<EntryRow>`SELECT b.record_id, b.title, b.author, b.publisher, b.publish_year, b.isbns,
      r.note, (row_number() OVER (ORDER BY r.seq, r.record_id))::int AS position
    FROM book_list_record r JOIN bib_record b ON b.record_id = r.record_id AND b.tenant_id = ${tenantId}
    WHERE r.book_list_id = ${listId} AND NOT b.suppressed
    ORDER BY r.seq, r.record_id
    OFFSET ${offset} LIMIT ${rows}`.execute(db);
  return found;
}

/**
 * Counts a view of a list of either kind by `visitor` on the database's today, once: true when it
 * was counted. The visitor rows of days before are dropped then (they only stop a second count).
 */
export async function countListView(
  db: Q,
  tenantId: number,
  listId: number,
  kind: 'library' | 'reader',
  visitor: string,
): Promise<boolean> {
  const res = await sql`INSERT INTO book_list_view (tenant_id, book_list_id, day, visitor)
    VALUES (${tenantId}, ${listId}, current_date, ${visitor}) ON CONFLICT DO NOTHING`.execute(db);
  if (Number(res.numAffectedRows ?? 0n) !== 1) return false;
  await sql`DELETE FROM book_list_view WHERE tenant_id = ${tenantId} AND book_list_id = ${listId} AND day < current_date`.execute(
    db,
  );
  if (kind === 'library')
    await sql`UPDATE book_list SET view_count = view_count + 1 WHERE tenant_id = ${tenantId} AND id = ${listId}`.execute(
      db,
    );
  else
    await sql`UPDATE reader_book_list SET view_count = view_count + 1 WHERE tenant_id = ${tenantId} AND id = ${listId}`.execute(
      db,
    );
  return true;
}

/** A list as the staff's list shows it: with its reader and who hid it. */
export interface ModeratedListRow extends ListRow {
  account: string;
  name: string;
  hidden_by_account: string | null;
}

const MODERATED_FROM = sql`FROM reader_book_list l
  JOIN reader p ON p.id = l.reader_id AND p.tenant_id = l.tenant_id
  LEFT JOIN staff_account s ON s.id = l.hidden_by`;

/**
 * Readers' lists for staff: `shown` those others see now (public, not hidden), `hidden` those staff hid,
 * `all` both; found by words of the title, description or the reader's account or name; last changed first.
 */
export async function findModeratedLists(
  db: Q,
  tenantId: number,
  f: { state: 'shown' | 'hidden' | 'all'; q: string; offset: number; rows: number },
): Promise<{ rows: ModeratedListRow[]; total: number; shown: number; hidden: number }> {
  const words = likeWords(f.q);
  const match = words.length
    ? sql`AND ${sql.join(
        words.map(
          (w) =>
            sql`(lower(l.title) LIKE ${w} OR lower(l.description) LIKE ${w} OR lower(p.account) LIKE ${w} OR lower(p.name) LIKE ${w})`,
        ),
        sql` AND `,
      )}`
    : sql``;
  const scope = sql`l.tenant_id = ${tenantId} AND (l.is_public OR l.hidden_at IS NOT NULL) ${match}`;
  const state =
    f.state === 'shown'
      ? sql`AND l.hidden_at IS NULL`
      : f.state === 'hidden'
        ? sql`AND l.hidden_at IS NOT NULL`
        : sql``;
  const [counted, found] = await Promise.all([
    sql<{ shown: number; hidden: number }>`SELECT count(*) FILTER (WHERE l.hidden_at IS NULL)::int AS shown,
        count(*) FILTER (WHERE l.hidden_at IS NOT NULL)::int AS hidden
      ${MODERATED_FROM} WHERE ${scope}`.execute(db),
    sql<ModeratedListRow>`SELECT ${LIST_COLUMNS}, p.account, p.name, s.username AS hidden_by_account
      ${MODERATED_FROM} WHERE ${scope} ${state}
      ORDER BY l.updated_at DESC, l.id DESC OFFSET ${f.offset} LIMIT ${f.rows}`.execute(db),
  ]);
  const shown = counted.rows[0]?.shown ?? 0;
  const hidden = counted.rows[0]?.hidden ?? 0;
  const total = f.state === 'shown' ? shown : f.state === 'hidden' ? hidden : shown + hidden;
  return { rows: found.rows, total, shown, hidden };
}

/** One reader's list with its reader, for staff. */
export async function findModeratedList(db: Q, tenantId: number, id: number): Promise<ModeratedListRow | undefined> {
  const { rows } =
    await sql<ModeratedListRow>`SELECT ${LIST_COLUMNS}, p.account, p.name, s.username AS hidden_by_account
    ${MODERATED_FROM} WHERE l.tenant_id = ${tenantId} AND l.id = ${id}`.execute(db);
  return rows[0];
}

/**
 * Hides the list from others with `reason` (staff `staffId`), or shows it again (`reason` null). Changes
 * only a list in the other state: false when it was already so (a second click, another tab).
 */
export async function setListHidden(
  db: Q,
  tenantId: number,
  id: number,
  hide: { reason: string; staffId: number } | null,
): Promise<{ reader_id: number; title: string } | undefined> {
  const { rows } = hide
    ? await sql<{ reader_id: number; title: string }>`UPDATE reader_book_list
        SET hidden_at = now(), hidden_reason = ${hide.reason}, hidden_by = ${hide.staffId}
        WHERE tenant_id = ${tenantId} AND id = ${id} AND hidden_at IS NULL RETURNING reader_id, title`.execute(db)
    : await sql<{ reader_id: number; title: string }>`UPDATE reader_book_list
        SET hidden_at = NULL, hidden_reason = '', hidden_by = NULL
        WHERE tenant_id = ${tenantId} AND id = ${id} AND hidden_at IS NOT NULL RETURNING reader_id, title`.execute(db);
  return rows[0];
}
