import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { AppConfig } from './config.js';
import { openDatabase, type Db } from './db/database.js';
import { migrate } from './db/migrate.js';
import { backfillAuthorSort } from './modules/catalogue/sort-key-backfill.js';
import { seedDemo } from './seed/demo.js';
import { ensureReferenceData } from './seed/reference.js';
import { createServices, type Services } from './services.js';

/** Opens the configured database. */
export function openConfiguredDatabase(config: AppConfig): Promise<Db> {
  return config.database.kind === 'pglite'
    ? openDatabase({ kind: 'pglite', dataDir: config.database.dataDir })
    : openDatabase({ kind: 'postgres', url: config.database.url, poolSize: config.database.poolSize });
}

/** Brings the schema and the installation-default code lists up to date. */
export async function prepareDatabase(db: Db): Promise<{ applied: string[] }> {
  const { applied } = await migrate(db);
  await ensureReferenceData(db.kysely);
  await backfillAuthorSort(db.kysely);
  return { applied };
}

export interface RunningApp {
  app: FastifyInstance;
  services: Services;
  db: Db;
}

/** Opens and prepares the database, seeds the demo when asked and the database is empty, builds the app. */
export async function createRunningApp(
  config: AppConfig,
  opts: { seedDemoIfEmpty?: boolean; logger?: boolean | object } = {},
): Promise<RunningApp> {
  const db = await openConfiguredDatabase(config);
  try {
    await prepareDatabase(db);
    const services = createServices(db, config);
    const tenants = await services.tenants.list();
    if (tenants.length === 0 && opts.seedDemoIfEmpty) {
      await seedDemo(db.kysely);
      services.tenants.invalidate();
    }
    const app = await buildApp({
      services,
      webDist: config.webDist,
      logger: opts.logger ?? { level: config.logLevel },
      trustProxy: config.trustProxy,
    });
    app.addHook('onClose', async () => db.close());
    return { app, services, db };
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
}
