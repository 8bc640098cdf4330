import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect, sql, type LogConfig } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import { PGliteDialect, SessionLock } from './pglite-dialect.js';
import { newPGlite } from './pglite-open.js';
import { PGliteThread, type EmbeddedPg } from './pglite-thread.js';
import type { Database } from './schema.js';

/** A session pinned to one connection, for scripts and locks (migrations). */
export interface Session {
  exec(script: string): Promise<void>;
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
}

/** The database: a typed query builder plus a pinned-session escape hatch for scripts. */
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  readonly kysely: Kysely<Database>;
  withSession<T>(fn: (s: Session) => Promise<T>): Promise<T>;
  /**
   * Calls `onPayload` for each notification on `channel` (PostgreSQL LISTEN/NOTIFY; a PostgreSQL
   * server reaches other processes, the embedded database only this one). Resolves to a function
   * that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type DbOptions = (
  | {
      kind: 'pglite';
      dataDir?: string | undefined;
      sharedBuffers?: string | undefined;
      /** Runs the database in a worker thread (the default) rather than in the calling thread. */
      thread?: boolean | undefined;
      /** Without a dataDir: opens a copy of a data folder PGlite dumped to this file (pglite-open.ts). */
      copyOf?: string | undefined;
    }
  | { kind: 'postgres'; url: string; schema?: string | undefined; poolSize?: number | undefined }
) & {
  /** Statements that take longer are written to stderr as a JSON line with their SQL (0 or unset: off). */
  slowQueryMs?: number | undefined;
};

// int8 (counts, sums) as JS numbers: our counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * The embedded database's page cache. PostgreSQL's default (128 MB) is smaller than a catalogue of
 * 100,000 records with its indexes (about 350 MB): pages it misses are read from the data folder
 * through the WebAssembly file system, a system call per page. Memory is taken as pages are read.
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '512MB'; // PGLITE_SHARED_BUFFERS sets it

/** Opens PGlite (in memory when no dataDir) or a PostgreSQL pool. */
export async function openDatabase(opts: DbOptions): Promise<Db> {
  const log = slowQueryLog(opts.slowQueryMs);
  return opts.kind === 'pglite'
    ? openPGlite(opts, opts.sharedBuffers ?? DEFAULT_PGLITE_SHARED_BUFFERS, opts.thread ?? true, log)
    : openPostgres(opts, log);
}

/** A Kysely log that reports slow statements, for finding what to index or rewrite. */
function slowQueryLog(ms: number | undefined): LogConfig | undefined {
  if (!ms) return undefined;
  return (event) => {
    if (event.queryDurationMillis < ms) return;
    const line = {
      level: 40,
      time: Date.now(),
      msg: event.level === 'error' ? 'slow query, failed' : 'slow query',
      ms: Math.round(event.queryDurationMillis * 10) / 10,
      sql: event.query.sql.replace(/\s+/g, ' ').slice(0, 4000),
      params: event.query.parameters.map((p) => (typeof p === 'string' ? p.slice(0, 200) : p)).slice(0, 50),
    };
    process.stderr.write(`${JSON.stringify(line)}\n`);
  };
}

async function openPGlite(
  { dataDir, copyOf }: { dataDir?: string | undefined; copyOf?: string | undefined },
  sharedBuffers: string,
  thread: boolean,
  log: LogConfig | undefined,
): Promise<Db> {
  let unlock = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  let pglite: EmbeddedPg;
  try {
    pglite = thread
      ? await PGliteThread.start({ dataDir, sharedBuffers, copyOf })
      : await openPGliteHere(dataDir, sharedBuffers, copyOf);
  } catch (err) {
    unlock();
    throw err;
  }
  const lock = new SessionLock();
  const kysely = new Kysely<Database>({ dialect: new PGliteDialect(pglite, lock), ...(log ? { log } : {}) });
  return {
    kind: 'pglite',
    kysely,
    async withSession(fn) {
      const release = await lock.acquire();
      try {
        return await fn({
          exec: (script) => pglite.exec(script),
          query: async <T>(text: string, params?: unknown[]) => (await pglite.query<T>(text, params)).rows,
        });
      } finally {
        release();
      }
    },
    async listen(channel, onPayload) {
      // LISTEN must not land inside a transaction another caller has open on the one session.
      const release = await lock.acquire();
      try {
        return await pglite.listen(channel, onPayload);
      } finally {
        release();
      }
    },
    async close() {
      await kysely.destroy();
      await pglite.close();
      unlock();
    },
  };
}

/** PGlite in the calling thread. */
async function openPGliteHere(
  dataDir: string | undefined,
  sharedBuffers: string,
  copyOf: string | undefined,
): Promise<EmbeddedPg> {
  const pglite = await newPGlite(dataDir, sharedBuffers, copyOf);
  return {
    query: <T>(text: string, params?: unknown[]) => pglite.query<T>(text, params),
    exec: async (script) => void (await pglite.exec(script)),
    listen: (channel, onPayload) => pglite.listen(channel, onPayload),
    close: () => pglite.close(),
  };
}

async function openPostgres(
  opts: { url: string; schema?: string | undefined; poolSize?: number | undefined },
  log: LogConfig | undefined,
): Promise<Db> {
  // Per-session settings: no JIT (it compiles each large search for about 10 ms and gains nothing on
  // statements this short), and enough work memory that the bitmap of a common word's matches stays
  // exact (PostgreSQL's 4 MB default turns it lossy at a million records, and every row on a lossy
  // page is checked again).
  const settings = ['-c jit=off', '-c work_mem=16MB', ...(opts.schema ? [`-c search_path=${opts.schema}`] : [])];
  const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10, options: settings.join(' ') });
  if (opts.schema) {
    // Schemas isolate test runs that share one database.
    await pool.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(opts.schema)}`);
  }
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...(log ? { log } : {}) });
  return {
    kind: 'postgres',
    kysely,
    async withSession(fn) {
      const client = await pool.connect();
      try {
        return await fn({
          exec: async (script) => void (await client.query(script)),
          query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
        });
      } finally {
        client.release();
      }
    },
    listen: (channel, onPayload) => listenPostgres(opts, channel, onPayload),
    async close() {
      await kysely.destroy(); // ends the pool
    },
  };
}

const RECONNECT_MS = 5000;

/**
 * A connection of its own that LISTENs on `channel` (a pooled one would be handed to others), and
 * connects again after it was lost. Notifications sent while it was down are lost: listeners must
 * treat them as hints (for example, to refresh a cache sooner), not as a log.
 */
async function listenPostgres(
  opts: { url: string; schema?: string | undefined },
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: opts.url });
    c.on('notification', (n) => {
      if (n.channel === channel) onPayload(n.payload ?? '');
    });
    c.on('error', () => {
      if (client !== c) return;
      client = undefined;
      void c.end().catch(() => {});
      if (!stopped) timer = setTimeout(() => void connect().catch(() => {}), RECONNECT_MS);
    });
    await c.connect();
    await c.query(`LISTEN ${quoteIdent(channel)}`);
    if (stopped) await c.end();
    else client = c;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const c = client;
    client = undefined;
    await c?.end().catch(() => {});
  };
}

/** Whether the database answers a query at all (health checks; telling a refused write from a database gone). */
export function databaseAnswers(db: Kysely<Database>): Promise<boolean> {
  return sql`SELECT 1`.execute(db).then(
    () => true,
    () => false,
  );
}

/** The schema the database's tables are in (installations can share a database, each in its schema). */
export async function currentSchema(db: Kysely<Database>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  return rows[0]?.schema;
}

/** Quotes an SQL identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
