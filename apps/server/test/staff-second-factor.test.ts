import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  AuthErrCode,
  STAFF_TOKEN_HEADER,
  StaffErrCode,
  type RecoveryCodes,
  type SecondFactorSetup,
  type SecondFactorState,
  type StaffAccountView,
  type StaffLoginResult,
} from '@openfind/contract';
import { totpCodeAt } from '../src/modules/staff/second-factor.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { makeReader, makeTenant, type MadeTenant } from './support/factories.js';
import { makeStaff, staffHeader, staffLogin, type MadeStaff } from './support/staff.js';

/**
 * The staff accounts' second factor (TOTP and recovery codes: setting up, the login's second step,
 * a code taken once, an administrator's requirement the server holds to) and the administrators'
 * staff accounts in the console. Through HTTP, on both engines.
 */

let t: TestApp;
let home: MadeTenant;
let other: MadeTenant;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  home = await makeTenant(t, { libraries: 'demo' });
  other = await makeTenant(t);
});
afterAll(async () => t?.close());

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, body: unknown = {}, mappingPath = home.mappingPath) =>
  t.call({ url, mappingPath, headers, body });
const get = (url: string, headers: Headers, mappingPath = home.mappingPath) => t.call({ url, mappingPath, headers });
const errOf = async (res: ReturnType<typeof post>) => {
  const r = await res;
  return { status: r.statusCode, errCode: (r.json() as { errCode: number }).errCode };
};

/** Sets up a second factor for the account through the console's calls: its secret and recovery codes. */
async function setUp(headers: Headers): Promise<{ secret: string; codes: string[] }> {
  const setup = envelopeOf<SecondFactorSetup>(await post(ApiPath.staffSecondFactorSetup, headers));
  expect(setup.success, setup.message).toBe(true);
  const confirmed = envelopeOf<RecoveryCodes>(
    await post(ApiPath.staffSecondFactorConfirm, headers, { code: totpCodeAt(setup.data.secret) }),
  );
  expect(confirmed.success, confirmed.message).toBe(true);
  return { secret: setup.data.secret, codes: confirmed.data.recoveryCodes };
}

/** The account's TOTP step taken as used, so that the test's next code is of a later step. */
const forgetSteps = (staff: MadeStaff) =>
  t.db.kysely.updateTable('staff_account').set({ totp_last_step: 0 }).where('id', '=', staff.id).execute();

describe('setting up a second factor', () => {
  it('gives a secret and its QR code, counts it only once a code of it confirms it, then ten recovery codes', async () => {
    const staff = await makeStaff(t, home.id);
    const h = await staffHeader(t, staff);
    const setup = envelopeOf<SecondFactorSetup>(await post(ApiPath.staffSecondFactorSetup, h));
    expect(setup.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.data.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.data.otpauthUri).toContain(`secret=${setup.data.secret}`);
    expect(setup.data.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Not on before it is confirmed; a wrong code confirms nothing.
    expect(envelopeOf<SecondFactorState>(await get(ApiPath.staffSecondFactor, h)).data.enabled).toBe(false);
    const wrong = String((Number(totpCodeAt(setup.data.secret)) + 500_000) % 1_000_000).padStart(6, '0');
    expect(await errOf(post(ApiPath.staffSecondFactorConfirm, h, { code: wrong }))).toMatchObject({
      errCode: StaffErrCode.secondFactorNotPending,
    });
    const ok = envelopeOf<RecoveryCodes>(
      await post(ApiPath.staffSecondFactorConfirm, h, { code: totpCodeAt(setup.data.secret) }),
    );
    expect(ok.data.recoveryCodes).toHaveLength(10);
    expect(new Set(ok.data.recoveryCodes).size).toBe(10);
    expect(envelopeOf<SecondFactorState>(await get(ApiPath.staffSecondFactor, h)).data).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
    });
    // The secret is kept, never shown again nor written to the audit log.
    const row = await t.db.kysely
      .selectFrom('staff_account')
      .select('totp_secret')
      .where('id', '=', staff.id)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).toBe(setup.data.secret);
    const log = JSON.stringify(await t.services.staff.auditLog(home.id, 50));
    expect(log).toContain('staff.secondFactorOn');
    expect(log).not.toContain(setup.data.secret);
    expect(log).not.toContain(ok.data.recoveryCodes[0]);
  });
});

