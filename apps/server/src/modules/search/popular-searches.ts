import type { PopularSearch } from '@openfind/contract';
import type { Kysely } from 'kysely';
import { databaseAnswers } from '../../db/database.js';
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
const HOUR_MS = 3_600_000;
const KEEP_DAYS = 400;
const DAY_MS = 86_400_000;
/** Longest text counted (characters): longer ones are pasted passages or spam, not searches people repeat. */
export const POPULAR_TEXT_MAX = 60;
/** Distinct texts one address may add to a tenant's popular searches per hour. */
export const POPULAR_TERMS_PER_ADDRESS_HOUR = 30;
/** Addresses remembered for that limit (oldest forgotten first beyond it). */
const ADDRESSES_KEPT = 50_000;
/** Searches kept for the next flush while the database cannot take them; beyond it, new ones are not kept. */
const BUFFER_MAX = 10_000;
/** Flushes an entry may fail while the database answers (but refuses every entry) before it is dropped. */
const TRIES_MAX = 5;

interface Pending extends SearchLogEntry {
  tries: number;
}

interface AddressWindow {
  since: number;
  terms: Set<string>;
}

export interface PopularSearchOptions {
  /** The tenant's block list (site config `popularSearchBlockList`); '' = none. */
  blockListOf?: (tenantId: number) => Promise<string>;
  /** Distinct texts per address and hour (tests lower it). */
  termsPerAddressHour?: number;
  /** The clock (tests move it). */
  now?: () => number;
}

/**
 * Popular searches per tenant over a rolling window. Only searches that ran and found records
 * count (the search calls report them; `popularSearch/add` adds nothing of its own), once per
 * address and hour for the same text, and at most `POPULAR_TERMS_PER_ADDRESS_HOUR` distinct texts
 * per address and hour; texts that are long, mostly punctuation, URLs or on the tenant's block
 * list never count (the block list and the text rules also hide what was counted before).
 *
 * Searches are buffered and written every few seconds in one statement. A failed write loses
 * nothing but what the database refuses: the batch is halved until the refused entries are found,
 * and when the database does not answer (or refuses everything) the entries wait for the next
 * flush, bounded.
 */
export class PopularSearches {
  private buffer: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly windows = new Map<string, AddressWindow>();
  private readonly cache: ResultCache<PopularSearch[]>;
  private readonly blockListOf: (tenantId: number) => Promise<string>;
  private readonly termsPerHour: number;
  private readonly now: () => number;
  private lastCleanup = 0;

  constructor(
    private readonly db: Kysely<Database>,
    cacheMs: number,
    /** Where write failures and refused entries are reported (the server's log). */
    public log: (err: unknown) => void = () => {},
    options: PopularSearchOptions = {},
  ) {
    this.cache = new ResultCache(cacheMs, 200);
    this.blockListOf = options.blockListOf ?? (async () => '');
    this.termsPerHour = options.termsPerAddressHour ?? POPULAR_TERMS_PER_ADDRESS_HOUR;
    this.now = options.now ?? Date.now;
  }

  /**
   * Counts a search that ran: `numFound` records found (nothing counts without records).
   * `client` is the caller's address, for the per-address rules.
   */
  record(e: { tenantId: number; text: string; searchField: string; numFound: number | null; client: string }): void {
    if (!e.numFound || e.numFound <= 0) return;
    const clean = cleanText(e.text);
    if (!countable(clean)) return;
    const queryText = tidy(clean);
    const queryKey = termOf(queryText);
    if (!queryKey || !this.admit(e.tenantId, e.client, queryKey)) return;
    if (this.buffer.length >= BUFFER_MAX) return;
    this.buffer.push({
      tenantId: e.tenantId,
      queryKey,
      queryText,
      searchField: cleanText(e.searchField).slice(0, 50) || 'keyWord',
      numFound: e.numFound,
      tries: 0,
    });
    this.schedule();
  }

  /** Whether `client` ran a search for `text` in this tenant within the hour that counted. */
  counted(tenantId: number, client: string, text: string): boolean {
    const key = termOf(tidy(cleanText(text)));
    const w = this.windows.get(`${tenantId}\u0000${client}`);
    return !!key && !!w && this.now() - w.since < HOUR_MS && w.terms.has(key);
  }

  /** The per-address rules: a text once per hour, at most `termsPerHour` texts per hour. */
  private admit(tenantId: number, client: string, queryKey: string): boolean {
    const now = this.now();
    const id = `${tenantId}\u0000${client}`;
    let w = this.windows.get(id);
    if (!w || now - w.since >= HOUR_MS) {
      this.windows.delete(id);
      w = { since: now, terms: new Set() };
      this.windows.set(id, w);
      this.forgetOldAddresses(now);
    }
    if (w.terms.has(queryKey) || w.terms.size >= this.termsPerHour) return false;
    w.terms.add(queryKey);
    return true;
  }

