import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, type SearchResponse } from '@openfind/contract';
import { buildIso2709 } from '@openfind/marc';
import { importFile } from '../src/modules/catalogue/import/import-file.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { TEMPLATE } from './search-fixtures.js';
import { clientOf, makeTenant } from './support/factories.js';
import { bookRecord, concat, marc21 } from './support/marc-fixtures.js';
import { tempDir } from './temp-dirs.js';

/**
 * Importing catalogue files (ISO 2709 MARC, CNMARC in GBK, MARCXML, CSV) into an institution: each
 * test imports into an institution of its own, with the demo institution's libraries and locations.
 */

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  dir = tempDir('openfind-import-');
});
afterAll(async () => t.close());

/** A new institution with the demo's libraries and locations (OFU, location 101…), empty. */
const newTenant = () => makeTenant(t, { libraries: 'demo' });

const rows = (sourceKeyPrefix: string, tenant: number) =>
  t.db.kysely
    .selectFrom('bib_record')
    .selectAll()
    .where('tenant_id', '=', tenant)
    .where('source_key', 'like', `${sourceKeyPrefix}%`)
    .orderBy('source_key')
    .execute();

/** The file hash the last import of `file` logged, and the file's own. */
async function loggedHash(file: string): Promise<{ logged: string | null; actual: string }> {
  const run = await t.db.kysely
    .selectFrom('import_run')
    .select('file_hash')
    .where('file_name', '=', path.basename(file))
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { logged: run.file_hash, actual: createHash('sha256').update(readFileSync(file)).digest('hex') };
}

describe('importing an ISO 2709 file', () => {
  let file: string;
  beforeAll(() => {
    const good = [bookRecord(1, { copies: 2 }), bookRecord(2, { title: '红楼梦' }), bookRecord(3, { copies: 0 })];
    const truncated = bookRecord(4).slice(0, 60); // a partial record at the end of the file
    file = path.join(dir, 'export.mrc');
    writeFileSync(file, concat([...good, truncated]));
  });

  /** An institution of its own with the demo's libraries and locations, and the file imported into it. */
  const importedInto = async () => {
    const { id } = await newTenant();
    return { id, first: await importFile({ db: t.db.kysely, tenantId: id, file, rejectDir: dir }) };
  };

  it('creates every whole record, with its items, and reports the partial one', async () => {
    const { id, first: r } = await importedInto();
    expect(r).toMatchObject({ read: 4, created: 3, updated: 0, unchanged: 0, skipped: 1 });
    const report = readFileSync(r.rejectReport!, 'utf8');
    expect(report).toMatch(/record 4, byte \d+: truncated/);
    expect(readFileSync(path.join(dir, 'export.mrc.rejects.mrc')).length).toBe(60);
    const recs = await rows('OpenFindTest', id);
    expect(recs.map((x) => [x.title, x.physical_count])).toEqual([
      ['计算机网络第1讲', 2],
      ['红楼梦', 1],
      ['计算机网络第3讲', 0],
    ]);
    const items = await t.db.kysely
      .selectFrom('item')
      .select(['barcode', 'call_no', 'location_id', 'lib_code', 'campus_id'])
      .where('record_id', '=', recs[0]!.record_id)
      .orderBy('barcode')
      .execute();
    expect(items).toEqual([
      { barcode: 'T1-0', call_no: 'TP393/1', location_id: '101', lib_code: 'OFU', campus_id: '1' },
      { barcode: 'T1-1', call_no: 'TP393/1', location_id: '101', lib_code: 'OFU', campus_id: '1' },
    ]);
    expect(recs[0]).toMatchObject({
      clc_classes: ['TP393'],
      publisher: '清华大学出版社',
      lang_code: 'chi',
      publish_year_int: 2019,
    });
  });

  it('changes nothing when the same file is imported again', async () => {
    const { id } = await importedInto();
    const r = await importFile({ db: t.db.kysely, tenantId: id, file, rejectDir: dir });
    expect(r).toMatchObject({ read: 4, created: 0, updated: 0, unchanged: 3, skipped: 1 });
    expect(await rows('OpenFindTest', id)).toHaveLength(3);
  });

  it('updates a record whose source changed, keeping its record id', async () => {
    const { id } = await importedInto();
    const before = (await rows('OpenFindTest', id))[1]!;
    const changed = path.join(dir, 'export-changed.mrc');
    writeFileSync(changed, concat([bookRecord(2, { title: '红楼梦（校注本）', copies: 3 })]));
    const r = await importFile({ db: t.db.kysely, tenantId: id, file: changed, rejectDir: dir });
    expect(r).toMatchObject({ created: 0, updated: 1 });
    const after = (await rows('OpenFindTest', id))[1]!;
    expect(after).toMatchObject({ record_id: before.record_id, title: '红楼梦（校注本）', physical_count: 3 });
  });

  it('keeps the rest of a file whose records are damaged, with a reason for each', async () => {
    const { id: tenantId } = await newTenant();
    const damaged = Buffer.from(bookRecord(10));
    damaged.write('xx', 24); // the directory no longer starts with a tag
    const badUtf8 = Buffer.from(
      marc21([
        ['001', 'bad1'],
        ['245', '10', [['a', 'x']]],
      ]),
    );
    badUtf8[badUtf8.length - 4] = 0xff; // invalid UTF-8 under leader/09 'a'
    const file2 = path.join(dir, 'mixed.mrc');
    writeFileSync(file2, concat([bookRecord(11), damaged, bookRecord(12), badUtf8]));
    const r = await importFile({ db: t.db.kysely, tenantId, file: file2, rejectDir: dir });
    expect(r.read).toBe(4);
    expect(r.created + r.skipped).toBe(4);
    expect(r.created).toBeGreaterThanOrEqual(2);
    const lines = readFileSync(r.rejectReport ?? path.join(dir, 'mixed.mrc.rejects.txt'), 'utf8');
    expect(lines.split('\n').filter((l) => /^record \d/.test(l))).toHaveLength(r.skipped);
  });
});

