import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  ErrCode,
  SITE_SECTIONS,
  SiteAdminErrCode,
  SiteConfig,
  StaffErrCode,
  type AdminMenuItem,
  type MenuList,
  type PublicSiteConfig,
  type SiteAdminSettings,
  type SiteAsset,
  type SiteSaved,
} from '@openfind/contract';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { makeTenant, type MadeTenant } from './support/factories.js';
import { makeStaff, staffHeader } from './support/staff.js';

/**
 * Issue 28, the site configuration screen: reading everything with a version, saving a section or a
 * menu (each kind of value checked, rich text cleaned), the save that comes after someone else's
 * (refused, nothing written), the audit rows, the settings cache cleared for readers, uploads judged
 * by their content, and the institution's walls.
 */

let t: TestApp;
let home: MadeTenant;
let other: MadeTenant;
let admin: Record<string, string>;
let desk: Record<string, string>;
let otherAdmin: Record<string, string>;

beforeAll(async () => {
  // With the settings cache on, as in production: a save must clear it.
  t = await createTestApp({ seed: false, auth: TEST_AUTH, cacheMs: 60_000 });
  home = await makeTenant(t);
  other = await makeTenant(t);
  admin = await staffHeader(t, await makeStaff(t, home.id, { role: 'admin' }));
  desk = await staffHeader(t, await makeStaff(t, home.id, { role: 'staff' }));
  otherAdmin = await staffHeader(t, await makeStaff(t, other.id, { role: 'admin' }));
});
afterAll(async () => t?.close());

type Lang = CallOptions['lang'];

async function call<T>(
  url: string,
  input: Record<string, unknown> | undefined,
  opts: { headers?: Record<string, string>; lang?: Lang; to?: MadeTenant } = {},
) {
  const res = await t.call({
    url,
    mappingPath: (opts.to ?? home).mappingPath,
    lang: opts.lang,
    headers: opts.headers ?? admin,
    ...(input === undefined ? { method: 'GET' as const } : { body: input }),
  });
  return { status: res.statusCode, ...envelopeOf<T>(res) };
}

const settings = (to = home, headers = admin) =>
  call<SiteAdminSettings>(ApiPath.siteAdminSettings, undefined, { to, headers });

/** Every key of a section as it is now, with `changes` over them. */
async function sectionBody(section: keyof typeof SITE_SECTIONS, changes: Record<string, unknown> = {}, to = home) {
  const s = (await settings(to)).data;
  const values = Object.fromEntries(SITE_SECTIONS[section].map((k) => [k, s.config[k]]));
  const extra =
    section === 'general'
      ? { names: s.names, params: { version: s.params.version } }
      : section === 'features'
        ? { params: { newAISearchFlag: s.params.newAISearchFlag } }
        : {};
  return { section, version: s.version, values: { ...values, ...changes }, ...extra };
}

const save = (
  body: Record<string, unknown>,
  opts: { headers?: Record<string, string>; lang?: Lang; to?: MadeTenant } = {},
) => call<SiteSaved>(ApiPath.siteAdminSaveSection, body, opts);

const findConfig = async (to = home) =>
  envelopeOf<PublicSiteConfig>(await t.call({ url: ApiPath.getFindConfig, mappingPath: to.mappingPath })).data;

const item = (menuName: string, more: Partial<AdminMenuItem> = {}): AdminMenuItem => ({
  menuName,
  complexFont: '',
  englishName: '',
  menuUrl: '',
  useFlag: '1',
  jumpMode: '1',
  child: [],
  ...more,
});

async function auditRows(action: string, tenantId = home.id) {
  return (await t.services.staff.auditLog(tenantId, 500)).filter((r) => r.action === action);
}

