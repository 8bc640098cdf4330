#!/usr/bin/env node
// The subscription digest job (issue 29, My Library key 3) over 10,000 subscriptions and 100,000
// records, on a fresh embedded database (or a PostgreSQL server with --pg): the demo catalogue of
// 100,000 records added over the last 30 days (about 3,300 a day), 2,000 readers with five
// subscriptions each — keyword searches drawn from the catalogue's titles, class numbers and
// journals, daily and weekly, inbox and e-mail (a mail server stand-in that takes every mail) — all
// due, their watermarks a day old. One run of the job, as the scheduler starts it; its time printed.
// Target: <= 60 s.
// Usage: npm run build && node bench/subscriptions.mjs [subscriptions=10000] [records=100000]
//   [--pg postgres://…/db (a schema of its own, dropped at the end)] [--synthetic (records written by SQL)]
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/dist/db/database.js';
import { prepareDatabase } from '../apps/server/dist/db/setup.js';
import { seedDemo } from '../apps/server/dist/seed/demo.js';
import { createServices } from '../apps/server/dist/services.js';
import { SubscriptionJob } from '../apps/server/dist/modules/subscriptions/subscription-job.js';

const pgAt = process.argv.indexOf('--pg');
const pgUrl = pgAt > 0 ? process.argv[pgAt + 1] : undefined;
const synthetic = process.argv.includes('--synthetic');
const [subs = 10_000, records = 100_000] = process.argv
  .slice(2)
  .filter((a) => /^\d+$/.test(a))
  .map(Number);
const PER_READER = 5;
const schema = `bench_subs_${process.pid}`;
const secs = (t) => `${((performance.now() - t) / 1000).toFixed(1)} s`;

