import { ApiPath, AuthErrCode } from '@openfind/contract';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64url, SignJWT } from 'jose';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { bearer, login, postWithCode, TEST_AUTH } from './auth-support.js';
import { t as text } from '../src/http/messages.js';
import { setTenantSecret } from '../src/modules/auth/auth-repository.js';
import { casUserOf } from '../src/modules/auth/sso-service.js';
import { makeReader, makeReaderWith, makeTenant, type MadeTenant } from './support/factories.js';

let t: TestApp;
let cas: Server;
let casBase: string;
const validations: { path: string; ticket: string; service: string }[] = [];
/** The tickets the test CAS server knows, and their users (tests add theirs with `ticketFor`). */
const TICKETS: Record<string, string> = {};
/** The codes the test WeChat auth service knows, and their openIds (tests add theirs). */
const WECHAT: Record<string, string> = {};
let made = 0;
/** A name no other test uses. */
const unique = (prefix: string) => `${prefix}${++made}`;
/** A new service ticket that the test CAS server validates as `user`. */
function ticketFor(user: string): string {
  const ticket = unique('ST-');
  TICKETS[ticket] = user;
  return ticket;
}

/** The default institution (mappingPath '', pages at /#/…) and another one (pages at /<path>/#/…), both with CAS. */
let home: MadeTenant;
let xihu: MadeTenant;

/** Turns unified authentication (CAS, at the test server) on for an institution. */
const casOn = (tenant: MadeTenant) =>
  t.services.siteConfig.updateConfig(tenant.id, {
    unifieAuthen: '1',
    unifieAuthenLoginUrl: `${casBase}/login`,
    unifieAuthenLogoutUrl: `${casBase}/logout`,
  });

