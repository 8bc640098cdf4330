import type { FacetDimension } from '@openfind/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { MAX_RECORD_BYTES } from '@openfind/marc/limits';
import { readText, readTexts, ROW_CAPS } from '../../lib/answer-caps.js';
import type { FacetCount } from './engine/facet-store.js';
import { FACET_KEYS, type Sql } from './search-sql.js';

/** A compiled search: where it looks, how it filters and sorts. */
export interface CompiledSearch {
  tenantId: number;
  /** What the text matches (true when browsing by filters). */
  match: Sql;
  /** Facet filters, each also left out when counting its own dimension. */
  facetFilters: Array<[FacetDimension, Sql]>;
  /** Other filters (years, on shelf). */
  otherFilters: Sql[];
  sortKey: Sql;
  desc: boolean;
}

/** What a search found: the total, the first ids in order, and the facet counts when asked. */
export interface MatchResult {
  total: number;
  ids: number[];
  facets: FacetCount[] | null;
}

const join = (parts: Sql[], glue: Sql): Sql => (parts.length ? sql.join(parts, glue) : sql`true`);

/**
 * What every reader's search tests: the tenant, a record not suppressed by staff (migration 0038:
 * tested on the rows the text, prefix and sort indexes find, so it needs no index of its own), the
 * match and the other filters.
 */
function baseWhere(q: CompiledSearch): Sql {
  return join([sql`b.tenant_id = ${q.tenantId}`, sql`NOT b.suppressed`, q.match, ...q.otherFilters], sql` AND `);
}

/** The order of a search over the table (`b`), a subquery `h`, or the select list's own columns `s` and `record_id`. */
function orderBy(q: CompiledSearch, alias: 'b' | 'h' | 'out'): Sql {
  const key = alias === 'b' ? q.sortKey : sql.raw(alias === 'h' ? 'h.s' : 's');
  const id = sql.raw(alias === 'out' ? 'record_id' : `${alias}.record_id`);
  return sql`${key} ${sql.raw(q.desc ? 'DESC' : 'ASC')} NULLS LAST, ${id} DESC`;
}

/**
 * Runs a search: the total and the first `top` record ids in order, and, when asked, the facet
 * counts. The two are separate statements (on PostgreSQL they run at the same time on two
 * connections). Facets are multi-select: each dimension is counted with the other dimensions'
 * filters applied but not its own, all dimensions in one pass (GROUPING SETS).
 */
export async function findMatches(
  db: Kysely<Database>,
  q: CompiledSearch,
  opts: { top: number; facets: 'none' | 'with' | 'only'; facetLimit: number },
): Promise<MatchResult> {
  const [page, facets] = await Promise.all([
    opts.facets === 'only' ? countMatches(db, q).then((total) => ({ total, ids: [] })) : findTop(db, q, opts.top),
    opts.facets === 'none' ? null : findFacetCounts(db, q, opts.facetLimit),
  ]);
  return { ...page, facets };
}

function fullWhere(q: CompiledSearch): Sql {
  return join([baseWhere(q), ...q.facetFilters.map(([, f]) => f)], sql` AND `);
}

/** The total and the first `top` ids. Only ids and sort keys are kept while sorting. */
export async function findTop(
  db: Kysely<Database>,
  q: CompiledSearch,
  top: number,
): Promise<{ total: number; ids: number[] }> {
  const { rows } = await sql<{ record_id: number; total: number }>`
    WITH h AS MATERIALIZED (SELECT b.record_id, ${q.sortKey} AS s FROM bib_record b WHERE ${fullWhere(q)})
    SELECT h.record_id, (SELECT count(*) FROM h)::int AS total
    FROM h
    ORDER BY ${orderBy(q, 'h')}
    LIMIT ${Math.max(top, 1)}`.execute(db);
  return { total: rows[0]?.total ?? 0, ids: top > 0 ? rows.map((r) => r.record_id) : [] };
}

