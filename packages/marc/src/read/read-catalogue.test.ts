import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildIso2709 } from '../iso2709/write-iso2709.js';
import type { ReadResult } from '../model/read-result.js';
import { detectFormat } from './detect-format.js';
import { readCatalogue } from './read-catalogue.js';

const encoder = new TextEncoder();
const iso = buildIso2709('00000nam a2200000 a 4500', [
  { tag: '001', data: encoder.encode('1') },
  { tag: '245', data: encoder.encode('10\u001faTitle') },
]);
const xml = encoder.encode(
  '<?xml version="1.0"?><collection><record><datafield tag="245" ind1="1" ind2="0"><subfield code="a">Title</subfield></datafield></record></collection>',
);
const json = encoder.encode(
  JSON.stringify({
    leader: '00000nam a2200000 a 4500',
    fields: [{ '245': { ind1: '1', ind2: '0', subfields: [{ a: 'Title' }] } }],
  }),
);
const csv = encoder.encode('\uFEFFID,Title\n1,Title\n');

async function titles(bytes: Uint8Array, file: string): Promise<string[]> {
  const results: ReadResult[] = [];
  for await (const result of readCatalogue([bytes], { file })) results.push(result);
  return results.map((result) => (result.ok ? result.bib.title : `rejected: ${result.reason}`));
}

describe('readCatalogue', () => {
  it('detects each format from its content', () => {
    expect(detectFormat(iso)).toBe('iso2709');
    expect(detectFormat(xml)).toBe('marcxml');
    expect(detectFormat(json)).toBe('marc-json');
    expect(detectFormat(csv, 'books.csv')).toBe('csv');
    expect(detectFormat(gzipSync(xml))).toBe('gzip');
  });

  it('reads every format, gzip included, to the same title', async () => {
    expect(await titles(iso, 'a.mrc')).toEqual(['Title']);
    expect(await titles(xml, 'a.xml')).toEqual(['Title']);
    expect(await titles(json, 'a.json')).toEqual(['Title']);
    expect(await titles(csv, 'a.csv')).toEqual(['Title']);
    expect(await titles(gzipSync(xml), 'a.xml.gz')).toEqual(['Title']);
  });

  it('rejects a file it cannot recognise with one result', async () => {
    expect(await titles(encoder.encode('hello'), 'a.bin')).toEqual([
      'rejected: format not recognised: not ISO 2709, MARCXML, MARC-in-JSON or CSV',
    ]);
    expect(await titles(new Uint8Array(), 'empty.mrc')).toEqual(['rejected: file is empty']);
  });
});
