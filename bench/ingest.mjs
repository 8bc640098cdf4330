#!/usr/bin/env node
// Ingest benchmark: real MARC21 records from ../shared/testdata, replicated (001 rewritten) to N
// records, written as an ISO 2709 file and a MARCXML file, then imported with the real
// `openfind import` command into a fresh embedded database (PGlite) and a fresh PostgreSQL
// database, text analysis for search included. Prints records/s per format and engine, and the CPU
// time each record cost in the import process (all its threads) and in its PostgreSQL backend: on
// this 2-core machine their sum per record bounds the rate (2 s of CPU a second).
// Usage: npm run build && node bench/ingest.mjs [records=100000] [pglite,postgres] [iso,xml]
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, fsyncSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildIsoCorpus, catalogDir, hasCatalog, isoToMarcXml } from '../packages/marc/scripts/bench-corpus.mjs';

const target = Number(process.argv[2] ?? 100_000);
const engines = (process.argv[3] ?? 'pglite,postgres').split(',');
const formats = (process.argv[4] ?? 'iso,xml').split(',');
/** Extra options for `openfind import` (e.g. `--defer-indexes never`), space-separated. */
const importArgs = (process.env.OPENFIND_BENCH_IMPORT_ARGS ?? '').split(' ').filter(Boolean);
const PG_ADMIN = process.env.OPENFIND_BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const cli = fileURLToPath(new URL('../apps/server/dist/cli.js', import.meta.url));
if (!hasCatalog()) {
  console.error(`bench/ingest needs the real records in ${catalogDir}`);
  process.exit(1);
}

const work = mkdtempSync(path.join(tmpdir(), 'openfind-ingest-'));
const { iso, base, total } = await buildIsoCorpus(target);
const isoFile = path.join(work, 'corpus.mrc');
const xmlFile = path.join(work, 'corpus.xml');
writeFileSync(isoFile, iso);
if (formats.includes('xml')) writeFileSync(xmlFile, await isoToMarcXml(iso));
// On disk before any run is timed: otherwise the first import shares the machine with writing them back.
for (const file of formats.includes('xml') ? [isoFile, xmlFile] : [isoFile]) {
  const fd = openSync(file, 'r+');
  fsyncSync(fd);
  closeSync(fd);
}
console.log(
  `${total} records (${base} distinct real MARC21 records replicated), ISO 2709 ${(iso.length / 1048576).toFixed(0)} MiB`,
);

/** Runs the CLI and returns its standard output. */
function openfind(env, ...args) {
  return execFileSync(process.execPath, [cli, ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** CPU seconds (user + system, all threads) a process has used so far, from /proc; undefined once it is gone. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // clock ticks of 1/100 s
  } catch {
    return undefined;
  }
}

/**
 * Runs `openfind import` and measures it: wall time, and the CPU time of the process and of the
 * PostgreSQL backends serving its database (sampled every 100 ms, so the last 100 ms are missed).
 */
async function timedImport(env, file, pgDatabase) {
  const monitor = pgDatabase ? new pg.Client({ connectionString: PG_ADMIN }) : undefined;
  await monitor?.connect();
  const started = performance.now();
  const child = spawn(process.execPath, [cli, 'import', file, ...importArgs], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  let nodeCpu = 0;
  const backends = new Map();
  let sampling = false;
  const sample = setInterval(async () => {
    if (sampling) return;
    sampling = true;
    nodeCpu = cpuSeconds(child.pid) ?? nodeCpu;
    if (monitor) {
      const { rows } = await monitor.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [pgDatabase]);
      for (const { pid } of rows) backends.set(pid, cpuSeconds(pid) ?? backends.get(pid) ?? 0);
    }
    sampling = false;
  }, 100);
  const code = await new Promise((resolve) => child.on('exit', resolve));
  clearInterval(sample);
  await monitor?.end();
  if (code !== 0) throw new Error(`openfind import exited with ${code}: ${err}`);
  const pgCpu = [...backends.values()].reduce((a, b) => a + b, 0);
  return { out, seconds: (performance.now() - started) / 1000, nodeCpu, pgCpu };
}

/** A fresh database for one run: a PGlite folder or a new PostgreSQL database. */
async function freshDatabase(engine, label) {
  if (engine === 'pglite') {
    const dir = path.join(work, `data-${label}`);
    return {
      name: undefined,
      env: { DATA_DIR: dir, DATABASE_URL: '' },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `openfind_bench_${label}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return {
    name,
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name}`);
      await c.end();
    },
  };
}

const rows = [];
try {
  for (const engine of engines) {
    for (const [format, file, key] of [
      ['MARC21 ISO 2709', isoFile, 'iso'],
      ['MARCXML', xmlFile, 'xml'],
    ].filter(([, , key]) => formats.includes(key))) {
      const label = `${engine}_${key}`;
      const db = await freshDatabase(engine, label);
      try {
        openfind(db.env, 'seed', '--demo', '--records', '1');
        const { out, seconds, nodeCpu, pgCpu } = await timedImport(db.env, file, db.name);
        const m = /read (\d+), created (\d+).*skipped (\d+)/.exec(out);
        if (!m) throw new Error(`unexpected output of openfind import: ${out}`);
        const read = Number(m?.[1] ?? 0);
        rows.push({ engine, format, read, created: Number(m?.[2] ?? 0), skipped: Number(m?.[3] ?? 0), seconds });
        console.log(
          `${engine.padEnd(9)} ${format.padEnd(16)} ${String(read).padStart(7)} records in ${seconds.toFixed(1).padStart(6)} s` +
            ` = ${String(Math.round(read / seconds)).padStart(5)} records/s (created ${m?.[2]}, skipped ${m?.[3]});` +
            ` CPU per record: import ${Math.round((nodeCpu / read) * 1e6)} µs` +
            (engine === 'postgres' ? `, PostgreSQL ${Math.round((pgCpu / read) * 1e6)} µs` : ''),
        );
      } finally {
        await db.drop();
      }
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
const rate = (engine) => Math.min(...rows.filter((r) => r.engine === engine).map((r) => r.read / r.seconds));
if (engines.includes('postgres'))
  console.log(`PostgreSQL target >= 5000 records/s: ${rate('postgres') >= 5000 ? 'met' : 'NOT met'}`);
if (engines.includes('pglite'))
  console.log(`PGlite target >= 3000 records/s: ${rate('pglite') >= 3000 ? 'met' : 'NOT met'}`);
