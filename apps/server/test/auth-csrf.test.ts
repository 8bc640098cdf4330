import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ApiPath, AuthErrCode } from '@openfind/contract';
import { buildApp } from '../src/app.js';
import { upsertReader } from '../src/modules/readers/reader-repository.js';
import { hashPassword } from '../src/modules/readers/passwords.js';
import { DEMO_PASSWORD } from '../src/seed/demo-readers.js';
import { bearer, login, TEST_AUTH, tokenOf } from './auth-support.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';

/**
 * Issue 25, finding 1: a page of another site must not act for the reader through the session
 * cookie (cross-site request forgery), and binding a new phone or e-mail asks for the password and
 * tells the contacts verified before.
 */

let t: TestApp;
let tenantId: number;

beforeAll(async () => {
  t = await createTestApp({ auth: TEST_AUTH });
  tenantId = (await t.services.tenants.byMappingPath(''))!.id;
});
afterAll(async () => t?.close());

const EVIL = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
const cookie = (jwt: string) => ({ cookie: `jwt=${jwt}` });

/** A reader of the default institution with the demo password, for one test. */
async function addReader(
  account: string,
  contacts: { email?: string; emailVerified?: boolean; phone?: string; phoneVerified?: boolean } = {},
): Promise<void> {
  await upsertReader(t.db.kysely, tenantId, { account, name: account, ...contacts }, await hashPassword(DEMO_PASSWORD));
}

async function readerRow(account: string) {
  return t.db.kysely
    .selectFrom('reader')
    .select(['id', 'email', 'email_verified', 'phone', 'phone_verified'])
    .where('tenant_id', '=', tenantId)
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
}

/** The reader's inbox (where the default SMS and e-mail delivery put messages), oldest first. */
async function inbox(account: string) {
  const { id } = await readerRow(account);
  return t.db.kysely
    .selectFrom('reader_inbox')
    .select(['channel', 'target', 'subject', 'body'])
    .where('reader_id', '=', id)
    .orderBy('id')
    .execute();
}

async function lastCode(account: string): Promise<string> {
  const messages = await inbox(account);
  return /\b(\d{6})\b/.exec(messages.at(-1)!.body)![1]!;
}

const sendBindCode = (target: string, headers: Record<string, string>, type = 'mail') =>
  t.call({ url: ApiPath.sendBindCode, mappingPath: '', query: { type, target }, headers });

function expectRefused(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(403);
  expect(envelopeOf(res)).toMatchObject({
    success: false,
    errCode: AuthErrCode.crossSiteRefused,
    message: '该请求不是从本馆页面发出的，已拒绝。请在本馆网站中重新操作。',
  });
}

