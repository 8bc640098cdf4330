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
import { readIso2709, readMarcXml } from '../dist/index.js';
import { buildIsoCorpus, catalogDir, chunks, hasCatalog, isoToMarcXml } from './bench-corpus.mjs';

const target = Number(process.argv[2] ?? 100_000);
if (!hasCatalog()) {
  console.error(`no test data at ${catalogDir}`);
  process.exit(1);
}
const { iso, base, total, sources } = await buildIsoCorpus(target);

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
  `${base} real MARC21 records from ${sources} files, ${total} in the bench (${(iso.length / 1048576).toFixed(1)} MiB ISO 2709)`,
);
await measure('ISO 2709 parse+decode+map', () => readIso2709(chunks(iso), { file: 'bench.mrc' }));

// MARCXML: the same records serialised once, then read back.
const xml = await isoToMarcXml(iso);
console.log(`MARCXML: ${(xml.length / 1048576).toFixed(1)} MiB`);
await measure('MARCXML parse+map', () => readMarcXml(chunks(xml), { file: 'bench.xml' }));
