import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  ErrCode,
  HomeNavErrCode,
  StaffErrCode,
  type CountAnswer,
  type FixedIconSet,
  type HomeInfo,
  type HomeUsage,
  type PublicFixedIcons,
} from '@openfind/contract';
import { HomeNavigationService, chinaDate, sitePath } from '../src/modules/home-navigation/home-navigation-service.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { day, makeCollections, makeRecords, makeTenant, type MadeTenant } from './support/factories.js';
import { makeStaff, staffHeader } from './support/staff.js';

/**
 * The home page's navigation services (issue 30): the figures of `/find/homePage/info`, element
 * counters and the navigation click log (allow-list, one row per element, kind and day, the day's
 * bound, the per-minute bound), the fixed icons (public, the console's list and save from a version,
 * administrators only, audited) and the walls between institutions.
 */

type Lang = CallOptions['lang'];

let t: TestApp;
let home: MadeTenant;
let other: MadeTenant;
let desk: Record<string, string>;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  home = await makeTenant(t);
  other = await makeTenant(t);
  desk = await staffHeader(t, await makeStaff(t, home.id, { role: 'staff' }));
  admin = await staffHeader(t, await makeStaff(t, home.id, { role: 'admin' }));
  otherAdmin = await staffHeader(t, await makeStaff(t, other.id, { role: 'admin' }));
});
afterAll(async () => t?.close());

async function call<T>(
  url: string,
  input: Record<string, unknown> | undefined,
  headers: Record<string, string> = {},
  opts: { lang?: Lang; to?: MadeTenant; method?: 'GET' | 'POST' } = {},
) {
  const method = opts.method ?? (input === undefined ? 'GET' : 'POST');
  const res = await t.call({
    url,
    method,
    mappingPath: (opts.to ?? home).mappingPath,
    lang: opts.lang,
    headers,
    ...(method === 'GET' ? { query: (input ?? {}) as Record<string, string> } : { body: input }),
  });
  return { status: res.statusCode, ...envelopeOf<T>(res) };
}

/** A service of its own (its own cache and bounds) over the app's modules. */
const homeService = (opts: { maxElementsPerDay?: number } = {}) =>
  new HomeNavigationService(t.db.kysely, { ...t.services, ...opts });

const info = (to = home) => call<HomeInfo>(ApiPath.homeInfo, undefined, {}, { to });
const click = (body: Record<string, unknown>, to = home, lang?: Lang) =>
  call<CountAnswer>(ApiPath.elementClick, body, {}, { to, lang });
const nav = (body: Record<string, unknown>, to = home, lang?: Lang) =>
  call<CountAnswer>(ApiPath.navClick, body, {}, { to, lang });
const usage = (headers = desk, to = home, days = '30') =>
  call<HomeUsage>(ApiPath.adminHomeUsage, { days }, headers, { to, method: 'GET' });
const icons = (to = home, lang?: Lang) => call<PublicFixedIcons>(ApiPath.fixedIcons, undefined, {}, { to, lang });
const adminIcons = (headers = admin, to = home) =>
  call<FixedIconSet>(ApiPath.adminFixedIcons, undefined, headers, { to, method: 'GET' });
const saveIcons = (body: Record<string, unknown>, headers = admin, lang?: Lang) =>
  call<FixedIconSet>(ApiPath.adminSaveFixedIcons, body, headers, { lang });

