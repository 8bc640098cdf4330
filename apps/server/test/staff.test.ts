import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  AuthErrCode,
  STAFF_TOKEN_HEADER,
  StaffErrCode,
  type StaffIdentity,
  type StaffLoginResult,
} from '@openfind/contract';
import { t as text } from '../src/http/messages.js';
import { StaffInputError } from '../src/modules/staff/staff-service.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { makeReader, makeTenant, signIn, type MadeTenant } from './support/factories.js';
import { makeStaff, staffHeader, staffLogin } from './support/staff.js';

/**
 * Staff accounts (issue 27, for issue 28's console): their login at /oga/admin/login, sessions in the
 * X-Staff-Token header that are never a reader's, logout, the lockout and address limit of readers'
 * logins, the cross-site rule, and the append-only audit log. Through HTTP, on both engines.
 */

let t: TestApp;
let home: MadeTenant;
let other: MadeTenant;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  home = await makeTenant(t);
  other = await makeTenant(t);
});
afterAll(async () => t?.close());

const me = (headers: Record<string, string>, mappingPath = home.mappingPath) =>
  t.call({ url: ApiPath.staffMe, mappingPath, headers });
const EVIL = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };

/** A failure's status, errCode and message. */
const failure = async (res: Promise<{ statusCode: number; json: () => unknown }>) => {
  const r = await res;
  const e = r.json() as { success: boolean; errCode: number; message: string };
  return { status: r.statusCode, success: e.success, errCode: e.errCode, message: e.message };
};

