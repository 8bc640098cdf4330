import { ApiPath } from '@openfind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { storeRecords } from '../src/modules/catalogue/catalogue-repository.js';
import {
  DEFER_MIN_RECORDS,
  DEFERRABLE_INDEXES,
  deferIndexes,
  estimateRecords,
  restoreDeferredIndexes,
  shouldDeferIndexes,
} from '../src/modules/catalogue/import/deferred-indexes.js';
import type { RecordInput } from '../src/modules/catalogue/record-input.js';
import { prepareDatabase } from '../src/db/setup.js';
import { createTestApp, type TestApp } from './helpers.js';
import { makeTenant, type MadeTenant } from './support/factories.js';

let t: TestApp;
let tenant: MadeTenant;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  tenant = await makeTenant(t);
});
afterAll(async () => t?.close());

async function presentIndexes(): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT indexname AS name FROM pg_indexes
    WHERE schemaname = current_schema() AND indexname = ANY(${[...DEFERRABLE_INDEXES]}::text[])
    ORDER BY 1`.execute(t.db.kysely);
  return rows.map((r) => r.name);
}

const book = (i: number): RecordInput => ({
  sourceKey: `deferred-${i}`,
  sourceFormat: 'marc21',
  title: `延迟索引测试 ${i}`,
  clcClasses: ['TP311.13'],
  callNumbers: [`TP311.13/${i}`],
  items: [],
});

async function titleSearch(text: string, field = 'title'): Promise<number> {
  const res = await t.call({
    method: 'POST',
    url: ApiPath.search,
    mappingPath: tenant.mappingPath,
    body: { searchFieldContent: text, searchField: field, page: 1, rows: 10 },
  });
  return (res.json() as { data: { numFound: number } }).data.numFound;
}

describe('indexes deferred by a large import', () => {
  it('are deferred automatically only for large imports into a smaller embedded catalogue', async () => {
    const db = t.db.kysely;
    const large = DEFER_MIN_RECORDS + 1000;
    expect(await shouldDeferIndexes(db, 'pglite', large, 'auto')).toBe(true);
    expect(await shouldDeferIndexes(db, 'pglite', 1000, 'auto')).toBe(false);
    // Files are estimated at about 1 kB a record.
    expect(estimateRecords(93 * 2 ** 20)).toBeGreaterThan(90_000);
    // A PostgreSQL server may be serving searches meanwhile: only when the operator says so.
    expect(await shouldDeferIndexes(db, 'postgres', large, 'auto')).toBe(false);
    expect(await shouldDeferIndexes(db, 'postgres', 1000, 'always')).toBe(true);
    expect(await shouldDeferIndexes(db, 'pglite', large, 'never')).toBe(false);
  });

  it('are dropped with their definitions recorded, and built again with the records written meanwhile', async () => {
    expect(await presentIndexes()).toEqual([...DEFERRABLE_INDEXES].sort());
    expect((await deferIndexes(t.db.kysely)).sort()).toEqual([...DEFERRABLE_INDEXES].sort());
    expect(await presentIndexes()).toEqual([]);
    const recorded = await t.db.kysely.selectFrom('deferred_index').select(['name', 'definition']).execute();
    expect(recorded.map((r) => r.name).sort()).toEqual([...DEFERRABLE_INDEXES].sort());
    expect(recorded.find((r) => r.name === 'bib_record_search')?.definition).toMatch(/USING gin \(search_vector\)/);

    // Deferring again (a re-run after a kill) keeps the records and drops nothing more.
    expect(await deferIndexes(t.db.kysely)).toEqual([]);
    expect(await t.db.kysely.selectFrom('deferred_index').select('name').execute()).toHaveLength(3);

    await storeRecords(
      t.db.kysely,
      tenant.id,
      Array.from({ length: 12 }, (_, i) => book(i)),
    );
    t.services.search.invalidate();
    // Searches still answer without the indexes, only slower.
    expect(await titleSearch('延迟索引测试')).toBe(12);

    const built: string[] = [];
    expect((await restoreDeferredIndexes(t.db.kysely, (n) => built.push(n))).sort()).toEqual(
      [...DEFERRABLE_INDEXES].sort(),
    );
    expect(built).toHaveLength(3);
    expect(await presentIndexes()).toEqual([...DEFERRABLE_INDEXES].sort());
    expect(await t.db.kysely.selectFrom('deferred_index').select('name').execute()).toEqual([]);
    t.services.search.invalidate();
    expect(await titleSearch('延迟索引测试')).toBe(12);
    expect(await titleSearch('TP311.13', 'kindNo')).toBe(12);
  });

  it('left out by an interrupted import are built when the database is next prepared', async () => {
    await deferIndexes(t.db.kysely);
    expect(await presentIndexes()).toEqual([]);
    await prepareDatabase(t.db);
    expect(await presentIndexes()).toEqual([...DEFERRABLE_INDEXES].sort());
    expect(await t.db.kysely.selectFrom('deferred_index').select('name').execute()).toEqual([]);
    // Nothing recorded: preparing again builds nothing.
    expect(await restoreDeferredIndexes(t.db.kysely)).toEqual([]);
  });
});
