import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  EResourceErrCode,
  StaffErrCode,
  TRIAL_FEEDBACK_DAILY_LIMIT,
  type AdminDbDetails,
  type AdminFeedbackPage,
  type AdminTrialFeedback,
  type DbDetail,
  type DbPage,
  type DbScreenConditions,
  type DbVisit,
  type DbVisitFigures,
  type DictResponse,
  type EResourceSettings,
  type MyTrialFeedback,
  type TrialFeedback,
} from '@openfind/contract';
import { importDatabasesCsv, importKbart } from '../src/modules/e-resources/e-resource-import.js';
import { isOnCampus, parseNetwork } from '../src/lib/campus-network.js';
import { initialOf } from '../src/modules/e-resources/e-resource-service.js';
import { embargoMonths, kbartDate, kbartPackageOfFileName, parseKbart } from '../src/modules/e-resources/kbart.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { makeReader, makeTenant, signIn, type MadeTenant } from './support/factories.js';
import { makeStaff, staffHeader } from './support/staff.js';

/**
 * Databases navigation (issue 30): the KBART parser on real-format fixtures (gaps, embargoes, title
 * changes, to the present, ISSN without hyphen, ISBN-10, BOM, CRLF, a malformed date), the CSV import,
 * the screen and list filters, a database's page, visits with the on/off-campus link, trial feedback
 * and its limits, the console's queue, figures, fields and settings, and the walls between
 * institutions and readers.
 */

const fixture = (name: string) => readFileSync(new URL(`./fixtures/kbart/${name}`, import.meta.url), 'utf8');
const SPRINGER = 'Springer_Global_SpringerLinkJournals_2024-03-01.txt';
const CNKI = 'CNKI_China_CNKIeBooks_2024-02-15.txt';

const today = (days = 0) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

const CSV = [
  'name,name_tw,name_en,access_kind,url,url_off_campus,proxied,subjects,db_types,languages,vendor,trial_from,trial_until,description,description_en,guide,guide_en,package_code',
  `中国知网（CNKI）,中國知網（CNKI）,CNKI,purchased,https://www.cnki.net/,,yes,14;07,fulltext;ejournals,zh,同方知网,,,中文期刊全文,Chinese journals,校内直接访问,Open on campus,`,
  `万方数据知识服务平台,,Wanfang Data,formal,https://www.wanfangdata.com.cn/,https://remote.wanfangdata.com.cn/,no,14,fulltext;theses,zh,万方数据,,,,,,,`,
  `SpringerLink,,SpringerLink,purchased,https://link.springer.com/,,yes,07;08,ejournals;ebooks,en;de,Springer Nature,,,,,,,Springer_Global_SpringerLinkJournals`,
  `新东方多媒体学习库,,New Oriental,trial,https://library.koolearn.com/,,yes,05,multimedia,zh;en,新东方,${today(-5)},${today(30)},,,,,`,
  `EBSCO ASP,,EBSCO ASP,trial,https://search.ebscohost.com/,,yes,14,fulltext,en,EBSCO,${today(-60)},${today(-2)},,,,,`,
  `arXiv 预印本,,arXiv,open,https://arxiv.org/,,no,07,fulltext,en,Cornell,,,,,,,`,
  `坏链接,,,purchased,ftp://bad.example/,,,,,,,,,,,,,`,
  `坏类型,,,purchased,https://ok.example/,,,,movies,,,,,,,,,`,
  `缺试用期,,,trial,https://ok.example/,,,,,,,,,,,,,`,
].join('\n');

