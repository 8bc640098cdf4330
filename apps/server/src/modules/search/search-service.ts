import {
  ErrCode,
  FACET_DIMENSIONS,
  MEMBERSHIP_DIMENSIONS,
  MAX_QUERY_LENGTH,
  MAX_RESULT_WINDOW,
  SEARCH_REQUEST_TEMPLATE,
  SearchErrCode,
  SearchRequest,
  type FacetResult,
  type HighlightResult,
  type ItemCountRequest,
  type KeyWordSuggestion,
  type Lang,
  type SearchForDetailRequest,
  type SearchResponse,
  type SpellResponse,
  type TwiceSearchRequest,
} from '@openfind/contract';
import { foldText, queryTerms } from '@openfind/text';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { t } from '../../http/messages.js';
import type { DictionaryService } from '../dictionaries/dictionary-service.js';
import type { FacetCount, FacetStore, MemorySort, TenantFacets } from './engine/facet-store.js';
import { anyInMemory, rankInMemory } from './engine/memory-search.js';
import type { SearchMaintenance } from './search-maintenance.js';
import type { PopularSearches } from './popular-searches.js';
import type { Classification } from './classification.js';
import { ResultCache } from './result-cache.js';
import { highlight } from './search-highlight.js';
import type { SearchHistory } from './search-history.js';
import { presentRecord } from './search-presenter.js';
import {
  buildClause,
  matchSignature,
  planSearch,
  positiveClauses,
  relaxPlan,
  TEXT_FACETS,
  type Filters,
  type SearchPlan,
} from './search-query.js';
import {
  countMatches,
  findCommonLexemes,
  findItemCounts,
  findMatches,
  findTop,
  findPageIds,
  findRankedIds,
  findSuppressedIds,
  findRecordTopics,
  findRecordsByIds,
  findRelated,
  hasMatch,
  lexemeExists,
  type CompiledSearch,
} from './search-repository.js';
import { compile, highlightTerms } from './search-sql.js';
import { matchKey, prepareFolding, tidy } from './search-text.js';
import type { SearchVocabulary } from './search-vocabulary.js';
import type { TextIndex } from './engine/text-index.js';
import { PageFirst } from './engine/page-first.js';

/** Who is searching. */
export interface SearchContext {
  tenantId: number;
  lang: Lang;
  /** The logged-in reader, if any (their searches go to their history). */
  readerId: number | null;
  /** The caller (an address), to count a repeated search once. */
  client: string;
}

/** Which search call was made. */
export type SearchKind = 'search' | 'indexSearch' | 'advancedSearch' | 'twiceSearch';

/** Ids kept per cached search: the first pages come from the cache, deeper ones from the database. */
const CACHED_IDS = 500;
/** Words in more than this share of the records skip the character fallback. */
const COMMON_SHARE = 0.01;
const COMMON_WORDS_MS = 30 * 60_000;
/**
 * The catalogue's common words (in at least `COMMON_SHARE` of the records) are searched ahead, per
 * tenant, after the start and after the catalogue changes, commonest first and at most this many:
 * ranking every record such a word matches is the slowest work a search does (about half a second
 * for a word in 13% of a million records), and readers search them most. At a million demo records
 * that is 235 words, whose rankings take 66 MB.
 */
const WARM_WORDS = 300;
/** ... and only those that match about this many of the tenant's records (ranking 5,000 takes about 20 ms). */
const WARM_MIN_MATCHES = 5000;
/** Words a reader would type: two Chinese characters or more, or a Latin word of three letters or more. */
const TYPED_WORD = /^(?:\p{Script=Han}{2,}|[a-z][a-z0-9]{2,})$/u;
/** After a change, the warmed searches are searched again once the catalogue has been quiet this long. */
const REWARM_MS = 60_000;
/** Keys shown per facet dimension. */
const FACET_LIMIT = 30;
/** How long a base narrowed by filters is kept: a search's page and facet requests come together. */
const NARROWED_MS = 10_000;

/** What a search found, as cached. */
interface Found {
  total: number;
  ids: number[];
  relaxed: boolean;
  suggestions: string[];
  /** The search that produced the ids (the relaxed one when relaxed), for deeper pages. */
  compiled: CompiledSearch;
  plan: SearchPlan;
}

/** What a text search found, before the facet filters (kept in memory per text, filters and sort). */
interface Base {
  /** Record ids, best first. */
  ids: Int32Array;
  /** The same ids ascending (made at the first facet count): counting reads records in their order. */
  sorted?: Int32Array;
  relaxed: boolean;
  suggestions: string[];
  plan: SearchPlan;
}

/** A base narrowed by a plan's year, on-shelf, arrival and facet filters (`locateInMemory`). */
interface Narrowed {
  base: Base;
  /** The base's ids in the ranges, ascending. */
  rangedSorted: Int32Array;
  /** Those of `rangedSorted` that pass the facet filters. */
  passing: Int32Array;
  /** Those in the ranges that pass them, in the base's order. */
  filtered: Int32Array;
}

/** What a search found for one request. */
interface Located {
  total: number;
  /** The ids of the requested page. */
  ids: number[];
  facetRows: FacetCount[] | undefined;
  relaxed: boolean;
  suggestions: string[];
  /** The plan that found them (the relaxed one when relaxed), for highlighting. */
  plan: SearchPlan;
}

