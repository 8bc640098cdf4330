import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiPath, type CatalogueImportJob, type CatalogueImportReport } from '@openfind/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFile } from '../src/modules/catalogue/import/import-file.js';
import { TEST_AUTH } from '../test/auth-support.js';
import { createTestApp, envelopeOf, type TestApp } from '../test/helpers.js';
import { makeTenant, type MadeTenant } from '../test/support/factories.js';
import { makeStaff, staffHeader } from '../test/support/staff.js';
import { tempDir } from '../test/temp-dirs.js';

/**
 * Issue 28: the staff console's upload imports real files as `openfind import` does. Each file of
 * ../shared/testdata/catalog below goes once through the console (the upload call, the background
 * job) into one institution and once through the import pipeline the command line runs into another;
 * the figures, the reject report and the records stored must be the same.
 */
const CATALOG = path.resolve(fileURLToPath(new URL('../../../..', import.meta.url)), 'shared', 'testdata', 'catalog');
const FILES = [
  // MARC-8 with diacritics (ISO 2709).
  'marc4j/brkrtest.mrc',
  // Records with errors: some kept, some rejected with a reason.
  'marc4j/pride-and-prejudice-with-many-errors.mrc',
  // A truncated file: the partial last record is reported.
  'marc4j/008008027.mrc',
  // CNMARC in MARCXML, Chinese titles and CLC classes.
  'dp2-cnmarc/sample_cnmarcxml.xml',
  // The Chinese book CSV (UTF-8 with a BOM, the default mapping).
  'douban-books/Books_detail.csv',
];

let t: TestApp;
let viaConsole: MadeTenant;
let viaCli: MadeTenant;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  viaConsole = await makeTenant(t, { libraries: 'demo' });
  viaCli = await makeTenant(t, { libraries: 'demo' });
  admin = await staffHeader(t, await makeStaff(t, viaConsole.id, { role: 'admin' }));
});
afterAll(async () => {
  await t?.services.catalogueAdmin.whenIdle();
  await t?.close();
});

async function staffGet<T>(url: string, query: Record<string, string>) {
  const res = await t.call({ url, mappingPath: viaConsole.mappingPath, headers: admin, query });
  return envelopeOf<T>(res);
}

/** The titles and first ISBNs an institution holds, in a stable order. */
async function holdings(tenantId: number) {
  const { rows } = await sql<{ title: string; isbn: string | null }>`
    SELECT title, isbns[1] AS isbn FROM bib_record WHERE tenant_id = ${tenantId} ORDER BY title, isbns[1]`.execute(
    t.db.kysely,
  );
  return rows;
}

describe('uploading the real catalogue files through the console', () => {
  const rejectDir = tempDir('openfind-upload-rejects-');

  for (const name of FILES) {
    it(`imports ${name} as openfind import does`, async () => {
      const file = path.join(CATALOG, name);
      const bytes = readFileSync(file);
      const res = await t.app.inject({
        method: 'POST',
        url: ApiPath.catalogueImportUpload,
        query: { fileName: path.basename(name) },
        headers: { mappingPath: viaConsole.mappingPath, 'content-type': 'application/octet-stream', ...admin },
        payload: bytes,
      });
      const started = envelopeOf<CatalogueImportJob>(res);
      expect(started.success, started.message).toBe(true);
      await t.services.catalogueAdmin.whenIdle();
      const job = (
        await staffGet<CatalogueImportJob>(ApiPath.catalogueImportStatus, { jobId: String(started.data.jobId) })
      ).data;
      expect(job.state, job.error ?? '').toBe('done');
      expect(job.bytesRead).toBe(bytes.length);

      const cli = await importFile({ db: t.db.kysely, tenantId: viaCli.id, file, rejectDir });
      expect(job.read).toBeGreaterThan(0);
      expect({
        read: job.read,
        created: job.created,
        updated: job.updated,
        unchanged: job.unchanged,
        skipped: job.skipped,
      }).toEqual({
        read: cli.read,
        created: cli.created,
        updated: cli.updated,
        unchanged: cli.unchanged,
        skipped: cli.skipped,
      });
      // The truncated file's figures are known (SOURCES.md): 19 records, the partial one rejected.
      if (name === 'marc4j/008008027.mrc') expect(job).toMatchObject({ read: 19, skipped: 1, hasReport: true });
      expect(job.hasReport).toBe(cli.skipped > 0);
      if (job.hasReport) {
        const report = await staffGet<CatalogueImportReport>(ApiPath.catalogueImportReport, {
          jobId: String(started.data.jobId),
        });
        // One block per rejected record, as the command line's report has.
        expect(report.data.text.match(/^record \d+/gm)?.length).toBe(cli.skipped);
      }
      expect(await holdings(viaConsole.id)).toEqual(await holdings(viaCli.id));
    });
  }
});
