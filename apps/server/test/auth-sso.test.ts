import { ApiPath } from '@openfind/contract';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64url, SignJWT } from 'jose';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { bearer, login, postWithCode, TEST_AUTH } from './auth-support.js';
import { DEMO_PASSWORD } from '../src/seed/demo-readers.js';
import { setTenantSecret } from '../src/modules/auth/auth-repository.js';
import { casUserOf } from '../src/modules/auth/sso-service.js';

let t: TestApp;
let cas: Server;
let casBase: string;
const validations: { path: string; ticket: string; service: string }[] = [];
/** The tickets the test CAS server knows, and their users. */
const TICKETS: Record<string, string> = { 'ST-reader': 'D0001', 'ST-stranger': 'stranger01', 'ST-amp': 'a&b' };

beforeAll(async () => {
  cas = createServer((req, res) => {
    const url = new URL(req.url!, 'http://cas');
    if (url.pathname === '/wx/openid') {
      // The WeChat auth service of the test: code → openId.
      const openId = { 'wx-a': 'oWX-alpha', 'wx-b': 'oWX-alpha' }[url.searchParams.get('code') ?? ''];
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(openId ? { code: '1', data: { openId } } : { code: '0', msg: 'bad code' }));
      return;
    }
    const ticket = url.searchParams.get('ticket') ?? '';
    validations.push({ path: url.pathname, ticket, service: url.searchParams.get('service') ?? '' });
    const user = TICKETS[ticket];
    res.setHeader('content-type', 'application/xml; charset=utf-8');
    res.end(
      user
        ? `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${user.replace('&', '&amp;')}</cas:user><cas:attributes><cas:name>x</cas:name></cas:attributes></cas:authenticationSuccess></cas:serviceResponse>`
        : `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">Ticket ${ticket} not recognized</cas:authenticationFailure></cas:serviceResponse>`,
    );
  });
  await new Promise<void>((resolve) => cas.listen(0, '127.0.0.1', resolve));
  casBase = `http://127.0.0.1:${(cas.address() as AddressInfo).port}/cas`;
  t = await createTestApp({ auth: TEST_AUTH });
  for (const mp of ['', 'xihu']) {
    const id = (await t.services.tenants.byMappingPath(mp))!.id;
    await t.services.siteConfig.updateConfig(id, {
      unifieAuthen: '1',
      unifieAuthenLoginUrl: `${casBase}/login`,
      unifieAuthenLogoutUrl: `${casBase}/logout`,
    });
  }
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => cas.close(() => resolve()));
});

const callback = (query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: ApiPath.casCallback, query: { mappingPath: '', ...query } });
const hashOf = (location: string) => new URLSearchParams(location.split('?').slice(1).join('?'));

