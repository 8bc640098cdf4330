#!/usr/bin/env node
// Readers' book lists (issue 29, /personalCenter/bookListDetails): on a fresh embedded database with the
// demo institution, a reader with 100 book lists of 50 records each (half of them public; one of 500);
// then at concurrency 10 the reader's lists (GET /find/bookList/myLists, 20 rows, pages 1–5), a list's
// page (GET /find/bookList/detail, 50 rows, the 100 lists in turn, as their reader), a public list's page
// read by a visitor, the 500-record list's last page, and the public lists searched. Through the app's
// request handling (inject: routing, session, validation, database), without the socket.
// Target: list page p95 <= 50 ms at concurrency 10.
// Usage: npm run build && node bench/book-lists.mjs [requests=300] [--pg postgres://…/db (a PostgreSQL
// server instead of the embedded database: a schema of its own, dropped at the end)]
import { sql } from 'kysely';
import { benchArgs, fmt, measure, openBench, pct } from './support.mjs';

const { pgUrl, requests } = benchArgs();
const LISTS = 100;
const PER_LIST = 50;
const BIG = 500;

const { db, app, tenantId, login, close } = await openBench({ pgUrl, schemaPrefix: 'bench_lists', records: 2000 });
let t0 = performance.now();

const reader = await login('reader');
const visitor = { mappingPath: '' };
const get = (url, headers = reader) => app.inject({ method: 'GET', url, headers });
const post = (url, payload, headers = reader) => app.inject({ method: 'POST', url, headers, payload });

// 100 lists through the API (the limit holds), then their records set-based.
t0 = performance.now();
for (let i = 1; i <= LISTS; i++) {
  const res = await post('/find/bookList/create', {
    title: `书单 ${i}`,
    description: `第 ${i} 个书单的简介`,
    isPublic: i % 2 === 0,
  });
  if (!res.json().success) throw new Error(res.body);
}
const readerId = (
  await db.kysely
    .selectFrom('reader')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('account', '=', 'reader')
    .executeTakeFirstOrThrow()
).id;
await sql`
  WITH l AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM reader_book_list WHERE reader_id = ${readerId}),
       r AS (SELECT record_id, row_number() OVER (ORDER BY record_id) AS n FROM bib_record
             WHERE tenant_id = ${tenantId} AND NOT suppressed ORDER BY record_id LIMIT ${BIG})
  INSERT INTO reader_book_list_record (list_id, record_id, tenant_id, seq, note)
  SELECT l.id, r.record_id, ${tenantId}::int, r.n, CASE WHEN r.n % 3 = 0 THEN '推荐语 ' || r.n::text ELSE '' END
  FROM l JOIN r ON r.n <= CASE WHEN l.n = 1 THEN ${BIG}::int ELSE ${PER_LIST}::int END`.execute(db.kysely);
await sql`UPDATE reader_book_list l SET record_count = (SELECT count(*) FROM reader_book_list_record r WHERE r.list_id = l.id)
  WHERE reader_id = ${readerId}`.execute(db.kysely);
await sql`ANALYZE reader_book_list`.execute(db.kysely);
await sql`ANALYZE reader_book_list_record`.execute(db.kysely);
const mine = (await get('/find/bookList/myLists?rows=100')).json().data;
const ids = mine.list.map((l) => l.bookListId);
const publicIds = mine.list.filter((l) => l.isPublic).map((l) => l.bookListId);
const big = mine.list.find((l) => l.recordCount === BIG).bookListId;
console.log(
  `reader: ${mine.totalCount} lists, ${mine.list.reduce((n, l) => n + l.recordCount, 0)} records (made in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
);

for (let i = 0; i < 20; i++) await get(`/find/bookList/detail?bookListId=${ids[i]}&rows=50`);
console.log(
  `my lists (20 rows), concurrency 10:        ${fmt(await measure(requests, 10, (i) => get(`/find/bookList/myLists?rows=20&page=${(i % 5) + 1}`)))}`,
);
const listPage = await measure(requests, 10, (i) => get(`/find/bookList/detail?bookListId=${ids[i % LISTS]}&rows=50`));
console.log(`list page (50 rows), concurrency 10:       ${fmt(listPage)}`);
console.log(
  `public list, visitor, concurrency 10:      ${fmt(await measure(requests, 10, (i) => get(`/find/bookList/detail?bookListId=${publicIds[i % publicIds.length]}&rows=50`, visitor)))}`,
);
console.log(
  `500-record list, last page, concurrency 10: ${fmt(await measure(requests, 10, () => get(`/find/bookList/detail?bookListId=${big}&rows=50&page=10`)))}`,
);
console.log(
  `public lists searched, concurrency 10:     ${fmt(await measure(requests, 10, (i) => post('/find/bookList/publicLists', { q: i % 2 ? '书单' : '简介 1', rows: 12 }, visitor)))}`,
);
console.log(
  `view counted, concurrency 10:              ${fmt(await measure(requests, 10, (i) => post('/find/bookList/recordHotBookList', { bookListId: publicIds[i % publicIds.length] }, { ...visitor, 'user-agent': `ua ${i}` })))}`,
);
console.log(`target: list page p95 <= 50 ms — ${pct(listPage, 95) <= 50 ? 'met' : 'NOT met'}`);

await close();
