import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ApiPath, AuthErrCode } from '@openfind/contract';
import { buildApp } from '../src/app.js';
import { t as text } from '../src/http/messages.js';
import { bearer, login, TEST_AUTH, tokenOf } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { makeReaderWith, makeTenant, type MadeReader, type MadeTenant } from './support/factories.js';

/**
 * Issue 25, finding 1: a page of another site must not act for the reader through the session
 * cookie (cross-site request forgery), and binding a new phone or e-mail asks for the password and
 * tells the contacts verified before.
 */

let t: TestApp;
/** The institution of the tests; each test makes the readers it acts for. */
let home: MadeTenant;
let mappingPath: string;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  home = await makeTenant(t);
  mappingPath = home.mappingPath;
});
afterAll(async () => t?.close());

const EVIL = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
const cookie = (jwt: string) => ({ cookie: `jwt=${jwt}` });

/** A new reader of `home` (contacts as given, verified or not) and a session of it. */
async function loggedIn(
  spec: { account?: string; email?: string; emailVerified?: boolean; phone?: string; phoneVerified?: boolean } = {},
): Promise<{ reader: MadeReader; jwt: string }> {
  const reader = await makeReaderWith(t, home.id, spec);
  return { reader, jwt: await tokenOf(t, reader.account, reader.password, mappingPath) };
}

async function readerRow(readerId: number) {
  return t.db.kysely
    .selectFrom('reader')
    .select(['id', 'email', 'email_verified', 'phone', 'phone_verified'])
    .where('id', '=', readerId)
    .executeTakeFirstOrThrow();
}

/** The reader's inbox (where the default SMS and e-mail delivery put messages), oldest first. */
async function inbox(readerId: number) {
  return t.db.kysely
    .selectFrom('reader_inbox')
    .select(['channel', 'target', 'subject', 'body'])
    .where('reader_id', '=', readerId)
    .orderBy('id')
    .execute();
}

async function lastCode(readerId: number): Promise<string> {
  const messages = await inbox(readerId);
  return /\b(\d{6})\b/.exec(messages.at(-1)!.body)![1]!;
}

const sendBindCode = (target: string, headers: Record<string, string>, type = 'mail') =>
  t.call({ url: ApiPath.sendBindCode, mappingPath, query: { type, target }, headers });

function expectRefused(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(403);
  expect(envelopeOf(res)).toMatchObject({
    success: false,
    errCode: AuthErrCode.crossSiteRefused,
    message: text('zh-CN', 'crossSiteRefused'),
  });
}