describe("the login's second step", () => {
  it('asks for the code after the right password, takes a code once, and a recovery code once', async () => {
    const staff = await makeStaff(t, home.id);
    const { secret, codes } = await setUp(await staffHeader(t, staff));
    await forgetSteps(staff);
    const first = await errOf(staffLogin(t, home.mappingPath, staff.username, staff.password));
    expect(first).toMatchObject({ errCode: StaffErrCode.secondFactorRequired });
    // A wrong password still says only that (the second step is not revealed).
    expect(
      await errOf(staffLogin(t, home.mappingPath, staff.username, 'Wrong-Pass-1', { code: '123456' })),
    ).toMatchObject({
      errCode: AuthErrCode.badCredentials,
    });
    const code = totpCodeAt(secret);
    const e = envelopeOf<StaffLoginResult>(
      await staffLogin(t, home.mappingPath, staff.username, staff.password, { code }),
    );
    expect(e.success, e.message).toBe(true);
    expect(e.data.staff).toMatchObject({ totpEnabled: true, mustSetUpSecondFactor: false });
    // The same code again: refused (seen over the shoulder, or replayed).
    expect(await errOf(staffLogin(t, home.mappingPath, staff.username, staff.password, { code }))).toMatchObject({
      errCode: StaffErrCode.secondFactorWrong,
    });
    // A recovery code, typed with spaces and in capitals: once.
    const recovery = ` ${codes[3]!.toUpperCase()} `;
    expect(
      envelopeOf(await staffLogin(t, home.mappingPath, staff.username, staff.password, { code: recovery })).success,
    ).toBe(true);
    expect(
      await errOf(staffLogin(t, home.mappingPath, staff.username, staff.password, { code: recovery })),
    ).toMatchObject({
      errCode: StaffErrCode.secondFactorWrong,
    });
    const state = envelopeOf<SecondFactorState>(await get(ApiPath.staffSecondFactor, await staffHeader(t, staff)));
    expect(state.data.recoveryCodesLeft).toBe(9);
  });

  it('counts wrong codes as failed logins: the account locks, the password alone never unlocks it', async () => {
    const staff = await makeStaff(t, home.id);
    await setUp(await staffHeader(t, staff));
    // Five failures lock an account (the readers' default, as staff.test.ts shows).
    for (let i = 0; i < 5; i++)
      await staffLogin(t, home.mappingPath, staff.username, staff.password, { code: 'zzzzz-zzzzz' });
    expect(await errOf(staffLogin(t, home.mappingPath, staff.username, staff.password))).toMatchObject({
      errCode: AuthErrCode.accountLocked,
    });
  });
});

describe('a second factor an administrator requires', () => {
  it('lets the login through but refuses every other staff call until one is set up', async () => {
    const staff = await makeStaff(t, home.id);
    await t.db.kysely.updateTable('staff_account').set({ totp_required: true }).where('id', '=', staff.id).execute();
    const login = envelopeOf<StaffLoginResult>(await staffLogin(t, home.mappingPath, staff.username, staff.password));
    expect(login.data.staff.mustSetUpSecondFactor).toBe(true);
    const h = { [STAFF_TOKEN_HEADER]: login.data.token };
    const reader = await makeReader(t, home.id);
    expect(await errOf(get(`${ApiPath.deskReader}?reader=${reader.account}`, h))).toEqual({
      status: 403,
      errCode: StaffErrCode.secondFactorSetupRequired,
    });
    expect((await get(ApiPath.staffMe, h)).statusCode).toBe(200);
    await setUp(h);
    expect((await get(`${ApiPath.deskReader}?reader=${reader.account}`, h)).statusCode).toBe(200);
    // Required: it cannot be turned off, even with the password.
    expect(await errOf(post(ApiPath.staffSecondFactorDisable, h, { password: staff.password }))).toMatchObject({
      errCode: StaffErrCode.secondFactorCannotDisable,
    });
  });

  it('is turned off by its owner where not required, with the password', async () => {
    const staff = await makeStaff(t, home.id);
    const h = await staffHeader(t, staff);
    await setUp(h);
    expect(await errOf(post(ApiPath.staffSecondFactorDisable, h, { password: 'Wrong-Pass-1' }))).toMatchObject({
      errCode: StaffErrCode.wrongPassword,
    });
    expect(envelopeOf(await post(ApiPath.staffSecondFactorDisable, h, { password: staff.password })).success).toBe(
      true,
    );
    expect(envelopeOf(await staffLogin(t, home.mappingPath, staff.username, staff.password)).success).toBe(true);
  });
});

