import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Housekeeping for the embedded database, which has no autovacuum: after the catalogue changed,
 * VACUUM ANALYZE its tables so that the planner has statistics and bitmap scans can skip visibility
 * checks (a large difference in search speed). PostgreSQL's autovacuum does this by itself.
 */
export class SearchMaintenance {
  private running: Promise<void> | undefined;
  private checkedAt = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly embedded: boolean,
    /** How often to check at most (0: only when asked with `run(true)`). */
    private readonly everyMs: number,
    private readonly log: (err: unknown) => void = () => {},
  ) {}

  /** Checks (at most every `everyMs`, or now when `force`) and vacuums in the background when needed. */
  poke(force = false): Promise<void> {
    if (!this.embedded || this.running) return this.running ?? Promise.resolve();
    if (!force && (this.everyMs <= 0 || Date.now() - this.checkedAt < this.everyMs)) return Promise.resolve();
    this.checkedAt = Date.now();
    this.running = this.check()
      .catch(this.log)
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private async check(): Promise<void> {
    const { rows } = await sql<{ changed: boolean; max_id: number | null; last: string | null }>`
      SELECT s.max_id, s.last,
             (m.max_record_id IS DISTINCT FROM s.max_id OR m.last_updated_at IS DISTINCT FROM s.last::timestamptz) AS changed
      FROM (SELECT max(record_id) AS max_id, max(updated_at)::text AS last FROM bib_record) s
      LEFT JOIN search_maintenance m ON m.id = 1`.execute(this.db);
    const state = rows[0];
    if (!state?.changed) return;
    await sql`VACUUM (ANALYZE) bib_record`.execute(this.db);
    await sql`VACUUM (ANALYZE) item`.execute(this.db);
    await sql`
      INSERT INTO search_maintenance (id, max_record_id, last_updated_at, done_at)
      VALUES (1, ${state.max_id}, ${state.last}::timestamptz, now())
      ON CONFLICT (id) DO UPDATE SET max_record_id = excluded.max_record_id,
        last_updated_at = excluded.last_updated_at, done_at = excluded.done_at`.execute(this.db);
  }
}
