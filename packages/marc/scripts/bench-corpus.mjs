/**
 * The benchmark corpus: the real MARC21 files of ../shared/testdata, concatenated (001 rewritten
 * per copy) up to a number of records, as ISO 2709 and as MARCXML. Used by bench-read.mjs here
 * and by the repository's bench/ingest.mjs.
 */
import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MarcRecord, isControlField, readIso2709, writeIso2709 } from '../dist/index.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const catalog = resolve(repoRoot, '..', 'shared', 'testdata', 'catalog');
const sources = [
  'evergreen/jazz_1k.mrc',
  'evergreen/lul_fre_500.mrc',
  'evergreen/lul_fre_100.mrc',
  'evergreen/FSL.marc',
  'evergreen/nepali.marc',
  'lc-sru-mrrc-testbed/bibliographic/sample.mrc',
  'qa-catalogue/BooksAll.2014.part01-0001.mrc',
  'marc4j/pride-and-prejudice-fixed.mrc',
  'blacklight-marc/test_data.utf8.mrc',
];
/** Where the shared test catalogue is, and whether it is there. */
export const catalogDir = catalog;
export const hasCatalog = () => existsSync(catalog);

/** Splits a file into whole records (bytes up to and including each 0x1D). */
function records(bytes) {
  const out = [];
  let start = 0;
  for (let end = bytes.indexOf(0x1d); end !== -1; end = bytes.indexOf(0x1d, start)) {
    out.push(bytes.subarray(start, end + 1));
    start = end + 1;
    while (bytes[start] === 0x0a || bytes[start] === 0x0d) start += 1;
  }
  return out;
}

/** Item fields and the subfield holding their barcode (852/876/952 $p, 949/999 $i, ITM $9). */
const BARCODE_SUBFIELD = { 852: 'p', 876: 'p', 952: 'p', 949: 'i', 999: 'i', ITM: '9' };

/** A field of a copy: item barcodes get the copy's prefix, so copies of a record do not share items. */
function copyField(field, copy) {
  const code = BARCODE_SUBFIELD[field.tag];
  if (!code || isControlField(field)) return field;
  const subfields = field.subfields.map((s) => (s.code === code ? { ...s, value: `B${copy}-${s.value}` } : s));
  return { ...field, subfields };
}

/**
 * About `target` real records as one ISO 2709 byte array: the originals byte for byte (MARC-8
 * ones included), then copies with a unique 001 and their own item barcodes, written as UTF-8,
 * so every record is distinct, as in a real catalogue.
 */
export async function buildIsoCorpus(target) {
  const originals = sources.flatMap((file) => records(readFileSync(resolve(catalog, file))));
  const decoded = [];
  for await (const result of readIso2709(originals, { file: 'corpus' })) {
    if (result.ok && result.record) decoded.push(result.record);
  }
  const parts = originals.slice(0, target);
  for (let copy = 1; parts.length < target; copy += 1) {
    for (const [i, record] of decoded.entries()) {
      if (parts.length >= target) break;
      const fields = record.fields
        .filter((f) => !(isControlField(f) && (f.tag === '001' || f.tag === '003')))
        .map((f) => copyField(f, copy));
      parts.push(writeIso2709(new MarcRecord(record.leader, [{ tag: '001', value: `bench-${copy}-${i}` }, ...fields])));
    }
  }
  const iso = new Uint8Array(parts.reduce((sum, record) => sum + record.length, 0));
  let at = 0;
  for (const record of parts) {
    iso.set(record, at);
    at += record.length;
  }
  return { iso, base: originals.length, total: parts.length, sources: sources.length };
}

/** Splits bytes into 64 KiB chunks, as a file stream would deliver them. */
export function chunks(bytes) {
  const out = [];
  for (let i = 0; i < bytes.length; i += 65536) out.push(bytes.subarray(i, i + 65536));
  return out;
}

/** The records of an ISO 2709 corpus serialised as one MARCXML collection. */
export async function isoToMarcXml(iso) {
  const escape = (text) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<collection xmlns="http://www.loc.gov/MARC21/slim">\n'];
  for await (const result of readIso2709(chunks(iso), { file: 'bench.mrc' })) {
    if (!result.ok || !result.record) continue;
    parts.push(`<record><leader>${escape(result.record.leader)}</leader>`);
    for (const field of result.record.fields) {
      if ('value' in field) parts.push(`<controlfield tag="${field.tag}">${escape(field.value)}</controlfield>`);
      else {
        parts.push(`<datafield tag="${field.tag}" ind1="${escape(field.ind1)}" ind2="${escape(field.ind2)}">`);
        for (const subfield of field.subfields)
          parts.push(`<subfield code="${escape(subfield.code)}">${escape(subfield.value)}</subfield>`);
        parts.push('</datafield>');
      }
    }
    parts.push('</record>\n');
  }
  parts.push('</collection>\n');
  return new TextEncoder().encode(parts.join(''));
}