describe('the reader thread', () => {
  it('gives the same outcome as reading in the importing thread: records, items, rejects in file order', async () => {
    const { id: tenantId } = await newTenant();
    const damaged = Buffer.from(bookRecord(31));
    damaged.write('xx', 24); // repaired from the directory's structure
    const file3 = path.join(dir, 'threaded.mrc');
    writeFileSync(file3, concat([bookRecord(30, { copies: 2 }), damaged, bookRecord(32), bookRecord(33).slice(0, 40)]));
    const threaded = await importFile({
      db: t.db.kysely,
      tenantId,
      file: file3,
      rejectDir: dir,
      readerThread: true,
      batchSize: 1,
    });
    expect(threaded).toMatchObject({ read: 4, created: 3, updated: 0, unchanged: 0, skipped: 1 });
    const threadedHash = await loggedHash(file3);
    expect(threadedHash.logged).toBe(threadedHash.actual);
    const threadedReport = readFileSync(threaded.rejectReport!, 'utf8');
    expect(threadedReport).toMatch(/^record 4, byte \d+: truncated/);
    const stored = (await rows('OpenFindTest', tenantId)).map((r) => [r.title, r.physical_count]);
    expect(stored).toEqual(
      expect.arrayContaining([
        ['计算机网络第30讲', 2],
        ['计算机网络第32讲', 1],
      ]),
    );
    const inline = await importFile({ db: t.db.kysely, tenantId, file: file3, rejectDir: dir, readerThread: false });
    expect(inline).toMatchObject({ read: 4, created: 0, updated: 0, unchanged: 3, skipped: 1 });
    expect(readFileSync(inline.rejectReport!, 'utf8')).toBe(threadedReport);
    const inlineHash = await loggedHash(file3);
    expect(inlineHash.logged).toBe(inlineHash.actual);
  });
});

