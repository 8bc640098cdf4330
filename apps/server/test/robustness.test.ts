import { ApiPath } from '@openfind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Nothing a client receives may carry a stack trace or an internal error text. */
function expectNoLeak(body: string) {
  expect(body).not.toMatch(/\bat \S+ \(|node_modules|Error:|stack/i);
}

describe('bad input gets a clear, translated error', () => {
  it('answers malformed JSON with 400 in the caller’s language', async () => {
    for (const [lang, text] of [
      ['zh_CN', '请求内容不是有效的 JSON'],
      ['zh_HK', '請求內容不是有效的 JSON'],
      ['en_US', 'The request body is not valid JSON'],
    ] as const) {
      const res = await t.call({
        method: 'POST',
        url: ApiPath.locationList,
        mappingPath: '',
        lang,
        headers: { 'content-type': 'application/json' },
        body: '{"rows":',
      });
      expect(res.statusCode).toBe(400);
      expect(envelopeOf(res)).toEqual({ success: false, message: text, errCode: 400, errorCode: null, data: null });
      expectNoLeak(res.body);
    }
  });

  it('reads x-lang ENG when content-language is absent', async () => {
    const res = await t.call({ url: '/find/nothing-here', headers: { 'x-lang': 'ENG' } });
    expect(res.statusCode).toBe(404);
    expect(envelopeOf(res).message).toBe('No such API call');
  });

  it('answers an unknown API path with a 404 envelope, not the web app', async () => {
    for (const url of ['/find/nothing', '/oga/nothing', '/api/nothing']) {
      const res = await t.call({ url });
      expect(res.statusCode, url).toBe(404);
      expect(envelopeOf(res), url).toMatchObject({ success: false, errCode: 404 });
    }
  });

  it('refuses an unsupported content type with 415', async () => {
    const res = await t.call({
      method: 'POST',
      url: ApiPath.locationList,
      mappingPath: '',
      headers: { 'content-type': 'text/xml' },
      body: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(envelopeOf(res).success).toBe(false);
    expectNoLeak(res.body);
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const res = await t.call({
      method: 'POST',
      url: ApiPath.locationList,
      mappingPath: '',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ locationName: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(envelopeOf(res).success).toBe(false);
  });

  it('rejects wrong types, over-long strings and injection attempts as invalid input, not as errors', async () => {
    const cases: unknown[] = [
      { rows: 'abc' },
      { page: -1 },
      { locationName: 'a'.repeat(101) },
      { campusIds: [{ $ne: 1 }] },
      [1, 2, 3],
    ];
    for (const body of cases) {
      const res = await t.call({ url: ApiPath.locationList, mappingPath: '', body });
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(envelopeOf(res).success).toBe(false);
      expectNoLeak(res.body);
    }
    const sqlish = await t.call({
      url: ApiPath.locationList,
      mappingPath: '',
      body: { locationName: "'; DROP TABLE location; --" },
    });
    expect(envelopeOf<{ totalCount: number }>(sqlish).data.totalCount).toBe(0);
    const still = await t.call({ url: ApiPath.locationList, mappingPath: '', body: {} });
    expect(envelopeOf<{ totalCount: number }>(still).data.totalCount).toBe(11);
  });

  it('does not echo HTML from an unknown mapping path unescaped into JSON clients might render', async () => {
    const res = await t.call({
      url: ApiPath.getGroupCode,
      body: { mappingPath: '<img src=x onerror=alert(1)>' },
    });
    const env = envelopeOf(res);
    expect(env.success).toBe(false);
    // JSON is data; the web app renders messages as text. The message still names what was asked.
    expect(env.message.length).toBeLessThan(200);
  });

  it('hides internal failures behind a generic translated 500', async () => {
    const broken = await createTestApp();
    await broken.db.close(); // every query now fails
    const res = await broken.call({ url: ApiPath.getFindConfig, mappingPath: '', lang: 'en_US' });
    expect(res.statusCode).toBe(500);
    expect(envelopeOf(res)).toEqual({
      success: false,
      message: 'Something went wrong on the server; please try again later',
      errCode: 500,
      errorCode: null,
      data: null,
    });
    expectNoLeak(res.body);
    await broken.app.close();
  });
});

describe('optional Referer gate', () => {
  it('is off by default and, when on, answers 9999 without a Referer', async () => {
    expect(envelopeOf(await t.call({ url: ApiPath.getMenuList, mappingPath: 'xihu' })).success).toBe(true);
    const xihu = (await t.services.tenants.byMappingPath('xihu'))!;
    await t.services.siteConfig.updateConfig(xihu.id, { refererGate: '1' });
    const blocked = envelopeOf(await t.call({ url: ApiPath.getMenuList, mappingPath: 'xihu' }));
    expect(blocked).toMatchObject({ success: false, errCode: 9999, message: '系统访问中断，请稍后再试！' });
    const withReferer = await t.call({
      url: ApiPath.getMenuList,
      mappingPath: 'xihu',
      headers: { referer: 'http://localhost/xihu/Home' },
    });
    expect(envelopeOf(withReferer).success).toBe(true);
    // other institutions are not affected
    expect(envelopeOf(await t.call({ url: ApiPath.getMenuList, mappingPath: '' })).success).toBe(true);
    await t.services.siteConfig.resetConfig(xihu.id, ['refererGate']);
  });
});

describe('site configuration validation', () => {
  it('refuses invalid values and unknown keys and keeps what was stored', async () => {
    const beiling = (await t.services.tenants.byMappingPath('beiling'))!;
    await expect(t.services.siteConfig.updateConfig(beiling.id, { navBackColor: 'not-a-colour' })).rejects.toThrow();
    await expect(t.services.siteConfig.updateConfig(beiling.id, { findCoerceLogin: 'yes' })).rejects.toThrow();
    await expect(t.services.siteConfig.updateConfig(beiling.id, { noSuchKey: '1' })).rejects.toThrow();
    const c = (await t.services.siteConfig.settings(beiling.id)).config;
    expect(c.navBackColor).toBe('1d5c3f');
  });

  it('survives concurrent writers: every change lands', async () => {
    const xihu = (await t.services.tenants.byMappingPath('xihu'))!;
    const keys = ['purderRec', 'freeRec', 'customRec', 'recRecord', 'weixinLogin', 'passportLogin'] as const;
    await Promise.all(
      keys.map((k) =>
        t.services.siteConfig.updateConfig(xihu.id, { [k]: k.endsWith('Rec') || k === 'recRecord' ? '0' : '1' }),
      ),
    );
    const c = (await t.services.siteConfig.settings(xihu.id)).config;
    expect([c.purderRec, c.freeRec, c.customRec, c.recRecord, c.weixinLogin, c.passportLogin]).toEqual([
      '0',
      '0',
      '0',
      '0',
      '1',
      '1',
    ]);
  });
});
