import { ApiPath } from '@openfind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupInfo, LogoInfo, MenuList, SiteConfig } from '@openfind/contract';
import { ISSUE_WORDS, t as text } from '../src/http/messages.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { makeInstitution, makeTenant, type InstitutionPlaces, type MadeTenant } from './support/factories.js';

/**
 * What an institution tells the web app about itself: its group info, settings, menus, logo,
 * libraries and parameters, each institution its own.
 */

let t: TestApp;
/** The default institution (empty mapping path), with the demo institution's two libraries. */
let home: MadeTenant;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  home = await makeInstitution(t, {
    tenant: { mappingPath: '', groupCode: '100001', name: 'OpenFind 示范大学图书馆', label: '示范大学', fid: '1001' },
    libraries: 'demo',
  });
});
afterAll(async () => t.close());

describe('POST /find/homePage/getGroupCode', () => {
  it('answers the group info of the default institution for an empty mapping path', async () => {
    const res = await t.call({ url: ApiPath.getGroupCode, body: { mappingPath: '' } });
    expect(res.statusCode).toBe(200);
    const env = envelopeOf<GroupInfo>(res);
    expect(env).toMatchObject({ success: true, errCode: 200, errorCode: null, message: text('zh-CN', 'ok') });
    expect(env.data).toEqual({
      groupCode: '100001',
      name: 'OpenFind 示范大学图书馆',
      label: '示范大学',
      msgFlag: '0',
      fid: '1001',
    });
  });

  it('names the institution in the request language', async () => {
    const beiling = await makeInstitution(t, {
      tenant: { groupCode: '200616', nameEn: 'Beiling University of Technology Library', nameTw: '北嶺理工大學圖書館' },
    });
    const en = envelopeOf<GroupInfo>(
      await t.call({ url: ApiPath.getGroupCode, lang: 'en_US', body: { mappingPath: beiling.mappingPath } }),
    );
    expect(en.data.groupCode).toBe('200616');
    expect(en.data.name).toBe('Beiling University of Technology Library');
    expect(en.message).toBe(text('en-US', 'ok'));
    const tw = envelopeOf<GroupInfo>(
      await t.call({ url: ApiPath.getGroupCode, lang: 'zh_HK', body: { mappingPath: beiling.mappingPath } }),
    );
    expect(tw.data.name).toBe('北嶺理工大學圖書館');
  });

  it('treats a missing mapping path as the default institution', async () => {
    const env = envelopeOf<GroupInfo>(await t.call({ url: ApiPath.getGroupCode, body: {} }));
    expect(env.data.groupCode).toBe(home.groupCode);
  });

  it('refuses an unknown mapping path with a translated message', async () => {
    const zh = envelopeOf(await t.call({ url: ApiPath.getGroupCode, body: { mappingPath: 'nowhere' } }));
    expect(zh).toMatchObject({ success: false, errCode: 40001, data: null });
    expect(zh.message).toContain('nowhere');
    expect(zh.message).toBe(text('zh-CN', 'unknownTenant', { mappingPath: 'nowhere' }));
    const en = envelopeOf(await t.call({ url: ApiPath.getGroupCode, lang: 'en_US', body: { mappingPath: 'nowhere' } }));
    expect(en.message).toBe(text('en-US', 'unknownTenant', { mappingPath: 'nowhere' }));
  });
});

