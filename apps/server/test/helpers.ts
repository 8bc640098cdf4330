import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../src/app.js';
import { openDatabase, quoteIdent, type Db } from '../src/db/database.js';
import { newPGlite } from '../src/db/pglite-open.js';
import { prepareDatabase } from '../src/db/setup.js';
import type { AuthSettings } from '../src/modules/auth/auth-settings.js';
import type { RateLimiterFactory } from '../src/modules/auth/rate-limiter.js';
import { seedDemo } from '../src/seed/demo.js';
import { createServices, type Services } from '../src/services.js';

/** PostgreSQL server used when OPENFIND_TEST_PG=1 (CI runs the suite on both engines). */
export const TEST_PG_URL = process.env.OPENFIND_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const onPostgres = process.env.OPENFIND_TEST_PG === '1';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  db: Db;
  /** Sends a request with the API headers of a tenant and language. */
  call(opts: CallOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  mappingPath?: string | undefined;
  groupCode?: string | undefined;
  lang?: 'zh_CN' | 'zh_HK' | 'en_US' | undefined;
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

/**
 * A file holding a new, empty PGlite data folder (dumpDataDir), made once per PGlite version and
 * shared by the test files and their workers: PGlite takes about two seconds to create a database
 * (initdb), half a second to open a copy of one, and the suite opens a hundred.
 */
let emptyClusterFile: Promise<string> | undefined;
function emptyCluster(): Promise<string> {
  return (emptyClusterFile ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const pkg = path.join(entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`)), 'package.json');
    const { version } = JSON.parse(readFileSync(pkg, 'utf8')) as { version: string };
    const file = path.join(tmpdir(), `openfind-test-pglite-${version}.tar`);
    if (existsSync(file)) return file;
    const pglite = await newPGlite(undefined, '128MB');
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    // Written aside and renamed: another worker may be reading or writing the same file.
    const part = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
    renameSync(part, file);
    return file;
  })());
}

/** Opens a fresh database: in-memory PGlite (empty), or a new schema on the test PostgreSQL server. */
export async function openTestDatabase(): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (!onPostgres) {
    const db = await openDatabase({ kind: 'pglite', copyOf: await emptyCluster() });
    return { db, drop: async () => {} };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const db = await openDatabase({ kind: 'postgres', url: TEST_PG_URL, schema, poolSize: 4 });
  return {
    db,
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_PG_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
      await client.end();
    },
  };
}

/** Builds the app over a fresh, migrated database with the demo institutions. */
export async function createTestApp(
  opts: {
    seed?: boolean;
    webDist?: string;
    cacheMs?: number;
    records?: number;
    auth?: Partial<AuthSettings>;
    rateLimiters?: RateLimiterFactory;
    trustProxy?: boolean;
    logger?: BuildAppOptions['logger'];
  } = {},
): Promise<TestApp> {
  const { db, drop } = await openTestDatabase();
  await prepareDatabase(db);
  if (opts.seed ?? true) await seedDemo(db.kysely, { records: opts.records ?? 0 });
  const services = createServices(db, {
    configCacheMs: opts.cacheMs ?? 0,
    auth: opts.auth,
    rateLimiters: opts.rateLimiters,
  });
  const app = await buildApp({ services, webDist: opts.webDist, trustProxy: opts.trustProxy, logger: opts.logger });
  await app.ready();
  return {
    app,
    services,
    db,
    call(o) {
      const headers: Record<string, string> = { ...o.headers };
      if (o.mappingPath !== undefined) headers.mappingPath = o.mappingPath;
      if (o.groupCode !== undefined) headers.groupCode = o.groupCode;
      if (o.lang) headers['content-language'] = o.lang;
      const req: InjectOptions = { method: o.method ?? (o.body === undefined ? 'GET' : 'POST'), url: o.url, headers };
      if (o.query) req.query = o.query;
      if (o.body !== undefined) req.payload = o.body as InjectOptions['payload'];
      return app.inject(req);
    },
    async close() {
      await app.close();
      await db.close();
      await drop();
    },
  };
}

/** The parsed envelope of a response. */
export function envelopeOf<T = unknown>(res: LightMyRequestResponse) {
  return res.json<{ success: boolean; message: string; errCode: number; errorCode: null; data: T }>();
}