/** A base's ids ascending, made once (facet counts and filters read records in id order). */
function sortedIds(base: Base): Int32Array {
  base.sorted ??= ascending(base.ids);
  return base.sorted;
}

/**
 * Distinct ids in ascending order: many of them (a common word's hundreds of thousands) by marking
 * them in a table as long as the largest id and reading it in order, several times faster than
 * sorting them; few by sorting.
 */
export function ascending(ids: Int32Array): Int32Array {
  let max = 0;
  for (let i = 0; i < ids.length; i++) if (ids[i]! > max) max = ids[i]!;
  if (ids.length < 4096 || max > 16 * ids.length) return ids.slice().sort();
  const marks = new Uint8Array(max + 1);
  for (let i = 0; i < ids.length; i++) marks[ids[i]!] = 1;
  const out = new Int32Array(ids.length);
  let n = 0;
  for (let id = 0; id <= max; id++) if (marks[id] === 1) out[n++] = id;
  return out.subarray(0, n);
}

/** The ids of `order` (in that order) that are among `members` (ascending). */
function retain(order: Int32Array, members: Int32Array): Int32Array {
  if (!members.length) return members;
  const keep = new Uint8Array(members[members.length - 1]! + 1);
  for (let i = 0; i < members.length; i++) keep[members[i]!] = 1;
  const out = new Int32Array(members.length);
  let n = 0;
  for (let i = 0; i < order.length; i++) if (keep[order[i]!] === 1) out[n++] = order[i]!;
  return out.subarray(0, n);
}

/** Filters without what the facet store applies itself: the facets, years, on shelf and new arrivals. */
function withoutNarrowing(filters: Filters): Filters {
  return { ...filters, facets: {}, yearFrom: undefined, yearTo: undefined, onlyOnShelf: false, inDateFrom: undefined };
}

/**
 * The codes of a base plan that only searches by class number or by call number, in relevance
 * order, with nothing the facet store cannot test (`TenantFacets.byCode`); undefined for any other
 * plan.
 */
function codeSearch(plan: SearchPlan): { kind: 'class' | 'call'; codes: string[]; exact: boolean } | undefined {
  const c = plan.expr?.type === 'clause' ? plan.expr.clause : undefined;
  const kind = c?.def.kind;
  if (!c || (kind !== 'class' && kind !== 'call') || !['1', '2', '3'].includes(c.mode)) return undefined;
  if (plan.sort !== 'relevance') return undefined;
  if (!c.codes.length) return undefined;
  return { kind, codes: c.codes, exact: c.mode === '1' };
}

/**
 * Free-text facet values that differ only in script, width, case or punctuation become one, under
 * their most frequent form (the facet store in memory does the same as it loads).
 */
/** Facet counts less others (records left out after counting), those left at none dropped. */
function withoutCounts(rows: FacetCount[], less: FacetCount[]): FacetCount[] {
  if (!less.length) return rows;
  const minus = new Map(less.map((r) => [`${r.dim}\u0000${r.key}`, r.count]));
  return rows
    .map((r) => ({ ...r, count: r.count - (minus.get(`${r.dim}\u0000${r.key}`) ?? 0) }))
    .filter((r) => r.count > 0);
}

function mergeTextVariants(rows: FacetCount[]): FacetCount[] {
  const text = new Set<string>(TEXT_FACETS);
  const merged = new Map<string, FacetCount & { top: number }>();
  const out: FacetCount[] = [];
  for (const r of rows) {
    if (!text.has(r.dim)) {
      out.push(r);
      continue;
    }
    const k = `${r.dim}\u0001${matchKey(r.key) || r.key}`;
    const m = merged.get(k);
    if (!m) merged.set(k, { ...r, top: r.count });
    else {
      m.count += r.count;
      if (r.count > m.top) Object.assign(m, { key: r.key, top: r.count });
    }
  }
  for (const { top: _top, ...r } of merged.values()) out.push(r);
  return out;
}

/** The dimensions `facetResult` always names (the real server's); the memberships only with counts. */
const ALWAYS_NAMED = FACET_DIMENSIONS.filter((d) => !(MEMBERSHIP_DIMENSIONS as readonly string[]).includes(d));

/** Facet rows as `{ dimension: { key: count } }`, the real server's dimensions always present, biggest counts first. */
function toFacetResult(rows: FacetCount[]): FacetResult {
  const out: FacetResult = Object.fromEntries(ALWAYS_NAMED.map((d) => [d, {}]));
  const sorted = mergeTextVariants(rows).sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : 1));
  for (const r of sorted) (out[r.dim] ??= {})[r.key] = r.count;
  return out;
}

/**
 * The search engine: parses a request, finds the records (cached per search for paging and
 * repeats), computes facets, highlights the hits, and counts the search for popular searches.
 */
