import type { FacetDimension } from '@openfind/contract';
import { queryTerms } from '@openfind/text';
import { sql, type RawBuilder } from 'kysely';
import {
  clauseKey,
  positiveClauses,
  type BoolExpr,
  type CheckField,
  type Clause,
  type Filters,
  type SearchPlan,
  type TextSort,
} from './search-query.js';
import type { CompiledSearch } from './search-repository.js';
import { CODE_PREFIX_LENGTH } from '../catalogue/code-prefixes.js';
import { clauseTsQuery, relevanceOf, ONE_TITLE_WORD, unitTsQuery, type CommonWords } from './search-tsquery.js';
import { escapeLike, foldPairFor, isbnDigits, matchKey, toIsbn13, toIssn } from './search-text.js';

/** A piece of SQL with its parameters. */
export type Sql = RawBuilder<unknown>;

const HAN = /^\p{Script=Han}+$/u;
const NONE: ReadonlySet<string> = new Set();

/** SQL that is true when `key` (a match key) is in `field` the way `op` says. */
function fieldCheck(field: CheckField, op: 'eq' | 'prefix' | 'suffix' | 'contains', key: string): Sql {
  const { trad, simp } = foldPairFor(key);
  // The key holds only letters and digits, so it needs no LIKE escaping.
  const pattern = op === 'prefix' ? `${key}%` : op === 'suffix' ? `%${key}` : `%${key}%`;
  const test = (col: Sql) => {
    const folded = sql`of_fold(${col}, ${trad}, ${simp})`;
    return op === 'eq' ? sql`${folded} = ${key}` : sql`${folded} LIKE ${pattern}`;
  };
  const scalar = (col: string) => test(sql.ref(col));
  const array = (col: string) => sql`EXISTS (SELECT 1 FROM unnest(${sql.ref(col)}) AS x(v) WHERE ${test(sql`x.v`)})`;
  const any = (parts: Sql[]) => sql`(${sql.join(parts, sql` OR `)})`;
  switch (field) {
    case 'title': {
      const proper = sql`regexp_replace(b.title, '(\s[:=/]\s|：|＝).*$', '')`;
      const parts = [scalar('b.title'), scalar('b.title_vernacular'), array('b.other_titles')];
      if (op === 'eq' || op === 'suffix') parts.push(test(proper));
      return any(parts);
    }
    case 'author':
      return any([scalar('b.author'), scalar('b.responsibility'), array('b.authors')]);
    case 'subject':
      return array('b.subjects');
    case 'series':
      return array('b.series');
    case 'publisher':
      return scalar('b.publisher');
    case 'abstract':
      return scalar('b.abstract');
  }
}

const and = (parts: Sql[]): Sql => (parts.length ? sql`(${sql.join(parts, sql` AND `)})` : sql`true`);
const or = (parts: Sql[]): Sql => (parts.length ? sql`(${sql.join(parts, sql` OR `)})` : sql`false`);

/** The record has this (valid) ISBN, as 13 digits. */
function isbnEquals(isbn13: string): Sql {
  return sql`b.isbns @> ARRAY[${isbn13}]::text[]`;
}

/** Conditions of a text clause. */
function textClauseSql(c: Clause, common: CommonWords): Sql {
  const tsq = clauseTsQuery(c, false, common);
  const conds: Sql[] = [];
  if (tsq) conds.push(sql`b.search_vector @@ ${tsq}::tsquery`);
  const isbns = c.units.filter((u) => u.kind === 'isbn').map((u) => isbnEquals(u.isbn13!));
  const field = c.def.field;
  const key = clauseKey(c);
  if (field && key && c.mode !== '2') {
    conds.push(fieldCheck(field, c.mode === '1' ? 'eq' : c.mode === '3' ? 'prefix' : 'suffix', key));
  } else if (field && c.def.precise) {
    // The weight holds other fields too: each word must be in this one.
    const keys = c.units.filter((u) => u.kind !== 'isbn' && !u.optional).map((u) => matchKey(u.text));
    const checks = keys.filter(Boolean).map((k) => fieldCheck(field, 'contains', k));
    if (checks.length) conds.push(c.def.any ? or(checks) : and(checks));
  }
  if (c.def.minMatch && c.def.minMatch > 1) {
    // Relaxed: the index finds records with any word; the sum keeps those with enough of them.
    const hits = c.units
      .filter((u) => u.kind !== 'isbn' && !u.optional)
      .map((u) => sql`(b.search_vector @@ ${unitTsQuery(u, c.def.weights, false, common)}::tsquery)::int`);
    conds.push(sql`(${sql.join(hits, sql` + `)}) >= ${c.def.minMatch}`);
  }
  if (c.def.docCodes) conds.push(sql`b.doc_code = ANY(${c.def.docCodes}::text[])`);
  if (c.def.any) return or([...(tsq ? [and(conds)] : []), ...isbns]);
  return and([...conds, ...isbns]);
}

