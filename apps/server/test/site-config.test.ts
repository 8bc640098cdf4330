import { ApiPath } from '@openfind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupInfo, LogoInfo, MenuList, SiteConfig } from '@openfind/contract';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /find/homePage/getGroupCode', () => {
  it('answers the group info of the default institution for an empty mapping path', async () => {
    const res = await t.call({ url: ApiPath.getGroupCode, body: { mappingPath: '' } });
    expect(res.statusCode).toBe(200);
    const env = envelopeOf<GroupInfo>(res);
    expect(env).toMatchObject({ success: true, errCode: 200, errorCode: null, message: '操作成功' });
    expect(env.data).toEqual({
      groupCode: '100001',
      name: 'OpenFind 示范大学图书馆',
      label: '示范大学',
      msgFlag: '0',
      fid: '1001',
    });
  });

  it('names the institution in the request language', async () => {
    const en = envelopeOf<GroupInfo>(
      await t.call({ url: ApiPath.getGroupCode, lang: 'en_US', body: { mappingPath: 'beiling' } }),
    );
    expect(en.data.groupCode).toBe('200616');
    expect(en.data.name).toBe('Beiling University of Technology Library');
    expect(en.message).toBe('Success');
    const tw = envelopeOf<GroupInfo>(
      await t.call({ url: ApiPath.getGroupCode, lang: 'zh_HK', body: { mappingPath: 'beiling' } }),
    );
    expect(tw.data.name).toBe('北嶺理工大學圖書館');
  });

  it('treats a missing mapping path as the default institution', async () => {
    const env = envelopeOf<GroupInfo>(await t.call({ url: ApiPath.getGroupCode, body: {} }));
    expect(env.data.groupCode).toBe('100001');
  });

  it('refuses an unknown mapping path with a translated message', async () => {
    const zh = envelopeOf(await t.call({ url: ApiPath.getGroupCode, body: { mappingPath: 'nowhere' } }));
    expect(zh).toMatchObject({ success: false, errCode: 40001, data: null });
    expect(zh.message).toContain('nowhere');
    expect(zh.message).toMatch(/未找到机构/);
    const en = envelopeOf(await t.call({ url: ApiPath.getGroupCode, lang: 'en_US', body: { mappingPath: 'nowhere' } }));
    expect(en.message).toBe('No institution "nowhere" here; please check the address');
  });
});