describe('KBART parser', () => {
  it('reads the journals fixture: BOM and CRLF, a gap as two lines, embargoes, a title change, to the present', () => {
    const text = fixture(SPRINGER);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain('\r\n');
    const { titles, problems } = parseKbart(text);
    expect(problems).toEqual([{ line: 7, reason: expect.stringMatching(/date_first_issue_online "2023-13"/) }]);
    const sci = titles.filter((x) => x.title_id === '11192');
    expect(sci.map((x) => [x.coverage_from, x.coverage_to])).toEqual([
      ['1978-09-01', '1999-12-31'],
      ['2002-01-01', null],
    ]);
    expect(sci[0]).toMatchObject({ line_no: 2, print_identifier: '0138-9130', online_identifier: '1588-2861' });
    const ijdl = titles.find((x) => x.title_id === '799')!;
    expect(ijdl).toMatchObject({ print_identifier: '1432-5012', online_identifier: '1432-1300', embargo_info: 'R1Y' });
    expect(ijdl.embargo_months).toBe(12);
    expect(ijdl.coverage_to).toBeNull();
    const irj = titles.find((x) => x.title_id === '10791')!;
    expect(irj).toMatchObject({ preceding_publication_title_id: '10791-old', embargo_months: 6, access_type: 'P' });
    expect(titles.find((x) => x.title_id === '40537')).toMatchObject({ access_type: 'F', coverage_depth: 'abstracts' });
    expect(titles).toHaveLength(6);
  });

  it('reads the e-books fixture: ISBN-10 as 13 digits, monograph dates, a bad ISBN and a bad type skipped', () => {
    const { titles, problems } = parseKbart(fixture(CNKI));
    expect(titles.map((x) => x.publication_type)).toEqual(['monograph', 'monograph', 'monograph']);
    expect(titles[0]).toMatchObject({
      publication_title: '红楼梦',
      print_identifier: '9787107001239',
      online_identifier: '9787101168204',
      first_author: '曹雪芹',
      date_monograph_published_print: '1982',
      coverage_from: null,
    });
    expect(titles[1]!.print_identifier).toBe('9787302015833');
    expect(titles[2]).toMatchObject({ monograph_volume: '1', parent_publication_title_id: 'cnki-set-1' });
    expect(problems.map((p) => p.line)).toEqual([5, 6]);
    expect(problems[0]!.reason).toMatch(/not a valid ISBN/);
    expect(problems[1]!.reason).toMatch(/neither serial nor monograph/);
  });

  it('refuses a file whose header is not the 25 KBART columns', () => {
    expect(() => parseKbart(fixture('bad-header.txt'))).toThrow(/column 13 of the header is "embargo"/);
    expect(() => parseKbart('title\tissn\n')).toThrow(/not a KBART file/);
  });

  it('parses dates, embargoes and file names by the recommended practice', () => {
    expect(kbartDate('2004', false)).toBe('2004-01-01');
    expect(kbartDate('2004', true)).toBe('2004-12-31');
    expect(kbartDate('2024-02', true)).toBe('2024-02-29');
    expect(kbartDate('2023-02-29', false)).toBeUndefined();
    expect(kbartDate('04/2004', false)).toBeUndefined();
    expect(embargoMonths('R1Y')).toBe(12);
    expect(embargoMonths('P6M')).toBe(6);
    expect(embargoMonths('R45D')).toBe(2);
    expect(embargoMonths('P1Y;R10Y')).toBe(12);
    expect(embargoMonths('1Y')).toBeUndefined();
    expect(kbartPackageOfFileName(`/tmp/${SPRINGER}`)).toEqual({
      packageCode: 'Springer_Global_SpringerLinkJournals',
      date: '2024-03-01',
    });
    expect(kbartPackageOfFileName('titles.txt')).toBeUndefined();
  });
});

describe('helpers', () => {
  it('files databases under the pinyin initial of their Chinese name, or their first letter', () => {
    expect(initialOf('中国知网（CNKI）')).toBe('Z');
    expect(initialOf('万方数据')).toBe('W');
    expect(initialOf('维普')).toBe('W');
    expect(initialOf('读秀学术搜索')).toBe('D');
    expect(initialOf('SpringerLink')).toBe('S');
    expect(initialOf('arXiv 预印本')).toBe('A');
    expect(initialOf('2024 统计年鉴')).toBe('#');
  });
  it('matches callers against campus networks (IPv4, IPv6, IPv4-mapped)', () => {
    const nets = ['10.0.0.0/8', '202.120.0.0/16', '2001:da8:8000::/48'];
    expect(isOnCampus('10.3.4.5', nets)).toBe(true);
    expect(isOnCampus('::ffff:202.120.7.8', nets)).toBe(true);
    expect(isOnCampus('2001:da8:8000::1', nets)).toBe(true);
    expect(isOnCampus('8.8.8.8', nets)).toBe(false);
    expect(isOnCampus('8.8.8.8', [])).toBe(false);
    expect(parseNetwork('10.0.0.0/33')).toBeNull();
    expect(parseNetwork('campus')).toBeNull();
    expect(parseNetwork('192.168.1.1')).toMatchObject({ prefix: 32 });
  });
});

