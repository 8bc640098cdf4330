#!/usr/bin/env node
// Login latency with the argon2id parameters in use: the raw hash and verify times, then whole
// logins (image code + POST /oga/login, argon2 verify, token, session row) through the app on a
// fresh embedded database with the demo readers, one at a time and N at once; and a wrong
// password for an unknown account next to a known one (they should cost the same).
// Usage: npm run build && node bench/login.mjs [logins=40] [concurrency=4]
import { hash, verify } from '@node-rs/argon2';
import { buildApp } from '../apps/server/dist/app.js';
import { openDatabase } from '../apps/server/dist/db/database.js';
import { prepareDatabase } from '../apps/server/dist/db/setup.js';
import { ARGON2_OPTIONS } from '../apps/server/dist/modules/readers/passwords.js';
import { DEMO_PASSWORD } from '../apps/server/dist/seed/demo-readers.js';
import { seedDemo } from '../apps/server/dist/seed/demo.js';
import { createServices } from '../apps/server/dist/services.js';

const logins = Number(process.argv[2] ?? 40);
const concurrency = Number(process.argv[3] ?? 4);
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const fmt = (xs) => `median ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms`;

const { memoryCost, timeCost, parallelism } = ARGON2_OPTIONS;
console.log(`argon2id m=${memoryCost} KiB, t=${timeCost}, p=${parallelism}`);
const phc = await hash(DEMO_PASSWORD, ARGON2_OPTIONS);
const hashes = [];
const verifies = [];
for (let i = 0; i < 20; i++) {
  let t0 = performance.now();
  await hash(`pw-${i}`, ARGON2_OPTIONS);
  hashes.push(performance.now() - t0);
  t0 = performance.now();
  await verify(phc, DEMO_PASSWORD);
  verifies.push(performance.now() - t0);
}
console.log(`hash:   ${fmt(hashes)}`);
console.log(`verify: ${fmt(verifies)}`);

const db = await openDatabase({ kind: 'pglite' });
await prepareDatabase(db);
await seedDemo(db.kysely, { records: 0 });
const services = createServices(db, {
  configCacheMs: 5000,
  auth: { exposeCaptchaAnswer: true, loginsPerMinutePerIp: 1e9, captchasPerMinutePerIp: 1e9 },
});
const app = await buildApp({ services });
await app.ready();

async function loginOnce(username, password, remoteAddress = '127.0.0.1') {
  const headers = { mappingPath: '' };
  const c = (await app.inject({ method: 'GET', url: '/oga/verifycode/img', headers, remoteAddress })).json().data;
  const t0 = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/oga/login',
    headers,
    remoteAddress,
    payload: { username, password, verifyCode: c.answer, codeKey: c.codeKey },
  });
  const ms = performance.now() - t0;
  return { ms, ok: res.json().success };
}

await loginOnce('reader', DEMO_PASSWORD); // warm up
const serial = [];
for (let i = 0; i < logins; i++) {
  const r = await loginOnce('reader', DEMO_PASSWORD);
  if (!r.ok) throw new Error('login failed');
  serial.push(r.ms);
}
console.log(`login, one at a time (${logins}): ${fmt(serial)}`);

const parallel = [];
const start = performance.now();
for (let i = 0; i < logins; i += concurrency) {
  const batch = await Promise.all(
    Array.from({ length: Math.min(concurrency, logins - i) }, () => loginOnce('reader', DEMO_PASSWORD)),
  );
  parallel.push(...batch.map((b) => b.ms));
}
const secs = (performance.now() - start) / 1000;
console.log(`login, ${concurrency} at once: ${fmt(parallel)}; ${(logins / secs).toFixed(1)} logins/s`);

// Wrong passwords (different account names each time, so no lockout): known vs unknown account.
const known = [];
const unknown = [];
for (let i = 0; i < 20; i++) {
  known.push((await loginOnce('lost', `Wrong${i}x1`, `10.1.${i}.1`)).ms);
  await db.kysely.deleteFrom('login_throttle').execute();
  unknown.push((await loginOnce(`ghost${i}`, `Wrong${i}x1`, `10.1.${i}.2`)).ms);
}
console.log(`wrong password, known account: ${fmt(known)}`);
console.log(`wrong password, unknown account: ${fmt(unknown)}`);

await app.close();
await db.close();