/** Conditions of a clause on codes (ISBN, ISSN, class and call numbers, barcodes, standard numbers). */
function codeClauseSql(c: Clause, tenantId: number, common: CommonWords): Sql {
  const mode = c.mode;
  const likeOf = (v: string) => (mode === '4' ? `%${escapeLike(v)}` : `${escapeLike(v)}%`);
  const parts = c.codes.map((raw): Sql => {
    switch (c.def.kind) {
      case 'isbn': {
        const isbn13 = toIsbn13(raw);
        const digits = isbnDigits(raw);
        if (isbn13) return isbnEquals(isbn13);
        if (!digits) return sql`false`;
        if (mode === '1') return sql`(b.isbns || b.invalid_isbns) @> ARRAY[${digits}]::text[]`;
        const patterns = mode === '4' ? [likeOf(digits)] : [likeOf(digits), likeOf('978' + digits)];
        return sql`EXISTS (SELECT 1 FROM unnest(b.isbns || b.invalid_isbns) AS x(v) WHERE x.v LIKE ANY(${patterns}::text[]))`;
      }
      case 'issn': {
        const issn = toIssn(raw);
        const norm = sql`upper(replace(b.issn, '-', ''))`;
        if (issn) return sql`${norm} = ${issn}`;
        const cleaned = raw.replace(/[\s-]/g, '').toUpperCase();
        return mode === '1' ? sql`${norm} = ${cleaned}` : sql`${norm} LIKE ${likeOf(cleaned)}`;
      }
      case 'class':
      case 'call': {
        const code = raw.toUpperCase();
        const col = c.def.kind === 'class' ? sql`b.clc_classes` : sql`b.call_numbers`;
        const prefixes = c.def.kind === 'class' ? sql`b.class_prefixes` : sql`b.call_prefixes`;
        // The index holds prefixes up to CODE_PREFIX_LENGTH characters: a longer code is looked up
        // by its indexed part, and the record's own numbers decide.
        const chars = [...code];
        const long = chars.length > CODE_PREFIX_LENGTH;
        const prefixIndexed = sql`${prefixes} @> ARRAY[${chars.slice(0, CODE_PREFIX_LENGTH).join('')}]::text[]`;
        const startsWith = long
          ? and([
              prefixIndexed,
              sql`EXISTS (SELECT 1 FROM unnest(${col}) AS x(v) WHERE upper(x.v) LIKE ${`${escapeLike(code)}%`})`,
            ])
          : prefixIndexed;
        const items =
          c.def.kind === 'call'
            ? (like: string) =>
                sql`b.record_id = ANY(ARRAY(SELECT i.record_id FROM item i WHERE i.tenant_id = ${tenantId} AND upper(i.call_no) LIKE ${like}))`
            : undefined;
        if (mode === '1') {
          const exact = sql`EXISTS (SELECT 1 FROM unnest(${col}) AS x(v) WHERE upper(x.v) = ${code})`;
          return or([and([prefixIndexed, exact]), ...(items ? [items(escapeLike(code))] : [])]);
        }
        if (mode === '4') {
          return or([
            sql`EXISTS (SELECT 1 FROM unnest(${col}) AS x(v) WHERE upper(x.v) LIKE ${likeOf(code)})`,
            ...(items ? [items(likeOf(code))] : []),
          ]);
        }
        // Any order and prefix both mean "starts with" for class and call numbers.
        return or([startsWith, ...(items ? [items(`${escapeLike(code)}%`)] : [])]);
      }
      case 'barcode': {
        const cond =
          mode === '1'
            ? sql`i.barcode = ${raw}`
            : sql`i.barcode LIKE ${mode === '4' ? likeOf(raw) : `${escapeLike(raw)}%`}`;
        return sql`b.record_id = ANY(ARRAY(SELECT i.record_id FROM item i WHERE i.tenant_id = ${tenantId} AND ${cond}))`;
      }
      case 'standard': {
        const [kind, value] = raw.split(':') as [string, string];
        return kind === 'isbn' ? isbnEquals(value) : sql`upper(replace(b.issn, '-', '')) = ${value}`;
      }
      default:
        return sql`false`;
    }
  });
  if (c.def.kind === 'standard' && !c.codes.length) return textClauseSql(c, common);
  return or(parts);
}

