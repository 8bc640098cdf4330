#!/usr/bin/env node
// Measures the JavaScript the home route loads initially (gzip), from apps/web/dist/.vite/manifest.json:
// the entry and its static imports, plus what start-up fetches for the default language: the home screen,
// the zh-CN locale chunks (app texts but the lazily loaded namespaces, Ant Design, dayjs), each with their
// static imports.
// Usage: node scripts/web-bundle-size.mjs [--lang zh-CN] [--budget 200]   (after `vite build` in apps/web)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
};
const lang = option('lang', 'zh-CN');
const budgetKb = Number(option('budget', '200'));
const dist = new URL('../apps/web/dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

// Namespaces the app loads with their screens, not at start-up (apps/web/src/features/lang/namespaces.ts).
const namespacesTs = readFileSync(new URL('../apps/web/src/features/lang/namespaces.ts', import.meta.url), 'utf8');
const lazyNamespaces = [...(/LAZY_NAMESPACES = \[([^\]]*)\]/.exec(namespacesTs)?.[1] ?? '').matchAll(/'([^']+)'/g)].map(
  (m) => m[1],
);
const isLazyLocale = (key) => lazyNamespaces.some((ns) => key.endsWith(`src/locales/${lang}/${ns}.json`));

const antdLocale = { 'zh-CN': 'zh_CN', 'zh-TW': 'zh_TW', 'en-US': 'en_US' }[lang];
const dayjsLocale = { 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw', 'en-US': null }[lang];
const startupKeys = Object.keys(manifest).filter(
  (key) =>
    manifest[key].isEntry ||
    key.endsWith('src/features/home/pages/HomePage.tsx') ||
    (key.includes(`src/locales/${lang}/`) && !isLazyLocale(key)) ||
    key.endsWith(`antd/es/locale/${antdLocale}.js`) ||
    (dayjsLocale !== null && key.endsWith(`dayjs/locale/${dayjsLocale}.js`)),
);

const files = new Map();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.set(chunk.file, key);
  for (const imported of chunk.imports ?? []) visit(imported);
};
startupKeys.forEach(visit);

let total = 0;
const rows = [...files.keys()].map((file) => {
  const gz = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += gz;
  return { file, gz };
});
rows.sort((a, b) => b.gz - a.gz);
for (const { file, gz } of rows) console.log(`${(gz / 1024).toFixed(2).padStart(8)} kB  ${file}`);
const totalKb = total / 1024;
console.log(
  `${totalKb.toFixed(2).padStart(8)} kB  total JavaScript (gzip) for the home route, ${lang}; budget ${budgetKb} kB`,
);
if (totalKb > budgetKb) {
  console.error('over budget');
  process.exitCode = 1;
}
