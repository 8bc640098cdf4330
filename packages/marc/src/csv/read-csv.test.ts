import { describe, expect, it } from 'vitest';
import type { ReadOk, ReadResult } from '../model/read-result.js';
import { parseCsvMapping } from './csv-mapping.js';
import type { CsvMapping } from './csv-mapping.js';
import { readCsv } from './read-csv.js';

async function readText(text: string, mapping?: CsvMapping): Promise<ReadResult[]> {
  const results: ReadResult[] = [];
  const bytes = new TextEncoder().encode(text);
  for await (const result of readCsv([bytes.subarray(0, 30), bytes.subarray(30)], {
    file: 'books.csv',
    ...(mapping && { mapping }),
  })) {
    results.push(result);
  }
  return results;
}
const ok = (result: ReadResult | undefined): ReadOk => {
  if (!result?.ok) throw new Error(`expected a record, got ${result ? result.reason : 'nothing'}`);
  return result;
};

const header =
  'ID,Rating,Votes,Title,author,publisher,pub_year,pages,price,binding,isbn,original_title,translator,subtitle,series,crawl_status';

async function readBytes(chunks: Uint8Array[], mapping?: CsvMapping): Promise<ReadResult[]> {
  const results: ReadResult[] = [];
  for await (const result of readCsv(chunks, { file: 'books.csv', ...(mapping && { mapping }) })) results.push(result);
  return results;
}

/** Cuts bytes into chunks of `size`. */
const chunked = (bytes: Uint8Array, size: number): Uint8Array[] =>
  Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));

describe('readCsv: the encoding of a file whose mapping names none', () => {
  // 书名,作者,ISBN / 红楼梦,曹雪芹,7020002207 / 乡土中国,费孝通,9787301198315 in GBK, as Excel saves them on Chinese Windows.
  const gbkHeader = Buffer.from('cae9c3fb2cd7f7d5df2c4953424e0a', 'hex');
  const gbkRows = [
    Buffer.from('baecc2a5c3ce2cb2dcd1a9c7db2c373032303030323230370a', 'hex'),
    Buffer.from('cfe7cdc1d6d0b9fa2cb7d1d0a2cda82c393738373330313139383331350a', 'hex'),
  ];
  const mapping = parseCsvMapping({ columns: { title: '书名', authors: '作者', isbn: 'ISBN' } });
  if (typeof mapping === 'string') throw new Error(mapping);

  it('reads GBK Chinese as such, and says so on the first record', async () => {
    const results = await readBytes(chunked(Buffer.concat([gbkHeader, ...gbkRows]), 7), mapping);
    expect(results.map((r) => ok(r).bib.title)).toEqual(['红楼梦', '乡土中国']);
    expect(ok(results[1]).bib.authors.map((a) => a.name)).toEqual(['费孝通']);
    expect(ok(results[0]).warnings.join(' ')).toMatch(/not UTF-8: read as GB18030/);
    expect(ok(results[1]).warnings).toEqual([]);
  });

  it('judges a large file by its first 64 KiB, whole lines only, in either encoding', async () => {
    // A header 30 bytes long puts the 65,536th byte inside the first character of a row (红).
    const longHeader = Buffer.concat([gbkHeader.subarray(0, -1), Buffer.from(',comment1234567\n')]);
    const rows = Array.from({ length: 3000 }, (_, i) => gbkRows[i % 2]!);
    expect((65_536 - longHeader.length) % (gbkRows[0]!.length + gbkRows[1]!.length)).toBe(1);
    const manyGbk = Buffer.concat([longHeader, ...rows]);
    const gbk = await readBytes(chunked(manyGbk, 1000), mapping);
    expect(gbk).toHaveLength(3000);
    expect(ok(gbk[2999]).bib.title).toBe('乡土中国');
    // UTF-8 whose 64 KiB sample ends inside a character is still UTF-8.
    const utf8 = new TextEncoder().encode('书名,作者,ISBN\n' + '红楼梦,曹雪芹,7020002207\n'.repeat(3000));
    const read = await readBytes(chunked(utf8, 999), mapping);
    expect(read).toHaveLength(3000);
    expect(ok(read[0]).bib.title).toBe('红楼梦');
    expect(ok(read[0]).warnings.join(' ')).not.toMatch(/GB18030/);
  });

  it('keeps the encoding a mapping names', async () => {
    const named = parseCsvMapping({ columns: { title: '书名' }, encoding: 'utf-8' });
    if (typeof named === 'string') throw new Error(named);
    const results = await readBytes([Buffer.concat([gbkHeader, ...gbkRows])], named);
    // Read as UTF-8, the GBK header has no 书名 column: the file is refused, as the mapping asked.
    expect(results[0]?.ok).toBe(false);
  });
});

