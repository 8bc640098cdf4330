import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFile, type FileSummary } from '../src/modules/catalogue/import/import-file.js';
import { createTestApp, type TestApp } from '../test/helpers.js';
import { tempDir } from '../test/temp-dirs.js';

const CATALOG = path.resolve(fileURLToPath(new URL('../../../..', import.meta.url)), 'shared', 'testdata', 'catalog');

/** Every catalogue file of the shared test data (documentation and manifests aside). */
function catalogFiles(dir = CATALOG): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return catalogFiles(full);
    return /\.(md|json)$|README$/.test(name) && !name.endsWith('.utf8.json') ? [] : [full];
  });
}

let t: TestApp;
let tenantId: number;
const first = new Map<string, FileSummary>();
beforeAll(async () => {
  t = await createTestApp();
  tenantId = (await t.services.tenants.byMappingPath(''))!.id;
});
afterAll(async () => t.close());

describe('importing every file of ../shared/testdata/catalog into the database', () => {
  const rejectDir = tempDir('openfind-shared-rejects-');
  const files = catalogFiles();

  it('finds the catalogue', () => {
    expect(files.length).toBeGreaterThan(150);
  });

  it('accounts for every record read: created, updated, unchanged or skipped with a reason', async () => {
    for (const file of files) {
      const r = await importFile({ db: t.db.kysely, tenantId, file, rejectDir });
      first.set(file, r);
      expect(
        r.created + r.updated + r.unchanged + r.holdingsAttached + r.skipped,
        path.relative(CATALOG, file),
      ).toBeLessThanOrEqual(r.read);
      // A record read twice in one file (the same source identity) is one record, updated.
      expect(r.read - r.skipped, path.relative(CATALOG, file)).toBeGreaterThanOrEqual(r.created);
    }
    const total = [...first.values()].reduce((n, r) => n + r.read, 0);
    expect(total).toBeGreaterThan(10_000);
  }, 600_000);

  it('keeps the readable records of the truncated file and reports the partial one', () => {
    const r = first.get(path.join(CATALOG, 'marc4j', '008008027.mrc'))!;
    expect(r).toMatchObject({ read: 19, skipped: 1 });
  });

  it('attaches the holdings records to their bibliographic records: ISO 20775 by record id, MFHD by the Sirsi key', () => {
    // sample_isohold.xml holds the copies of the ten CNMARC records of sample_cnmarcxml.xml.
    // One of them lists no copy at all: reported, not attached.
    const iso = first.get(path.join(CATALOG, 'dp2-cnmarc', 'sample_isohold.xml'))!;
    expect(iso).toMatchObject({ read: 10, holdingsAttached: 9, itemsAttached: 23, skipped: 1 });
    // serials_mfhd.xml: no 004; each names its serial by the 901 $a key of serials_marc21.xml.
    const mfhd = first.get(path.join(CATALOG, 'evergreen', 'serials_mfhd.xml'))!;
    expect(mfhd).toMatchObject({ read: 7, holdingsAttached: 7, itemsAttached: 7, skipped: 0 });
  });

  it('stores decoded text: MARC-8 French, Hebrew 880s, Cyrillic under a blank leader/09, CNMARC Chinese with CLC', async () => {
    const one = async (where: ReturnType<typeof sql>) =>
      (
        await sql<{ title: string; title_vernacular: string | null; clc_classes: string[] }>`
        SELECT title, title_vernacular, clc_classes FROM bib_record WHERE tenant_id = ${tenantId} AND ${where} LIMIT 1`.execute(
          t.db.kysely,
        )
      ).rows[0];
    const french = await one(sql`lang_code = 'fre' AND title ~ '[éèêàç]'`);
    expect(french?.title.normalize('NFC')).toBe(french?.title);
    const hebrew = await one(sql`title_vernacular ~ '[\u0590-\u05FF]'`);
    expect(hebrew, 'Hebrew 880').toBeDefined();
    const russian = await one(sql`lang_code = 'rus' AND title ~ '[А-Яа-я]'`);
    expect(russian, 'Cyrillic title').toBeDefined();
    const cnmarc = await one(
      sql`source_format = 'unimarc' AND title ~ '[\u4e00-\u9fff]' AND cardinality(clc_classes) > 0`,
    );
    expect(cnmarc?.clc_classes[0], 'CNMARC CLC class').toMatch(/^[A-Z]/);
    const devanagari = await one(
      sql`(title || ' ' || coalesce(title_vernacular, '') || ' ' || array_to_string(other_titles, ' ')) ~ '[\u0900-\u097F]'`,
    );
    expect(devanagari, 'Devanagari').toBeDefined();
  });

  it('changes nothing when everything is imported again', async () => {
    for (const file of files) {
      const again = await importFile({ db: t.db.kysely, tenantId, file, rejectDir });
      const before = first.get(file)!;
      expect(again.created, path.relative(CATALOG, file)).toBe(0);
      expect(again.skipped, path.relative(CATALOG, file)).toBe(before.skipped);
    }
  }, 600_000);

  it('keeps item counts consistent with the items', async () => {
    const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM bib_record b WHERE tenant_id = ${tenantId}
      AND physical_count <> (SELECT count(*) FROM item i WHERE i.record_id = b.record_id)`.execute(t.db.kysely);
    expect(r.rows[0]!.n).toBe(0);
  });
});
