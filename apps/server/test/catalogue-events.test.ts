import { ApiPath } from '@openfind/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchCatalogueChanges } from '../src/modules/catalogue/catalogue-events.js';
import { announceCatalogueChange } from '../src/modules/catalogue/catalogue-repository.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { TEMPLATE, rec, storeTestRecords } from './search-fixtures.js';
import { makeTenant, type MadeTenant } from './support/factories.js';

/** Polls `probe` until it returns true or `ms` pass. */
async function eventually(probe: () => Promise<boolean>, ms = 8000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await probe()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

describe('catalogue change announcements', () => {
  let t: TestApp;
  let tenant: MadeTenant;
  beforeAll(async () => {
    // Caches on, as in production: without the announcement a cached answer would live a minute.
    t = await createTestApp({ seed: false, cacheMs: 60_000 });
    tenant = await makeTenant(t);
  });
  afterAll(async () => t?.close());

  const hits = async (text: string) => {
    const res = await t.call({
      url: ApiPath.search,
      mappingPath: tenant.mappingPath,
      body: { ...TEMPLATE, searchFieldContent: text },
    });
    return envelopeOf<{ numFound: number }>(res).data.numFound;
  };

  it('are sent when a batch commits, and only then', async () => {
    const tenantId = tenant.id;
    const seen: number[] = [];
    const stop = await watchCatalogueChanges(t.db, (id) => seen.push(id), 50);
    try {
      await expect(
        t.db.kysely.transaction().execute(async (trx) => {
          await trx.selectFrom('bib_record').select('record_id').execute();
          await announceCatalogueChange(trx, tenantId);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await new Promise((r) => setTimeout(r, 300));
      expect(seen).toEqual([]); // a rolled-back write announces nothing
      await storeTestRecords(t, tenant, [rec('ev-1', { title: '引力波探测导论' })]);
      expect(await eventually(async () => seen.length > 0)).toBe(true);
      expect(seen).toEqual([tenantId]);
      // Announcements of another schema of the same database (another installation, whose tenant
      // ids are its own) are not ours.
      seen.length = 0;
      await t.db.kysely.transaction().execute(async (trx) => {
        await sql`CREATE SCHEMA IF NOT EXISTS openfind_events_other`.execute(trx);
        await sql`SET LOCAL search_path = openfind_events_other`.execute(trx);
        await announceCatalogueChange(trx, tenantId);
      });
      await sql`DROP SCHEMA openfind_events_other`.execute(t.db.kysely);
      await new Promise((r) => setTimeout(r, 300));
      expect(seen).toEqual([]);
    } finally {
      await stop();
    }
  });

  it('make a running server forget cached results at once', async () => {
    expect(await hits('量子色动力学讲义')).toBe(0); // now cached as "nothing"
    expect(await hits('量子色动力学讲义')).toBe(0);
    await storeTestRecords(t, tenant, [rec('ev-2', { title: '量子色动力学讲义' })]);
    expect(await eventually(async () => (await hits('量子色动力学讲义')) === 1)).toBe(true);
  });
});
