import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/**
 * Indexes of the catalogue that an import never reads and that cost it most to keep up to date:
 * the full-text index and the class and call-number prefix indexes (all GIN). Measured on 30,000
 * MARC21 records written into the embedded database: 465 µs per record with them, 300 without;
 * the full-text index alone costs 125 µs per record kept up to date and 29 built in one pass.
 * (The unique indexes, the system-number index that attaches holdings records and the item
 * indexes stay: the import itself needs them.)
 */
export const DEFERRABLE_INDEXES = ['bib_record_search', 'bib_record_class_prefix', 'bib_record_call_prefix'] as const;

/** Imports estimated smaller than this keep their indexes: building them again would cost more. */
export const DEFER_MIN_RECORDS = 20_000;

/** Bytes per record assumed when estimating a file's records from its size (MARC21 averages about 1 kB). */
const BYTES_PER_RECORD = 1000;

/** About how many records files of this many bytes hold. */
export function estimateRecords(bytes: number): number {
  return Math.floor(bytes / BYTES_PER_RECORD);
}

/** `always` and `never` are the operator's; `auto` decides by the engine and the sizes (`shouldDeferIndexes`). */
export type DeferIndexes = 'auto' | 'always' | 'never';

/**
 * Whether writing about `records` records should drop the deferrable indexes and build them again
 * at the end. Automatically only on the embedded database, which no other process can search
 * meanwhile (a PostgreSQL server may be serving searches that need the index), and only when
 * that many records are many and more than the catalogue already holds.
 */
export async function shouldDeferIndexes(
  db: Kysely<Database>,
  engine: 'pglite' | 'postgres',
  records: number,
  mode: DeferIndexes,
): Promise<boolean> {
  if (mode !== 'auto') return mode === 'always';
  if (engine !== 'pglite' || records < DEFER_MIN_RECORDS) return false;
  // Counting stops at the estimate: the whole table is not read to learn that it is larger.
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (SELECT 1 FROM bib_record LIMIT ${records}) r`.execute(db);
  return (rows[0]?.n ?? 0) < records;
}

/**
 * Runs `fn` (an import, a seed) with the deferrable indexes dropped when `defer` is set, and builds
 * them again when it ends, whether it succeeded or not. `report` hears what was deferred and built.
 */
export async function withDeferredIndexes<T>(
  db: Kysely<Database>,
  defer: boolean,
  fn: () => Promise<T>,
  report: (line: string) => void = () => undefined,
): Promise<T> {
  const deferred = defer ? await deferIndexes(db) : [];
  if (deferred.length) report(`indexes built in one pass at the end: ${deferred.join(', ')}`);
  try {
    return await fn();
  } finally {
    const started = Date.now();
    const built = await restoreDeferredIndexes(db);
    if (built.length) report(`indexes built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${built.join(', ')}`);
  }
}

/**
 * Drops the deferrable indexes that exist, recording their definitions first (in the same
 * transaction: an index is never dropped without its record). Returns the names dropped.
 */
export async function deferIndexes(db: Kysely<Database>): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ name: string; definition: string }>`
      SELECT indexname AS name, indexdef AS definition FROM pg_indexes
      WHERE schemaname = current_schema() AND indexname = ANY(${[...DEFERRABLE_INDEXES]}::text[])`.execute(trx);
    for (const { name, definition } of rows) {
      await trx
        .insertInto('deferred_index')
        .values({ name, definition })
        .onConflict((oc) => oc.column('name').doUpdateSet({ definition }))
        .execute();
      await sql`DROP INDEX ${sql.id(name)}`.execute(trx);
    }
    return rows.map((r) => r.name);
  });
}

/**
 * Builds every index recorded as deferred and forgets its record, one index per transaction (an
 * interruption keeps those built). Called when an import ends and whenever the database is opened,
 * so an import that was killed leaves no index missing. Returns the names built.
 */
export async function restoreDeferredIndexes(
  db: Kysely<Database>,
  onBuild?: (name: string) => void,
): Promise<string[]> {
  const pending = await db.selectFrom('deferred_index').select(['name', 'definition']).orderBy('name').execute();
  for (const { name, definition } of pending) {
    onBuild?.(name);
    await db.transaction().execute(async (trx) => {
      // GIN builds sort their entries in this memory; the default 64 MB makes them spill at 100,000 records.
      await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(trx);
      const exists = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_indexes WHERE schemaname = current_schema() AND indexname = ${name}`.execute(
        trx,
      );
      if (!exists.rows[0]?.n) await sql.raw(definition).execute(trx);
      await trx.deleteFrom('deferred_index').where('name', '=', name).execute();
    });
  }
  return pending.map((p) => p.name);
}
