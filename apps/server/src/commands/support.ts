import { Option } from 'commander';
import { loadConfig, type AppConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { openConfiguredDatabase, prepareDatabase } from '../db/setup.js';
import type { Tenant } from '../modules/tenants/tenant-repository.js';
import type { Services } from '../services.js';

// What the commands share: the configuration of a brief or a bulk command, the database and services
// around a command, the institution it names, the options several commands take.

/** A failure the operator can act on: printed without a stack trace. */
export class CliError extends Error {}

export function config(): AppConfig {
  return loadConfig();
}

/** The embedded database's page cache for a short administrative command (see `briefConfig`). */
const BRIEF_PGLITE_SHARED_BUFFERS = '32MB';

/**
 * The configuration for a command that reads or writes a few rows (tenant, config, reader, migrate,
 * the demo institutions): unless the environment says otherwise, the embedded database opens with a
 * small page cache and in the command's own thread. Preparing the server's 512 MB cache alone takes
 * over a second at each start, and a thread of its own only pays while a server or an import keeps
 * both cores busy.
 */
export function briefConfig(): AppConfig {
  const cfg = config();
  if (cfg.database.kind !== 'pglite') return cfg;
  return {
    ...cfg,
    database: {
      ...cfg.database,
      sharedBuffers: process.env.PGLITE_SHARED_BUFFERS ? cfg.database.sharedBuffers : BRIEF_PGLITE_SHARED_BUFFERS,
      thread: process.env.PGLITE_THREAD ? cfg.database.thread : false,
    },
  };
}

/** The embedded database's page cache for a load of up to `BULK_SMALL_RECORDS` records (see `bulkConfig`). */
const BULK_PGLITE_SHARED_BUFFERS = '128MB';
const BULK_SMALL_RECORDS = 300_000;

/**
 * The configuration for a command that writes about `records` records (seed, import): the server's
 * own, but the embedded database prepares a smaller page cache for a load that does not need the
 * server's, unless the environment sets one. Preparing 512 MB took 2.5 s at each start, a twentieth
 * of importing 100,000 records, and the import itself ran no slower with 128 MB (measured: 39.0–41.4
 * against 40.8–42.7 s in all, three runs each).
 */
export function bulkConfig(records: number): AppConfig {
  const cfg = config();
  if (cfg.database.kind !== 'pglite' || process.env.PGLITE_SHARED_BUFFERS || records > BULK_SMALL_RECORDS) return cfg;
  return { ...cfg, database: { ...cfg.database, sharedBuffers: BULK_PGLITE_SHARED_BUFFERS } };
}

/**
 * Opens and prepares the database, runs `fn`, closes the database. `cfg` is the full configuration
 * for commands that move many records (seed, import), else `briefConfig()`.
 */
export async function withDatabase<T>(fn: (db: Db) => Promise<T>, cfg = briefConfig()): Promise<T> {
  const db = await openConfiguredDatabase(cfg);
  try {
    await prepareDatabase(db);
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** `withDatabase` with the services. */
export async function withServices<T>(fn: (s: Services, db: Db) => Promise<T>, cfg = briefConfig()): Promise<T> {
  const { createServices } = await import('../services.js');
  return withDatabase((db) => fn(createServices(db, { configCacheMs: 0 }), db), cfg);
}

export async function findTenant(s: Pick<Services, 'tenants'>, selector: string): Promise<Tenant> {
  const t = await s.tenants.find(selector);
  if (!t) throw new CliError(`no institution "${selector}" (give its mapping path, group code, or "default")`);
  return t;
}

/** Parses `key=value` words into an object. */
export function parseAssignments(words: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const w of words) {
    const i = w.indexOf('=');
    if (i <= 0) throw new CliError(`expected key=value, got "${w}"`);
    out[w.slice(0, i)] = w.slice(i + 1);
  }
  return out;
}

/** `--tenant`, shared by the commands of one institution's settings and readers. */
export const tenantOption = new Option('--tenant <selector>', 'mapping path, group code or "default"').default(
  'default',
);

/** `--defer-indexes`, shared by the commands that write many records. */
export function deferIndexesOption(doing: string): Option {
  return new Option(
    '--defer-indexes <when>',
    `drop the full-text and class-number indexes while ${doing} and build them at the end (auto: large loads into the embedded database)`,
  )
    .choices(['auto', 'always', 'never'])
    .default('auto');
}