describe('GET /find/homePage/info', () => {
  it("counts the institution's records, databases by access, journals, e-books and the rest", async () => {
    // Institutions of this test's own: other tests add records to `home` and count clicks of `other`.
    const mine = await makeTenant(t);
    const theirs = await makeTenant(t);
    const ids = await makeRecords(t, mine.id, [
      { title: '数据结构' },
      { title: '算法导论' },
      { title: '电子书一', links: [{ url: 'https://ebook.example.org/1', text: '全文' }] } as never,
      { title: '隐藏' },
      { title: '分布式事务调度研究', docCode: '3' },
      { title: '隐藏的学位论文', docCode: '3' },
    ]);
    await sql`UPDATE bib_record SET suppressed = true WHERE record_id IN (${ids[3]}, ${ids[5]})`.execute(t.db.kysely);
    await makeRecords(t, theirs.id, [{ title: '外校学位论文', docCode: '3' }]);
    await sql`UPDATE bib_record SET first_in_date = ${day(-3)}::date WHERE record_id = ${ids[0]}`.execute(t.db.kysely);
    await sql`UPDATE bib_record SET first_in_date = ${day(-90)}::date WHERE record_id = ${ids[1]}`.execute(t.db.kysely);
    const [trial, , open] = await makeCollections(t, mine.id, [
      { name: '试用库', trialUntil: day(10) },
      { name: '中国知网' },
      { name: '开放库' },
      { name: '隐藏库', hidden: true },
      { name: '过期试用', trialUntil: day(-2) },
    ]);
    await sql`UPDATE e_collection SET access_kind = 'trial' WHERE tenant_id = ${mine.id} AND trial_until IS NOT NULL`.execute(
      t.db.kysely,
    );
    await sql`UPDATE e_collection SET access_kind = 'open' WHERE id = ${open}`.execute(t.db.kysely);
    expect(trial).toBeGreaterThan(0);
    await sql`INSERT INTO department (tenant_id, code, name) VALUES (${mine.id}, 'CS', '计算机学院'), (${theirs.id}, 'X', '外校')`.execute(
      t.db.kysely,
    );
    await sql`INSERT INTO researcher (tenant_id, code, name) VALUES (${mine.id}, 'T1', '王晓明')`.execute(t.db.kysely);
    // Special collections readers see: top-level and shown ones (not a sub-collection, a hidden one or a special library).
    const [top] = (
      await sql<{ id: number }>`INSERT INTO special_package (tenant_id, kind, code, name, hidden) VALUES
        (${mine.id}, 'collection', 'C1', '民国文献', false), (${mine.id}, 'collection', 'C2', '未发布', true),
        (${mine.id}, 'base', 'B1', '法学分馆', false) RETURNING id`.execute(t.db.kysely)
    ).rows;
    await sql`INSERT INTO special_package (tenant_id, kind, code, name, parent_id) VALUES
      (${mine.id}, 'collection', 'C1-1', '民国期刊', ${top!.id}), (${theirs.id}, 'collection', 'X1', '外校特藏', null)`.execute(
      t.db.kysely,
    );
    await sql`INSERT INTO course (tenant_id, code, name, term, year) VALUES
      (${mine.id}, 'C1', '数据结构', '2025-2026-1', 2025), (${mine.id}, 'C1', '数据结构', '2025-2026-2', 2025)`.execute(
      t.db.kysely,
    );
    await makeCollections(t, theirs.id, [{ name: '外校库' }]);

    const r = await info(mine);
    expect(r.success).toBe(true);
    const d = r.data!;
    expect(d.records).toBe(4);
    expect(d.newArrivals).toBe(1);
    expect(d.databases).toEqual({ total: 4, trial: 1, purchased: 1, open: 1 });
    expect(d.ebooks).toBe(1);
    expect(d.departments).toBe(1);
    expect(d.courses).toBe(1);
    expect(d.researchers).toBe(1);
    // The thesis records are read before they are counted: the shown one, not the suppressed one.
    expect(d.theses).toBe(1);
    expect(d.specialCollections).toBe(1);
    expect(d.journals).toEqual({ total: 0, print: 0, electronic: 0, core: 0 });
    expect(Date.parse(d.countedAt)).toBeGreaterThan(0);

    const o = (await info(theirs)).data!;
    expect(o).toMatchObject({
      records: 1,
      databases: { total: 1 },
      departments: 1,
      courses: 0,
      researchers: 0,
      theses: 1,
      specialCollections: 1,
    });
  });

  it('is counted once a minute per institution when cached', async () => {
    const tenant = await makeTenant(t);
    const svc = homeService();
    const a = await svc.homeInfo(tenant.id);
    await makeRecords(t, tenant.id, [{ title: '新到图书' }]);
    expect((await svc.homeInfo(tenant.id)).records).toBe(a.records);
    const fresh = homeService();
    expect((await fresh.homeInfo(tenant.id)).records).toBe(a.records + 1);
  });
});

