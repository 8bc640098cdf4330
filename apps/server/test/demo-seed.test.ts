import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  type DepartmentNav,
  type JournalDetail,
  type JournalNavInfo,
  type JournalPage,
  type ThesisSearch,
} from '@openfind/contract';
import { seedDemoCatalogue } from '../src/seed/demo-catalogue.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { makeTenant } from './support/factories.js';

/**
 * The demo a newcomer sees (issue 30): the generated catalogue is books only, so the journal and
 * theses screens of every demo institution show the real-looking serials (ISSNs, holdings, core
 * marks, KBART lines) and the institution's theses (degree, supervisor, department, year), and
 * each of their screens has content. Read-only over the demo institutions.
 */

let t: TestApp;
beforeAll(async () => {
  // The demo institutions without a generated catalogue: the journals and theses are seeded either way.
  t = await createTestApp({ records: 0 });
}, 120_000);
afterAll(async () => t?.close());

const INSTITUTIONS = ['', 'beiling', 'xihu'];

async function call<T>(mappingPath: string, url: string, input: Record<string, unknown>, method = 'POST') {
  const res = await t.call({
    url,
    mappingPath,
    ...(method === 'GET'
      ? { query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])) }
      : { body: input }),
  });
  const envelope = envelopeOf<T>(res);
  expect(envelope.success).toBe(true);
  return envelope.data!;
}

describe('the demo catalogue', () => {
  it('generates books only, the same books in every institution', async () => {
    const [a, b] = [await makeTenant(t, { libraries: 'demo' }), await makeTenant(t, { libraries: 'demo' })];
    for (const tenant of [a, b]) expect(await seedDemoCatalogue(t.db.kysely, tenant.id, 120)).toBe(120);
    const { rows } = await sql<{ tenant_id: number; doc_code: string; title: string; copies: number }>`
      SELECT b.tenant_id, b.doc_code, b.title, (SELECT count(*)::int FROM item i WHERE i.record_id = b.record_id) AS copies
      FROM bib_record b WHERE b.tenant_id IN (${a.id}, ${b.id}) ORDER BY b.tenant_id, b.record_id`.execute(t.db.kysely);
    expect(new Set(rows.map((r) => r.doc_code))).toEqual(new Set(['1']));
    const booksOf = (id: number) => rows.filter((r) => r.tenant_id === id).map((r) => [r.title, r.copies]);
    expect(booksOf(b.id)).toEqual(booksOf(a.id));
  });

  it('takes its serials from the journal seed, each with an ISSN, and its theses from the subject seed', async () => {
    const { rows } = await sql<{ doc_code: string; source: string; without_issn: number }>`
      SELECT doc_code, split_part(source_key, ':', 1) AS source, (count(*) FILTER (WHERE issn IS NULL))::int AS without_issn
      FROM bib_record b JOIN tenant t ON t.id = b.tenant_id
      WHERE t.mapping_path IN ('', 'beiling', 'xihu') AND doc_code IN ('2', '3') GROUP BY 1, 2 ORDER BY 1, 2`.execute(
      t.db.kysely,
    );
    expect(rows.map((r) => [r.doc_code, r.source])).toEqual([
      ['2', 'demo-journal'],
      ['3', 'demo-subjects'],
    ]);
    expect(rows[0]!.without_issn).toBe(0);
  });
});

describe.each(INSTITUTIONS)('the demo institution "%s"', (mappingPath) => {
  it('browses journals by every core list and CLC class, and opens them', async () => {
    const nav = await call<JournalNavInfo>(mappingPath, ApiPath.journalNavInfo, {}, 'GET');
    expect(nav.total).toBeGreaterThanOrEqual(40);
    expect(nav.total).toBeLessThan(80);
    for (const code of ['PKU', 'CSSCI', 'CSCD', 'SCI', 'SSCI', 'EI', 'LIB1', 'LIB2']) {
      const list = nav.coreLists.find((l) => l.code === code)!;
      expect(list.count, code).toBeGreaterThan(0);
      const page = await call<JournalPage>(mappingPath, ApiPath.journalList, { core: code, rows: 50 });
      expect(page.totalCount, code).toBe(list.count);
    }
    const classes = nav.classes.filter((c) => c.count > 0);
    expect(classes.length).toBeGreaterThanOrEqual(18);
    for (const c of classes) {
      const page = await call<JournalPage>(mappingPath, ApiPath.journalList, { classCode: c.code, rows: 50 });
      expect(page.totalCount, c.code).toBe(c.count);
    }
    const computing = await call<JournalDetail>(mappingPath, ApiPath.journalDetail, { id: '0254-4164' }, 'GET');
    expect(computing.holdings.flatMap((h) => h.issues)).toHaveLength(12);
    expect(computing.coverage.length).toBeGreaterThan(0);
    expect(computing.marks.map((m) => m.code)).toEqual(expect.arrayContaining(['PKU', 'CSCD', 'EI']));
    const cell = await call<JournalDetail>(mappingPath, ApiPath.journalDetail, { id: '0092-8674' }, 'GET');
    expect(cell.holdings.flatMap((h) => h.issues)).toHaveLength(12);
    expect(cell.coverage.map((c) => c.packageCode)).toEqual(['OF_Elsevier_ScienceDirect']);
  });

  it('lists the theses with their facets, and every department has theses', async () => {
    const theses = await call<ThesisSearch>(mappingPath, ApiPath.localDissertations, { rows: 5 });
    expect(theses.totalCount).toBeGreaterThanOrEqual(30);
    expect(theses.totalCount).toBeLessThan(60);
    expect(theses.facets.degree.map((f) => f.code).sort()).toEqual(['bachelor', 'doctor', 'master']);
    expect(theses.facets.year.length).toBeGreaterThanOrEqual(8);
    expect(theses.facets.department).toHaveLength(8);
    for (const thesis of theses.list) {
      expect(thesis.supervisor).not.toBe('');
      expect(thesis.departmentName).not.toBe('');
      expect(thesis.degree).not.toBeNull();
    }
    const { list } = await call<DepartmentNav>(mappingPath, ApiPath.collegeNavInfo, {});
    expect(list).toHaveLength(8);
    for (const d of list) expect(d.counts.theses, d.code).toBeGreaterThanOrEqual(3);
  });
});
