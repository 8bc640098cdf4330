import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { onPostgres, TEST_PG_URL } from './helpers.js';
import { cliArgs } from './support/cli.js';

/** The processes a process started (Linux). */
const childrenOf = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('several server processes', () => {
  it('are refused on the embedded database, with the reason', () => {
    for (const [env, args, message] of [
      [{ WORKERS: '2' }, [], /WORKERS: more than one server process needs DATABASE_URL/],
      [{}, ['--workers', '2'], /--workers above 1 needs DATABASE_URL/],
      [{}, ['--workers', 'many'], /--workers must be a whole number from 1 to 64/],
    ] as const) {
      const r = spawnSync(process.execPath, cliArgs('serve', '--port', '0', ...args), {
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: '/nonexistent/openfind-cluster', ...env },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(message);
    }
  }, 120_000);

  // CI runs this with OPENFIND_TEST_PG=1.
  it.runIf(onPostgres)(
    'share the port on PostgreSQL, are started again when one dies, and stop together',
    async () => {
      const name = 'openfind_cluster_test';
      const admin = new pg.Client({ connectionString: TEST_PG_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(TEST_PG_URL);
      url.pathname = `/${name}`;
      const server = spawn(process.execPath, cliArgs('serve', '--port', '0', '--workers', '2', '--seed-demo'), {
        env: { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: '', LOG_LEVEL: 'warn' },
      });
      let out = '';
      server.stdout.on('data', (d: Buffer) => (out += d.toString()));
      server.stderr.on('data', (d: Buffer) => (out += d.toString()));
      const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
      try {
        // The primary migrates and seeds once, then announces both processes.
        const base = await until(
          'the banner',
          () => /OpenFind is ready at (\S+) \(2 server processes\)/.exec(out)?.[1],
        );
        expect(out.match(/OpenFind is ready/g)).toHaveLength(1);
        const workers = childrenOf(server.pid!);
        expect(workers).toHaveLength(2);
        // Search says ready once both processes are warm; searches answer from either.
        // A connection refused right after the banner (seen once in CI, under load; not reproduced)
        // is asked again until the deadline: a load balancer's health check would do the same.
        await until('search ready', async () => {
          const res = await fetch(`${base}health`).catch(() => undefined);
          const health = (await res?.json()) as { search: string } | undefined;
          return health?.search === 'ready' ? true : undefined;
        });
        const searchOnce = async () => {
          const res = await fetch(`${base}find/unify/search`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', mappingPath: '', connection: 'close' },
            body: JSON.stringify({ searchFieldContent: '中国', page: 1, rows: 10 }),
          });
          return ((await res.json()) as { success: boolean }).success;
        };
        for (let i = 0; i < 6; i++) expect(await searchOnce()).toBe(true);

        // A process that dies is replaced; the port keeps answering meanwhile.
        process.kill(workers[0]!, 'SIGKILL');
        const replaced = await until('a new server process', () => {
          const now = childrenOf(server.pid!);
          return now.length === 2 && !now.includes(workers[0]!) ? now : undefined;
        });
        expect(replaced).toContain(workers[1]);
        expect(await searchOnce()).toBe(true);
        await until('the new process listening', async () => ((await searchOnce()) ? true : undefined));

        server.kill('SIGTERM');
        expect(await exited).toBe(0);
        // The primary waited for both (they are reaped: no process of those ids is left).
        expect(replaced.filter(isAlive)).toEqual([]);
      } catch (err) {
        // What the server processes said, with the failure (the test's own output shows no more).
        throw new Error(`${(err as Error).message}\n--- server output ---\n${out.slice(-4000)}`, { cause: err });
      } finally {
        server.kill('SIGKILL');
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
    300_000,
  );
});
