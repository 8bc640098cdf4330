import { mkdirSync, writeFileSync, cpSync, readdirSync, appendFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiPath } from '@openfind/contract';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { sql } from 'kysely';
import { migrate, MIGRATIONS_DIR } from '../src/db/migrate.js';
import { t as text } from '../src/http/messages.js';
import { createTestApp, envelopeOf, onPostgres, openTestDatabase, type TestApp } from './helpers.js';
import { makeTenant } from './support/factories.js';
import { tempDir } from './temp-dirs.js';

/** The server as a running service: the web build, health, API docs, migrations, settings, database threads. */

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = tempDir('openfind-web-');
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>OpenFind</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webDist, seed: false });
});
afterAll(async () => t.close());

describe('serving the web app', () => {
  it('caches hashed assets for a year and marks them immutable', async () => {
    const res = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates files that are not hashed', async () => {
    const res = await t.app.inject({ url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('answers deep links and institution paths with index.html, never cached', async () => {
    for (const url of ['/', '/Home', '/beiling/Home', '/searchList/bookDetails/42', '/no/such/page?x=1']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('sends index.html compressed when the browser accepts it', async () => {
    const br = await t.app.inject({ url: '/Home', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<div id="root">');
    const gz = await t.app.inject({ url: '/Home', headers: { 'accept-encoding': 'gzip;q=1.0, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<div id="root">');
    const plain = await t.app.inject({ url: '/Home', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root">');
  });

  it('does not answer a missing asset with HTML', async () => {
    const res = await t.app.inject({ url: '/assets/gone-999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/html/);
  });

  it('explains how to build when there is no web build', async () => {
    const bare = await createTestApp({ seed: false });
    const res = await bare.app.inject({ url: '/Home' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toMatch(/npm run build/);
    await bare.close();
  });
});

describe('operations', () => {
  it('reports health with the database reachable', async () => {
    const res = await t.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('publishes an OpenAPI document with every call built so far', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of Object.values(ApiPath)) expect(Object.keys(doc.paths), p).toContain(p);
    expect(doc.paths[ApiPath.locationList]).toHaveProperty('post');
    expect(doc.paths[ApiPath.getFindConfig]).toHaveProperty('get');
    // Every $ref points at a published component (a recursive schema once published nothing).
    const text = res.body;
    const components = (doc as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {};
    for (const [, name] of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g))
      expect(components).toHaveProperty(name!);
    expect(components).toHaveProperty('MenuItem');
    // Every tag a call carries is declared (Swagger UI draws undeclared tags last, after all others).
    const declared = (doc as { tags?: { name: string }[] }).tags?.map((tag) => tag.name) ?? [];
    const used = new Set(
      Object.values(doc.paths).flatMap((ops) =>
        Object.values(ops).flatMap((op) => (op as { tags?: string[] }).tags ?? []),
      ),
    );
    expect([...used].filter((tag) => !declared.includes(tag))).toEqual([]);
    expect(declared.filter((tag) => !used.has(tag))).toEqual([]);
    const ui = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('migrations', () => {
  it('are applied once; running them again changes nothing', async () => {
    const again = await migrate(t.db);
    expect(again.applied).toEqual([]);
    expect(again.alreadyApplied).toBe(readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length);
  });

  it('refuse to start when an applied migration was edited', async () => {
    const dir = tempDir('openfind-mig-');
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const { db, drop } = await openTestDatabase();
    try {
      await migrate(db, dir);
      appendFileSync(path.join(dir, readdirSync(dir).sort()[0]!), '\n-- edited\n');
      await expect(migrate(db, dir)).rejects.toThrow(/was edited after it was applied/);
    } finally {
      await db.close();
      await drop();
    }
  });

  it('keep search vectors in the row uncompressed and the kept MARC record out of line (0013)', async () => {
    const rows = await t.db.withSession((s) =>
      s.query<{ attname: string; attstorage: string }>(
        "SELECT attname, attstorage FROM pg_attribute WHERE attrelid = 'bib_record'::regclass AND attname IN ('search_vector', 'marc') ORDER BY attname",
      ),
    );
    expect(rows).toEqual([
      { attname: 'marc', attstorage: 'e' },
      { attname: 'search_vector', attstorage: 'm' },
    ]);
  });

  it('roll back a failing migration whole', async () => {
    const dir = tempDir('openfind-mig-');
    writeFileSync(path.join(dir, '0001_ok.sql'), 'CREATE TABLE a (x int);');
    writeFileSync(path.join(dir, '0002_bad.sql'), 'CREATE TABLE b (x int); SELECT no_such_function();');
    const { db, drop } = await openTestDatabase();
    try {
      await expect(migrate(db, dir)).rejects.toThrow(/0002_bad.sql failed/);
      const tables = await db.withSession((s) =>
        s.query<{ name: string }>(
          "SELECT table_name AS name FROM information_schema.tables WHERE table_name IN ('a','b') AND table_schema = current_schema()",
        ),
      );
      expect(tables.map((r) => r.name)).toEqual(['a']);
    } finally {
      await db.close();
      await drop();
    }
  });
});

describe('configuration from the environment', () => {
  it('uses the embedded database when DATABASE_URL is unset', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/x' });
    expect(c.database).toEqual({
      kind: 'pglite',
      dataDir: '/tmp/x',
      sharedBuffers: '512MB',
      thread: true,
      slowQueryMs: 0,
    });
    expect(loadConfig({ PGLITE_THREAD: 'false' }).database).toMatchObject({ kind: 'pglite', thread: false });
    expect(() => loadConfig({ PGLITE_THREAD: 'yes' })).toThrow(/PGLITE_THREAD/);
    expect(c.port).toBe(3000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.auth.loginsPerMinutePerIp).toBe(30);
    expect(loadConfig({ LOGINS_PER_MINUTE_PER_IP: '600' }).auth.loginsPerMinutePerIp).toBe(600);
    expect(() => loadConfig({ LOGINS_PER_MINUTE_PER_IP: '0' })).toThrow(/LOGINS_PER_MINUTE_PER_IP/);
    expect(c.auth).toMatchObject({ captchasPerMinutePerIp: 60, recoveryPerMinutePerIp: 30 });
    expect(loadConfig({ CAPTCHAS_PER_MINUTE_PER_IP: '1200' }).auth.captchasPerMinutePerIp).toBe(1200);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db', DATABASE_POOL_SIZE: '5', SLOW_QUERY_MS: '250' });
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db', poolSize: 5, slowQueryMs: 250 });
  });

  it('lists every invalid variable in one clear error', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })).toThrow(
      /PORT[\s\S]*DATABASE_URL: must start with postgres:\/\/[\s\S]*LOG_LEVEL/,
    );
  });
});

describe.runIf(onPostgres)('PostgreSQL sessions', () => {
  it('run without JIT, with 16 MB of work memory, in the test schema', async () => {
    const { db, drop } = await openTestDatabase();
    try {
      const { rows } = await sql<{ jit: string; work_mem: string; schema: string }>`
        SELECT current_setting('jit') AS jit, current_setting('work_mem') AS work_mem,
               current_schema() AS schema`.execute(db.kysely);
      expect(rows[0]).toMatchObject({ jit: 'off', work_mem: '16MB', schema: expect.stringMatching(/^t_/) });
    } finally {
      await db.close();
      await drop();
    }
  });
});

describe('the embedded database in a thread of its own', () => {
  /** How many times a 10 ms timer fired while `work` ran. */
  async function ticksDuring(work: () => Promise<unknown>): Promise<number> {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    try {
      await work();
    } finally {
      clearInterval(timer);
    }
    return ticks;
  }

  it('leaves the server thread free while a statement runs, and not in the calling thread', async () => {
    const threaded = await openDatabase({ kind: 'pglite' });
    const here = await openDatabase({ kind: 'pglite', thread: false });
    try {
      const slow = sql`SELECT pg_sleep(0.4)`;
      expect(await ticksDuring(() => slow.execute(threaded.kysely))).toBeGreaterThanOrEqual(20);
      // In the calling thread the WebAssembly database holds the thread: no timer fires meanwhile.
      expect(await ticksDuring(() => slow.execute(here.kysely))).toBeLessThan(5);
    } finally {
      await Promise.all([threaded.close(), here.close()]);
    }
  });

  it('passes values, errors with their SQLSTATE, transactions and notifications across', async () => {
    const db = await openDatabase({ kind: 'pglite' });
    try {
      const { rows } = await sql<{ d: Date; a: number[]; b: Uint8Array; n: number; t: string | null }>`
        SELECT timestamptz '2026-01-02 03:04:05+00' AS d, ARRAY[1, 2, 3] AS a, '\\x0102'::bytea AS b,
               count(*) AS n, ${null}::text AS t FROM generate_series(1, 5)`.execute(db.kysely);
      expect(rows[0]!.d).toBeInstanceOf(Date);
      expect(rows[0]!.d.toISOString()).toBe('2026-01-02T03:04:05.000Z');
      expect(rows[0]!.a).toEqual([1, 2, 3]);
      expect(Array.from(rows[0]!.b)).toEqual([1, 2]);
      expect(rows[0]!.n).toBe(5);
      expect(rows[0]!.t).toBeNull();

      await expect(sql`SELECT 1 / 0`.execute(db.kysely)).rejects.toMatchObject({
        code: '22012',
        message: expect.stringMatching(/division by zero/),
      });

      await sql`CREATE TABLE t (x int PRIMARY KEY)`.execute(db.kysely);
      await expect(
        db.kysely.transaction().execute(async (trx) => {
          await sql`INSERT INTO t VALUES (1)`.execute(trx);
          await sql`INSERT INTO t VALUES (1)`.execute(trx);
        }),
      ).rejects.toMatchObject({ code: '23505' });
      const after = await sql<{ n: number }>`SELECT count(*) AS n FROM t`.execute(db.kysely);
      expect(after.rows[0]!.n).toBe(0);

      const payloads: string[] = [];
      const stop = await db.listen('changes', (p) => payloads.push(p));
      await sql`SELECT pg_notify('changes', 'one')`.execute(db.kysely);
      await expect.poll(() => payloads).toEqual(['one']);
      await stop();
      await sql`SELECT pg_notify('changes', 'two')`.execute(db.kysely);
      await sql`SELECT 1`.execute(db.kysely);
      expect(payloads).toEqual(['one']);
    } finally {
      await db.close();
    }
  });
});

describe('slow query log', () => {
  it('writes statements slower than SLOW_QUERY_MS to stderr with their SQL, and nothing faster', async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const db = await openDatabase({ kind: 'pglite', slowQueryMs: 50 });
    try {
      await sql`SELECT 1`.execute(db.kysely);
      expect(lines).toEqual([]);
      await sql`SELECT pg_sleep(${0.08})`.execute(db.kysely);
    } finally {
      spy.mockRestore();
      await db.close();
    }
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as { msg: string; ms: number; sql: string; params: unknown[] };
    expect(entry).toMatchObject({ msg: 'slow query', sql: 'SELECT pg_sleep($1)', params: [0.08] });
    expect(entry.ms).toBeGreaterThanOrEqual(50);
  });
});

describe('language headers', () => {
  it('follows content-language, then x-lang, and defaults to Simplified Chinese', async () => {
    const { mappingPath } = await makeTenant(t);
    const msg = async (headers: Record<string, string>) =>
      envelopeOf(await t.app.inject({ url: ApiPath.getFindConfig, headers: { mappingPath, ...headers } })).message;
    expect(await msg({})).toBe(text('zh-CN', 'ok'));
    expect(await msg({ 'content-language': 'en_US' })).toBe(text('en-US', 'ok'));
    expect(await msg({ 'x-lang': 'ENG' })).toBe(text('en-US', 'ok'));
    expect(await msg({ 'x-lang': 'CHI' })).toBe(text('zh-CN', 'ok'));
    expect(await msg({ 'content-language': 'zh_HK', 'x-lang': 'ENG' })).toBe(text('zh-TW', 'ok'));
  });
});
