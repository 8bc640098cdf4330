// What the in-process benchmarks share (favourites, book lists, circulation): the arguments (a request
// count, `--pg <url>`), a fresh database — the embedded one, or a schema of its own on a PostgreSQL server,
// dropped at the end — with the demo seeded, the app built on it, demo logins, and timing at a concurrency.
// Needs `npm run build` first: it runs the server's built code.
import { sql } from 'kysely';
import { buildApp } from '../apps/server/dist/app.js';
import { openDatabase } from '../apps/server/dist/db/database.js';
import { prepareDatabase } from '../apps/server/dist/db/setup.js';
import { DEMO_PASSWORD } from '../apps/server/dist/seed/demo-readers.js';
import { seedDemo } from '../apps/server/dist/seed/demo.js';
import { createServices } from '../apps/server/dist/services.js';

/** The command line: `[requests] [--pg postgres://…/db]`. */
export function benchArgs(defaultRequests = 300) {
  const pgAt = process.argv.indexOf('--pg');
  return {
    pgUrl: pgAt > 0 ? process.argv[pgAt + 1] : undefined,
    requests: Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? defaultRequests),
  };
}

/** The `p`th percentile of `xs`. */
export const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
/** Median and p95 of request times, as printed. */
export const fmt = (xs) =>
  `median ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms (${xs.length} requests)`;

/**
 * A fresh database with the demo seeded (`records` catalogue records), the services and the app on it,
 * and the default institution's id. `close()` closes the app and drops the PostgreSQL schema.
 */
export async function openBench({ pgUrl, schemaPrefix, records }) {
  const schema = `${schemaPrefix}_${process.pid}`;
  const db = await openDatabase(pgUrl ? { kind: 'postgres', url: pgUrl, schema, poolSize: 10 } : { kind: 'pglite' });
  console.log(
    pgUrl ? `PostgreSQL server, pool of 10 (schema ${schema})` : 'embedded database (PGlite, one connection)',
  );
  await prepareDatabase(db);
  const t0 = performance.now();
  await seedDemo(db.kysely, { records });
  console.log(`demo seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const services = createServices(db, {
    configCacheMs: 5000,
    auth: { exposeCaptchaAnswer: true, loginsPerMinutePerIp: 1e9, captchasPerMinutePerIp: 1e9 },
  });
  const app = await buildApp({ services });
  await app.ready();
  const tenantId = (
    await db.kysely.selectFrom('tenant').select('id').where('mapping_path', '=', '').executeTakeFirstOrThrow()
  ).id;

  /** A demo reader's session headers in the default institution (the image code answered from its response). */
  async function login(username) {
    const headers = { mappingPath: '' };
    const c = (await app.inject({ method: 'GET', url: '/oga/verifycode/img', headers })).json().data;
    const res = await app.inject({
      method: 'POST',
      url: '/oga/login',
      headers,
      payload: { username, password: DEMO_PASSWORD, verifyCode: c.answer, codeKey: c.codeKey },
    });
    const { jwt, jwtHeader } = res.json().data;
    return { mappingPath: '', [jwtHeader]: jwt };
  }

  async function close() {
    await app.close();
    if (pgUrl) await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(db.kysely);
    await db.close();
  }

  return { db, services, app, tenantId, login, close };
}

/** `n` requests (`request(i)`, i = 0 … n-1), `concurrency` at a time; each one's time in ms. A failed answer stops the bench. */
export async function measure(n, concurrency, request) {
  const times = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        const start = performance.now();
        const res = await request(i);
        times.push(performance.now() - start);
        if (!res.json().success) throw new Error(`failed: ${res.body}`);
      }
    }),
  );
  return times;
}
