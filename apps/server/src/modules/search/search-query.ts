import {
  FACET_DIMENSIONS,
  MAX_QUERY_LENGTH,
  MAX_RESULT_WINDOW,
  SEARCH_FIELDS,
  SearchErrCode,
  type FacetDimension,
  type MatchMode,
  type SearchFieldCode,
  type SearchItem,
  type SearchRequest,
  type SortField,
} from '@openfind/contract';
import { queryTerms, type Token } from '@openfind/text';
import { AppError } from '../../http/errors.js';
import { looksLikeIsbn, matchKey, toIsbn13, toIssn } from './search-text.js';

/** Columns a field check (exact, prefix, suffix, "in this field") looks at. */
export type CheckField = 'title' | 'author' | 'subject' | 'series' | 'publisher' | 'abstract';

/** How a scope is searched. */
export interface ScopeDef {
  /** text: the full-text index; the others: the columns of codes. */
  kind: 'text' | 'phrase' | 'isbn' | 'issn' | 'class' | 'call' | 'barcode' | 'standard';
  /** Full-text weights the words must have: A title, B author, C subject/series, D the rest; '' any. */
  weights: string;
  /** The columns behind exact / prefix / suffix matching. */
  field?: CheckField;
  /** The weight is shared with other fields, so each word is also checked in `field`. */
  precise?: boolean;
  /** Any of the words (instead of all of them). */
  any?: boolean;
  /** Relaxed search: at least this many of the words. */
  minMatch?: number;
  /** Only records of these document types. */
  docCodes?: string[];
  defaultMode: MatchMode;
}

/** Scopes and how each is searched (the contract's SEARCH_FIELDS documents them for clients). */
export const SCOPES: Record<SearchFieldCode, ScopeDef> = {
  keyWord: { kind: 'text', weights: '', defaultMode: '2' },
  anyWord: { kind: 'text', weights: '', any: true, defaultMode: '2' },
  title: { kind: 'text', weights: 'A', field: 'title', defaultMode: '2' },
  periName: { kind: 'text', weights: 'A', field: 'title', docCodes: ['2'], defaultMode: '2' },
  author: { kind: 'text', weights: 'B', field: 'author', defaultMode: '2' },
  institution: { kind: 'text', weights: 'B', field: 'author', defaultMode: '2' },
  authorUnit: { kind: 'text', weights: 'BD', defaultMode: '2' },
  subject: { kind: 'text', weights: 'C', field: 'subject', precise: true, defaultMode: '2' },
  subjectWord: { kind: 'text', weights: 'C', defaultMode: '2' },
  series: { kind: 'text', weights: 'C', field: 'series', precise: true, defaultMode: '2' },
  publisher: { kind: 'text', weights: 'D', field: 'publisher', precise: true, defaultMode: '2' },
  abstract: { kind: 'text', weights: 'D', field: 'abstract', precise: true, defaultMode: '2' },
  kindNo: { kind: 'class', weights: '', defaultMode: '3' },
  callNo: { kind: 'call', weights: '', defaultMode: '3' },
  barcode: { kind: 'barcode', weights: '', defaultMode: '1' },
  isbn: { kind: 'isbn', weights: '', defaultMode: '1' },
  issn: { kind: 'issn', weights: '', defaultMode: '1' },
  toolNumber: { kind: 'standard', weights: '', defaultMode: '1' },
  uniformBookNo: { kind: 'phrase', weights: '', defaultMode: '1' },
};

const SCOPE_ALIASES: Record<string, SearchFieldCode> = {
  all: 'keyWord',
  any: 'anyWord',
  adstract: 'abstract',
  standardno: 'toolNumber',
  classno: 'kindNo',
  clcno: 'kindNo',
  keywords: 'subjectWord',
  journal: 'periName',
};
const SCOPE_BY_LOWER = new Map<string, SearchFieldCode>([
  ...SEARCH_FIELDS.map((f) => [f.toLowerCase(), f] as const),
  ...Object.entries(SCOPE_ALIASES),
]);