beforeAll(async () => {
  cas = createServer((req, res) => {
    const url = new URL(req.url!, 'http://cas');
    if (url.pathname === '/wx/openid') {
      // The WeChat auth service of the test: code → openId.
      const openId = WECHAT[url.searchParams.get('code') ?? ''];
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
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  home = await makeTenant(t, { mappingPath: '' });
  xihu = await makeTenant(t);
  for (const tenant of [home, xihu]) await casOn(tenant);
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => cas.close(() => resolve()));
});

const callback = (query: Record<string, string>, mappingPath = home.mappingPath) =>
  t.app.inject({ method: 'GET', url: ApiPath.casCallback, query: { mappingPath, ...query } });
const hashOf = (location: string) => new URLSearchParams(location.split('?').slice(1).join('?'));
/** The account of the reader a session belongs to. */
const accountOf = async (jwt: string, mappingPath = home.mappingPath) =>
  envelopeOf<{ account: string }>(await t.call({ url: ApiPath.userInfo, mappingPath, headers: bearer(jwt) })).data
    .account;

describe('CAS client', () => {
  it('sends the browser to the CAS login with our callback as the service', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: ApiPath.casLogin,
      query: { mappingPath: xihu.mappingPath, recordId: '42' },
    });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${casBase}/login`);
    const service = new URL(location.searchParams.get('service')!);
    expect(service.pathname).toBe(ApiPath.casCallback);
    expect(Object.fromEntries(service.searchParams)).toEqual({ mappingPath: xihu.mappingPath, recordId: '42' });
  });

  it('validates the ticket (CAS 3.0 p3/serviceValidate), logs the reader in and enters the web app by URL hash', async () => {
    // The CAS user is the reader's card number.
    const reader = await makeReaderWith(t, home.id, { cardNo: unique('C') });
    const res = await callback({ ticket: ticketFor(reader.cardNo!) });
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
    expect(last.service).toBe(`http://localhost:80${ApiPath.casCallback}?mappingPath=`);
    const info = envelopeOf<{ account: string; loginType: number }>(
      await t.call({ url: ApiPath.userInfo, mappingPath: home.mappingPath, headers: bearer(hash.get('jwt')!) }),
    );
    expect(info.data).toMatchObject({ account: reader.account, loginType: 4 });
    // Logging out of a unified session names the CAS logout address.
    const out = await t.call({
      method: 'POST',
      url: ApiPath.logout,
      mappingPath: home.mappingPath,
      headers: bearer(hash.get('jwt')!),
      body: {},
    });
    expect(envelopeOf<{ logoutUrl: string }>(out).data.logoutUrl).toBe(`${casBase}/logout`);
  });

  it('returns to the record with loginCasWithOriginalPage, and to the institution path', async () => {
    const reader = await makeReader(t, xihu.id);
    const res = await t.app.inject({
      method: 'GET',
      url: ApiPath.casCallback,
      query: { mappingPath: xihu.mappingPath, recordId: '42', ticket: ticketFor(reader.account) },
    });
    const location = res.headers.location as string;
    expect(location).toMatch(new RegExp(`^/${xihu.mappingPath}/#/Home\\?`));
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
    const stranger = ticketFor(unique('stranger'));
    const first = await callback({ ticket: stranger });
    const uid = hashOf(first.headers.location as string).get('uid')!;
    expect(uid).toBeTruthy();
    expect(first.headers['set-cookie']).toBeUndefined();

    // A made-up or altered uid is refused before the password is looked at.
    const [h, p, s] = uid.split('.');
    const altered = `${h}.${base64url.encode(JSON.stringify({ ...JSON.parse(new TextDecoder().decode(base64url.decode(p!))), sub: 'someone' }))}.${s}`;
    const reader = await makeReader(t, home.id, { status: 'frozen' });
    const frozen = { username: reader.account, password: reader.password };
    for (const bad of ['made-up', altered]) {
      expect((await postWithCode(t, ApiPath.login, { ...frozen, uid: bad })).errCode).toBe(
        AuthErrCode.bindTicketInvalid,
      );
    }
    // Another institution cannot use it either (even for a reader of its own by that name).
    await makeReader(t, xihu.id, { account: reader.account, password: reader.password });
    expect((await postWithCode(t, ApiPath.login, { ...frozen, uid }, xihu.mappingPath)).errCode).toBe(
      AuthErrCode.bindTicketInvalid,
    );
    expect((await postWithCode(t, ApiPath.login, { ...frozen, uid })).success).toBe(true);
    const again = await callback({ ticket: stranger });
    const jwt = hashOf(again.headers.location as string).get('jwt')!;
    expect(await accountOf(jwt)).toBe(reader.account);
  });

  it('speaks CAS 2.0 when configured, and is off unless unified authentication is on', async () => {
    // An institution of its own: the test changes its CAS settings.
    const own = await makeTenant(t);
    await casOn(own);
    const reader = await makeReader(t, own.id);
    const ticket = ticketFor(reader.account);
    await t.services.siteConfig.updateConfig(own.id, { casVersion: '2' });
    await callback({ ticket }, own.mappingPath);
    expect(validations.at(-1)!.path).toBe('/cas/serviceValidate');
    await t.services.siteConfig.updateConfig(own.id, { unifieAuthen: '0' });
    const before = validations.length;
    const ownHome = `/${own.mappingPath}/`;
    expect((await callback({ ticket }, own.mappingPath)).headers.location).toBe(ownHome);
    expect(
      (await t.app.inject({ method: 'GET', url: ApiPath.casLogin, query: { mappingPath: own.mappingPath } })).headers
        .location,
    ).toBe(ownHome);
    expect(validations.length).toBe(before);
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
  /** A new institution that takes tokens signed with KEY, and a reader of it (with a card number). */
  async function externalEntry() {
    const tenant = await makeTenant(t);
    await setTenantSecret(t.db.kysely, tenant.id, 'externalJwtKey', KEY);
    await t.services.siteConfig.updateConfig(tenant.id, { exterSinAuthen: '1' });
    const reader = await makeReaderWith(t, tenant.id, { cardNo: unique('C') });
    const external = async (
      claims: Record<string, unknown>,
      opts: { key?: string; alg?: string; exp?: number } = {},
    ) => {
      const jwt = await new SignJWT(claims)
        .setProtectedHeader({ alg: opts.alg ?? 'HS256' })
        .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 300)
        .sign(new TextEncoder().encode(opts.key ?? KEY));
      return t.call({
        url: ApiPath.loginExternal,
        mappingPath: tenant.mappingPath,
        body: { jwt, jwtHeader: 'jwtOpacAuth' },
      });
    };
    return { tenant, reader, external };
  }

  it('exchanges a token signed with the institution key for a session', async () => {
    const { tenant, reader, external } = await externalEntry();
    const res = await external({ sub: reader.account });
    const e = envelopeOf<{ jwt: string; loginType: number }>(res);
    expect(e.success, e.message).toBe(true);
    expect(e.data.loginType).toBe(4);
    expect(
      (await t.call({ url: ApiPath.userInfo, mappingPath: tenant.mappingPath, headers: bearer(e.data.jwt) }))
        .statusCode,
    ).toBe(200);
    expect(envelopeOf(await external({ sub: reader.cardNo }, { alg: 'HS512' })).success).toBe(true);
  });

  it('refuses other keys, expired tokens, alg:none, another institution and unknown readers', async () => {
    const { tenant, reader, external } = await externalEntry();
    const sub = reader.account;
    expect((await external({ sub }, { key: 'x'.repeat(48) })).statusCode).toBe(401);
    expect((await external({ sub }, { exp: Math.floor(Date.now() / 1000) - 10 })).statusCode).toBe(401);
    expect((await external({ sub, groupCode: 'not-ours' })).statusCode).toBe(401);
    const none = `${base64url.encode('{"alg":"none"}')}.${base64url.encode(JSON.stringify({ sub, exp: 9e9 }))}.`;
    expect(
      (await t.call({ url: ApiPath.loginExternal, mappingPath: tenant.mappingPath, body: { jwt: none } })).statusCode,
    ).toBe(401);
    expect(envelopeOf(await external({ sub: 'nobody-at-all' })).errCode).toBe(AuthErrCode.badCredentials);
    await t.services.siteConfig.updateConfig(tenant.id, { exterSinAuthen: '0' });
    expect((await external({ sub })).statusCode).toBe(401);
  });

  it('the key is never part of the public configuration', async () => {
    const { tenant } = await externalEntry();
    const cfg = await t.call({ url: ApiPath.getFindConfig, mappingPath: tenant.mappingPath });
    expect(cfg.body).not.toContain(KEY);
  });
});

