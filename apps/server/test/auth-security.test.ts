import { ApiPath } from '@openfind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64url, decodeJwt, SignJWT } from 'jose';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { bearer, captcha, login, TEST_AUTH, tokenOf } from './auth-support.js';
import { DEMO_PASSWORD } from '../src/seed/demo-readers.js';
import { findReaderByLogin, setReaderStatus } from '../src/modules/readers/reader-repository.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ auth: TEST_AUTH });
});
afterAll(async () => t?.close());

const userinfo = (jwt: string, mappingPath = '') =>
  t.call({ url: ApiPath.userInfo, mappingPath, headers: bearer(jwt) });

async function signingKey(): Promise<Uint8Array> {
  const row = await t.db.kysely
    .selectFrom('server_secret')
    .select('value')
    .where('name', '=', 'session')
    .executeTakeFirstOrThrow();
  return new TextEncoder().encode(row.value);
}

describe('session tokens', () => {
  it('refuses a tampered token (payload changed, signature kept)', async () => {
    const jwt = await tokenOf(t, 'reader', DEMO_PASSWORD);
    expect((await userinfo(jwt)).statusCode).toBe(200);
    const [h, p, s] = jwt.split('.');
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(p!))) as Record<string, unknown>;
    const other = await findReaderByLogin(t.db.kysely, (await t.services.tenants.byMappingPath(''))!.id, 'lost');
    const forged = base64url.encode(JSON.stringify({ ...claims, sub: String(other!.id) }));
    const res = await userinfo(`${h}.${forged}.${s}`);
    expect(res.statusCode).toBe(401);
    expect(envelopeOf(res).errCode).toBe(401);
    // A flipped signature character is refused too.
    const flipped = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await userinfo(flipped)).statusCode).toBe(401);
  });

  it('refuses alg:none and other algorithms, even with valid claims', async () => {
    const jwt = await tokenOf(t, 'reader', DEMO_PASSWORD);
    const claims = decodeJwt(jwt);
    const none = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url.encode(JSON.stringify(claims))}.`;
    expect((await userinfo(none)).statusCode).toBe(401);
    const hs256 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(await signingKey());
    expect((await userinfo(hs256)).statusCode).toBe(401);
    // The same claims signed properly are accepted: the refusals above are about the algorithm.
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512', typ: 'JWT' }).sign(await signingKey());
    expect((await userinfo(hs512)).statusCode).toBe(200);
    // A bind ticket (same key, another type and audience) is no session.
    const tenant = (await t.services.tenants.byMappingPath(''))!;
    const ticket = await t.services.auth.sessions.signTicket(tenant, 'cas', String(claims.sub));
    expect((await userinfo(ticket)).statusCode).toBe(401);
  });

  it('refuses an expired token with 401 "login expired"', async () => {
    const claims = decodeJwt(await tokenOf(t, 'reader', DEMO_PASSWORD));
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ...claims, iat: now - 7200, exp: now - 60 })
      .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
      .sign(await signingKey());
    const res = await userinfo(expired);
    expect(res.statusCode).toBe(401);
    expect(envelopeOf(res).message).toBe('当前登录已失效，请重新登录');
  });

  it("refuses another institution's token, and a token signed with another key", async () => {
    const xihu = await tokenOf(t, 'reader', DEMO_PASSWORD, 'xihu');
    expect((await userinfo(xihu, 'xihu')).statusCode).toBe(200);
    expect((await userinfo(xihu, '')).statusCode).toBe(401);
    expect((await userinfo(xihu, 'beiling')).statusCode).toBe(401);
    // Claims rewritten to the default institution but still the xihu reader: refused (the reader is not of this tenant).
    const def = await t.services.tenants.byMappingPath('');
    const claims = decodeJwt(xihu);
    const moved = await new SignJWT({ ...claims, tid: def!.id, groupCode: def!.groupCode, mappingPath: '' })
      .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
      .sign(await signingKey());
    expect((await userinfo(moved, '')).statusCode).toBe(401);
    const foreignKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
      .sign(new TextEncoder().encode('x'.repeat(64)));
    expect((await userinfo(foreignKey, 'xihu')).statusCode).toBe(401);
  });

  it('a token stops working after logout; other sessions of the reader go on', async () => {
    const a = await tokenOf(t, 'reader', DEMO_PASSWORD);
    const b = await tokenOf(t, 'reader', DEMO_PASSWORD);
    const out = await t.call({ method: 'POST', url: ApiPath.logout, mappingPath: '', headers: bearer(a), body: {} });
    expect(envelopeOf<{ logoutUrl: string }>(out)).toMatchObject({ success: true, data: { logoutUrl: '' } });
    expect(String(out.headers['set-cookie'])).toMatch(/^jwt=;/);
    expect((await userinfo(a)).statusCode).toBe(401);
    expect((await userinfo(b)).statusCode).toBe(200);
    // Logging out without a session is harmless.
    const again = await t.call({ method: 'POST', url: ApiPath.logoutForExternal, mappingPath: '', body: {} });
    expect(envelopeOf(again).success).toBe(true);
  });

  it('a password change ends every session of the reader', async () => {
    const jwt = await tokenOf(t, 'unverified', DEMO_PASSWORD);
    const res = await t.call({
      url: ApiPath.forceModify,
      mappingPath: '',
      headers: bearer(jwt),
      body: { password: DEMO_PASSWORD, newPassword: 'Changed2026', confirmPassword: 'Changed2026' },
    });
    expect(envelopeOf(res).success).toBe(true);
    expect((await userinfo(jwt)).statusCode).toBe(401);
    expect(envelopeOf(await login(t, 'unverified', 'Changed2026')).success).toBe(true);
  });

  it('freezing an account ends its sessions', async () => {
    const jwt = await tokenOf(t, 'lost', DEMO_PASSWORD);
    const tenantId = (await t.services.tenants.byMappingPath(''))!.id;
    const reader = await findReaderByLogin(t.db.kysely, tenantId, 'lost');
    await setReaderStatus(t.db.kysely, reader!.tenantId, reader!.id, 'frozen');
    expect((await userinfo(jwt)).statusCode).toBe(401);
    const fresh = await tokenOf(t, 'lost', DEMO_PASSWORD);
    expect(envelopeOf<{ status: string }>(await userinfo(fresh)).data.status).toBe('frozen');
  });

  it('public calls go on as anonymous with a bad token; reader-only calls answer 401', async () => {
    const res = await t.call({ url: ApiPath.getFindConfig, mappingPath: '', headers: bearer('garbage') });
    expect(res.statusCode).toBe(200);
    const history = await t.call({
      url: ApiPath.searchHistory,
      mappingPath: '',
      headers: bearer('garbage'),
      body: {},
    });
    expect(history.statusCode).toBe(401);
  });
});

describe('guessing passwords', () => {
  let g: TestApp;
  beforeAll(async () => {
    // The default limits, except that image codes are readable and plentiful.
    g = await createTestApp({ auth: { exposeCaptchaAnswer: true, captchasPerMinutePerIp: 10_000 } });
  });
  afterAll(async () => g?.close());

  const attempt = async (user: string, password: string, remoteAddress: string, app = g, mappingPath = '') => {
    const c = envelopeOf<{ codeKey: string; answer: string }>(
      await app.app.inject({ method: 'GET', url: ApiPath.verifyCodeImg, headers: { mappingPath }, remoteAddress }),
    ).data;
    const res = await app.app.inject({
      method: 'POST',
      url: ApiPath.login,
      headers: { mappingPath },
      remoteAddress,
      payload: { username: user, password, verifyCode: c.answer, codeKey: c.codeKey },
    });
    return { status: res.statusCode, ...envelopeOf(res) };
  };

  it('100 wrong passwords in a row: five are tried, then the account is locked and the address throttled', async () => {
    const outcomes: number[] = [];
    for (let i = 0; i < 100; i++) outcomes.push((await attempt('reader', `Wrong${i}pass`, '10.0.0.1')).errCode);
    expect(outcomes.filter((c) => c === 40201)).toHaveLength(5);
    expect(outcomes.slice(0, 5).every((c) => c === 40201)).toBe(true);
    expect(outcomes.slice(5).every((c) => c === 40203 || c === 429)).toBe(true);
    expect(outcomes.filter((c) => c === 429).length).toBeGreaterThan(0);
    // The right password is refused while the lock lasts (from another address too).
    const right = await attempt('reader', DEMO_PASSWORD, '10.0.0.2');
    expect(right.errCode).toBe(40203);
    expect(right.message).toMatch(/^登录失败次数过多，请 \d+ 分钟后再试$/);
    // When the lock ends, the right password works and the count starts again.
    await g.db.kysely
      .updateTable('login_throttle')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .execute();
    expect((await attempt('reader', DEMO_PASSWORD, '10.0.0.2')).success).toBe(true);
    const reader = await findReaderByLogin(g.db.kysely, (await g.services.tenants.byMappingPath(''))!.id, 'reader');
    expect(
      await g.db.kysely.selectFrom('login_throttle').selectAll().where('account_key', '=', `R:${reader!.id}`).execute(),
    ).toEqual([]);
  });

  it("counts a reader's failures together whichever name is typed (account, card number, any case)", async () => {
    // 'unverified' has card number D0005: three tries by account (one in capitals), two by card number.
    const names = ['unverified', 'UNVERIFIED', 'unverified', 'D0005', 'd0005'];
    const outcomes: number[] = [];
    for (const [i, name] of names.entries())
      outcomes.push((await attempt(name, `Wrong${i}pass`, `10.0.3.${i}`)).errCode);
    expect(outcomes).toEqual([40201, 40201, 40201, 40201, 40201]);
    // The sixth try, with the right password, is refused by either name.
    expect((await attempt('D0005', DEMO_PASSWORD, '10.0.3.9')).errCode).toBe(40203);
    expect((await attempt('Unverified', DEMO_PASSWORD, '10.0.3.9')).errCode).toBe(40203);
  });

  it('counts an unknown name per folded name, so probing it is limited too', async () => {
    const outcomes: number[] = [];
    for (const [i, name] of [
      'Ghost-Name',
      'ghost-name',
      ' GHOST-NAME ',
      'ghost-Name',
      'GHOST-name',
      'ghost-name',
    ].entries())
      outcomes.push((await attempt(name, 'Nope2026x', `10.0.4.${i}`)).errCode);
    expect(outcomes).toEqual([40201, 40201, 40201, 40201, 40201, 40203]);
    // Another name is not affected.
    expect((await attempt('ghost-name-2', 'Nope2026x', '10.0.4.9')).errCode).toBe(40201);
  });

  it('locks an unknown account name exactly like a real one (no enumeration by lockout)', async () => {
    const real: { errCode: number; message: string; status: number }[] = [];
    const ghost: { errCode: number; message: string; status: number }[] = [];
    for (let i = 0; i < 7; i++) {
      const a = await attempt('frozen', 'Nope2026x', '10.0.1.1');
      const b = await attempt('no-such-reader', 'Nope2026x', '10.0.1.2');
      real.push({ errCode: a.errCode, message: a.message, status: a.status });
      ghost.push({ errCode: b.errCode, message: b.message, status: b.status });
    }
    expect(ghost).toEqual(real);
    expect(real.map((r) => r.errCode)).toEqual([40201, 40201, 40201, 40201, 40201, 40203, 40203]);
  });

  it('limits one address however many account names it tries, with HTTP 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 35; i++) codes.push((await attempt(`name${i}`, 'Nope2026x', '10.0.2.1')).status);
    expect(codes.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(codes.slice(30).every((s) => s === 429)).toBe(true);
    expect((await attempt('name99', 'Nope2026x', '10.0.2.2')).status).toBe(200);
  });

  it('counts the limits of an address across institutions (logins, image codes, recovery)', async () => {
    const strict = await createTestApp({
      auth: {
        exposeCaptchaAnswer: true,
        loginsPerMinutePerIp: 3,
        captchasPerMinutePerIp: 6,
        recoveryPerMinutePerIp: 3,
      },
    });
    const tenants = ['', 'beiling', 'xihu'];
    try {
      const logins: number[] = [];
      for (let i = 0; i < 4; i++)
        logins.push((await attempt(`name${i}`, 'Nope2026x', '10.0.5.1', strict, tenants[i % 3])).status);
      expect(logins).toEqual([200, 200, 200, 429]);

      const codes: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await strict.app.inject({
          url: ApiPath.verifyCodeImg,
          headers: { mappingPath: tenants[i % 3]! },
          remoteAddress: '10.0.5.2',
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429]);

      const recovery: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await strict.app.inject({
          method: 'POST',
          url: ApiPath.checkUser,
          headers: { mappingPath: tenants[i % 3]! },
          remoteAddress: '10.0.5.3',
          payload: { findKey: 'made-up' },
        });
        recovery.push(res.statusCode);
      }
      expect(recovery).toEqual([200, 200, 200, 429]);
    } finally {
      await strict.close();
    }
  });

  it('limits image codes per address', async () => {
    const strict = await createTestApp({ seed: true, auth: { captchasPerMinutePerIp: 3 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await strict.call({ url: ApiPath.verifyCodeImg, mappingPath: '' })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await strict.close();
    }
  });
});

describe('captcha answers in responses', () => {
  it('the test-only setting is refused in production', async () => {
    const { loadConfig } = await import('../src/config.js');
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CAPTCHA_ANSWER: '1' })).toThrow(/TEST_CAPTCHA_ANSWER/);
    expect(loadConfig({ NODE_ENV: 'production' }).auth.exposeCaptchaAnswer).toBe(false);
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2' }).redisUrl).toBe('redis://127.0.0.1:6379/2');
    expect(() => loadConfig({ REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL: must start with redis:\/\//);
    expect(loadConfig({}).auth.exposeCaptchaAnswer).toBe(false);
    expect(loadConfig({ TEST_CAPTCHA_ANSWER: '1' }).auth.exposeCaptchaAnswer).toBe(true);
  });

  it('scene-2 codes are bound to their account name and do not log in', async () => {
    const c = await captcha(t, '', { userName: 'reader', scene: '2' });
    expect(envelopeOf(await login(t, 'reader', DEMO_PASSWORD, { captcha: c })).errCode).toBe(40202);
  });
});