describe('GET /find/findConfig/getFindConfig', () => {
  it('gives every site-config field with the defaults of the spec', async () => {
    const fresh = await makeTenant(t);
    const res = await t.call({ url: ApiPath.getFindConfig, mappingPath: fresh.mappingPath });
    const c = envelopeOf<SiteConfig>(res).data;
    expect(c.findPasswordFlag).toBe('1');
    expect(c.findCoerceLogin).toBe('0');
    expect(c.normalLogin).toBe('1');
    expect(c.blackAndWhiteModel).toBe('0');
    expect(c.filingNumberHide).toBe('0');
    expect(c.passwordCheck).toBe('1');
    // flags are strings, never numbers or booleans
    for (const key of [
      'normalLogin',
      'passportLogin',
      'unifieAuthen',
      'exterSinAuthen',
      'weixinLogin',
      'bindMailOrPhone',
      'primaryIdProtect',
    ] as const) {
      expect(c[key]).toMatch(/^[01]$/);
    }
    for (const key of [
      'loginExplain',
      'pcLspLoginExplain',
      'pcXxtLoginExplain',
      'pcSsoLoginExplain',
      'unifieAuthenLoginUrl',
      'myLibraryLeftMenuShowSort',
      'iconUrl',
      'pcLogoUrl',
      'searchBackGround',
      'libTypeCode',
      'loginCasWithOriginalPage',
      'isPasswordProtect',
      'purderRec',
      'freeRec',
      'customRec',
      'recRecord',
      'independentLibCode',
      'primaryIdProtectTime',
      'loginFlag',
    ]) {
      expect(c).toHaveProperty(key);
    }
  });

  it('uses header colour 25313d and text fff when the institution set none', async () => {
    const fresh = await makeTenant(t);
    const c = envelopeOf<SiteConfig>(await t.call({ url: ApiPath.getFindConfig, mappingPath: fresh.mappingPath })).data;
    expect(c.navBackColor).toBe('25313d');
    expect(c.navTextColor).toBe('fff');
  });

  it('serves each institution its own configuration', async () => {
    const green = await makeInstitution(t, { config: { navBackColor: '1d5c3f', loginDialogVariant: '200616' } });
    const city = await makeInstitution(t, { config: { consultationPhone: '0571-8000 0000', digitalLibraryMenu: '1' } });
    const g = envelopeOf<SiteConfig>(await t.call({ url: ApiPath.getFindConfig, mappingPath: green.mappingPath })).data;
    expect(g.navBackColor).toBe('1d5c3f');
    expect(g.loginDialogVariant).toBe('200616');
    const c = envelopeOf<SiteConfig>(await t.call({ url: ApiPath.getFindConfig, mappingPath: city.mappingPath })).data;
    expect(c.consultationPhone).not.toBe('');
    expect(c.digitalLibraryMenu).toBe('1');
    expect(c.loginDialogVariant).toBe('default');
  });

  it('never serves a change made for one institution to another', async () => {
    const [changed, ...others] = [await makeTenant(t), await makeTenant(t), await makeTenant(t)];
    await t.services.siteConfig.updateConfig(changed!.id, { blackAndWhiteModel: '1', navTextColor: 'eeeeee' });
    const b = envelopeOf<SiteConfig>(
      await t.call({ url: ApiPath.getFindConfig, mappingPath: changed!.mappingPath }),
    ).data;
    expect(b.blackAndWhiteModel).toBe('1');
    expect(b.navTextColor).toBe('eeeeee');
    for (const { mappingPath } of others) {
      const other = envelopeOf<SiteConfig>(await t.call({ url: ApiPath.getFindConfig, mappingPath })).data;
      expect(other.blackAndWhiteModel).toBe('0');
    }
    await t.services.siteConfig.resetConfig(changed!.id, ['blackAndWhiteModel', 'navTextColor']);
    const reset = envelopeOf<SiteConfig>(
      await t.call({ url: ApiPath.getFindConfig, mappingPath: changed!.mappingPath }),
    ).data;
    expect(reset.blackAndWhiteModel).toBe('0');
    expect(reset.navTextColor).toBe('fff');
  });

  it('accepts the groupCode header of the institution and refuses another one', async () => {
    const other = await makeTenant(t);
    const okRes = await t.call({
      url: ApiPath.getFindConfig,
      mappingPath: other.mappingPath,
      groupCode: other.groupCode,
    });
    expect(envelopeOf(okRes).success).toBe(true);
    const bad = envelopeOf(
      await t.call({ url: ApiPath.getFindConfig, mappingPath: '', groupCode: other.groupCode, lang: 'en_US' }),
    );
    expect(bad).toMatchObject({ success: false, errCode: 40002, data: null });
    expect(bad.message).toBe(text('en-US', 'groupCodeMismatch'));
  });

  it('refuses an unknown mappingPath header on every tenant-scoped call', async () => {
    for (const url of [ApiPath.getFindConfig, ApiPath.getMenuList, ApiPath.locationDict, ApiPath.getLibs]) {
      const env = envelopeOf(await t.call({ url, mappingPath: 'ghost' }));
      expect(env, url).toMatchObject({ success: false, errCode: 40001 });
    }
  });

  it('decodes a percent-encoded mappingPath header', async () => {
    const green = await makeInstitution(t, { config: { navBackColor: '1d5c3f' } });
    const env = envelopeOf<SiteConfig>(
      await t.call({ url: ApiPath.getFindConfig, mappingPath: encodeURIComponent(green.mappingPath) }),
    );
    expect(env.data.navBackColor).toBe('1d5c3f');
  });
});

