import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase, type Db } from '../src/db/database.js';
import { createServices } from '../src/services.js';
import { envelopeOf, type TestApp } from './helpers.js';
import { login, TEST_AUTH } from './auth-support.js';
import { cliArgs } from './support/cli.js';
import { tempDir } from './temp-dirs.js';

let dataDir: string;

function openfind(...args: string[]) {
  const r = spawnSync(process.execPath, cliArgs(...args), {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', OPENFIND_READER_PASSWORD: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** The app over the CLI's data folder (the CLI has exited, so the folder is free). */
async function withApp(fn: (t: TestApp) => Promise<void>): Promise<void> {
  const db: Db = await openDatabase({ kind: 'pglite', dataDir });
  const services = createServices(db, { configCacheMs: 0, auth: TEST_AUTH });
  const app = await buildApp({ services });
  await app.ready();
  const t: TestApp = {
    app,
    services,
    db,
    call: (o) =>
      app.inject({
        method: o.method ?? (o.body === undefined ? 'GET' : 'POST'),
        url: o.url,
        headers: { ...o.headers, mappingPath: o.mappingPath ?? '' },
        ...(o.query ? { query: o.query } : {}),
        ...(o.body !== undefined ? { payload: o.body as object } : {}),
      }),
    close: async () => {},
  };
  try {
    await fn(t);
  } finally {
    await app.close();
    await db.close();
  }
}

beforeAll(() => {
  dataDir = tempDir('openfind-readers-');
  expect(openfind('migrate').code).toBe(0);
  expect(openfind('tenant', 'add', '--mapping-path', 'cli', '--group-code', '9001', '--name', '命令行馆').code).toBe(0);
}, 120_000);

// Each command is a process that opens the embedded database: seconds each.
// An operator's session on one data directory, in order: the readers the first steps add are the
// ones the later steps change and log in with.
describe('openfind reader', { timeout: 180_000, shuffle: false }, () => {
  it('adds a reader with a password that follows the rule, refuses a weak one or a missing one', () => {
    const weak = openfind('reader', 'add', '--tenant', 'cli', '--account', 'A1001', '--password', 'weak');
    expect(weak.code).toBe(1);
    expect(weak.err).toMatch(/8 or more characters/);
    expect(openfind('reader', 'add', '--tenant', 'cli', '--account', 'A1001').err).toMatch(/needs --password/);
    const bad = openfind(
      'reader',
      'add',
      '--tenant',
      'cli',
      '--account',
      'A1002',
      '--password',
      'Good2026pw',
      '--email',
      'nope',
    );
    expect(bad.err).toMatch(/e-mail "nope" is not valid/);
    const ok = openfind(
      'reader',
      'add',
      '--tenant',
      'cli',
      '--account',
      'A1001',
      '--password',
      'Good2026pw',
      '--name',
      '命令行读者',
      '--email',
      'a1001@example.org',
      '--valid-until',
      '2030-06-30',
    );
    expect(ok.code, ok.err).toBe(0);
    expect(ok.out).toMatch(/added reader A1001/);
    // Again: an update that keeps the password.
    expect(openfind('reader', 'add', '--tenant', 'cli', '--account', 'a1001', '--department', '物理系').out).toMatch(
      /updated reader a1001/,
    );
  });

  it('imports a CSV: creates, updates, reports rejected lines with their reasons', () => {
    const file = path.join(dataDir, 'readers.csv');
    writeFileSync(
      file,
      '\uFEFFaccount,password,name,cardNo,email,phone,status\n' +
        'B2001,Init2001,"Zhang, San",C2001,b2001@example.org,13800002001,normal\n' +
        'B2002,Init2002,李四,,,,frozen\n' +
        'B2003,,王五,,,,\n' +
        'B2004,Init2004,赵六,,,12345,\n' +
        'A1001,,,,,,lost\n',
    );
    const r = openfind('reader', 'import', file, '--tenant', 'cli');
    expect(r.out).toMatch(/created 2, updated 1, rejected 2/);
    expect(r.err).toMatch(/readers\.csv:4: a new reader needs a password/);
    expect(r.err).toMatch(/readers\.csv:5: phone "12345" is not valid/);
    expect(r.code).toBe(1);
    expect(openfind('reader', 'import', path.join(dataDir, 'none.csv'), '--tenant', 'cli').err).toMatch(/no such file/);
  });

  it('sets passwords and statuses', () => {
    expect(openfind('reader', 'passwd', 'C2001', '--tenant', 'cli', '--password', 'Final2026pw').code).toBe(0);
    expect(openfind('reader', 'passwd', 'nobody', '--tenant', 'cli', '--password', 'Final2026pw').err).toMatch(
      /no reader "nobody"/,
    );
    expect(openfind('reader', 'status', 'B2002', 'normal', '--tenant', 'cli').out).toMatch(/B2002: normal/);
    expect(openfind('reader', 'status', 'B2002', 'gone', '--tenant', 'cli').err).toMatch(/one of normal, lost, frozen/);
  });

  it('keeps institution secrets apart from the public configuration', () => {
    expect(openfind('config', 'secret', '--tenant', 'cli', 'externalJwtKey=short').err).toMatch(/at least 32 bytes/);
    expect(openfind('config', 'secret', '--tenant', 'cli', 'other=x').err).toMatch(/unknown secret/);
    expect(openfind('config', 'secret', '--tenant', 'cli', `externalJwtKey=${'s'.repeat(40)}`).out).toMatch(
      /set externalJwtKey/,
    );
    expect(openfind('config', 'get', '--tenant', 'cli').out).not.toContain('s'.repeat(40));
  });

  it('what the CLI stored is what the login accepts', async () => {
    await withApp(async (t) => {
      const a = envelopeOf<{ name: string }>(await login(t, 'A1001', 'Good2026pw', { mappingPath: 'cli' }));
      expect(a.success, a.message).toBe(true);
      expect(a.data.name).toBe('命令行读者');
      // Imported passwords are initial ones: change first.
      expect(envelopeOf(await login(t, 'B2002', 'Init2002', { mappingPath: 'cli' }))).toMatchObject({
        errCode: 200,
        data: false,
      });
      // passwd replaced the imported password (and it is final).
      expect(envelopeOf(await login(t, 'B2001', 'Final2026pw', { mappingPath: 'cli' })).success).toBe(true);
      const info = await t.db.kysely
        .selectFrom('reader')
        .select(['account', 'status', 'department', 'email_verified', 'password_hash'])
        .orderBy('account')
        .execute();
      expect(info.map((r) => [r.account, r.status])).toEqual([
        ['A1001', 'lost'],
        ['B2001', 'normal'],
        ['B2002', 'normal'],
      ]);
      expect(info[0]).toMatchObject({ department: '物理系', email_verified: true });
      expect(info.every((r) => r.password_hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$'))).toBe(true);
      const secret = await t.db.kysely.selectFrom('tenant_secret').select(['name', 'value']).execute();
      expect(secret).toEqual([{ name: 'externalJwtKey', value: 's'.repeat(40) }]);
    });
  });
});
