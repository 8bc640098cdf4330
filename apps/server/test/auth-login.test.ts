import { ApiPath } from '@openfind/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { bearer, captcha, login, TEST_AUTH, tokenOf } from './auth-support.js';
import { DEMO_INITIAL_PASSWORD, DEMO_PASSWORD } from '../src/seed/demo-readers.js';
import { saveReader } from '../src/modules/readers/reader-service.js';
import * as passwords from '../src/modules/readers/passwords.js';
import { ARGON2_OPTIONS, dummyHash } from '../src/modules/readers/passwords.js';
import { makeReader } from './support/factories.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ auth: TEST_AUTH });
});
afterAll(async () => t?.close());

describe('image captcha', () => {
  it('is an image usable as <img src>, bound to a fresh codeKey, not cached', async () => {
    const res = await t.call({ url: ApiPath.verifyCodeImg, mappingPath: '' });
    expect(res.headers['cache-control']).toBe('no-store');
    const d = envelopeOf<{ verifyCode: string; codeKey: string; expiresIn: number; answer: string }>(res).data;
    expect(d.verifyCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(d.verifyCode.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(d.codeKey.length).toBeGreaterThanOrEqual(20);
    expect(d.answer).toMatch(/^\w{4}$/);
    expect(d.expiresIn).toBe(300);
    const again = envelopeOf<{ codeKey: string }>(await t.call({ url: ApiPath.verifyCodeImg, mappingPath: '' })).data;
    expect(again.codeKey).not.toBe(d.codeKey);
  });

  it('never carries the answer unless the test-only setting is on', async () => {
    const plain = await createTestApp();
    try {
      const d = envelopeOf<Record<string, unknown>>(
        await plain.call({ url: ApiPath.verifyCodeImg, mappingPath: '' }),
      ).data;
      expect(d).not.toHaveProperty('answer');
      expect(d.codeKey).toBeTypeOf('string');
    } finally {
      await plain.close();
    }
  });

  it('is single use: a right answer works once, and a wrong answer uses it up too', async () => {
    const c = await captcha(t);
    expect(envelopeOf(await login(t, 'reader', DEMO_PASSWORD, { captcha: c })).success).toBe(true);
    const replay = envelopeOf(await login(t, 'reader', DEMO_PASSWORD, { captcha: c }));
    expect(replay.success).toBe(false);
    expect(replay.errCode).toBe(40202);

    const c2 = await captcha(t);
    const wrong = envelopeOf(await login(t, 'reader', DEMO_PASSWORD, { captcha: { ...c2, answer: 'zzzz' } }));
    expect(wrong.errCode).toBe(40202);
    expect(envelopeOf(await login(t, 'reader', DEMO_PASSWORD, { captcha: c2 })).errCode).toBe(40202);
  });

  it('is case-insensitive, expires, and belongs to its institution', async () => {
    const c = await captcha(t);
    expect(
      envelopeOf(await login(t, 'reader', DEMO_PASSWORD, { captcha: { ...c, answer: c.answer.toUpperCase() } }))
        .success,
    ).toBe(true);

    const old = await captcha(t);
    await t.db.kysely
      .updateTable('captcha')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('code_key', '=', old.codeKey)
      .execute();
    expect(envelopeOf(await login(t, 'reader', DEMO_PASSWORD, { captcha: old })).errCode).toBe(40202);

    const other = await captcha(t, 'xihu');
    expect(envelopeOf(await login(t, 'reader', DEMO_PASSWORD, { captcha: other })).errCode).toBe(40202);
  });

  it('is checked before the password: a wrong code does not count as a failed password', async () => {
    for (let i = 0; i < 6; i++) {
      const c = await captcha(t);
      await login(t, 'unverified', 'wrong-password', { captcha: { ...c, answer: '----' } });
    }
    expect(envelopeOf(await login(t, 'unverified', DEMO_PASSWORD)).success).toBe(true);
  });
});

describe('login', () => {
  it('answers a session: an HS512 token with the real claims, the header name, and an HttpOnly SameSite cookie', async () => {
    const res = await login(t, 'reader', DEMO_PASSWORD, { mappingPath: '' });
    const e = envelopeOf<{
      jwt: string;
      jwtHeader: string;
      expiresIn: number;
      loginType: number;
      name: string;
      userId: string;
    }>(res);
    expect(e.success).toBe(true);
    expect(e.errCode).toBe(200);
    expect(e.data.jwtHeader).toBe('jwtOpacAuth');
    expect(e.data.loginType).toBe(1);
    expect(e.data.name).toBe('李明');
    expect(decodeProtectedHeader(e.data.jwt).alg).toBe('HS512');
    const claims = decodeJwt(e.data.jwt);
    expect(claims.sub).toBe(e.data.userId);
    expect(claims).toMatchObject({ groupCode: expect.any(String), mappingPath: '' });
    expect(claims.jti).toBeTypeOf('string');
    expect(claims.created).toBeTypeOf('number');
    expect(claims.exp! - claims.iat!).toBe(24 * 3600);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^jwt=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
  });

  it('takes the card number as well as the account, in any case', async () => {
    expect(envelopeOf(await login(t, 'd0001', DEMO_PASSWORD)).success).toBe(true);
    expect(envelopeOf(await login(t, 'READER', DEMO_PASSWORD)).success).toBe(true);
  });

  it('gives the same answer, HTTP status and error code for an unknown account and a wrong password', async () => {
    const wrong = await login(t, 'lost', 'Wrong2026x');
    const unknown = await login(t, 'nobody-here', 'Wrong2026x');
    expect(wrong.statusCode).toBe(unknown.statusCode);
    const [a, b] = [envelopeOf(wrong), envelopeOf(unknown)];
    expect(a).toEqual(b);
    expect(a.errCode).toBe(40201);
    expect(a.message).toBe('账号或密码错误');
    const en = envelopeOf(await login(t, 'nobody', 'x', { headers: { 'content-language': 'en_US' } }));
    expect(en.message).toBe('Wrong account or password');
  });

  it('spends an argon2 verify on an unknown account too, so that timing does not tell accounts apart', async () => {
    // Which hashes a login verifies against, the verifications themselves run as they are.
    const verified: string[] = [];
    const verify = passwords.verifyPassword;
    const spy = vi.spyOn(passwords, 'verifyPassword').mockImplementation(async (phc, password) => {
      verified.push(phc);
      return verify(phc, password);
    });
    try {
      // Both refused with the same bad-credentials answer (not an error of the verify).
      const ghost = envelopeOf(await login(t, 'ghost-account', 'Wrong2026x', { captcha: await captcha(t) }));
      const known = envelopeOf(await login(t, 'expired', 'Wrong2026x', { captcha: await captcha(t) }));
      expect(ghost).toMatchObject({ success: false });
      expect({ ...ghost, message: undefined }).toEqual({ ...known, message: undefined });
      expect(ghost.message).toBe(known.message);
    } finally {
      spy.mockRestore();
    }
    // One verify each: the unknown account's against a hash made with the same argon2id settings
    // as readers' hashes, so both cost the same time.
    expect(verified).toHaveLength(2);
    const settings = (phc: string) => /^\$argon2id\$v=19\$(m=\d+,t=\d+,p=\d+)\$/.exec(phc)?.[1];
    expect(verified[0]).toBe(await dummyHash());
    expect(settings(verified[0]!)).toBe(
      `m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}`,
    );
    expect(settings(verified[0]!)).toBe(settings(verified[1]!));
    expect(verified[1]).not.toBe(verified[0]);
  });

  it('answers data:false for a password that must be changed first, then forceModify lets the reader in', async () => {
    const first = envelopeOf(await login(t, 'initial', DEMO_INITIAL_PASSWORD));
    expect(first).toMatchObject({ success: false, errCode: 200, data: false });
    expect(first.message).toContain('修改密码');

    const change = async (newPassword: string, confirmPassword = '') =>
      envelopeOf(
        await t.call({
          url: ApiPath.forceModify,
          mappingPath: '',
          body: { username: 'initial', password: DEMO_INITIAL_PASSWORD, newPassword, confirmPassword },
        }),
      );
    expect((await change('abcdefgh')).errCode).toBe(40204);
    expect((await change('New2026pass', 'New2026pasz')).errCode).toBe(40212);
    const changed = await change('New2026pass', 'New2026pass');
    expect(changed).toMatchObject({ success: true, message: '修改密码成功' });
    expect(envelopeOf(await login(t, 'initial', DEMO_INITIAL_PASSWORD)).errCode).toBe(40201);
    expect(envelopeOf(await login(t, 'initial', 'New2026pass')).success).toBe(true);
  });

  it('refuses a new password equal to the account or card number, under either rule', async () => {
    const tenantId = (await t.services.tenants.byMappingPath(''))!.id;
    await saveReader(t.db.kysely, tenantId, { account: 'Lib2026abc', cardNo: 'Card2026xyz' }, 'Start2026pw', '1');
    const change = (newPassword: string) =>
      t
        .call({
          url: ApiPath.forceModify,
          mappingPath: '',
          body: { username: 'Lib2026abc', password: 'Start2026pw', newPassword },
        })
        .then((r) => envelopeOf(r));
    expect((await change('lib2026ABC')).errCode).toBe(40205);
    expect((await change('card2026XYZ')).errCode).toBe(40205);
    await t.services.siteConfig.updateConfig(tenantId, { passwordCheck: '2' });
    try {
      const rule2 = await change('alllowercase1');
      expect(rule2.errCode).toBe(40204);
      expect(rule2.message).toContain('至少三种');
      expect((await change('Lib2026abc')).errCode).toBe(40205);
      expect((await change('Mixed-2026')).success).toBe(true);
    } finally {
      await t.services.siteConfig.resetConfig(tenantId, ['passwordCheck']);
    }
  });

  it('answers data:10000 for a password older than the institution allows', async () => {
    const e = envelopeOf(await login(t, 'expired', DEMO_PASSWORD, { headers: { 'content-language': 'en_US' } }));
    expect(e).toMatchObject({ success: false, errCode: 200, data: 10000 });
    expect(e.message).toBe('You have not changed your password for a long time, please change it');
  });

  it('lets frozen and lost readers in (they see their status), one institution at a time', async () => {
    for (const account of ['frozen', 'lost']) {
      const jwt = await tokenOf(t, account, DEMO_PASSWORD);
      const info = envelopeOf<{ status: string }>(
        await t.call({ url: ApiPath.userInfo, mappingPath: '', headers: bearer(jwt) }),
      );
      expect(info.data.status).toBe(account);
    }
    expect(envelopeOf(await login(t, 'reader', DEMO_PASSWORD, { mappingPath: 'xihu' })).success).toBe(true);
  });

  it('accepts the password in the configured client-side cipher form as well as plain', async () => {
    const key = '0123456789abcdef';
    const ciphered = await createTestApp({ auth: { ...TEST_AUTH, passwordCipherKey: key } });
    try {
      const { encodePassword } = await import('../src/modules/readers/passwords.js');
      expect(envelopeOf(await login(ciphered, 'reader', encodePassword(DEMO_PASSWORD, key))).success).toBe(true);
      expect(envelopeOf(await login(ciphered, 'reader', DEMO_PASSWORD)).success).toBe(true);
      expect(envelopeOf(await login(ciphered, 'reader', encodePassword('Wrong2026', key))).errCode).toBe(40201);
    } finally {
      await ciphered.close();
    }
  });

  it('refuses empty or oversized input with an answer, never a 500', async () => {
    const c = await captcha(t);
    const empty = await t.call({
      url: ApiPath.login,
      mappingPath: '',
      body: { codeKey: c.codeKey, verifyCode: c.answer },
    });
    expect(envelopeOf(empty).errCode).toBe(40201);
    const big = await t.call({
      url: ApiPath.login,
      mappingPath: '',
      body: { username: 'x'.repeat(5000), password: 'y' },
    });
    expect(big.statusCode).toBe(400);
  });
});

describe('the logged-in reader', () => {
  it('reads the token from the jwtHeader header, the jwt cookie and ?jwt= on userinfo', async () => {
    // A reader of its own: other tests change the demo readers' library and contacts.
    const tenantId = (await t.services.tenants.byMappingPath(''))!.id;
    const me = await makeReader(t, tenantId, { name: '李明', email: 'liming@example.org', phone: '13800000042' });
    const jwt = await tokenOf(t, me.account, me.password);
    const viaHeader = envelopeOf<{
      name: string;
      libCode: string;
      emailCheckFlag: string;
      mobileCheckFlag: string;
      userId: string;
      groupCode: string;
    }>(await t.call({ url: ApiPath.userInfo, mappingPath: '', headers: bearer(jwt) }));
    expect(viaHeader.data).toMatchObject({ name: '李明', libCode: 'OFU', emailCheckFlag: '1', mobileCheckFlag: '1' });
    const viaCookie = await t.call({ url: ApiPath.userInfo, mappingPath: '', headers: { cookie: `jwt=${jwt}` } });
    expect(envelopeOf(viaCookie).success).toBe(true);
    const viaQuery = await t.call({ url: ApiPath.userInfo, mappingPath: '', query: { jwt, jwtHeader: 'jwtOpacAuth' } });
    expect(envelopeOf(viaQuery).success).toBe(true);
    // The query form is for userinfo only (tokens in addresses end up in logs).
    const history = await t.call({ url: `/find/userInfo/searchHistory?jwt=${jwt}`, mappingPath: '', body: {} });
    expect(history.statusCode).toBe(401);
  });

  it("follows the institution's jwtHeader", async () => {
    await t.services.siteConfig.updateConfig((await t.services.tenants.byMappingPath('beiling'))!.id, {
      jwtHeader: 'X-Beiling-Token',
    });
    const res = await login(t, 'reader', DEMO_PASSWORD, { mappingPath: 'beiling' });
    const e = envelopeOf<{ jwt: string; jwtHeader: string }>(res);
    expect(e.data.jwtHeader).toBe('X-Beiling-Token');
    const info = await t.call({
      url: ApiPath.userInfo,
      mappingPath: 'beiling',
      headers: { 'x-beiling-token': e.data.jwt },
    });
    expect(envelopeOf(info).success).toBe(true);
  });

  it('answers 401 without a session, with "please log in" or "login expired"', async () => {
    const none = await t.call({ url: ApiPath.userInfo, mappingPath: '' });
    expect(none.statusCode).toBe(401);
    expect(envelopeOf(none)).toMatchObject({ success: false, errCode: 401, message: '请登录！' });
    const bad = await t.call({ url: ApiPath.userInfo, mappingPath: '', headers: bearer('not.a.token') });
    expect(bad.statusCode).toBe(401);
    expect(envelopeOf(bad).message).toBe('当前登录已失效，请重新登录');
  });

  it('search history works for a logged-in reader (401 before)', async () => {
    expect((await t.call({ url: ApiPath.searchHistory, mappingPath: '', body: {} })).statusCode).toBe(401);
    const jwt = await tokenOf(t, 'reader', DEMO_PASSWORD);
    await t.call({
      url: ApiPath.search,
      mappingPath: '',
      headers: bearer(jwt),
      body: { searchFieldContent: '红楼梦', searchField: 'keyWord', page: 1, rows: 10 },
    });
    const res = await t.call({ url: ApiPath.searchHistory, mappingPath: '', headers: bearer(jwt), body: {} });
    expect(res.statusCode).toBe(200);
    const e = envelopeOf<{ numFound?: number; totalCount?: number; list?: unknown[]; searchResult?: unknown[] }>(res);
    expect(e.success).toBe(true);
    expect(JSON.stringify(e.data)).toContain('红楼梦');
  });

  it('shows and marks the first-login flag, and changes the library when readers may choose', async () => {
    const jwt = await tokenOf(t, 'reader', DEMO_PASSWORD);
    const h = bearer(jwt);
    expect(envelopeOf(await t.call({ url: ApiPath.getFirstLoginFlag, mappingPath: '', headers: h })).data).toEqual({
      firstLoginFlag: '0',
    });
    expect(
      envelopeOf(
        await t.call({
          method: 'POST',
          url: ApiPath.updateFirstLoginFlag,
          mappingPath: '',
          headers: h,
          body: {},
        }),
      ).data,
    ).toEqual({ firstLoginFlag: '1' });
    expect(envelopeOf(await t.call({ url: ApiPath.getFirstLoginFlag, mappingPath: '', headers: h })).data).toEqual({
      firstLoginFlag: '1',
    });

    const libs = envelopeOf<{ libCode: string; current: boolean }[]>(
      await t.call({ url: ApiPath.userLibList, mappingPath: '', headers: h }),
    ).data;
    expect(libs.filter((l) => l.current).map((l) => l.libCode)).toEqual(['OFU']);
    const changed = envelopeOf<{ libCode: string; current: boolean }[]>(
      await t.call({ url: ApiPath.changeUserLib, mappingPath: '', headers: h, body: { libCode: 'OFU-MED' } }),
    );
    expect(changed.data.find((l) => l.current)?.libCode).toBe('OFU-MED');
    expect(
      envelopeOf(await t.call({ url: ApiPath.changeUserLib, mappingPath: '', headers: h, body: { libCode: 'NOPE' } }))
        .errCode,
    ).toBe(40213);
    // xihu does not let readers choose their library.
    const xh = bearer(await tokenOf(t, 'reader', DEMO_PASSWORD, 'xihu'));
    expect(
      envelopeOf(
        await t.call({
          url: ApiPath.changeUserLib,
          mappingPath: 'xihu',
          headers: xh,
          body: { libCode: 'XH-CH' },
        }),
      ).errCode,
    ).toBe(40213);
  });

  it('mail/phone status shows what is verified', async () => {
    const a = bearer(await tokenOf(t, 'reader', DEMO_PASSWORD));
    const b = bearer(await tokenOf(t, 'unverified', DEMO_PASSWORD));
    const url = ApiPath.mailPhoneStatus;
    expect(envelopeOf(await t.call({ url, mappingPath: '', headers: a })).data).toEqual({
      emailFlag: '1',
      phoneFlag: '1',
      pdaRuleFlag: '0',
    });
    expect(envelopeOf(await t.call({ url, mappingPath: '', headers: b })).data).toEqual({
      emailFlag: '0',
      phoneFlag: '0',
      pdaRuleFlag: '0',
    });
  });
});
