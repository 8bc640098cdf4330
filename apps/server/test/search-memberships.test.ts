import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '@openfind/contract';
import { refreshRecordTags } from '../src/modules/catalogue/catalogue-repository.js';
import { importDatabasesCsv, importKbart } from '../src/modules/e-resources/e-resource-import.js';
import { createTestApp, type TestApp } from './helpers.js';
import { search, titles } from './search-fixtures.js';
import { makeRecords, makeTenant, type MadeTenant } from './support/factories.js';
import { makeStaff, staffHeader } from './support/staff.js';

/**
 * What records belong to, as search filters and facets (issue 30): core lists (coreInclude, through a
 * record's ISSN or the one a KBART line pairs with it), databases (eCollectionIds, through the title
 * lists' ISSNs and ISBNs), special collections (collectionName: listed or taken by a rule), the degree
 * of a thesis (ddType, from its MARC) and the staff's review of researchers' works (verifyStatus).
 * Each membership follows its writer: a change is seen by the next search.
 */

let t: TestApp;
let home: MadeTenant;
let other: MadeTenant;
let ids: {
  journal: number;
  bridged: number;
  thesis: number;
  master: number;
  ebook: number;
  k29: number;
  plain: number;
};

/** A marc-in-json thesis note (502 $b degree, $c granting body, $d year). */
const thesisMarc = (degree: string) => ({
  leader: '00000nam a2200000 i 4500',
  fields: [{ '502': { ind1: ' ', ind2: ' ', subfields: [{ b: degree }, { c: '开放大学' }, { d: '2021' }] } }],
});

const KBART_HEADER =
  'publication_title\tprint_identifier\tonline_identifier\tdate_first_issue_online\tnum_first_vol_online\tnum_first_issue_online\tdate_last_issue_online\tnum_last_vol_online\tnum_last_issue_online\ttitle_url\tfirst_author\ttitle_id\tembargo_info\tcoverage_depth\tnotes\tpublisher_name\tpublication_type\tdate_monograph_published_print\tdate_monograph_published_online\tmonograph_volume\tmonograph_edition\tfirst_editor\tparent_publication_title_id\tpreceding_publication_title_id\taccess_type';
const kbartLine = (cells: Record<string, string>) =>
  KBART_HEADER.split('\t')
    .map((c) => cells[c] ?? '')
    .join('\t');

const find = (body: Record<string, unknown>, tenant: MadeTenant = home) => search(t, body, { tenant });
const browse = async (body: Record<string, unknown>, tenant: MadeTenant = home) =>
  titles(await find(body, tenant)).sort();

/** The search sees the tenant's changes at once (what the change notification does in a server). */
const changed = (tenant: MadeTenant) => t.services.search.catalogueChanged(tenant.id);

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  home = await makeTenant(t);
  other = await makeTenant(t);
  const [journal, bridged, thesis, master, ebook, k29, plain] = await makeRecords(t, home.id, [
    { title: '清华大学学报', docCode: '2', issn: '1000-0054' },
    { title: '计算机学报', docCode: '2', issn: '0254-4164' },
    { title: '汉语方言的历史层次', docCode: '3', marc: thesisMarc('博士学位论文') },
    { title: 'Graph neural networks for library data', docCode: '3', marc: thesisMarc("Master's thesis") },
    { title: '红楼梦', isbn: '9787101168204' },
    { title: '北京地方志', callNumbers: ['K29/12'] },
    { title: '普通图书' },
  ]);
  ids = { journal, bridged, thesis, master, ebook, k29, plain };
  // Another institution's record with the same ISSN and call number: it belongs to nothing of home's.
  await makeRecords(t, other.id, [{ title: '清华大学学报（另馆）', docCode: '2', issn: '1000-0054' }]);
});

afterAll(async () => {
  await t?.close();
});

describe('the degree of a thesis', () => {
  it('comes from its MARC and filters and counts as ddType', async () => {
    expect(await browse({ ddType: ['1'] })).toEqual(['汉语方言的历史层次']);
    expect(await browse({ ddType: ['1', '2'] })).toEqual([
      'Graph neural networks for library data',
      '汉语方言的历史层次',
    ]);
    const all = await find({ docCode: ['3'] });
    expect(all.facetResult.ddType).toEqual({ '1': 1, '2': 1 });
  });
});