describe('GET /find/findConfig/getMenuList', () => {
  it('gives an empty menuA to an institution that uses the default menu', async () => {
    const m = envelopeOf<MenuList>(await t.call({ url: ApiPath.getMenuList, mappingPath: '' })).data;
    expect(m).toEqual({ menuA: [], menuB: [], menuC: [] });
  });

  it('gives the configured tree with names in three forms, useFlag and jumpMode', async () => {
    const { mappingPath } = await makeInstitution(t, {
      menus: {
        menuA: [
          { menuName: '首页', menuUrl: '/Home' },
          {
            menuName: '馆藏检索',
            menuUrl: '',
            child: [
              {
                menuName: '高级检索',
                complexFont: '進階檢索',
                englishName: 'Advanced search',
                menuUrl: '/advanceSearch',
              },
              { menuName: '分类浏览', englishName: 'Browse by class', menuUrl: '/categorySearchList' },
            ],
          },
          { menuName: '新书通报', menuUrl: '/newBookInform' },
          { menuName: '热门借阅', menuUrl: '/readRange' },
          { menuName: '数据库导航', menuUrl: '/dataBaseNav' },
          { menuName: '图书馆主页', menuUrl: 'https://library.beiling.example/', jumpMode: '2' },
        ],
      },
    });
    const m = envelopeOf<MenuList>(await t.call({ url: ApiPath.getMenuList, mappingPath })).data;
    expect(m.menuA.map((i) => i.menuName)).toEqual([
      '首页',
      '馆藏检索',
      '新书通报',
      '热门借阅',
      '数据库导航',
      '图书馆主页',
    ]);
    const catalogue = m.menuA[1]!;
    expect(catalogue.child.map((c) => c.englishName)).toEqual(['Advanced search', 'Browse by class']);
    expect(catalogue.child[0]!.complexFont).toBe('進階檢索');
    const external = m.menuA[5]!;
    expect(external).toMatchObject({ jumpMode: '2', useFlag: '1', menuUrl: 'https://library.beiling.example/' });
    expect(typeof external.menuId).toBe('number');
  });

  it('replaces a menu group atomically and keeps the order given', async () => {
    const city = await makeInstitution(t, { menus: { menuA: [{ menuName: '首页', menuUrl: '/Home' }] } });
    await t.services.siteConfig.replaceMenus(city.id, {
      menuA: [
        { menuName: '甲', child: [{ menuName: '甲一', menuUrl: '/collect' }] },
        { menuName: '乙', menuUrl: '/hotBook', useFlag: '2', jumpMode: '2' },
      ],
    });
    const m = envelopeOf<MenuList>(await t.call({ url: ApiPath.getMenuList, mappingPath: city.mappingPath })).data;
    expect(m.menuA.map((i) => [i.menuName, i.useFlag, i.jumpMode, i.child.length])).toEqual([
      ['甲', '1', '1', 1],
      ['乙', '2', '2', 0],
    ]);
    await t.services.siteConfig.replaceMenus(city.id, { menuA: [] });
    const cleared = envelopeOf<MenuList>(
      await t.call({ url: ApiPath.getMenuList, mappingPath: city.mappingPath }),
    ).data;
    expect(cleared.menuA).toEqual([]);
  });
});