let t: TestApp;
let home: MadeTenant;
let other: MadeTenant;
let desk: Record<string, string>;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;
const ids: Record<string, number> = {};

type Lang = CallOptions['lang'];
async function call<T>(
  url: string,
  input: Record<string, unknown>,
  opts: { headers?: Record<string, string>; lang?: Lang; to?: MadeTenant; method?: 'GET' | 'POST'; ip?: string } = {},
) {
  const method = opts.method ?? 'POST';
  const to = opts.to ?? home;
  const headers: Record<string, string> = { mappingPath: to.mappingPath, ...(opts.headers ?? {}) };
  if (opts.lang) headers['content-language'] = opts.lang;
  const res = await t.app.inject({
    method,
    url,
    headers,
    remoteAddress: opts.ip ?? '8.8.8.8',
    ...(method === 'GET' ? { query: input as Record<string, string> } : { payload: input }),
  });
  return { status: res.statusCode, ...envelopeOf<T>(res) };
}
const get = <T>(url: string, input: Record<string, unknown>, opts: Parameters<typeof call>[2] = {}) =>
  call<T>(url, input, { ...opts, method: 'GET' });

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  home = await makeTenant(t);
  other = await makeTenant(t);
  desk = await staffHeader(t, await makeStaff(t, home.id, { role: 'staff' }));
  admin = await staffHeader(t, await makeStaff(t, home.id, { role: 'admin' }));
  otherAdmin = await staffHeader(t, await makeStaff(t, other.id, { role: 'admin' }));
  const report = await importDatabasesCsv(t.db.kysely, home.id, CSV);
  expect(report).toMatchObject({ added: 6, updated: 0 });
  expect(report.problems.map((p) => p.line)).toEqual([8, 9, 10]);
  expect(report.problems[0]!.reason).toMatch(/not an http/);
  expect(report.problems[2]!.reason).toMatch(/trial needs trial_until/);
  await importDatabasesCsv(t.db.kysely, other.id, 'name,url\n他馆数据库,https://other.example/\n');
  const rows = await t.db.kysely.selectFrom('e_collection').select(['id', 'name', 'tenant_id']).execute();
  for (const r of rows) ids[r.name] = r.id;
  // SpringerLink's KBART titles, which its page counts (the import test loads them again: replaced, not doubled).
  await importKbart(t.db.kysely, home.id, fixture(SPRINGER), { fileName: SPRINGER });
  // The institution's proxy and campus network, which the visits read (test:pg runs the tests in a
  // shuffled order: none may lean on what another did). A network named twice is kept once.
  const saved = await call<EResourceSettings>(
    ApiPath.adminEResourceSettingsSave,
    { proxyPrefix: 'https://ezproxy.lib.edu.cn/login?url=', campusNetworks: ['10.0.0.0/8', '10.0.0.0/8'], version: 0 },
    { headers: admin },
  );
  expect(saved.data).toMatchObject({ campusNetworks: ['10.0.0.0/8'], version: 1 });
});
afterAll(async () => t?.close());

describe('importing', () => {
  it('updates a database met again by name, and loads a KBART package linked to its database', async () => {
    const again = await importDatabasesCsv(
      t.db.kysely,
      home.id,
      'name,url,vendor,db_types\narXiv 预印本,https://arxiv.org/,Cornell University,fulltext;abstracts\n',
    );
    expect(again).toMatchObject({ added: 0, updated: 1 });
    const r = await importKbart(t.db.kysely, home.id, fixture(SPRINGER), { fileName: SPRINGER });
    expect(r).toMatchObject({ packageCode: 'Springer_Global_SpringerLinkJournals', titles: 6, serials: 6 });
    expect(r.collectionId).toBe(ids.SpringerLink);
    // Again: the package's lines are replaced, not doubled.
    await importKbart(t.db.kysely, home.id, fixture(SPRINGER), { fileName: SPRINGER });
    const n = await t.db.kysely
      .selectFrom('e_title')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', home.id)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(6);
    await expect(importKbart(t.db.kysely, home.id, fixture(SPRINGER), { fileName: 'list.txt' })).rejects.toThrow(
      /no package code/,
    );
    // A file of bad lines only leaves the package as it was.
    const header = fixture(SPRINGER).split('\r\n')[0]!;
    await expect(importKbart(t.db.kysely, home.id, `${header}\nbad\tline\n`, { fileName: SPRINGER })).rejects.toThrow(
      /package is unchanged/,
    );
  });
});