/** SQL of one clause (NULL counts as false, as WHERE treats it). */
function clauseSql(c: Clause, tenantId: number, common: CommonWords): Sql {
  return c.def.kind === 'text' || c.def.kind === 'phrase'
    ? textClauseSql(c, common)
    : codeClauseSql(c, tenantId, common);
}

/** SQL of a boolean expression of clauses. */
export function exprSql(e: BoolExpr, tenantId: number, common: CommonWords = NONE): Sql {
  switch (e.type) {
    case 'clause':
      return clauseSql(e.clause, tenantId, common);
    case 'not':
      // Under NOT an unknown (NULL) must still count as "does not match"; elsewhere coalesce would hide indexes.
      return sql`(NOT coalesce(${exprSql(e.expr, tenantId, common)}, false))`;
    case 'and':
      return sql`(${exprSql(e.left, tenantId, common)} AND ${exprSql(e.right, tenantId, common)})`;
    case 'or':
      return sql`(${exprSql(e.left, tenantId, common)} OR ${exprSql(e.right, tenantId, common)})`;
  }
}

/** Escapes regular-expression characters. */
function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The filter of one facet dimension. `indexed`: the filter drives the search (browsing without
 * text), so the class filter takes the form its index answers; otherwise it tests the rows the
 * text found, and a regular expression is much cheaper per row than computing prefixes.
 */
export function facetFilterSql(dim: FacetDimension, values: string[], indexed = false): Sql {
  const v = sql`${values}::text[]`;
  switch (dim) {
    case 'docCode':
      return sql`b.doc_code = ANY(${v})`;
    case 'resourceType':
      return or(
        values.map((t) =>
          t === '1' ? sql`(b.physical_count > 0 OR b.e_count = 0)` : t === '2' ? sql`b.e_count > 0` : sql`false`,
        ),
      );
    case 'campusId':
      return sql`b.campus_ids && ${v}`;
    case 'libCode':
      return sql`b.lib_codes && ${v}`;
    case 'locationId':
      return sql`b.location_ids && ${v}`;
    case 'curLocationId':
      return sql`b.cur_location_ids && ${v}`;
    case 'langCode':
      return sql`b.lang_code = ANY(${v})`;
    case 'countryCode':
      return sql`b.country_code = ANY(${v})`;
    case 'discode1':
      return sql`b.discode1 && ${v}`;
    case 'coreInclude':
      return sql`b.core_includes && ${v}`;
    case 'ddType':
      return sql`b.dd_type = ANY(${v})`;
    case 'verifyStatus':
      return sql`b.verify_status && ${v}`;
    case 'eCollectionIds':
      return sql`b.e_collection_ids && ${v}`;
    case 'collectionName':
      return sql`b.collection_ids && ${v}`;
    case 'kindNo': {
      if (indexed) return sql`b.class_prefixes && ${v}`;
      const pattern = `(^|\\|)(${values.map((x) => escapeRegex(x.toUpperCase())).join('|')})`;
      return sql`upper(array_to_string(b.clc_classes, '|')) ~ ${pattern}`;
    }
    // Free-text values match in any of their forms (Traditional or Simplified, case, punctuation).
    case 'author':
      return foldedIn(sql`b.authors`, values);
    case 'publisher':
      return foldedIn(sql`ARRAY[b.publisher]`, values);
    case 'subject':
      return foldedIn(sql`b.subjects`, values);
    case 'customSub':
      return sql`true`;
  }
}

