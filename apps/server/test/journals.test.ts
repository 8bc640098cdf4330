import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  JournalErrCode,
  type DictResponse,
  type HotJournals,
  type JournalDetail,
  type JournalNavInfo,
  type JournalPage,
} from '@openfind/contract';
import { parseEmbargo } from '../src/modules/journals/journal-service.js';
import { titleInitial } from '../src/modules/journals/journal-catalogue.js';
import { seedDemoJournals } from '../src/seed/demo-journals.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { makeReader, makeRecords, makeTenant, signIn, type MadeTenant } from './support/factories.js';

/**
 * Journal navigation (issue 30): journals built from serial records and KBART serial lines joined by
 * ISSN, the core lists' import and marks, the browse counts (core list, CLC class two levels, A–Z),
 * lists and search, a journal's page (holdings, coverage with gaps and embargoes, title history),
 * views once per visitor and day and the hot journals; another institution sees and counts nothing.
 */

type Lang = CallOptions['lang'];

let t: TestApp;
let home: MadeTenant;
let other: MadeTenant;
let noIssnRecord: number;

async function call<T>(
  url: string,
  input: Record<string, unknown>,
  opts: { lang?: Lang; to?: MadeTenant; method?: 'GET' | 'POST'; headers?: Record<string, string> } = {},
) {
  const method = opts.method ?? 'POST';
  const res = await t.call({
    url,
    mappingPath: (opts.to ?? home).mappingPath,
    lang: opts.lang,
    headers: opts.headers ?? {},
    ...(method === 'GET'
      ? { query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])) }
      : { body: input }),
  });
  return { status: res.statusCode, ...envelopeOf<T>(res) };
}

const nav = (q: Record<string, unknown> = {}, to = home) =>
  call<JournalNavInfo>(ApiPath.journalNavInfo, q, { method: 'GET', to });
const list = (q: Record<string, unknown>, opts: { to?: MadeTenant; lang?: Lang } = {}) =>
  call<JournalPage>(ApiPath.journalList, q, opts);
const detail = (q: Record<string, unknown>, opts: { to?: MadeTenant; lang?: Lang } = {}) =>
  call<JournalDetail>(ApiPath.journalDetail, q, { method: 'GET', ...opts });

