import { ApiPath, AuthErrCode } from '@openfind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64url, decodeJwt, SignJWT } from 'jose';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { bearer, captcha, login, TEST_AUTH, tokenOf } from './auth-support.js';
import { t as text } from '../src/http/messages.js';
import { setReaderStatus } from '../src/modules/readers/reader-repository.js';
import { makeReader, makeReaderWith, makeTenant, type MadeReader, type MadeTenant } from './support/factories.js';

let t: TestApp;
/** The institution of the session tests; each test makes the readers whose sessions it looks at. */
let home: MadeTenant;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  home = await makeTenant(t);
});
afterAll(async () => t?.close());

const userinfo = (jwt: string, mappingPath = home.mappingPath) =>
  t.call({ url: ApiPath.userInfo, mappingPath, headers: bearer(jwt) });
/** A new reader of `home` and a session of it. */
async function loggedIn(opts: Parameters<typeof makeReader>[2] = {}): Promise<{ reader: MadeReader; jwt: string }> {
  const reader = await makeReader(t, home.id, opts);
  return { reader, jwt: await tokenOf(t, reader.account, reader.password, home.mappingPath) };
}

/** A message of messages.ts with its `{minutes}` left open, as a pattern. */
const withAnyMinutes = (message: string) =>
  new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('MINUTES', '\\d+')}$`);

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
    const { jwt } = await loggedIn();
    expect((await userinfo(jwt)).statusCode).toBe(200);
    const [h, p, s] = jwt.split('.');
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(p!))) as Record<string, unknown>;
    const other = await makeReader(t, home.id);
    const forged = base64url.encode(JSON.stringify({ ...claims, sub: String(other.id) }));
    const res = await userinfo(`${h}.${forged}.${s}`);
    expect(res.statusCode).toBe(401);
    expect(envelopeOf(res).errCode).toBe(401);
    // A flipped signature character is refused too.
    const flipped = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await userinfo(flipped)).statusCode).toBe(401);
  });

  it('refuses alg:none and other algorithms, even with valid claims', async () => {
    const { jwt } = await loggedIn();
    const claims = decodeJwt(jwt);
    const none = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url.encode(JSON.stringify(claims))}.`;
    expect((await userinfo(none)).statusCode).toBe(401);
    const hs256 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(await signingKey());
    expect((await userinfo(hs256)).statusCode).toBe(401);
    // The same claims signed properly are accepted: the refusals above are about the algorithm.
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512', typ: 'JWT' }).sign(await signingKey());
    expect((await userinfo(hs512)).statusCode).toBe(200);
    // A bind ticket (same key, another type and audience) is no session.
    const tenant = (await t.services.tenants.byMappingPath(home.mappingPath))!;
    const ticket = await t.services.auth.sessions.signTicket(tenant, 'cas', String(claims.sub));
    expect((await userinfo(ticket)).statusCode).toBe(401);
  });

  it('refuses an expired token with 401 "login expired"', async () => {
    const claims = decodeJwt((await loggedIn()).jwt);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ...claims, iat: now - 7200, exp: now - 60 })
      .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
      .sign(await signingKey());
    const res = await userinfo(expired);
    expect(res.statusCode).toBe(401);
    expect(envelopeOf(res).message).toBe(text('zh-CN', 'sessionExpired'));
  });

  it("refuses another institution's token, and a token signed with another key", async () => {
    // Two more institutions; `home` has a reader of the same account name as the one of `xihu`.
    const [xihu, beiling] = [await makeTenant(t), await makeTenant(t)];
    const there = await makeReader(t, xihu.id);
    await makeReader(t, home.id, { account: there.account });
    const theirs = await tokenOf(t, there.account, there.password, xihu.mappingPath);
    expect((await userinfo(theirs, xihu.mappingPath)).statusCode).toBe(200);
    expect((await userinfo(theirs, home.mappingPath)).statusCode).toBe(401);
    expect((await userinfo(theirs, beiling.mappingPath)).statusCode).toBe(401);
    // Claims rewritten to `home` but still the xihu reader: refused (the reader is not of this tenant).
    const claims = decodeJwt(theirs);
    const moved = await new SignJWT({
      ...claims,
      tid: home.id,
      groupCode: home.groupCode,
      mappingPath: home.mappingPath,
    })
      .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
      .sign(await signingKey());
    expect((await userinfo(moved, home.mappingPath)).statusCode).toBe(401);
    const foreignKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
      .sign(new TextEncoder().encode('x'.repeat(64)));
    expect((await userinfo(foreignKey, xihu.mappingPath)).statusCode).toBe(401);
  });

  it('a token stops working after logout; other sessions of the reader go on', async () => {
    const { reader, jwt: a } = await loggedIn();
    const b = await tokenOf(t, reader.account, reader.password, home.mappingPath);
    const out = await t.call({
      method: 'POST',
      url: ApiPath.logout,
      mappingPath: home.mappingPath,
      headers: bearer(a),
      body: {},
    });
    expect(envelopeOf<{ logoutUrl: string }>(out)).toMatchObject({ success: true, data: { logoutUrl: '' } });
    expect(String(out.headers['set-cookie'])).toMatch(/^jwt=;/);
    expect((await userinfo(a)).statusCode).toBe(401);
    expect((await userinfo(b)).statusCode).toBe(200);
    // Logging out without a session is harmless.
    const again = await t.call({
      method: 'POST',
      url: ApiPath.logoutForExternal,
      mappingPath: home.mappingPath,
      body: {},
    });
    expect(envelopeOf(again).success).toBe(true);
  });

  it('a password change ends every session of the reader', async () => {
    const { reader, jwt } = await loggedIn();
    const res = await t.call({
      url: ApiPath.forceModify,
      mappingPath: home.mappingPath,
      headers: bearer(jwt),
      body: { password: reader.password, newPassword: 'Changed2026', confirmPassword: 'Changed2026' },
    });
    expect(envelopeOf(res).success).toBe(true);
    expect((await userinfo(jwt)).statusCode).toBe(401);
    expect(envelopeOf(await login(t, reader.account, 'Changed2026', { mappingPath: home.mappingPath })).success).toBe(
      true,
    );
  });

  it('freezing an account ends its sessions', async () => {
    const { reader, jwt } = await loggedIn({ status: 'lost' });
    await setReaderStatus(t.db.kysely, home.id, reader.id, 'frozen');
    expect((await userinfo(jwt)).statusCode).toBe(401);
    const fresh = await tokenOf(t, reader.account, reader.password, home.mappingPath);
    expect(envelopeOf<{ status: string }>(await userinfo(fresh)).data.status).toBe('frozen');
  });

  it('public calls go on as anonymous with a bad token; reader-only calls answer 401', async () => {
    const res = await t.call({ url: ApiPath.getFindConfig, mappingPath: home.mappingPath, headers: bearer('garbage') });
    expect(res.statusCode).toBe(200);
    const history = await t.call({
      url: ApiPath.searchHistory,
      mappingPath: home.mappingPath,
      headers: bearer('garbage'),
      body: {},
    });
    expect(history.statusCode).toBe(401);
  });
});

