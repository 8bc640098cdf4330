import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuthErrCode, StaffErrCode, type StaffLoginResult } from '@openfind/contract';
import { buildApp } from '../src/app.js';
import { openDatabase, type Db } from '../src/db/database.js';
import { createServices } from '../src/services.js';
import { envelopeOf, type TestApp } from './helpers.js';
import { TEST_AUTH } from './auth-support.js';
import { cliArgs } from './support/cli.js';
import { staffLogin } from './support/staff.js';
import { tempDir } from './temp-dirs.js';

/** `openfind staff`: the accounts it makes are those the staff login accepts; each change is in the audit log. */

let dataDir: string;

function openfind(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, cliArgs(...args), {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', OPENFIND_STAFF_PASSWORD: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const staff = (...args: string[]) => openfind(['staff', ...args]);

/** The app over the CLI's data folder (the CLI has exited, so the folder is free). */
async function withApp(fn: (t: TestApp) => Promise<void>): Promise<void> {
  const db: Db = await openDatabase({ kind: 'pglite', dataDir });
  const services = createServices(db, { configCacheMs: 0, auth: TEST_AUTH });
  const app = await buildApp({ services });
  await app.ready();
  const t: TestApp = { app, services, db, call: () => Promise.reject(new Error('not here')), close: async () => {} };
  try {
    await fn(t);
  } finally {
    await app.close();
    await db.close();
  }
}

beforeAll(() => {
  dataDir = tempDir('openfind-staff-');
  expect(openfind(['migrate']).code).toBe(0);
  expect(openfind(['tenant', 'add', '--mapping-path', 'cli', '--group-code', '9002', '--name', '命令行馆']).code).toBe(
    0,
  );
}, 120_000);

// Each command is a process that opens the embedded database: seconds each. In order: the accounts
// the first steps add are those the later ones change and log in with.
describe('openfind staff', { timeout: 240_000, shuffle: false }, () => {
  it('adds accounts of an institution (desk staff limited to its libraries) and operators, lists them', async () => {
    const weak = staff('add', '--tenant', 'cli', '--username', 'boss', '--role', 'admin', '--password', 'weak');
    expect(weak.code).toBe(1);
    expect(weak.err).toMatch(/8 or more characters/);
    const boss = staff(
      'add',
      '--tenant',
      'cli',
      '--username',
      'boss',
      '--role',
      'admin',
      '--name',
      '馆长',
      '--password',
      'Boss-2026-pw',
    );
    expect(boss.code, boss.err).toBe(0);
    expect(boss.out).toMatch(/added admin boss \(\d+\) of cli/);
    // An operator (no institution), the password from the environment.
    const root = openfind(['staff', 'add', '--username', 'root', '--role', 'operator'], {
      OPENFIND_STAFF_PASSWORD: 'Root-2026-pw',
    });
    expect(root.code, root.err).toBe(0);
    expect(root.out).toMatch(/added operator root \(\d+\) of the installation/);
    await withApp(async (t) => {
      const tenant = await t.db.kysely
        .selectFrom('tenant')
        .select('id')
        .where('mapping_path', '=', 'cli')
        .executeTakeFirstOrThrow();
      await t.db.kysely
        .insertInto('library')
        .values({ tenant_id: tenant.id, lib_code: 'MAIN', name: '总馆' })
        .execute();
    });
    const desk = staff(
      'add',
      '--tenant',
      'cli',
      '--username',
      'desk1',
      '--libraries',
      'MAIN',
      '--password',
      'Desk-2026-pw',
    );
    expect(desk.code, desk.err).toBe(0);
    const list = staff('list', '--tenant', 'cli');
    expect(list.out).toMatch(/^boss\tadmin\t馆长\t-$/m);
    expect(list.out).toMatch(/^desk1\tstaff\t-\tMAIN$/m);
    expect(staff('list').out).toMatch(/^root\toperator\t/m);
  });

  it('sets passwords, disables and removes accounts', () => {
    expect(staff('passwd', '--tenant', 'cli', '--username', 'desk1', '--password', 'Desk-2027-pw').code).toBe(0);
    expect(staff('disable', '--tenant', 'cli', '--username', 'desk1').out).toMatch(/disabled desk1 of cli/);
    expect(staff('remove', '--tenant', 'cli', '--username', 'boss').out).toMatch(/removed boss of cli/);
  });

  it('what the command stored is what the staff login accepts, and the audit log tells who did what', async () => {
    await withApp(async (t) => {
      expect(envelopeOf(await staffLogin(t, 'cli', 'desk1', 'Desk-2027-pw')).errCode).toBe(
        StaffErrCode.accountDisabled,
      );
      const cli = (await t.services.tenants.byMappingPath('cli'))!;
      await t.services.staff.setDisabled(cli.id, 'desk1', false, 'test');
      const desk = envelopeOf<StaffLoginResult>(await staffLogin(t, 'cli', 'desk1', 'Desk-2027-pw'));
      expect(desk.success, desk.message).toBe(true);
      expect(desk.data.staff).toMatchObject({ role: 'staff', libCodes: ['MAIN'], tenant: { mappingPath: 'cli' } });
      expect(envelopeOf(await staffLogin(t, 'cli', 'desk1', 'Desk-2026-pw')).errCode).toBe(AuthErrCode.badCredentials);
      expect(envelopeOf(await staffLogin(t, 'cli', 'boss', 'Boss-2026-pw')).errCode).toBe(AuthErrCode.badCredentials);
      expect(envelopeOf<StaffLoginResult>(await staffLogin(t, 'cli', 'root', 'Root-2026-pw')).data.staff.role).toBe(
        'operator',
      );
      const hashes = await t.db.kysely.selectFrom('staff_account').select('password_hash').execute();
      expect(hashes.every((h) => h.password_hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$'))).toBe(true);
      const log = await t.db.kysely
        .selectFrom('audit_log')
        .select(['actor', 'action', 'target'])
        .where('staff_id', 'is', null)
        .where('actor', 'like', 'cli%')
        .orderBy('id')
        .execute();
      expect(log.map((r) => `${r.action} ${r.target}`)).toEqual([
        'staff.add boss',
        'staff.add root',
        'staff.add desk1',
        'staff.passwd desk1',
        'staff.disable desk1',
        'staff.remove boss',
      ]);
      const all = JSON.stringify(await t.db.kysely.selectFrom('audit_log').selectAll().execute());
      expect(all).not.toMatch(/2027-pw|2026-pw/);
    });
  });
});
