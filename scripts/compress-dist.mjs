#!/usr/bin/env node
// Writes .br and .gz beside every text asset of the web build, so the server sends compressed
// files without compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'apps/web/dist');
const TEXT = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;
let files = 0;
let before = 0;
let after = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (TEXT.test(name)) {
      const data = readFileSync(file);
      if (data.length < 1024) continue;
      const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      files++;
      before += data.length;
      after += br.length;
    }
  }
}
walk(root);
console.log(
  `compress-dist: ${files} files, ${(before / 1024).toFixed(0)} KiB -> ${(after / 1024).toFixed(0)} KiB brotli`,
);