describe('several batches written at once', () => {
  it('ends as a one-at-a-time import would: the last occurrence of a source key wins, with its copies', async () => {
    const { id: tenantId } = await newTenant();
    // One record per batch and three writers: record 40 comes back in later batches with other
    // titles and copies (the same barcodes), so those batches must wait for the earlier ones.
    const file = path.join(dir, 'concurrent.mrc');
    writeFileSync(
      file,
      concat([
        bookRecord(40, { title: '甲', copies: 1 }),
        bookRecord(41, { title: '乙' }),
        bookRecord(40, { title: '丙', copies: 3 }),
        bookRecord(42, { title: '丁' }),
        bookRecord(40, { title: '戊', copies: 2 }),
        bookRecord(41, { title: '己', copies: 2 }),
        ...Array.from({ length: 12 }, (_, i) => bookRecord(43 + i)),
      ]),
    );
    const r = await importFile({ db: t.db.kysely, tenantId, file, rejectDir: dir, batchSize: 1, concurrentWrites: 3 });
    expect(r).toMatchObject({ read: 18, created: 15, updated: 3, unchanged: 0, skipped: 0 });
    const recs = await rows('OpenFindTest', tenantId);
    const byTitle = new Map(recs.map((x) => [x.title, x]));
    expect(byTitle.get('戊')).toMatchObject({ physical_count: 2 });
    expect(byTitle.get('己')).toMatchObject({ physical_count: 2 });
    expect(['甲', '乙', '丙'].filter((title) => byTitle.has(title))).toEqual([]);
    const items = await t.db.kysely
      .selectFrom('item')
      .select('barcode')
      .where('record_id', '=', byTitle.get('戊')!.record_id)
      .orderBy('barcode')
      .execute();
    expect(items.map((i) => i.barcode)).toEqual(['T40-0', 'T40-1']);
    const again = await importFile({
      db: t.db.kysely,
      tenantId,
      file,
      rejectDir: dir,
      batchSize: 1,
      concurrentWrites: 3,
    });
    // Again: each occurrence of 40 and 41 but the last rewrites the record, and the last puts it back.
    expect(again).toMatchObject({ read: 18, created: 0, updated: 5, unchanged: 13 });
    expect((await rows('OpenFindTest', tenantId)).filter((x) => x.title === '戊')).toHaveLength(1);
  });
});

