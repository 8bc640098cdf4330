#!/usr/bin/env node
// Favourite folders (issue 29, My Library key 2): on a fresh embedded database with the demo institution,
// a reader with 5,000 favourites in 20 folders (250 each); then at concurrency 10 the folders list
// (GET /find/favorites/list, with counts), a folder's page (POST /find/favorites/recordList, 20 rows,
// pages 1–12 in turn), the same searched within (a keyword), and all favourites' first page. Through the
// app's request handling (inject: routing, session, validation, database), without the socket.
// Target: folder page p95 <= 50 ms at concurrency 10. Measured once the server's search warm-up (facet
// values, vocabulary: seconds of work on the same thread, once after a start) is done, as a server in use is.
// Usage: npm run build && node bench/favourites.mjs [requests=300] [--pg postgres://…/db (a PostgreSQL
// server instead of the embedded database: a schema of its own, dropped at the end)]
import { sql } from 'kysely';
import { benchArgs, fmt, measure, openBench, pct } from './support.mjs';

const { pgUrl, requests } = benchArgs();
const FAVOURITES = 5000;
const FOLDERS = 20;

const { db, app, services, tenantId, login, close } = await openBench({
  pgUrl,
  schemaPrefix: 'bench_fav',
  records: FAVOURITES + 200,
});
let t0 = performance.now();

const reader = await login('reader');
const post = (url, payload) => app.inject({ method: 'POST', url, headers: reader, payload });
const get = (url) => app.inject({ method: 'GET', url, headers: reader });

// 19 folders besides the default one, then 5,000 favourites spread over the 20 (set-based).
t0 = performance.now();
for (let i = 1; i < FOLDERS; i++) await post('/find/favorites/add', { favoritesName: `文件夹 ${i}` });
const readerId = (
  await db.kysely
    .selectFrom('reader')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('account', '=', 'reader')
    .executeTakeFirstOrThrow()
).id;
await sql`
  WITH f AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM favourite_folder WHERE reader_id = ${readerId}),
       r AS (SELECT record_id, row_number() OVER (ORDER BY record_id) - 1 AS n FROM bib_record
             WHERE tenant_id = ${tenantId} ORDER BY record_id LIMIT ${FAVOURITES})
  INSERT INTO favourite (tenant_id, reader_id, record_id, folder_id, created_at)
  SELECT ${tenantId}, ${readerId}, r.record_id, f.id, now() - r.n * interval '1 minute'
  FROM r JOIN f ON f.n = r.n % ${FOLDERS}
  ON CONFLICT DO NOTHING`.execute(db.kysely);
await sql`ANALYZE favourite`.execute(db.kysely);
await sql`ANALYZE favourite_folder`.execute(db.kysely);
const list = (await get('/find/favorites/list')).json().data;
console.log(
  `reader: ${list.totalCount} favourites in ${list.list.length} folders (made in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
);
const folderIds = list.list.map((f) => f.favoritesId);
t0 = performance.now();
await new Promise((ready) => services.search.onWarm(ready));
console.log(`search warm-up done (waited ${((performance.now() - t0) / 1000).toFixed(1)} s)`);

for (let i = 0; i < 20; i++)
  await post('/find/favorites/recordList', { favoritesId: folderIds[i % FOLDERS], rows: 20 });
console.log(
  `folders list, concurrency 10:         ${fmt(await measure(requests, 10, () => get('/find/favorites/list')))}`,
);
t0 = performance.now();
const folderPage = await measure(requests, 10, (i) =>
  post('/find/favorites/recordList', { favoritesId: folderIds[i % FOLDERS], page: (i % 12) + 1, rows: 20 }),
);
const perSecond = requests / ((performance.now() - t0) / 1000);
console.log(
  `folder page (20 rows), concurrency 10: ${fmt(folderPage)}, p99 ${pct(folderPage, 99).toFixed(1)} ms, ${perSecond.toFixed(0)} req/s`,
);
console.log(
  `folder searched within, concurrency 10: ${fmt(await measure(requests, 10, (i) => post('/find/favorites/recordList', { favoritesId: folderIds[i % FOLDERS], keyword: '中国', rows: 20 })))}`,
);
console.log(
  `all favourites, page 1, concurrency 10: ${fmt(await measure(requests, 10, () => post('/find/favorites/recordList', { rows: 20 })))}`,
);
t0 = performance.now();
const exported = (await get(`/find/favorites/exportList?favoritesId=${folderIds[1]}`)).json().data;
console.log(`export of a folder (${exported.list.length} records): ${(performance.now() - t0).toFixed(0)} ms`);
console.log(`target: folder page p95 <= 50 ms — ${pct(folderPage, 95) <= 50 ? 'met' : 'NOT met'}`);

await close();