/** A KBART serial line in the institution (as the e-resources import stores it). */
async function line(tenantId: number, l: Record<string, string | number | null>) {
  const v = {
    package_code: 'PKG_A',
    line_no: 1,
    print_identifier: null,
    online_identifier: null,
    coverage_from: null,
    coverage_to: null,
    title_url: null,
    title_id: null,
    embargo_info: null,
    preceding_publication_title_id: null,
    access_type: 'P',
    ...l,
  };
  await sql`INSERT INTO e_title (tenant_id, package_code, line_no, publication_type, publication_title, print_identifier,
      online_identifier, coverage_from, coverage_to, title_url, title_id, embargo_info, preceding_publication_title_id,
      access_type, num_first_vol_online)
    VALUES (${tenantId}, ${v.package_code}, ${v.line_no}, 'serial', ${v.publication_title}, ${v.print_identifier},
      ${v.online_identifier}, ${v.coverage_from}::date, ${v.coverage_to}::date, ${v.title_url}, ${v.title_id},
      ${v.embargo_info}, ${v.preceding_publication_title_id}, ${v.access_type}, '1')`.execute(t.db.kysely);
}

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  home = await makeTenant(t);
  other = await makeTenant(t);
  const item = (year: string, vol: string, onLoan = false) => ({
    year,
    vol,
    processTypeCode: onLoan ? '412' : '411',
    callNo: 'TP3/12',
  });
  [, noIssnRecord] = await makeRecords(t, home.id, [
    {
      title: '计算机学报',
      issn: '0254-4164',
      docCode: '2',
      publisher: '科学出版社',
      clcClasses: ['TP3'],
      items: [
        item('2022', '45卷1-6期'),
        item('2023', '46卷1-6期'),
        item('2023', '46卷1-6期', true),
        item('2020', '43卷'),
      ],
    },
    { title: '校内通讯', docCode: '2', clcClasses: ['G64'] },
    { title: 'Nature', issn: '00280836', docCode: '2', clcClasses: ['N'], langCode: 'eng' },
    // A book with an ISSN (a series): not a journal.
    { title: '某丛书中的一本书', issn: '1000-9825', docCode: '1', clcClasses: ['TP31'] },
  ]);
  // Nature online, in two ranges (a gap 1991–1996) and with an embargo in one package.
  await line(home.id, {
    publication_title: 'Nature',
    print_identifier: '0028-0836',
    online_identifier: '1476-4687',
    coverage_from: '1869-11-04',
    coverage_to: '1990-12-31',
    title_url: 'https://www.nature.com/nature/',
    title_id: 'nat',
  });
  await line(home.id, {
    publication_title: 'Nature',
    print_identifier: '0028-0836',
    online_identifier: '1476-4687',
    coverage_from: '1997-01-01',
    embargo_info: 'R1Y',
    title_url: 'javascript:alert(1)',
    title_id: 'nat',
    line_no: 2,
  });
  // A title change: the earlier title and the later one that names it.
  await line(home.id, {
    publication_title: 'Journal of the American Society for Information Science and Technology',
    print_identifier: '1532-2882',
    online_identifier: '1532-2890',
    coverage_from: '2001-01-01',
    coverage_to: '2013-12-31',
    title_id: 'asist-old',
    package_code: 'PKG_W',
  });
  await line(home.id, {
    publication_title: 'Journal of the Association for Information Science and Technology',
    print_identifier: '2330-1635',
    online_identifier: '2330-1643',
    coverage_from: '2014-01-01',
    title_id: 'asist',
    preceding_publication_title_id: 'asist-old',
    package_code: 'PKG_W',
  });
  // An open-access journal with an online ISSN only.
  await line(home.id, { publication_title: '数据分析与知识发现', online_identifier: '2096-3467', access_type: 'F' });
  // Another institution's journal (the same ISSN as one of home's).
  await makeRecords(t, other.id, [{ title: '别馆的计算机学报', issn: '0254-4164', docCode: '2', clcClasses: ['TP3'] }]);
  // The core lists the other tests read (test:pg runs the tests in a shuffled order: none may lean on
  // another's data; the core-list tests load theirs into an institution of their own).
  const journals = t.services.journals;
  await journals.importCoreList(home.id, 'PKU', '2023', '0254-4164,计算机学报\n');
  await journals.importCoreList(home.id, 'PKU', '2021', '0254-4164\n2096-3467,,G35\n');
  await journals.importCoreList(home.id, 'SCI', '2024', '0028-0836,Nature\n');
  await journals.importCoreList(home.id, 'own1', '', '1532-2882\n', '本馆重点学科期刊');
});
afterAll(async () => t?.close());

describe('core lists', () => {
  it('loads a list from CSV, reporting bad lines, and replaces an edition on a second load', async () => {
    const own = await makeTenant(t);
    const csv =
      '\uFEFFISSN,刊名,分类号\n0254-4164,计算机学报,TP3\n1000-0000,坏的校验位,\n0254-4164,重复,\n2096-3467,数据分析与知识发现,G35\n';
    const r = await t.services.journals.importCoreList(own.id, 'pku', '2023', csv);
    expect(r).toMatchObject({ list: 'PKU', edition: '2023', read: 4, loaded: 2, replaced: 0 });
    expect(r.rejected.map((x) => x.line)).toEqual([3, 4]);
    const again = await t.services.journals.importCoreList(own.id, 'PKU', '2023', '0254-4164,计算机学报\n');
    expect(again).toMatchObject({ loaded: 1, replaced: 2 });
  });

  it('refuses an unknown list, an empty file, and a standard code as an own list', async () => {
    const s = t.services.journals;
    await expect(s.importCoreList(home.id, 'NOPE', '', '0254-4164\n')).rejects.toMatchObject({
      errCode: JournalErrCode.unknownCoreList,
    });
    await expect(s.importCoreList(home.id, 'PKU', '', 'ISSN\nnot-an-issn\n')).rejects.toMatchObject({
      errCode: JournalErrCode.emptyCoreList,
    });
    await expect(s.importCoreList(home.id, 'CSSCI', '', '0254-4164\n', 'Mine')).rejects.toMatchObject({
      errCode: JournalErrCode.unknownCoreList,
    });
  });

  it("adds the library's own list, which the dictionary's customCoreList then lists", async () => {
    await t.services.journals.importCoreList(home.id, 'own1', '', '1532-2882\n', '本馆重点学科期刊');
    const dict = await call<DictResponse>(ApiPath.dict, {});
    expect(dict.data.customCoreList).toContainEqual({ code: 'OWN1', name: '本馆重点学科期刊' });
    const otherDict = await call<DictResponse>(ApiPath.dict, {}, { to: other });
    expect(otherDict.data.customCoreList.map((e) => e.code)).not.toContain('OWN1');
  });
});

