import { ApiPath } from '@openfind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t as text } from '../src/http/messages.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { makeInstitution, makeTenant, type MadeTenant } from './support/factories.js';

/** Bad input, unknown paths and internal failures get a clear, translated envelope, never a leak. */

let t: TestApp;
/** An institution with the demo institution's libraries: 11 locations. */
let lib: MadeTenant;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  lib = await makeTenant(t, { libraries: 'demo' });
});
afterAll(async () => t.close());

/** Nothing a client receives may carry a stack trace or an internal error text. */
function expectNoLeak(body: string) {
  expect(body).not.toMatch(/\bat \S+ \(|node_modules|Error:|stack/i);
}

describe('bad input gets a clear, translated error', () => {
  it('answers malformed JSON with 400 in the caller’s language', async () => {
    for (const [lang, message] of [
      ['zh_CN', text('zh-CN', 'malformedJson')],
      ['zh_HK', text('zh-TW', 'malformedJson')],
      ['en_US', text('en-US', 'malformedJson')],
    ] as const) {
      const res = await t.call({
        method: 'POST',
        url: ApiPath.locationList,
        mappingPath: lib.mappingPath,
        lang,
        headers: { 'content-type': 'application/json' },
        body: '{"rows":',
      });
      expect(res.statusCode).toBe(400);
      expect(envelopeOf(res)).toEqual({ success: false, message, errCode: 400, errorCode: null, data: null });
      expectNoLeak(res.body);
    }
  });

  it('reads x-lang ENG when content-language is absent', async () => {
    const res = await t.call({ url: '/find/nothing-here', headers: { 'x-lang': 'ENG' } });
    expect(res.statusCode).toBe(404);
    expect(envelopeOf(res).message).toBe(text('en-US', 'notFound'));
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
      mappingPath: lib.mappingPath,
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
      mappingPath: lib.mappingPath,
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
      const res = await t.call({ url: ApiPath.locationList, mappingPath: lib.mappingPath, body });
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(envelopeOf(res).success).toBe(false);
      expectNoLeak(res.body);
    }
    const sqlish = await t.call({
      url: ApiPath.locationList,
      mappingPath: lib.mappingPath,
      body: { locationName: "'; DROP TABLE location; --" },
    });
    expect(envelopeOf<{ totalCount: number }>(sqlish).data.totalCount).toBe(0);
    const still = await t.call({ url: ApiPath.locationList, mappingPath: lib.mappingPath, body: {} });
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
    const broken = await createTestApp({ seed: false });
    const there = await makeTenant(broken);
    await broken.db.close(); // every query now fails
    const res = await broken.call({ url: ApiPath.getFindConfig, mappingPath: there.mappingPath, lang: 'en_US' });
    expect(res.statusCode).toBe(500);
    expect(envelopeOf(res)).toEqual({
      success: false,
      message: text('en-US', 'internal'),
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
    const [gated, other] = [await makeTenant(t), await makeTenant(t)];
    expect(envelopeOf(await t.call({ url: ApiPath.getMenuList, mappingPath: gated.mappingPath })).success).toBe(true);
    await t.services.siteConfig.updateConfig(gated.id, { refererGate: '1' });
    const blocked = envelopeOf(await t.call({ url: ApiPath.getMenuList, mappingPath: gated.mappingPath }));
    expect(blocked).toMatchObject({ success: false, errCode: 9999, message: text('zh-CN', 'accessInterrupted') });
    const withReferer = await t.call({
      url: ApiPath.getMenuList,
      mappingPath: gated.mappingPath,
      headers: { referer: `http://localhost/${gated.mappingPath}/Home` },
    });
    expect(envelopeOf(withReferer).success).toBe(true);
    // other institutions are not affected
    expect(envelopeOf(await t.call({ url: ApiPath.getMenuList, mappingPath: other.mappingPath })).success).toBe(true);
    await t.services.siteConfig.resetConfig(gated.id, ['refererGate']);
  });
});

describe('site configuration validation', () => {
  it('refuses invalid values and unknown keys and keeps what was stored', async () => {
    const green = await makeInstitution(t, { config: { navBackColor: '1d5c3f' } });
    await expect(t.services.siteConfig.updateConfig(green.id, { navBackColor: 'not-a-colour' })).rejects.toThrow();
    await expect(t.services.siteConfig.updateConfig(green.id, { findCoerceLogin: 'yes' })).rejects.toThrow();
    await expect(t.services.siteConfig.updateConfig(green.id, { noSuchKey: '1' })).rejects.toThrow();
    const c = (await t.services.siteConfig.settings(green.id)).config;
    expect(c.navBackColor).toBe('1d5c3f');
  });

  it('survives concurrent writers: every change lands', async () => {
    const busy = await makeTenant(t);
    const keys = ['purderRec', 'freeRec', 'customRec', 'recRecord', 'weixinLogin', 'passportLogin'] as const;
    await Promise.all(
      keys.map((k) =>
        t.services.siteConfig.updateConfig(busy.id, { [k]: k.endsWith('Rec') || k === 'recRecord' ? '0' : '1' }),
      ),
    );
    const c = (await t.services.siteConfig.settings(busy.id)).config;
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