describe('importing other formats', () => {
  it('imports CNMARC exported in GBK (GB18030) as Chinese text, searchable and kept for the MARC view', async () => {
    const lib = await newTenant();
    const tenantId = lib.id;
    // 200 $a 红楼梦 $f 曹雪芹著, 210 $a 北京 $c 人民文学出版社, 606 $a 章回小说, as a Chinese system exports them.
    const gbk = (hex: string) => Buffer.from(hex, 'hex');
    const sf = (code: string, value: Buffer | string) => [Buffer.from(`\u001f${code}`), Buffer.from(value)];
    const data = (ind: string, ...parts: Buffer[][]) => Buffer.concat([Buffer.from(ind), ...parts.flat()]);
    const record = buildIso2709('00000nam0 2200000   450 ', [
      { tag: '001', data: Buffer.from('gbk-0001') },
      { tag: '200', data: data('1 ', sf('a', gbk('baecc2a5c3ce')), sf('f', gbk('b2dcd1a9c7dbd6f8'))) },
      {
        tag: '210',
        data: data('  ', sf('a', gbk('b1b1bea9')), sf('c', gbk('c8cbc3f1cec4d1a7b3f6b0e6c9e7')), sf('d', '1982')),
      },
      { tag: '606', data: data('0 ', sf('a', gbk('d5c2bbd8d0a1cbb5'))) },
      { tag: '690', data: data('  ', sf('a', 'I242.4')) },
    ]);
    const file = path.join(dir, 'cnmarc-gbk.iso');
    writeFileSync(file, record);
    const r = await importFile({ db: t.db.kysely, tenantId, file, rejectDir: dir });
    expect(r).toMatchObject({ read: 1, created: 1, skipped: 0 });
    const rec = await t.db.kysely
      .selectFrom('bib_record')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('source_key', 'like', '%gbk-0001')
      .executeTakeFirst();
    expect(rec).toMatchObject({
      title: '红楼梦',
      publisher: '人民文学出版社',
      subjects: ['章回小说'],
      clc_classes: ['I242.4'],
    });
    expect(rec!.marc).toContain('曹雪芹著');
    const res = await clientOf(t, lib).post(ApiPath.search, { ...TEMPLATE, searchFieldContent: '红楼梦' });
    expect(res.statusCode, res.body).toBe(200);
    const found = envelopeOf<SearchResponse>(res);
    expect(found.success, found.message).toBe(true);
    expect(found.data.searchResult.map((x) => x.recordId)).toContain(rec!.record_id);
  });

  it('reads CSV with a column mapping', async () => {
    const { id: tenantId } = await newTenant();
    const file = path.join(dir, 'books.csv');
    writeFileSync(
      file,
      '\ufeff编号,书名,作者,出版社,出版年,ISBN\n' +
        'A1,三体,刘慈欣,重庆出版社,2008-1,9787536692930\n' +
        'A2,乡土中国,费孝通,北京大学出版社,2012,978-7-301-19831-5\n' +
        'A3,坏号,某人,某社,2010,978-7-301-19831-6\n',
    );
    const r = await importFile({
      db: t.db.kysely,
      tenantId,
      file,
      rejectDir: dir,
      csvMapping: {
        columns: { id: '编号', title: '书名', authors: '作者', publisher: '出版社', year: '出版年', isbn: 'ISBN' },
        agency: 'lib',
      },
    });
    expect(r).toMatchObject({ read: 3, created: 3, skipped: 0 });
    const recs = await t.db.kysely
      .selectFrom('bib_record')
      .select(['title', 'isbns', 'publish_year_int', 'source_format'])
      .where('tenant_id', '=', tenantId)
      .where('title', 'in', ['三体', '乡土中国'])
      .orderBy('title')
      .execute();
    expect(recs).toEqual([
      { title: '三体', isbns: ['9787536692930'], publish_year_int: 2008, source_format: 'csv' },
      { title: '乡土中国', isbns: ['9787301198315'], publish_year_int: 2012, source_format: 'csv' },
    ]);
    // A wrong check digit is kept aside, not indexed as an ISBN.
    const bad = await t.db.kysely
      .selectFrom('bib_record')
      .select(['isbns', 'invalid_isbns'])
      .where('tenant_id', '=', tenantId)
      .where('title', '=', '坏号')
      .executeTakeFirstOrThrow();
    expect(bad).toEqual({ isbns: [], invalid_isbns: ['9787301198316'] });
  });

  it('imports the records of a MARCXML file before a syntax fault and reports the fault', async () => {
    const { id: tenantId } = await newTenant();
    const file = path.join(dir, 'broken.xml');
    const rec = (id: string, title: string) =>
      `<record><leader>00000nam a2200000 a 4500</leader><controlfield tag="001">${id}</controlfield>` +
      `<controlfield tag="003">XmlTest</controlfield><datafield tag="245" ind1="1" ind2="0"><subfield code="a">${title}</subfield></datafield></record>`;
    writeFileSync(
      file,
      `<?xml version="1.0" encoding="UTF-8"?>\n<collection xmlns="http://www.loc.gov/MARC21/slim">\n${rec('x1', '中華書局 &#x4E00;')}\n${rec('x2', 'Second')}\n<record><datafield tag="245"><subfield code="a">oops</datafield>\n</collection>`,
    );
    const r = await importFile({ db: t.db.kysely, tenantId, file, rejectDir: dir });
    expect(r.created).toBe(2);
    expect(r.skipped).toBeGreaterThanOrEqual(1);
    expect(readFileSync(r.rejectReport!, 'utf8')).toMatch(/line \d+/);
    // The whole file's hash is logged, though reading stopped at the fault.
    const hashes = await loggedHash(file);
    expect(hashes.logged).toBe(hashes.actual);
    const first = await t.db.kysely
      .selectFrom('bib_record')
      .select('title')
      .where('tenant_id', '=', tenantId)
      .where('source_key', 'like', '%x1%')
      .executeTakeFirstOrThrow();
    expect(first.title).toBe('中華書局 一');
  });

  it('refuses a file that is no catalogue at all, naming why', async () => {
    const { id: tenantId } = await newTenant();
    const file = path.join(dir, 'notes.bin');
    writeFileSync(file, Buffer.from([0, 1, 2, 3, 4, 5, 0xff, 0xfe]));
    const r = await importFile({ db: t.db.kysely, tenantId, file, rejectDir: dir });
    expect(r).toMatchObject({ created: 0, skipped: 1 });
    expect(readFileSync(r.rejectReport!, 'utf8')).toMatch(/format not recognised/);
  });
});