describe('browse', () => {
  it('counts journals by carrier, core list, class (two levels) and initial', async () => {
    const { data } = await nav();
    // 计算机学报, 校内通讯, Nature (print and online), the two JASIS&T titles, 数据分析与知识发现.
    expect(data).toMatchObject({ total: 6, printCount: 3, electronicCount: 4 });
    const pku = data.coreLists.find((l) => l.code === 'PKU')!;
    expect(pku).toMatchObject({ count: 2, custom: false, editions: ['2023', '2021'] });
    expect(data.coreLists.find((l) => l.code === 'OWN1')).toMatchObject({ custom: true, count: 1 });
    expect(data.classes.map((c) => c.code)).toEqual([...'ABCDEFGHIJKNOPQRSTUVXZ']);
    const tClass = data.classes.find((c) => c.code === 'T')!;
    expect(tClass.count).toBe(1);
    expect(tClass.child).toEqual([expect.objectContaining({ code: 'TP', count: 1 })]);
    // 数据分析与知识发现 is placed by its core list's class (G35 → G3).
    expect(data.classes.find((c) => c.code === 'G')!.count).toBe(2);
    const initial = (l: string) => data.initials.find((i) => i.letter === l)!.count;
    expect([initial('J'), initial('N'), initial('S'), initial('X')]).toEqual([3, 1, 1, 1]);
    expect((await nav({ carrier: 'print' })).data.total).toBe(3);
    expect((await nav({ carrier: 'electronic' })).data.total).toBe(4);
  });

  it('lists by core list and edition, class, initial, words, pinyin and ISSN', async () => {
    const titles = async (q: Record<string, unknown>) => (await list(q)).data.list.map((j) => j.title);
    expect(await titles({ core: 'pku' })).toEqual(['计算机学报', '数据分析与知识发现']);
    expect(await titles({ core: 'PKU', edition: '2023' })).toEqual(['计算机学报']);
    expect(await titles({ classCode: 'TP' })).toEqual(['计算机学报']);
    expect(await titles({ classCode: 'N' })).toEqual(['Nature']);
    expect(await titles({ initial: 'x' })).toEqual(['校内通讯']);
    expect(await titles({ q: 'jsjxb' })).toEqual(['计算机学报']);
    expect(await titles({ q: '知识发现' })).toEqual(['数据分析与知识发现']);
    expect(await titles({ q: '1476-4687' })).toEqual(['Nature']);
    expect(await titles({ q: '14764687' })).toEqual(['Nature']);
    expect(await titles({ carrier: 'print', initial: 'J' })).toEqual(['计算机学报']);
    const page = await list({ rows: 2, page: 2 });
    expect(page.data.totalCount).toBe(6);
    expect(page.data.list).toHaveLength(2);
  });

  it('gives each journal its ISSNs, marks (newest edition), class and carriers', async () => {
    const { data } = await list({ q: 'Nature' });
    expect(data.list[0]).toMatchObject({
      id: '0028-0836',
      issn: '0028-0836',
      eissn: '1476-4687',
      print: true,
      electronic: true,
      classCode: 'N',
      className: '自然科学总论',
      marks: [{ code: 'SCI', edition: '2024' }],
    });
    const j = (await list({ q: 'jsjxb' })).data.list[0]!;
    expect(j.marks).toEqual([expect.objectContaining({ code: 'PKU', edition: '2023' })]);
    const noIssn = (await list({ initial: 'X' })).data.list[0]!;
    expect(noIssn.id).toBe(`r${noIssnRecord}`);
  });

  it('refuses a class not in the code list, in the reader’s language, and malformed input with 400', async () => {
    const r = await list({ classCode: 'TZ9' }, { lang: 'en-US' });
    expect(r).toMatchObject({ success: false, errCode: JournalErrCode.unknownClass });
    expect(r.message).toContain('TZ9');
    const zh = await list({ classCode: 'TZ9' });
    expect(zh.message).toContain('中图法');
    expect((await list({ initial: 'AB' })).status).toBe(400);
    expect((await list({ carrier: 'paper' })).status).toBe(400);
    expect((await list({ q: 'x'.repeat(101) })).status).toBe(400);
  });
});