/** The scope named by `searchField` ('' or absent: keyWord); unknown names are refused. */
export function scopeOf(name: string | null | undefined): SearchFieldCode {
  const n = (name ?? '').trim();
  if (!n) return 'keyWord';
  const scope = SCOPE_BY_LOWER.get(n.toLowerCase());
  if (!scope) throw new AppError('searchUnknownField', SearchErrCode.unknownSearchField, { field: n.slice(0, 50) });
  return scope;
}

const SORT_ALIASES: Record<string, SortField> = {
  relevance: 'relevance',
  score: 'relevance',
  publishyear: 'publishYear',
  publish_year: 'publishYear',
  year: 'publishYear',
  pubdate: 'publishYear',
  title: 'title',
  title_sort: 'title',
  author: 'author',
  indate: 'inDate',
  in_date: 'inDate',
  newbook: 'inDate',
  callno: 'callNo',
  call_no: 'callNo',
  loancount: 'loanCount',
  loan_count: 'loanCount',
  popularity: 'loanCount',
  hot: 'loanCount',
  avgscore: 'avgScore',
  rating: 'avgScore',
};

/** The sort field ('' or absent: relevance); unknown names are refused. */
export function sortOf(name: string | null | undefined): SortField {
  const n = (name ?? '').trim();
  if (!n) return 'relevance';
  const s = SORT_ALIASES[n.toLowerCase()];
  if (!s) throw new AppError('searchUnknownSort', SearchErrCode.unknownSortField, { field: n.slice(0, 50) });
  return s;
}

/** One unit of a text query: a word, a quoted phrase, or an ISBN typed into a keyword box. */
export interface TextUnit {
  kind: 'term' | 'phrase' | 'isbn';
  /** Analysed tokens with offsets in the unit's analysed text. */
  tokens: Token[];
  /** The unit as typed. */
  text: string;
  /** A function word (的, 与…) that need not be present when other words are. */
  optional?: boolean;
  /** For kind 'isbn': the 13 digits. */
  isbn13?: string;
}

/** One condition: a scope, a match mode and what was typed. */
export interface Clause {
  scope: SearchFieldCode;
  def: ScopeDef;
  mode: MatchMode;
  /** The text as typed (trimmed). */
  text: string;
  /** Text units (text scopes) or code values (the other scopes). */
  units: TextUnit[];
  codes: string[];
}

/** A boolean combination of clauses (advanced search: AND, OR, NOT, left to right). */
export type BoolExpr =
  | { type: 'clause'; clause: Clause }
  | { type: 'and' | 'or'; left: BoolExpr; right: BoolExpr }
  | { type: 'not'; expr: BoolExpr };

/** Filters: facet dimensions (values OR, dimensions AND) and the others. */
export interface Filters {
  facets: Partial<Record<FacetDimension, string[]>>;
  yearFrom?: number | undefined;
  yearTo?: number | undefined;
  onlyOnShelf: boolean;
  /** Only records whose first copy arrived on or after this day (YYYY-MM-DD): the new-arrivals list. */
  inDateFrom?: string | undefined;
  /** Only records added to the catalogue after / up to these instants (ISO 8601): subscriptions' new records. */
  createdAfter?: string | undefined;
  createdUpTo?: string | undefined;
}

/**
 * A search request with the new-arrivals window, which the lists module (getNewBook) adds; clients
 * cannot send it to the search calls (their bodies are parsed by `SearchRequest`, which drops it).
 */
export type WindowedSearchRequest = SearchRequest & { inDateFrom?: string | undefined };

/** Facet dimensions of free text: their values are merged and matched by their folded form. */
export const TEXT_FACETS = ['author', 'publisher', 'subject'] as const satisfies readonly FacetDimension[];

/** Sorts by text (keys in `search-sql.ts`'s `TEXT_SORT_KEYS`; places kept by the facet store). */
export const TEXT_SORTS = ['title', 'author', 'callNo'] as const satisfies readonly SortField[];
export type TextSort = (typeof TEXT_SORTS)[number];