describe('CAS client', () => {
  it('sends the browser to the CAS login with our callback as the service', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: ApiPath.casLogin,
      query: { mappingPath: 'xihu', recordId: '42' },
    });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${casBase}/login`);
    const service = new URL(location.searchParams.get('service')!);
    expect(service.pathname).toBe(ApiPath.casCallback);
    expect(Object.fromEntries(service.searchParams)).toEqual({ mappingPath: 'xihu', recordId: '42' });
  });

  it('validates the ticket (CAS 3.0 p3/serviceValidate), logs the reader in and enters the web app by URL hash', async () => {
    const res = await callback({ ticket: 'ST-reader' });
    expect(res.statusCode).toBe(302);
    const location = res.headers.location as string;
    expect(location).toMatch(/^\/#\/Home\?jwt=/);
    const hash = hashOf(location);
    expect(hash.get('jwtHeader')).toBe('jwtOpacAuth');
    expect(hash.get('pageType')).toBe('0');
    expect(hash.get('navigation')).toBe('1');
    expect(String(res.headers['set-cookie'])).toMatch(/^jwt=.*HttpOnly/i);
    const last = validations.at(-1)!;
    expect(last.path).toBe('/cas/p3/serviceValidate');
    expect(last.service).toBe('http://localhost:80/oga/cas/callback?mappingPath=');
    const info = envelopeOf<{ account: string; loginType: number }>(
      await t.call({ url: ApiPath.userInfo, mappingPath: '', headers: bearer(hash.get('jwt')!) }),
    );
    expect(info.data).toMatchObject({ account: 'reader', loginType: 4 });
    // Logging out of a unified session names the CAS logout address.
    const out = await t.call({
      method: 'POST',
      url: ApiPath.logout,
      mappingPath: '',
      headers: bearer(hash.get('jwt')!),
      body: {},
    });
    expect(envelopeOf<{ logoutUrl: string }>(out).data.logoutUrl).toBe(`${casBase}/logout`);
  });

  it('returns to the record with loginCasWithOriginalPage, and to the institution path', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: ApiPath.casCallback,
      query: { mappingPath: 'xihu', recordId: '42', ticket: 'ST-reader' },
    });
    const location = res.headers.location as string;
    expect(location).toMatch(/^\/xihu\/#\/Home\?/);
    expect(hashOf(location).get('pageType')).toBe('102');
    expect(hashOf(location).get('recordId')).toBe('42');
  });

  it('a ticket the CAS server refuses ends on the login page, without a session', async () => {
    const res = await callback({ ticket: 'ST-forged' });
    expect(res.headers.location).toBe('/#/login?ssoError=cas');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await callback({})).headers.location).toBe('/#/login?ssoError=cas');
  });

  it('an unknown CAS user gets a signed uid; a password login with it binds the identity for next time', async () => {
    const first = await callback({ ticket: 'ST-stranger' });
    const uid = hashOf(first.headers.location as string).get('uid')!;
    expect(uid).toBeTruthy();
    expect(first.headers['set-cookie']).toBeUndefined();

    // A made-up or altered uid is refused before the password is looked at.
    const [h, p, s] = uid.split('.');
    const altered = `${h}.${base64url.encode(JSON.stringify({ ...JSON.parse(new TextDecoder().decode(base64url.decode(p!))), sub: 'someone' }))}.${s}`;
    const frozen = { username: 'frozen', password: DEMO_PASSWORD };
    for (const bad of ['made-up', altered]) {
      expect((await postWithCode(t, ApiPath.login, { ...frozen, uid: bad })).errCode).toBe(40214);
    }
    // Another institution cannot use it either.
    expect((await postWithCode(t, ApiPath.login, { ...frozen, uid }, 'xihu')).errCode).toBe(40214);
    expect((await postWithCode(t, ApiPath.login, { ...frozen, uid })).success).toBe(true);
    const again = await callback({ ticket: 'ST-stranger' });
    const jwt = hashOf(again.headers.location as string).get('jwt')!;
    const info = envelopeOf<{ account: string }>(
      await t.call({ url: ApiPath.userInfo, mappingPath: '', headers: bearer(jwt) }),
    );
    expect(info.data.account).toBe('frozen');
  });

  it('speaks CAS 2.0 when configured, and is off unless unified authentication is on', async () => {
    const id = (await t.services.tenants.byMappingPath(''))!.id;
    await t.services.siteConfig.updateConfig(id, { casVersion: '2' });
    await callback({ ticket: 'ST-reader' });
    expect(validations.at(-1)!.path).toBe('/cas/serviceValidate');
    await t.services.siteConfig.updateConfig(id, { unifieAuthen: '0' });
    const before = validations.length;
    expect((await callback({ ticket: 'ST-reader' })).headers.location).toBe('/');
    expect((await t.app.inject({ method: 'GET', url: '/oga/cas/login?mappingPath=' })).headers.location).toBe('/');
    expect(validations.length).toBe(before);
    await t.services.siteConfig.updateConfig(id, { unifieAuthen: '1', casVersion: '3' });
  });

  it('reads the CAS user from 2.0 and 3.0 answers, entities decoded', () => {
    expect(casUserOf('<cas:authenticationSuccess><cas:user>a&amp;b</cas:user></cas:authenticationSuccess>')).toBe(
      'a&b',
    );
    expect(casUserOf('<cas:authenticationFailure code="X">no</cas:authenticationFailure>')).toBeNull();
  });
});

describe('external JWT entry', () => {
  const KEY = 'k'.repeat(48);
  let tenantId: number;
  beforeAll(async () => {
    tenantId = (await t.services.tenants.byMappingPath(''))!.id;
    await setTenantSecret(t.db.kysely, tenantId, 'externalJwtKey', KEY);
    await t.services.siteConfig.updateConfig(tenantId, { exterSinAuthen: '1' });
  });
  const external = async (claims: Record<string, unknown>, opts: { key?: string; alg?: string; exp?: number } = {}) => {
    const jwt = await new SignJWT(claims)
      .setProtectedHeader({ alg: opts.alg ?? 'HS256' })
      .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 300)
      .sign(new TextEncoder().encode(opts.key ?? KEY));
    return t.call({ url: ApiPath.loginExternal, mappingPath: '', body: { jwt, jwtHeader: 'jwtOpacAuth' } });
  };

  it('exchanges a token signed with the institution key for a session', async () => {
    const res = await external({ sub: 'reader' });
    const e = envelopeOf<{ jwt: string; loginType: number }>(res);
    expect(e.success, e.message).toBe(true);
    expect(e.data.loginType).toBe(4);
    expect((await t.call({ url: ApiPath.userInfo, mappingPath: '', headers: bearer(e.data.jwt) })).statusCode).toBe(
      200,
    );
    expect(envelopeOf(await external({ sub: 'D0001' }, { alg: 'HS512' })).success).toBe(true);
  });

  it('refuses other keys, expired tokens, alg:none, another institution and unknown readers', async () => {
    expect((await external({ sub: 'reader' }, { key: 'x'.repeat(48) })).statusCode).toBe(401);
    expect((await external({ sub: 'reader' }, { exp: Math.floor(Date.now() / 1000) - 10 })).statusCode).toBe(401);
    expect((await external({ sub: 'reader', groupCode: 'not-ours' })).statusCode).toBe(401);
    const none = `${base64url.encode('{"alg":"none"}')}.${base64url.encode(JSON.stringify({ sub: 'reader', exp: 9e9 }))}.`;
    expect((await t.call({ url: ApiPath.loginExternal, mappingPath: '', body: { jwt: none } })).statusCode).toBe(401);
    expect(envelopeOf(await external({ sub: 'nobody-at-all' })).errCode).toBe(40201);
    await t.services.siteConfig.updateConfig(tenantId, { exterSinAuthen: '0' });
    expect((await external({ sub: 'reader' })).statusCode).toBe(401);
    await t.services.siteConfig.updateConfig(tenantId, { exterSinAuthen: '1' });
  });

  it('the key is never part of the public configuration', async () => {
    const cfg = await t.call({ url: ApiPath.getFindConfig, mappingPath: '' });
    expect(cfg.body).not.toContain(KEY);
  });
});

describe('WeChat, bind-uid and relevance', () => {
  const lost = { username: 'lost', password: DEMO_PASSWORD };
  const wechat = async (code: string) =>
    envelopeOf<{ bindFlag: boolean; openId?: string; jwt?: string; jwtHeader?: string }>(
      await t.call({ url: ApiPath.otherLogin, mappingPath: '', body: { code, loginType: '1', mappingPath: '' } }),
    );
  const casUid = async (ticket: string) => hashOf((await callback({ ticket })).headers.location as string).get('uid')!;
  const accountOf = async (jwt: string) =>
    envelopeOf<{ account: string }>(await t.call({ url: ApiPath.userInfo, mappingPath: '', headers: bearer(jwt) })).data
      .account;

  beforeAll(async () => {
    const tenantId = (await t.services.tenants.byMappingPath(''))!.id;
    await t.services.siteConfig.updateConfig(tenantId, {
      weixinLogin: '1',
      weixinAuthUrl: `${casBase.replace(/\/cas$/, '')}/wx/openid`,
    });
  });

  it('an unbound WeChat account gets an openId ticket; userBind binds it; the next code logs in', async () => {
    const first = await wechat('wx-a');
    expect(first.data.bindFlag).toBe(false);
    expect(first.data.jwt).toBeUndefined();
    expect(first.data.openId).not.toContain('oWX-alpha'); // a signed ticket, not the raw openId
    const openId = first.data.openId!;

    expect((await postWithCode(t, ApiPath.userBind, { ...lost, password: 'Nope2026x', openId })).errCode).toBe(40201);
    const bound = await postWithCode(t, ApiPath.userBind, { ...lost, openId });
    expect(bound).toMatchObject({ success: true, message: '账号绑定成功！请重新登录！' });

    const next = await wechat('wx-b'); // another code, the same openId
    expect(next.data).toMatchObject({ bindFlag: true, jwtHeader: 'jwtOpacAuth' });
    expect(await accountOf(next.data.jwt!)).toBe('lost');
  });

  it('refuses a bad WeChat code, and a CAS ticket offered as a WeChat openId', async () => {
    expect((await wechat('nope')).errCode).toBe(40214);
    const openId = await casUid('ST-amp');
    expect((await postWithCode(t, ApiPath.userBind, { ...lost, openId })).errCode).toBe(40214);
  });

  it('ssoOpac is the bind-uid login: it needs a uid and answers a session', async () => {
    expect((await postWithCode(t, ApiPath.ssoOpac, lost)).errCode).toBe(40214);
    const res = await postWithCode<{ jwt: string }>(t, ApiPath.ssoOpac, { ...lost, uid: await casUid('ST-amp') });
    expect(res.success).toBe(true);
    const again = hashOf((await callback({ ticket: 'ST-amp' })).headers.location as string);
    expect(await accountOf(again.get('jwt')!)).toBe('lost');
  });

  it('relevance relates an outside account by name and account, counting failures like passwords', async () => {
    // An outside identity no reader matches by name.
    TICKETS['ST-rel'] = 'relevance-user';
    const uid = await casUid('ST-rel');
    const relate = (name: string, primaryId: string) =>
      postWithCode<{ jwt: string; loginType: number }>(t, ApiPath.passportRelevance, { name, primaryId, uid });
    expect((await relate('某人', 'expired')).errCode).toBe(40201);
    expect((await relate('刘洋', 'nobody')).message).toBe((await relate('某人', 'expired')).message);
    const ok = await relate(' 刘 洋 ', 'D0004');
    expect(ok.success).toBe(true);
    expect(ok.data.loginType).toBe(2);
    const next = hashOf((await callback({ ticket: 'ST-rel' })).headers.location as string);
    expect(await accountOf(next.get('jwt')!)).toBe('expired');
  });
});

it('password login still needs no uid', async () => {
  expect(envelopeOf(await login(t, 'reader', DEMO_PASSWORD)).success).toBe(true);
});