describe('guessing passwords', () => {
  let g: TestApp;
  /** The institution of `g`; each test guesses at readers of its own. */
  let guessed: MadeTenant;
  beforeAll(async () => {
    // The default limits, except that image codes are readable and plentiful.
    g = await createTestApp({ seed: false, auth: { exposeCaptchaAnswer: true, captchasPerMinutePerIp: 10_000 } });
    guessed = await makeTenant(g);
  });
  afterAll(async () => g?.close());

  const attempt = async (
    user: string,
    password: string,
    remoteAddress: string,
    app = g,
    mappingPath = guessed.mappingPath,
  ) => {
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
    const reader = await makeReader(g, guessed.id);
    const outcomes: number[] = [];
    for (let i = 0; i < 100; i++) outcomes.push((await attempt(reader.account, `Wrong${i}pass`, '10.0.0.1')).errCode);
    expect(outcomes.filter((c) => c === AuthErrCode.badCredentials)).toHaveLength(5);
    expect(outcomes.slice(0, 5).every((c) => c === AuthErrCode.badCredentials)).toBe(true);
    expect(outcomes.slice(5).every((c) => c === AuthErrCode.accountLocked || c === 429)).toBe(true);
    expect(outcomes.filter((c) => c === 429).length).toBeGreaterThan(0);
    // The right password is refused while the lock lasts (from another address too).
    const right = await attempt(reader.account, reader.password, '10.0.0.2');
    expect(right.errCode).toBe(AuthErrCode.accountLocked);
    expect(right.message).toMatch(withAnyMinutes(text('zh-CN', 'accountLocked', { minutes: 'MINUTES' })));
    // When the lock ends, the right password works and the count starts again.
    const lock = `R:${reader.id}`;
    await g.db.kysely
      .updateTable('login_throttle')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('account_key', '=', lock)
      .execute();
    expect((await attempt(reader.account, reader.password, '10.0.0.2')).success).toBe(true);
    expect(
      await g.db.kysely.selectFrom('login_throttle').selectAll().where('account_key', '=', lock).execute(),
    ).toEqual([]);
  });

  it("counts a reader's failures together whichever name is typed (account, card number, any case)", async () => {
    // A reader with card number D0005: three tries by account (one in capitals), two by card number.
    const reader = await makeReaderWith(g, guessed.id, { account: 'unverified', cardNo: 'D0005' });
    const names = ['unverified', 'UNVERIFIED', 'unverified', 'D0005', 'd0005'];
    const outcomes: number[] = [];
    for (const [i, name] of names.entries())
      outcomes.push((await attempt(name, `Wrong${i}pass`, `10.0.3.${i}`)).errCode);
    expect(outcomes).toEqual(names.map(() => AuthErrCode.badCredentials));
    // The sixth try, with the right password, is refused by either name.
    expect((await attempt('D0005', reader.password, '10.0.3.9')).errCode).toBe(AuthErrCode.accountLocked);
    expect((await attempt('Unverified', reader.password, '10.0.3.9')).errCode).toBe(AuthErrCode.accountLocked);
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
    const { badCredentials: bad, accountLocked: locked } = AuthErrCode;
    expect(outcomes).toEqual([bad, bad, bad, bad, bad, locked]);
    // Another name is not affected.
    expect((await attempt('ghost-name-2', 'Nope2026x', '10.0.4.9')).errCode).toBe(bad);
  });

  it('locks an unknown account name exactly like a real one (no enumeration by lockout)', async () => {
    const frozen = await makeReader(g, guessed.id, { status: 'frozen' });
    const real: { errCode: number; message: string; status: number }[] = [];
    const ghost: { errCode: number; message: string; status: number }[] = [];
    for (let i = 0; i < 7; i++) {
      const a = await attempt(frozen.account, 'Nope2026x', '10.0.1.1');
      const b = await attempt('no-such-reader', 'Nope2026x', '10.0.1.2');
      real.push({ errCode: a.errCode, message: a.message, status: a.status });
      ghost.push({ errCode: b.errCode, message: b.message, status: b.status });
    }
    expect(ghost).toEqual(real);
    const { badCredentials: bad, accountLocked: locked } = AuthErrCode;
    expect(real.map((r) => r.errCode)).toEqual([bad, bad, bad, bad, bad, locked, locked]);
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
      seed: false,
      auth: {
        exposeCaptchaAnswer: true,
        loginsPerMinutePerIp: 3,
        captchasPerMinutePerIp: 6,
        recoveryPerMinutePerIp: 3,
      },
    });
    try {
      // Three institutions, taken in turn.
      const tenants: string[] = [];
      for (let i = 0; i < 3; i++) tenants.push((await makeTenant(strict)).mappingPath);
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
    const strict = await createTestApp({ seed: false, auth: { captchasPerMinutePerIp: 3 } });
    try {
      const { mappingPath } = await makeTenant(strict);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await strict.call({ url: ApiPath.verifyCodeImg, mappingPath })).statusCode);
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
    const reader = await makeReader(t, home.id);
    const c = await captcha(t, home.mappingPath, { userName: reader.account, scene: '2' });
    expect(
      envelopeOf(await login(t, reader.account, reader.password, { mappingPath: home.mappingPath, captcha: c }))
        .errCode,
    ).toBe(AuthErrCode.captchaWrong);
  });
});
