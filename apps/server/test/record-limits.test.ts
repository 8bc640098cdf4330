import { ApiPath, type SearchResponse } from '@openfind/contract';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RecordDetail } from '@openfind/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFile } from '../src/modules/catalogue/import/import-file.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { TEMPLATE } from './search-fixtures.js';
import { makeRecord, makeTenant, type MadeTenant } from './support/factories.js';
import { marc21 } from './support/marc-fixtures.js';
import { tempDir } from './temp-dirs.js';

/**
 * What a record may carry and what is served of it: links other than http(s) are dropped, and a
 * record over every size limit still answers small.
 */

let t: TestApp;
/** An institution with the demo's libraries; the records of every test are its own. */
let lib: MadeTenant;
let tenantId: number;
let dir: string;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  lib = await makeTenant(t, { libraries: 'demo' });
  tenantId = lib.id;
  dir = tempDir('openfind-limits-');
});
afterAll(async () => t.close());

const get = (url: string, recordId: number) =>
  t.call({ url, query: { recordId: String(recordId) }, mappingPath: lib.mappingPath });
const post = (url: string, body: unknown) => t.call({ url, body, mappingPath: lib.mappingPath });

/** The links a record page and its electronic copies serve. */
async function servedLinks(recordId: number): Promise<{ detail: string[]; dItems: string[] }> {
  const detail = envelopeOf<RecordDetail>(await get(ApiPath.getDetail, recordId));
  expect(detail.success, detail.message).toBe(true);
  const dItems = envelopeOf<{ list: Array<{ url: string }> }>(await post(ApiPath.getDItems, { recordId }));
  expect(dItems.success, dItems.message).toBe(true);
  return { detail: detail.data.link.map((l) => l.url), dItems: dItems.data.list.map((l) => l.url) };
}

/** 856 $u values a record may carry, as libraries' exports and attackers write them. */
const LINKS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.cookie)',
  '   javascript:alert(1)',
  '\u0001\u0002javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '/cgi-bin/ebook.pl?id=7',
  'doi:10.1000/182',
  'https://ebooks.example.org/book/7',
];
/** What is served of them: the doi rewritten to its resolver, the https link, nothing else. */
const SAFE = ['https://doi.org/10.1000/182', 'https://ebooks.example.org/book/7'];

describe('e-copy links (856 $u): http(s) only', () => {
  it('the import drops unsafe links, rewrites doi:, says so in its report, and the record serves the rest', async () => {
    const record = marc21([
      ['001', 'links0001'],
      ['003', 'LimitsTest'],
      ['245', '10', [['a', 'Links of every kind']]],
      ...LINKS.map((url): ['856', string, Array<[string, string]>] => ['856', '40', [['u', url]]]),
    ]);
    const file = path.join(dir, 'links.mrc');
    writeFileSync(file, record);
    const r = await importFile({ db: t.db.kysely, tenantId, file, rejectDir: dir });
    expect(r).toMatchObject({ read: 1, created: 1, skipped: 0 });
    const row = await t.db.kysely
      .selectFrom('bib_record')
      .select(['record_id', 'links', 'e_count'])
      .where('tenant_id', '=', tenantId)
      .where('source_key', 'like', '%links0001%')
      .executeTakeFirstOrThrow();
    expect(row.links.map((l) => l.url)).toEqual(SAFE);
    expect(row.e_count).toBe(2);
    const report = readFileSync(r.rejectReport!, 'utf8');
    expect(report).toContain(
      'record 1, byte 0: stored with a warning: 856 $u "javascript:alert(1)" dropped: the link\'s scheme "javascript:" is not http or https',
    );
    expect(report).toContain(
      '856 $u "/cgi-bin/ebook.pl?id=7" dropped: the link is relative (no http or https address)',
    );
    expect(report).toContain('856 $u "doi:10.1000/182" linked as https://doi.org/10.1000/182');
    expect(report.match(/dropped/g)).toHaveLength(7);
    expect(await servedLinks(row.record_id)).toEqual({ detail: SAFE, dItems: SAFE });
  });

  it('rows stored before (or written another way) serve only http(s) links', async () => {
    const id = await makeRecord(t, tenantId, {
      title: 'Stored links',
      links: LINKS.map((url) => ({ url, label: null })),
    });
    expect(await servedLinks(id)).toEqual({ detail: SAFE, dItems: SAFE });
  });
});