describe("a journal's page", () => {
  it('shows print holdings by place, newest first, with the years held', async () => {
    const { data } = await detail({ id: '0254-4164' });
    expect(data).toMatchObject({ title: '计算机学报', publisher: '科学出版社', print: true, electronic: false });
    expect(data.records).toHaveLength(1);
    expect(data.holdings).toHaveLength(1);
    const h = data.holdings[0]!;
    expect(h.years).toBe('2020, 2022–2023');
    expect(h.issues[0]).toEqual({ year: '2023', vol: '46卷1-6期', itemCount: 2, onShelfCount: 1 });
    expect(h.issues.map((i) => i.year)).toEqual(['2023', '2022', '2020']);
  });

  it('shows electronic coverage per package with its gap, embargo and only a safe link', async () => {
    const { data } = await detail({ issn: '1476-4687' });
    expect(data.id).toBe('0028-0836');
    expect(data.coverage).toHaveLength(1);
    const c = data.coverage[0]!;
    expect(c.ranges).toEqual([
      { from: '1869-11-04', to: '1990-12-31', fromVolume: '1', toVolume: '' },
      { from: '1997-01-01', to: null, fromVolume: '1', toVolume: '' },
    ]);
    expect(c.embargo).toEqual({ kind: 'R', months: 12, text: 'R1Y' });
    expect(c.url).toBe('https://www.nature.com/nature/');
    const oa = (await detail({ id: '2096-3467' })).data.coverage[0]!;
    expect(oa.openAccess).toBe(true);
    expect(oa.url).toBe('');
  });

  it('links a title change both ways', async () => {
    const later = (await detail({ id: '2330-1635' })).data;
    expect(later.preceding).toEqual([
      { id: '1532-2882', title: 'Journal of the American Society for Information Science and Technology' },
    ]);
    const earlier = (await detail({ id: '1532-2882' })).data;
    expect(earlier.succeeding.map((s) => s.id)).toEqual(['2330-1635']);
    expect(earlier.marks.map((m) => m.code)).toEqual(['OWN1']);
  });

  it('says there is no such journal, and refuses a malformed id', async () => {
    expect(await detail({ id: '1234-5679' }, { lang: 'en-US' })).toMatchObject({
      success: false,
      errCode: JournalErrCode.noSuchJournal,
      message: expect.stringContaining('No such journal'),
    });
    expect((await detail({})).errCode).toBe(JournalErrCode.noSuchJournal);
    // A book with an ISSN is not a journal.
    expect((await detail({ issn: '1000-9825' })).errCode).toBe(JournalErrCode.noSuchJournal);
    expect((await detail({ id: "0254-4164' OR 1=1" })).status).toBe(400);
  });
});

