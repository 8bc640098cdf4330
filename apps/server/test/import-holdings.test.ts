import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importFile } from '../src/modules/catalogue/import/import-file.js';
import { createTestApp, type TestApp } from './helpers.js';
import { makeTenant } from './support/factories.js';
import { tempDir } from './temp-dirs.js';

let t: TestApp;
/** The institution of the running test: each test imports into one of its own. */
let tenantId: number;
let dir: string;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  dir = tempDir('openfind-holdings-');
});
beforeEach(async () => {
  tenantId = (await makeTenant(t)).id;
});
afterAll(async () => t.close());

const sub = (code: string, value: string) => `<subfield code="${code}">${value}</subfield>`;
const field = (tag: string, ...subs: string[]) =>
  `<datafield tag="${tag}" ind1=" " ind2=" ">${subs.join('')}</datafield>`;
const control = (tag: string, value: string) => `<controlfield tag="${tag}">${value}</controlfield>`;
const record = (leader: string, ...fields: string[]) => `<record><leader>${leader}</leader>${fields.join('')}</record>`;
const file = (name: string, ...records: string[]) => {
  const p = path.join(dir, name);
  writeFileSync(p, `<?xml version="1.0"?><collection>${records.join('')}</collection>`);
  return p;
};
const BIB = '00000cas a2200000 a 4500';
const MFHD = '00000cy  a2200000   4500';

/** A serial as a SirsiDynix export gives it: its key in 901 $a, one copy of its own (852 $p). */
const serial = (n: number, title: string, ownCopy = true) =>
  record(
    BIB,
    control('001', `S-${n}`),
    field('245', sub('a', title)),
    field('035', sub('a', `(Sirsi) a81460${n}`)),
    field('901', sub('a', `a81460${n}`), sub('b', 'Sirsi_Auto')),
    ownCopy ? field('852', sub('b', 'MAIN'), sub('c', 'STACKS'), sub('p', `OWN-${n}`)) : '',
  );

const copies = async (title: string) => {
  const rows = await sql<{ barcode: string | null; lib_code: string | null; holdings_key: string | null }>`
    SELECT i.barcode, i.lib_code, i.holdings_key FROM item i JOIN bib_record b ON b.record_id = i.record_id
    WHERE b.tenant_id = ${tenantId} AND b.title = ${title} ORDER BY i.barcode NULLS LAST, i.lib_code`.execute(
    t.db.kysely,
  );
  return rows.rows;
};
const counted = async (title: string) =>
  await t.db.kysely
    .selectFrom('bib_record')
    .select(['physical_count', 'lib_codes'])
    .where('tenant_id', '=', tenantId)
    .where('title', '=', title)
    .executeTakeFirstOrThrow();

/**
 * Two serials with their own copies, then a file of holdings records: one linked by its own 001 (the
 * serial's 901 $a), one by 004, one to nothing, one without a copy. The import of the holdings.
 */
async function attachSerials() {
  await importFile({
    db: t.db.kysely,
    tenantId,
    file: file('serials.xml', serial(1, 'Circulation research'), serial(2, 'Annual report')),
    rejectDir: dir,
  });
  const mfhd = file(
    'mfhd.xml',
    // No 004: linked by its own 001, the bibliographic record's 901 $a.
    record(MFHD, control('001', 'a814601'), control('001', '44368'), field('852', sub('b', 'BRANCH'), sub('c', 'PER'))),
    // 004 names the record by its 001.
    record(
      MFHD,
      control('001', 'h-2'),
      control('004', 'S-2'),
      field('852', sub('b', 'MAIN'), sub('p', 'H-2A')),
      field('876', sub('p', 'H-2B')),
    ),
    record(MFHD, control('001', 'h-9'), control('004', 'nowhere'), field('852', sub('b', 'MAIN'))),
    record(MFHD, control('001', 'h-10'), field('866', sub('a', 'v.1-10'))),
  );
  return importFile({ db: t.db.kysely, tenantId, file: mfhd, rejectDir: dir });
}