describe('WeChat, bind-uid and relevance', () => {
  const wechat = async (code: string) =>
    envelopeOf<{ bindFlag: boolean; openId?: string; jwt?: string; jwtHeader?: string }>(
      await t.call({
        url: ApiPath.otherLogin,
        mappingPath: home.mappingPath,
        body: { code, loginType: '1', mappingPath: home.mappingPath },
      }),
    );
  const casUid = async (ticket: string) => hashOf((await callback({ ticket })).headers.location as string).get('uid')!;
  /** A new lost-card reader of the default institution, as the account and password a form sends. */
  const lostReader = async () => {
    const reader = await makeReader(t, home.id, { status: 'lost' });
    return { username: reader.account, password: reader.password };
  };

  beforeAll(async () => {
    await t.services.siteConfig.updateConfig(home.id, {
      weixinLogin: '1',
      weixinAuthUrl: `${casBase.replace(/\/cas$/, '')}/wx/openid`,
    });
  });

  it('an unbound WeChat account gets an openId ticket; userBind binds it; the next code logs in', async () => {
    const lost = await lostReader();
    // Two codes of one WeChat user.
    const rawOpenId = unique('oWX-');
    const [codeA, codeB] = [unique('wx-'), unique('wx-')];
    WECHAT[codeA] = rawOpenId;
    WECHAT[codeB] = rawOpenId;
    const first = await wechat(codeA);
    expect(first.data.bindFlag).toBe(false);
    expect(first.data.jwt).toBeUndefined();
    expect(first.data.openId).not.toContain(rawOpenId); // a signed ticket, not the raw openId
    const openId = first.data.openId!;

    expect((await postWithCode(t, ApiPath.userBind, { ...lost, password: 'Nope2026x', openId })).errCode).toBe(
      AuthErrCode.badCredentials,
    );
    const bound = await postWithCode(t, ApiPath.userBind, { ...lost, openId });
    expect(bound).toMatchObject({ success: true, message: text('zh-CN', 'bindDone') });

    const next = await wechat(codeB); // another code, the same openId
    expect(next.data).toMatchObject({ bindFlag: true, jwtHeader: 'jwtOpacAuth' });
    expect(await accountOf(next.data.jwt!)).toBe(lost.username);
  });

  it('refuses a bad WeChat code, and a CAS ticket offered as a WeChat openId', async () => {
    const lost = await lostReader();
    expect((await wechat('nope')).errCode).toBe(AuthErrCode.bindTicketInvalid);
    const openId = await casUid(ticketFor(unique('a&b')));
    expect((await postWithCode(t, ApiPath.userBind, { ...lost, openId })).errCode).toBe(AuthErrCode.bindTicketInvalid);
  });

  it('ssoOpac is the bind-uid login: it needs a uid and answers a session', async () => {
    const lost = await lostReader();
    // An outside user whose name has a character escaped in the CAS answer.
    const ticket = ticketFor(unique('a&b'));
    expect((await postWithCode(t, ApiPath.ssoOpac, lost)).errCode).toBe(AuthErrCode.bindTicketInvalid);
    const res = await postWithCode<{ jwt: string }>(t, ApiPath.ssoOpac, { ...lost, uid: await casUid(ticket) });
    expect(res.success).toBe(true);
    const again = hashOf((await callback({ ticket })).headers.location as string);
    expect(await accountOf(again.get('jwt')!)).toBe(lost.username);
  });

  it('relevance relates an outside account by name and account, counting failures like passwords', async () => {
    const reader = await makeReaderWith(t, home.id, { name: '刘洋', cardNo: unique('C') });
    // An outside identity no reader matches by name.
    const ticket = ticketFor(unique('relevance-user'));
    const uid = await casUid(ticket);
    const relate = (name: string, primaryId: string) =>
      postWithCode<{ jwt: string; loginType: number }>(t, ApiPath.passportRelevance, { name, primaryId, uid });
    expect((await relate('某人', reader.account)).errCode).toBe(AuthErrCode.badCredentials);
    expect((await relate('刘洋', 'nobody')).message).toBe((await relate('某人', reader.account)).message);
    const ok = await relate(' 刘 洋 ', reader.cardNo!);
    expect(ok.success).toBe(true);
    expect(ok.data.loginType).toBe(2);
    const next = hashOf((await callback({ ticket })).headers.location as string);
    expect(await accountOf(next.get('jwt')!)).toBe(reader.account);
  });
});

it('password login still needs no uid', async () => {
  const reader = await makeReader(t, home.id);
  expect(envelopeOf(await login(t, reader.account, reader.password)).success).toBe(true);
});
