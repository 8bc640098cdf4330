#!/usr/bin/env node
// Fails when the locale trees of the web app do not hold identical keys in every language.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve(process.argv[2] ?? 'apps/web/src/locales');
let langs;
try {
  langs = readdirSync(dir).filter((d) => statSync(path.join(dir, d)).isDirectory());
} catch {
  console.error(`check-locales: no locale folder at ${dir}`);
  process.exit(1);
}

function keysOf(lang) {
  const out = new Set();
  const walk = (obj, prefix) => {
    for (const [k, v] of Object.entries(obj)) {
      if (v && typeof v === 'object') walk(v, `${prefix}${k}.`);
      else out.add(prefix + k);
    }
  };
  for (const file of readdirSync(path.join(dir, lang)).filter((f) => f.endsWith('.json'))) {
    const ns = file.replace(/\.json$/, '');
    walk(JSON.parse(readFileSync(path.join(dir, lang, file), 'utf8')), `${ns}:`);
  }
  return out;
}

const sets = Object.fromEntries(langs.map((l) => [l, keysOf(l)]));
const all = new Set(Object.values(sets).flatMap((s) => [...s]));
let failed = false;
for (const lang of langs) {
  const missing = [...all].filter((k) => !sets[lang].has(k));
  if (missing.length) {
    failed = true;
    console.error(`check-locales: ${lang} lacks ${missing.length} key(s): ${missing.slice(0, 10).join(', ')}`);
  }
}
const expected = ['en-US', 'zh-CN', 'zh-TW'];
if (langs.sort().join() !== expected.join()) {
  failed = true;
  console.error(`check-locales: expected locales ${expected.join(', ')}, found ${langs.join(', ')}`);
}
if (failed) process.exit(1);
console.log(`check-locales: ${langs.length} languages, ${all.size} keys each`);
