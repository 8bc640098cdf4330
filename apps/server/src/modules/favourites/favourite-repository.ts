import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findPage } from '../../lib/paged-query.js';

/** Keeps a record for a reader; the favourite's id, and whether it is new. Safe against double clicks. */
export async function insertFavourite(
  db: Kysely<Database>,
  f: { tenantId: number; readerId: number; recordId: number },
): Promise<{ id: number; added: boolean }> {
  const inserted = await db
    .insertInto('favourite')
    .values({ tenant_id: f.tenantId, reader_id: f.readerId, record_id: f.recordId })
    .onConflict((oc) => oc.columns(['reader_id', 'record_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: Number(inserted.id), added: true };
  const existing = await db
    .selectFrom('favourite')
    .select('id')
    .where('reader_id', '=', f.readerId)
    .where('record_id', '=', f.recordId)
    .executeTakeFirstOrThrow();
  return { id: Number(existing.id), added: false };
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
  folder_id: string | null;
  created_at: string;
}

/** A page of the reader's favourites, newest first, with the total. */
export function findFavouritePage(
  db: Kysely<Database>,
  q: { tenantId: number; readerId: number; offset: number; limit: number },
): Promise<{ total: number; rows: FavouriteRow[] }> {
  return findPage<FavouriteRow>(
    db,
    sql`SELECT id, record_id, folder_id, created_at AS kept_at,
               to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at
        FROM favourite WHERE tenant_id = ${q.tenantId} AND reader_id = ${q.readerId}`,
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