describe('holdings records (MFHD) attach to their bibliographic records', () => {
  it('by 004, or by the key a SirsiDynix export puts in 001; unknown ones are reported', async () => {
    const r = await attachSerials();
    expect(r).toMatchObject({ read: 4, created: 0, holdingsAttached: 2, itemsAttached: 3, skipped: 2 });
    const report = readFileSync(r.rejectReport!, 'utf8');
    expect(report).toMatch(/record 3.*holdings record for nowhere: no such record in this institution/);
    expect(report).toMatch(/record 4.*holdings record lists no copy or location/);

    expect(await copies('Circulation research')).toEqual([
      { barcode: 'OWN-1', lib_code: 'MAIN', holdings_key: null },
      { barcode: null, lib_code: 'BRANCH', holdings_key: 'holdings:001:a814601' },
    ]);
    expect(await counted('Circulation research')).toMatchObject({ physical_count: 2, lib_codes: ['BRANCH', 'MAIN'] });
    expect((await copies('Annual report')).map((c) => c.barcode)).toEqual(['H-2A', 'H-2B', 'OWN-2']);
    expect((await counted('Annual report')).physical_count).toBe(3);
  });

  it('keeps holdings items when the bibliographic record changes, and replaces exactly them when the holdings change', async () => {
    await attachSerials();
    // The record changes (a new title word): its own copy is replaced, the holdings copy stays.
    await importFile({
      db: t.db.kysely,
      tenantId,
      file: file('serials-2.xml', serial(1, 'Circulation research (Online)', false)),
      rejectDir: dir,
    });
    expect(await copies('Circulation research (Online)')).toEqual([
      { barcode: null, lib_code: 'BRANCH', holdings_key: 'holdings:001:a814601' },
    ]);
    expect((await counted('Circulation research (Online)')).physical_count).toBe(1);

    // The holdings record changes: its one copy is replaced by two; nothing else moves.
    const again = await importFile({
      db: t.db.kysely,
      tenantId,
      file: file(
        'mfhd-2.xml',
        record(
          MFHD,
          control('001', 'a814601'),
          field('852', sub('b', 'BRANCH'), sub('p', 'B-1')),
          field('852', sub('b', 'BRANCH'), sub('p', 'B-2')),
        ),
      ),
      rejectDir: dir,
    });
    expect(again).toMatchObject({ holdingsAttached: 1, itemsAttached: 2, skipped: 0 });
    expect((await copies('Circulation research (Online)')).map((c) => c.barcode)).toEqual(['B-1', 'B-2']);
    expect((await counted('Circulation research (Online)')).physical_count).toBe(2);
    expect((await counted('Annual report')).physical_count).toBe(3);
  });

  it('waits for a record that comes later in the same file, and refuses an ambiguous link', async () => {
    const r = await importFile({
      db: t.db.kysely,
      tenantId,
      file: file(
        'mixed.xml',
        record(MFHD, control('001', 'h-3'), control('004', 'S-3'), field('852', sub('b', 'MAIN'), sub('p', 'H-3'))),
        serial(3, 'Globe', false),
        // Two records share this 035 number.
        record(BIB, control('001', 'D-1'), field('245', sub('a', 'Twin one')), field('035', sub('a', '(X)dup'))),
        record(BIB, control('001', 'D-2'), field('245', sub('a', 'Twin two')), field('035', sub('a', '(X)dup'))),
        record(MFHD, control('001', 'h-4'), control('004', 'dup'), field('852', sub('b', 'MAIN'))),
      ),
      rejectDir: dir,
    });
    expect(r).toMatchObject({ read: 5, created: 3, holdingsAttached: 1, skipped: 1 });
    expect(readFileSync(r.rejectReport!, 'utf8')).toMatch(/record 5.*holdings record names 2 records \(dup\)/);
    expect((await copies('Globe')).map((c) => c.barcode)).toEqual(['H-3']);
  });

  it('attaches the copies of an items file (CSV, one copy a row) to the records it names, and replaces them when imported again', async () => {
    // A serial whose key is a814601, and a CSV bibliographic record, which names itself by its id.
    await importFile({
      db: t.db.kysely,
      tenantId,
      file: file('serial-for-items.xml', serial(1, 'Circulation research (Online)', false)),
      rejectDir: dir,
    });
    const books = path.join(dir, 'books.csv');
    writeFileSync(books, '编号,书名\nCSV-7,围城\n');
    const bookMapping = { columns: { id: '编号', title: '书名' } };
    expect(
      await importFile({ db: t.db.kysely, tenantId, file: books, rejectDir: dir, csvMapping: bookMapping }),
    ).toMatchObject({ created: 1 });
    const items = path.join(dir, 'items.csv');
    const mapping = {
      kind: 'items' as const,
      columns: {
        record: '书目号',
        barcode: '条码',
        callNumber: '索书号',
        library: '馆藏馆',
        status: '状态',
        inDate: '入藏日期',
      },
    };
    const write = (...rows: string[]) =>
      writeFileSync(items, ['书目号,条码,索书号,馆藏馆,状态,入藏日期', ...rows].join('\n') + '\n');
    write(
      'CSV-7,C-1,I246.57/1,MAIN,在架,2024-03-01',
      'CSV-7,C-2,I246.57/1,BRANCH,借出,2024-03-01',
      'a814601,C-3,Z/9,MAIN,,',
      'nowhere,C-4,X/1,MAIN,,',
      ',C-5,X/2,MAIN,,',
      'CSV-7,,,,,',
    );
    const r = await importFile({ db: t.db.kysely, tenantId, file: items, rejectDir: dir, csvMapping: mapping });
    expect(r).toMatchObject({ read: 6, created: 0, holdingsAttached: 3, itemsAttached: 3, skipped: 3 });
    const report = readFileSync(r.rejectReport!, 'utf8');
    expect(report).toMatch(/holdings record for nowhere: no such record in this institution/);
    expect(report).toMatch(/copy C-5 names no record/);
    expect(report).toMatch(/copy of record CSV-7 has no barcode, call number, library or location/);
    expect(await copies('围城')).toEqual([
      { barcode: 'C-1', lib_code: 'MAIN', holdings_key: 'holdings:item:C-1' },
      { barcode: 'C-2', lib_code: 'BRANCH', holdings_key: 'holdings:item:C-2' },
    ]);
    expect(await counted('围城')).toMatchObject({ physical_count: 2 });
    const onShelf = await t.db.kysely
      .selectFrom('item')
      .select(['barcode', 'process_type_code', 'call_no'])
      .where('barcode', 'in', ['C-1', 'C-2'])
      .orderBy('barcode')
      .execute();
    expect(onShelf.map((i) => i.call_no)).toEqual(['I246.57/1', 'I246.57/1']);
    expect(onShelf[0]!.process_type_code).not.toBe(onShelf[1]!.process_type_code); // on shelf, on loan
    expect((await copies('Circulation research (Online)')).map((c) => c.barcode)).toContain('C-3');

    // Again, with C-2 moved to MAIN and C-3 gone from the file: no copy is doubled, C-3 stays (a
    // copy is replaced only by a row that names it again).
    write('CSV-7,C-1,I246.57/1,MAIN,在架,2024-03-01', 'CSV-7,C-2,I246.57/1,MAIN,在架,2024-03-01');
    const again = await importFile({ db: t.db.kysely, tenantId, file: items, rejectDir: dir, csvMapping: mapping });
    expect(again).toMatchObject({ read: 2, holdingsAttached: 2, itemsAttached: 2, skipped: 0 });
    expect((await copies('围城')).map((c) => [c.barcode, c.lib_code])).toEqual([
      ['C-1', 'MAIN'],
      ['C-2', 'MAIN'],
    ]);
    expect(await counted('围城')).toMatchObject({ physical_count: 2 });
  });

  it('keeps every record count equal to its items', async () => {
    await attachSerials();
    // In every institution the tests of this file imported into.
    const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM bib_record b WHERE true
      AND physical_count <> (SELECT count(*) FROM item i WHERE i.record_id = b.record_id)`.execute(t.db.kysely);
    expect(r.rows[0]!.n).toBe(0);
  });
});
