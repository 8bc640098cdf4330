#!/usr/bin/env node
// The staff console's dashboard (issue 28) at the size the issue names: an institution with 1M
// records, 10M logged searches (a year of them, 6% finding nothing, from a pool of 50,000 such texts)
// and 1M loans (three years), besides 50,000 readers, requests and comments waiting and a second
// institution with 1M searches of its own. The data is made in SQL with generate_series on a
// PostgreSQL server, in a database of its own (made afresh, dropped at the end unless --keep); the
// searches go through the search log's trigger (migration 0034), as the product writes them. Then
// GET /find/admin/reports/dashboard through the app's request handling (inject: routing, staff
// session, validation, database), one at a time and four at once, and the statistics of a year by month.
// Target: the dashboard p95 <= 300 ms.
// Usage: npm run build && node bench/dashboard.mjs [requests=200] [--pg postgres://postgres@127.0.0.1:5432]
//        [--searches 10000000] [--keep (leave the database)] [--reuse (time a database a --keep run left)]
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/dist/app.js';
import { openDatabase } from '../apps/server/dist/db/database.js';
import { prepareDatabase } from '../apps/server/dist/db/setup.js';
import { createTenant } from '../apps/server/dist/modules/tenants/tenant-service.js';
import { createServices } from '../apps/server/dist/services.js';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const server = arg('--pg', 'postgres://postgres@127.0.0.1:5432');
const searches = Number(arg('--searches', 10_000_000));
const requests = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 200);
const reuse = process.argv.includes('--reuse');
const keep = reuse || process.argv.includes('--keep');
const dbName = 'openfind_bench_dashboard';
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const fmt = (xs) => `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms (${xs.length} requests)`;
const secs = (t0) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

async function admin(statement) {
  const c = new pg.Client({ connectionString: `${server}/postgres` });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}