describe('the navigation', () => {
  it('answers the screen conditions with counts (subjects with subName, subId, eng; types with screenId)', async () => {
    const res = await get<DbScreenConditions>(ApiPath.dbScreenList, {}, { lang: 'en_US' });
    expect(res.success).toBe(true);
    expect(res.data.totalCount).toBe(6);
    expect(res.data.subjects).toContainEqual({
      subId: '14',
      subName: 'Interdisciplinary Studies',
      eng: 'Interdisciplinary Studies',
      count: 3,
    });
    expect(res.data.dbTypes.find((d) => d.screenId === 'multimedia')).toEqual({
      screenId: 'multimedia',
      name: 'Audio and video',
      count: 1,
    });
    expect(res.data.initials.map((i) => i.letter)).toEqual(['A', 'E', 'S', 'W', 'X', 'Z']);
    const zh = await get<DbScreenConditions>(ApiPath.dbScreenList, {});
    expect(zh.data.subjects.find((s) => s.subId === '07')).toMatchObject({ subName: '理学', eng: 'Science' });
  });

  it('filters by subject, type, A–Z letter, words, access kind and language, and pages', async () => {
    const names = async (body: Record<string, unknown>) =>
      (await call<DbPage>(ApiPath.dbList, body)).data.list.map((d) => d.nameZh);
    expect(await names({ subId: '07' })).toEqual(['中国知网（CNKI）', 'SpringerLink', 'arXiv 预印本']);
    expect(await names({ screenId: 'theses' })).toEqual(['万方数据知识服务平台']);
    expect(await names({ initial: 'w' })).toEqual(['万方数据知识服务平台']);
    expect(await names({ keyword: 'springer' })).toEqual(['SpringerLink']);
    expect(await names({ keyword: '知网' })).toEqual(['中国知网（CNKI）']);
    expect(await names({ keyword: '%' })).toEqual([]);
    expect(await names({ accessKind: 'open' })).toEqual(['arXiv 预印本']);
    expect(await names({ language: 'de' })).toEqual(['SpringerLink']);
    expect(await names({ sort: 'name' })).toEqual([
      'arXiv 预印本',
      'EBSCO ASP',
      'SpringerLink',
      '万方数据知识服务平台',
      '新东方多媒体学习库',
      '中国知网（CNKI）',
    ]);
    const page2 = await call<DbPage>(ApiPath.dbList, { page: 2, rows: 4 });
    expect(page2.data).toMatchObject({ totalCount: 6 });
    expect(page2.data.list).toHaveLength(2);
    const bad = await call<DbPage>(ApiPath.dbList, { screenId: 'movies' });
    expect(bad.success).toBe(false);
    expect(bad.status).toBeLessThan(500);
  });

  it("shows a trial's dates, an ended trial, and the card in the request's language", async () => {
    const list = (await call<DbPage>(ApiPath.dbList, { accessKind: 'trial' }, { lang: 'en_US' })).data.list;
    const now = list.find((d) => d.nameZh === '新东方多媒体学习库')!;
    expect(now).toMatchObject({ name: 'New Oriental', trialFrom: today(-5), trialUntil: today(30), trialEnded: false });
    expect(list.find((d) => d.nameZh === 'EBSCO ASP')).toMatchObject({ trialEnded: true });
  });

  it("answers a database's page with its guide, types, title counts; not another institution's", async () => {
    const res = await get<DbDetail>(ApiPath.dbDetails, { id: String(ids.SpringerLink) }, { lang: 'en_US' });
    expect(res.data).toMatchObject({
      name: 'SpringerLink',
      languages: ['en', 'de'],
      packageCode: 'Springer_Global_SpringerLinkJournals',
      titleCounts: { serial: 5, monograph: 0 },
    });
    const cnki = await get<DbDetail>(ApiPath.dbDetails, { id: String(ids['中国知网（CNKI）']) }, { lang: 'en_US' });
    expect(cnki.data).toMatchObject({ guide: 'Open on campus', description: 'Chinese journals' });
    const theirs = await get<DbDetail>(ApiPath.dbDetails, { id: String(ids['他馆数据库']) });
    expect(theirs).toMatchObject({ success: false, errCode: EResourceErrCode.noSuchDatabase });
    const same = await get<DbDetail>(ApiPath.newDbDetails, { recordId: String(ids.SpringerLink) });
    expect(same.data.id).toBe(ids.SpringerLink);
  });

  it('lists new and trial databases for /newDataBase', async () => {
    const all = await call<DbPage>(ApiPath.newDbList, {});
    expect(all.data.totalCount).toBe(6);
    const trials = await call<DbPage>(ApiPath.newDbList, { kind: 'trial' });
    expect(trials.data.list.map((d) => d.nameZh)).toEqual(['新东方多媒体学习库']);
  });

  it('fills databaseFindDtoList of the dictionaries with the institution’s databases', async () => {
    const res = await call<DictResponse>(ApiPath.dict, {});
    const names = res.data.databaseFindDtoList.map((d) => d.name);
    expect(names).toContain('SpringerLink');
    expect(names).not.toContain('他馆数据库');
  });
});