describe('reading', () => {
  it('gives administrators every key of getFindConfig, the names, parameters, menus and a version', async () => {
    // An institution of its own: the other tests (in any order: test:pg shuffles them) save menus at `home`.
    const fresh = await makeTenant(t);
    const r = await settings(fresh, await staffHeader(t, await makeStaff(t, fresh.id, { role: 'admin' })));
    expect(r.success, r.message).toBe(true);
    expect(Object.keys(r.data.config).sort()).toEqual(Object.keys(SiteConfig.shape).sort());
    expect(r.data.names.name).toBe(fresh.name);
    expect(r.data.mappingPath).toBe(fresh.mappingPath);
    expect(r.data.menus).toEqual({ menuA: [], menuB: [], menuC: [] });
    expect(r.data.version).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('puts every key of the configuration in exactly one section', () => {
    const all = Object.values(SITE_SECTIONS).flat();
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual(Object.keys(SiteConfig.shape).sort());
  });

  it('refuses desk staff, another institution’s administrator and anyone without a staff session', async () => {
    const byDesk = await settings(home, desk);
    expect([byDesk.status, byDesk.errCode]).toEqual([403, StaffErrCode.roleTooLow]);
    const byOther = await settings(home, otherAdmin);
    expect([byOther.status, byOther.errCode]).toEqual([403, StaffErrCode.otherInstitution]);
    const body = await sectionBody('appearance', { navBackColor: '000000' });
    const saveByOther = await save(body, { headers: otherAdmin });
    expect([saveByOther.status, saveByOther.errCode]).toEqual([403, StaffErrCode.otherInstitution]);
    const anonymous = await save(body, { headers: {} });
    expect(anonymous.status).toBe(401);
    expect((await findConfig()).navBackColor).not.toBe('000000');
  });
});

describe('saving a section', () => {
  it('stores it, moves the version on, writes the audit row and readers see it on their next page', async () => {
    // The readers' settings are cached now.
    expect((await findConfig()).navBackColor).toBe('25313d');
    const body = await sectionBody('appearance', { navBackColor: '#1A5C3F', logoLinkUrl: '/newBookInform' });
    const r = await save(body, { lang: 'en-US' });
    expect(r.success, r.message).toBe(true);
    expect(r.message).toMatch(/saved/i);
    expect(r.data.version).not.toBe(body.version);
    const seen = await findConfig();
    expect(seen.navBackColor).toBe('1a5c3f');
    expect(seen.logoLinkUrl).toBe('/newBookInform');
    const [row] = await auditRows('site.config');
    expect(row).toMatchObject({
      target: 'site appearance',
      before: { navBackColor: '25313d', logoLinkUrl: '' },
      after: { navBackColor: '1a5c3f', logoLinkUrl: '/newBookInform' },
    });
  });

  it('saves the names and the footer, and the institution shows its new name', async () => {
    const tenant = await makeTenant(t);
    const headers = await staffHeader(t, await makeStaff(t, tenant.id, { role: 'admin' }));
    const s = (await settings(tenant, headers)).data;
    const values = Object.fromEntries(SITE_SECTIONS.general.map((k) => [k, s.config[k]]));
    const r = await save(
      {
        section: 'general',
        version: s.version,
        values: { ...values, consultationPhone: '010-6275 1234', directorMailbox: 'director@lib.example.edu' },
        names: { name: '新馆名', nameEn: 'New Library', nameTw: '新館名' },
        params: { version: '3.1' },
      },
      { headers, to: tenant },
    );
    expect(r.success, r.message).toBe(true);
    const after = (await settings(tenant, headers)).data;
    expect(after.names).toEqual({ name: '新馆名', nameEn: 'New Library', nameTw: '新館名' });
    expect(after.params.version).toBe('3.1');
    expect(after.config.consultationPhone).toBe('010-6275 1234');
    const group = await t.call({
      url: ApiPath.getGroupCode,
      mappingPath: tenant.mappingPath,
      lang: 'en-US',
      body: { mappingPath: tenant.mappingPath },
    });
    expect(JSON.stringify(envelopeOf(group).data)).toContain('New Library');
    const [row] = await auditRows('site.config', tenant.id);
    expect(row?.after).toMatchObject({ names: { name: '新馆名' }, params: { version: '3.1' } });
  });

  it('cleans rich text by the allow-list before storing it', async () => {
    const body = await sectionBody('texts', {
      helpHtml: '<h2>帮助</h2><p onclick="x()">借阅<script>alert(1)</script><a href="javascript:alert(2)">链接</a></p>',
    });
    const r = await save(body);
    expect(r.success, r.message).toBe(true);
    const stored = (await settings()).data.config.helpHtml;
    expect(stored).toContain('<h2>帮助</h2>');
    expect(stored).not.toMatch(/script|onclick|javascript/i);
  });

  it.each([
    ['a colour that is not one', 'appearance', { navBackColor: 'red' }, 'navBackColor'],
    ['a logo at a javascript: address', 'appearance', { pcLogoUrl: 'javascript:alert(1)' }, 'pcLogoUrl'],
    ['a logo link to another host without a scheme', 'appearance', { logoLinkUrl: '//evil.example' }, 'logoLinkUrl'],
    ['a font name too long', 'appearance', { specialFont: 'x'.repeat(201) }, 'specialFont'],
    [
      'a login address that is a path (http(s) only)',
      'login',
      { unifieAuthenLoginUrl: '/cas/login' },
      'unifieAuthenLoginUrl',
    ],
    ['an ftp address', 'login', { casServerUrl: 'ftp://cas.example.edu' }, 'casServerUrl'],
    ['an idle logout of 0 minutes', 'login', { primaryIdProtectTime: '0' }, 'primaryIdProtectTime'],
    ['an idle logout of a day and more', 'login', { primaryIdProtectTime: '1441' }, 'primaryIdProtectTime'],
    ['a password age past ten years', 'login', { passwordMaxAgeDays: '3651' }, 'passwordMaxAgeDays'],
    ['a flag that is not 0 or 1', 'login', { loginFlag: '2' }, 'loginFlag'],
    ['a mailbox that is not an address', 'general', { directorMailbox: 'director at lib' }, 'directorMailbox'],
    ['a phone with letters', 'general', { consultationPhone: 'call us' }, 'consultationPhone'],
    ['a My Library order with words', 'features', { myLibraryLeftMenuShowSort: '1,two' }, 'myLibraryLeftMenuShowSort'],
    ['a help text too long', 'texts', { helpHtml: 'x'.repeat(20001) }, 'helpHtml'],
    ['a key of another section', 'appearance', { loginFlag: '0' }, ''],
  ] as const)('refuses %s, saying which field (nothing stored)', async (_, section, changes, field) => {
    const body = await sectionBody(section, changes);
    const r = await save(body, { lang: 'en-US' });
    expect([r.status, r.errCode]).toEqual([400, ErrCode.badRequest]);
    expect(r.message).toContain(field);
    expect((await settings()).data.version).toBe(body.version);
  });

  it('refuses a section without all its keys, and names that are empty', async () => {
    const body = await sectionBody('appearance');
    const { navBackColor: _, ...fewer } = body.values as Record<string, unknown>;
    expect((await save({ ...body, values: fewer })).status).toBe(400);
    const general = await sectionBody('general');
    const r = await save({ ...general, names: { name: ' ', nameEn: '', nameTw: '' } }, { lang: 'zh-CN' });
    expect(r.status).toBe(400);
    expect(r.message).toContain('name');
  });

  it('refuses the second of two saves from the same version (another tab): nothing of it written', async () => {
    const tab1 = await sectionBody('appearance', { navTextColor: 'ffffff', specialFont: '楷体' });
    const tab2 = { ...tab1, values: { ...tab1.values, specialFont: '宋体' } };
    expect((await save(tab1)).success).toBe(true);
    const audits = (await auditRows('site.config')).length;
    for (const lang of ['zh-CN', 'zh-TW', 'en-US'] as const) {
      const late = await save(tab2, { lang });
      expect([late.status, late.errCode]).toEqual([200, SiteAdminErrCode.changedMeanwhile]);
      expect(late.message).toMatch(lang === 'en-US' ? /someone else.*reload/i : /重新/);
    }
    expect((await settings()).data.config.specialFont).toBe('楷体');
    expect((await auditRows('site.config')).length).toBe(audits);
    // A menu save from the old version is refused as well.
    const menu = await call<SiteSaved>(ApiPath.siteAdminSaveMenu, { group: 'B', version: tab1.version, items: [] });
    expect(menu.errCode).toBe(SiteAdminErrCode.changedMeanwhile);
  });
});

describe('menus', () => {
  it('saves a group whole, in its order, with its entries below, and readers get it on their next page', async () => {
    const menus = async () =>
      envelopeOf<MenuList>(await t.call({ url: ApiPath.getMenuList, mappingPath: home.mappingPath })).data;
    expect((await menus()).menuA).toEqual([]);
    const items = [
      item('新书', { englishName: 'New books', complexFont: '新書', menuUrl: '/newBookInform' }),
      item('检索', {
        child: [item('高级检索', { menuUrl: '/advanceSearch' }), item('分类', { menuUrl: '/categorySearchList' })],
      }),
      item('数据库', { menuUrl: 'https://db.example.edu/', jumpMode: '2', useFlag: '2' }),
    ];
    const { version } = (await settings()).data;
    const r = await call<SiteSaved>(ApiPath.siteAdminSaveMenu, { group: 'A', version, items }, { lang: 'en-US' });
    expect(r.success, r.message).toBe(true);
    const seen = (await menus()).menuA;
    expect(seen.map((m) => m.menuName)).toEqual(['新书', '检索', '数据库']);
    expect(seen[0]).toMatchObject({ englishName: 'New books', complexFont: '新書', menuUrl: '/newBookInform' });
    expect(seen[1]!.child.map((m) => m.menuName)).toEqual(['高级检索', '分类']);
    expect(seen[2]).toMatchObject({ useFlag: '2', jumpMode: '2' });
    // Moved up: the whole group is replaced in the new order.
    const moved = [items[1]!, items[0]!, items[2]!];
    const again = await call<SiteSaved>(ApiPath.siteAdminSaveMenu, {
      group: 'A',
      version: r.data.version,
      items: moved,
    });
    expect(again.success, again.message).toBe(true);
    expect((await menus()).menuA.map((m) => m.menuName)).toEqual(['检索', '新书', '数据库']);
    const [row] = await auditRows('site.menu');
    expect(row?.target).toBe('menu A');
    expect((row?.before as { menuA: { menuName: string }[] }).menuA.map((m) => m.menuName)).toEqual([
      '新书',
      '检索',
      '数据库',
    ]);
    expect((row?.after as { menuA: { menuName: string }[] }).menuA.map((m) => m.menuName)).toEqual([
      '检索',
      '新书',
      '数据库',
    ]);
  });

  it('refuses a bad address, an empty name and entries three levels deep (nothing replaced)', async () => {
    const before = (await settings()).data;
    for (const bad of [
      [item('坏', { menuUrl: 'javascript:alert(1)' })],
      [item('坏', { menuUrl: 'data:text/html,x' })],
      [item('坏', { menuUrl: '//evil.example/' })],
      [item('')],
    ]) {
      const r = await call(ApiPath.siteAdminSaveMenu, { group: 'A', version: before.version, items: bad });
      expect(r.status).toBe(400);
    }
    const deep = [item('一', { child: [item('二', { child: [item('三')] })] })];
    const r = await call(
      ApiPath.siteAdminSaveMenu,
      { group: 'A', version: before.version, items: deep },
      { lang: 'en-US' },
    );
    expect(r.errCode).toBe(SiteAdminErrCode.menuTooDeep);
    expect(r.message).toMatch(/2 levels/);
    expect((await settings()).data.menus).toEqual(before.menus);
  });
});

/** A small real image. */
const png = (width = 8, height = 4) =>
  sharp({ create: { width, height, channels: 4, background: '#1d5c3f' } })
    .png()
    .toBuffer();

function upload(
  bytes: Buffer,
  type: string,
  opts: { headers?: Record<string, string>; lang?: Lang; to?: MadeTenant } = {},
) {
  return t.app
    .inject({
      method: 'POST',
      url: ApiPath.siteAdminUpload,
      headers: {
        mappingPath: (opts.to ?? home).mappingPath,
        'content-type': type,
        ...(opts.lang ? { 'content-language': opts.lang } : {}),
        ...(opts.headers ?? admin),
      },
      payload: bytes,
    })
    .then((res) => ({ status: res.statusCode, ...envelopeOf<SiteAsset>(res) }));
}

describe('uploads', () => {
  it('takes a PNG by its content (sent as a JPEG named .jpg), re-encoded, served at its hash with a long cache', async () => {
    const r = await upload(await png(), 'image/jpeg');
    expect(r.success, r.message).toBe(true);
    expect(r.data).toMatchObject({ contentType: 'image/png', width: 8, height: 4 });
    expect(r.data.url).toMatch(
      new RegExp(`^/find/site/asset\\?mappingPath=${home.mappingPath}&name=[0-9a-f]{64}\\.png$`),
    );
    const served = await t.app.inject({ method: 'GET', url: r.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
    // Not at another institution's address, nor under another type.
    expect(
      (await t.app.inject({ method: 'GET', url: r.data.url.replace(home.mappingPath, other.mappingPath) })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: r.data.url.replace('.png', '.jpg') })).statusCode).toBe(404);
    const [row] = await auditRows('site.upload');
    expect(row?.after).toMatchObject({ contentType: 'image/png', width: 8, height: 4 });
  });

  it('takes JPEG and WebP, and drops their metadata', async () => {
    const jpeg = await sharp({ create: { width: 6, height: 6, channels: 3, background: '#fff' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret place' } } })
      .toBuffer();
    const r = await upload(jpeg, 'application/octet-stream');
    expect(r.data.contentType).toBe('image/jpeg');
    const served = await t.app.inject({ method: 'GET', url: r.data.url });
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    const webp = await sharp({ create: { width: 5, height: 5, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    expect((await upload(webp, 'image/webp')).data.contentType).toBe('image/webp');
  });

  it.each([
    ['a text file named .png', Buffer.from('just some text, not an image'), 'image/png', SiteAdminErrCode.imageType],
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/svg+xml',
      SiteAdminErrCode.imageType,
    ],
    [
      'a GIF',
      Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'),
      'image/gif',
      SiteAdminErrCode.imageType,
    ],
    [
      'a PNG signature followed by anything',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really a png')]),
      'image/png',
      SiteAdminErrCode.imageUnreadable,
    ],
  ])('refuses %s', async (_, bytes, type, errCode) => {
    const r = await upload(bytes, type, { lang: 'en-US' });
    expect(r.success).toBe(false);
    expect(r.errCode).toBe(errCode);
    expect(r.message.length).toBeGreaterThan(10);
  });

  it('refuses a PNG whose header lies about its size, and a truncated one', async () => {
    const real = await png(16, 16);
    // The IHDR claims 60000 × 60000 (its CRC made right): refused from the header, before decoding.
    const huge = Buffer.from(real);
    huge.writeUInt32BE(60000, 16);
    huge.writeUInt32BE(60000, 20);
    huge.writeUInt32BE(crc32(huge.subarray(12, 29)), 29);
    const r = await upload(huge, 'image/png');
    expect([SiteAdminErrCode.imageTooManyPixels, SiteAdminErrCode.imageUnreadable]).toContain(r.errCode);
    // The IHDR says 16 × 17 but the pixels are 16 × 16.
    const lying = Buffer.from(real);
    lying.writeUInt32BE(17, 20);
    lying.writeUInt32BE(crc32(lying.subarray(12, 29)), 29);
    expect((await upload(lying, 'image/png')).errCode).toBe(SiteAdminErrCode.imageUnreadable);
    expect((await upload(real.subarray(0, real.length - 20), 'image/png')).errCode).toBe(
      SiteAdminErrCode.imageUnreadable,
    );
  });

  it('refuses a file over 1 MB, in the three languages', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(1024 * 1024)]);
    for (const [lang, text] of [
      ['zh-CN', '图片过大'],
      ['zh-TW', '圖片過大'],
      ['en-US', 'too large'],
    ] as const) {
      const r = await upload(big, 'image/png', { lang });
      expect(r.errCode).toBe(SiteAdminErrCode.imageTooLarge);
      expect(r.message).toContain(text);
    }
  });

  it('refuses desk staff and another institution’s administrator', async () => {
    expect((await upload(await png(), 'image/png', { headers: desk })).errCode).toBe(StaffErrCode.roleTooLow);
    expect((await upload(await png(), 'image/png', { headers: otherAdmin })).errCode).toBe(
      StaffErrCode.otherInstitution,
    );
  });

  it('sets an uploaded logo in the appearance, and the readers’ logo answer names it', async () => {
    const logo = (await upload(await png(20, 10), 'image/png')).data.url;
    const body = await sectionBody('appearance', { pcLogoUrl: logo, iconUrl: logo });
    expect((await save(body)).success).toBe(true);
    const answer = envelopeOf<{ pcLogoUrl: string }>(
      await t.call({ url: ApiPath.getLogoUrl, mappingPath: home.mappingPath }),
    ).data;
    expect(answer.pcLogoUrl).toBe(logo);
  });
});

/** CRC-32 of PNG chunks (the chunk type and data). */
function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
