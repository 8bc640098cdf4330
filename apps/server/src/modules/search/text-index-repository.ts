import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** What the text index keeps of a record: its search vector and what relevance reads beside it. */
export interface TextRow {
  record_id: number;
  /** search_vector as text (`'word':1A,7 …`). */
  vector: string;
  title_sort: string | null;
  /** lower(title), as the database lowers it. */
  title_lower: string | null;
  publish_year_int: number | null;
  doc_code: string;
  /** Subject headings, series and publisher as field checks compare them (see `FOLDED`), values joined by U+0001. */
  subjects_folded: string;
  series_folded: string;
  publisher_folded: string;
  /** updated_at in ms since the epoch: a record read again is taken only when it changed since. */
  updated_ms: number;
}

/**
 * A value as `of_fold()` (migration 0003) compares it, but for the Traditional characters, which
 * it translates for the characters of each search (the index does that in memory).
 */
const folded = (v: ReturnType<typeof sql>) =>
  sql`regexp_replace(lower(normalize(coalesce(${v}, ''), NFKC)), '[^[:alnum:]]+', '', 'g')`;
const foldedArray = (col: string) =>
  sql`array_to_string(ARRAY(SELECT ${folded(sql`x.v`)} FROM unnest(${sql.ref(col)}) AS x(v)), E'\x01')`;

const TEXT_COLUMNS = sql`record_id, search_vector::text AS vector, title_sort, lower(title) AS title_lower,
  publish_year_int, doc_code, ${foldedArray('subjects')} AS subjects_folded, ${foldedArray('series')} AS series_folded,
  ${folded(sql.ref('publisher'))} AS publisher_folded,
  (extract(epoch FROM updated_at) * 1000)::float8 AS updated_ms`;

/** A batch of the tenant's records in id order after `afterId`. */
export async function findTextRows(
  db: Kysely<Database>,
  tenantId: number,
  opts: { afterId: number; limit: number },
): Promise<TextRow[]> {
  const { rows } = await sql<TextRow>`
    SELECT ${TEXT_COLUMNS} FROM bib_record
    WHERE tenant_id = ${tenantId} AND record_id > ${opts.afterId}
    ORDER BY record_id
    LIMIT ${opts.limit}`.execute(db);
  return rows;
}

/** The text rows of these records (of any tenant: the caller asks for its own ids). */
export async function findTextRowsByIds(db: Kysely<Database>, ids: number[]): Promise<TextRow[]> {
  const { rows } = await sql<TextRow>`
    SELECT ${TEXT_COLUMNS} FROM bib_record WHERE record_id = ANY(${ids}::int[])`.execute(db);
  return rows;
}

/** The tenant's records changed since `sinceMs`, with when (ms since the epoch). */
export async function findChangedTimes(
  db: Kysely<Database>,
  tenantId: number,
  sinceMs: number,
): Promise<Array<{ record_id: number; updated_ms: number }>> {
  const { rows } = await sql<{ record_id: number; updated_ms: number }>`
    SELECT record_id, (extract(epoch FROM updated_at) * 1000)::float8 AS updated_ms FROM bib_record
    WHERE tenant_id = ${tenantId} AND updated_at >= to_timestamp(${sinceMs / 1000})`.execute(db);
  return rows;
}