if (!reuse) {
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${dbName}`);
}

const db = await openDatabase({ kind: 'postgres', url: `${server}/${dbName}`, poolSize: 10 });
await prepareDatabase(db);
const k = db.kysely;
const run = (label, q) => {
  const t0 = performance.now();
  return q.execute(k).then(() => console.log(`  ${label}: ${secs(t0)}`));
};

let tenantId;
if (reuse) {
  ({ id: tenantId } = await k
    .selectFrom('tenant')
    .select('id')
    .where('mapping_path', '=', 'bench')
    .executeTakeFirstOrThrow());
  console.log(`PostgreSQL ${server}/${dbName}: the data of an earlier run`);
} else tenantId = await makeData();

async function makeData() {
  const tenantId = await createTenant(k, { mappingPath: 'bench', groupCode: 'BENCH', name: '基准大学图书馆' });
  const otherId = await createTenant(k, { mappingPath: 'other', groupCode: 'OTHER', name: '另一所图书馆' });
  console.log(`PostgreSQL ${server}/${dbName}: making the data`);
  const t0 = performance.now();
  await run(
    '1M records',
    sql`INSERT INTO bib_record (tenant_id, source_key, source_format, title, clc_classes, content_hash)
        SELECT ${tenantId}, 'b' || i, 'demo', '书名 ' || i,
               ARRAY[substr('ABCDEFGHIJKNOPQRSTUVXZ', 1 + i % 22, 1) || (i % 900)::text], md5(i::text)
        FROM generate_series(1, 1000000) i`,
  );
  const { rows: span } = await sql`SELECT min(record_id) AS lo, max(record_id) AS hi FROM bib_record`.execute(k);
  const { lo, hi } = span[0];
  await run(
    '50,000 readers',
    sql`INSERT INTO reader (tenant_id, account, name, department, reader_type, password_hash, last_login_at)
        SELECT ${tenantId}, 'r' || i, '读者' || i, '系' || (i % 40), (ARRAY['student', 'teacher', 'staff'])[1 + i % 3], 'x',
               now() - make_interval(days => i % 300)
        FROM generate_series(1, 50000) i`,
  );
  await run(
    '1M loans',
    sql`INSERT INTO loan_event (tenant_id, record_id, barcode, lib_code, reader_id, loan_date, due_date, return_date, renew_count)
        SELECT ${tenantId}, ${lo}::int + ((i::bigint * 7919) % (${hi}::int - ${lo}::int + 1))::int, NULL, 'MAIN', NULL,
               current_date - (i % 1095), current_date - (i % 1095) + 30,
               CASE WHEN i % 1095 > 20 THEN current_date - (i % 1095) + (i % 20) END, i % 2
        FROM generate_series(1, 1000000) i`,
  );
  const chunk = 1_000_000;
  for (let done = 0; done < searches; done += chunk) {
    const n = Math.min(chunk, searches - done);
    await run(
      `searches ${done + 1}…${done + n}`,
      sql`INSERT INTO search_log (tenant_id, query_key, query_text, search_field, num_found, created_at)
          SELECT ${tenantId}, key, key, 'keyWord', CASE WHEN zero THEN 0 ELSE 1 + i % 500 END,
                 now() - make_interval(days => (i % 365)::int, secs => (i % 86400)::int)
          FROM (SELECT i, i % 100 < 6 AS zero,
                       CASE WHEN i % 100 < 6 THEN '无结果 ' || (i * 31) % 50000 ELSE '检索 ' || (i * 17) % 200000 END AS key
                FROM generate_series(${done + 1}::bigint, ${done + n}::bigint) i) s`,
    );
  }
  await run(
    "the other institution's 1M searches",
    sql`INSERT INTO search_log (tenant_id, query_key, query_text, num_found, created_at)
        SELECT ${otherId}, 'q' || i % 1000, 'q' || i % 1000, i % 3, now() - make_interval(days => (i % 365)::int)
        FROM generate_series(1, 1000000) i`,
  );
  await run(
    'a year of logins and renewals per day',
    sql`INSERT INTO stat_daily (tenant_id, metric, day, n)
        SELECT ${tenantId}, m, current_date - d, 500 + d % 300 FROM generate_series(0, 364) d, unnest(ARRAY['login', 'renewal']) m`,
  );
  await run(
    'requests and comments',
    sql`WITH r AS (
          INSERT INTO circ_request (tenant_id, reader_id, record_id, request_type, status, pickup_lib_code)
          SELECT ${tenantId}, (SELECT min(id) FROM reader) + i % 50000, ${lo}::int + i,
                 'reserve', (ARRAY['waiting', 'ready', 'fulfilled', 'cancelled'])[1 + i % 4], 'MAIN'
          FROM generate_series(1, 40000) i RETURNING 1)
        INSERT INTO record_comment (tenant_id, record_id, reader_id, content, status)
        SELECT ${tenantId}, ${lo}::int + i, 1, '评论' || i, CASE WHEN i % 100 = 0 THEN 'pending' ELSE 'approved' END
        FROM generate_series(1, 50000) i`,
  );
  await run('VACUUM ANALYZE', sql`VACUUM ANALYZE`);
  console.log(`data made in ${secs(t0)}`);
  return tenantId;
}
const { rows: sizes } = await sql`
  SELECT (SELECT count(*) FROM search_log WHERE tenant_id = ${tenantId})::int AS searches,
         (SELECT count(*) FROM stat_daily)::int AS daily, (SELECT count(*) FROM search_zero_daily)::int AS zero_daily`.execute(
  k,
);
console.log(
  `search_log ${sizes[0].searches} rows of the institution; rollups: stat_daily ${sizes[0].daily}, search_zero_daily ${sizes[0].zero_daily}`,
);

const services = createServices(db, { configCacheMs: 5000 });
const app = await buildApp({ services });
await app.ready();
if (!(await services.staff.list(tenantId)).some((a) => a.username === 'bench'))
  await services.staff.add(
    { tenantId, username: 'bench', name: '', role: 'staff', libCodes: [], password: 'Bench-2026-Run' },
    'bench',
  );
const staff = (await services.staff.list(tenantId)).find((a) => a.username === 'bench');
const { token } = await services.staff.startSession(tenantId, staff);
const headers = { mappingPath: 'bench', 'X-Staff-Token': token };

/** `n` requests, `concurrency` at a time; each one's time in ms. */
async function measure(n, concurrency, url) {
  const times = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        next++;
        const start = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        times.push(performance.now() - start);
        if (!res.json().success) throw new Error(`failed: ${res.body}`);
      }
    }),
  );
  return times;
}

const t0 = performance.now();
const first = await app.inject({ method: 'GET', url: '/find/admin/reports/dashboard', headers });
console.log(`dashboard, first call: ${(performance.now() - t0).toFixed(1)} ms`);
const d = first.json().data;
console.log(
  `  30 days: ${d.periodTotals.searches} searches (${d.periodTotals.zeroResults} found nothing), ${d.periodTotals.loans} loans, ` +
    `${d.periodTotals.renewals} renewals, ${d.periodTotals.logins} logins; waiting ${JSON.stringify(d.waiting)}; ` +
    `top zero-result search "${d.zeroSearches[0]?.text}" ×${d.zeroSearches[0]?.n}`,
);
console.log(`dashboard, one at a time:  ${fmt(await measure(requests, 1, '/find/admin/reports/dashboard'))}`);
console.log(`dashboard, four at a time: ${fmt(await measure(requests, 4, '/find/admin/reports/dashboard'))}`);
console.log(
  `statistics, a year by month: ${fmt(await measure(Math.min(requests, 20), 1, '/find/admin/reports/statistics?by=month'))}`,
);

// What the rollup trigger adds to a batch of the search log (the popular searches' buffer writes 100 at a time).
const batch = Array.from({ length: 100 }, (_, i) => `('${tenantId}', 'b${i}', 'b${i}', ${i % 10 === 0 ? 0 : 3})`).join(
  ',',
);
const inserts = [];
for (let i = 0; i < 50; i++) {
  const s = performance.now();
  await sql.raw(`INSERT INTO search_log (tenant_id, query_key, query_text, num_found) VALUES ${batch}`).execute(k);
  inserts.push(performance.now() - s);
}
console.log(`search log batch of 100 with the rollup trigger: ${fmt(inserts)}`);

await app.close();
await db.close();
if (!keep) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