describe('logo, libraries and institution parameters', () => {
  it('answers getLogoUrl and getLogoPara with the logo and its link', async () => {
    const beiling = await makeInstitution(t, { tenant: { nameEn: 'Beiling University of Technology Library' } });
    await t.services.siteConfig.updateConfig(beiling.id, {
      pcLogoUrl: '/logo/beiling.svg',
      logoLinkUrl: 'https://www.beiling.example/',
    });
    for (const url of [ApiPath.getLogoUrl, ApiPath.getLogoPara]) {
      const logo = envelopeOf<LogoInfo>(await t.call({ url, mappingPath: beiling.mappingPath, lang: 'en_US' })).data;
      expect(logo).toEqual({
        pcLogoUrl: '/logo/beiling.svg',
        iconUrl: '',
        logoLinkUrl: 'https://www.beiling.example/',
        jumpMode: '2',
        name: 'Beiling University of Technology Library',
      });
    }
    const plain = envelopeOf<LogoInfo>(await t.call({ url: ApiPath.getLogoUrl, mappingPath: '' })).data;
    expect(plain.logoLinkUrl).toBe('');
    expect(plain.jumpMode).toBe('1');
  });

  /** A city library with a branch for children, named in three languages. */
  const cityLibraries = {
    libraries: [
      { code: 'XH', names: ['西湖市图书馆', '西湖市圖書館', 'Xihu City Library'], main: true },
      { code: 'XH-CH', names: ['少年儿童分馆', '少年兒童分館', "Children's Library"] },
    ],
    campuses: [
      { id: '1', lib: 'XH', names: ['总馆', '總館', 'Central Library'] },
      { id: '2', lib: 'XH-CH', names: ['少儿馆', '少兒館', "Children's Library"] },
    ],
    locations: [['1', '1', '1', ['综合图书借阅区', '綜合圖書借閱區', 'General Lending'], true, true]],
  } satisfies InstitutionPlaces;

  it("lists each institution's own libraries in the request language", async () => {
    const city = await makeInstitution(t, { libraries: cityLibraries });
    const def = envelopeOf<Array<{ libCode: string; libName: string }>>(
      await t.call({ url: ApiPath.getLibraryList, mappingPath: '' }),
    ).data;
    expect(def.map((l) => l.libCode)).toEqual(['OFU', 'OFU-MED']);
    const en = envelopeOf<Array<{ libCode: string; libName: string }>>(
      await t.call({ url: ApiPath.getLibs, mappingPath: city.mappingPath, lang: 'en_US' }),
    ).data;
    expect(en).toEqual([
      { libCode: 'XH', libName: 'Xihu City Library' },
      { libCode: 'XH-CH', libName: "Children's Library" },
    ]);
  });

  it('remembers a library choice of the institution and refuses another institution’s library', async () => {
    const city = await makeInstitution(t, { libraries: cityLibraries });
    const res = await t.call({
      url: ApiPath.saveLastLibCode,
      mappingPath: city.mappingPath,
      body: { libCode: 'XH-CH' },
    });
    expect(envelopeOf(res)).toMatchObject({ success: true, data: { libCode: 'XH-CH' } });
    expect(String(res.headers['set-cookie'])).toContain(
      `libCode=XH-CH; Max-Age=31536000; Path=/${city.mappingPath}; SameSite=Lax`,
    );
    const foreign = envelopeOf(
      await t.call({
        url: ApiPath.saveLastLibCode,
        mappingPath: city.mappingPath,
        lang: 'en_US',
        body: { libCode: 'OFU' },
      }),
    );
    expect(foreign).toMatchObject({ success: false, errCode: 40003 });
    expect(foreign.message).toBe(text('en-US', 'unknownLibrary', { libCode: 'OFU' }));
    const missing = await t.call({ url: ApiPath.saveLastLibCode, mappingPath: city.mappingPath, body: {} });
    expect(missing.statusCode).toBe(400);
    expect(envelopeOf(missing).message).toBe(
      text('zh-CN', 'badRequest', { detail: `libCode ${ISSUE_WORDS['zh-CN'].required}` }),
    );
  });

  it('answers institution parameters with version 3.0 and the AI flag by default', async () => {
    const ai = await makeInstitution(t, { params: { newAISearchFlag: '1' } });
    const versioned = await makeInstitution(t, { params: { version: '3.2' } });
    const def = envelopeOf(await t.call({ url: ApiPath.institutionGet, mappingPath: '' })).data;
    expect(def).toEqual({ newAISearchFlag: '0', version: '3.0' });
    const withAi = envelopeOf(await t.call({ url: ApiPath.institutionGet, mappingPath: ai.mappingPath })).data;
    expect(withAi).toEqual({ newAISearchFlag: '1', version: '3.0' });
    const one = envelopeOf(
      await t.call({
        url: ApiPath.institutionGetByParaCode,
        mappingPath: versioned.mappingPath,
        query: { paraCode: 'version' },
      }),
    ).data;
    expect(one).toEqual({ paraCode: 'version', paraValue: '3.2' });
    const bad = await t.call({
      url: ApiPath.institutionGetByParaCode,
      mappingPath: versioned.mappingPath,
      query: { paraCode: 'secret' },
      lang: 'en_US',
    });
    expect(bad.statusCode).toBe(400);
    expect(envelopeOf(bad).message).toBe(
      text('en-US', 'badRequest', { detail: `paraCode ${ISSUE_WORDS['en-US'].invalid}` }),
    );
  });
});
