import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Change, MirrorLoader } from './engine/tenant-mirror.js';
import type { Sql } from './search-sql.js';

/** A record's updated_at in ms since the epoch (a mirror compares it with the one it read). */
export const UPDATED_MS = sql<number>`(extract(epoch FROM updated_at) * 1000)::float8`;

/**
 * The tenant's records changed since `sinceMs`, with when, through the updated_at index: read in
 * id order instead, a few changes at the end of a large catalogue are found by reading all of it.
 */
export async function findChangedTimes(db: Kysely<Database>, tenantId: number, sinceMs: number): Promise<Change[]> {
  const { rows } = await sql<Change>`
    SELECT record_id, ${UPDATED_MS} AS updated_ms FROM bib_record
    WHERE tenant_id = ${tenantId} AND updated_at >= to_timestamp(${sinceMs / 1000})`.execute(db);
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

/** A batch of a mirror's rows (`columns` of the tenant's records, `bib_record b`) in id order after `afterId`. */
export async function findMirrorRows<Row>(
  db: Kysely<Database>,
  tenantId: number,
  columns: Sql,
  opts: { afterId: number; limit: number },
): Promise<Row[]> {
  const { rows } = await sql<Row>`
    SELECT ${columns} FROM bib_record b
    WHERE tenant_id = ${tenantId} AND record_id > ${opts.afterId}
    ORDER BY record_id
    LIMIT ${opts.limit}`.execute(db);
  return rows;
}

/** A mirror's rows of these records of the tenant. */
export async function findMirrorRowsByIds<Row>(
  db: Kysely<Database>,
  tenantId: number,
  columns: Sql,
  ids: number[],
): Promise<Row[]> {
  const { rows } = await sql<Row>`
    SELECT ${columns} FROM bib_record b WHERE tenant_id = ${tenantId} AND record_id = ANY(${ids}::int[])`.execute(db);
  return rows;
}

/** What a mirror of the catalogue whose rows are `columns` (of `bib_record b`) reads of `db`. */
export function mirrorLoader<Row>(db: Kysely<Database>, columns: Sql): MirrorLoader<Row> {
  return {
    now: () => databaseNow(db),
    rows: (tenantId, opts) => findMirrorRows<Row>(db, tenantId, columns, opts),
    rowsByIds: (tenantId, ids) => findMirrorRowsByIds<Row>(db, tenantId, columns, ids),
    changed: (tenantId, sinceMs) => findChangedTimes(db, tenantId, sinceMs),
    count: (tenantId) => countTenantRecords(db, tenantId),
  };
}