describe('cross-site requests (CSRF)', () => {
  it('a GET that changes the account is refused with the cookie alone, from anywhere; nothing is sent or bound', async () => {
    const { reader, jwt } = await loggedIn({ email: 'owner@example.org' });
    // A top-level navigation from another site carries the SameSite=Lax cookie.
    for (const headers of [
      { ...cookie(jwt), ...EVIL },
      cookie(jwt),
      { ...cookie(jwt), 'sec-fetch-site': 'same-origin' },
    ]) {
      expectRefused(await sendBindCode('attacker@example.net', headers));
    }
    expect(await inbox(reader.id)).toEqual([]);

    // With a real code and the password too, the cookie still cannot bind.
    expect(envelopeOf(await sendBindCode('owner2@example.org', bearer(jwt))).success).toBe(true);
    const code = await lastCode(reader.id);
    const bind = await t.call({
      url: ApiPath.updateUserMailAndPhone,
      mappingPath,
      query: { type: 'mail', target: 'owner2@example.org', code, password: reader.password },
      headers: { ...cookie(jwt), ...EVIL },
    });
    expectRefused(bind);
    expect(await readerRow(reader.id)).toMatchObject({ email: 'owner@example.org', email_verified: true });

    // The same GET with the header token works (the real clients' form).
    const viaHeader = await t.call({
      url: ApiPath.updateUserMailAndPhone,
      mappingPath,
      query: { type: 'mail', target: 'owner2@example.org', code, password: reader.password },
      headers: bearer(jwt),
    });
    expect(envelopeOf(viaHeader)).toMatchObject({ success: true, message: text('zh-CN', 'bindSuccess') });
    expect(await readerRow(reader.id)).toMatchObject({ email: 'owner2@example.org', email_verified: true });
  });

  it('the refusal is translated, and a GET without any token still asks for a login', async () => {
    const { jwt } = await loggedIn();
    const en = await t.call({
      url: ApiPath.sendBindCode,
      mappingPath,
      lang: 'en_US',
      query: { type: 'mail', target: 'a@example.org' },
      headers: cookie(jwt),
    });
    expect(en.statusCode).toBe(403);
    expect(envelopeOf(en).message).toBe(text('en-US', 'crossSiteRefused'));
    const tw = await t.call({
      url: ApiPath.sendBindCode,
      mappingPath,
      lang: 'zh_HK',
      query: { type: 'mail', target: 'a@example.org' },
      headers: cookie(jwt),
    });
    expect(envelopeOf(tw).message).toBe(text('zh-TW', 'crossSiteRefused'));
    expect((await sendBindCode('a@example.org', {})).statusCode).toBe(401);
  });

  it('a POST with the cookie alone must come from this site: cross-site and unknown refused, same-origin works', async () => {
    const { reader, jwt } = await loggedIn();
    const firstLogin = (headers: Record<string, string>) =>
      t.call({ url: ApiPath.updateFirstLoginFlag, mappingPath, body: {}, headers });
    const flag = async () =>
      (
        await t.db.kysely
          .selectFrom('reader')
          .select('first_login_flag')
          .where('id', '=', reader.id)
          .executeTakeFirstOrThrow()
      ).first_login_flag;
    const unmark = () =>
      t.db.kysely.updateTable('reader').set({ first_login_flag: '0' }).where('id', '=', reader.id).execute();
    await unmark();

    expectRefused(await firstLogin({ ...cookie(jwt), ...EVIL }));
    // Origin alone (a browser without Sec-Fetch-Site): another host is refused, an opaque origin too.
    expectRefused(await firstLogin({ ...cookie(jwt), origin: 'https://evil.example' }));
    expectRefused(await firstLogin({ ...cookie(jwt), origin: 'null' }));
    // A sibling subdomain is another origin.
    expectRefused(await firstLogin({ ...cookie(jwt), 'sec-fetch-site': 'same-site' }));
    // Nothing to tell where it came from: the cookie is not enough.
    expectRefused(await firstLogin(cookie(jwt)));
    expect(await flag()).toBe('0');

    expect(envelopeOf(await firstLogin({ ...cookie(jwt), 'sec-fetch-site': 'same-origin' })).success).toBe(true);
    expect(await flag()).toBe('1');
    await unmark();
    // An older browser: Origin of the host the request went to (app.inject's is localhost:80).
    expect(envelopeOf(await firstLogin({ ...cookie(jwt), origin: 'http://localhost' })).success).toBe(true);
    expect(await flag()).toBe('1');
    // The header token needs no such proof (other clients send no Origin).
    expect(envelopeOf(await firstLogin(bearer(jwt))).success).toBe(true);
  });

  it('a cross-site POST is refused even with the header token or none: no login or logout from another site', async () => {
    const { reader, jwt } = await loggedIn();
    expectRefused(
      await t.call({
        url: ApiPath.updateFirstLoginFlag,
        mappingPath,
        body: {},
        headers: { ...bearer(jwt), ...EVIL },
      }),
    );
    // Logging the visitor into another account (login CSRF) is refused before the image code is looked at.
    expectRefused(await login(t, reader.account, reader.password, { mappingPath, headers: EVIL }));
    expect(
      envelopeOf(
        await login(t, reader.account, reader.password, { mappingPath, headers: { 'sec-fetch-site': 'same-origin' } }),
      ).success,
    ).toBe(true);
    // A cross-site logout leaves the session alive.
    const out = await t.call({ url: ApiPath.logout, mappingPath, body: {}, headers: { ...cookie(jwt), ...EVIL } });
    expectRefused(out);
    expect((await t.call({ url: ApiPath.userInfo, mappingPath, headers: bearer(jwt) })).statusCode).toBe(200);
    // Public reads are GETs and stay open to links from anywhere.
    const config = await t.call({
      url: ApiPath.getFindConfig,
      mappingPath,
      headers: { ...cookie(jwt), ...EVIL },
    });
    expect(config.statusCode).toBe(200);
  });

  it('behind a trusted proxy, Origin is compared with X-Forwarded-Host', async () => {
    const proxied = await buildApp({ services: t.services, trustProxy: true });
    try {
      const { jwt } = await loggedIn();
      const post = (headers: Record<string, string>) =>
        proxied.inject({
          method: 'POST',
          url: ApiPath.updateFirstLoginFlag,
          headers: { mappingPath, cookie: `jwt=${jwt}`, 'content-type': 'application/json', ...headers },
          payload: '{}',
        });
      const same = await post({ origin: 'https://library.example.org', 'x-forwarded-host': 'library.example.org' });
      expect(envelopeOf(same).success).toBe(true);
      const other = await post({ origin: 'https://evil.example', 'x-forwarded-host': 'library.example.org' });
      expect(other.statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});

describe('binding a phone or e-mail asks for the password and tells the old contacts', () => {
  const bindMail = (jwt: string, target: string, code: string, password?: string, lang?: CallOptions['lang']) =>
    t.call({
      url: ApiPath.updateUserMailAndPhone,
      mappingPath,
      headers: bearer(jwt),
      body: { type: 'mail', target, code, ...(password === undefined ? {} : { password }) },
      lang,
    });

  it('without the password, or with a wrong one, nothing is bound; the code still works with the right one', async () => {
    const { reader, jwt } = await loggedIn({ email: 'old@example.org', phone: '13800000077' });
    expect(envelopeOf(await sendBindCode('new@example.org', bearer(jwt))).success).toBe(true);
    const code = await lastCode(reader.id);

    const none = envelopeOf(await bindMail(jwt, 'new@example.org', code));
    expect(none).toMatchObject({
      success: false,
      errCode: AuthErrCode.passwordRequired,
      message: text('zh-CN', 'passwordRequired'),
    });
    const wrong = envelopeOf(await bindMail(jwt, 'new@example.org', code, 'Wrong-password-1', 'en_US'));
    expect(wrong).toMatchObject({
      success: false,
      errCode: AuthErrCode.badCredentials,
      message: text('en-US', 'currentPasswordWrong'),
    });
    expect(await readerRow(reader.id)).toMatchObject({ email: 'old@example.org', email_verified: true });

    const before = (await inbox(reader.id)).length;
    const done = envelopeOf(await bindMail(jwt, 'new@example.org', code, reader.password));
    expect(done).toMatchObject({ success: true, message: text('zh-CN', 'bindSuccess') });
    expect(await readerRow(reader.id)).toMatchObject({ email: 'new@example.org', email_verified: true });

    // Both contacts verified before hear of it (masked new address); the new address gets nothing.
    const notices = (await inbox(reader.id)).slice(before);
    expect(notices.map((m) => [m.channel, m.target]).sort()).toEqual([
      ['mail', 'old@example.org'],
      ['phone', '13800000077'],
    ]);
    const library = home.name;
    for (const m of notices) {
      expect(m.subject).toBe(text('zh-CN', 'contactChangedSubject', { library }));
      expect(m.body).toContain(`${reader.account} 绑定的邮箱已更改为 n***@example.org`);
      expect(m.body).toBe(
        text('zh-CN', 'contactChangedMail', { library, account: reader.account, target: 'n***@example.org' }),
      );
    }
  });

  it('wrong binding passwords count towards the lockout of the account', async () => {
    const { reader, jwt } = await loggedIn();
    for (let i = 0; i < 5; i++) {
      expect(envelopeOf(await bindMail(jwt, 'x@example.org', '000000', `Wrong-${i}-pass`)).errCode).toBe(
        AuthErrCode.badCredentials,
      );
    }
    expect(envelopeOf(await bindMail(jwt, 'x@example.org', '000000', reader.password)).errCode).toBe(
      AuthErrCode.accountLocked,
    );
    expect(envelopeOf(await login(t, reader.account, reader.password, { mappingPath })).errCode).toBe(
      AuthErrCode.accountLocked,
    );
  });

  it('replacing the phone (resetPhone) asks for the password too and tells the old phone', async () => {
    const { reader, jwt } = await loggedIn({ phone: '13800000078' });
    expect(envelopeOf(await sendBindCode('13900000078', bearer(jwt), 'phone')).success).toBe(true);
    const code = await lastCode(reader.id);
    const reset = (password?: string) =>
      t.call({
        url: ApiPath.resetPhone,
        mappingPath,
        headers: bearer(jwt),
        body: { phone: '13900000078', code, ...(password === undefined ? {} : { password }) },
      });
    expect(envelopeOf(await reset()).errCode).toBe(AuthErrCode.passwordRequired);
    expect(await readerRow(reader.id)).toMatchObject({ phone: '13800000078' });
    expect(envelopeOf(await reset(reader.password)).success).toBe(true);
    expect(await readerRow(reader.id)).toMatchObject({ phone: '13900000078', phone_verified: true });
    const notice = (await inbox(reader.id)).at(-1)!;
    expect([notice.channel, notice.target]).toEqual(['phone', '13800000078']);
    expect(notice.body).toContain('绑定的手机号已更改为 139****0078');
  });

  it('a first contact (nothing verified before) needs the password too, and tells no one', async () => {
    const { reader, jwt } = await loggedIn();
    await sendBindCode('first@example.org', bearer(jwt));
    const code = await lastCode(reader.id);
    expect(envelopeOf(await bindMail(jwt, 'first@example.org', code)).errCode).toBe(AuthErrCode.passwordRequired);
    expect(envelopeOf(await bindMail(jwt, 'first@example.org', code, reader.password)).success).toBe(true);
    expect((await inbox(reader.id)).length).toBe(1); // the code only
  });

  it('a fresh single-sign-on session binds without the password; an old one is asked to sign in again', async () => {
    const reader = await makeReaderWith(t, home.id);
    const tenant = (await t.services.tenants.byMappingPath(mappingPath))!;
    const { jwt } = await t.services.auth.sessions.issue(tenant, reader, 4);
    await sendBindCode('sso@example.org', bearer(jwt));
    const code = await lastCode(reader.id);
    expect(envelopeOf(await bindMail(jwt, 'sso@example.org', code)).success).toBe(true);

    // The same kind of session, started 20 minutes ago.
    const realNow = Date.now;
    Date.now = () => realNow() - 20 * 60_000;
    let old: string;
    try {
      old = (await t.services.auth.sessions.issue(tenant, reader, 4)).jwt;
    } finally {
      Date.now = realNow;
    }
    await sendBindCode('sso2@example.org', bearer(old));
    const code2 = await lastCode(reader.id);
    expect(envelopeOf(await bindMail(old, 'sso2@example.org', code2))).toMatchObject({
      errCode: AuthErrCode.passwordRequired,
      message: text('zh-CN', 'passwordRequiredSso'),
    });
  });
});
