import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { onPostgres, TEST_PG_URL } from './helpers.js';
import { bookRecord, concat } from './support/marc-fixtures.js';
import { cliArgs } from './support/cli.js';
import { tempDir } from './temp-dirs.js';
import { batchLimit } from '../src/modules/catalogue/import/read-worker.js';

const RECORDS = 24_000;

/** Counts of the test file's records in a database (see `countImported`). */
type Counts = { records: number; items: number; mismatched: number; deferred: number; indexes: number };

/** An engine to import into: the CLI's environment for it and how to count what it holds. */
interface Target {
  env: NodeJS.ProcessEnv;
  count: () => Promise<Counts>;
  extraArgs: string[];
  /** Batches are written one at a time: what is committed is always the file's first batches. */
  oneWriter: boolean;
}

const BATCH = 300;

/**
 * Whether `records` is what whole batches of the test file add up to: its first batches are smaller
 * (`batchLimit`), the rest hold BATCH records. With one writer they are a run of first batches;
 * with several, any batches (a later one may commit before an earlier one).
 */
function wholeBatches(records: number, oneWriter: boolean): boolean {
  const small: number[] = [];
  while (batchLimit(BATCH, small.length) < BATCH) small.push(batchLimit(BATCH, small.length));
  const sums = oneWriter
    ? small.map((_, i) => small.slice(0, i).reduce((a, b) => a + b, 0))
    : Array.from({ length: 2 ** small.length }, (_, mask) =>
        small.reduce((a, b, i) => a + (mask & (1 << i) ? b : 0), 0),
      );
  const allSmall = small.reduce((a, b) => a + b, 0);
  if (sums.includes(records)) return true;
  const full = oneWriter ? [allSmall] : sums;
  return full.some((s) => records >= s && (records - s) % BATCH === 0);
}

/**
 * Kills `openfind import` three times at random moments, then runs it to the end, and checks that
 * every killed run left whole batches only and that the last one completed the file exactly.
 */
async function killAndComplete(dir: string, target: Target): Promise<void> {
  const file = path.join(dir, 'big.mrc');
  writeFileSync(
    file,
    concat(Array.from({ length: RECORDS }, (_, i) => bookRecord(i, { copies: 1 + (i % 3), isbn: '' }))),
  );
  const env = { ...process.env, ...target.env };
  const run = (...args: string[]) =>
    spawnSync(process.execPath, cliArgs(...args), { env, encoding: 'utf8', timeout: 240_000 });
  expect(run('seed', '--demo', '--records', '1').status).toBe(0);

  // Kill the import three times, each at a random moment after its first committed batch
  // (the first progress line is printed when a batch has been stored). The killed imports leave
  // the full-text and class-number indexes out while they write, as large imports do.
  for (let round = 0; round < 3; round++) {
    const args = ['import', file, '--batch-size', String(BATCH), '--defer-indexes', 'always', ...target.extraArgs];
    const child = spawn(process.execPath, cliArgs(...args), { env, stdio: ['ignore', 'ignore', 'pipe'] });
    const exited = new Promise((r) => child.on('exit', r));
    // Not at the first line of stderr: a round first builds the indexes the last one left out,
    // and says so there.
    await new Promise<void>((resolve) => {
      let err = '';
      child.stderr!.on('data', (d: Buffer) => {
        err += String(d);
        if (/\d+ records/.test(err)) resolve();
      });
    });
    await new Promise((r) => setTimeout(r, Math.random() * 1500));
    child.kill('SIGKILL');
    await exited;
  }

  // The kills landed mid-import: some batches are in, not all, and none is half-written.
  const midway = await target.count();
  expect(midway.records).toBeGreaterThan(0);
  expect(midway.records).toBeLessThan(RECORDS);
  expect(wholeBatches(midway.records, target.oneWriter), `${midway.records} records`).toBe(true);
  expect(midway.mismatched).toBe(0);
  expect(midway.deferred).toBe(3);
  expect(midway.indexes).toBe(0);

  const final = run('import', file, '--batch-size', String(BATCH), ...target.extraArgs);
  expect(final.status, final.stderr).toBe(0);
  expect(final.stdout).toMatch(new RegExp(`read ${RECORDS}, `));
  expect(final.stdout).toMatch(/skipped 0/);

  const expectedItems = Array.from({ length: RECORDS }, (_, i) => 1 + (i % 3)).reduce((a, b) => a + b, 0);
  // The indexes the killed imports left out were built again when the database was next opened.
  expect(final.stderr).toMatch(/building the index bib_record_search/);
  expect(await target.count()).toEqual({
    records: RECORDS,
    items: expectedItems,
    mismatched: 0,
    deferred: 0,
    indexes: 3,
  });
}

describe('an import killed with SIGKILL', () => {
  it('keeps every committed batch, leaves no partial record, and a re-run completes it exactly', async () => {
    const dir = tempDir('openfind-kill-');
    const dataDir = path.join(dir, 'data');
    await killAndComplete(dir, {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      extraArgs: [],
      oneWriter: true,
      count: async () => {
        const db = new PGlite(dataDir);
        try {
          return await countImported((text) => db.query<Record<string, number>>(text));
        } finally {
          await db.close();
        }
      },
    });
  }, 600_000);

  // PostgreSQL writes three batches at once here: a kill can leave a later batch committed and an
  // earlier one not, which the re-run must complete all the same. CI runs this with OPENFIND_TEST_PG=1.
  it.runIf(onPostgres)(
    'on PostgreSQL with batches written at once, the same',
    async () => {
      const name = 'openfind_kill_test';
      const admin = new pg.Client({ connectionString: TEST_PG_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(TEST_PG_URL);
      url.pathname = `/${name}`;
      try {
        await killAndComplete(tempDir('openfind-kill-pg-'), {
          env: { DATABASE_URL: url.toString() },
          extraArgs: ['--writers', '3'],
          oneWriter: false,
          count: async () => {
            const client = new pg.Client({ connectionString: url.toString() });
            await client.connect();
            try {
              return await countImported((text) => client.query<Record<string, number>>(text));
            } finally {
              await client.end();
            }
          },
        });
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
    600_000,
  );
});

/**
 * Records and items of the test file, records whose count disagrees, indexes recorded as deferred
 * and deferrable indexes present.
 */
async function countImported(
  query: (text: string) => Promise<{ rows: Array<Record<string, number>> }>,
): Promise<Counts> {
  const r = await query(`
    SELECT count(*)::int AS records,
           coalesce(sum((SELECT count(*) FROM item i WHERE i.record_id = b.record_id)), 0)::int AS items,
           count(*) FILTER (WHERE physical_count <> (SELECT count(*) FROM item i WHERE i.record_id = b.record_id))::int AS mismatched
    FROM bib_record b WHERE source_key LIKE 'OpenFindTest%'`);
  const d = await query(`
    SELECT (SELECT count(*) FROM deferred_index)::int AS deferred,
           (SELECT count(*) FROM pg_indexes
            WHERE indexname IN ('bib_record_search', 'bib_record_class_prefix', 'bib_record_call_prefix'))::int AS indexes`);
  return { ...r.rows[0]!, ...d.rows[0]! } as Counts;
}