/** True when one of the array's values has the folded form of one of `values`. */
function foldedIn(array: Sql, values: string[]): Sql {
  const keys = values.map((v) => matchKey(v) || v);
  const { trad, simp } = foldPairFor(keys.join(''));
  return sql`EXISTS (SELECT 1 FROM unnest(${array}) AS x(v) WHERE of_fold(x.v, ${trad}, ${simp}) = ANY(${keys}::text[]))`;
}

/** Filters that are not facets: years, on shelf, arrival and creation dates. */
export function otherFiltersSql(f: Filters): Sql[] {
  const out: Sql[] = [];
  if (f.yearFrom !== undefined) out.push(sql`b.publish_year_int >= ${f.yearFrom}`);
  if (f.yearTo !== undefined) out.push(sql`b.publish_year_int <= ${f.yearTo}`);
  if (f.onlyOnShelf) out.push(sql`b.on_shelf_count > 0`);
  if (f.inDateFrom) out.push(sql`b.first_in_date >= ${f.inDateFrom}::date`);
  if (f.createdAfter) out.push(sql`b.created_at > ${f.createdAfter}::timestamptz`);
  if (f.createdUpTo) out.push(sql`b.created_at <= ${f.createdUpTo}::timestamptz`);
  return out;
}

/** The CLC main class of a class number: the letter, or two letters in T (TP, TN…). */
const mainClass = (c: Sql) =>
  sql`CASE WHEN ${c} ~ '^[Tt][A-Za-z]' THEN upper(left(${c}, 2)) WHEN ${c} ~ '^[A-Za-z]' THEN upper(left(${c}, 1)) END`;

/** Facet keys of each dimension (a text array per record), over the record's columns. */
export const FACET_KEYS: Array<[FacetDimension, Sql]> = [
  ['docCode', sql`ARRAY[b.doc_code]`],
  [
    'resourceType',
    sql`array_remove(ARRAY[CASE WHEN b.physical_count > 0 OR b.e_count = 0 THEN '1' END, CASE WHEN b.e_count > 0 THEN '2' END], NULL)`,
  ],
  ['campusId', sql`b.campus_ids`],
  ['libCode', sql`b.lib_codes`],
  ['locationId', sql`b.location_ids`],
  ['curLocationId', sql`b.cur_location_ids`],
  ['langCode', sql`ARRAY[b.lang_code]`],
  ['countryCode', sql`ARRAY[b.country_code]`],
  ['discode1', sql`b.discode1`],
  // Once per record: most records have one class, the others are deduplicated.
  [
    'kindNo',
    sql`CASE WHEN cardinality(b.clc_classes) < 2 THEN ARRAY[${mainClass(sql`b.clc_classes[1]`)}]
             ELSE ARRAY(SELECT DISTINCT ${mainClass(sql`c`)} FROM unnest(b.clc_classes) AS c) END`,
  ],
  ['coreInclude', sql`b.core_includes`],
  ['ddType', sql`ARRAY[b.dd_type]`],
  ['verifyStatus', sql`b.verify_status`],
  ['eCollectionIds', sql`b.e_collection_ids`],
  ['collectionName', sql`b.collection_ids`],
  ['author', sql`b.authors`],
  ['publisher', sql`ARRAY[b.publisher]`],
  ['subject', sql`b.subjects`],
];

