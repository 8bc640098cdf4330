import type { PopularSearch } from '@openfind/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ResultCache } from './result-cache.js';
import {
  deleteSearchLogBefore,
  findPopularSearches,
  insertSearchLog,
  type SearchLogEntry,
} from './search-log-repository.js';
import { tidy } from './search-text.js';
import { termOf } from './search-vocabulary.js';

const FLUSH_MS = 2000;
const REPEAT_MS = 60_000;
const KEEP_DAYS = 400;
const DAY_MS = 86_400_000;

/**
 * Popular searches per tenant over a rolling window. Searches are buffered and written every few
 * seconds in one statement; the same text from the same client within a minute counts once (the
 * search calls and `popularSearch/add` may both report one search).
 */
export class PopularSearches {
  private buffer: SearchLogEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly recent = new Map<string, number>();
  private readonly cache: ResultCache<PopularSearch[]>;
  private lastCleanup = 0;

  constructor(
    private readonly db: Kysely<Database>,
    cacheMs: number,
    private readonly log: (err: unknown) => void = () => {},
  ) {
    this.cache = new ResultCache(cacheMs, 200);
  }

  /** Counts a search. `client` identifies the caller for the once-a-minute rule. */
  record(e: { tenantId: number; text: string; searchField: string; numFound: number | null; client: string }): void {
    const queryText = tidy(e.text);
    const queryKey = termOf(queryText);
    if (!queryKey) return;
    const now = Date.now();
    const seenKey = `${e.tenantId}\u0000${e.client}\u0000${queryKey}`;
    const seen = this.recent.get(seenKey);
    if (seen !== undefined && now - seen < REPEAT_MS) return;
    this.recent.set(seenKey, now);
    if (this.recent.size > 20_000) {
      for (const [k, at] of this.recent) if (now - at >= REPEAT_MS) this.recent.delete(k);
    }
    this.buffer.push({ tenantId: e.tenantId, queryKey, queryText, searchField: e.searchField, numFound: e.numFound });
    this.timer ??= setTimeout(() => void this.flush().catch(this.log), FLUSH_MS).unref();
  }

  /** Writes the buffered searches now (and, once a day, forgets those older than the longest window). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const entries = this.buffer;
    this.buffer = [];
    if (!entries.length) return;
    await insertSearchLog(this.db, entries);
    if (Date.now() - this.lastCleanup > DAY_MS) {
      this.lastCleanup = Date.now();
      await deleteSearchLogBefore(this.db, KEEP_DAYS);
    }
  }

  /** The tenant's most searched texts of the last `days`. */
  top(tenantId: number, days: number, rows: number): Promise<PopularSearch[]> {
    return this.cache
      .get(`${tenantId}|${days}`, async () =>
        (await findPopularSearches(this.db, tenantId, days, 50)).map((r) => ({ keyWord: r.text, count: r.n })),
      )
      .then((list) => list.slice(0, rows));
  }
}