describe('element counters and the navigation click log', () => {
  it('counts per element, kind and day, and the console reads them back, most used first', async () => {
    for (let i = 0; i < 3; i++)
      expect((await click({ element: 'quickLink.databases' })).data).toEqual({ counted: true });
    await click({ element: 'quickLink.journals' });
    await click({ element: 'attachment.notice', kind: 'download', ref: '17' });
    await nav({ menuId: 'menuA-3' });
    await nav({ menuId: 'menuA-3' });
    await nav({ path: '/magazineNav?x=1#top' });
    await click({ element: 'quickLink.databases' }, other);

    const rows = await t.db.kysely
      .selectFrom('home_element_daily' as never)
      .selectAll()
      .where('tenant_id' as never, '=', home.id as never)
      .execute();
    expect(rows).toHaveLength(5);

    const u = await usage();
    expect(u.success).toBe(true);
    expect(u.data!.to).toBe(chinaDate());
    expect(u.data!.navigation.map((r) => [r.element, r.count])).toEqual([
      ['menu:menuA-3', 2],
      ['path:/magazineNav', 1],
    ]);
    expect(u.data!.elements[0]).toMatchObject({ element: 'quickLink.databases', kind: 'click', count: 3, days: 1 });
    expect(u.data!.elements).toContainEqual(
      expect.objectContaining({ element: 'attachment.notice:17', kind: 'download', count: 1 }),
    );
    expect(u.data!.totals).toEqual({ navigation: 3, click: 4, download: 1, visit: 0 });

    // The other institution's staff read their own figures only, and may not read ours.
    const theirs = await usage(otherAdmin, other);
    expect(theirs.data!.elements.map((r) => [r.element, r.count])).toEqual([['quickLink.databases', 1]]);
    expect((await usage(otherAdmin, home)).errCode).toBe(StaffErrCode.otherInstitution);
    expect((await usage({}, home)).success).toBe(false);
  });

  it('refuses an element off the allow-list, a bad kind, and a navigation without a target, translated', async () => {
    for (const element of ['evil', 'quickLink.', 'script.x', `quickLink.${'a'.repeat(41)}`, 'quickLink.a b']) {
      const r = await click({ element });
      expect(r).toMatchObject({ status: 400, success: false, errCode: ErrCode.badRequest });
    }
    expect((await click({ element: 'banner.1', kind: 'hover' })).status).toBe(400);
    expect((await click({ element: 'banner.1', ref: '../x' })).status).toBe(400);
    const none = await nav({}, home, 'en_US');
    expect(none).toMatchObject({ success: false, errCode: HomeNavErrCode.badNavTarget });
    expect(none.message).toMatch(/menu entry/);
    expect((await nav({ path: '//evil.example.org/x' }, home, 'zh_CN')).message).toMatch(/菜单项/);
    expect((await nav({ path: 'https://evil.example.org/' })).errCode).toBe(HomeNavErrCode.badNavTarget);
    expect((await nav({ path: `/${'a'.repeat(200)}` })).errCode).toBe(HomeNavErrCode.badNavTarget);
    expect(sitePath('/dataBaseNav?sub=07')).toBe('/dataBaseNav');
    expect(sitePath('/a<b>')).toBeUndefined();
  });

  it("bounds an institution's day to a number of distinct elements, still counting those it holds", async () => {
    const tenant = await makeTenant(t);
    const svc = homeService({ maxElementsPerDay: 3 });
    const req = (element: string) => ({ element, kind: 'click' as const, ref: '' });
    for (const e of ['banner.1', 'banner.2', 'banner.3'])
      expect(await svc.elementClick(tenant.id, 'a', req(e))).toEqual({ counted: true });
    expect(await svc.elementClick(tenant.id, 'a', req('banner.4'))).toEqual({ counted: false });
    expect(await svc.navClick(tenant.id, 'a', { menuId: 'm1', path: '' })).toEqual({ counted: false });
    expect(await svc.elementClick(tenant.id, 'a', req('banner.1'))).toEqual({ counted: true });
    const { rows } = await sql<{ n: number; total: number }>`SELECT count(*)::int AS n, sum(count)::int AS total
      FROM home_element_daily WHERE tenant_id = ${tenant.id}`.execute(t.db.kysely);
    expect(rows[0]).toEqual({ n: 3, total: 4 });
  });

  it('refuses more counts from one address in a minute than the bound (HTTP 429, translated)', async () => {
    const tenant = await makeTenant(t);
    for (let i = 0; i < 60; i++) expect((await click({ element: 'footer.map' }, tenant)).success).toBe(true);
    const r = await click({ element: 'footer.map' }, tenant, 'zh_CN');
    expect(r).toMatchObject({ status: 429, success: false, errCode: HomeNavErrCode.tooManyCounts });
    expect(r.message).toMatch(/过于频繁/);
    // Another institution is counted apart (one of this test's own: the counters of `other` are read elsewhere).
    expect((await click({ element: 'footer.map' }, await makeTenant(t))).success).toBe(true);
  });

  it('counts through POST only: a GET changes nothing', async () => {
    const r = await t.call({
      url: ApiPath.elementClick,
      method: 'GET',
      mappingPath: home.mappingPath,
      query: { element: 'banner.1' },
    });
    expect(r.statusCode).toBe(404);
  });
});