describe('readCsv: an items file (one copy a row)', () => {
  it('checks an items mapping: its own fields, a record column required', () => {
    expect(parseCsvMapping({ kind: 'items', columns: { barcode: 'b' } })).toBe(
      'mapping must name a column for "record"',
    );
    expect(parseCsvMapping({ kind: 'items', columns: { record: 'r', title: 't' } })).toMatch(
      /unknown target field "title" \(known: record, barcode, callNumber/,
    );
    expect(parseCsvMapping({ kind: 'copies', columns: {} })).toBe('"kind" must be "records" or "items"');
  });

  it('reads each row as a holdings record of one copy, named by its barcode', async () => {
    const mapping = parseCsvMapping({
      kind: 'items',
      columns: { record: 'bib', barcode: 'barcode', callNumber: 'callno', location: 'loc', volume: 'vol' },
    });
    if (typeof mapping === 'string') throw new Error(mapping);
    const results = await readText(
      'bib,barcode,callno,loc,vol\nb1,X1,TP3/1,Stacks,v.2\nb1,,TP3/1,Stacks,v.3\n,X3,,,\nb2,,,,v.1\n',
      mapping,
    );
    const first = ok(results[0]).bib;
    expect(first).toMatchObject({ recordKind: 'holdings', linkedRecordId: 'b1', identity: { key: 'item:X1' } });
    expect(first.holdings).toEqual([{ barcode: 'X1', callNumber: 'TP3/1', location: 'Stacks', volume: 'v.2' }]);
    // Without a barcode, a copy is known by its record, call number, volume and place.
    expect(ok(results[1]).bib.identity.key).toBe('item:b1|TP3/1|v.3||Stacks');
    expect(results[2]).toMatchObject({ ok: false, reason: 'copy X3 names no record' });
    expect(results[3]).toMatchObject({
      ok: false,
      reason: 'copy of record b2 has no barcode, call number, library or location',
    });
  });
});

describe('readCsv (Douban shape)', () => {
  it('reads a BOM-prefixed row: entities, nationality prefixes, translators, ISBN as text', async () => {
    const csv = `\uFEFF${header}\n1770782,8.9,1,追风筝的人 &#39;新版&#39;,[美] 卡勒德·胡赛尼 / 李四 著,上海人民出版社,2006-5,531；706,29.00元,平装,9787208061644.0,The Kite Runner,李继宏,,卡勒德·胡赛尼作品,success\n`;
    const bib = ok((await readText(csv))[0]).bib;
    expect(bib.title).toBe("追风筝的人 '新版'");
    expect(bib.identity.key).toBe('douban:1770782');
    expect(bib.authors).toEqual([
      { name: '卡勒德·胡赛尼', kind: 'personal', isMain: true, nationality: '美' },
      { name: '李四', kind: 'personal', isMain: true, roles: ['著'] },
      { name: '李继宏', kind: 'personal', isMain: false, roles: ['译'] },
    ]);
    expect(bib.isbns).toEqual(['9787208061644']);
    expect(bib.year).toBe(2006);
    expect(bib.yearRaw).toBe('2006-5');
    expect(bib.price).toBe('29.00元');
    expect(bib.physicalDescription).toBe('531; 706页 ; 平装');
    expect(bib.language).toBe('chi');
    expect(bib.otherTitles).toEqual(['The Kite Runner']);
  });

  it('keeps a row with only an id and a title, with a warning; rejects a row without a title', async () => {
    const csv = `${header}\n20427187,8.8,1,看见,,,,,,,,,,,,fail\n1,,,,,,,,,,,,,,,success\n`;
    const results = await readText(csv);
    expect(ok(results[0]).warnings).toEqual(['row has only an id and a title (its status is "fail")']);
    expect(results[1]?.ok).toBe(false);
    expect(results[1] && !results[1].ok && results[1].reason).toBe('row 1 has no title');
  });

  it('reads other shapes through a mapping file (TSV, column indexes)', async () => {
    const mapping = parseCsvMapping({ columns: { title: 0, isbn: 'ISBN', clc: 'class' }, delimiter: '\t' });
    if (typeof mapping === 'string') throw new Error(mapping);
    const bib = ok((await readText('Title\tISBN\tclass\n三体\t7536692935\tI247.5\n', mapping))[0]).bib;
    expect(bib.isbns).toEqual(['9787536692930']);
    expect(bib.clc).toEqual(['I247.5']);
  });

  it('explains a bad mapping file and a header that lacks a mapped column', async () => {
    expect(parseCsvMapping({ columns: { name: 'x' } })).toMatch(/unknown target field "name"/);
    expect(parseCsvMapping({ columns: { isbn: 'x' } })).toBe('mapping must name a column for "title"');
    const results = await readText('Name,Other\nx,y\n');
    expect(results).toHaveLength(1);
    expect(results[0] && !results[0].ok && results[0].reason).toMatch(/CSV header lacks the title column/);
    const partial = await readText('ID,Title\n1,Only\n');
    expect(ok(partial[0]).warnings[0]).toMatch(/lacks the mapped column\(s\) authors → "author"/);
  });
});
