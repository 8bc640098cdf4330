import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.js';

type Sql = RawBuilder<unknown>;

/**
 * One page of the rows a SELECT gives, ordered by `order` (over the SELECT's output columns), and
 * how many rows it gives in all: right even for a page past the last one.
 */
export async function findPage<T>(
  db: Kysely<Database>,
  select: Sql,
  order: Sql,
  offset: number,
  rows: number,
): Promise<{ total: number; rows: T[] }> {
  const [counted, page] = await Promise.all([
    sql<{ n: number }>`SELECT count(*)::int AS n FROM (${select}) m`.execute(db),
    sql<T>`SELECT * FROM (${select}) m ORDER BY ${order} LIMIT ${rows} OFFSET ${offset}`.execute(db),
  ]);
  return { total: counted.rows[0]?.n ?? 0, rows: page.rows };
}
