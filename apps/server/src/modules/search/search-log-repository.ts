import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A search to count among the popular ones. */
export interface SearchLogEntry {
  tenantId: number;
  queryKey: string;
  queryText: string;
  searchField: string;
  numFound: number | null;
}

/** Appends searches to the log, in one statement. */
export async function insertSearchLog(db: Kysely<Database>, entries: SearchLogEntry[]): Promise<void> {
  if (!entries.length) return;
  const col = <K extends keyof SearchLogEntry>(k: K) => entries.map((e) => e[k]);
  await sql`
    INSERT INTO search_log (tenant_id, query_key, query_text, search_field, num_found)
    SELECT * FROM unnest(${col('tenantId')}::int[], ${col('queryKey')}::text[], ${col('queryText')}::text[],
                         ${col('searchField')}::text[], ${col('numFound')}::int[])`.execute(db);
}

/** The most searched texts of the tenant in the last `days` (searches that ran and found records), most first. */
export async function findPopularSearches(
  db: Kysely<Database>,
  tenantId: number,
  days: number,
  limit: number,
): Promise<Array<{ text: string; n: number }>> {
  const { rows } = await sql<{ text: string; n: number }>`
    SELECT (array_agg(query_text ORDER BY created_at DESC))[1] AS text, count(*)::int AS n
    FROM search_log
    WHERE tenant_id = ${tenantId} AND created_at > now() - make_interval(days => ${days}) AND num_found > 0
    GROUP BY query_key
    ORDER BY n DESC, query_key
    LIMIT ${limit}`.execute(db);
  return rows;
}

/** Removes log entries older than `days` (all tenants). */
export async function deleteSearchLogBefore(db: Kysely<Database>, days: number): Promise<void> {
  await sql`DELETE FROM search_log WHERE created_at < now() - make_interval(days => ${days})`.execute(db);
}
