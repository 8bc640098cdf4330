#!/usr/bin/env node
/**
 * Micro-benchmark of the readers on real records: the MARC21 ISO 2709 files of ../shared/testdata
 * are concatenated in memory (001 rewritten per copy) up to about 100,000 records, then read
 * (split + decode + map) as ISO 2709 and, converted once, as MARCXML.
 *
 * It measures the compiled package (what the import CLI runs), so build first:
 *
 *   npx tsc -b packages/marc && node packages/marc/scripts/bench-read.mjs [targetRecords]
 *   (or: npm run bench -w @openfind/marc)
 */
import { readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readIso2709, readMarcXml } from '../dist/index.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const catalog = resolve(repoRoot, '..', 'shared', 'testdata', 'catalog');
const target = Number(process.argv[2] ?? 100_000);
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
if (!existsSync(catalog)) {
  console.error(`no test data at ${catalog}`);
  process.exit(1);
}

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

/** Copies a record, writing `copy` (base 36) over the end of its 001 so that every copy is distinct. */
function rewrite001(record, copy) {
  const out = Uint8Array.from(record);
  const base = Number(new TextDecoder().decode(out.subarray(12, 17)));
  const directoryEnd = out.indexOf(0x1e, 24);
  for (let at = 24; at + 12 <= directoryEnd; at += 12) {
    if (out[at] !== 0x30 || out[at + 1] !== 0x30 || out[at + 2] !== 0x31) continue;
    const length = Number(new TextDecoder().decode(out.subarray(at + 3, at + 7)));
    const start = base + Number(new TextDecoder().decode(out.subarray(at + 7, at + 12)));
    const tag = copy.toString(36);
    if (length - 1 > tag.length) out.set(new TextEncoder().encode(tag), start + length - 1 - tag.length);
    break;
  }
  return out;
}

const base = sources.flatMap((file) => records(readFileSync(resolve(catalog, file))));
const copies = [];
let total = 0;
for (let copy = 0; total < target; copy += 1) {
  for (const record of base) {
    if (total >= target) break;
    copies.push(copy === 0 ? record : rewrite001(record, copy));
    total += 1;
  }
}
const iso = new Uint8Array(copies.reduce((sum, record) => sum + record.length, 0));
let at = 0;
for (const record of copies) {
  iso.set(record, at);
  at += record.length;
}
const chunks = (bytes) => {
  const out = [];
  for (let i = 0; i < bytes.length; i += 65536) out.push(bytes.subarray(i, i + 65536));
  return out;
};

async function measure(label, read) {
  const started = performance.now();
  let ok = 0;
  let rejected = 0;
  for await (const result of read()) {
    if (result.ok) ok += 1;
    else rejected += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${label}: ${ok + rejected} records (${rejected} rejected) in ${seconds.toFixed(2)} s = ${Math.round((ok + rejected) / seconds)} records/s`,
  );
  return { ok, rejected };
}

console.log(
  `${base.length} real MARC21 records from ${sources.length} files, ${total} in the bench (${(iso.length / 1048576).toFixed(1)} MiB ISO 2709)`,
);
await measure('ISO 2709 parse+decode+map', () => readIso2709(chunks(iso), { file: 'bench.mrc' }));

// MARCXML: the same records serialised once, then read back.
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
const xml = new TextEncoder().encode(parts.join(''));
console.log(`MARCXML: ${(xml.length / 1048576).toFixed(1)} MiB`);
await measure('MARCXML parse+map', () => readMarcXml(chunks(xml), { file: 'bench.xml' }));