/** How many records match. */
export async function countMatches(db: Kysely<Database>, q: CompiledSearch): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM bib_record b WHERE ${fullWhere(q)}`.execute(
    db,
  );
  return rows[0]?.n ?? 0;
}

/** Facet counts of every dimension, at most `limit` keys each, biggest first. */
async function findFacetCounts(db: Kysely<Database>, q: CompiledSearch, limit: number): Promise<FacetCount[]> {
  const cols = FACET_KEYS.map(([dim, keys], i) => {
    const others = q.facetFilters.filter(([d]) => d !== dim).map(([, f]) => f);
    const value = others.length ? sql`CASE WHEN ${join(others, sql` AND `)} THEN ${keys} END` : keys;
    return sql`unnest(${value}) AS ${sql.raw(`d${i}`)}`;
  });
  const names = sql.raw(FACET_KEYS.map((_, i) => `d${i}`).join(', '));
  const sets = sql.raw(FACET_KEYS.map((_, i) => `(d${i})`).join(', '));
  const { rows } = await sql<{ g: number; k: string; n: number }>`
    SELECT g, k, n FROM (
      SELECT g, k, n, row_number() OVER (PARTITION BY g ORDER BY n DESC, k) AS r
      FROM (
        SELECT GROUPING(${names}) AS g, coalesce(${names}) AS k, count(*)::int AS n
        FROM (SELECT ${sql.join(cols)} FROM bib_record b WHERE ${baseWhere(q)}) x
        GROUP BY GROUPING SETS (${sets})
      ) c
      WHERE k IS NOT NULL AND k <> ''
    ) t
    WHERE r <= ${limit}`.execute(db);
  // GROUPING() has one bit per column, the first column highest; the grouped column's bit is 0.
  const width = FACET_KEYS.length;
  return rows.map((r) => {
    const i = [...Array(width).keys()].find((j) => (r.g & (1 << (width - 1 - j))) === 0)!;
    return { dim: FACET_KEYS[i]![0], key: r.k, count: r.n };
  });
}

/**
 * The ids of every matching record, best first (facet filters are applied by the caller, in memory).
 * They travel as one comma-separated text, which parses far faster than a large array.
 * The subquery sorts (id, key) pairs and the aggregate keeps their order (PostgreSQL documents this
 * for aggregates over a sorted subquery): an ORDER BY inside string_agg sorts in the aggregate
 * instead, about 60% slower (a common word of 74,000 matches among 1,000,000 records: 320 → 208 ms).
 */
export async function findRankedIds(db: Kysely<Database>, q: CompiledSearch): Promise<Int32Array> {
  const { rows } = await sql<{ ids: string | null; n: number }>`
    SELECT string_agg(h.record_id::text, ',') AS ids, count(*)::int AS n
    FROM (SELECT b.record_id, ${q.sortKey} AS s FROM bib_record b WHERE ${fullWhere(q)} ORDER BY ${orderBy(q, 'out')}) h`.execute(
    db,
  );
  return parseIds(rows[0]?.ids ?? '', rows[0]?.n ?? 0);
}

/** Comma-separated non-negative integers into an array of `n`. */
export function parseIds(text: string, n: number): Int32Array {
  const out = new Int32Array(n);
  let at = 0;
  let v = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44) {
      out[at++] = v;
      v = 0;
    } else v = v * 10 + (c - 48);
  }
  if (text.length) out[at++] = v;
  return out.subarray(0, at);
}

/** One page of record ids beyond the cached first ones. */
export async function findPageIds(
  db: Kysely<Database>,
  q: CompiledSearch,
  offset: number,
  limit: number,
): Promise<number[]> {
  const { rows } = await sql<{ record_id: number }>`
    SELECT b.record_id FROM bib_record b
    WHERE ${fullWhere(q)}
    ORDER BY ${orderBy(q, 'b')}
    LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return rows.map((r) => r.record_id);
}

/** What a result list shows of a record. */
export interface RecordRow {
  record_id: number;
  title: string;
  author: string;
  publisher: string | null;
  publish_year: string | null;
  isbns: string[];
  issn: string | null;
  lang_code: string | null;
  country_code: string | null;
  doc_code: string;
  abstract: string | null;
  subjects: string[];
  clc_classes: string[];
  call_numbers: string[];
  physical_count: number;
  on_shelf_count: number;
  e_count: number;
  discode1: string[];
  price: string | null;
  first_in_date: string | null;
  loan_count: number;
  /** Mean rating to one decimal, null when no reader has rated the record. */
  avg_score: number | null;
  on_shelf_items: number;
  item_call_no: string | null;
  /** Original-script forms (880s): see catalogue/original-script.ts. */
  title_vernacular: string | null;
  vernacular: Record<string, unknown> | null;
  source_format: string;
  /** The kept MARC, read only for a row with original-script forms stored before they were all kept. */
  marc: string | null;
}