/** The relevance of a record: full-text rank, exact and leading title matches, a mild recency tie-break. */
function relevanceSql(plan: SearchPlan): Sql {
  const { rankQuery, single, title } = relevanceOf(plan);
  const rank = !rankQuery
    ? sql`0`
    : single
      ? // One word has no proximity to weigh: ts_rank orders its matches as ts_rank_cd does, at about
        // half the cost on a common word. Scaled so that one title occurrence ranks 1, as with ts_rank_cd.
        sql`(ts_rank('{0.1,0.2,0.4,1.0}'::float4[], b.search_vector, ${rankQuery}::tsquery) * ${ONE_TITLE_WORD}::float4)`
      : sql`ts_rank_cd('{0.1,0.2,0.4,1.0}'::float4[], b.search_vector, ${rankQuery}::tsquery)`;
  // float8, not numeric: numeric arithmetic on every matching row is slow.
  const recency = sql`least(greatest(coalesce(b.publish_year_int, 1950) - 1950, 0), 100)::float8 * 0.0005::float8`;
  if (!title) return sql`(${rank} + ${recency})`;
  const { exact, typed, folded } = title;
  const leading =
    typed === folded
      ? sql`starts_with(lower(b.title), ${typed})`
      : sql`(starts_with(lower(b.title), ${typed}) OR starts_with(lower(b.title), ${folded}))`;
  return sql`(${rank}
    + CASE WHEN b.title_sort = ${exact} THEN 10 ELSE 0 END
    + CASE WHEN ${leading} THEN 1 ELSE 0 END
    + ${recency})`;
}

/**
 * Sort keys of text (over the table `b`). Title and author keys are pinyin-based ('曹雪芹', not
 * '(清)曹雪芹著', for authors) and compare byte by byte ("C"), the same on every server whatever
 * its locale. The facet store keeps each record's place in these orders (`findSortRanks`).
 */
export const TEXT_SORT_KEYS = {
  title: sql`b.title_sort COLLATE "C"`,
  author: sql`b.author_sort COLLATE "C"`,
  callNo: sql`b.call_numbers[1]`,
} as const satisfies Record<TextSort, Sql>;

/** The sort key of a plan and its direction. */
export function sortSql(plan: SearchPlan): { key: Sql; desc: boolean } {
  switch (plan.sort) {
    case 'relevance':
      return { key: plan.expr ? relevanceSql(plan) : sql`0`, desc: true };
    case 'publishYear':
      return { key: sql`b.publish_year_int`, desc: plan.desc };
    case 'title':
    case 'author':
    case 'callNo':
      return { key: TEXT_SORT_KEYS[plan.sort], desc: plan.desc };
    case 'inDate':
      return { key: sql`b.first_in_date`, desc: plan.desc };
    case 'loanCount':
      return { key: sql`b.loan_count`, desc: plan.desc };
    case 'avgScore':
      // The readers' mean rating (kept on the record by a trigger, 0009); unrated records last.
      return { key: sql`b.rating_sum::float8 / NULLIF(b.rating_count, 0)`, desc: plan.desc };
  }
}

/** The words to highlight: the typed words of the clauses that add to relevance. */
export function highlightTerms(plan: SearchPlan): { terms: string[]; prefixes: string[] } {
  const terms = new Set<string>();
  const prefixes = new Set<string>();
  for (const c of positiveClauses(plan.expr)) {
    if (c.def.kind !== 'text' && c.def.kind !== 'phrase' && c.def.kind !== 'standard') continue;
    const tokens = queryTerms(c.text.replace(/["“”「」『』]/g, ' '));
    tokens.forEach((t, i) => {
      if (c.mode === '3' && i === tokens.length - 1 && !HAN.test(t.token)) prefixes.add(t.token);
      else terms.add(t.token);
    });
  }
  return { terms: [...terms], prefixes: [...prefixes] };
}

/** The SQL of a plan, as the search repository runs it. */
export function compile(plan: SearchPlan, tenantId: number, common?: CommonWords): CompiledSearch {
  const { key, desc } = sortSql(plan);
  return {
    tenantId,
    match: plan.expr ? exprSql(plan.expr, tenantId, common) : sql`true`,
    facetFilters: Object.entries(plan.filters.facets).map(([dim, values]) => [
      dim as keyof typeof plan.filters.facets,
      facetFilterSql(dim as keyof typeof plan.filters.facets, values, !plan.expr),
    ]),
    otherFilters: otherFiltersSql(plan.filters),
    sortKey: key,
    desc,
  };
}
