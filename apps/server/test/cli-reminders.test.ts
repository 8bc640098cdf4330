import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { prepareDatabase } from '../src/db/setup.js';
import { seedDemo } from '../src/seed/demo.js';
import { demoReader, remindersOf } from './support/reminders.js';
import { cliArgs } from './support/cli.js';
import { tempDir } from './temp-dirs.js';

/**
 * `openfind reminders` on a demo database (the embedded one, in a data folder): the demo's normal
 * reader (card D0001) is named by a dry run and reminded by a run; `status` lists the run, `settings`
 * changes the institution's days.
 */

describe('openfind reminders', { timeout: 180_000 }, () => {
  let dataDir: string;
  const openfind = (...args: string[]) => {
    const r = spawnSync(process.execPath, cliArgs('reminders', ...args), {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', SMTP_URL: '', LOG_LEVEL: '' },
      encoding: 'utf8',
      timeout: 90_000,
    });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };

  beforeAll(async () => {
    dataDir = tempDir('openfind-reminders-');
    const db = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await prepareDatabase(db);
      await seedDemo(db.kysely, { records: 80 });
    } finally {
      await db.close();
    }
  }, 180_000);

  it('run --dry-run names the demo reader and sends nothing; run sends; status lists the run; settings', async () => {
    const dry = openfind('run', '--tenant', 'default', '--dry-run');
    expect(dry.err).toBe('');
    expect(dry.code).toBe(0);
    expect(dry.out).toMatch(/dry run, nothing sent/);
    expect(dry.out).toMatch(/D0001 .*\(inbox\): .*days overdue/);

    const first = openfind('run');
    expect(first.code, first.err).toBe(0);
    expect(first.out).toMatch(/\(run \d+\): succeeded/);
    expect(first.out).toMatch(/\(default\): [1-9]\d* readers?, [1-9]\d* inbox messages?, 0 mails sent, 0 failures/);
    const status = openfind('status', '--limit', '5');
    expect(status.code).toBe(0);
    expect(status.out.match(/^#\d+ \d{4}-\d{2}-\d{2} cli succeeded/gm)).toHaveLength(1);
    expect(status.out).toMatch(/^ {4}default: readers [1-9]/m);

    const settings = openfind('settings', '--tenant', 'default', 'daysBefore=5', 'overdueEvery=14');
    expect(settings.out).toMatch(/reminders on, 5 days before the due date, overdue every 14 days/);

    const db = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const reader = await demoReader({ db }, 'D0001');
      const messages = await remindersOf({ db }, reader.id);
      expect(messages).toHaveLength(1);
      expect(messages[0]!.body.match(/^· 《/gm)).toHaveLength(4);
    } finally {
      await db.close();
    }
  });
});