/** The records of `ids` (of the tenant), with their copies on shelf counted from the items. */
export async function findRecordsByIds(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<RecordRow[]> {
  if (!ids.length) return [];
  // Values read capped (see answer-caps): a row stored with a 50 MB value answers fast.
  const text = (column: string) => sql`${readText(`b.${column}`, ROW_CAPS)} AS ${sql.ref(column)}`;
  const texts = (column: string) => sql`${readTexts(`b.${column}`, ROW_CAPS)} AS ${sql.ref(column)}`;
  const { rows } = await sql<RecordRow>`
    SELECT b.record_id, ${text('title')}, ${text('author')}, ${text('publisher')}, ${text('publish_year')},
           ${texts('isbns')}, ${text('issn')}, b.lang_code, b.country_code, b.doc_code, ${text('abstract')},
           ${texts('subjects')}, ${texts('clc_classes')}, ${texts('call_numbers')},
           b.physical_count, b.on_shelf_count, b.e_count, b.discode1, ${text('price')},
           to_char(b.first_in_date, 'YYYY-MM-DD') AS first_in_date, b.loan_count,
           round(b.rating_sum::numeric / NULLIF(b.rating_count, 0), 1)::float8 AS avg_score,
           (SELECT count(*)::int FROM item i WHERE i.record_id = b.record_id AND i.process_type_code = '411') AS on_shelf_items,
           (SELECT min(i.call_no) FROM item i WHERE i.record_id = b.record_id) AS item_call_no,
           b.title_vernacular, b.vernacular, b.source_format,
           CASE WHEN (b.title_vernacular IS NOT NULL OR b.vernacular <> '{}'::jsonb) AND NOT b.vernacular ? 'script'
                     AND octet_length(b.marc) <= ${sql.lit(MAX_RECORD_BYTES)}
                THEN b.marc END AS marc
    FROM bib_record b
    WHERE b.tenant_id = ${tenantId} AND b.record_id = ANY(${ids}::int[])`.execute(db);
  return rows;
}

/** Copies, copies on shelf and loanable, links of records. */
export interface ItemCountRow {
  record_id: number;
  physical_count: number;
  on_shelf_items: number;
  on_shelf_count: number;
  e_count: number;
}

/** Holdings counts of the tenant's records among `ids`. */
export async function findItemCounts(db: Kysely<Database>, tenantId: number, ids: number[]): Promise<ItemCountRow[]> {
  if (!ids.length) return [];
  const { rows } = await sql<ItemCountRow>`
    SELECT b.record_id, b.physical_count, b.on_shelf_count, b.e_count,
           (SELECT count(*)::int FROM item i WHERE i.record_id = b.record_id AND i.process_type_code = '411') AS on_shelf_items
    FROM bib_record b
    WHERE b.tenant_id = ${tenantId} AND b.record_id = ANY(${ids}::int[])`.execute(db);
  return rows;
}

/** Subjects and class numbers of one record (to find related ones). */
export async function findRecordTopics(
  db: Kysely<Database>,
  tenantId: number,
  recordId: number,
): Promise<{ subjects: string[]; clc_classes: string[] } | undefined> {
  return db
    .selectFrom('bib_record')
    .select(['subjects', 'clc_classes'])
    .where('tenant_id', '=', tenantId)
    .where('record_id', '=', recordId)
    .executeTakeFirst();
}

/**
 * Records sharing subjects or the class of a record (`searchForDetail`), but that record, most
 * shared first: a point per shared subject, 1.5 for a class number of `classes`, 1 for one of
 * `classRoots` (a class up to its point), and a mild recency.
 */
export function findRelated(
  db: Kysely<Database>,
  tenantId: number,
  q: { subjects: string[]; classes: string[]; classRoots: string[]; excludeId: number; top: number },
): Promise<MatchResult> {
  const { subjects, classes, classRoots, excludeId } = q;
  const compiled: CompiledSearch = {
    tenantId,
    match: sql`(b.subjects && ${subjects}::text[] OR b.class_prefixes && ${classRoots}::text[]) AND b.record_id <> ${excludeId}`,
    facetFilters: [],
    otherFilters: [],
    sortKey: sql`(cardinality(ARRAY(SELECT unnest(b.subjects) INTERSECT SELECT unnest(${subjects}::text[])))
      + CASE WHEN b.clc_classes && ${classes}::text[] THEN 1.5 WHEN b.class_prefixes && ${classRoots}::text[] THEN 1 ELSE 0 END
      + least(greatest(coalesce(b.publish_year_int, 1950) - 1950, 0), 100)::float8 * 0.0005::float8)`,
    desc: true,
  };
  return findMatches(db, compiled, { top: q.top, facets: 'none', facetLimit: 0 });
}

/** Records per CLC code: for every code in `codes`, the records with a class number starting with it. */
export async function countRecordsByClassPrefix(
  db: Kysely<Database>,
  tenantId: number,
  codes: string[],
  filters: { libCodes: string[]; docCodes: string[] },
): Promise<Map<string, number>> {
  if (!codes.length) return new Map();
  const conds: Sql[] = [sql`b.tenant_id = ${tenantId}`, sql`b.clc_classes <> '{}'`, sql`NOT b.suppressed`];
  if (filters.libCodes.length) conds.push(sql`b.lib_codes && ${filters.libCodes}::text[]`);
  if (filters.docCodes.length) conds.push(sql`b.doc_code = ANY(${filters.docCodes}::text[])`);
  const { rows } = await sql<{ code: string; n: number }>`
    SELECT p AS code, count(*)::int AS n
    FROM bib_record b, unnest(b.class_prefixes) AS p
    WHERE ${sql.join(conds, sql` AND `)} AND p = ANY(${codes}::text[])
    GROUP BY p`.execute(db);
  return new Map(rows.map((r) => [r.code, r.n]));
}

/** Whether any record of the compiled search exists. */
export async function hasMatch(db: Kysely<Database>, q: CompiledSearch): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    SELECT EXISTS (SELECT 1 FROM bib_record b WHERE ${baseWhere(q)}) AS found`.execute(db);
  return rows[0]?.found ?? false;
}

/**
 * The tenant's records suppressed by staff (few: a partial index lists them), which the search in
 * memory leaves out of what it ranks (its copies of the catalogue hold every record).
 */
export async function findSuppressedIds(db: Kysely<Database>, tenantId: number): Promise<Set<number>> {
  const { rows } = await sql<{ record_id: number }>`
    SELECT record_id FROM bib_record WHERE tenant_id = ${tenantId} AND suppressed`.execute(db);
  return new Set(rows.map((r) => r.record_id));
}

/** Whether the tenant's full-text index holds `token` (a word as the index keeps it). */
export async function lexemeExists(db: Kysely<Database>, tenantId: number, token: string): Promise<boolean> {
  const lexeme = `'${token.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  const { rows } = await sql<{ found: boolean }>`
    SELECT EXISTS (SELECT 1 FROM bib_record b WHERE b.tenant_id = ${tenantId} AND b.search_vector @@ ${lexeme}::tsquery) AS found`.execute(
    db,
  );
  return rows[0]?.found ?? false;
}

/**
 * Words of the full-text index in more than `minShare` of the records with their shares, commonest
 * first, from the planner's statistics (ANALYZE keeps the commonest lexemes and their frequencies).
 */
export async function findCommonLexemes(db: Kysely<Database>, minShare: number): Promise<Map<string, number>> {
  const { rows } = await sql<{ elems: string[] | null; freqs: number[] | null }>`
    SELECT most_common_elems::text::text[] AS elems, most_common_elem_freqs AS freqs
    FROM pg_stats
    WHERE schemaname = current_schema() AND tablename = 'bib_record' AND attname = 'search_vector'`.execute(db);
  const { elems, freqs } = rows[0] ?? {};
  const shares = (elems ?? []).map((e, i) => [e, freqs?.[i] ?? 0] as const).filter(([, f]) => f >= minShare);
  return new Map(shares.sort((a, b) => b[1] - a[1]));
}
