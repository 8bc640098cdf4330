import { describe, expect, it } from 'vitest';
import { readCsv } from '../csv/read-csv.js';
import { buildIso2709 } from '../iso2709/write-iso2709.js';
import { readIso2709 } from '../iso2709/read-iso2709.js';
import { readMarcJson } from '../json/read-marc-json.js';
import { readMarcXml } from '../xml/read-marcxml.js';
import { MAX_FIELD_BYTES, MAX_RECORD_BYTES, checkRecordSize } from './limits.js';
import type { ReadResult } from './read-result.js';

const encoder = new TextEncoder();

async function collect(results: AsyncIterable<ReadResult>): Promise<ReadResult[]> {
  const out: ReadResult[] = [];
  for await (const result of results) out.push(result);
  return out;
}

/** What a reader gave, shortly: the title of each record or the reason of each reject. */
const outline = (results: ReadResult[]): string[] =>
  results.map((result) => (result.ok ? `ok ${result.bib.title}` : `reject ${result.reason}`));

/** `total` characters of `unit` in pieces of 64 KiB, made as they are read (never one big string). */
function* repeated(unit: string, total: number): Generator<Uint8Array> {
  const piece = encoder.encode(unit.repeat(Math.ceil(65_536 / unit.length)));
  for (let left = total; left > 0; left -= piece.length) yield left >= piece.length ? piece : piece.subarray(0, left);
}

/** The heap's growth while `read` runs, sampled as the input is consumed. */
async function peakHeapGrowth(read: (sample: () => void) => Promise<void>): Promise<number> {
  globalThis.gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = 0;
  await read(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed - base);
  });
  return peak;
}

const xmlRecord = (title: string, extra = ''): string =>
  `<record><leader>00000nam a2200000 a 4500</leader><controlfield tag="001">${title}</controlfield><datafield tag="245" ind1="1" ind2="0"><subfield code="a">${title}</subfield></datafield>${extra}</record>`;