describe('fixed icons', () => {
  const ICONS = [
    { kind: 'top', glyph: 'top', name: '返回顶部', nameTw: '回到頂部', nameEn: 'Back to top' },
    { kind: 'link', glyph: 'feedback', name: '意见反馈', nameEn: 'Feedback', address: '/myLibrary?key=12' },
    { kind: 'qr', glyph: 'wechat', name: '微信公众号', nameEn: 'WeChat', address: 'https://lib.example.edu.cn/wx.png' },
    {
      kind: 'link',
      glyph: 'chat',
      name: '在线咨询',
      address: 'https://chat.example.edu.cn/',
      newTab: true,
      enabled: false,
    },
  ];

  it('offers "back to top" until administrators save, then their enabled icons in order, named in the language asked', async () => {
    const first = await icons();
    expect(first.data!.list).toEqual([{ kind: 'top', glyph: 'top', name: '返回顶部', address: '', newTab: false }]);
    const read = await adminIcons(desk);
    expect(read.data).toMatchObject({ version: 0, updatedAt: null });

    const saved = await saveIcons({ list: ICONS, version: 0 }, admin, 'en_US');
    expect(saved.success).toBe(true);
    expect(saved.message).toBe('Fixed icons saved');
    expect(saved.data!.version).toBe(1);
    expect(saved.data!.list).toHaveLength(4);

    const en = (await icons(home, 'en_US')).data!.list;
    expect(en.map((i) => i.name)).toEqual(['Back to top', 'Feedback', 'WeChat']);
    const tw = (await icons(home, 'zh_HK')).data!.list;
    expect(tw.map((i) => i.name)).toEqual(['回到頂部', '意见反馈', '微信公众号']);
    expect(en[2]).toMatchObject({ kind: 'qr', address: 'https://lib.example.edu.cn/wx.png' });
    // The other institution keeps its own (the default).
    expect((await icons(other)).data!.list).toHaveLength(1);

    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action'])
      .where('tenant_id', '=', home.id)
      .where('action', '=', 'homePage.fixedIcons')
      .execute();
    expect(audit).toHaveLength(1);

    // From a version read before: refused, nothing changed.
    const stale = await saveIcons({ list: ICONS.slice(0, 1), version: 0 }, admin, 'zh_CN');
    expect(stale).toMatchObject({ success: false, errCode: HomeNavErrCode.changedMeanwhile });
    expect(stale.message).toMatch(/他人修改/);
    const again = await saveIcons({ list: ICONS.slice(0, 2), version: 1 });
    expect(again.data!.version).toBe(2);
    expect((await icons()).data!.list).toHaveLength(2);
  });

  it('checks addresses, the QR image, one "back to top" and the number of icons', async () => {
    const v = (await adminIcons()).data!.version;
    const bad = await saveIcons(
      { list: [ICONS[0], { ...ICONS[1], address: 'javascript:alert(1)' }], version: v },
      admin,
      'en_US',
    );
    expect(bad).toMatchObject({ success: false, errCode: HomeNavErrCode.badIconAddress });
    expect(bad.message).toMatch(/Icon 2/);
    expect((await saveIcons({ list: [{ ...ICONS[2], address: '' }], version: v })).errCode).toBe(
      HomeNavErrCode.iconAddressRequired,
    );
    expect((await saveIcons({ list: [{ ...ICONS[1], address: '//evil.example.org' }], version: v })).errCode).toBe(
      HomeNavErrCode.badIconAddress,
    );
    expect((await saveIcons({ list: [ICONS[0], ICONS[0]], version: v })).errCode).toBe(HomeNavErrCode.duplicateTopIcon);
    expect((await saveIcons({ list: Array(9).fill(ICONS[1]), version: v })).status).toBe(400);
    expect((await saveIcons({ list: [{ ...ICONS[1], name: '' }], version: v })).status).toBe(400);
    expect((await saveIcons({ list: [{ ...ICONS[1], kind: 'popup' }], version: v })).status).toBe(400);
    expect((await adminIcons()).data!.version).toBe(v);
  });

  it('lets staff read and administrators save, in their own institution only', async () => {
    const v = (await adminIcons()).data!.version;
    expect((await saveIcons({ list: [ICONS[0]], version: v }, desk)).errCode).toBe(StaffErrCode.roleTooLow);
    expect((await saveIcons({ list: [ICONS[0]], version: v }, otherAdmin)).errCode).toBe(StaffErrCode.otherInstitution);
    expect((await adminIcons(otherAdmin)).errCode).toBe(StaffErrCode.otherInstitution);
    expect((await saveIcons({ list: [ICONS[0]], version: v }, {})).success).toBe(false);
    expect((await adminIcons()).data!.version).toBe(v);
  });
});