describe('views and hot journals', () => {
  it('counts a view once per visitor and day, a reader apart from an anonymous visitor; a GET counts nothing', async () => {
    const view = (id: string, headers: Record<string, string> = {}, to = home) =>
      call<{ counted: boolean }>(ApiPath.journalView, { id }, { headers, to });
    expect((await view('2096-3467')).data.counted).toBe(true);
    expect((await view('2096-3467')).data.counted).toBe(false);
    const reader = await makeReader(t, home.id);
    const headers = await signIn(t, home, reader);
    expect((await view('2096-3467', headers)).data.counted).toBe(true);
    expect((await view('0028-0836', { 'user-agent': 'another browser' })).data.counted).toBe(true);
    await detail({ id: '0254-4164' });
    await detail({ id: '0254-4164' });
    const hot = await call<HotJournals>(ApiPath.journalHotBrowsers, { window: 'week' });
    expect(hot.data.list.map((j) => [j.id, j.views])).toEqual([
      ['2096-3467', 2],
      ['0028-0836', 1],
    ]);
    expect((await list({ sort: 'hot', rows: 1 })).data.list[0]!.id).toBe('2096-3467');
    expect((await call(ApiPath.journalHotBrowsers, { window: 'decade' })).status).toBe(400);
  });

  it("keeps one institution's journals, views and marks from another", async () => {
    const seen = await nav({}, other);
    expect(seen.data).toMatchObject({ total: 1, printCount: 1, electronicCount: 0 });
    expect(seen.data.coreLists.every((l) => l.count === 0 && l.editions.length === 0)).toBe(true);
    expect((await detail({ id: '2096-3467' }, { to: other })).errCode).toBe(JournalErrCode.noSuchJournal);
    const own = (await detail({ id: '0254-4164' }, { to: other })).data;
    expect(own).toMatchObject({ title: '别馆的计算机学报', marks: [], holdings: [], views: 0 });
    const counted = await call(ApiPath.journalView, { id: '2096-3467' }, { to: other });
    expect(counted.errCode).toBe(JournalErrCode.noSuchJournal);
    expect((await call<HotJournals>(ApiPath.journalHotBrowsers, {}, { to: other })).data.list).toEqual([]);
    // A view in the other institution of its own journal counts there, never here.
    const homeHot = async () => (await call<HotJournals>(ApiPath.journalHotBrowsers, { window: 'week' })).data.list;
    const before = await homeHot();
    expect(
      (await call<{ counted: boolean }>(ApiPath.journalView, { id: '0254-4164' }, { to: other })).data.counted,
    ).toBe(true);
    expect(await homeHot()).toEqual(before);
  });
});

describe('pure rules', () => {
  it('reads KBART embargoes and title initials', () => {
    expect(parseEmbargo('R1Y')).toEqual({ kind: 'R', months: 12, text: 'R1Y' });
    expect(parseEmbargo('p6m')).toEqual({ kind: 'P', months: 6, text: 'P6M' });
    expect(parseEmbargo('R90D')).toEqual({ kind: 'R', months: 3, text: 'R90D' });
    expect(parseEmbargo('soon')).toBeNull();
    expect(titleInitial('《读者》')).toBe('D');
    expect(titleInitial('The Lancet')).toBe('T');
    expect(titleInitial('Ökonomie')).toBe('O');
    expect(titleInitial('Физика')).toBe('#');
    expect(titleInitial('2050 Review')).toBe('#');
  });
});

describe('demo data', () => {
  it('gives a demo institution journals in every browse, with frequency, holdings, coverage and hot ones', async () => {
    const demo = await makeTenant(t, { libraries: 'demo' });
    const n = await seedDemoJournals(t.db.kysely, demo.id);
    expect(n).toBeGreaterThan(30);
    const { data } = await nav({}, demo);
    expect(data.total).toBe(n);
    for (const code of ['PKU', 'CSSCI', 'CSCD', 'SCI', 'EI', 'LIB1'])
      expect(data.coreLists.find((l) => l.code === code)!.count).toBeGreaterThan(0);
    expect(data.classes.filter((c) => c.count > 0).length).toBeGreaterThan(10);
    const cs = (await detail({ id: '0254-4164' }, { to: demo, lang: 'en-US' })).data;
    expect(cs.frequency).toBe('Monthly');
    expect(cs.holdings.flatMap((h) => h.issues)).toHaveLength(12);
    expect(cs.coverage[0]!.ranges.length).toBe(2);
    const hot = await call<HotJournals>(ApiPath.journalHotBrowsers, { window: 'month', rows: 5 }, { to: demo });
    expect(hot.data.list).toHaveLength(5);
  });
});
