import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { autovacuumOff, vacuumCatalogue } from './search-maintenance-repository.js';

/**
 * Housekeeping of the catalogue tables: after the catalogue changed, VACUUM ANALYZE them so that the
 * planner has statistics and bitmap scans can skip visibility checks. Without statistics a search
 * for a word the catalogue lacks can read the whole table (the planner expects some matches and
 * looks for the first one by scanning), and every full-text search also scans the tenant index
 * (a 1,000,000-record catalogue: 0.03 ms against seconds for a word with no match).
 * The embedded database has no autovacuum; a PostgreSQL server has one unless it was turned off,
 * and then this does its work for the catalogue.
 */
export class SearchMaintenance {
  private running: Promise<void> | undefined;
  private checkedAt = 0;
  private lastRunAt = 0;
  private needed: Promise<boolean> | undefined;
  /** A run asked for while one ran or too soon after one: it comes when the gap has passed. */
  private trailing: NodeJS.Timeout | undefined;
  private again = false;
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: 'pglite' | 'postgres',
    /** How often to check at most (0: only when asked with `poke(true)`). */
    private readonly everyMs: number,
    private readonly log: (err: unknown) => void = () => {},
    /**
     * The least time between two runs asked for with `poke(true)`: an import into a running server
     * announces every batch, and a VACUUM ANALYZE after each would take a core from the import.
     * The changes of the last batches are analysed once the gap has passed.
     */
    private readonly minGapMs = everyMs > 0 ? 60_000 : 0,
  ) {}

  /**
   * Checks (at most every `everyMs`, or when `force`: at once, or as soon as `minGapMs` has passed
   * since the last run) and vacuums in the background when needed.
   */
  poke(force = false): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.running) {
      this.again ||= force;
      return this.running;
    }
    const now = Date.now();
    if (!force && (this.everyMs <= 0 || now - this.checkedAt < this.everyMs)) return Promise.resolve();
    if (force && now - this.lastRunAt < this.minGapMs) {
      this.later(this.lastRunAt + this.minGapMs - now);
      return Promise.resolve();
    }
    this.checkedAt = now;
    this.running = this.check()
      .catch(this.log)
      .finally(() => {
        this.running = undefined;
        this.lastRunAt = Date.now();
        if (this.again) {
          this.again = false;
          this.later(this.minGapMs);
        }
      });
    return this.running;
  }

  /** Stops the runs still to come (the database is about to close) and waits for the one running. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.trailing);
    await this.running;
  }

  private later(ms: number): void {
    if (this.trailing) return;
    this.trailing = setTimeout(() => {
      this.trailing = undefined;
      void this.poke(true);
    }, ms);
    this.trailing.unref();
  }

  private async check(): Promise<void> {
    this.needed ??= this.engine === 'pglite' ? Promise.resolve(true) : autovacuumOff(this.db);
    if (await this.needed) await vacuumCatalogue(this.db);
  }
}
