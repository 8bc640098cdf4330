import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FacetLoader, FacetRow } from './engine/facet-store.js';
import { mirrorLoader, UPDATED_MS } from './mirror-repository.js';
import { parseIds } from './search-repository.js';
import type { TextSort } from './search-query.js';
import { TEXT_SORT_KEYS } from './search-sql.js';

const FACET_COLUMNS = sql`record_id, doc_code, physical_count, e_count, campus_ids, lib_codes, location_ids,
  cur_location_ids, lang_code, country_code, discode1, clc_classes,
  core_includes, dd_type, verify_status, e_collection_ids, collection_ids,
  ARRAY(SELECT DISTINCT upper(x.v) FROM (SELECT unnest(b.call_numbers) UNION ALL
        SELECT i.call_no FROM item i WHERE i.record_id = b.record_id) AS x(v) WHERE x.v <> '') AS call_numbers,
  authors, publisher, subjects, publish_year_int,
  on_shelf_count, (first_in_date - DATE '1970-01-01') AS in_days, loan_count,
  hashtext(concat_ws(E'\x1f', ${sql.join(
    Object.values(TEXT_SORT_KEYS).map((k) => sql`coalesce(${k}, E'\x1e')`),
  )})) AS sort_hash, ${UPDATED_MS} AS updated_ms`;

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

/** What the facet store reads of `db`. */
export function facetLoader(db: Kysely<Database>): FacetLoader {
  return {
    ...mirrorLoader<FacetRow>(db, FACET_COLUMNS),
    sortRanks: (tenantId, sort) => findSortRanks(db, tenantId, sort),
  };
}