describe('core lists', () => {
  it('mark a journal by its ISSN, or by the one a KBART line pairs with it, after the list is loaded', async () => {
    expect(await browse({ coreInclude: ['PKU'] })).toEqual([]);
    await t.services.journals.importCoreList(
      home.id,
      'PKU',
      '2023',
      'ISSN,title\n1000-0054,清华大学学报\n1674-9995,某电子刊\n',
    );
    // The KBART line pairs print 0254-4164 (the catalogue's) with online 1674-9995 (the list's).
    await importKbart(
      t.db.kysely,
      home.id,
      [
        KBART_HEADER,
        kbartLine({
          publication_title: '计算机学报',
          print_identifier: '0254-4164',
          online_identifier: '1674-9995',
          publication_type: 'serial',
          title_url: 'https://example.org/cj',
          access_type: 'P',
        }),
      ].join('\n'),
      { fileName: 'CNKI_China_Journals_2024-01-01.txt', packageCode: 'CNKI_Journals' },
    );
    changed(home);
    expect(await browse({ coreInclude: ['pku'] })).toEqual(['清华大学学报', '计算机学报']);
    const serials = await find({ docCode: ['2'] });
    expect(serials.facetResult.coreInclude).toEqual({ PKU: 2 });
    // The same ISSN in another institution is not in home's list.
    expect(await browse({ coreInclude: ['PKU'] }, other)).toEqual([]);
  });
});

describe('databases', () => {
  it('hold the records their title lists name, by ISBN or ISSN, once the database names the package', async () => {
    await importKbart(
      t.db.kysely,
      home.id,
      [
        KBART_HEADER,
        kbartLine({
          publication_title: '红楼梦',
          online_identifier: '9787101168204',
          publication_type: 'monograph',
          title_url: 'https://book.example.org/1',
          access_type: 'P',
        }),
      ].join('\n'),
      { fileName: 'CNKI_China_CNKIeBooks_2024-02-15.txt', packageCode: 'CNKI_eBooks' },
    );
    await importDatabasesCsv(
      t.db.kysely,
      home.id,
      'name,url,package_code\n中国知网电子书,https://book.example.org,CNKI_eBooks\n',
    );
    changed(home);
    const { rows } = await sql<{
      id: number;
    }>`SELECT id FROM e_collection WHERE tenant_id = ${home.id} AND name = '中国知网电子书'`.execute(t.db.kysely);
    const dbId = String(rows[0]!.id);
    expect(await browse({ eCollectionIds: [dbId] })).toEqual(['红楼梦']);
    const all = await find({ searchFieldContent: '红楼梦' });
    expect(all.facetResult.eCollectionIds).toEqual({ [dbId]: 1 });
  });
});

