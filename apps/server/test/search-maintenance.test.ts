import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { storeRecords } from '../src/modules/catalogue/catalogue-repository.js';
import type { RecordInput } from '../src/modules/catalogue/record-input.js';
import { SearchMaintenance } from '../src/modules/search/search-maintenance.js';
import { vacuumCatalogue } from '../src/modules/search/search-maintenance-repository.js';
import { createTestApp, type TestApp } from './helpers.js';
import { makeTenant } from './support/factories.js';

let t: TestApp;
let tenantId: number;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  tenantId = (await makeTenant(t)).id;
  // The app's own housekeeping hears of every change stored here and would race with these checks.
  await t.services.search.close();
});
afterAll(async () => t?.close());

const book = (i: number): RecordInput => ({
  sourceKey: `maintenance-${i}`,
  sourceFormat: 'marc21',
  title: `统计信息测试 ${i}`,
  items: [],
});

/** The catalogue state the last housekeeping was done for, and the catalogue's own. */
async function states(): Promise<{ done: number | null; now: number | null }> {
  const { rows } = await sql<{ done: number | null; now: number | null }>`
    SELECT (SELECT max_record_id FROM search_maintenance WHERE id = 1) AS done,
           (SELECT max(record_id) FROM bib_record) AS now`.execute(t.db.kysely);
  return rows[0]!;
}

describe('catalogue housekeeping', () => {
  it('vacuums and analyses the catalogue, and only again when it changed', async () => {
    const db = t.db.kysely;
    await storeRecords(db, tenantId, [book(1)]);
    expect(await vacuumCatalogue(db)).toBe(true);
    const after = await states();
    expect(after.done).toBe(after.now);
    // The planner has statistics of the full-text column (what keeps zero-hit searches fast).
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stats
      WHERE schemaname = current_schema() AND tablename = 'bib_record' AND attname = 'search_vector'`.execute(db);
    expect(rows[0]!.n).toBe(1);
    expect(await vacuumCatalogue(db)).toBe(false);
    await storeRecords(db, tenantId, [book(2)]);
    expect(await vacuumCatalogue(db)).toBe(true);
  });

  it('does the work of autovacuum where there is none', async () => {
    const db = t.db.kysely;
    await storeRecords(db, tenantId, [book(3)]);
    const maintenance = new SearchMaintenance(db, t.db.kind, 0);
    await maintenance.poke(true);
    const { rows } = await sql<{ off: boolean }>`SELECT current_setting('autovacuum') = 'off' AS off`.execute(db);
    const expected = t.db.kind === 'pglite' || rows[0]!.off;
    const after = await states();
    expect(after.done === after.now).toBe(expected);
    // Without a change it does nothing more (and says nothing is left to do).
    expect(await vacuumCatalogue(db)).toBe(!expected);
  });

  it('runs again no sooner than its least gap, and then by itself', async () => {
    const db = t.db.kysely;
    // As on the embedded database (whatever this engine is), with a short gap.
    const maintenance = new SearchMaintenance(db, 'pglite', 0, undefined, 300);
    await storeRecords(db, tenantId, [book(4)]);
    await maintenance.poke(true);
    let s = await states();
    expect(s.done).toBe(s.now);
    // A change right after: the run asked for waits for the gap.
    await storeRecords(db, tenantId, [book(5)]);
    await maintenance.poke(true);
    s = await states();
    expect(s.done).not.toBe(s.now);
    // Then it comes without being asked again.
    const until = Date.now() + 10_000;
    while (s.done !== s.now && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      s = await states();
    }
    expect(s.done).toBe(s.now);
    await maintenance.close();
  });
});