describe('staff login', () => {
  it('gives a staff session for the right password: a token for X-Staff-Token, no cookie; who am I', async () => {
    const staff = await makeStaff(t, home.id, { role: 'staff', name: '王老师', libCodes: [] });
    const res = await staffLogin(t, home.mappingPath, staff.username.toUpperCase(), staff.password);
    const e = envelopeOf<StaffLoginResult>(res);
    expect(e.success, e.message).toBe(true);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(e.data).toMatchObject({
      header: STAFF_TOKEN_HEADER,
      expiresIn: 8 * 3600,
      staff: {
        staffId: staff.id,
        username: staff.username,
        name: '王老师',
        role: 'staff',
        tenant: { mappingPath: home.mappingPath, name: home.name },
        libCodes: [],
        totpRequired: false,
        totpEnabled: false,
        mustSetUpSecondFactor: false,
      },
    });
    const who = await me({ [STAFF_TOKEN_HEADER]: e.data.token });
    expect(envelopeOf<StaffIdentity>(who).data).toEqual(e.data.staff);
    const log = await t.services.staff.auditLog(home.id, 10);
    expect(log.find((r) => r.action === 'staff.login' && r.staffId === staff.id)).toMatchObject({
      actor: staff.username,
      target: staff.username,
    });
  });

  it('refuses a wrong password and an unknown username alike, in the three languages', async () => {
    const staff = await makeStaff(t, home.id);
    for (const [lang, key] of [
      ['zh_CN', 'zh-CN'],
      ['zh_HK', 'zh-TW'],
      ['en_US', 'en-US'],
    ] as const) {
      const wrong = await failure(
        staffLogin(t, home.mappingPath, staff.username, 'Wrong-pass-1', { headers: { 'content-language': lang } }),
      );
      const unknown = await failure(
        staffLogin(t, home.mappingPath, 'nobody-here', 'Wrong-pass-1', { headers: { 'content-language': lang } }),
      );
      expect(wrong).toEqual({
        status: 200,
        success: false,
        errCode: AuthErrCode.badCredentials,
        message: text(key, 'badCredentials'),
      });
      expect(unknown).toEqual(wrong);
    }
  });

  it('locks the account after five failures, the right password too, until the lock ends', async () => {
    const staff = await makeStaff(t, home.id);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await failure(staffLogin(t, home.mappingPath, staff.username, `Wrong-${i}-x`))).errCode);
    expect(codes).toEqual(Array(5).fill(AuthErrCode.badCredentials));
    const locked = await failure(staffLogin(t, home.mappingPath, staff.username, staff.password));
    expect(locked.errCode).toBe(AuthErrCode.accountLocked);
    expect(locked.message).toBe(text('zh-CN', 'accountLocked', { minutes: 15 }));
    // When the lock has ended, the right password works and the count starts again.
    await t.db.kysely
      .updateTable('staff_account')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('id', '=', staff.id)
      .execute();
    expect(envelopeOf(await staffLogin(t, home.mappingPath, staff.username, staff.password)).success).toBe(true);
    const row = await t.db.kysely
      .selectFrom('staff_account')
      .select(['failed_logins', 'locked_until'])
      .where('id', '=', staff.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ failed_logins: 0, locked_until: null });
  });

  it('locks an unknown username as it locks a real one (no account is told apart by its lock)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await failure(staffLogin(t, home.mappingPath, 'Ghost-Staff', `Wrong-${i}-x`))).errCode);
    const { badCredentials: bad, accountLocked: locked } = AuthErrCode;
    expect(codes).toEqual([bad, bad, bad, bad, bad, locked]);
  });

  it('refuses a disabled account (said only after the right password); a required second factor not set up yet lets the login through', async () => {
    const staff = await makeStaff(t, home.id);
    await t.services.staff.setDisabled(home.id, staff.username, true, 'test');
    expect(await failure(staffLogin(t, home.mappingPath, staff.username, staff.password))).toEqual({
      status: 200,
      success: false,
      errCode: StaffErrCode.accountDisabled,
      message: text('zh-CN', 'staffDisabled'),
    });
    expect((await failure(staffLogin(t, home.mappingPath, staff.username, 'Wrong-pass-1'))).errCode).toBe(
      AuthErrCode.badCredentials,
    );
    await t.services.staff.setDisabled(home.id, staff.username, false, 'test');
    expect(envelopeOf(await staffLogin(t, home.mappingPath, staff.username, staff.password)).success).toBe(true);
    // Required and not set up yet: the login goes through, and the session must set it up first
    // (staff-second-factor.test.ts).
    await t.db.kysely.updateTable('staff_account').set({ totp_required: true }).where('id', '=', staff.id).execute();
    const e = envelopeOf<StaffLoginResult>(await staffLogin(t, home.mappingPath, staff.username, staff.password));
    expect(e.data.staff).toMatchObject({ totpRequired: true, totpEnabled: false, mustSetUpSecondFactor: true });
  });

  it("logs in an institution's account at its institution only, an operator at any", async () => {
    const staff = await makeStaff(t, home.id, { role: 'admin' });
    expect((await failure(staffLogin(t, other.mappingPath, staff.username, staff.password))).errCode).toBe(
      AuthErrCode.badCredentials,
    );
    const operator = await makeStaff(t, null);
    for (const at of [home, other]) {
      const e = envelopeOf<StaffLoginResult>(await staffLogin(t, at.mappingPath, operator.username, operator.password));
      expect(e.data.staff).toMatchObject({ role: 'operator', tenant: null });
    }
  });

  it('limits the password attempts of one address, with HTTP 429', async () => {
    const strict = await createTestApp({ seed: false, auth: { loginsPerMinutePerIp: 3 } });
    try {
      const at = await makeTenant(strict);
      const staff = await makeStaff(strict, at.id);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await staffLogin(strict, at.mappingPath, staff.username, staff.password, { remoteAddress: '10.9.0.1' }))
            .statusCode,
        );
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = envelopeOf(
        await staffLogin(strict, at.mappingPath, staff.username, staff.password, { remoteAddress: '10.9.0.1' }),
      );
      expect(limited).toMatchObject({ errCode: 429, message: text('zh-CN', 'tooManyRequests') });
      // Another address is not affected.
      expect(
        (await staffLogin(strict, at.mappingPath, staff.username, staff.password, { remoteAddress: '10.9.0.2' }))
          .statusCode,
      ).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('staff accounts', () => {
  it('are checked as `openfind staff add` makes them: role and institution, libraries, password, a free name', async () => {
    const add = (over: Partial<Parameters<typeof t.services.staff.add>[0]>) =>
      t.services.staff
        .add(
          {
            tenantId: home.id,
            username: `acct-${Math.random().toString(36).slice(2, 8)}`,
            name: '',
            role: 'staff',
            libCodes: [],
            password: 'Good-2026-pw',
            ...over,
          },
          'test',
        )
        .then(
          () => 'added',
          (err: unknown) => (err instanceof StaffInputError ? err.message : `unexpected ${String(err)}`),
        );
    expect(await add({ tenantId: null })).toMatch(/staff account needs --tenant/);
    expect(await add({ role: 'operator' })).toMatch(/leave out --tenant/);
    expect(await add({ libCodes: ['NOPE'] })).toMatch(/no library NOPE in the institution/);
    expect(await add({ role: 'admin', libCodes: ['L1'] })).toMatch(/limits desk staff only/);
    expect(await add({ password: 'weakpass' })).toMatch(/8 or more characters/);
    expect(await add({ username: 'Same-As-1', password: 'Same-As-1' })).toMatch(/may not be the username/);
    expect(await add({ username: 'two words' })).toMatch(/--username/);
    expect(await add({ name: '名'.repeat(101) })).toMatch(/--name/);
    // A name once per institution, in any case; and never shared between an operator and an institution's account.
    const taken = await makeStaff(t, home.id);
    expect(await add({ username: taken.username.toUpperCase() })).toMatch(/is taken/);
    expect(await add({ tenantId: other.id, username: taken.username })).toBe('added');
    expect(await add({ tenantId: null, role: 'operator', username: taken.username })).toMatch(/is taken/);
    const operator = await makeStaff(t, null);
    expect(await add({ username: operator.username })).toMatch(/is taken/);
  });
});

describe('staff sessions', () => {
  it('end at logout: the token is refused after', async () => {
    const staff = await makeStaff(t, home.id);
    const token = envelopeOf<StaffLoginResult>(await staffLogin(t, home.mappingPath, staff.username, staff.password))
      .data.token;
    const headers = { [STAFF_TOKEN_HEADER]: token };
    expect((await me(headers)).statusCode).toBe(200);
    const out = await t.call({ url: ApiPath.staffLogout, mappingPath: home.mappingPath, headers, body: {} });
    expect(envelopeOf(out)).toMatchObject({ success: true, message: text('zh-CN', 'loggedOut') });
    expect(await failure(me(headers))).toEqual({
      status: 401,
      success: false,
      errCode: StaffErrCode.loginRequired,
      message: text('zh-CN', 'staffSessionExpired'),
    });
    expect((await t.services.staff.auditLog(home.id, 5)).map((r) => r.action)).toContain('staff.logout');
  });

  it('end when the password is set or the account disabled, and when they expire', async () => {
    const staff = await makeStaff(t, home.id);
    const a = await staffHeader(t, staff);
    await t.services.staff.setPassword(home.id, staff.username, 'New-Pass-2026', 'test');
    expect((await me(a)).statusCode).toBe(401);
    const b = await staffHeader(t, staff);
    expect((await me(b)).statusCode).toBe(200);
    await t.services.staff.setDisabled(home.id, staff.username, true, 'test');
    expect((await me(b)).statusCode).toBe(401);
    await t.services.staff.setDisabled(home.id, staff.username, false, 'test');
    const c = await staffHeader(t, staff);
    await t.db.kysely
      .updateTable('staff_session')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('staff_id', '=', staff.id)
      .execute();
    expect((await me(c)).statusCode).toBe(401);
  });

  it('are not reader sessions: a reader token is refused on staff calls, in either header', async () => {
    const reader = await makeReader(t, home.id);
    const readerHeaders = await signIn(t, home, reader);
    // A logged-in reader is not staff: 403, staff only.
    expect(await failure(me(readerHeaders))).toEqual({
      status: 403,
      success: false,
      errCode: AuthErrCode.staffOnly,
      message: text('zh-CN', 'staffOnly'),
    });
    // The reader's token in the staff header is not a staff token: 401.
    const asStaff = { [STAFF_TOKEN_HEADER]: Object.values(readerHeaders)[0]! };
    expect(await failure(me(asStaff))).toMatchObject({ status: 401, errCode: StaffErrCode.loginRequired });
    const checkout = await t.call({
      url: ApiPath.deskCheckout,
      mappingPath: home.mappingPath,
      headers: readerHeaders,
      body: { reader: reader.account, barcode: 'X' },
    });
    expect(checkout.statusCode).toBe(403);
  });

  it('and a staff token is refused on reader calls, in either header', async () => {
    const staff = await makeStaff(t, home.id, { role: 'admin' });
    const headers = await staffHeader(t, staff);
    const token = headers[STAFF_TOKEN_HEADER]!;
    for (const h of [headers, { jwtOpacAuth: token }, { authorization: `Bearer ${token}` }]) {
      for (const url of [ApiPath.userInfo, ApiPath.loanSummary]) {
        const res = await t.call({ url, mappingPath: home.mappingPath, headers: h });
        expect(res.statusCode, `${url} ${Object.keys(h)[0]}`).toBe(401);
        expect(envelopeOf(res).errCode).toBe(AuthErrCode.loginRequired);
      }
    }
  });

  it("of another institution's account are refused here (403); an operator's are welcome everywhere", async () => {
    const staff = await makeStaff(t, other.id, { role: 'admin' });
    expect(await failure(me(await staffHeader(t, staff)))).toEqual({
      status: 403,
      success: false,
      errCode: StaffErrCode.otherInstitution,
      message: text('zh-CN', 'staffOtherInstitution'),
    });
    const operator = await makeStaff(t, null);
    const headers = await staffHeader(t, operator, other.id);
    expect(envelopeOf<StaffIdentity>(await me(headers)).data).toMatchObject({ role: 'operator', tenant: null });
  });

  it('refuse a token that is not one: made up, too long, or signed for something else', async () => {
    for (const token of ['nonsense', 'a.b.c', 'x'.repeat(5000)]) {
      expect((await me({ [STAFF_TOKEN_HEADER]: token })).statusCode).toBe(401);
    }
    // A ticket this server signs for single sign-on is no staff token.
    const ticket = await t.services.auth.sessions.signTicket(
      (await t.services.tenants.byMappingPath(home.mappingPath))!,
      'cas',
      'someone',
    );
    expect((await me({ [STAFF_TOKEN_HEADER]: ticket })).statusCode).toBe(401);
  });
});

describe('cross-site requests', () => {
  it('refuses a staff login and a staff change sent from another site, with the token in its header', async () => {
    const staff = await makeStaff(t, home.id);
    expect(
      await failure(staffLogin(t, home.mappingPath, staff.username, staff.password, { headers: EVIL })),
    ).toMatchObject({ status: 403, errCode: AuthErrCode.crossSiteRefused, message: text('zh-CN', 'crossSiteRefused') });
    const headers = await staffHeader(t, staff);
    for (const url of [ApiPath.deskCheckin, ApiPath.staffLogout]) {
      const res = await t.call({ url, mappingPath: home.mappingPath, headers: { ...headers, ...EVIL }, body: {} });
      expect(res.statusCode, url).toBe(403);
      expect(envelopeOf(res).errCode).toBe(AuthErrCode.crossSiteRefused);
    }
    // Only the Origin of another site, without Sec-Fetch-Site: refused as well.
    const origin = await t.call({
      url: ApiPath.deskCheckin,
      mappingPath: home.mappingPath,
      headers: { ...headers, origin: 'https://evil.example' },
      body: { barcode: 'X' },
    });
    expect(origin.statusCode).toBe(403);
    // From the site itself (and from a client that is no browser), the call goes through.
    for (const site of [{ 'sec-fetch-site': 'same-origin' }, {}]) {
      const res = await t.call({
        url: ApiPath.staffMe,
        mappingPath: home.mappingPath,
        headers: { ...headers, ...site },
      });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('the audit log', () => {
  it('is append-only: UPDATE, DELETE and TRUNCATE are refused by the database', async () => {
    const staff = await makeStaff(t, home.id);
    await staffLogin(t, home.mappingPath, staff.username, staff.password);
    const rows = await t.services.staff.auditLog(home.id, 100);
    const row = rows.find((r) => r.action === 'staff.login' && r.staffId === staff.id)!;
    expect(row).toMatchObject({ tenantId: home.id, actor: staff.username, after: { role: 'staff' } });
    const k = t.db.kysely;
    await expect(
      k.updateTable('audit_log').set({ action: 'forged' }).where('id', '=', String(row.id)).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(k.deleteFrom('audit_log').where('id', '=', String(row.id)).execute()).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(k)).rejects.toThrow(/append-only/);
    const again = await t.services.staff.auditLog(home.id, 100);
    expect(again.find((r) => r.id === row.id)).toEqual(row);
  });

  it('keeps the rows of an account that is removed', async () => {
    const staff = await makeStaff(t, home.id);
    await t.services.staff.remove(home.id, staff.username, 'test');
    const log = await t.services.staff.auditLog(home.id, 100);
    expect(log.filter((r) => r.target === staff.username).map((r) => r.action)).toEqual(['staff.remove', 'staff.add']);
    expect(log.find((r) => r.action === 'staff.remove' && r.target === staff.username)).toMatchObject({
      actor: 'test',
      staffId: null,
      before: { id: staff.id, role: 'staff' },
    });
  });
});
