#!/usr/bin/env node
// Search benchmark: prepares N demo records (the CLI seed) in a PGlite data folder or a
// PostgreSQL database (reused when it already holds them), starts the built server, and sends a
// fixed mixed set of searches (common and rare terms, Chinese, Latin, pinyin, scopes, filters,
// sorts, deep pages, browsing) over HTTP at a given concurrency, facets included. By default each
// search is sent as the web app sends it: its page (`facet: '0'`) and its facet counts
// (`facet: 'only'`) side by side (`--facets split`; the server answers pages first); the figures
// are then given for the page, the facets and both (`ALL`: the later of the two), and the target is
// checked on the page. `--facets inline` asks for both in one request, `none` for the page alone.
// Prints p50/p95/p99 and queries/s for two phases:
//   cold   every distinct search once (nothing cached: each one is computed by the database);
//   mixed  searches drawn with a Zipf distribution (popular ones repeat, as in real traffic), so
//          the result cache (one minute, renewed in the background) plays its part.
//
// Usage: node bench/search.mjs [--records 100000] [--data-dir DIR | --database-url URL]
//          [--concurrency 4] [--duration 60] [--facets inline|split|none] [--port N] [--profile DIR]
//          [--slowest N]  (how many of the slowest cold searches to list; 8)
//          --profile DIR: the server's CPU profile, the phases' start and each cold search's time span
//          (cold-searches.json, ms after the server started) to cut it by search
//          [--workers N]  (server processes sharing the port, PostgreSQL only; 1)
// Build first: npx tsc -b
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SEARCH_REQUEST_TEMPLATE } from '../packages/contract/dist/index.js';

const { values: args } = parseArgs({
  options: {
    records: { type: 'string', default: '100000' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    concurrency: { type: 'string', default: '4' },
    duration: { type: 'string', default: '60' },
    facets: { type: 'string', default: 'split' },
    port: { type: 'string', default: String(3900 + Math.floor(Math.random() * 900)) },
    profile: { type: 'string' },
    slowest: { type: 'string', default: '8' },
    workers: { type: 'string', default: '1' },
  },
});
const records = Number(args.records);
const concurrency = Number(args.concurrency);
const duration = Number(args.duration) * 1000;
const port = Number(args.port);
const root = fileURLToPath(new URL('..', import.meta.url));
const cli = path.join(root, 'apps/server/dist/cli.js');
if (!existsSync(cli)) throw new Error('build first: npx tsc -b');
const { makeIsbn13 } = await import(path.join(root, 'apps/server/dist/seed/demo-catalogue.js'));

const engine = args['database-url'] ? 'postgres' : 'pglite';
const dataDir = path.resolve(args['data-dir'] ?? path.join(root, 'data', `bench-search-${records}`));
const env = { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production', WORKERS: args.workers };
if (engine === 'postgres') {
  env.DATABASE_URL = args['database-url'];
  delete env.DATA_DIR;
} else {
  env.DATA_DIR = dataDir;
  delete env.DATABASE_URL;
}

/** Runs the CLI and waits for it. */
function runCli(argv) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [cli, ...argv], { env, stdio: ['ignore', 'inherit', 'inherit'] });
    p.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`openfind ${argv.join(' ')} exited with ${code}`)),
    );
  });
}

/** Seeds N demo records unless the data is already there. */
async function prepare() {
  if (engine === 'pglite') {
    const marker = path.join(dataDir, '.bench-records');
    if (existsSync(marker) && Number(readFileSync(marker, 'utf8')) >= records) return;
    console.log(`seeding ${records} demo records into ${dataDir} …`);
    await runCli(['seed', '--demo', '--records', String(records)]);
    writeFileSync(marker, String(records));
    return;
  }
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  let have = 0;
  try {
    // The server settings that matter most to these figures.
    const settings = await client.query(
      `SELECT name, setting, unit FROM pg_settings WHERE name IN ('shared_buffers', 'autovacuum') ORDER BY name`,
    );
    const size = (r) => (r.unit === '8kB' ? `${(Number(r.setting) * 8) / 1024} MB` : `${r.setting}${r.unit ?? ''}`);
    console.log(`PostgreSQL server: ${settings.rows.map((r) => `${r.name} ${size(r)}`).join(', ')}`);
    have = Number((await client.query('SELECT count(*) FROM bib_record')).rows[0].count);
  } catch {
    have = 0;
  } finally {
    await client.end();
  }
  if (have >= records) return;
  console.log(`seeding ${records} demo records into the PostgreSQL database (it has ${have}) …`);
  await runCli(['seed', '--demo', '--records', String(records)]);
}

