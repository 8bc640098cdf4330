#!/usr/bin/env node
// HTTP benchmark of GET /find/findConfig/getFindConfig: starts the built server on a fresh
// embedded database with the demo data, loads it with autocannon from this process and prints
// requests/s and latency percentiles. Usage: node bench/http-config.mjs [seconds] [connections]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 50);
const cli = fileURLToPath(new URL('../apps/server/dist/cli.js', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'openfind-bench-'));
// A port the system says is free (a random one once met Redis's 6379).
const port = await new Promise((resolve, reject) => {
  const probe = createServer().once('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'production' };
delete env.DATABASE_URL;

const server = spawn(process.execPath, [cli, 'serve', '--seed-demo'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
const started = performance.now();
try {
  // Seeding the demo institutions takes about 20 s on a quiet machine; a busy CI machine is slower.
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start in 180 s')), 180_000);
    server.stdout.on('data', (d) => {
      if (String(d).includes('OpenFind is ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
} catch (err) {
  // Not left running: an orphan server would outlive this checkout.
  server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  throw err;
}
console.log(`server with the demo data ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);

async function run(title, mappingPath, lang) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/find/findConfig/getFindConfig`,
    connections,
    duration: seconds,
    headers: { mappingPath, 'content-language': lang },
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  console.log(
    `${title.padEnd(34)} ${result.requests.average.toFixed(0).padStart(7)} req/s   ` +
      `p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   errors ${bad}`,
  );
  return { rps: result.requests.average, p99: result.latency.p99, bad };
}

try {
  console.log(`getFindConfig, ${connections} connections, ${seconds} s each, server and load generator on one machine`);
  await run('warm-up', '', 'zh_CN');
  const a = await run('default institution, zh_CN', '', 'zh_CN');
  const b = await run('beiling, en_US', 'beiling', 'en_US');
  const ok = Math.min(a.rps, b.rps) >= 10_000 && a.bad + b.bad === 0;
  console.log(`target >= 10000 req/s with no errors: ${ok ? 'met' : 'NOT met'}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
