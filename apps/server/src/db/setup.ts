/**
 * Opening and preparing the configured database, apart from the web application: the command line
 * loads this without the server's modules (loading those took over a second before every command).
 */

import type { AppConfig } from '../config.js';
import { restoreDeferredIndexes } from '../modules/catalogue/import/deferred-indexes.js';
import { backfillAuthorSort } from './sort-key-backfill.js';
import { ensureReferenceData } from '../seed/reference.js';
import { openDatabase, type Db } from './database.js';
import { migrate } from './migrate.js';

/** Opens the configured database. */
export function openConfiguredDatabase(config: AppConfig): Promise<Db> {
  return config.database.kind === 'pglite'
    ? openDatabase({
        kind: 'pglite',
        dataDir: config.database.dataDir,
        sharedBuffers: config.database.sharedBuffers,
        thread: config.database.thread,
        slowQueryMs: config.database.slowQueryMs,
      })
    : openDatabase({
        kind: 'postgres',
        url: config.database.url,
        poolSize: config.database.poolSize,
        slowQueryMs: config.database.slowQueryMs,
      });
}

/**
 * Brings the schema and the installation-default code lists up to date, and builds any index an
 * interrupted import left out.
 */
export async function prepareDatabase(db: Db): Promise<{ applied: string[] }> {
  const { applied } = await migrate(db);
  await restoreDeferredIndexes(db.kysely, (name) =>
    process.stderr.write(`building the index ${name}, which an interrupted import left out …\n`),
  );
  await ensureReferenceData(db.kysely);
  await backfillAuthorSort(db.kysely);
  return { applied };
}