describe('field and record size limits', () => {
  it('checks a field against the field limit and the whole record against the record limit', () => {
    const field = (size: number) => ({
      tag: '505',
      ind1: '0',
      ind2: ' ',
      subfields: [{ code: 'a', value: 'x'.repeat(size) }],
    });
    // Indicators, "$a" and the terminator count, as in ISO 2709.
    expect(checkRecordSize([field(MAX_FIELD_BYTES - 5)])).toBeUndefined();
    expect(checkRecordSize([field(MAX_FIELD_BYTES - 4)])).toBe(
      `field 505 is ${MAX_FIELD_BYTES + 1} bytes, over the ${MAX_FIELD_BYTES}-byte field limit`,
    );
    // UTF-8 bytes, not characters: 12,000 Chinese characters are 36,000 bytes.
    expect(
      checkRecordSize([{ tag: '520', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: '中'.repeat(12_000) }] }]),
    ).toMatch(/^field 520 is 36005 bytes/);
    const many = Array.from({ length: 80 }, () => field(30_000));
    expect(checkRecordSize(many)).toMatch(
      new RegExp(`^record is \\d+ bytes, over the ${MAX_RECORD_BYTES}-byte record limit$`),
    );
  });

  it('MARCXML: a 100 MB field is rejected while streaming, without building it, and the records after it are read', async () => {
    const before = encoder.encode(
      `<?xml version="1.0"?><collection>${xmlRecord('One')}\n<record><leader>00000nam a2200000 a 4500</leader><datafield tag="245" ind1="1" ind2="0"><subfield code="a">Huge</subfield></datafield><datafield tag="505" ind1="0" ind2=" "><subfield code="a">`,
    );
    const after = encoder.encode(`&amp;end</subfield></datafield></record>\n${xmlRecord('Three')}</collection>`);
    let results: ReadResult[] = [];
    const growth = await peakHeapGrowth(async (sample) => {
      function* file(): Generator<Uint8Array> {
        yield before;
        for (const piece of repeated('Contents -- ', 100_000_000)) {
          sample();
          yield piece;
        }
        yield after;
      }
      results = await collect(readMarcXml(file(), { file: 'huge.xml' }));
    });
    expect(outline(results)).toEqual([
      'ok One',
      expect.stringMatching(
        /^reject <record> at line 2: field 505 is about 10000\d{4} bytes, over the 32768-byte field limit \(raw holds its first 4096 characters\)$/,
      ),
      'ok Three',
    ]);
    const reject = results[1];
    expect(reject?.ok === false && reject.raw.slice(0, 8)).toBe('<record>');
    expect(reject?.ok === false && reject.raw.length).toBe(4096);
    // A 100 MB string would be 100 MB of heap: the reader keeps a few hundred KiB.
    expect(growth).toBeLessThan(40_000_000);
  });

  it('MARCXML: a field of many subfields and a record of many fields are rejected as they grow', async () => {
    const subfields = '<subfield code="a">0123456789</subfield>'.repeat(4_000);
    const fields =
      `<datafield tag="974" ind1=" " ind2=" "><subfield code="a">${'y'.repeat(30_000)}</subfield></datafield>`.repeat(
        80,
      );
    const xml = `<collection>${xmlRecord('One', `<datafield tag="505" ind1="0" ind2=" ">${subfields}</datafield>`)}${xmlRecord('Two', fields)}${xmlRecord('Three')}</collection>`;
    const results = await collect(readMarcXml([encoder.encode(xml)], { file: 'big.xml' }));
    expect(outline(results)).toEqual([
      expect.stringMatching(
        /^reject <record> at line 1: field 505 is over 3\d{4} bytes, over the 32768-byte field limit/,
      ),
      expect.stringMatching(
        /^reject <record> at line 1: record is over 2\d{6} bytes, over the 2097152-byte record limit/,
      ),
      'ok Three',
    ]);
  });

  it('ISO 2709: a field over the limit (a repaired directory) is rejected with its size, the next record read', async () => {
    const field = (tag: string, text: string) => ({ tag, data: encoder.encode(text) });
    const record = (title: string, big = '') =>
      buildIso2709('00000nam a2200000 a 4500', [
        field('001', title),
        field('245', `10\u001fa${title}`),
        ...(big ? [field('505', `0 \u001fa${big}`)] : []),
      ]);
    // 40,000 bytes do not fit the directory's four length digits: the reader recovers the field by its terminator.
    const file = [record('One'), record('Two', 'z'.repeat(40_000)), record('Three')];
    const results = await collect(readIso2709(file, { file: 'big.mrc' }));
    expect(outline(results)).toEqual([
      'ok One',
      'reject field 505 is 40005 bytes, over the 32768-byte field limit',
      'ok Three',
    ]);
  });

  it('MARC-in-JSON: an over-long line is not built, a field over the limit is rejected, the other lines are read', async () => {
    const line = (title: string, note = '') =>
      JSON.stringify({
        leader: '00000nam a2200000 a 4500',
        fields: [
          { '001': title },
          { '245': { ind1: '1', ind2: '0', subfields: [{ a: title }] } },
          ...(note ? [{ '500': { ind1: ' ', ind2: ' ', subfields: [{ a: note }] } }] : []),
        ],
      });
    function* file(): Generator<Uint8Array> {
      yield encoder.encode(
        `${line('One')}\n${line('Two', 'n'.repeat(40_000))}\n{"leader":"00000nam a2200000 a 4500","fields":[{"500":"`,
      );
      yield* repeated('x', 20_000_000);
      yield encoder.encode(`"}]}\n${line('Four')}\n`);
    }
    const results = await collect(readMarcJson(file(), { file: 'big.json' }));
    expect(outline(results)).toEqual([
      'ok One',
      'reject field 500 is 40005 bytes, over the 32768-byte field limit',
      expect.stringMatching(
        /^reject line 3 is 20000\d{3} characters long, over the 4194304-character limit of one JSON record \(raw holds its first 4096\)$/,
      ),
      'ok Four',
    ]);
    const third = results[2];
    expect(third?.source).toMatchObject({ line: 3 });
    expect(results[3]?.source).toMatchObject({ line: 4 });
  });

  it('CSV: a cell over the field limit rejects its row, the other rows are read', async () => {
    const csv = `ID,Title,author\n1,First,A\n2,${'t'.repeat(40_000)},B\n3,Third,C\n`;
    const mapping = { columns: { id: 'ID', title: 'Title', authors: 'author' } };
    const results = await collect(readCsv([encoder.encode(csv)], { file: 'big.csv', mapping }));
    expect(outline(results)).toEqual([
      'ok First',
      'reject column 2 (Title) is 40000 bytes, over the 32768-byte field limit',
      'ok Third',
    ]);
  });
});
