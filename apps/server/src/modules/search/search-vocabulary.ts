import type { KeyWordSuggestion } from '@openfind/contract';
import { foldText, pinyinKeys } from '@openfind/text';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  findCatalogueState,
  findRecordTexts,
  findSimilarTerms,
  findTermsByPrefix,
  findVocabularyBuild,
  finishVocabularyBuild,
  upsertTerms,
  type TermRow,
} from './vocabulary-repository.js';

const HAN = /\p{Script=Han}/u;
const LATIN_WORD = /\p{Script=Latin}[\p{Script=Latin}\p{N}]{2,29}/gu;
const BATCH = 2000;
const MAX_TERMS = 500_000;
const KIND_NAMES = { t: 'title', a: 'author', s: 'subject', w: 'word' } as const;

/** The vocabulary form of a text: folded, single spaces. */
export function termOf(text: string): string {
  return foldText(text).replace(/\s+/g, ' ').trim();
}

/** The title proper: the title before its subtitle, parallel title or statement of responsibility. */
function titleProper(title: string): string {
  return title
    .split(/\s[:=/;]\s|：|；/)[0]!
    .replace(/[\s.,:;/=]+$/, '')
    .trim();
}

/**
 * The vocabulary of each tenant's catalogue (title propers, authors, subjects, Latin words, with
 * pinyin): built from the records the first time it is needed, and rebuilt when a check finds
 * that the catalogue changed. Suggestions and did-you-mean read it.
 */
export class SearchVocabulary {
  private readonly builds = new Map<number, Promise<void>>();
  private readonly checkedAt = new Map<number, number>();
  private readonly built = new Set<number>();
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    /** How often to compare the catalogue with the vocabulary (0: at every use). */
    private readonly checkEveryMs: number,
    private readonly log: (err: unknown) => void = () => {},
  ) {}

  /**
   * Makes sure the tenant has a vocabulary: a missing or stale one is built in the background (at
   * once when checks are immediate), and the old one, or none, serves meanwhile.
   */
  async ensure(tenantId: number): Promise<void> {
    const running = this.builds.get(tenantId);
    // The first build: with immediate checks (tests) it is waited for; a running server answers
    // without spellings meanwhile rather than hold a search for the minutes a large catalogue takes.
    if (running && !this.built.has(tenantId)) return this.checkEveryMs === 0 ? running : undefined;
    const last = this.checkedAt.get(tenantId);
    if (last !== undefined && Date.now() - last < this.checkEveryMs) return;
    this.checkedAt.set(tenantId, Date.now());
    const [build, state] = await Promise.all([
      findVocabularyBuild(this.db, tenantId),
      findCatalogueState(this.db, tenantId),
    ]);
    if (build) this.built.add(tenantId);
    if (build && build.record_count === state.record_count && build.last_updated_at === state.last_updated_at) return;
    const rebuilt = this.rebuild(tenantId);
    if (this.checkEveryMs === 0) return rebuilt;
    rebuilt.catch(this.log);
  }

  /** Resolves when the tenant's build in progress, if any, has ended (failed builds included). */
  async whenBuilt(tenantId: number): Promise<void> {
    await this.builds.get(tenantId)?.catch(() => undefined);
  }

  /** Makes the next use compare the tenant's vocabulary with its catalogue. */
  markStale(tenantId: number): void {
    this.checkedAt.delete(tenantId);
  }

  /** Stops building (the database is about to close); waits for the batch being read. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.builds.values()]);
  }

  /** Rebuilds the tenant's vocabulary from its catalogue (one build at a time per tenant). */
  rebuild(tenantId: number): Promise<void> {
    let running = this.builds.get(tenantId);
    if (!running) {
      running = this.build(tenantId).finally(() => this.builds.delete(tenantId));
      this.builds.set(tenantId, running);
    }
    return running;
  }

  private async build(tenantId: number): Promise<void> {
    const [previous, state] = await Promise.all([
      findVocabularyBuild(this.db, tenantId),
      findCatalogueState(this.db, tenantId),
    ]);
    const entries = new Map<string, { kind: TermRow['kind']; term: string; display: string; n: number }>();
    const add = (kind: TermRow['kind'], display: string, seen: Set<string>) => {
      const term = termOf(display);
      if (term.length < 2 || term.length > 100) return;
      const key = `${kind}\u0000${term}`;
      if (seen.has(key)) return;
      seen.add(key);
      const e = entries.get(key);
      if (e) e.n++;
      else if (entries.size < MAX_TERMS * 2) entries.set(key, { kind, term, display: display.trim(), n: 1 });
    };
    for (let after = 0; ;) {
      const rows = await findRecordTexts(this.db, tenantId, after, BATCH);
      if (!rows.length) break;
      for (const r of rows) {
        const seen = new Set<string>();
        add('t', titleProper(r.title), seen);
        for (const a of r.authors) if (a.length <= 60) add('a', a, seen);
        for (const s of r.subjects) if (s.length <= 60) add('s', s, seen);
        const latin = foldText([r.title, ...r.authors, ...r.subjects].join(' '));
        for (const [w] of latin.matchAll(LATIN_WORD)) add('w', w, seen);
      }
      after = rows.at(-1)!.record_id;
      await new Promise((resolve) => setImmediate(resolve)); // let searches through between batches
    }
    const rows: TermRow[] = [...entries.values()]
      .sort((a, b) => b.n - a.n)
      .slice(0, MAX_TERMS)
      .map((e) => {
        const keys = e.kind !== 'w' && HAN.test(e.display) ? pinyinKeys(e.display) : undefined;
        return {
          kind: e.kind,
          term: e.term,
          display: e.display,
          pinyin: keys?.full.length ? keys.full.join('') : null,
          initials: keys?.initials.length ? keys.initials.join('') : null,
          doc_count: e.n,
        };
      });
    const buildId = (previous?.build_id ?? 0) + 1;
    for (let i = 0; i < rows.length; i += BATCH) {
      if (this.closed) return;
      await upsertTerms(this.db, tenantId, buildId, rows.slice(i, i + BATCH));
    }
    await finishVocabularyBuild(this.db, tenantId, { build_id: buildId, ...state });
    this.built.add(tenantId);
  }

  /** Vocabulary words (Latin) spelled like `word`, best first. */
  async similarWords(tenantId: number, word: string, limit: number): Promise<string[]> {
    await this.ensure(tenantId);
    return (await findSimilarTerms(this.db, tenantId, ['w'], word, limit)).map((r) => r.term);
  }

  /** Titles, authors and subjects written like `text` (near misses), best first. */
  async similarHeadings(tenantId: number, text: string, limit: number): Promise<string[]> {
    await this.ensure(tenantId);
    const rows = await findSimilarTerms(this.db, tenantId, ['t', 'a', 's'], termOf(text), limit);
    return rows.map((r) => r.display);
  }

  /** Titles, authors, subjects (and Latin words) starting with `prefix`, in Chinese or pinyin. */
  async suggest(tenantId: number, prefix: string, limit: number): Promise<KeyWordSuggestion[]> {
    const key = termOf(prefix);
    if (!key) return [];
    await this.ensure(tenantId);
    const latin = /^[a-z0-9 ]+$/.test(key);
    const rows = await findTermsByPrefix(this.db, tenantId, key, {
      kinds: latin ? ['t', 'a', 's', 'w'] : ['t', 'a', 's'],
      pinyin: latin,
      limit,
    });
    return rows.map((r) => ({
      keyWord: r.kind === 'w' ? r.term : r.display,
      kind: KIND_NAMES[r.kind],
      count: r.doc_count,
    }));
  }
}
