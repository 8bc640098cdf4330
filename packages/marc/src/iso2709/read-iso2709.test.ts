import { describe, expect, it } from 'vitest';
import { MarcRecord } from '../model/marc-record.js';
import type { ReadOk, ReadReject, ReadResult } from '../model/read-result.js';
import { readIso2709 } from './read-iso2709.js';
import { buildIso2709, writeIso2709 } from './write-iso2709.js';

const encoder = new TextEncoder();
const bytes = (...parts: (string | number[] | Uint8Array)[]): Uint8Array => {
  const arrays = parts.map((part) => (typeof part === 'string' ? encoder.encode(part) : Uint8Array.from(part)));
  const out = new Uint8Array(arrays.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of arrays) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
const field = (tag: string, ...parts: (string | number[])[]): { tag: string; data: Uint8Array } => ({
  tag,
  data: bytes(...parts),
});
const sub = (code: string, value: string | number[]): (string | number[])[] => ['\u001f' + code, value];

/** GBK bytes of Chinese text (the table made by decoding every two-byte code once). */
let gbkTable: Map<string, number[]> | undefined;
function gbk(text: string): number[] {
  if (!gbkTable) {
    gbkTable = new Map();
    const decoder = new TextDecoder('gbk', { fatal: true });
    for (let lead = 0x81; lead <= 0xfe; lead++) {
      for (let trail = 0x40; trail <= 0xfe; trail++) {
        if (trail === 0x7f) continue;
        try {
          const char = decoder.decode(Uint8Array.of(lead, trail));
          if (!gbkTable.has(char)) gbkTable.set(char, [lead, trail]);
        } catch {
          // not a character
        }
      }
    }
  }
  return [...text].flatMap((char) => gbkTable!.get(char) ?? [...encoder.encode(char)]);
}

async function readAll(
  data: Uint8Array | Uint8Array[],
  options: { maxRecordBytes?: number } = {},
): Promise<ReadResult[]> {
  const results: ReadResult[] = [];
  for await (const result of readIso2709(Array.isArray(data) ? data : [data], { file: 'test.mrc', ...options }))
    results.push(result);
  return results;
}
const ok = (result: ReadResult | undefined): ReadOk => {
  if (!result?.ok) throw new Error(`expected a record, got ${result ? result.reason : 'nothing'}`);
  return result;
};
const rejected = (result: ReadResult | undefined): ReadReject => {
  if (!result || result.ok) throw new Error('expected a rejection');
  return result;
};

function book(id: string, title: string, leader09 = 'a'): Uint8Array {
  return buildIso2709(`00000nam ${leader09}2200000 a 4500`, [
    field('001', id),
    field('008', '970701s1906    fr            000 0 fre d'),
    field('245', '10', ...sub('a', title)),
  ]);
}

describe('readIso2709', () => {
  it('reads records split across arbitrary chunks, with byte offsets', async () => {
    const file = bytes(book('1', 'Premier'), book('2', 'Deuxième'));
    const chunks = [file.subarray(0, 7), file.subarray(7, 150), file.subarray(150)];
    const results = await readAll(chunks);
    expect(results.map((r) => ok(r).bib.title)).toEqual(['Premier', 'Deuxième']);
    expect(results[1]?.source.byteOffset).toBe(book('1', 'Premier').length);
  });

  it('skips line breaks between records', async () => {
    const results = await readAll(bytes(book('1', 'A'), '\n', book('2', 'B'), '\r\n'));
    expect(results.filter((r) => r.ok)).toHaveLength(2);
  });

  it('reports a truncated tail as a partial record with its offset', async () => {
    const whole = book('1', 'Complete');
    const partial = book('2', 'Cut off').subarray(0, 40);
    const results = await readAll(bytes(whole, partial));
    expect(results).toHaveLength(2);
    const tail = rejected(results[1]);
    expect(tail.reason).toMatch(/truncated file: the last 40 bytes \(from byte \d+\) are a partial record/);
    expect(tail.source.byteOffset).toBe(whole.length);
    expect(tail.raw).toHaveLength(40);
  });

  it('rejects a record over the size cap and goes on with the next', async () => {
    const results = await readAll(bytes(book('1', 'x'.repeat(500)), book('2', 'Small')), { maxRecordBytes: 200 });
    expect(rejected(results[0]).reason).toMatch(/over the 200-byte limit/);
    expect(ok(results[1]).bib.title).toBe('Small');
  });

  it('never trusts the leader length: a record longer than 99,999 bytes is read whole', async () => {
    const long = 'y'.repeat(9000);
    const fields = [field('001', 'big'), field('245', '10', ...sub('a', 'Big'))];
    for (let i = 0; i < 12; i += 1) fields.push(field('500', '  ', ...sub('a', long)));
    const record = buildIso2709('00000nam a2200000 a 4500', fields);
    record.set(encoder.encode('99999'), 0);
    const [result] = await readAll(record);
    expect(ok(result).bib.notes).toHaveLength(12);
  });

  it('recovers from a wrong base address and from directory lengths that disagree with the data', async () => {
    const record = book('1', 'Repaired');
    record.set(encoder.encode('00099'), 12);
    record.set(encoder.encode('0099'), 24 + 12 * 2 + 3);
    const result = ok((await readAll(record))[0]);
    expect(result.bib.title).toBe('Repaired');
    expect(result.warnings.join(' ')).toMatch(/base address/);
    expect(result.warnings.join(' ')).toMatch(/directory length/);
  });

  it('recovers fields by their terminators when directory positions are wrong but tags are readable', async () => {
    const record = book('1', 'Shifted');
    record.set(encoder.encode('00777'), 24 + 12 * 2 + 7);
    const result = ok((await readAll(record))[0]);
    expect(result.bib.title).toBe('Shifted');
    expect(result.warnings.join(' ')).toMatch(/recovered by their terminators/);
  });

  it('rejects a record whose directory cannot be read, then reads the next', async () => {
    const broken = book('1', 'Broken');
    broken.set(encoder.encode('2x5'), 24 + 3);
    const results = await readAll(bytes(broken, book('2', 'Fine')));
    expect(rejected(results[0]).reason).toMatch(/directory is unusable/);
    expect(ok(results[1]).bib.title).toBe('Fine');
  });

  it('decodes MARC-8 (blank leader/09) with diacritics in NFC', async () => {
    const record = buildIso2709('00000nam  2200000 a 4500', [
      field('245', '10', ...sub('a', ['L'.charCodeAt(0), 0xe2, 0x65, 0x74])),
    ]);
    const result = ok((await readAll(record))[0]);
    expect(result.record?.encoding).toBe('marc-8');
    expect(result.bib.title).toBe('Lét');
  });

  it('reads UTF-8 under a blank leader/09 as UTF-8, with a warning', async () => {
    const result = ok((await readAll(book('1', 'Люди с чистой совестью', ' ')))[0]);
    expect(result.record?.encoding).toBe('utf-8');
    expect(result.bib.title).toBe('Люди с чистой совестью');
    expect(result.warnings.join(' ')).toMatch(/leader\/09 says MARC-8 but the data is UTF-8/);
  });

  it('reads MARC-8 bytes under leader/09 "a" as MARC-8 when they decode cleanly', async () => {
    const record = buildIso2709('00000nam a2200000 a 4500', [
      field('020', '  ', ...sub('c', [0xb9, 0x30, 0x2e, 0x37, 0x35])),
    ]);
    const result = ok((await readAll(record))[0]);
    expect(result.record?.encoding).toBe('marc-8');
    expect(result.bib.price).toBe('£0.75');
  });

  it('rejects damaged UTF-8 under leader/09 "a" with the offset of the bad byte', async () => {
    const record = buildIso2709('00000nam a2200000 a 4500', [
      field('245', '10', ...sub('a', [...encoder.encode('Ж'), 0xff, 0x41])),
    ]);
    expect(rejected((await readAll(record))[0]).reason).toMatch(
      /not valid UTF-8 \(first at record offset \d+\): the record is damaged/,
    );
  });

  it('recognises Windows-1251 Cyrillic under a blank leader/09', async () => {
    const cp1251 = [0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x20, 0xec, 0xe8, 0xf0];
    const record = buildIso2709('00000nam  2200000 a 4500', [field('245', '10', ...sub('a', cp1251))]);
    const result = ok((await readAll(record))[0]);
    expect(result.record?.encoding).toBe('windows-1251');
    expect(result.bib.title).toBe('Привет мир');
  });

  it('reads 8-bit Chinese (GB18030/GBK) CNMARC and MARC21 records, whatever leader/09 says', async () => {
    const cnmarc = buildIso2709('00000nam0 2200000   450 ', [
      field('001', 'gbk1'),
      field('200', '1 ', ...sub('a', gbk('红楼梦')), ...sub('f', gbk('曹雪芹著')), ...sub('g', gbk('脂砚斋评'))),
      field('210', '  ', ...sub('a', gbk('北京')), ...sub('c', gbk('人民文学出版社')), ...sub('d', '1982')),
      field('606', '0 ', ...sub('a', gbk('章回小说')), ...sub('y', gbk('中国')), ...sub('z', gbk('清代'))),
      field('690', '  ', ...sub('a', 'I242.4'), ...sub('v', '5')),
    ]);
    const cn = ok((await readAll(cnmarc))[0]);
    expect(cn.record?.flavour).toBe('unimarc');
    expect(cn.record?.encoding).toBe('gb18030');
    expect(cn.bib.title).toBe('红楼梦');
    expect(cn.bib.publisher).toBe('人民文学出版社');
    expect(cn.bib.clc).toEqual(['I242.4']);
    expect(cn.warnings.join(' ')).toMatch(/GB18030/);
    for (const leader09 of [' ', 'a']) {
      const marc21 = buildIso2709(`00000nam ${leader09}2200000 a 4500`, [
        field('001', `gbk-${leader09}`),
        field('245', '10', ...sub('a', gbk('中国近代史')), ...sub('c', gbk('张海鹏主编'))),
      ]);
      const result = ok((await readAll(marc21))[0]);
      expect(result.record?.encoding).toBe('gb18030');
      expect(result.bib.title).toBe('中国近代史');
    }
  });

  it('keeps MARC-8 Latin diacritics and ISO 5426 UNIMARC apart from GB18030', async () => {
    // "Łódź", "Ørsted", "résumé" in MARC-8: spacing letters and combining marks before ASCII letters.
    const ansel = [
      0xa1, 0xe2, 0x6f, 0x64, 0xe2, 0x7a, 0x20, 0xa2, 0x72, 0x73, 0x74, 0x65, 0x64, 0x20, 0x72, 0xe2, 0x65, 0x73, 0x75,
      0x6d, 0xe2, 0x65,
    ];
    const marc8 = buildIso2709('00000nam  2200000 a 4500', [field('245', '10', ...sub('a', ansel))]);
    const latin = ok((await readAll(marc8))[0]);
    expect(latin.record?.encoding).toBe('marc-8');
    expect(latin.bib.title).toBe('Łódź Ørsted résumé');
    // Vietnamese in MARC-8: two stacked diacritics before a letter look like GB2312 pairs ("Tiếng Việt nến").
    const stacked = [
      0x54, 0x69, 0xe3, 0xe2, 0x65, 0x6e, 0x67, 0x20, 0x56, 0x69, 0xe3, 0xf2, 0x65, 0x74, 0x20, 0x6e, 0xe3, 0xe2, 0x65,
      0x6e,
    ];
    const vietnamese = ok(
      (await readAll(buildIso2709('00000nam  2200000 a 4500', [field('245', '10', ...sub('a', stacked))])))[0],
    );
    expect(vietnamese.record?.encoding).toBe('marc-8');
    expect(vietnamese.bib.title).toBe('Tiếng Việt nến');
    // ISO 5426 (European UNIMARC): 0xC2 is a combining acute before its letter.
    const iso5426 = buildIso2709('00000nam0 2200000   450 ', [
      field('200', '1 ', ...sub('a', [0x52, 0xc2, 0x65, 0x73, 0x75, 0x6d, 0xc2, 0x65])),
    ]);
    expect(rejected((await readAll(iso5426))[0]).reason).toMatch(/nor GB18030 \(GBK\) Chinese.*ISO 5426\/6937/);
  });

  it('detects UNIMARC per record, even next to MARC21 records', async () => {
    const unimarc = buildIso2709('00000nam0 2200000   450 ', [
      field('001', 'cn1'),
      field('010', '  ', ...sub('a', '7-5037-1744-0'), ...sub('d', 'CNY68.00')),
      field('100', '  ', ...sub('a', '20020204d1994    em y0chiy0120    ea')),
      field('101', '0 ', ...sub('a', 'chi')),
      field('200', '1 ', ...sub('a', '中国发展报告'), ...sub('f', '国家统计局编')),
      field('690', '  ', ...sub('a', 'F124'), ...sub('v', '4')),
    ]);
    const results = await readAll(bytes(book('1', 'MARC21'), unimarc));
    expect(ok(results[0]).record?.flavour).toBe('marc21');
    const cn = ok(results[1]);
    expect(cn.record?.flavour).toBe('unimarc');
    expect(cn.bib.title).toBe('中国发展报告');
    expect(cn.bib.clc).toEqual(['F124']);
    expect(cn.bib.isbns).toEqual(['9787503717444']);
    expect(cn.bib.language).toBe('chi');
  });

  it('round-trips a record through writeIso2709', async () => {
    const record = new MarcRecord('00000nam a2200000 a 4500', [
      { tag: '001', value: 'rt1' },
      { tag: '245', ind1: '1', ind2: '0', subfields: [{ code: 'a', value: 'Título' }] },
    ]);
    const result = ok((await readAll(writeIso2709(record)))[0]);
    expect(result.record?.toMarcJson().fields).toEqual(record.toMarcJson().fields);
  });

  it('writes the marc-in-json text exactly as JSON.stringify of the object form', () => {
    const record = new MarcRecord('00000nam a2200000 a 4500', [
      { tag: '001', value: 'q"1\\' },
      {
        tag: '245',
        ind1: '1',
        ind2: '0',
        subfields: [
          { code: 'a', value: '𠀀 "quoted" \\ back\nline' },
          { code: 'c', value: '' },
        ],
      },
      { tag: '500', ind1: ' ', ind2: ' ', subfields: [] },
      { tag: 'ITM', ind1: ' ', ind2: ' ', subfields: [{ code: '9', value: 'B1' }] },
    ]);
    expect(record.toMarcJsonText()).toBe(JSON.stringify(record.toMarcJson()));
    expect(new MarcRecord('00000nam a2200000 a 4500').toMarcJsonText()).toBe(
      JSON.stringify({ leader: '00000nam a2200000 a 4500', fields: [] }),
    );
  });
});