describe('special collections', () => {
  it('take the records they list and those their rule takes; a hidden one takes none', async () => {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO special_package (tenant_id, kind, code, name, rule_kind, rule_value)
      VALUES (${home.id}, 'collection', 'LOCAL', '地方文献', 'callPrefix', 'K29') RETURNING id`.execute(t.db.kysely);
    const pkg = rows[0]!.id;
    await sql`INSERT INTO special_package_record (package_id, record_id, tenant_id) VALUES (${pkg}, ${ids.plain}, ${home.id})`.execute(
      t.db.kysely,
    );
    await refreshRecordTags(t.db.kysely, home.id);
    changed(home);
    expect(await browse({ collectionName: [String(pkg)] })).toEqual(['北京地方志', '普通图书']);
    // An e-book vendor's package (超星, 书生) is browsed, not a filter (spec §9).
    const vendor = await sql<{ id: number }>`
      INSERT INTO special_package (tenant_id, kind, code, name) VALUES (${home.id}, 'collection', 'SSREADER', '超星电子书')
      RETURNING id`.execute(t.db.kysely);
    const vendorId = vendor.rows[0]!.id;
    await sql`INSERT INTO special_package_record (package_id, record_id, tenant_id)
      VALUES (${vendorId}, ${ids.plain}, ${home.id})`.execute(t.db.kysely);
    await refreshRecordTags(t.db.kysely, home.id);
    changed(home);
    expect(await browse({ collectionName: [String(vendorId)] })).toEqual([]);
    await sql`UPDATE special_package SET hidden = true WHERE id = ${pkg}`.execute(t.db.kysely);
    await refreshRecordTags(t.db.kysely, home.id);
    changed(home);
    expect(await browse({ collectionName: [String(pkg)] })).toEqual([]);
  });
});

describe('the console', () => {
  it("lists a record in a collection, and the search finds it there at once; another institution's staff cannot", async () => {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO special_package (tenant_id, kind, code, name) VALUES (${home.id}, 'collection', 'ALUMNI', '校友文库')
      RETURNING id`.execute(t.db.kysely);
    const pkg = rows[0]!.id;
    const add = async (tenant: MadeTenant, headers: Record<string, string>) =>
      t.call({
        url: ApiPath.adminPackageRecordAdd,
        mappingPath: tenant.mappingPath,
        headers,
        body: { id: pkg, recordId: ids.ebook },
      });
    const foreign = await add(other, await staffHeader(t, await makeStaff(t, other.id)));
    expect(JSON.parse(foreign.body).success).toBe(false);
    expect(await browse({ collectionName: [String(pkg)] })).toEqual([]);
    const res = await add(home, await staffHeader(t, await makeStaff(t, home.id)));
    expect(JSON.parse(res.body).success, res.body).toBe(true);
    expect(await browse({ collectionName: [String(pkg)] })).toEqual(['红楼梦']);
  });
});

describe('a collection saved on the console with a rule', () => {
  it('takes the records the rule takes, and gives them back when hidden', async () => {
    const headers = await staffHeader(t, await makeStaff(t, home.id, { role: 'admin' }));
    const save = async (body: Record<string, unknown>) => {
      const res = await t.call({ url: ApiPath.adminPackageSave, mappingPath: home.mappingPath, headers, body });
      const env = JSON.parse(res.body) as { success: boolean; data: { id: number; version: string } };
      expect(env.success, res.body).toBe(true);
      return env.data;
    };
    const made = await save({ id: 0, code: 'K29-RULE', name: '北京史料', ruleKind: 'callPrefix', ruleValue: 'k29' });
    expect(await browse({ collectionName: [String(made.id)] })).toEqual(['北京地方志']);
    await save({
      id: made.id,
      version: made.version,
      code: 'K29-RULE',
      name: '北京史料',
      ruleKind: 'callPrefix',
      ruleValue: 'k29',
      hidden: true,
    });
    expect(await browse({ collectionName: [String(made.id)] })).toEqual([]);
  });
});

describe('reviewed works', () => {
  it('are those staff confirmed (1) or only excluded (2)', async () => {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO researcher (tenant_id, code, name) VALUES (${home.id}, 'T001', '王力') RETURNING id`.execute(
      t.db.kysely,
    );
    const rid = rows[0]!.id;
    // Confirmed on the console: seen by the next search.
    const res = await t.call({
      url: ApiPath.adminDecideWork,
      mappingPath: home.mappingPath,
      headers: await staffHeader(t, await makeStaff(t, home.id)),
      body: { researcherId: rid, recordId: ids.thesis, decision: 'claimed' },
    });
    expect(JSON.parse(res.body).success, res.body).toBe(true);
    await sql`INSERT INTO researcher_work (tenant_id, researcher_id, record_id, decision)
      VALUES (${home.id}, ${rid}, ${ids.plain}, 'excluded')`.execute(t.db.kysely);
    await refreshRecordTags(t.db.kysely, home.id, [ids.plain]);
    changed(home);
    expect(await browse({ verifyStatus: ['1'] })).toEqual(['汉语方言的历史层次']);
    expect(await browse({ verifyStatus: ['2'] })).toEqual(['普通图书']);
  });

  it('refresh only what changed: an unchanged record keeps its updated_at', async () => {
    const before = await refreshRecordTags(t.db.kysely, home.id);
    expect(before).toBe(0);
  });
});
