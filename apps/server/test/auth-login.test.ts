import { ApiPath, AuthErrCode } from '@openfind/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { bearer, captcha, login, TEST_AUTH, tokenOf } from './auth-support.js';
import { t as text } from '../src/http/messages.js';
import * as passwords from '../src/modules/readers/passwords.js';
import { ARGON2_OPTIONS, dummyHash } from '../src/modules/readers/passwords.js';
import { makeReader, makeReaderWith, makeTenant, type MadeTenant } from './support/factories.js';

let t: TestApp;
/** The institution most tests log in to (the demo's libraries: OFU main, OFU-MED); each test makes its readers. */
let home: MadeTenant;
let mappingPath: string;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  home = await makeTenant(t, { libraries: 'demo' });
  mappingPath = home.mappingPath;
});
afterAll(async () => t?.close());

/** Logs in to `home` unless told otherwise (with a fresh image code unless one is given). */
const loginHome = (username: string, password: string, opts: Parameters<typeof login>[3] = {}) =>
  login(t, username, password, { mappingPath, ...opts });

describe('image captcha', () => {
  it('is an image usable as <img src>, bound to a fresh codeKey, not cached', async () => {
    const res = await t.call({ url: ApiPath.verifyCodeImg, mappingPath });
    expect(res.headers['cache-control']).toBe('no-store');
    const d = envelopeOf<{ verifyCode: string; codeKey: string; expiresIn: number; answer: string }>(res).data;
    expect(d.verifyCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(d.verifyCode.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(d.codeKey.length).toBeGreaterThanOrEqual(20);
    expect(d.answer).toMatch(/^\w{4}$/);
    expect(d.expiresIn).toBe(300);
    const again = envelopeOf<{ codeKey: string }>(await t.call({ url: ApiPath.verifyCodeImg, mappingPath })).data;
    expect(again.codeKey).not.toBe(d.codeKey);
  });

  it('never carries the answer unless the test-only setting is on', async () => {
    const plain = await createTestApp({ seed: false });
    try {
      const tenant = await makeTenant(plain);
      const d = envelopeOf<Record<string, unknown>>(
        await plain.call({ url: ApiPath.verifyCodeImg, mappingPath: tenant.mappingPath }),
      ).data;
      expect(d).not.toHaveProperty('answer');
      expect(d.codeKey).toBeTypeOf('string');
    } finally {
      await plain.close();
    }
  });

  it('is single use: a right answer works once, and a wrong answer uses it up too', async () => {
    const reader = await makeReader(t, home.id);
    const c = await captcha(t, mappingPath);
    expect(envelopeOf(await loginHome(reader.account, reader.password, { captcha: c })).success).toBe(true);
    const replay = envelopeOf(await loginHome(reader.account, reader.password, { captcha: c }));
    expect(replay.success).toBe(false);
    expect(replay.errCode).toBe(AuthErrCode.captchaWrong);

    const c2 = await captcha(t, mappingPath);
    const wrong = envelopeOf(await loginHome(reader.account, reader.password, { captcha: { ...c2, answer: 'zzzz' } }));
    expect(wrong.errCode).toBe(AuthErrCode.captchaWrong);
    expect(envelopeOf(await loginHome(reader.account, reader.password, { captcha: c2 })).errCode).toBe(
      AuthErrCode.captchaWrong,
    );
  });

  it('is case-insensitive, expires, and belongs to its institution', async () => {
    const reader = await makeReader(t, home.id);
    const c = await captcha(t, mappingPath);
    expect(
      envelopeOf(
        await loginHome(reader.account, reader.password, { captcha: { ...c, answer: c.answer.toUpperCase() } }),
      ).success,
    ).toBe(true);

    const old = await captcha(t, mappingPath);
    await t.db.kysely
      .updateTable('captcha')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('code_key', '=', old.codeKey)
      .execute();
    expect(envelopeOf(await loginHome(reader.account, reader.password, { captcha: old })).errCode).toBe(
      AuthErrCode.captchaWrong,
    );

    const elsewhere = await makeTenant(t);
    const other = await captcha(t, elsewhere.mappingPath);
    expect(envelopeOf(await loginHome(reader.account, reader.password, { captcha: other })).errCode).toBe(
      AuthErrCode.captchaWrong,
    );
  });

  it('is checked before the password: a wrong code does not count as a failed password', async () => {
    const reader = await makeReader(t, home.id);
    for (let i = 0; i < 6; i++) {
      const c = await captcha(t, mappingPath);
      await loginHome(reader.account, 'wrong-password', { captcha: { ...c, answer: '----' } });
    }
    expect(envelopeOf(await loginHome(reader.account, reader.password)).success).toBe(true);
  });
});

describe('login', () => {
  it('answers a session: an HS512 token with the real claims, the header name, and an HttpOnly SameSite cookie', async () => {
    const reader = await makeReader(t, home.id, { name: '李明' });
    const res = await loginHome(reader.account, reader.password);
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
    expect(claims).toMatchObject({ groupCode: home.groupCode, mappingPath });
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
    const reader = await makeReaderWith(t, home.id, { account: 'card-holder', cardNo: 'D0001' });
    expect(envelopeOf(await loginHome('d0001', reader.password)).success).toBe(true);
    expect(envelopeOf(await loginHome('CARD-HOLDER', reader.password)).success).toBe(true);
  });

  it('gives the same answer, HTTP status and error code for an unknown account and a wrong password', async () => {
    const lost = await makeReader(t, home.id, { status: 'lost' });
    const wrong = await loginHome(lost.account, 'Wrong2026x');
    const unknown = await loginHome('nobody-here', 'Wrong2026x');
    expect(wrong.statusCode).toBe(unknown.statusCode);
    const [a, b] = [envelopeOf(wrong), envelopeOf(unknown)];
    expect(a).toEqual(b);
    expect(a.errCode).toBe(AuthErrCode.badCredentials);
    expect(a.message).toBe(text('zh-CN', 'badCredentials'));
    const en = envelopeOf(await loginHome('nobody', 'x', { headers: { 'content-language': 'en_US' } }));
    expect(en.message).toBe(text('en-US', 'badCredentials'));
  });

  it('spends an argon2 verify on an unknown account too, so that timing does not tell accounts apart', async () => {
    const reader = await makeReader(t, home.id);
    // Which hashes a login verifies against, the verifications themselves run as they are.
    const verified: string[] = [];
    const verify = passwords.verifyPassword;
    const spy = vi.spyOn(passwords, 'verifyPassword').mockImplementation(async (phc, password) => {
      verified.push(phc);
      return verify(phc, password);
    });
    try {
      // Both refused with the same bad-credentials answer (not an error of the verify).
      const ghost = envelopeOf(
        await loginHome('ghost-account', 'Wrong2026x', { captcha: await captcha(t, mappingPath) }),
      );
      const known = envelopeOf(
        await loginHome(reader.account, 'Wrong2026x', { captcha: await captcha(t, mappingPath) }),
      );
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
    const initial = await makeReaderWith(t, home.id, { password: 'Init2026', mustChangePassword: true });
    const first = envelopeOf(await loginHome(initial.account, 'Init2026'));
    expect(first).toMatchObject({ success: false, errCode: 200, data: false });
    expect(first.message).toBe(text('zh-CN', 'mustChangePassword'));

    const change = async (newPassword: string, confirmPassword = '') =>
      envelopeOf(
        await t.call({
          url: ApiPath.forceModify,
          mappingPath,
          body: { username: initial.account, password: 'Init2026', newPassword, confirmPassword },
        }),
      );
    expect((await change('abcdefgh')).errCode).toBe(AuthErrCode.passwordRule);
    expect((await change('New2026pass', 'New2026pasz')).errCode).toBe(AuthErrCode.confirmMismatch);
    const changed = await change('New2026pass', 'New2026pass');
    expect(changed).toMatchObject({ success: true, message: text('zh-CN', 'passwordChanged') });
    expect(envelopeOf(await loginHome(initial.account, 'Init2026')).errCode).toBe(AuthErrCode.badCredentials);
    expect(envelopeOf(await loginHome(initial.account, 'New2026pass')).success).toBe(true);
  });

  it('refuses a new password equal to the account or card number, under either rule', async () => {
    // An institution of its own: the test changes its password rule.
    const tenant = await makeTenant(t);
    await makeReaderWith(t, tenant.id, { account: 'Lib2026abc', cardNo: 'Card2026xyz', password: 'Start2026pw' });
    const change = (newPassword: string) =>
      t
        .call({
          url: ApiPath.forceModify,
          mappingPath: tenant.mappingPath,
          body: { username: 'Lib2026abc', password: 'Start2026pw', newPassword },
        })
        .then((r) => envelopeOf(r));
    expect((await change('lib2026ABC')).errCode).toBe(AuthErrCode.passwordEqualsAccount);
    expect((await change('card2026XYZ')).errCode).toBe(AuthErrCode.passwordEqualsAccount);
    await t.services.siteConfig.updateConfig(tenant.id, { passwordCheck: '2' });
    const rule2 = await change('alllowercase1');
    expect(rule2.errCode).toBe(AuthErrCode.passwordRule);
    expect(rule2.message).toBe(text('zh-CN', 'passwordRule2'));
    expect((await change('Lib2026abc')).errCode).toBe(AuthErrCode.passwordEqualsAccount);
    expect((await change('Mixed-2026')).success).toBe(true);
  });

  it('answers data:10000 for a password older than the institution allows', async () => {
    // Passwords of this institution stay valid a year; this reader's was set 395 days ago.
    const tenant = await makeTenant(t);
    await t.services.siteConfig.updateConfig(tenant.id, { passwordMaxAgeDays: '365' });
    const expired = await makeReaderWith(t, tenant.id, {
      passwordChangedAt: new Date(Date.now() - 395 * 86_400_000),
    });
    const e = envelopeOf(
      await login(t, expired.account, expired.password, {
        mappingPath: tenant.mappingPath,
        headers: { 'content-language': 'en_US' },
      }),
    );
    expect(e).toMatchObject({ success: false, errCode: 200, data: 10000 });
    expect(e.message).toBe(text('en-US', 'passwordTooOld'));
  });

  it('lets frozen and lost readers in (they see their status), one institution at a time', async () => {
    for (const status of ['frozen', 'lost'] as const) {
      const reader = await makeReader(t, home.id, { status });
      const jwt = await tokenOf(t, reader.account, reader.password, mappingPath);
      const info = envelopeOf<{ status: string }>(
        await t.call({ url: ApiPath.userInfo, mappingPath, headers: bearer(jwt) }),
      );
      expect(info.data.status).toBe(status);
    }
    // The same account in another institution is another reader, with its own password.
    const here = await makeReader(t, home.id);
    const elsewhere = await makeTenant(t);
    const there = await makeReader(t, elsewhere.id, { account: here.account });
    expect(
      envelopeOf(await login(t, there.account, there.password, { mappingPath: elsewhere.mappingPath })).success,
    ).toBe(true);
  });

  it('accepts the password in the configured client-side cipher form as well as plain', async () => {
    const key = '0123456789abcdef';
    const ciphered = await createTestApp({ seed: false, auth: { ...TEST_AUTH, passwordCipherKey: key } });
    try {
      const tenant = await makeTenant(ciphered);
      const reader = await makeReader(ciphered, tenant.id);
      const at = { mappingPath: tenant.mappingPath };
      const { encodePassword } = await import('../src/modules/readers/passwords.js');
      expect(envelopeOf(await login(ciphered, reader.account, encodePassword(reader.password, key), at)).success).toBe(
        true,
      );
      expect(envelopeOf(await login(ciphered, reader.account, reader.password, at)).success).toBe(true);
      expect(envelopeOf(await login(ciphered, reader.account, encodePassword('Wrong2026', key), at)).errCode).toBe(
        AuthErrCode.badCredentials,
      );
    } finally {
      await ciphered.close();
    }
  });

  it('refuses empty or oversized input with an answer, never a 500', async () => {
    const c = await captcha(t, mappingPath);
    const empty = await t.call({
      url: ApiPath.login,
      mappingPath,
      body: { codeKey: c.codeKey, verifyCode: c.answer },
    });
    expect(envelopeOf(empty).errCode).toBe(AuthErrCode.badCredentials);
    const big = await t.call({
      url: ApiPath.login,
      mappingPath,
      body: { username: 'x'.repeat(5000), password: 'y' },
    });
    expect(big.statusCode).toBe(400);
  });
});

describe('the logged-in reader', () => {
  it('reads the token from the jwtHeader header, the jwt cookie and ?jwt= on userinfo', async () => {
    const me = await makeReader(t, home.id, { name: '李明', email: 'liming@example.org', phone: '13800000042' });
    const jwt = await tokenOf(t, me.account, me.password, mappingPath);
    const viaHeader = envelopeOf<{
      name: string;
      libCode: string;
      emailCheckFlag: string;
      mobileCheckFlag: string;
      userId: string;
      groupCode: string;
    }>(await t.call({ url: ApiPath.userInfo, mappingPath, headers: bearer(jwt) }));
    expect(viaHeader.data).toMatchObject({ name: '李明', libCode: 'OFU', emailCheckFlag: '1', mobileCheckFlag: '1' });
    const viaCookie = await t.call({ url: ApiPath.userInfo, mappingPath, headers: { cookie: `jwt=${jwt}` } });
    expect(envelopeOf(viaCookie).success).toBe(true);
    const viaQuery = await t.call({ url: ApiPath.userInfo, mappingPath, query: { jwt, jwtHeader: 'jwtOpacAuth' } });
    expect(envelopeOf(viaQuery).success).toBe(true);
    // The query form is for userinfo only (tokens in addresses end up in logs).
    const history = await t.call({ url: `${ApiPath.searchHistory}?jwt=${jwt}`, mappingPath, body: {} });
    expect(history.statusCode).toBe(401);
  });

  it("follows the institution's jwtHeader", async () => {
    const tenant = await makeTenant(t);
    await t.services.siteConfig.updateConfig(tenant.id, { jwtHeader: 'X-Beiling-Token' });
    const reader = await makeReader(t, tenant.id);
    const res = await login(t, reader.account, reader.password, { mappingPath: tenant.mappingPath });
    const e = envelopeOf<{ jwt: string; jwtHeader: string }>(res);
    expect(e.data.jwtHeader).toBe('X-Beiling-Token');
    const info = await t.call({
      url: ApiPath.userInfo,
      mappingPath: tenant.mappingPath,
      headers: { 'x-beiling-token': e.data.jwt },
    });
    expect(envelopeOf(info).success).toBe(true);
  });

  it('answers 401 without a session, with "please log in" or "login expired"', async () => {
    const none = await t.call({ url: ApiPath.userInfo, mappingPath });
    expect(none.statusCode).toBe(401);
    expect(envelopeOf(none)).toMatchObject({ success: false, errCode: 401, message: text('zh-CN', 'loginRequired') });
    const bad = await t.call({ url: ApiPath.userInfo, mappingPath, headers: bearer('not.a.token') });
    expect(bad.statusCode).toBe(401);
    expect(envelopeOf(bad).message).toBe(text('zh-CN', 'sessionExpired'));
  });

  it('search history works for a logged-in reader (401 before)', async () => {
    expect((await t.call({ url: ApiPath.searchHistory, mappingPath, body: {} })).statusCode).toBe(401);
    const reader = await makeReader(t, home.id);
    const jwt = await tokenOf(t, reader.account, reader.password, mappingPath);
    await t.call({
      url: ApiPath.search,
      mappingPath,
      headers: bearer(jwt),
      body: { searchFieldContent: '红楼梦', searchField: 'keyWord', page: 1, rows: 10 },
    });
    const res = await t.call({ url: ApiPath.searchHistory, mappingPath, headers: bearer(jwt), body: {} });
    expect(res.statusCode).toBe(200);
    const e = envelopeOf<{ numFound?: number; totalCount?: number; list?: unknown[]; searchResult?: unknown[] }>(res);
    expect(e.success).toBe(true);
    expect(JSON.stringify(e.data)).toContain('红楼梦');
  });

  it('shows and marks the first-login flag, and changes the library when readers may choose', async () => {
    // An institution with the demo's libraries (OFU main, OFU-MED) whose readers may choose theirs.
    const choosing = await makeTenant(t, { libraries: 'demo' });
    await t.services.siteConfig.updateConfig(choosing.id, { independentLibCode: '1' });
    const reader = await makeReader(t, choosing.id);
    const at = choosing.mappingPath;
    const h = bearer(await tokenOf(t, reader.account, reader.password, at));
    expect(envelopeOf(await t.call({ url: ApiPath.getFirstLoginFlag, mappingPath: at, headers: h })).data).toEqual({
      firstLoginFlag: '0',
    });
    expect(
      envelopeOf(
        await t.call({
          method: 'POST',
          url: ApiPath.updateFirstLoginFlag,
          mappingPath: at,
          headers: h,
          body: {},
        }),
      ).data,
    ).toEqual({ firstLoginFlag: '1' });
    expect(envelopeOf(await t.call({ url: ApiPath.getFirstLoginFlag, mappingPath: at, headers: h })).data).toEqual({
      firstLoginFlag: '1',
    });

    const libs = envelopeOf<{ libCode: string; current: boolean }[]>(
      await t.call({ url: ApiPath.userLibList, mappingPath: at, headers: h }),
    ).data;
    expect(libs.filter((l) => l.current).map((l) => l.libCode)).toEqual(['OFU']);
    const changed = envelopeOf<{ libCode: string; current: boolean }[]>(
      await t.call({ url: ApiPath.changeUserLib, mappingPath: at, headers: h, body: { libCode: 'OFU-MED' } }),
    );
    expect(changed.data.find((l) => l.current)?.libCode).toBe('OFU-MED');
    expect(
      envelopeOf(await t.call({ url: ApiPath.changeUserLib, mappingPath: at, headers: h, body: { libCode: 'NOPE' } }))
        .errCode,
    ).toBe(AuthErrCode.libraryNotAllowed);
    // An institution with the same libraries that does not let readers choose (the default).
    const fixed = await makeTenant(t, { libraries: 'demo' });
    const other = await makeReader(t, fixed.id);
    const xh = bearer(await tokenOf(t, other.account, other.password, fixed.mappingPath));
    expect(
      envelopeOf(
        await t.call({
          url: ApiPath.changeUserLib,
          mappingPath: fixed.mappingPath,
          headers: xh,
          body: { libCode: 'OFU-MED' },
        }),
      ).errCode,
    ).toBe(AuthErrCode.libraryNotAllowed);
  });

  it('mail/phone status shows what is verified', async () => {
    const verified = await makeReader(t, home.id, { email: 'a@example.org', phone: '13800000001' });
    const unverified = await makeReaderWith(t, home.id, {
      email: 'b@example.org',
      emailVerified: false,
      phone: '13800000005',
      phoneVerified: false,
    });
    const a = bearer(await tokenOf(t, verified.account, verified.password, mappingPath));
    const b = bearer(await tokenOf(t, unverified.account, unverified.password, mappingPath));
    const url = ApiPath.mailPhoneStatus;
    expect(envelopeOf(await t.call({ url, mappingPath, headers: a })).data).toEqual({
      emailFlag: '1',
      phoneFlag: '1',
      pdaRuleFlag: '0',
    });
    expect(envelopeOf(await t.call({ url, mappingPath, headers: b })).data).toEqual({
      emailFlag: '0',
      phoneFlag: '0',
      pdaRuleFlag: '0',
    });
  });
});
