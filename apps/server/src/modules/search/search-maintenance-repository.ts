import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Whether the PostgreSQL server's autovacuum is turned off. */
export async function autovacuumOff(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ off: boolean }>`SELECT current_setting('autovacuum') = 'off' AS off`.execute(db);
  return rows[0]?.off ?? false;
}

/**
 * VACUUM ANALYZE of the catalogue's tables when the catalogue changed since the last time; records
 * the catalogue's state it was done for. Returns whether it ran.
 */
export async function vacuumCatalogue(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ changed: boolean; max_id: number | null; last: string | null }>`
    SELECT s.max_id, s.last,
           (m.max_record_id IS DISTINCT FROM s.max_id OR m.last_updated_at IS DISTINCT FROM s.last::timestamptz) AS changed
    FROM (SELECT max(record_id) AS max_id, max(updated_at)::text AS last FROM bib_record) s
    LEFT JOIN search_maintenance m ON m.id = 1`.execute(db);
  const state = rows[0];
  if (!state?.changed) return false;
  await sql`VACUUM (ANALYZE) bib_record`.execute(db);
  await sql`VACUUM (ANALYZE) item`.execute(db);
  await sql`
    INSERT INTO search_maintenance (id, max_record_id, last_updated_at, done_at)
    VALUES (1, ${state.max_id}, ${state.last}::timestamptz, now())
    ON CONFLICT (id) DO UPDATE SET max_record_id = excluded.max_record_id,
      last_updated_at = excluded.last_updated_at, done_at = excluded.done_at`.execute(db);
  return true;
}
