import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { parseIds } from './search-repository.js';
import type { TextSort } from './search-query.js';
import { TEXT_SORT_KEYS } from './search-sql.js';

/** What the facet store keeps of a record. */
export interface FacetRow {
  record_id: number;
  doc_code: string;
  physical_count: number;
  e_count: number;
  campus_ids: string[];
  lib_codes: string[];
  location_ids: string[];
  cur_location_ids: string[];
  lang_code: string | null;
  country_code: string | null;
  discode1: string[];
  clc_classes: string[];
  /** Call numbers of the record and of its copies, upper-cased, each once. */
  call_numbers: string[];
  authors: string[];
  publisher: string | null;
  subjects: string[];
  publish_year_int: number | null;
  on_shelf_count: number;
  /** first_in_date as days since 1970-01-01. */
  in_days: number | null;
  loan_count: number;
  /** A hash of the record's text sort keys: when it changes, the store's ranks of them are stale. */
  sort_hash: number;
}

const FACET_COLUMNS = sql`record_id, doc_code, physical_count, e_count, campus_ids, lib_codes, location_ids,
  cur_location_ids, lang_code, country_code, discode1, clc_classes,
  ARRAY(SELECT DISTINCT upper(x.v) FROM (SELECT unnest(b.call_numbers) UNION ALL
        SELECT i.call_no FROM item i WHERE i.record_id = b.record_id) AS x(v) WHERE x.v <> '') AS call_numbers,
  authors, publisher, subjects, publish_year_int,
  on_shelf_count, (first_in_date - DATE '1970-01-01') AS in_days, loan_count,
  hashtext(concat_ws(E'\x1f', ${sql.join(
    Object.values(TEXT_SORT_KEYS).map((k) => sql`coalesce(${k}, E'\x1e')`),
  )})) AS sort_hash`;

/** A batch of the tenant's records in id order after `afterId`. */
export async function findFacetRows(
  db: Kysely<Database>,
  tenantId: number,
  opts: { afterId: number; limit: number },
): Promise<FacetRow[]> {
  const { rows } = await sql<FacetRow>`
    SELECT ${FACET_COLUMNS} FROM bib_record b
    WHERE tenant_id = ${tenantId} AND record_id > ${opts.afterId}
    ORDER BY record_id
    LIMIT ${opts.limit}`.execute(db);
  return rows;
}

/**
 * The ids of the tenant's records changed since `sinceMs`, through the updated_at index: read in
 * id order instead, a few changes at the end of a large catalogue are found by reading all of it.
 */
export async function findChangedIds(db: Kysely<Database>, tenantId: number, sinceMs: number): Promise<number[]> {
  const { rows } = await sql<{ record_id: number }>`
    SELECT record_id FROM bib_record
    WHERE tenant_id = ${tenantId} AND updated_at >= to_timestamp(${sinceMs / 1000})`.execute(db);
  return rows.map((r) => r.record_id);
}

/** The facet rows of these records. */
export async function findFacetRowsByIds(db: Kysely<Database>, ids: number[]): Promise<FacetRow[]> {
  const { rows } = await sql<FacetRow>`
    SELECT ${FACET_COLUMNS} FROM bib_record b WHERE record_id = ANY(${ids}::int[])`.execute(db);
  return rows;
}

/** How many records the tenant has. */
export async function countTenantRecords(db: Kysely<Database>, tenantId: number): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM bib_record WHERE tenant_id = ${tenantId}`.execute(db);
  return rows[0]?.n ?? 0;
}

/** The database clock, in ms since the epoch. */
export async function databaseNow(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{
    ms: number;
  }>`SELECT (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS ms`.execute(db);
  return rows[0]!.ms;
}

/**
 * Every record of the tenant that has a value for a text sort key, with its place in that order
 * (equal keys share a place, as the database's own sort would tie them): the facet store sorts
 * results by these places instead of asking the database to sort every match.
 */
export async function findSortRanks(
  db: Kysely<Database>,
  tenantId: number,
  sort: TextSort,
): Promise<{ ids: Int32Array; ranks: Int32Array }> {
  const key = TEXT_SORT_KEYS[sort];
  const { rows } = await sql<{ ids: string | null; ranks: string | null; n: number }>`
    SELECT string_agg(s.record_id::text, ',') AS ids, string_agg(s.r::text, ',') AS ranks, count(*)::int AS n
    FROM (SELECT b.record_id, dense_rank() OVER (ORDER BY ${key}) AS r
          FROM bib_record b WHERE b.tenant_id = ${tenantId} AND ${key} IS NOT NULL) s`.execute(db);
  const n = rows[0]?.n ?? 0;
  return { ids: parseIds(rows[0]?.ids ?? '', n), ranks: parseIds(rows[0]?.ranks ?? '', n) };
}