const db = await openDatabase(pgUrl ? { kind: 'postgres', url: pgUrl, schema, poolSize: 10 } : { kind: 'pglite' });
console.log(pgUrl ? `PostgreSQL server, pool of 10 (schema ${schema})` : 'embedded database (PGlite, one connection)');
try {
  await prepareDatabase(db);
  let t0 = performance.now();
  // --synthetic: the demo institutions without their catalogue, and the records written by SQL (titles of
  // four words of a 4,096-word vocabulary, a CLC class, search vectors of the title): minutes faster to
  // prepare than the demo catalogue, which analyses every record as an import does.
  await seedDemo(db.kysely, { records: synthetic ? 0 : records });
  const tenantId = (
    await db.kysely.selectFrom('tenant').select('id').where('mapping_path', '=', '').executeTakeFirstOrThrow()
  ).id;
  if (synthetic)
    await sql`INSERT INTO bib_record (tenant_id, source_key, source_format, title, author, clc_classes, content_hash,
        search_vector, created_at)
      SELECT ${tenantId}, 'bench:' || g, 'demo', t.title, 'author' || (g % 997), ARRAY[c.cls], md5(g::text),
        setweight(to_tsvector('simple', t.title), 'A'), now()
      FROM generate_series(1, ${records}) g
      CROSS JOIN LATERAL (SELECT 'w' || (hashint4(g) & 4095) || ' w' || (hashint4(g + 1) & 4095) || ' w' ||
        (hashint4(g + 2) & 4095) || ' w' || (hashint4(g + 3) & 4095) AS title) t
      CROSS JOIN LATERAL (SELECT (ARRAY['TP3','TP31','K87','I24','O4','F27','G25','H31'])[1 + (g % 8)] AS cls) c`.execute(
      db.kysely,
    );
  // The records arrived over the last 30 days.
  await sql`UPDATE bib_record SET created_at = now() - (random() * interval '30 days') WHERE tenant_id = ${tenantId}`.execute(
    db.kysely,
  );
  await sql`ANALYZE bib_record`.execute(db.kysely);
  const { rows: counted } = await sql`SELECT count(*)::int AS n,
      count(*) FILTER (WHERE created_at > now() - interval '25 hours')::int AS day,
      count(*) FILTER (WHERE created_at > now() - interval '7 days 1 hour')::int AS week
    FROM bib_record WHERE tenant_id = ${tenantId}`.execute(db.kysely);
  console.log(
    `demo catalogue: ${counted[0].n} records (${counted[0].day} of the last day, ${counted[0].week} of the last week) in ${secs(t0)}`,
  );

  // Readers and what they follow.
  t0 = performance.now();
  const readers = Math.ceil(subs / PER_READER);
  await sql`INSERT INTO reader (tenant_id, account, name, email, email_verified, password_hash)
    SELECT ${tenantId}, 'bench' || g, '读者' || g, 'bench' || g || '@example.org', g % 2 = 0, 'x'
    FROM generate_series(1, ${readers}) g`.execute(db.kysely);
  const { rows: readerIds } =
    await sql`SELECT id FROM reader WHERE tenant_id = ${tenantId} AND account LIKE 'bench%' ORDER BY id`.execute(
      db.kysely,
    );
  const { rows: words } = await sql`SELECT DISTINCT w FROM (
      SELECT regexp_split_to_table(title, '[\\s·:：,，]+') AS w FROM bib_record WHERE tenant_id = ${tenantId} LIMIT 20000) x
    WHERE length(w) BETWEEN 2 AND 12 LIMIT 3000`.execute(db.kysely);
  const { rows: classes } = await sql`SELECT DISTINCT left(c, 3) AS c FROM bib_record, unnest(clc_classes) c
    WHERE tenant_id = ${tenantId} LIMIT 300`.execute(db.kysely);
  const services = createServices(db, { configCacheMs: 5000 });
  const q = services.subscriptions;
  const rows = [];
  let n = 0;
  const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
  for (const { id: readerId } of readerIds) {
    const taken = new Set();
    for (let k = 0; k < PER_READER && n < subs; k++, n++) {
      const r = Math.random();
      const req =
        r < 0.7
          ? { kind: 'search', search: { searchFieldContent: `${pick(words).w}`, searchField: 'keyWord' } }
          : r < 0.9
            ? { kind: 'class', classNo: pick(classes).c }
            : { kind: 'journal', journal: pick(words).w };
      const { query, text, key } = q.queryOf({ ...req, frequency: 'daily', byEmail: false, byInbox: true });
      if (taken.has(key)) {
        k--;
        n--;
        continue;
      }
      taken.add(key);
      rows.push({
        reader_id: readerId,
        kind: req.kind,
        title: text.slice(0, 100),
        query_text: text,
        query: JSON.stringify(query),
        query_key: key,
        frequency: Math.random() < 0.8 ? 'daily' : 'weekly',
        by_email: readerId % 2 === 0 && Math.random() < 0.5,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    await db.kysely.executeQuery(
      sql`INSERT INTO subscription (tenant_id, reader_id, kind, title, query_text, query, query_key, frequency,
          by_email, by_inbox, site_url, inbox_up_to, mail_up_to)
        SELECT ${tenantId}, x.reader_id, x.kind, x.title, x.query_text, x.query, x.query_key, x.frequency, x.by_email, true,
          'https://library.example.org',
          date_trunc('milliseconds', now()) - CASE x.frequency WHEN 'daily' THEN interval '1 day' ELSE interval '7 days' END,
          date_trunc('milliseconds', now()) - CASE x.frequency WHEN 'daily' THEN interval '1 day' ELSE interval '7 days' END
        FROM json_to_recordset(${JSON.stringify(chunk)}::json)
          AS x(reader_id int, kind text, title text, query_text text, query text, query_key text, frequency text, by_email boolean)`.compile(
        db.kysely,
      ),
    );
  }
  const distinct = new Set(rows.map((r) => r.query_key)).size;
  console.log(`${readers} readers, ${rows.length} subscriptions (${distinct} distinct searches) in ${secs(t0)}`);

  let mails = 0;
  const job = new SubscriptionJob(db.kysely, {
    subscriptions: q,
    search: services.search,
    tenants: services.tenants,
    mail: { send: async () => void mails++ },
    timeZone: 'Asia/Shanghai',
    settleMs: 0,
  });
  t0 = performance.now();
  const report = await job.run({ trigger: 'cli' });
  const took = (performance.now() - t0) / 1000;
  const inst = report.institutions.find((i) => i.tenantId === tenantId);
  console.log(
    `job: ${report.status} in ${took.toFixed(1)} s — ${inst.subscriptions} subscriptions due, ${inst.searches} searches, ` +
      `${inst.readers} readers, ${inst.messages} inbox messages, ${inst.mailsSent} mails (${mails} taken), ` +
      `${inst.records} records listed`,
  );
  console.log(took <= 60 ? 'target met (<= 60 s)' : 'TARGET MISSED (> 60 s)');
  await services.search.close?.();
} finally {
  if (pgUrl) await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db.kysely).catch(() => {});
  await db.close();
}