describe('GET /find/findConfig/getFindConfig', () => {
  it('gives every site-config field with the defaults of the spec', async () => {
    const res = await t.call({ url: ApiPath.getFindConfig, mappingPath: 'xihu' });
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
    const c = envelopeOf<SiteConfig>(await t.call({ url: ApiPath.getFindConfig, mappingPath: '' })).data;
    expect(c.navBackColor).toBe('25313d');
    expect(c.navTextColor).toBe('fff');
  });

  it('serves each institution its own configuration', async () => {
    const beiling = envelopeOf<SiteConfig>(await t.call({ url: ApiPath.getFindConfig, mappingPath: 'beiling' })).data;
    expect(beiling.navBackColor).toBe('1d5c3f');
    expect(beiling.loginDialogVariant).toBe('200616');
    const xihu = envelopeOf<SiteConfig>(await t.call({ url: ApiPath.getFindConfig, mappingPath: 'xihu' })).data;
    expect(xihu.consultationPhone).not.toBe('');
    expect(xihu.digitalLibraryMenu).toBe('1');
    expect(xihu.loginDialogVariant).toBe('default');
  });

  it('never serves a change made for one institution to another', async () => {
    const beiling = (await t.services.tenants.byMappingPath('beiling'))!;
    await t.services.siteConfig.updateConfig(beiling.id, { blackAndWhiteModel: '1', navTextColor: 'eeeeee' });
    const b = envelopeOf<SiteConfig>(await t.call({ url: ApiPath.getFindConfig, mappingPath: 'beiling' })).data;
    expect(b.blackAndWhiteModel).toBe('1');
    expect(b.navTextColor).toBe('eeeeee');
    for (const mappingPath of ['', 'xihu']) {
      const other = envelopeOf<SiteConfig>(await t.call({ url: ApiPath.getFindConfig, mappingPath })).data;
      expect(other.blackAndWhiteModel).toBe('0');
    }
    await t.services.siteConfig.resetConfig(beiling.id, ['blackAndWhiteModel', 'navTextColor']);
    const reset = envelopeOf<SiteConfig>(await t.call({ url: ApiPath.getFindConfig, mappingPath: 'beiling' })).data;
    expect(reset.blackAndWhiteModel).toBe('0');
    expect(reset.navTextColor).toBe('fff');
  });

  it('accepts the groupCode header of the institution and refuses another one', async () => {
    const okRes = await t.call({ url: ApiPath.getFindConfig, mappingPath: 'beiling', groupCode: '200616' });
    expect(envelopeOf(okRes).success).toBe(true);
    const bad = envelopeOf(
      await t.call({ url: ApiPath.getFindConfig, mappingPath: '', groupCode: '200616', lang: 'en_US' }),
    );
    expect(bad).toMatchObject({ success: false, errCode: 40002, data: null });
    expect(bad.message).toBe('The group code does not belong to this institution');
  });

  it('refuses an unknown mappingPath header on every tenant-scoped call', async () => {
    for (const url of [ApiPath.getFindConfig, ApiPath.getMenuList, ApiPath.locationDict, ApiPath.getLibs]) {
      const env = envelopeOf(await t.call({ url, mappingPath: 'ghost' }));
      expect(env, url).toMatchObject({ success: false, errCode: 40001 });
    }
  });

  it('decodes a percent-encoded mappingPath header', async () => {
    const env = envelopeOf<SiteConfig>(
      await t.call({ url: ApiPath.getFindConfig, mappingPath: encodeURIComponent('beiling') }),
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
    const m = envelopeOf<MenuList>(await t.call({ url: ApiPath.getMenuList, mappingPath: 'beiling' })).data;
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
    const xihu = (await t.services.tenants.byMappingPath('xihu'))!;
    await t.services.siteConfig.replaceMenus(xihu.id, {
      menuA: [
        { menuName: '甲', child: [{ menuName: '甲一', menuUrl: '/collect' }] },
        { menuName: '乙', menuUrl: '/hotBook', useFlag: '2', jumpMode: '2' },
      ],
    });
    const m = envelopeOf<MenuList>(await t.call({ url: ApiPath.getMenuList, mappingPath: 'xihu' })).data;
    expect(m.menuA.map((i) => [i.menuName, i.useFlag, i.jumpMode, i.child.length])).toEqual([
      ['甲', '1', '1', 1],
      ['乙', '2', '2', 0],
    ]);
    await t.services.siteConfig.replaceMenus(xihu.id, { menuA: [] });
    const cleared = envelopeOf<MenuList>(await t.call({ url: ApiPath.getMenuList, mappingPath: 'xihu' })).data;
    expect(cleared.menuA).toEqual([]);
  });
});

describe('logo, libraries and institution parameters', () => {
  it('answers getLogoUrl and getLogoPara with the logo and its link', async () => {
    const beiling = (await t.services.tenants.byMappingPath('beiling'))!;
    await t.services.siteConfig.updateConfig(beiling.id, {
      pcLogoUrl: '/logo/beiling.svg',
      logoLinkUrl: 'https://www.beiling.example/',
    });
    for (const url of [ApiPath.getLogoUrl, ApiPath.getLogoPara]) {
      const logo = envelopeOf<LogoInfo>(await t.call({ url, mappingPath: 'beiling', lang: 'en_US' })).data;
      expect(logo).toEqual({
        pcLogoUrl: '/logo/beiling.svg',
        iconUrl: '',
        logoLinkUrl: 'https://www.beiling.example/',
        jumpMode: '2',
        name: 'Beiling University of Technology Library',
      });
    }
    const home = envelopeOf<LogoInfo>(await t.call({ url: ApiPath.getLogoUrl, mappingPath: '' })).data;
    expect(home.logoLinkUrl).toBe('');
    expect(home.jumpMode).toBe('1');
  });

  it("lists each institution's own libraries in the request language", async () => {
    const def = envelopeOf<Array<{ libCode: string; libName: string }>>(
      await t.call({ url: ApiPath.getLibraryList, mappingPath: '' }),
    ).data;
    expect(def.map((l) => l.libCode)).toEqual(['OFU', 'OFU-MED']);
    const en = envelopeOf<Array<{ libCode: string; libName: string }>>(
      await t.call({ url: ApiPath.getLibs, mappingPath: 'xihu', lang: 'en_US' }),
    ).data;
    expect(en).toEqual([
      { libCode: 'XH', libName: 'Xihu City Library' },
      { libCode: 'XH-CH', libName: "Children's Library" },
    ]);
  });

  it('remembers a library choice of the institution and refuses another institution’s library', async () => {
    const res = await t.call({
      url: ApiPath.saveLastLibCode,
      mappingPath: 'xihu',
      body: { libCode: 'XH-CH' },
    });
    expect(envelopeOf(res)).toMatchObject({ success: true, data: { libCode: 'XH-CH' } });
    expect(String(res.headers['set-cookie'])).toMatch(/libCode=XH-CH; Max-Age=31536000; Path=\/xihu; SameSite=Lax/);
    const foreign = envelopeOf(
      await t.call({
        url: ApiPath.saveLastLibCode,
        mappingPath: 'xihu',
        lang: 'en_US',
        body: { libCode: 'OFU' },
      }),
    );
    expect(foreign).toMatchObject({ success: false, errCode: 40003 });
    expect(foreign.message).toBe('This institution has no library with code "OFU"');
    const missing = await t.call({ url: ApiPath.saveLastLibCode, mappingPath: 'xihu', body: {} });
    expect(missing.statusCode).toBe(400);
    expect(envelopeOf(missing).message).toBe('请求参数有误：libCode 必填');
  });

  it('answers institution parameters with version 3.0 and the AI flag by default', async () => {
    const def = envelopeOf(await t.call({ url: ApiPath.institutionGet, mappingPath: '' })).data;
    expect(def).toEqual({ newAISearchFlag: '0', version: '3.0' });
    const xihu = envelopeOf(await t.call({ url: ApiPath.institutionGet, mappingPath: 'xihu' })).data;
    expect(xihu).toEqual({ newAISearchFlag: '1', version: '3.0' });
    const one = envelopeOf(
      await t.call({ url: ApiPath.institutionGetByParaCode, mappingPath: 'beiling', query: { paraCode: 'version' } }),
    ).data;
    expect(one).toEqual({ paraCode: 'version', paraValue: '3.2' });
    const bad = await t.call({
      url: ApiPath.institutionGetByParaCode,
      mappingPath: 'beiling',
      query: { paraCode: 'secret' },
      lang: 'en_US',
    });
    expect(bad.statusCode).toBe(400);
    expect(envelopeOf(bad).message).toBe('Invalid request: paraCode is invalid');
  });
});
