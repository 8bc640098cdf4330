import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

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
  authors: string[];
  publisher: string | null;
  subjects: string[];
  publish_year_int: number | null;
  on_shelf_count: number;
  /** first_in_date as days since 1970-01-01. */
  in_days: number | null;
  loan_count: number;
}

const FACET_COLUMNS = sql`record_id, doc_code, physical_count, e_count, campus_ids, lib_codes, location_ids,
  cur_location_ids, lang_code, country_code, discode1, clc_classes, authors, publisher, subjects, publish_year_int,
  on_shelf_count, (first_in_date - DATE '1970-01-01') AS in_days, loan_count`;

/** A batch of the tenant's records in id order after `afterId`. */
export async function findFacetRows(
  db: Kysely<Database>,
  tenantId: number,
  opts: { afterId: number; limit: number },
): Promise<FacetRow[]> {
  const { rows } = await sql<FacetRow>`
    SELECT ${FACET_COLUMNS} FROM bib_record
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
    SELECT ${FACET_COLUMNS} FROM bib_record WHERE record_id = ANY(${ids}::int[])`.execute(db);
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
