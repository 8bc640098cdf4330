import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { TextRow } from './engine/text-index.js';
import type { MirrorLoader } from './engine/tenant-mirror.js';
import { mirrorLoader, UPDATED_MS } from './mirror-repository.js';

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
  ${UPDATED_MS} AS updated_ms`;

/** What the text index reads of `db`. */
export function textIndexLoader(db: Kysely<Database>): MirrorLoader<TextRow> {
  return mirrorLoader(db, TEXT_COLUMNS);
}
