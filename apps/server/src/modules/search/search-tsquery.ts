import { foldText, queryTerms, type Token } from '@openfind/text';
import { positiveClauses, type Clause, type SearchPlan, type TextUnit } from './search-query.js';
import { titleSortKey } from './search-text.js';

/*
 * The tsquery text of a plan's words and what relevance is made of: read alike by the SQL
 * (`search-sql.ts`) and by the engine in memory (`engine/memory-search.ts`), which is why it is
 * text, not SQL.
 */

const HAN = /^\p{Script=Han}+$/u;
const NONE: ReadonlySet<string> = new Set();
const ASCII_WORD = /^[a-z]+$/;

/** A lexeme for the tsquery input syntax, with its weights and prefix mark. */
function lexeme(token: string, weights: string, prefix = false): string {
  const quoted = `'${token.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  const suffix = (prefix ? '*' : '') + weights;
  return suffix ? `${quoted}:${suffix}` : quoted;
}

/**
 * Words so common in the catalogue that the planner's statistics list them (in more than 1% of
 * records). Their segmentation is stable, so they skip the character fallback, which would double
 * the work of the commonest searches.
 */
export type CommonWords = Pick<ReadonlySet<string>, 'has'>;

/**
 * One word. A Chinese word matches as the word or as its characters in a row: the single-character
 * fallback finds records segmented differently (人民共和国 inside 中华人民共和国, 洪信 inside the
 * name 金洪信) — except for very common words. For ranking (`rank`) only the word counts, so
 * records that have the word rank above those that only have its characters.
 */
function termQuery(token: string, weights: string, rank = false, common: CommonWords = NONE): string {
  const chars = [...token];
  if (!rank && HAN.test(token) && chars.length > 1 && !common.has(token)) {
    return `(${lexeme(token, weights)} | ${chars.map((c) => lexeme(c, weights)).join(' <-> ')})`;
  }
  return lexeme(token, weights);
}

/**
 * A phrase: tokens at their distances (positions are character offsets, so `<N>` is exact). Chinese
 * goes character by character; where the script changes the distance may differ by a space, so the
 * phrase is split there and the parts joined with AND.
 */
function phraseQuery(tokens: Token[], weights: string, prefixLast = false): string {
  const parts: Array<{ token: string; offset: number; han: boolean }> = [];
  for (const t of tokens) {
    if (HAN.test(t.token)) {
      // Offsets count UTF-16 units, as the index's do.
      let at = t.offset;
      for (const c of t.token) {
        parts.push({ token: c, offset: at, han: true });
        at += c.length;
      }
    } else parts.push({ token: t.token, offset: t.offset, han: false });
  }
  const groups: Array<typeof parts> = [];
  for (const p of parts) {
    const g = groups.at(-1);
    if (g && g.at(-1)!.han === p.han) g.push(p);
    else groups.push([p]);
  }
  return groups
    .map((g, gi) => {
      let q = '';
      g.forEach((p, i) => {
        const isLast = gi === groups.length - 1 && i === g.length - 1;
        const lx = lexeme(p.token, weights, prefixLast && isLast && !p.han);
        q += i === 0 ? lx : ` <${p.offset - g[i - 1]!.offset}> ${lx}`;
      });
      return g.length > 1 ? `(${q})` : q;
    })
    .join(' & ');
}

/** The tsquery of one text unit. */
export function unitTsQuery(u: TextUnit, weights: string, rank = false, common: CommonWords = NONE): string {
  return u.kind === 'phrase'
    ? `(${phraseQuery(u.tokens, weights)})`
    : termQuery(u.tokens[0]!.token, weights, rank, common);
}

/**
 * The full-text query of a text clause ('' when it has no words, e.g. only an ISBN); with `rank`,
 * the query relevance is computed with (words without their character fallbacks).
 */
export function clauseTsQuery(c: Clause, rank = false, common: CommonWords = NONE): string {
  const w = c.def.weights;
  if (c.def.kind === 'phrase' || c.def.kind === 'standard' || c.mode !== '2') {
    const tokens = queryTerms(c.text.replace(/["“”「」『』]/g, ' '));
    return tokens.length ? phraseQuery(tokens, w, c.mode === '3') : '';
  }
  const words = c.units.filter((u) => u.kind !== 'isbn');
  const required = c.def.any ? words : words.filter((u) => !u.optional);
  const q = required.map((u) => unitTsQuery(u, w, rank, common)).join(c.def.any ? ' | ' : ' & ');
  // Pinyin typed with spaces ("hong lou meng") also matches the joined key of the title.
  const pinyin =
    (w === '' || w.includes('A')) &&
    required.length > 1 &&
    required.every((u) => u.kind === 'term' && ASCII_WORD.test(u.text));
  return pinyin ? `(${q}) | ${lexeme(required.map((u) => u.text).join(''), w)}` : q;
}

/** A tsquery of one lexeme (with weights or a prefix mark), as `lexeme()` writes it. */
const SINGLE_LEXEME = /^'(?:[^'\\]|''|\\.)*'(?::[*A-D]+)?$/;
/** 1 / ts_rank of one occurrence of weight 1 (ts_rank's scale for a single occurrence is 0.6079). */
export const ONE_TITLE_WORD = 1 / 0.6079271;

/** What relevance is made of, for the database (`relevanceSql`) and the index in memory alike. */
export interface Relevance {
  /** The tsquery the words rank by ('' when only codes were searched: no text rank). */
  rankQuery: string;
  /** One lexeme: ts_rank, scaled so one title occurrence ranks 1; otherwise ts_rank_cd. */
  single: boolean;
  /** With a single text clause over titles: +10 for an exact title, +1 for a title starting with the text. */
  title: { exact: string; typed: string; folded: string } | null;
}

/** The parts of a plan's relevance. */
export function relevanceOf(plan: SearchPlan): Relevance {
  const clauses = positiveClauses(plan.expr);
  // Words rank; codes (class and call numbers, barcodes, ISBN, ISSN) only match: a search by class
  // number lists the latest publications first, as browsing a class does.
  const queries = clauses
    .filter((c) => c.def.kind === 'text' || c.def.kind === 'phrase' || c.def.kind === 'standard')
    .map((c) => clauseTsQuery(c, true))
    .filter(Boolean);
  const single = queries.length === 1 && SINGLE_LEXEME.test(queries[0]!);
  const rankQuery = single ? queries[0]! : queries.map((q) => `(${q})`).join(' | ');
  const only = clauses.length === 1 ? clauses[0]! : undefined;
  const titled =
    only &&
    (only.def.kind === 'text' || only.def.kind === 'phrase') &&
    (only.def.weights === '' || only.def.weights.includes('A')) &&
    only.mode !== '4';
  const title =
    titled && only.text
      ? {
          exact: titleSortKey(only.text),
          typed: only.text.normalize('NFKC').toLowerCase(),
          folded: foldText(only.text),
        }
      : null;
  return { rankQuery, single, title };
}
