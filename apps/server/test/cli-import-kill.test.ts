import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { bookRecord, concat } from './support/marc-fixtures.js';
import { cliArgs } from './support/cli.js';

const RECORDS = 24_000;

describe('an import killed with SIGKILL', () => {
  it('keeps every committed batch, leaves no partial record, and a re-run completes it exactly', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'openfind-kill-'));
    const dataDir = path.join(dir, 'data');
    const file = path.join(dir, 'big.mrc');
    writeFileSync(
      file,
      concat(Array.from({ length: RECORDS }, (_, i) => bookRecord(i, { copies: 1 + (i % 3), isbn: '' }))),
    );
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
    const run = (...args: string[]) =>
      spawnSync(process.execPath, cliArgs(...args), { env, encoding: 'utf8', timeout: 240_000 });
    expect(run('seed', '--demo', '--records', '1').status).toBe(0);

    // Kill the import three times, each at a random moment after its first committed batch
    // (the first progress line is printed when a batch has been stored). The killed imports leave
    // the full-text and class-number indexes out while they write, as large imports do.
    for (let round = 0; round < 3; round++) {
      const args = ['import', file, '--batch-size', '300', '--defer-indexes', 'always'];
      const child = spawn(process.execPath, cliArgs(...args), {
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
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
    const midway = await countImported(dataDir);
    expect(midway.records).toBeGreaterThan(0);
    expect(midway.records).toBeLessThan(RECORDS);
    expect(midway.records % 300).toBe(0);
    expect(midway.mismatched).toBe(0);
    expect(midway.deferred).toBe(3);
    expect(midway.indexes).toBe(0);

    const final = run('import', file, '--batch-size', '300');
    expect(final.status, final.stderr).toBe(0);
    expect(final.stdout).toMatch(new RegExp(`read ${RECORDS}, `));
    expect(final.stdout).toMatch(/skipped 0/);

    const expectedItems = Array.from({ length: RECORDS }, (_, i) => 1 + (i % 3)).reduce((a, b) => a + b, 0);
    // The indexes the killed imports left out were built again when the database was next opened.
    expect(final.stderr).toMatch(/building the index bib_record_search/);
    expect(await countImported(dataDir)).toEqual({
      records: RECORDS,
      items: expectedItems,
      mismatched: 0,
      deferred: 0,
      indexes: 3,
    });
  }, 600_000);
});

/**
 * Records and items of the test file in the (closed) embedded database, records whose count
 * disagrees, indexes recorded as deferred and deferrable indexes present.
 */
async function countImported(dataDir: string) {
  const pg = new PGlite(dataDir);
  try {
    const r = await pg.query<{ records: number; items: number; mismatched: number }>(`
      SELECT count(*)::int AS records,
             coalesce(sum((SELECT count(*) FROM item i WHERE i.record_id = b.record_id)), 0)::int AS items,
             count(*) FILTER (WHERE physical_count <> (SELECT count(*) FROM item i WHERE i.record_id = b.record_id))::int AS mismatched
      FROM bib_record b WHERE source_key LIKE 'OpenFindTest%'`);
    const d = await pg.query<{ deferred: number; indexes: number }>(`
      SELECT (SELECT count(*) FROM deferred_index)::int AS deferred,
             (SELECT count(*) FROM pg_indexes
              WHERE indexname IN ('bib_record_search', 'bib_record_class_prefix', 'bib_record_call_prefix'))::int AS indexes`);
    return { ...r.rows[0]!, ...d.rows[0]! };
  } finally {
    await pg.close();
  }
}