  private forgetOldAddresses(now: number): void {
    if (this.windows.size <= ADDRESSES_KEPT) return;
    for (const [id, w] of this.windows) if (now - w.since >= HOUR_MS) this.windows.delete(id);
    // Still too many (many addresses within the hour): the oldest windows go first.
    for (const id of this.windows.keys()) {
      if (this.windows.size <= ADDRESSES_KEPT) break;
      this.windows.delete(id);
    }
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => void this.flush().catch(this.log), FLUSH_MS).unref();
  }

  /**
   * Writes the buffered searches now (and, once a day, forgets those older than the longest
   * window). Rejects only when entries had to be kept for a later flush.
   */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const entries = this.buffer;
    this.buffer = [];
    if (!entries.length) return;
    let allowed: Pending[];
    try {
      allowed = await this.withoutBlocked(entries);
    } catch (err) {
      this.keep(entries, false);
      throw err;
    }
    try {
      await insertSearchLog(this.db, allowed);
    } catch (err) {
      await this.recover(allowed, err);
    }
    if (this.now() - this.lastCleanup > DAY_MS) {
      this.lastCleanup = this.now();
      await deleteSearchLogBefore(this.db, KEEP_DAYS);
    }
  }

  /** After a failed batch: writes what the database takes, drops what it refuses, keeps the rest. */
  private async recover(entries: Pending[], err: unknown): Promise<void> {
    if (!(await databaseAnswers(this.db))) {
      this.keep(entries, false);
      throw err;
    }
    const refused: Array<{ entry: Pending; err: unknown }> = [];
    await this.insertHalving(entries, refused);
    if (refused.length === entries.length) {
      // Nothing went in although the database answers (the table locked, being changed…): later.
      this.keep(entries, true);
      throw err;
    }
    for (const r of refused) this.log(r.err);
  }

  private async insertHalving(entries: Pending[], refused: Array<{ entry: Pending; err: unknown }>): Promise<void> {
    try {
      await insertSearchLog(this.db, entries);
    } catch (err) {
      if (entries.length === 1) {
        refused.push({ entry: entries[0]!, err });
        return;
      }
      const half = entries.length >> 1;
      await this.insertHalving(entries.slice(0, half), refused);
      await this.insertHalving(entries.slice(half), refused);
    }
  }

  /** Puts entries back before the newer ones, within `BUFFER_MAX`; `tried` counts a failed try. */
  private keep(entries: Pending[], tried: boolean): void {
    const kept = entries.filter((e) => !tried || ++e.tries < TRIES_MAX);
    this.buffer = [...kept, ...this.buffer].slice(0, BUFFER_MAX);
    if (this.buffer.length) this.schedule();
  }

  /** The entries whose text is on no block list of its tenant. */
  private async withoutBlocked(entries: Pending[]): Promise<Pending[]> {
    const blocks = new Map<number, BlockList>();
    for (const e of entries) {
      if (!blocks.has(e.tenantId)) blocks.set(e.tenantId, blockList(await this.blockListOf(e.tenantId)));
    }
    return entries.filter((e) => !blocks.get(e.tenantId)!(e.queryKey));
  }

  /** The tenant's most searched texts of the last `days`. */
  top(tenantId: number, days: number, rows: number): Promise<PopularSearch[]> {
    return this.cache
      .get(`${tenantId}|${days}`, async () => {
        const [found, blocked] = await Promise.all([
          findPopularSearches(this.db, tenantId, days, 100),
          this.blockListOf(tenantId).then(blockList),
        ]);
        // The text rules and the block list also hide what was counted before they applied.
        return found
          .filter((r) => countable(r.text) && !blocked(termOf(r.text)))
          .slice(0, 50)
          .map((r) => ({ keyWord: r.text, count: r.n }));
      })
      .then((list) => list.slice(0, rows));
  }
}

/** Without control characters (a NUL byte is refused by PostgreSQL) and unpaired surrogates. */
function cleanText(text: string): string {
  return text
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/\p{Cc}+/gu, ' ');
}

const URL_LIKE = [
  /[a-z][a-z0-9+.-]*:\/\//i,
  /(?:^|[^\p{L}\p{N}])www\./iu,
  /[a-z0-9-]+\.[a-z]{2,}\/\S/i,
  // A bare domain of the TLDs of spam ('.net' and '.org' are left out: ASP.NET, Python.org…).
  /[\p{L}\p{N}-]{2,}\.(?:com|cn|xyz|top|vip|cc|info|biz|ru|site|online|shop|club|io|me|co)(?![\p{L}\p{N}])/iu,
];

/** Whether a text may be counted at all: short, mostly letters or digits, not a URL. */
export function countable(text: string): boolean {
  const t = text.normalize('NFKC').replace(/\s+/g, ' ').trim();
  if (!t || [...t].length > POPULAR_TEXT_MAX) return false;
  const visible = t.replace(/\s/g, '');
  const words = visible.replace(/[^\p{L}\p{N}\p{M}]/gu, '');
  // "C++" and "C#" count; "!!!!", "@@@a" and emoji rows do not.
  if (!words || words.length * 3 < visible.length) return false;
  return !URL_LIKE.some((re) => re.test(t));
}

type BlockList = (queryKey: string) => boolean;

/** Scripts written without spaces between words: an entry in them matches anywhere in the text. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/**
 * A block list (entries separated by new lines, commas or semicolons, folded like the searched
 * text: case, width, Traditional→Simplified) as a test of a folded text. An entry of Chinese (or
 * another script without spaces) matches anywhere in the text; an entry that starts or ends with
 * a letter or digit of another script matches whole words there ("ass" does not block "class").
 */
export function blockList(list: string): BlockList {
  const entries = list
    .split(/[\n,，、;；]+/)
    .map((e) => termOf(e))
    .filter(Boolean);
  if (!entries.length) return () => false;
  const parts = entries.map((e) => {
    const chars = [...e];
    const edge = (c: string) => /[\p{L}\p{N}]/u.test(c) && !UNSPACED.test(c);
    const escaped = e.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    return `${edge(chars[0]!) ? '(?<![\\p{L}\\p{N}])' : ''}${escaped}${edge(chars.at(-1)!) ? '(?![\\p{L}\\p{N}])' : ''}`;
  });
  const re = new RegExp(parts.join('|'), 'u');
  return (queryKey) => re.test(queryKey);
}