/** When the server was started, so that a profile's phases can be found (`sinceStart`). */
let serverStarted = 0;
const sinceStart = () => `${((performance.now() - serverStarted) / 1000).toFixed(1)} s after the server started`;

/** Starts the server and resolves when it answers. */
async function startServer() {
  // --profile DIR: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : [];
  serverStarted = performance.now();
  const server = spawn(process.execPath, [...profile, cli, 'serve', '--port', String(port)], {
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start in 30 min')), 30 * 60_000);
    server.stdout.on('data', (d) => {
      if (String(d).includes('OpenFind is ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return server;
}

const TEMPLATE = SEARCH_REQUEST_TEMPLATE;

/** The fixed query set: [category, body]. */
function querySet() {
  const common = ['中国', '研究', '教程', '管理', '基础', '计算机', '数学', '历史', '医学', '英语', '设计', '原理'];
  const medium = [
    '计算机网络',
    '数据结构',
    '人工智能',
    '机器学习',
    '线性代数',
    '量子力学',
    '会计学',
    '国际金融',
    '文献检索',
    '中国近代史',
    '宋代文化史',
    '民法学',
    '书法艺术',
    '生态学',
    '概率论与数理统计',
    '操作系统',
    '信息资源管理',
    '英汉翻译教程',
  ];
  const rare = [
    '红楼梦',
    '三国演义',
    '万历十五年',
    '乡土中国',
    '平凡的世界',
    '白鹿原',
    '骆驼祥子',
    '中国哲学简史',
    '论语译注',
    '人类简史',
    '三体',
    '围城',
    '边城',
    '吾輩は猫である',
    'Война и мир',
  ];
  const multi = [
    '计算机 网络',
    '数据库 系统',
    '中国 历史 研究',
    'python 程序设计',
    '机器学习 实践',
    '高等数学 习题集',
    '管理学 案例分析',
    '"数据结构"',
  ];
  const latin = [
    'algorithms',
    'database',
    'introduction to algorithms',
    'programming language',
    'python',
    'oxford',
    'penguin',
    'system concepts',
  ];
  const pinyin = ['hongloumeng', 'hlm', 'sanguoyanyi', 'jisuanjiwangluo', 'sjjg', 'rengongzhineng'];
  const trad = ['紅樓夢', '計算機網絡', '中國歷史', '資料庫', '機器學習'];
  const zero = ['algoritms', 'databse', '红楼孟', 'xyzzyq'];
  const variants = [
    { docCode: ['1'] },
    { libCode: ['OFU'] },
    { publishBegin: '2010', publishEnd: '2020' },
    { onlyOnShelf: true },
    { kindNo: ['TP'] },
    { libCode: ['OFU'], docCode: ['1', '2'] },
    { sortField: 'publishYear', sortClause: 'desc' },
    { sortField: 'title', sortClause: 'asc' },
    { sortField: 'inDate', sortClause: 'desc' },
    { page: 3 },
    { page: 20, rows: 20 },
    { page: 500, rows: 20 },
  ];
  const set = [];
  for (const q of common) set.push(['common', { searchFieldContent: q }]);
  for (const q of medium) set.push(['medium', { searchFieldContent: q }]);
  for (const q of rare) set.push(['rare', { searchFieldContent: q }]);
  for (const q of multi) set.push(['multi-word', { searchFieldContent: q }]);
  for (const q of latin) set.push(['latin', { searchFieldContent: q }]);
  for (const q of pinyin) set.push(['pinyin', { searchFieldContent: q }]);
  for (const q of trad) set.push(['traditional', { searchFieldContent: q }]);
  for (const q of zero) set.push(['zero-hit', { searchFieldContent: q }]);
  [...common, ...medium].forEach((q, i) => {
    const v = variants[i % variants.length];
    const category = v.page ? 'deep-page' : v.sortField ? 'sorted' : 'filtered';
    set.push([category, { searchFieldContent: q, ...v }]);
    const w = variants[(i + 5) % variants.length];
    set.push([w.page ? 'deep-page' : w.sortField ? 'sorted' : 'filtered', { searchFieldContent: q, ...w }]);
  });
  for (const [field, q] of [
    ['title', '数据结构'],
    ['title', '红楼梦'],
    ['author', '曹雪芹'],
    ['author', '王伟'],
    ['subject', '教材'],
    ['publisher', '中华书局'],
    ['kindNo', 'TP3'],
    ['callNo', 'I24'],
    ['isbn', makeIsbn13('7-302', 10_000 + 5000)],
    ['isbn', makeIsbn13('7-111', 10_000 + 777)],
  ]) {
    set.push(['scope', { searchField: field, searchFieldContent: q }]);
  }
  for (const b of [
    { kindNo: ['I'] },
    { docCode: ['2'] },
    { libCode: ['OFU-MED'], sortField: 'inDate', sortClause: 'desc' },
    { kindNo: ['K2'], publishBegin: 2000 },
  ]) {
    set.push(['browse', b]);
  }
  set.push([
    'advanced',
    {
      searchItems: [
        { oper: null, searchField: 'title', matchMode: '2', searchFieldContent: '管理' },
        { oper: 'AND', searchField: 'subject', matchMode: '2', searchFieldContent: '企业管理' },
        { oper: 'NOT', searchField: 'title', matchMode: '2', searchFieldContent: '案例' },
      ],
    },
  ]);
  return set;
}

/** A deterministic shuffle. */
function shuffle(list, seed) {
  let a = seed;
  const rnd = () => (a = (a * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * Sends one search; returns ms. With split facets, as the web app does: the page (`facet: '0'`) and
 * the facet counts (`facet: 'only'`, page 1 of one row by relevance) side by side; `page` and
 * `facets` are then each one's time and `ms` the later of the two.
 */
async function send(body) {
  const call = async (extra) => {
    const res = await fetch(`http://127.0.0.1:${port}/find/unify/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', mappingPath: '', 'content-language': 'zh_CN' },
      body: JSON.stringify({ ...TEMPLATE, ...body, ...extra }),
    });
    const json = await res.json();
    if (!json.success) throw new Error(json.message);
    return performance.now();
  };
  const t0 = performance.now();
  if (args.facets === 'split') {
    const [pageDone, facetsDone] = await Promise.all([
      call({ facet: '0' }),
      call({ facet: 'only', page: 1, rows: 1, sortField: 'relevance', sortClause: 'asc' }),
    ]);
    return { ms: Math.max(pageDone, facetsDone) - t0, page: pageDone - t0, facets: facetsDone - t0 };
  }
  const ms = (await call({ facet: args.facets === 'none' ? '0' : '1' })) - t0;
  return { ms, page: ms };
}

const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
const fmt = (n) => n.toFixed(1).padStart(7);

/** Runs `next()` bodies with `concurrency` workers; returns latencies by category. */
async function load(next) {
  const samples = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let item = next(); item; item = next()) {
        try {
          const from = performance.now() - serverStarted;
          const { ms, page, facets } = await send(item[1]);
          samples.push({ category: item[0], ms, page, facets, body: item[1], from, to: from + ms });
        } catch (err) {
          errors++;
          if (errors < 5) console.error(`  error: ${err.message}`, JSON.stringify(item[1]));
        }
      }
    }),
  );
  return { samples, errors, seconds: (performance.now() - started) / 1000 };
}

function report(title, { samples, errors, seconds }) {
  const all = samples.map((s) => s.ms).sort((a, b) => a - b);
  console.log(
    `\n${title}: ${samples.length} searches in ${seconds.toFixed(1)} s, ${(samples.length / seconds).toFixed(1)} q/s, ` +
      `${errors} errors, concurrency ${concurrency}, facets ${args.facets}`,
  );
  console.log(`  ${'category'.padEnd(12)}     n     p50     p95     p99     max   (ms)`);
  const groups = new Map([['ALL', all]]);
  for (const s of samples) groups.set(s.category, [...(groups.get(s.category) ?? []), s.ms]);
  for (const [cat, list] of groups) {
    const l = [...list].sort((a, b) => a - b);
    console.log(
      `  ${cat.padEnd(12)} ${String(l.length).padStart(5)} ${fmt(pct(l, 50))} ${fmt(pct(l, 95))} ${fmt(pct(l, 99))} ${fmt(l.at(-1))}`,
    );
  }
  const over = all.filter((ms) => ms > target).length;
  console.log(
    `  over ${target} ms: ${over} of ${all.length} (${((100 * over) / Math.max(all.length, 1)).toFixed(1)}%)`,
  );
  if (title.startsWith('cold')) {
    console.log('  slowest:');
    // With split facets: by the page's time, the facets' after it.
    const split = args.facets === 'split';
    for (const s of [...samples].sort((a, b) => b.page - a.page).slice(0, Number(args.slowest))) {
      const facets = split ? ` (facets ${s.facets.toFixed(1)})` : '';
      console.log(`  ${fmt(s.page)}  ${s.category.padEnd(12)} ${JSON.stringify(s.body)}${facets}`);
    }
  }
  if (args.facets === 'split') {
    for (const [label, key] of [
      ['first page', 'page'],
      ['facets', 'facets'],
    ]) {
      const l = samples.map((s) => s[key]).sort((a, b) => a - b);
      console.log(
        `  ${label.padEnd(12)} ${String(l.length).padStart(5)} ${fmt(pct(l, 50))} ${fmt(pct(l, 95))} ${fmt(pct(l, 99))} ${fmt(l.at(-1))}`,
      );
    }
    const pages = samples.map((s) => s.page).sort((a, b) => a - b);
    return {
      p95: pct(pages, 95),
      what: 'first page; facets beside it',
      facetsP95: pct(
        samples.map((s) => s.facets).sort((a, b) => a - b),
        95,
      ),
    };
  }
  return { p95: pct(all, 95), what: 'facets included' };
}

/** The issue's p95 targets: 100 ms at 100k records on PGlite, 150 ms at 1M on PostgreSQL. */
const target = engine === 'pglite' ? 100 : 150;

await prepare();
console.log(`starting the server (${engine}${engine === 'pglite' ? ` at ${dataDir}` : ''}) …`);
const server = await startServer();
try {
  // Warm up with searches outside the measured set until the server's background preparation
  // (database housekeeping, facet values in memory, vocabulary) is done and answers are fast.
  const warm = ['研究 方法', '教材 基础', '原理 概论', 'introduction', '案例分析 管理', '习题集 数学', '实践', '导论'];
  const until = Date.now() + 20 * 60_000;
  // The server says when its warm-up (facet values in memory, the vocabulary) is done.
  for (;;) {
    const health = await (await fetch(`http://127.0.0.1:${port}/health`)).json();
    if (health.search === 'ready' || Date.now() > until) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  for (let round = 0, fast = 0; fast < 8 && Date.now() < until; round++) {
    const { ms } = await send({
      searchFieldContent: warm[round % warm.length],
      page: 1 + round,
      publishBegin: 1900 + round,
    });
    fast = ms < 150 ? fast + 1 : 0;
    if (fast === 0) await new Promise((r) => setTimeout(r, 1000));
  }
  const set = querySet();
  console.log(`${set.length} distinct searches; ${records} records on ${engine}`);
  const cold = shuffle(set, 7);
  let i = 0;
  if (args.profile) console.log(`cold phase starts ${sinceStart()}`);
  const coldRun = await load(() => cold[i++]);
  const coldResult = report('cold (each distinct search once)', coldRun);
  if (args.profile) {
    // Each cold search's time span (ms after the server started), to cut the profile by search.
    const spans = coldRun.samples.map(({ category, body, from, to, page, facets }) => ({
      category,
      body,
      from,
      to,
      page,
      facets,
    }));
    mkdirSync(path.resolve(args.profile), { recursive: true });
    writeFileSync(path.join(path.resolve(args.profile), 'cold-searches.json'), JSON.stringify(spans, null, 1));
  }
  // Zipf: the k-th most popular search is asked ∝ 1/k.
  const ranked = shuffle(set, 11);
  const weights = ranked.map((_, k) => 1 / (k + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  let seed = 12345;
  const pick = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    let r = (seed / 2 ** 31) * total;
    for (let k = 0; k < ranked.length; k++) if ((r -= weights[k]) <= 0) return ranked[k];
    return ranked.at(-1);
  };
  const end = performance.now() + duration;
  if (args.profile) console.log(`mixed phase starts ${sinceStart()}`);
  const mixedResult = report('mixed (Zipf repeats)', await load(() => (performance.now() < end ? pick() : undefined)));
  // The server process and, with --workers, the server processes it started.
  const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  const children = readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8').split(/\s+/).filter(Boolean);
  const rss = [server.pid, ...children].reduce((sum, pid) => sum + rssOf(pid), 0);
  console.log(
    `\nserver resident memory: ${(rss / 1024).toFixed(0)} MB${children.length ? ` (${children.length} server processes and their primary)` : ''}`,
  );
  console.log(
    `\ntarget p95 ≤ ${target} ms (${engine}, ${coldResult.what}): cold ${coldResult.p95 <= target ? 'met' : 'NOT met'} (${coldResult.p95.toFixed(0)} ms), ` +
      `mixed ${mixedResult.p95 <= target ? 'met' : 'NOT met'} (${mixedResult.p95.toFixed(0)} ms)` +
      (coldResult.facetsP95 === undefined
        ? ''
        : `; facets p95 cold ${coldResult.facetsP95.toFixed(0)} ms, mixed ${mixedResult.facetsP95.toFixed(0)} ms`),
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
}