/** A parsed search: what to match, how to filter, sort and page. */
export interface SearchPlan {
  /** null: browse by filters only. */
  expr: BoolExpr | null;
  filters: Filters;
  sort: SortField;
  desc: boolean;
  page: number;
  rows: number;
  offset: number;
  /** A simple all-words search that may be retried with any of the words when nothing matches. */
  relaxable: boolean;
  /** What the reader typed, for the log, the history and the exact-title boost. */
  summary: string;
}

/** Han characters that carry little meaning: required only when nothing else is typed. */
const FUNCTION_CHARS = new Set(['的', '之', '与', '和', '及', '了', '在', '是', '对', '以', '于', '等', '或']);
const MAX_UNITS = 32;

/** Splits text into quoted phrases and the words between them. */
function chunks(text: string): Array<{ text: string; quoted: boolean }> {
  const out: Array<{ text: string; quoted: boolean }> = [];
  const re = /"([^"]*)"|“([^”]*)”|「([^」]*)」|『([^』]*)』/g;
  const norm = text.normalize('NFKC');
  let last = 0;
  const words = (s: string) => {
    for (const w of s.split(/[\s,;，；、]+/)) if (w.trim()) out.push({ text: w.trim(), quoted: false });
  };
  for (const m of norm.matchAll(re)) {
    words(norm.slice(last, m.index));
    const inner = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').trim();
    if (inner) out.push({ text: inner, quoted: true });
    last = m.index + m[0].length;
  }
  words(norm.slice(last));
  return out;
}

const SINGLE_HAN = /^\p{Script=Han}$/u;

/** Tokens grouped so that adjacent single Chinese characters (not function words) share a group. */
function singleCharRuns(tokens: Token[]): Token[][] {
  const runs: Token[][] = [];
  for (const t of tokens) {
    const last = runs.at(-1)?.at(-1);
    const joins =
      last &&
      SINGLE_HAN.test(t.token) &&
      SINGLE_HAN.test(last.token) &&
      !FUNCTION_CHARS.has(t.token) &&
      !FUNCTION_CHARS.has(last.token) &&
      t.offset === last.offset + last.token.length;
    if (joins) runs.at(-1)!.push(t);
    else runs.push([t]);
  }
  return runs;
}

/** Text units of what was typed: words (Chinese split into dictionary words), phrases, ISBNs. */
export function textUnits(text: string, detectIsbn: boolean): TextUnit[] {
  const units: TextUnit[] = [];
  for (const c of chunks(text)) {
    if (detectIsbn && !c.quoted && looksLikeIsbn(c.text)) {
      units.push({ kind: 'isbn', tokens: [], text: c.text, isbn13: toIsbn13(c.text)! });
      continue;
    }
    const tokens = queryTerms(c.text);
    if (!tokens.length) continue;
    if (c.quoted && tokens.length > 1) {
      units.push({ kind: 'phrase', tokens, text: c.text });
      continue;
    }
    for (const run of singleCharRuns(tokens)) {
      // Characters the dictionary does not join into a word ("楼梦") are meant together: a phrase.
      if (run.length > 1) units.push({ kind: 'phrase', tokens: run, text: run.map((t) => t.token).join('') });
      else units.push({ kind: 'term', tokens: run, text: run[0]!.token });
    }
  }
  const meaningful = units.some((u) => !(u.kind === 'term' && FUNCTION_CHARS.has(u.text)));
  for (const u of units) if (meaningful && u.kind === 'term' && FUNCTION_CHARS.has(u.text)) u.optional = true;
  return units.slice(0, MAX_UNITS);
}

/** Code values of a code scope: the typed text split at spaces, commas and semicolons. */
function codeValues(text: string): string[] {
  return [...new Set(text.normalize('NFKC').split(/[\s,;，；、]+/))].filter(Boolean).slice(0, MAX_UNITS);
}