describe('size limits', () => {
  it('a MARCXML record with a huge field is rejected with its reason; the records around it are imported', async () => {
    const record = (id: string, title: string, extra = '') =>
      `<record><leader>00000nam a2200000 a 4500</leader><controlfield tag="001">${id}</controlfield><controlfield tag="003">LimitsXml</controlfield><datafield tag="245" ind1="1" ind2="0"><subfield code="a">${title}</subfield></datafield>${extra}</record>`;
    const huge = `<datafield tag="505" ind1="0" ind2=" "><subfield code="a">${'Chapter -- '.repeat(300_000)}</subfield></datafield>`;
    const file = path.join(dir, 'huge.xml');
    writeFileSync(
      file,
      `<?xml version="1.0"?>\n<collection xmlns="http://www.loc.gov/MARC21/slim">\n${record('x1', 'Before')}\n${record('x2', 'Huge', huge)}\n${record('x3', 'After')}\n</collection>\n`,
    );
    const r = await importFile({ db: t.db.kysely, tenantId, file, rejectDir: dir });
    expect(r).toMatchObject({ read: 3, created: 2, skipped: 1 });
    const report = readFileSync(r.rejectReport!, 'utf8');
    expect(report).toMatch(
      /^record 2, line 4: <record> at line 4: field 505 is about 330\d{4} bytes, over the 32768-byte field limit/,
    );
    // The report keeps the start of the record, not 3 MB.
    expect(report.length).toBeLessThan(10_000);
    const titles = await t.db.kysely
      .selectFrom('bib_record')
      .select('title')
      .where('tenant_id', '=', tenantId)
      .where('source_key', 'like', '%LimitsXml%')
      .orderBy('title')
      .execute();
    expect(titles.map((x) => x.title)).toEqual(['After', 'Before']);
  });

  describe('a record stored over every limit (written straight into the database)', () => {
    let recordId: number;
    beforeAll(async () => {
      recordId = await makeRecord(t, tenantId, {
        title: 'Oversize record',
        items: Array.from({ length: 30 }, () => ({})),
      });
      // 1,400 fields of 2,000 characters: a 2.8 MB MARC record, far over what the import lets in.
      const marc = JSON.stringify({
        leader: '00000nam a2200000 a 4500',
        fields: [
          { '001': 'oversize' },
          { '245': { ind1: '1', ind2: '0', subfields: [{ a: 'Oversize record' }] } },
          ...Array.from({ length: 1_400 }, (_, n) => ({
            '505': { ind1: '0', ind2: ' ', subfields: [{ a: `${n} ${'m'.repeat(2_000)}` }] },
          })),
        ],
      });
      await sql`
        UPDATE bib_record SET
          abstract = repeat('a', 5000000),
          notes = array_fill(repeat('n', 1000), ARRAY[5000]),
          subjects = array_fill('subject'::text, ARRAY[50000]),
          responsibility = repeat('r', 1000000),
          links = ${JSON.stringify(Array.from({ length: 2_000 }, (_, n) => ({ url: `https://example.org/${n}`, label: 'l'.repeat(1_000) })))}::jsonb,
          marc = ${marc}
        WHERE record_id = ${recordId}`.execute(t.db.kysely);
      await sql`UPDATE item SET shelf_no = repeat('s', 200000), vol = repeat('v', 200000) WHERE record_id = ${recordId}`.execute(
        t.db.kysely,
      );
    });

    it('getDetail and getBookDetail answer a few hundred KB, values cut with an ellipsis', async () => {
      const res = await get(ApiPath.getDetail, recordId);
      expect(res.statusCode).toBe(200);
      expect(res.body.length).toBeLessThan(500_000);
      const detail = envelopeOf<RecordDetail>(res).data;
      expect(detail.clearTitle).toBe('Oversize record');
      const abstract = detail.baseMarcInfoDto.abstract!;
      expect(abstract.length).toBeLessThanOrEqual(32_768);
      expect(abstract.endsWith('…')).toBe(true);
      expect(detail.marc.length).toBeGreaterThan(2);
      expect(detail.marc.length).toBeLessThanOrEqual(500);
      expect(detail.link.length).toBeLessThanOrEqual(500);

      const book = await get(ApiPath.getBookDetail, recordId);
      expect(book.statusCode).toBe(200);
      expect(book.body.length).toBeLessThan(500_000);
      expect(envelopeOf(book).success).toBe(true);
    });

    it('holdings lists and electronic copies answer small', async () => {
      for (const [url, body] of [
        [ApiPath.groupItemsByLibCode, { recordId }],
        [ApiPath.groupItems, { recordId, page: 1, rows: 100 }],
        [ApiPath.shelfNos, { recordId }],
        [ApiPath.getDItems, { recordId, page: 1, rows: 1000 }],
      ] as const) {
        const res = await post(url, body);
        expect([url, res.statusCode]).toEqual([url, 200]);
        expect([url, envelopeOf(res).success]).toEqual([url, true]);
        expect(res.body.length, url).toBeLessThan(700_000);
      }
    });

    it('its search row answers small, and /health still answers', async () => {
      const res = await post(ApiPath.search, { ...TEMPLATE, searchFieldContent: 'Oversize record' });
      expect(res.statusCode, res.body).toBe(200);
      const env = envelopeOf<SearchResponse>(res);
      expect(env.success, env.message).toBe(true);
      const data = env.data;
      const row = data.searchResult.find((r) => r.recordId === recordId)!;
      expect(row.adstract!.length).toBeLessThanOrEqual(2_000);
      expect(row.adstract!.endsWith('…')).toBe(true);
      expect(JSON.stringify(row).length).toBeLessThan(12_000);
      const health = await t.call({ url: '/health' });
      expect(health.statusCode).toBe(200);
    });
  });
});
