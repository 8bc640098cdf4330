import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A stored search of a reader. */
export interface SearchHistoryRow {
  id: number;
  search_type: string;
  summary: string;
  request: Record<string, unknown>;
  num_found: number | null;
  created_at: string;
}

const KEEP_PER_READER = 500;

/** Stores a reader's search and keeps the newest KEEP_PER_READER. */
export async function insertSearchHistory(
  db: Kysely<Database>,
  e: { tenantId: number; readerId: number; searchType: string; summary: string; request: unknown; numFound: number },
): Promise<void> {
  await sql`
    INSERT INTO search_history (tenant_id, reader_id, search_type, summary, request, num_found)
    VALUES (${e.tenantId}, ${e.readerId}, ${e.searchType}, ${e.summary}, ${JSON.stringify(e.request)}::jsonb, ${e.numFound})`.execute(
    db,
  );
  await sql`
    DELETE FROM search_history WHERE tenant_id = ${e.tenantId} AND reader_id = ${e.readerId} AND id <= (
      SELECT id FROM search_history WHERE tenant_id = ${e.tenantId} AND reader_id = ${e.readerId}
      ORDER BY created_at DESC, id DESC OFFSET ${KEEP_PER_READER} LIMIT 1)`.execute(db);
}

/** A page of a reader's searches, newest first, and how many there are. */
export async function findSearchHistory(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  offset: number,
  limit: number,
): Promise<{ total: number; rows: SearchHistoryRow[] }> {
  const [{ rows: count }, { rows }] = await Promise.all([
    sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM search_history WHERE tenant_id = ${tenantId} AND reader_id = ${readerId}`.execute(
      db,
    ),
    sql<SearchHistoryRow>`
      SELECT id::int AS id, search_type, summary, request, num_found,
             to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at
      FROM search_history WHERE tenant_id = ${tenantId} AND reader_id = ${readerId}
      ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db),
  ]);
  return { total: count[0]?.n ?? 0, rows };
}

/** Deletes a reader's searches: the given ids, or all of them when `ids` is null. */
export async function deleteSearchHistory(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  ids: number[] | null,
): Promise<number> {
  const { numAffectedRows } = await sql`
    DELETE FROM search_history WHERE tenant_id = ${tenantId} AND reader_id = ${readerId}
    ${ids ? sql`AND id = ANY(${ids}::bigint[])` : sql``}`.execute(db);
  return Number(numAffectedRows ?? 0);
}