/** A clause from a scope name, a match mode and typed text; null when nothing searchable was typed. */
export function buildClause(
  field: string | null | undefined,
  mode: MatchMode | undefined,
  text: string,
): Clause | null {
  const scope = scopeOf(field);
  const def = SCOPES[scope];
  const trimmed = text.trim();
  if (trimmed.length > MAX_QUERY_LENGTH) {
    throw new AppError('searchQueryTooLong', SearchErrCode.queryTooLong, { max: MAX_QUERY_LENGTH });
  }
  if (!trimmed) return null;
  const clause: Clause = { scope, def, mode: mode ?? def.defaultMode, text: trimmed, units: [], codes: [] };
  if (def.kind === 'text' || def.kind === 'phrase') {
    clause.units = textUnits(trimmed, scope === 'keyWord' || scope === 'anyWord');
    return clause.units.length ? clause : null;
  }
  if (def.kind === 'standard') {
    // ISBNs and ISSNs are looked up as such; any other standard number as a phrase in the record.
    for (const v of codeValues(trimmed)) {
      const isbn = toIsbn13(v);
      if (isbn) clause.codes.push(`isbn:${isbn}`);
      else if (toIssn(v) && /\d{4}-?\d{3}[\dxX]/.test(v)) clause.codes.push(`issn:${toIssn(v)}`);
    }
    if (!clause.codes.length) clause.units = textUnits(trimmed, false);
    return clause.codes.length || clause.units.length ? clause : null;
  }
  clause.codes = codeValues(trimmed);
  return clause.codes.length ? clause : null;
}

/** The boolean expression of advanced items: left to right, AND / OR / NOT joining each to what came before. */
function combineItems(items: SearchItem[]): BoolExpr | null {
  let expr: BoolExpr | null = null;
  for (const item of items) {
    const clause = buildClause(item.searchField, item.matchMode, item.searchFieldContent);
    if (!clause) continue;
    const node: BoolExpr = { type: 'clause', clause };
    const oper = (item.oper ?? '').trim().toUpperCase() || 'AND';
    if (!['AND', 'OR', 'NOT'].includes(oper)) {
      throw new AppError('searchUnknownOperator', SearchErrCode.unknownOperator, { oper: oper.slice(0, 10) });
    }
    if (!expr) expr = oper === 'NOT' ? { type: 'not', expr: node } : node;
    else if (oper === 'NOT') expr = { type: 'and', left: expr, right: { type: 'not', expr: node } };
    else expr = { type: oper === 'OR' ? 'or' : 'and', left: expr, right: node };
  }
  return expr;
}

const FACET_FILTERS = FACET_DIMENSIONS.filter((d) => d !== 'customSub');

/** The filters of a request. */
export function filtersOf(req: SearchRequest): Filters {
  const facets: Filters['facets'] = {};
  for (const d of FACET_FILTERS) {
    const values = (req as unknown as Record<string, string[]>)[d] ?? [];
    // Class numbers and core list codes are kept upper case.
    if (values.length) facets[d] = d === 'kindNo' || d === 'coreInclude' ? values.map((v) => v.toUpperCase()) : values;
  }
  let [yearFrom, yearTo] = [req.publishBegin, req.publishEnd];
  if (yearFrom !== undefined && yearTo !== undefined && yearFrom > yearTo) [yearFrom, yearTo] = [yearTo, yearFrom];
  return {
    facets,
    yearFrom,
    yearTo,
    onlyOnShelf: req.onlyOnShelf,
    ...((req as WindowedSearchRequest).inDateFrom ? { inDateFrom: (req as WindowedSearchRequest).inDateFrom } : {}),
  };
}

/** Whether any filter narrows the search. */
function hasFilters(f: Filters): boolean {
  return (
    Object.keys(f.facets).length > 0 ||
    f.yearFrom !== undefined ||
    f.yearTo !== undefined ||
    f.onlyOnShelf ||
    f.inDateFrom !== undefined
  );
}

