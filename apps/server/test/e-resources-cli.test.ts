import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { cliArgs } from './support/cli.js';
import { tempDir } from './temp-dirs.js';

/** `openfind eresources import`: databases from CSV and KBART title lists, bad lines reported, a package replaced. */

let dataDir: string;
const FIXTURES = fileURLToPath(new URL('./fixtures/kbart/', import.meta.url));

function openfind(args: string[]) {
  const r = spawnSync(process.execPath, cliArgs(...args), {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

beforeAll(() => {
  dataDir = tempDir('openfind-eres-');
  expect(openfind(['migrate']).code).toBe(0);
  expect(
    openfind(['tenant', 'add', '--mapping-path', 'eres', '--group-code', '9031', '--name', '电子资源馆']).code,
  ).toBe(0);
}, 120_000);

describe('openfind eresources import', { timeout: 240_000, shuffle: false }, () => {
  it('loads databases from CSV and reports the refused lines', () => {
    const csv = path.join(dataDir, 'databases.csv');
    writeFileSync(
      csv,
      '\uFEFFname,name_en,access_kind,url,subjects,db_types,languages,vendor,package_code\r\n' +
        'SpringerLink,SpringerLink,purchased,https://link.springer.com/,07;08,ejournals;ebooks,en,Springer Nature,Springer_Global_SpringerLinkJournals\r\n' +
        '中国知网（CNKI）,CNKI,purchased,https://www.cnki.net/,14,fulltext,zh,同方知网,\r\n' +
        '坏数据库,,purchased,not-a-link,,,,,\r\n',
    );
    const r = openfind(['eresources', 'import', '--tenant', 'eres', '--kind', 'databases', csv]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('databases: 2 added, 0 updated, 1 lines refused');
    expect(r.out).toMatch(/line 4: url "not-a-link" is not an http\(s\) address/);
  });

  it('loads a KBART file under the package of its name, again without doubling, and refuses a wrong header', async () => {
    const file = path.join(FIXTURES, 'Springer_Global_SpringerLinkJournals_2024-03-01.txt');
    const first = openfind(['eresources', 'import', '--tenant', 'eres', '--kind', 'kbart', file]);
    expect(first.code).toBe(0);
    expect(first.out).toMatch(
      /kbart package Springer_Global_SpringerLinkJournals: 6 lines \(6 serial, 0 monograph\), 1 lines refused; database \d+/,
    );
    expect(first.out).toMatch(/line 7: date_first_issue_online "2023-13"/);
    expect(openfind(['eresources', 'import', '--tenant', 'eres', '--kind', 'kbart', file]).code).toBe(0);
    const bad = openfind([
      'eresources',
      'import',
      '--tenant',
      'eres',
      '--kind',
      'kbart',
      '--package',
      'X',
      path.join(FIXTURES, 'bad-header.txt'),
    ]);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/not a KBART file: column 13/);
    const db = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const rows = await db.kysely.selectFrom('e_title').select(['package_code', 'collection_id']).execute();
      expect(rows).toHaveLength(6);
      expect(new Set(rows.map((r) => r.collection_id)).size).toBe(1);
      expect(rows[0]!.collection_id).not.toBeNull();
    } finally {
      await db.close();
    }
  });
});