describe('visits and the link to open', () => {
  it('counts each click and answers the direct link on campus, the proxy or remote link off campus', async () => {
    const id = ids['中国知网（CNKI）']!;
    const on = await call<DbVisit>(ApiPath.dbVisit, { id }, { ip: '10.1.2.3' });
    expect(on.data).toEqual({ url: 'https://www.cnki.net/', onCampus: true, visitCount: 1 });
    const off = await call<DbVisit>(ApiPath.dbVisit, { id }, { ip: '8.8.8.8' });
    expect(off.data).toEqual({
      url: 'https://ezproxy.lib.edu.cn/login?url=https://www.cnki.net/',
      onCampus: false,
      visitCount: 2,
    });
    const remote = await call<DbVisit>(ApiPath.dbVisit, { id: ids['万方数据知识服务平台'] });
    expect(remote.data.url).toBe('https://remote.wanfangdata.com.cn/');
    const open = await call<DbVisit>(ApiPath.dbVisit, { id: ids['arXiv 预印本'] });
    expect(open.data.url).toBe('https://arxiv.org/');
    const page = await get<DbDetail>(ApiPath.dbDetails, { id: String(id) });
    expect(page.data).toMatchObject({ visitCount: 2, visitTotal: 2, offCampus: true });
    // Visits are by day: the hot list's 30-day figure comes from them.
    const rows = await t.db.kysely
      .selectFrom('e_collection_visit')
      .selectAll()
      .where('collection_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.visits).toBe(2);
  });

  it("does not count a visit of another institution's database, and takes no GET", async () => {
    const res = await call<DbVisit>(ApiPath.dbVisit, { id: ids['他馆数据库'] });
    expect(res).toMatchObject({ success: false, errCode: EResourceErrCode.noSuchDatabase });
    const rows = await t.db.kysely
      .selectFrom('e_collection_visit')
      .selectAll()
      .where('tenant_id', '=', other.id)
      .execute();
    expect(rows).toEqual([]);
    const viaGet = await t.app.inject({
      method: 'GET',
      url: `${ApiPath.dbVisit}?id=${ids['中国知网（CNKI）']}`,
      headers: { mappingPath: home.mappingPath },
    });
    expect(viaGet.statusCode).toBe(404);
  });

  it('shows staff the visits per day and per database of the last 30 days', async () => {
    // An institution of its own: the figures are its visits only.
    const own = await makeTenant(t);
    await importDatabasesCsv(
      t.db.kysely,
      own.id,
      'name,url\n读秀学术搜索,https://www.duxiu.com/\n超星期刊,https://qikan.chaoxing.com/\n',
    );
    const [duxiu, qikan] = (
      await t.db.kysely.selectFrom('e_collection').select('id').where('tenant_id', '=', own.id).orderBy('id').execute()
    ).map((r) => r.id);
    for (const id of [duxiu, duxiu, duxiu, qikan]) await call<DbVisit>(ApiPath.dbVisit, { id }, { to: own });
    const ownDesk = await staffHeader(t, await makeStaff(t, own.id, { role: 'staff' }));
    const res = await get<DbVisitFigures>(ApiPath.adminDbVisits, {}, { headers: ownDesk, to: own });
    expect(res.data.daily).toHaveLength(30);
    expect(res.data.daily.at(-1)).toEqual({ day: today(), visits: 4 });
    expect(res.data.list.map((d) => [d.name, d.visits])).toEqual([
      ['读秀学术搜索', 3],
      ['超星期刊', 1],
    ]);
    const anon = await get<DbVisitFigures>(ApiPath.adminDbVisits, {});
    expect(anon.success).toBe(false);
  });
});

describe('trial feedback', () => {
  const trialId = () => ids['新东方多媒体学习库']!;
  /** A reader of its own for each test (the daily limit is a reader's). */
  const aReader = async () => {
    const reader = await makeReader(t, home.id);
    return { readerId: reader.id, readerHeaders: await signIn(t, home, reader) };
  };

  it('takes a logged-in reader’s feedback on a trial, counted in code points up to 1000', async () => {
    const { readerHeaders } = await aReader();
    const anon = await call<TrialFeedback>(ApiPath.dbFeedback, { id: trialId(), content: '好' });
    expect(anon.success).toBe(false);
    const ok = await call<TrialFeedback>(
      ApiPath.dbFeedback,
      { id: trialId(), content: `  ${'😀'.repeat(1000)}  `, rating: 5 },
      { headers: readerHeaders, lang: 'en_US' },
    );
    expect(ok.success).toBe(true);
    expect(ok.message).toMatch(/Thank you/);
    expect(ok.data).toMatchObject({ status: 'new', rating: 5, collectionId: trialId() });
    const long = await call<TrialFeedback>(
      ApiPath.dbFeedback,
      { id: trialId(), content: '字'.repeat(1001) },
      { headers: readerHeaders },
    );
    expect(long).toMatchObject({ success: false, errCode: EResourceErrCode.feedbackTooLong });
    expect(long.message).toContain('1001');
    const empty = await call<TrialFeedback>(
      ApiPath.dbFeedback,
      { id: trialId(), content: '   ' },
      { headers: readerHeaders },
    );
    expect(empty.errCode).toBe(EResourceErrCode.feedbackEmpty);
  });

  it('refuses feedback on a database not on trial or whose trial ended', async () => {
    const { readerHeaders } = await aReader();
    for (const name of ['中国知网（CNKI）', 'EBSCO ASP']) {
      const res = await call<TrialFeedback>(
        ApiPath.dbFeedback,
        { id: ids[name], content: '好用' },
        { headers: readerHeaders },
      );
      expect(res.errCode).toBe(EResourceErrCode.notOnTrial);
    }
    const theirs = await call<TrialFeedback>(
      ApiPath.dbFeedback,
      { id: ids['他馆数据库'], content: '好用' },
      { headers: readerHeaders },
    );
    expect(theirs.errCode).toBe(EResourceErrCode.noSuchDatabase);
  });

  it('stops a reader at the daily limit and says how many remain', async () => {
    const { readerId, readerHeaders } = await aReader();
    for (let i = 0; i < TRIAL_FEEDBACK_DAILY_LIMIT; i += 1) {
      const res = await call<TrialFeedback>(
        ApiPath.dbFeedback,
        { id: trialId(), content: `第 ${i} 条` },
        { headers: readerHeaders },
      );
      expect(res.success).toBe(true);
    }
    const over = await call<TrialFeedback>(
      ApiPath.dbFeedback,
      { id: trialId(), content: '再一条' },
      { headers: readerHeaders },
    );
    expect(over.errCode).toBe(EResourceErrCode.feedbackDailyLimit);
    const mine = await get<MyTrialFeedback>(
      ApiPath.dbMyFeedback,
      { id: String(trialId()) },
      { headers: readerHeaders },
    );
    expect(mine.data.list).toHaveLength(TRIAL_FEEDBACK_DAILY_LIMIT);
    expect(mine.data.remainingToday).toBe(0);
    const stored = await t.db.kysely
      .selectFrom('e_collection_feedback')
      .select('id')
      .where('reader_id', '=', readerId)
      .execute();
    expect(stored).toHaveLength(TRIAL_FEEDBACK_DAILY_LIMIT);
  });

  it('lets staff read, reply (the reader told in the inbox) and handle; a stale version is refused', async () => {
    const { readerId, readerHeaders } = await aReader();
    const sent = await call<TrialFeedback>(
      ApiPath.dbFeedback,
      { id: trialId(), content: '试用体验不错，希望正式订购' },
      { headers: readerHeaders },
    );
    expect(sent.success).toBe(true);
    const q = await get<AdminFeedbackPage>(ApiPath.adminDbFeedback, { status: 'new', rows: '100' }, { headers: desk });
    expect(q.data.counts.new).toBe(q.data.totalCount);
    const f = q.data.list.find((x) => x.feedbackId === sent.data.feedbackId)!;
    expect(f).toMatchObject({ collectionName: '新东方多媒体学习库', readerId });
    const noReply = await call<AdminTrialFeedback>(
      ApiPath.adminDbFeedbackHandle,
      { feedbackId: f.feedbackId, version: f.version, status: 'replied', reply: '' },
      { headers: desk },
    );
    expect(noReply.errCode).toBe(EResourceErrCode.replyRequired);
    const replied = await call<AdminTrialFeedback>(
      ApiPath.adminDbFeedbackHandle,
      { feedbackId: f.feedbackId, version: f.version, status: 'replied', reply: '感谢反馈，将于月底决定是否订购。' },
      { headers: desk },
    );
    expect(replied.data).toMatchObject({ status: 'replied', reply: '感谢反馈，将于月底决定是否订购。' });
    const stale = await call<AdminTrialFeedback>(
      ApiPath.adminDbFeedbackHandle,
      { feedbackId: f.feedbackId, version: f.version, status: 'handled' },
      { headers: desk },
    );
    expect(stale.errCode).toBe(EResourceErrCode.changedMeanwhile);
    const inbox = await t.db.kysely
      .selectFrom('reader_inbox')
      .select('body')
      .where('reader_id', '=', readerId)
      .execute();
    expect(inbox.map((m) => m.body).join()).toContain('将于月底决定是否订购');
    const audit = await t.db.kysely.selectFrom('audit_log').select('action').where('tenant_id', '=', home.id).execute();
    expect(audit.map((a) => a.action)).toContain('eresource.feedback.replied');
    const mine = await get<MyTrialFeedback>(
      ApiPath.dbMyFeedback,
      { id: String(trialId()) },
      { headers: readerHeaders },
    );
    expect(mine.data.list.find((x) => x.feedbackId === f.feedbackId)?.reply).toContain('月底');
  });

  it("keeps each institution's feedback and readers apart", async () => {
    const { readerHeaders } = await aReader();
    await call<TrialFeedback>(ApiPath.dbFeedback, { id: trialId(), content: '好' }, { headers: readerHeaders });
    const theirs = await get<AdminFeedbackPage>(ApiPath.adminDbFeedback, {}, { headers: otherAdmin, to: other });
    expect(theirs.data.totalCount).toBe(0);
    const f = (await get<AdminFeedbackPage>(ApiPath.adminDbFeedback, {}, { headers: desk })).data.list[0]!;
    const cross = await call<AdminTrialFeedback>(
      ApiPath.adminDbFeedbackHandle,
      { feedbackId: f.feedbackId, version: f.version, status: 'handled' },
      { headers: otherAdmin, to: other },
    );
    expect(cross.errCode).toBe(EResourceErrCode.noSuchFeedback);
    // Another reader of the same institution sees none of this reader's feedback.
    const someone = await makeReader(t, home.id);
    const theirsToo = await get<MyTrialFeedback>(
      ApiPath.dbMyFeedback,
      { id: String(trialId()) },
      { headers: await signIn(t, home, someone) },
    );
    expect(theirsToo.data).toEqual({ list: [], remainingToday: TRIAL_FEEDBACK_DAILY_LIMIT });
  });
});

describe('the console', () => {
  it("edits a database's navigation fields with its version, checked", async () => {
    const id = ids['万方数据知识服务平台']!;
    const cur = await get<AdminDbDetails>(ApiPath.adminDbDetails, { id: String(id) }, { headers: desk });
    expect(cur.data).toMatchObject({
      dbTypes: ['fulltext', 'theses'],
      urlOffCampus: 'https://remote.wanfangdata.com.cn/',
    });
    const body = {
      ...cur.data,
      guide: '校外请用 VPN',
      guideEn: 'Use the VPN off campus',
      dbTypes: ['theses', 'patents', 'theses'],
      languages: ['zh', 'en'],
      urlOffCampus: '',
      proxied: true,
    };
    const saved = await call<AdminDbDetails>(ApiPath.adminDbDetailsSave, body, { headers: desk });
    expect(saved.data).toMatchObject({ dbTypes: ['theses', 'patents'], proxied: true, urlOffCampus: '' });
    const stale = await call<AdminDbDetails>(ApiPath.adminDbDetailsSave, body, { headers: desk });
    expect(stale.errCode).toBe(EResourceErrCode.changedMeanwhile);
    const badLink = await call<AdminDbDetails>(
      ApiPath.adminDbDetailsSave,
      { ...body, version: saved.data.version, urlOffCampus: 'javascript:alert(1)' },
      { headers: desk },
    );
    expect(badLink.success).toBe(false);
    const theirs = await get<AdminDbDetails>(
      ApiPath.adminDbDetails,
      { id: String(id) },
      { headers: otherAdmin, to: other },
    );
    expect(theirs.errCode).toBe(EResourceErrCode.noSuchDatabase);
    const page = await get<DbDetail>(ApiPath.dbDetails, { id: String(id) }, { lang: 'en_US' });
    expect(page.data.guide).toBe('Use the VPN off campus');
    // Back as imported: the other tests, in whatever order they run, read this database so.
    const restored = await call<AdminDbDetails>(
      ApiPath.adminDbDetailsSave,
      { ...cur.data, version: saved.data.version },
      { headers: desk },
    );
    expect(restored.data).toMatchObject({ dbTypes: ['fulltext', 'theses'], urlOffCampus: cur.data.urlOffCampus });
  });

  it('lets administrators only set the proxy and networks, checked, with the version', async () => {
    const byDesk = await call<EResourceSettings>(
      ApiPath.adminEResourceSettingsSave,
      { proxyPrefix: '', campusNetworks: [], version: 1 },
      { headers: desk },
    );
    expect(byDesk.errCode).toBe(StaffErrCode.roleTooLow);
    const badNet = await call<EResourceSettings>(
      ApiPath.adminEResourceSettingsSave,
      { proxyPrefix: '', campusNetworks: ['10.0.0.0/40'], version: 1 },
      { headers: admin, lang: 'en_US' },
    );
    expect(badNet).toMatchObject({ errCode: EResourceErrCode.badNetwork });
    expect(badNet.message).toContain('10.0.0.0/40');
    const badProxy = await call<EResourceSettings>(
      ApiPath.adminEResourceSettingsSave,
      { proxyPrefix: 'ezproxy', campusNetworks: [], version: 1 },
      { headers: admin },
    );
    expect(badProxy.errCode).toBe(EResourceErrCode.badProxyPrefix);
    const stale = await call<EResourceSettings>(
      ApiPath.adminEResourceSettingsSave,
      { proxyPrefix: '', campusNetworks: [], version: 0 },
      { headers: admin },
    );
    expect(stale.errCode).toBe(EResourceErrCode.changedMeanwhile);
    const theirs = await get<EResourceSettings>(ApiPath.adminEResourceSettings, {}, { headers: otherAdmin, to: other });
    expect(theirs.data).toEqual({ proxyPrefix: '', campusNetworks: [], version: 0 });
  });
});