describe('cross-site requests (CSRF)', () => {
  it('a GET that changes the account is refused with the cookie alone, from anywhere; nothing is sent or bound', async () => {
    await addReader('csrf-get', { email: 'owner@example.org', emailVerified: true });
    const jwt = await tokenOf(t, 'csrf-get', DEMO_PASSWORD);
    // A top-level navigation from another site carries the SameSite=Lax cookie.
    for (const headers of [
      { ...cookie(jwt), ...EVIL },
      cookie(jwt),
      { ...cookie(jwt), 'sec-fetch-site': 'same-origin' },
    ]) {
      expectRefused(await sendBindCode('attacker@example.net', headers));
    }
    expect(await inbox('csrf-get')).toEqual([]);

    // With a real code and the password too, the cookie still cannot bind.
    expect(envelopeOf(await sendBindCode('owner2@example.org', bearer(jwt))).success).toBe(true);
    const code = await lastCode('csrf-get');
    const bind = await t.call({
      url: ApiPath.updateUserMailAndPhone,
      mappingPath: '',
      query: { type: 'mail', target: 'owner2@example.org', code, password: DEMO_PASSWORD },
      headers: { ...cookie(jwt), ...EVIL },
    });
    expectRefused(bind);
    expect(await readerRow('csrf-get')).toMatchObject({ email: 'owner@example.org', email_verified: true });

    // The same GET with the header token works (the real clients' form).
    const viaHeader = await t.call({
      url: ApiPath.updateUserMailAndPhone,
      mappingPath: '',
      query: { type: 'mail', target: 'owner2@example.org', code, password: DEMO_PASSWORD },
      headers: bearer(jwt),
    });
    expect(envelopeOf(viaHeader)).toMatchObject({ success: true, message: '绑定成功' });
    expect(await readerRow('csrf-get')).toMatchObject({ email: 'owner2@example.org', email_verified: true });
  });

  it('the refusal is translated, and a GET without any token still asks for a login', async () => {
    const jwt = await tokenOf(t, 'reader', DEMO_PASSWORD);
    const en = await t.call({
      url: ApiPath.sendBindCode,
      mappingPath: '',
      lang: 'en_US',
      query: { type: 'mail', target: 'a@example.org' },
      headers: cookie(jwt),
    });
    expect(en.statusCode).toBe(403);
    expect(envelopeOf(en).message).toBe(
      "This request did not come from the library's own pages and was refused. Please do it again on the library's site.",
    );
    const tw = await t.call({
      url: ApiPath.sendBindCode,
      mappingPath: '',
      lang: 'zh_HK',
      query: { type: 'mail', target: 'a@example.org' },
      headers: cookie(jwt),
    });
    expect(envelopeOf(tw).message).toBe('該請求不是從本館頁面發出的，已拒絕。請在本館網站中重新操作。');
    expect((await sendBindCode('a@example.org', {})).statusCode).toBe(401);
  });

  it('a POST with the cookie alone must come from this site: cross-site and unknown refused, same-origin works', async () => {
    await addReader('csrf-post');
    const jwt = await tokenOf(t, 'csrf-post', DEMO_PASSWORD);
    const firstLogin = (headers: Record<string, string>) =>
      t.call({ url: ApiPath.updateFirstLoginFlag, mappingPath: '', body: {}, headers });
    const flag = async () =>
      (
        await t.db.kysely
          .selectFrom('reader')
          .select('first_login_flag')
          .where('id', '=', (await readerRow('csrf-post')).id)
          .executeTakeFirstOrThrow()
      ).first_login_flag;
    await t.db.kysely.updateTable('reader').set({ first_login_flag: '0' }).where('account', '=', 'csrf-post').execute();

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
    await t.db.kysely.updateTable('reader').set({ first_login_flag: '0' }).where('account', '=', 'csrf-post').execute();
    // An older browser: Origin of the host the request went to (app.inject's is localhost:80).
    expect(envelopeOf(await firstLogin({ ...cookie(jwt), origin: 'http://localhost' })).success).toBe(true);
    expect(await flag()).toBe('1');
    // The header token needs no such proof (other clients send no Origin).
    expect(envelopeOf(await firstLogin(bearer(jwt))).success).toBe(true);
  });

  it('a cross-site POST is refused even with the header token or none: no login or logout from another site', async () => {
    const jwt = await tokenOf(t, 'reader', DEMO_PASSWORD);
    expectRefused(
      await t.call({
        url: ApiPath.updateFirstLoginFlag,
        mappingPath: '',
        body: {},
        headers: { ...bearer(jwt), ...EVIL },
      }),
    );
    // Logging the visitor into another account (login CSRF) is refused before the image code is looked at.
    expectRefused(await login(t, 'reader', DEMO_PASSWORD, { headers: EVIL }));
    expect(
      envelopeOf(await login(t, 'reader', DEMO_PASSWORD, { headers: { 'sec-fetch-site': 'same-origin' } })).success,
    ).toBe(true);
    // A cross-site logout leaves the session alive.
    const out = await t.call({ url: ApiPath.logout, mappingPath: '', body: {}, headers: { ...cookie(jwt), ...EVIL } });
    expectRefused(out);
    expect((await t.call({ url: ApiPath.userInfo, mappingPath: '', headers: bearer(jwt) })).statusCode).toBe(200);
    // Public reads are GETs and stay open to links from anywhere.
    const config = await t.call({
      url: ApiPath.getFindConfig,
      mappingPath: '',
      headers: { ...cookie(jwt), ...EVIL },
    });
    expect(config.statusCode).toBe(200);
  });

  it('behind a trusted proxy, Origin is compared with X-Forwarded-Host', async () => {
    const proxied = await buildApp({ services: t.services, trustProxy: true });
    try {
      const jwt = await tokenOf(t, 'reader', DEMO_PASSWORD);
      const post = (headers: Record<string, string>) =>
        proxied.inject({
          method: 'POST',
          url: ApiPath.updateFirstLoginFlag,
          headers: { mappingPath: '', cookie: `jwt=${jwt}`, 'content-type': 'application/json', ...headers },
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
  const bindMail = (jwt: string, target: string, code: string, password?: string, lang?: string) =>
    t.call({
      url: ApiPath.updateUserMailAndPhone,
      mappingPath: '',
      headers: bearer(jwt),
      body: { type: 'mail', target, code, ...(password === undefined ? {} : { password }) },
      ...(lang ? { lang } : {}),
    });

  it('without the password, or with a wrong one, nothing is bound; the code still works with the right one', async () => {
    await addReader('bind-pw', {
      email: 'old@example.org',
      emailVerified: true,
      phone: '13800000077',
      phoneVerified: true,
    });
    const jwt = await tokenOf(t, 'bind-pw', DEMO_PASSWORD);
    expect(envelopeOf(await sendBindCode('new@example.org', bearer(jwt))).success).toBe(true);
    const code = await lastCode('bind-pw');

    const none = envelopeOf(await bindMail(jwt, 'new@example.org', code));
    expect(none).toMatchObject({
      success: false,
      errCode: AuthErrCode.passwordRequired,
      message: '请输入当前登录密码，以确认是您本人操作',
    });
    const wrong = envelopeOf(await bindMail(jwt, 'new@example.org', code, 'Wrong-password-1', 'en_US'));
    expect(wrong).toMatchObject({
      success: false,
      errCode: AuthErrCode.badCredentials,
      message: 'The current password is wrong',
    });
    expect(await readerRow('bind-pw')).toMatchObject({ email: 'old@example.org', email_verified: true });

    const before = (await inbox('bind-pw')).length;
    const done = envelopeOf(await bindMail(jwt, 'new@example.org', code, DEMO_PASSWORD));
    expect(done).toMatchObject({ success: true, message: '绑定成功' });
    expect(await readerRow('bind-pw')).toMatchObject({ email: 'new@example.org', email_verified: true });

    // Both contacts verified before hear of it (masked new address); the new address gets nothing.
    const notices = (await inbox('bind-pw')).slice(before);
    expect(notices.map((m) => [m.channel, m.target]).sort()).toEqual([
      ['mail', 'old@example.org'],
      ['phone', '13800000077'],
    ]);
    for (const m of notices) {
      expect(m.subject).toContain('账号联系方式变更提醒');
      expect(m.body).toContain('bind-pw 绑定的邮箱已更改为 n***@example.org');
      expect(m.body).toContain('如非本人操作');
    }
  });

  it('wrong binding passwords count towards the lockout of the account', async () => {
    await addReader('bind-lock');
    const jwt = await tokenOf(t, 'bind-lock', DEMO_PASSWORD);
    for (let i = 0; i < 5; i++) {
      expect(envelopeOf(await bindMail(jwt, 'x@example.org', '000000', `Wrong-${i}-pass`)).errCode).toBe(
        AuthErrCode.badCredentials,
      );
    }
    expect(envelopeOf(await bindMail(jwt, 'x@example.org', '000000', DEMO_PASSWORD)).errCode).toBe(
      AuthErrCode.accountLocked,
    );
    expect(envelopeOf(await login(t, 'bind-lock', DEMO_PASSWORD)).errCode).toBe(AuthErrCode.accountLocked);
  });

  it('replacing the phone (resetPhone) asks for the password too and tells the old phone', async () => {
    await addReader('bind-phone', { phone: '13800000078', phoneVerified: true });
    const jwt = await tokenOf(t, 'bind-phone', DEMO_PASSWORD);
    expect(envelopeOf(await sendBindCode('13900000078', bearer(jwt), 'phone')).success).toBe(true);
    const code = await lastCode('bind-phone');
    const reset = (password?: string) =>
      t.call({
        url: ApiPath.resetPhone,
        mappingPath: '',
        headers: bearer(jwt),
        body: { phone: '13900000078', code, ...(password === undefined ? {} : { password }) },
      });
    expect(envelopeOf(await reset()).errCode).toBe(AuthErrCode.passwordRequired);
    expect(await readerRow('bind-phone')).toMatchObject({ phone: '13800000078' });
    expect(envelopeOf(await reset(DEMO_PASSWORD)).success).toBe(true);
    expect(await readerRow('bind-phone')).toMatchObject({ phone: '13900000078', phone_verified: true });
    const notice = (await inbox('bind-phone')).at(-1)!;
    expect([notice.channel, notice.target]).toEqual(['phone', '13800000078']);
    expect(notice.body).toContain('绑定的手机号已更改为 139****0078');
  });

  it('a first contact (nothing verified before) needs the password too, and tells no one', async () => {
    await addReader('bind-first');
    const jwt = await tokenOf(t, 'bind-first', DEMO_PASSWORD);
    await sendBindCode('first@example.org', bearer(jwt));
    const code = await lastCode('bind-first');
    expect(envelopeOf(await bindMail(jwt, 'first@example.org', code)).errCode).toBe(AuthErrCode.passwordRequired);
    expect(envelopeOf(await bindMail(jwt, 'first@example.org', code, DEMO_PASSWORD)).success).toBe(true);
    expect((await inbox('bind-first')).length).toBe(1); // the code only
  });

  it('a fresh single-sign-on session binds without the password; an old one is asked to sign in again', async () => {
    await addReader('bind-sso');
    const tenant = (await t.services.tenants.byMappingPath(''))!;
    const reader = { id: (await readerRow('bind-sso')).id, tokenVersion: 0 };
    const row = await t.db.kysely
      .selectFrom('reader')
      .select('token_version')
      .where('id', '=', reader.id)
      .executeTakeFirstOrThrow();
    reader.tokenVersion = row.token_version;
    const { jwt } = await t.services.auth.sessions.issue(tenant, reader, 4);
    await sendBindCode('sso@example.org', bearer(jwt));
    const code = await lastCode('bind-sso');
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
    const code2 = await lastCode('bind-sso');
    expect(envelopeOf(await bindMail(old, 'sso2@example.org', code2))).toMatchObject({
      errCode: AuthErrCode.passwordRequired,
      message: '为确认是您本人操作，请重新登录后再绑定',
    });
  });
});