describe("administrators' staff accounts", () => {
  it("lists the institution's accounts only (no operator, no other institution's), without secrets", async () => {
    const admin = await makeStaff(t, home.id, { role: 'admin' });
    const desk = await makeStaff(t, home.id, { role: 'staff', libCodes: ['OFU-MED'] });
    const foreign = await makeStaff(t, other.id, { role: 'admin' });
    const operator = await makeStaff(t, null);
    const res = await get(ApiPath.staffAccounts, await staffHeader(t, admin));
    const list = envelopeOf<StaffAccountView[]>(res).data;
    const names = list.map((a) => a.username);
    expect(names).toEqual(expect.arrayContaining([admin.username, desk.username]));
    expect(names).not.toContain(foreign.username);
    expect(names).not.toContain(operator.username);
    expect(list.find((a) => a.username === desk.username)).toMatchObject({ role: 'staff', libCodes: ['OFU-MED'] });
    expect(list.find((a) => a.username === admin.username)!.lastLoginAt).not.toBeNull();
    expect(res.body).not.toMatch(/argon2|password_hash|totp_secret/);
  });

  it('adds accounts by the rules, in translated words', async () => {
    const admin = await makeStaff(t, home.id, { role: 'admin' });
    const h = await staffHeader(t, admin);
    const add = (body: Record<string, unknown>) =>
      post(ApiPath.staffAccountAdd, h, { name: '新馆员', role: 'staff', password: 'Desk-2026-New', ...body });
    expect(await errOf(add({ username: 'has space' }))).toMatchObject({ errCode: StaffErrCode.usernameInvalid });
    expect(await errOf(add({ username: admin.username }))).toMatchObject({ errCode: StaffErrCode.usernameTaken });
    expect(await errOf(add({ username: 'weakpw', password: 'password' }))).toMatchObject({
      errCode: StaffErrCode.passwordRule,
    });
    expect(await errOf(add({ username: 'nolib', libCodes: ['NOPE'] }))).toMatchObject({
      errCode: StaffErrCode.unknownLibrary,
    });
    const made = envelopeOf<StaffAccountView>(
      await add({ username: 'newdesk', libCodes: ['OFU'], totpRequired: true }),
    );
    expect(made.success, made.message).toBe(true);
    expect(made.data).toMatchObject({
      username: 'newdesk',
      role: 'staff',
      libCodes: ['OFU'],
      totpRequired: true,
      totpEnabled: false,
    });
    const login = envelopeOf<StaffLoginResult>(await staffLogin(t, home.mappingPath, 'newdesk', 'Desk-2026-New'));
    expect(login.data.staff.mustSetUpSecondFactor).toBe(true);
    const log = await t.services.staff.auditLog(home.id, 50);
    const row = log.find((r) => r.action === 'staff.add' && r.target === 'newdesk');
    expect(row).toMatchObject({ staffId: admin.id, actor: admin.username });
    expect(JSON.stringify(row)).not.toContain('Desk-2026-New');
  });

  it('disables an account (its sessions end at once), changes its role, sets its password, resets its second factor', async () => {
    const admin = await makeStaff(t, home.id, { role: 'admin' });
    const h = await staffHeader(t, admin);
    const desk = await makeStaff(t, home.id, { role: 'staff' });
    const deskH = await staffHeader(t, desk);
    expect((await get(ApiPath.staffMe, deskH)).statusCode).toBe(200);
    const off = envelopeOf<StaffAccountView>(
      await post(ApiPath.staffAccountUpdate, h, { staffId: desk.id, disabled: true }),
    );
    expect(off.data.disabled).toBe(true);
    expect((await get(ApiPath.staffMe, deskH)).statusCode).toBe(401);
    const up = envelopeOf<StaffAccountView>(
      await post(ApiPath.staffAccountUpdate, h, { staffId: desk.id, disabled: false, role: 'admin', name: '升任' }),
    );
    expect(up.data).toMatchObject({ disabled: false, role: 'admin', name: '升任', libCodes: [] });
    const before = await t.services.staff.auditLog(home.id, 50);
    expect(before.find((r) => r.action === 'staff.update' && r.target === desk.username)).toMatchObject({
      before: expect.objectContaining({ role: 'staff' }),
      after: expect.objectContaining({ role: 'admin' }),
    });
    expect(
      envelopeOf(await post(ApiPath.staffAccountPassword, h, { staffId: desk.id, password: 'Fresh-2026-Pass' }))
        .success,
    ).toBe(true);
    expect(envelopeOf(await staffLogin(t, home.mappingPath, desk.username, 'Fresh-2026-Pass')).success).toBe(true);
    await setUp(await staffHeader(t, desk));
    expect(envelopeOf(await post(ApiPath.staffAccountResetSecondFactor, h, { staffId: desk.id })).success).toBe(true);
    expect(envelopeOf(await staffLogin(t, home.mappingPath, desk.username, 'Fresh-2026-Pass')).success).toBe(true);
  });

  it("keeps an administrator from disabling or demoting themselves, and off other institutions' and operators' accounts", async () => {
    const admin = await makeStaff(t, home.id, { role: 'admin' });
    const h = await staffHeader(t, admin);
    expect(await errOf(post(ApiPath.staffAccountUpdate, h, { staffId: admin.id, disabled: true }))).toMatchObject({
      errCode: StaffErrCode.lastAdministrator,
    });
    expect(await errOf(post(ApiPath.staffAccountUpdate, h, { staffId: admin.id, role: 'staff' }))).toMatchObject({
      errCode: StaffErrCode.lastAdministrator,
    });
    const foreign = await makeStaff(t, other.id, { role: 'staff' });
    const operator = await makeStaff(t, null);
    for (const id of [foreign.id, operator.id]) {
      expect(await errOf(post(ApiPath.staffAccountUpdate, h, { staffId: id, disabled: true }))).toMatchObject({
        errCode: StaffErrCode.noSuchStaff,
      });
      expect(
        await errOf(post(ApiPath.staffAccountPassword, h, { staffId: id, password: 'Taken-2026-Over' })),
      ).toMatchObject({
        errCode: StaffErrCode.noSuchStaff,
      });
    }
    expect(envelopeOf(await staffLogin(t, other.mappingPath, foreign.username, foreign.password)).success).toBe(true);
  });

  it("changes one's own password: checked against the current one, every session ends", async () => {
    const staff = await makeStaff(t, home.id);
    const h = await staffHeader(t, staff);
    expect(
      await errOf(
        post(ApiPath.staffChangePassword, h, { currentPassword: 'Wrong-Pass-1', password: 'Next-2026-Pass' }),
      ),
    ).toMatchObject({ errCode: StaffErrCode.wrongPassword });
    expect(
      envelopeOf(
        await post(ApiPath.staffChangePassword, h, { currentPassword: staff.password, password: 'Next-2026-Pass' }),
      ).success,
    ).toBe(true);
    expect((await get(ApiPath.staffMe, h)).statusCode).toBe(401);
    expect(envelopeOf(await staffLogin(t, home.mappingPath, staff.username, 'Next-2026-Pass')).success).toBe(true);
  });
});