export class SearchService {
  private readonly results: ResultCache<Found>;
  private readonly facets: ResultCache<FacetCount[]>;
  private readonly bases: ResultCache<Base>;
  private readonly narrowed: ResultCache<Narrowed>;
  private readonly pageFirst = new PageFirst();
  private warming: Promise<void> | undefined;
  private closing = false;
  private warmedUp = false;
  /** The common words with their shares of the records, commonest first. */
  private common: ReadonlyMap<string, number> = new Map();
  private commonAt = 0;
  private readonly rewarms = new Map<number, NodeJS.Timeout>();
  /** The last re-warm after a change. */
  private rewarming: Promise<void> = Promise.resolve();
  private readonly warmMinMatches: number;
  private readonly rewarmMs: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: {
      dictionaries: DictionaryService;
      vocabulary: SearchVocabulary;
      popular: PopularSearches;
      history: SearchHistory;
      /** Facets from memory; without it (or until a tenant is loaded) they are counted in SQL. */
      facetStore?: FacetStore | undefined;
      /** Text searches matched and ranked in memory; without it (or until built) by the database. */
      textIndex?: TextIndex | undefined;
      maintenance?: SearchMaintenance | undefined;
      /** The class tree's counts, forgotten with the rest when the catalogue changes. */
      classification?: Pick<Classification, 'forget'> | undefined;
    },
    opts: {
      cacheMs: number;
      /** Common words are warmed when they match at least this many records (`WARM_MIN_MATCHES`). */
      warmMinMatches?: number;
      /** Quiet time after a change before the common searches are warmed again (`REWARM_MS`). */
      rewarmMs?: number;
    },
  ) {
    this.warmMinMatches = opts.warmMinMatches ?? WARM_MIN_MATCHES;
    this.rewarmMs = opts.rewarmMs ?? REWARM_MS;
    this.results = new ResultCache(opts.cacheMs, 1000);
    this.facets = new ResultCache(opts.cacheMs, 1000);
    // Ranked ids of text searches: at most 256 MB of them.
    this.bases = new ResultCache(opts.cacheMs, 2000, {
      maxWeight: 256 * 2 ** 20,
      weigh: (b) => 2 * b.ids.byteLength + 1024,
    });
    // A base narrowed by a search's filters, briefly: its page and facet requests come together.
    this.narrowed = new ResultCache(Math.min(opts.cacheMs, NARROWED_MS), 200, {
      maxWeight: 64 * 2 ** 20,
      // Arrays that are the base's own (no filters) are weighed with the base.
      weigh: (n) =>
        [...new Set([n.rangedSorted, n.passing, n.filtered])]
          .filter((a) => a !== n.base.ids && a !== n.base.sorted)
          .reduce((sum, a) => sum + a.byteLength, 1024),
    });
  }

  /**
   * Gets the tenants ready for fast searches (in the background after the server starts): database
   * housekeeping, the facet values in memory, the vocabulary, the Traditional-Simplified table of
   * field checks.
   */
  warmUp(tenantIds: number[]): Promise<void> {
    this.warmedUp = false;
    this.warming = (async () => {
      prepareFolding();
      await this.deps.maintenance?.poke(true);
      await this.readCommonWords();
      for (const id of tenantIds) {
        if (this.closing) return;
        await this.deps.facetStore?.prepare(id);
        if (this.closing) return;
        await this.deps.textIndex?.prepare(id);
        if (this.closing) return;
        await this.deps.vocabulary.ensure(id);
        await this.deps.vocabulary.whenBuilt(id);
        await this.warmCommonSearches(id);
      }
      this.warmedUp = !this.closing;
      if (this.warmedUp) for (const listener of this.warmListeners.splice(0)) listener();
    })();
    return this.warming;
  }

  /** Whether the warm-up after the start is done (here and, in a cluster, in every process). */
  get isWarm(): boolean {
    return this.warmedUp && this.peersWarm;
  }

  /** In a cluster: whether every other server process is warm too (the primary says so). */
  peersWarm = true;
  private readonly warmListeners: Array<() => void> = [];

  /** Calls `listener` once this process's warm-up is done (at once if it is). */
  onWarm(listener: () => void): void {
    if (this.warmedUp) listener();
    else this.warmListeners.push(listener);
  }

  /**
   * Ranks the commonest words ahead (`WARM_WORDS`), one at a time, and keeps them and their facet
   * counts until the catalogue changes: a reader's first search for one of them, with any facet,
   * year range or memory sort, is then answered from memory.
   */
  private async warmCommonSearches(tenantId: number): Promise<void> {
    const store = await this.deps.facetStore?.get(tenantId);
    if (!store) return;
    // Only words whose ranking costs: in a small catalogue every search is quick.
    const minShare = this.warmMinMatches / Math.max(store.size, 1);
    const words = [...this.common].filter(([w, share]) => share >= minShare && TYPED_WORD.test(w)).slice(0, WARM_WORDS);
    for (const [word] of words) {
      if (this.closing) return;
      const plan = planSearch(SearchRequest.parse({ ...SEARCH_REQUEST_TEMPLATE, searchFieldContent: word }), null);
      if (!plan.expr) continue;
      const { key, basePlan } = this.baseOf(tenantId, plan);
      const base = await this.bases.keep(key, () => this.findBase(tenantId, basePlan)).catch(() => undefined);
      // Its facets too: the variants of the search with one facet filter start from them.
      if (base) {
        const all = sortedIds(base);
        await this.facets
          .keep(`${tenantId}|${matchSignature(plan)}`, () => this.countFacets(tenantId, store, plan, all, all))
          .catch(() => undefined);
      }
    }
  }

  /** Reads the catalogue's common words from the planner's statistics. */
  private async readCommonWords(): Promise<void> {
    this.common = await findCommonLexemes(this.db, COMMON_SHARE);
    this.commonAt = Date.now();
  }

  /**
   * Warms the tenant's common searches again once its catalogue has been quiet for `rewarmMs`,
   * with the common words read again first: an import may have made new words common.
   */
  private scheduleRewarm(tenantId: number): void {
    clearTimeout(this.rewarms.get(tenantId));
    const timer = setTimeout(() => {
      this.rewarms.delete(tenantId);
      if (this.closing) return;
      this.rewarming = (async () => {
        await this.readCommonWords();
        if (!this.closing) await this.warmCommonSearches(tenantId);
      })().catch(() => undefined);
    }, this.rewarmMs);
    timer.unref();
    this.rewarms.set(tenantId, timer);
  }

  /** Resolves once the re-warm that is running, if one is, has finished. */
  whenRewarmed(): Promise<void> {
    return this.rewarming;
  }

  /** Stops background work before the database closes, and waits for what is running. */
  async close(): Promise<void> {
    this.closing = true;
    for (const timer of this.rewarms.values()) clearTimeout(timer);
    await Promise.allSettled([
      this.deps.facetStore?.close(),
      this.deps.textIndex?.close(),
      this.deps.vocabulary.close(),
      this.deps.maintenance?.close(),
      this.warming,
      this.rewarming,
    ]);
  }

  /** The catalogue's common words (refreshed in the background every half hour). */
  private commonWords(): ReadonlyMap<string, number> {
    if (Date.now() - this.commonAt > COMMON_WORDS_MS) {
      // Not read again by the next search while this read runs; tried again at the next one if it fails.
      this.commonAt = Date.now();
      this.readCommonWords().catch(() => (this.commonAt = 0));
    }
    return this.common;
  }

  /** SQL of a plan, with the catalogue's common words. */
  private compileFor(plan: SearchPlan, tenantId: number): CompiledSearch {
    return compile(plan, tenantId, this.commonWords());
  }

  /**
   * Every record a plan matches, best first: from the text index in memory when the tenant's is
   * built and the plan is one it answers, else from the database (the same records and order).
   */
  private async rankedIds(tenantId: number, plan: SearchPlan): Promise<Int32Array> {
    const text = await this.deps.textIndex?.get(tenantId);
    const inMemory = text && rankInMemory(text, plan, this.commonWords());
    // The database's own search leaves out records suppressed by staff; the copy in memory holds them.
    return inMemory ? this.visible(tenantId, inMemory) : findRankedIds(this.db, this.compileFor(plan, tenantId));
  }

  /**
   * `ids` without the tenant's records suppressed by staff (migration 0038: a partial index lists
   * the few there are), for what the copies in memory found; the set too.
   */
  private async visible(tenantId: number, ids: Int32Array): Promise<Int32Array> {
    const hidden = await findSuppressedIds(this.db, tenantId);
    return hidden.size ? ids.filter((id) => !hidden.has(id)) : ids;
  }

  /**
   * The tenant's catalogue changed (an import or an edit was announced): cached results go, and the
   * facet values, the vocabulary and the embedded database's statistics catch up at their next use.
   */
  catalogueChanged(tenantId: number): void {
    this.invalidate(tenantId);
    this.deps.facetStore?.markStale(tenantId);
    this.deps.textIndex?.markStale(tenantId);
    this.deps.vocabulary.markStale(tenantId);
    this.deps.classification?.forget(tenantId);
    void this.deps.maintenance?.poke(true);
    this.scheduleRewarm(tenantId);
  }

  /** Forgets cached results (after the catalogue changed). */
  invalidate(tenantId?: number): void {
    const prefix = tenantId === undefined ? undefined : `${tenantId}|`;
    this.results.clear(prefix);
    this.facets.clear(prefix);
    this.bases.clear(prefix);
    this.narrowed.clear(prefix);
  }

  /** `search`, `indexSearch`, `advancedSearch` and `twiceSearch`. */
  async search(ctx: SearchContext, kind: SearchKind, req: SearchRequest | TwiceSearchRequest): Promise<SearchResponse> {
    let extra = null;
    if (kind === 'twiceSearch') {
      const r = req as TwiceSearchRequest;
      extra = buildClause(r.twiceSearchField, r.twiceMatchMode, r.twiceSearchFieldContent);
      if (!extra) throw new AppError('searchQueryRequired', SearchErrCode.queryRequired);
    }
    const plan = planSearch(req, extra);
    void this.deps.maintenance?.poke();
    // Facet counts alone wait while pages are answered (`PageFirst`).
    const response =
      req.facet === 'only'
        ? await this.pageFirst.facets(() => this.run(ctx, plan, 'only'))
        : await this.pageFirst.page(() => this.run(ctx, plan, req.facet));
    if (plan.page === 1 && req.facet !== 'only' && plan.summary) {
      const first = positiveClauses(plan.expr)[0];
      this.deps.popular.record({
        tenantId: ctx.tenantId,
        text: plan.summary,
        searchField: first?.scope ?? 'keyWord',
        numFound: response.numFound,
        client: ctx.client,
      });
      if (ctx.readerId !== null) {
        await this.deps.history.record({
          tenantId: ctx.tenantId,
          readerId: ctx.readerId,
          searchType: kind === 'indexSearch' ? 'search' : kind,
          summary: plan.summary,
          request: req,
          numFound: response.numFound,
        });
      }
    }
    return response;
  }

  /** Runs a plan: the page, the facets, the highlights. */
  private async run(ctx: SearchContext, plan: SearchPlan, facetMode: '0' | '1' | 'only'): Promise<SearchResponse> {
    const store = plan.expr ? await this.deps.facetStore?.get(ctx.tenantId) : undefined;
    const found = store
      ? await this.locateInMemory(ctx, plan, facetMode, store)
      : await this.locateInSql(ctx, plan, facetMode);
    const { total, ids, facetRows, relaxed, suggestions } = found;
    const [rows, docNames] = await Promise.all([
      findRecordsByIds(this.db, ctx.tenantId, ids),
      this.docNames(ctx.tenantId, ctx.lang),
    ]);
    const byId = new Map(rows.map((r) => [r.record_id, r]));
    const records = ids.flatMap((id) => {
      const r = byId.get(id);
      return r ? [presentRecord(r, docNames)] : [];
    });
    const words = highlightTerms(found.plan);
    const hl: HighlightResult = {};
    for (const r of records) {
      const title = highlight(r.title, words, { pinyin: true });
      const titleRomanized = highlight(r.titleRomanized, words);
      const adstract = highlight(r.adstract, words);
      if (title || titleRomanized || adstract) {
        hl[String(r.recordId)] = {
          ...(title ? { title: [title] } : {}),
          ...(titleRomanized ? { titleRomanized: [titleRomanized] } : {}),
          ...(adstract ? { adstract: [adstract] } : {}),
        };
      }
    }
    return {
      numFound: total,
      searchResult: records,
      facetResult: facetRows ? toFacetResult(facetRows) : {},
      hlResult: total === 0 ? null : hl,
      levelResultList: [],
      relaxed,
      notice: relaxed ? t(ctx.lang, 'searchRelaxedNotice') : null,
      spellSuggestions: suggestions,
      facetIncluded: facetMode !== '0',
      maxResults: MAX_RESULT_WINDOW,
    };
  }

  /**
   * A text search with the facet values in memory: the database ranks what the text and the
   * non-facet filters match (once per text, filters and sort: cached), and the facet filters,
   * the counts and the paging are done in memory. Choosing a facet or turning a page does not
   * query the catalogue again.
   */
  private async locateInMemory(
    ctx: SearchContext,
    plan: SearchPlan,
    facetMode: '0' | '1' | 'only',
    store: TenantFacets,
  ): Promise<Located> {
    // Orders the store can sort by share the base ranked by relevance; so do the year, on-shelf and
    // new-arrival filters, which the store applies: narrowing a search by years does not rank again.
    const memorySort = store.canSort(plan.sort) ? plan.sort : undefined;
    const { key, basePlan } = this.baseOf(ctx.tenantId, plan, memorySort);
    // A search's page and its facet counts (asked side by side) share this.
    const { base, rangedSorted, passing, filtered } = await this.narrowed.get(
      `${key}|${matchSignature(plan)}`,
      async () => {
        let base = await this.bases.get(key, () => this.findBase(ctx.tenantId, basePlan, store));
        let ranged = store.narrow(base.ids, plan.filters);
        if (!ranged.length && base.ids.length && !base.relaxed) {
          // The words match, but nothing in the years or on shelf: as with no match at all, fewer
          // words are tried, and spellings offered.
          const loose = await this.bases.get(`${key}|loose`, () => this.findLooseBase(ctx.tenantId, basePlan));
          const looseRanged = store.narrow(loose.ids, plan.filters);
          if (looseRanged.length) [base, ranged] = [loose, looseRanged];
          else base = { ...base, suggestions: loose.suggestions };
        }
        // The facet filters are tested once, over the records in id order (for the facet counts
        // too); the page keeps the base's order.
        const rangedSorted = store.narrow(sortedIds(base), plan.filters);
        const passing = store.filter(rangedSorted, plan.filters);
        const filtered = passing === rangedSorted ? ranged : retain(ranged, passing);
        return { base, rangedSorted, passing, filtered };
      },
    );
    // Sorted in memory only as far as the page goes; facets alone need the total, not the order.
    const end = plan.offset + plan.rows;
    const hits = memorySort && facetMode !== 'only' ? store.sortBy(filtered, memorySort, plan.desc, end) : filtered;
    const facetRows =
      facetMode === '0'
        ? undefined
        : await this.facets.get(`${ctx.tenantId}|${matchSignature(plan)}`, () =>
            this.countFacets(ctx.tenantId, store, plan, rangedSorted, passing),
          );
    return {
      total: filtered.length,
      ids: facetMode === 'only' ? [] : Array.from(hits.subarray(plan.offset, end)),
      facetRows,
      relaxed: base.relaxed,
      suggestions: base.suggestions,
      plan: base.plan,
    };
  }

  /**
   * Facet counts of a plan over the records in its range (`ranged`, ascending; `passing`: those of
   * them that pass the facet filters). Multi-select: a dimension counts without its own filter.
   * With one dimension filtered, that dimension's counts are the ones of the same search without
   * facet filters (shared by every such variant: cached), and the others count over `passing`,
   * usually far fewer.
   */
  private async countFacets(
    tenantId: number,
    store: TenantFacets,
    plan: SearchPlan,
    ranged: Int32Array,
    passing: Int32Array,
  ): Promise<FacetCount[]> {
    const dims = Object.keys(plan.filters.facets);
    if (dims.length !== 1) return store.count(ranged, plan.filters, FACET_LIMIT);
    const open: SearchPlan = { ...plan, filters: { ...plan.filters, facets: {} } };
    const openRows = await this.facets.get(`${tenantId}|${matchSignature(open)}`, async () =>
      store.count(ranged, open.filters, FACET_LIMIT),
    );
    const rest = store.count(passing, open.filters, FACET_LIMIT);
    return [...openRows.filter((r) => r.dim === dims[0]), ...rest.filter((r) => r.dim !== dims[0])];
  }

  /** The base of a plan (what the database ranks) and its cache key; `memorySort`: the store sorts. */
  private baseOf(tenantId: number, plan: SearchPlan, memorySort?: MemorySort): { key: string; basePlan: SearchPlan } {
    const order = memorySort || plan.sort === 'relevance' ? 'relevance' : `${plan.sort}|${plan.desc}`;
    const basePlan: SearchPlan = {
      ...plan,
      filters: withoutNarrowing(plan.filters),
      sort: memorySort ? 'relevance' : plan.sort,
    };
    return { key: `${tenantId}|base|${matchSignature(basePlan)}|${order}`, basePlan };
  }

  /**
   * Every record a base plan (filters `withoutNarrowing`) matches, best first; fewer words when
   * none match.
   */
  private async findBase(tenantId: number, plan: SearchPlan, store?: TenantFacets): Promise<Base> {
    const byCode = store && codeSearch(plan);
    const ids = byCode
      ? await this.visible(tenantId, store.byCode(byCode.kind, byCode.codes, byCode.exact))
      : await this.rankedIds(tenantId, plan);
    return ids.length ? { ids, relaxed: false, suggestions: [], plan } : this.findLooseBase(tenantId, plan);
  }

  /** What a base plan that found nothing offers: spellings, and the records fewer of its words match. */
  private async findLooseBase(tenantId: number, plan: SearchPlan): Promise<Base> {
    const suggestions = await this.suggestionsFor(tenantId, plan);
    if (plan.relaxable) {
      const loose = relaxPlan(plan);
      const ids = await this.rankedIds(tenantId, loose);
      if (ids.length) return { ids, relaxed: true, suggestions, plan: loose };
    }
    return { ids: new Int32Array(0), relaxed: false, suggestions, plan };
  }

  /** Did-you-mean for a search that found nothing. */
  private async suggestionsFor(tenantId: number, plan: SearchPlan): Promise<string[]> {
    const typed = positiveClauses(plan.expr)
      .filter((c) => c.def.kind === 'text')
      .map((c) => c.text)
      .join(' ');
    return typed ? (await this.spell(tenantId, typed)).suggestions : [];
  }

  /** A search in SQL alone (browsing, or before the facet values are in memory). */
  private async locateInSql(ctx: SearchContext, plan: SearchPlan, facetMode: '0' | '1' | 'only'): Promise<Located> {
    const base = `${ctx.tenantId}|${matchSignature(plan)}`;
    const resultKey = `${base}|${plan.sort}|${plan.desc}`;
    const wantFacets = facetMode !== '0';
    const wantPage = facetMode !== 'only';

    let found = wantPage ? await this.results.peek(resultKey) : undefined;
    let facetRows = wantFacets ? await this.facets.peek(base) : undefined;
    if (wantPage && !found) {
      const mode = wantFacets && !facetRows ? 'with' : 'none';
      const running = this.find(ctx.tenantId, plan, mode);
      this.results.set(
        resultKey,
        running.then((r) => r.found),
      );
      if (mode === 'with')
        this.facets.set(
          base,
          running.then((r) => r.facets!),
        );
      const r = await running;
      found = r.found;
      if (mode === 'with') facetRows = r.facets!;
    }
    let total = found?.total;
    let relaxed = found?.relaxed ?? false;
    let suggestions = found?.suggestions ?? [];
    if (wantFacets && !facetRows) {
      if (found) {
        const compiled = found.compiled;
        facetRows = await this.facets.get(base, async () => {
          const r = await findMatches(this.db, compiled, { top: 0, facets: 'only', facetLimit: FACET_LIMIT });
          return r.facets!;
        });
      } else {
        const r = await this.find(ctx.tenantId, plan, 'only');
        this.facets.set(base, Promise.resolve(r.facets!));
        facetRows = r.facets!;
        ({ total, relaxed, suggestions } = r.found);
      }
    }
    if (total === undefined) {
      // Facets came from the cache with no page asked for: the total must be counted.
      const r = await this.find(ctx.tenantId, plan, 'none');
      ({ total, relaxed, suggestions } = r.found);
    }
    let ids: number[] = [];
    if (wantPage && found && plan.offset < total) {
      const end = plan.offset + plan.rows;
      ids =
        end <= found.ids.length || found.ids.length >= total
          ? found.ids.slice(plan.offset, end)
          : await findPageIds(this.db, found.compiled, plan.offset, plan.rows);
    }
    return { total, ids, facetRows, relaxed, suggestions, plan: found?.plan ?? plan };
  }

  /** Finds a plan's records; when all words find nothing, tries fewer of them, and offers spellings. */
  private async find(
    tenantId: number,
    plan: SearchPlan,
    facets: 'none' | 'with' | 'only',
  ): Promise<{ found: Found; facets: FacetCount[] | null }> {
    const top = facets === 'only' ? 0 : Math.max(CACHED_IDS, Math.min(plan.offset + plan.rows, CACHED_IDS * 2));
    // Browsing with the facet values in memory: the facets over the whole catalogue, and the page too
    // when it is newest first; other orders come from SQL.
    const store = !plan.expr ? await this.deps.facetStore?.get(tenantId) : undefined;
    const run = async (p: SearchPlan) => {
      const compiled = this.compileFor(p, tenantId);
      if (!store)
        return { compiled, ...(await findMatches(this.db, compiled, { top, facets, facetLimit: FACET_LIMIT })) };
      // Newest first (relevance without text) and the orders the store keeps need no database.
      const facetLimit = facets === 'none' ? undefined : FACET_LIMIT;
      const inMemory = p.sort === 'relevance' || store.canSort(p.sort);
      // Records suppressed by staff: the store holds them, so they are taken out of its answer.
      const hidden = inMemory ? await findSuppressedIds(this.db, tenantId) : new Set<number>();
      const page: { total: number; ids: number[]; facets?: FacetCount[] } = inMemory
        ? store.browse(
            p.filters,
            p.sort === 'relevance' ? undefined : { sort: p.sort as MemorySort, desc: p.desc },
            top + hidden.size,
            facetLimit,
          )
        : top > 0
          ? await findTop(this.db, compiled, top)
          : { total: await countMatches(this.db, compiled), ids: [] };
      let counted = facetLimit === undefined ? null : (page.facets ?? store.count(null, p.filters, facetLimit));
      if (hidden.size) {
        const ranged = store.narrow(Int32Array.from([...hidden].sort((a, b) => a - b)), p.filters);
        page.total -= store.filter(ranged, p.filters).length;
        page.ids = page.ids.filter((id) => !hidden.has(id)).slice(0, top);
        if (counted) counted = withoutCounts(counted, store.count(ranged, p.filters, Number.MAX_SAFE_INTEGER));
      }
      return { compiled, total: page.total, ids: page.ids, facets: counted };
    };
    let r = await run(plan);
    let effective = plan;
    let relaxed = false;
    let suggestions: string[] = [];
    if (r.total === 0 && plan.expr) {
      suggestions = await this.suggestionsFor(tenantId, plan);
      if (plan.relaxable) {
        const loose = relaxPlan(plan);
        const lr = await run(loose);
        if (lr.total > 0) [r, effective, relaxed] = [lr, loose, true];
      }
    }
    return {
      found: { total: r.total, ids: r.ids, relaxed, suggestions, compiled: r.compiled, plan: effective },
      facets: r.facets,
    };
  }

  /**
   * The records a search matches among those added to the catalogue in (`after`, `upTo`], newest
   * arrivals first: at most `limit` ids, and how many (subscriptions: the digest job and the feed).
   * The plain SQL search with the creation-time filter: not logged, not cached, never relaxed.
   */
  async addedBetween(
    tenantId: number,
    req: SearchRequest,
    range: { after?: Date | undefined; upTo: Date; limit: number },
  ): Promise<{ total: number; ids: number[] }> {
    const plan = planSearch(req);
    const filters = {
      ...plan.filters,
      createdAfter: range.after?.toISOString(),
      createdUpTo: range.upTo.toISOString(),
    };
    return findTop(this.db, this.compileFor({ ...plan, filters, sort: 'inDate', desc: true }, tenantId), range.limit);
  }

  private async docNames(tenantId: number, lang: Lang): Promise<Map<string, string>> {
    return new Map((await this.deps.dictionaries.codeList(tenantId, 'docCode', lang)).map((e) => [e.code, e.name]));
  }

  /** `searchForDetail`: records sharing subjects or the class of a record, most shared first. */
  async related(ctx: SearchContext, req: SearchForDetailRequest): Promise<SearchResponse> {
    const field = (req.excludeField ?? 'record_id').toLowerCase().replace('_', '');
    const excludeId = field === 'recordid' && typeof req.excludeFieldContent === 'number' ? req.excludeFieldContent : 0;
    let subjects = req.subject
      .flatMap((s) => s.split(/[;；]/))
      .map((s) => s.trim())
      .filter(Boolean);
    let classes = req.kindNo.map((k) => k.toUpperCase());
    if (!subjects.length && !classes.length && excludeId) {
      const topics = await findRecordTopics(this.db, ctx.tenantId, excludeId);
      subjects = topics?.subjects ?? [];
      classes = (topics?.clc_classes ?? []).map((c) => c.toUpperCase());
    }
    // Related by class: the same class number up to its first point ("I242.47" → "I242").
    const classRoots = [...new Set(classes.map((c) => c.split('.')[0]!).filter((c) => c.length >= 2))];
    const empty: SearchResponse = {
      numFound: 0,
      searchResult: [],
      facetResult: {},
      hlResult: null,
      levelResultList: [],
      relaxed: false,
      notice: null,
      spellSuggestions: [],
      facetIncluded: false,
      maxResults: MAX_RESULT_WINDOW,
    };
    if (!subjects.length && !classRoots.length) return empty;
    const r = await findRelated(this.db, ctx.tenantId, { subjects, classes, classRoots, excludeId, top: req.rows });
    const [rows, docNames] = await Promise.all([
      findRecordsByIds(this.db, ctx.tenantId, r.ids),
      this.docNames(ctx.tenantId, ctx.lang),
    ]);
    const byId = new Map(rows.map((row) => [row.record_id, row]));
    return {
      ...empty,
      numFound: r.total,
      searchResult: r.ids.flatMap((id) => (byId.has(id) ? [presentRecord(byId.get(id)!, docNames)] : [])),
      hlResult: r.total ? {} : null,
    };
  }

  /** `getPItemAndOnShelfCountAndDuxiuImageUrl`: holdings counts of one record or of a batch. */
  async itemCounts(ctx: SearchContext, req: ItemCountRequest) {
    if (req.items?.length) {
      const ids = [...new Set(req.items.map((i) => i.recordId))];
      const rows = new Map((await findItemCounts(this.db, ctx.tenantId, ids)).map((r) => [r.record_id, r]));
      return Object.fromEntries(
        ids.map((id) => [
          String(id),
          { pCount: rows.get(id)?.physical_count ?? 0, onShelfCount: rows.get(id)?.on_shelf_items ?? 0 },
        ]),
      );
    }
    if (req.recordId === undefined) {
      throw new AppError('badRequest', ErrCode.badRequest, { detail: 'recordId' }, 400);
    }
    const [row] = await findItemCounts(this.db, ctx.tenantId, [req.recordId]);
    return {
      recordId: req.recordId,
      pCount: row?.physical_count ?? 0,
      onShelfCount: row?.on_shelf_items ?? 0,
      canBorrowCount: row?.on_shelf_count ?? 0,
      eCount: row?.e_count ?? 0,
      duxiuImageUrl: null,
    };
  }

  /**
   * Did-you-mean: Latin words the catalogue does not have are replaced by the closest vocabulary
   * words; Chinese that finds nothing gets the nearest titles, authors and subjects.
   */
  async spell(tenantId: number, text: string): Promise<SpellResponse> {
    const typed = tidy(text, MAX_QUERY_LENGTH);
    if (!typed) return { spellWord: null, suggestions: [] };
    let corrected = foldText(typed);
    let changed = false;
    const index = await this.deps.textIndex?.get(tenantId);
    const known = async (token: string) => index?.hasLexeme(token) ?? lexemeExists(this.db, tenantId, token);
    for (const { token } of queryTerms(typed)) {
      if (!/^\p{Script=Latin}{3,}$/u.test(token) || (await known(token))) continue;
      const [best] = await this.deps.vocabulary.similarWords(tenantId, token, 1);
      if (!best) continue;
      corrected = corrected.replace(new RegExp(`(?<![\\p{L}\\p{N}])${token}(?![\\p{L}\\p{N}])`, 'u'), best);
      changed = true;
    }
    const near: string[] = [];
    if (/\p{Script=Han}/u.test(typed)) {
      const clause = buildClause('keyWord', '2', typed);
      const plan = clause && planSearch({ ...EMPTY_REQUEST, searchFieldContent: typed });
      const found = plan && index ? anyInMemory(index, plan, this.commonWords()) : undefined;
      if (plan && !(found ?? (await hasMatch(this.db, this.compileFor(plan, tenantId))))) {
        near.push(...(await this.deps.vocabulary.similarHeadings(tenantId, typed, 5)));
      }
    }
    const suggestions = [...new Set([...(changed ? [corrected] : []), ...near])].slice(0, 5);
    return { spellWord: suggestions[0] ?? null, suggestions };
  }

  /** Suggestions as you type: popular searches first, then titles, authors and subjects (also by pinyin). */
  async suggest(tenantId: number, text: string, rows: number): Promise<KeyWordSuggestion[]> {
    const typed = tidy(text, MAX_QUERY_LENGTH);
    if (!typed) return [];
    const key = foldText(typed);
    const popular = (await this.deps.popular.top(tenantId, 90, 50))
      .filter((p) => foldText(p.keyWord).startsWith(key))
      .map((p): KeyWordSuggestion => ({ keyWord: p.keyWord, kind: 'popular', count: p.count }));
    const terms = await this.deps.vocabulary.suggest(tenantId, typed, rows);
    const seen = new Set<string>();
    return [...popular, ...terms]
      .filter((s) => {
        const k = foldText(s.keyWord);
        if (seen.has(k)) return false;
        seen.add(k);
        return true;
      })
      .slice(0, rows);
  }
}

/** A request with every field at its default (for searches the server makes itself). */
const EMPTY_REQUEST: SearchRequest = SearchRequest.parse(SEARCH_REQUEST_TEMPLATE);
