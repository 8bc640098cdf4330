import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SearchResponse } from '@openfind/contract';
import { pinyinKeys, toSimplified } from '@openfind/text';
import { sql } from 'kysely';
import * as OpenCC from 'opencc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFile } from '../src/modules/catalogue/import/import-file.js';
import { createTestApp, envelopeOf, type TestApp } from '../test/helpers.js';
import { TEMPLATE } from '../test/search-fixtures.js';
import { tempDir } from '../test/temp-dirs.js';

const CATALOG = path.resolve(fileURLToPath(new URL('../../../..', import.meta.url)), 'shared', 'testdata', 'catalog');
const FILES = [
  'douban-books/Books_detail.csv',
  'dp2-cnmarc/sample_cnmarcxml.xml',
  'evergreen/bibs_graphic_880.xml',
  'blacklight-marc/test_data.utf8.mrc',
  'marc4j/oclc_63111280_export_as_UTF8_from_connexion.mrc',
  'marc4j/pride-and-prejudice-fixed.mrc',
];
const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' });

let t: TestApp;
let tenantId: number;
beforeAll(async () => {
  t = await createTestApp();
  tenantId = (await t.services.tenants.byMappingPath(''))!.id;
  const rejectDir = tempDir('openfind-search-rejects-');
  for (const f of FILES) await importFile({ db: t.db.kysely, tenantId, file: path.join(CATALOG, f), rejectDir });
}, 600_000);
afterAll(async () => t.close());

async function search(body: Record<string, unknown>): Promise<SearchResponse> {
  const res = await t.call({ url: '/find/unify/search', mappingPath: '', body: { ...TEMPLATE, rows: 50, ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return envelopeOf<SearchResponse>(res).data;
}
const idsOf = (r: SearchResponse) => r.searchResult.map((x) => x.recordId);

describe('searching the real catalogue files', () => {
  it('finds records with 880 vernacular titles by the vernacular and by the romanised title', async () => {
    const { rows } = await sql<{ record_id: number; title: string; title_vernacular: string }>`
      SELECT record_id, title, title_vernacular FROM bib_record
      WHERE tenant_id = ${tenantId} AND title_vernacular ~ '[一-鿿]{2}' AND source_format = 'marc21' LIMIT 8`.execute(
      t.db.kysely,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      const han = /\p{Script=Han}{2,6}/u.exec(r.title_vernacular)![0];
      expect(idsOf(await search({ searchFieldContent: han, searchField: 'title' })), han).toContain(r.record_id);
      const words = r.title
        .match(/\p{Script=Latin}{3,}/gu)
        ?.slice(0, 3)
        .join(' ');
      if (words) expect(idsOf(await search({ searchFieldContent: words })), words).toContain(r.record_id);
    }
  });

  it('finds CNMARC records by title and by their CLC class', async () => {
    const { rows } = await sql<{ record_id: number; title: string; clc_classes: string[] }>`
      SELECT record_id, title, clc_classes FROM bib_record
      WHERE tenant_id = ${tenantId} AND source_format = 'unimarc' AND cardinality(clc_classes) > 0 AND title ~ '[一-鿿]'`.execute(
      t.db.kysely,
    );
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const r of rows) {
      const cls = r.clc_classes[0]!.slice(0, 3);
      const byClass = await search({ searchField: 'kindNo', searchFieldContent: cls, rows: 100 });
      expect(idsOf(byClass), cls).toContain(r.record_id);
      const facet = await search({ kindNo: [cls.charAt(0)], rows: 100 });
      expect(facet.numFound).toBeGreaterThan(0);
      const han = /\p{Script=Han}{2,8}/u.exec(r.title)![0];
      expect(idsOf(await search({ searchFieldContent: han, searchField: 'title' })), han).toContain(r.record_id);
    }
  });

  it('finds Douban titles typed in Simplified, in Traditional and in pinyin', async () => {
    const { rows } = await sql<{ record_id: number; title: string }>`
      SELECT record_id, title FROM bib_record
      WHERE tenant_id = ${tenantId} AND source_format = 'csv' AND title ~ '^[一-鿿]{3,8}$'
      ORDER BY record_id LIMIT 20`.execute(t.db.kysely);
    expect(rows.length).toBe(20);
    for (const r of rows) {
      const simplified = toSimplified(r.title);
      const traditional = toTraditional(simplified);
      for (const q of [simplified, traditional]) {
        const found = await search({ searchFieldContent: q, searchField: 'title' });
        expect(idsOf(found), q).toContain(r.record_id);
      }
      const [pinyin] = pinyinKeys(r.title).full;
      expect(idsOf(await search({ searchFieldContent: pinyin, searchField: 'title' })), pinyin).toContain(r.record_id);
    }
  });

  it('finds Traditional-Chinese editions with Simplified queries', async () => {
    const { rows } = await sql<{ record_id: number; title: string }>`
      SELECT record_id, title FROM bib_record WHERE tenant_id = ${tenantId} AND title ~ '[一-鿿]{2}' LIMIT 5000`.execute(
      t.db.kysely,
    );
    const traditional = rows.filter((r) => toSimplified(r.title) !== r.title).slice(0, 10);
    expect(traditional.length).toBeGreaterThan(0);
    for (const r of traditional) {
      const q = /\p{Script=Han}{2,6}/u.exec(toSimplified(r.title))![0];
      expect(idsOf(await search({ searchFieldContent: q, searchField: 'title', rows: 100 })), q).toContain(r.record_id);
    }
  });

  it('finds an ISBN of the Douban file with and without hyphens', async () => {
    const found = await search({ searchField: 'isbn', searchFieldContent: '978-7-208-06164-4' });
    expect(found.searchResult.map((r) => r.title)).toContain('追风筝的人');
    expect((await search({ searchField: 'isbn', searchFieldContent: '9787208061644' })).numFound).toBe(found.numFound);
  });
});
