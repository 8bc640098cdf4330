#!/usr/bin/env node
// The JavaScript each kind of screen loads before it can show itself (gzip), from
// apps/web/dist/.vite/manifest.json, against a budget per route: the entry and its static imports,
// the language's start-up texts, the screen's chunk, and for screens that use Ant Design its
// provider, component locale and dayjs (lib/antd) — each with their static imports. The home route's
// budget is the one most readers meet first on a phone (issue 31: 150 kB); the others keep new
// screens from pushing the shell back up.
// Usage: node scripts/web-bundle-size.mjs [--lang zh-CN] [--route home] [--verbose]   (after `vite build`)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    lang: { type: 'string', default: 'zh-CN' },
    route: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});
const { lang } = args;

/**
 * Routes: the screen module, whether it needs Ant Design to show itself (the results and record pages
 * paint first and load their Ant Design parts after: not counted), the lazily loaded text namespaces
 * it brings, its budget in kB.
 */
export const ROUTES = [
  {
    route: 'home',
    screen: 'src/features/home/pages/HomePage.tsx',
    // The lists below the search box load as a chunk of their own, right after the page: a phone
    // downloads them on every visit, so they count (as e2e/route-budgets.spec.ts counts them).
    also: ['src/features/home/components/lists/HomeLists.tsx'],
    antd: false,
    budget: 150,
  },
  { route: 'results', screen: 'src/features/search/pages/SearchResultsPage.tsx', antd: false, budget: 155 },
  { route: 'record', screen: 'src/features/record/pages/RecordPage.tsx', antd: false, budget: 155, ns: ['record'] },
  { route: 'advanced', screen: 'src/features/search/pages/AdvancedSearchPage.tsx', antd: true, budget: 285 },
  { route: 'list', screen: 'src/features/lists/pages/ListPage.tsx', antd: true, budget: 285 },
  { route: 'login', screen: 'src/features/auth/pages/LoginPage.tsx', antd: true, budget: 335, ns: ['auth'] },
  {
    route: 'account',
    screen: 'src/features/account/pages/AccountPage.tsx',
    antd: true,
    budget: 225,
    ns: ['auth', 'account'],
  },
];

const dist = new URL('../apps/web/dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

// Namespaces the app loads with their screens, not at start-up (apps/web/src/features/lang/namespaces.ts).
// Comments are dropped first: an apostrophe in one would pair the quotes wrongly.
const namespacesTs = readFileSync(new URL('../apps/web/src/features/lang/namespaces.ts', import.meta.url), 'utf8')
  .replace(/\/\*[\s\S]*?\*\//g, '')
  .replace(/\/\/.*$/gm, '');
const lazyNamespaces = [...(/LAZY_NAMESPACES = \[([^\]]*)\]/.exec(namespacesTs)?.[1] ?? '').matchAll(/'([^']+)'/g)].map(
  (m) => m[1],
);
const localeKey = (ns) => `src/locales/${lang}/${ns}.json`;
const isStartupLocale = (key) =>
  key.includes(`src/locales/${lang}/`) && !lazyNamespaces.some((ns) => key.endsWith(localeKey(ns)));

const antdLocale = { 'zh-CN': 'zh_CN', 'zh-TW': 'zh_TW', 'en-US': 'en_US' }[lang];
const dayjsLocale = { 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw', 'en-US': null }[lang];
const isAntdPart = (key) =>
  key.endsWith('src/lib/antd/AntdProvider.tsx') ||
  key.endsWith(`antd/es/locale/${antdLocale}.js`) ||
  /node_modules\/dayjs\/dayjs\.min\.js$/.test(key) ||
  (dayjsLocale !== null && key.endsWith(`dayjs/locale/${dayjsLocale}.js`));

const gzCache = new Map();
const gz = (file) => {
  if (!gzCache.has(file)) gzCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzCache.get(file);
};

function measure({ screen, also = [], antd, ns = [] }) {
  const keys = Object.keys(manifest).filter(
    (key) =>
      manifest[key].isEntry ||
      key.endsWith(screen) ||
      also.some((a) => key.endsWith(a)) ||
      isStartupLocale(key) ||
      ns.some((n) => key.endsWith(localeKey(n))) ||
      (antd && isAntdPart(key)),
  );
  for (const module of [screen, ...also])
    if (!keys.some((k) => k.endsWith(module))) throw new Error(`${module} is not in the build's manifest`);
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files].map((file) => ({ file, gz: gz(file) })).sort((a, b) => b.gz - a.gz);
}

let over = 0;
for (const route of ROUTES.filter((r) => !args.route || r.route === args.route)) {
  const files = measure(route);
  const kb = files.reduce((sum, f) => sum + f.gz, 0) / 1024;
  if (args.verbose) for (const f of files) console.log(`${(f.gz / 1024).toFixed(2).padStart(8)} kB  ${f.file}`);
  const ok = kb <= route.budget;
  if (!ok) over++;
  console.log(
    `${kb.toFixed(2).padStart(8)} kB  ${route.route.padEnd(9)} ${String(files.length).padStart(3)} files, ${lang}; ` +
      `budget ${route.budget} kB${ok ? '' : '  OVER BUDGET'}`,
  );
}
if (over) {
  console.error(`${over} route(s) over budget`);
  process.exitCode = 1;
}

// The files the server names for preloading (route-preloads.json) must all be in the build: a name of
// a chunk the build dropped would be a 404 on every page of that route.
const preloads = JSON.parse(readFileSync(join(dist, 'route-preloads.json'), 'utf8'));
const named = new Set([
  ...preloads.routes.flatMap((r) => [...r.files, ...Object.values(r.byLang).flat()]),
  ...Object.values(preloads.startup).flat(),
]);
const missing = [...named].filter((f) => {
  try {
    readFileSync(join(dist, f));
    return false;
  } catch {
    return true;
  }
});
console.log(
  `route-preloads.json: ${preloads.routes.length} routes, ${named.size} files${missing.length ? `, MISSING ${missing.join(', ')}` : ''}`,
);
if (missing.length) process.exitCode = 1;