/** The text a reader typed, for logs and lists. */
function summaryOf(expr: BoolExpr | null): string {
  if (!expr) return '';
  if (expr.type === 'clause') return expr.clause.text;
  if (expr.type === 'not') return `NOT ${summaryOf(expr.expr)}`;
  return `${summaryOf(expr.left)} ${expr.type.toUpperCase()} ${summaryOf(expr.right)}`;
}

/**
 * Parses a search request. `extra` is an additional condition ANDed to the request's own
 * (search within results). A search needs some text or a filter.
 */
export function planSearch(req: SearchRequest, extra?: Clause | null): SearchPlan {
  const advanced = (req.searchItems ?? []).some((i) => i.searchFieldContent.trim());
  let expr: BoolExpr | null = advanced
    ? combineItems(req.searchItems ?? [])
    : (() => {
        const c = buildClause(req.searchField, req.matchMode, req.searchFieldContent);
        return c ? ({ type: 'clause', clause: c } as BoolExpr) : null;
      })();
  if (extra)
    expr = expr
      ? { type: 'and', left: expr, right: { type: 'clause', clause: extra } }
      : { type: 'clause', clause: extra };
  const filters = filtersOf(req);
  if (!expr && !hasFilters(filters)) throw new AppError('searchQueryRequired', SearchErrCode.queryRequired);

  const sort = sortOf(req.sortField);
  const offset = (req.page - 1) * req.rows;
  if (offset >= MAX_RESULT_WINDOW) {
    throw new AppError('searchDeepPaging', SearchErrCode.deepPaging, { max: MAX_RESULT_WINDOW });
  }
  const single = expr?.type === 'clause' ? expr.clause : undefined;
  return {
    expr,
    filters,
    sort,
    desc: (req.sortClause ?? '').trim().toLowerCase() === 'desc',
    page: req.page,
    rows: Math.min(req.rows, MAX_RESULT_WINDOW - offset),
    offset,
    relaxable:
      !extra &&
      !!single &&
      single.def.kind === 'text' &&
      !single.def.any &&
      single.mode === '2' &&
      single.units.filter((u) => !u.optional).length > 1,
    summary: summaryOf(expr),
  };
}

/** The clauses that add to relevance (not under NOT). */
export function positiveClauses(expr: BoolExpr | null): Clause[] {
  if (!expr) return [];
  if (expr.type === 'clause') return [expr.clause];
  if (expr.type === 'not') return [];
  return [...positiveClauses(expr.left), ...positiveClauses(expr.right)];
}

/** The same search with fewer words: at least half of them (and at least one). */
export function relaxPlan(plan: SearchPlan): SearchPlan {
  if (plan.expr?.type !== 'clause') return plan;
  const c = plan.expr.clause;
  const words = c.units.filter((u) => !u.optional).length;
  const def = { ...c.def, any: true, minMatch: Math.max(1, Math.ceil(words / 2)) };
  return { ...plan, expr: { type: 'clause', clause: { ...c, def } }, relaxable: false };
}

/** A stable text of what a plan matches (not how it is sorted or paged), for caching. */
export function matchSignature(plan: SearchPlan): string {
  const strip = (e: BoolExpr | null): unknown =>
    !e
      ? null
      : e.type === 'clause'
        ? [
            e.clause.scope,
            e.clause.mode,
            e.clause.def.any ?? false,
            e.clause.def.minMatch ?? 0,
            e.clause.units.map((u) => [u.kind, u.text, u.optional ?? false]),
            e.clause.codes,
          ]
        : e.type === 'not'
          ? ['not', strip(e.expr)]
          : [e.type, strip(e.left), strip(e.right)];
  return JSON.stringify([strip(plan.expr), plan.filters]);
}

/** The match key of a whole clause text (for field checks). */
export function clauseKey(c: Clause): string {
  return matchKey(c.text.replace(/["“”「」『』]/g, ' '));
}
