#!/usr/bin/env node
// A full OAI-PMH harvest (issue 30) of 100,000 records through resumption tokens, over HTTP, as a
// harvester makes it: ListRecords in oai_dc, then ListIdentifiers, of the default demo institution
// whose catalogue is written synthetically by SQL (titles, authors, ISBNs, CLC classes, document
// types; a few hundred records share each updated_at, as an import's batches do). While the first
// harvest runs, 1,000 records are added and 500 already harvested are changed: the harvest must still
// send every record of its start exactly once (count = records, no duplicate); the new and changed
// ones are the next harvest's (checked: an incremental harvest from the first one's responseDate has
// them all). Prints records/s of each harvest.
// Usage: npm run build && node bench/oai-harvest.mjs [records=100000] [--pg postgres://…/db (a schema of its own, dropped at the end)]
import { sql } from 'kysely';
import { buildApp } from '../apps/server/dist/app.js';
import { openDatabase } from '../apps/server/dist/db/database.js';
import { prepareDatabase } from '../apps/server/dist/db/setup.js';
import { seedDemo } from '../apps/server/dist/seed/demo.js';
import { createServices } from '../apps/server/dist/services.js';

const pgAt = process.argv.indexOf('--pg');
const pgUrl = pgAt > 0 ? process.argv[pgAt + 1] : undefined;
const [records = 100_000] = process.argv
  .slice(2)
  .filter((a) => /^\d+$/.test(a))
  .map(Number);
const schema = `bench_oai_${process.pid}`;
const secs = (t) => (performance.now() - t) / 1000;

const db = await openDatabase(pgUrl ? { kind: 'postgres', url: pgUrl, schema, poolSize: 10 } : { kind: 'pglite' });
console.log(pgUrl ? `PostgreSQL server (schema ${schema})` : 'embedded database (PGlite)');
let app;
try {
  await prepareDatabase(db);
  await seedDemo(db.kysely, { records: 0 });
  const tenant = await db.kysely
    .selectFrom('tenant')
    .select(['id', 'mapping_path'])
    .where('mapping_path', '=', '')
    .executeTakeFirstOrThrow();
  let t0 = performance.now();
  // In batches of 500 statements' worth, each its own transaction: one updated_at per batch.
  const insert = (from, to) => sql`INSERT INTO bib_record (tenant_id, source_key, source_format, title, author, authors,
      publisher, publish_year, isbns, clc_classes, doc_code, lang_code, subjects, content_hash)
    SELECT ${tenant.id}, 'bench:' || g, 'demo', '书名 ' || g || ' 第' || (g % 13) || '卷', '作者' || (g % 997) || '著',
      ARRAY['作者' || (g % 997)], (ARRAY['科学出版社','机械工业出版社','清华大学出版社','人民邮电出版社'])[1 + g % 4],
      (1980 + g % 45)::text, ARRAY['9787' || lpad((g * 7919 % 1000000000)::text, 9, '0')],
      ARRAY[(ARRAY['TP3','TP31','K87','I24','O4','F27','G25','H31'])[1 + (g % 8)]],
      (ARRAY['1','1','1','1','2','3'])[1 + g % 6], 'chi', ARRAY['主题' || (g % 50)], md5(g::text)
    FROM generate_series(${from}::int, ${to}::int) g`;
  for (let from = 1; from <= records; from += 500) {
    await insert(from, Math.min(from + 499, records)).execute(db.kysely);
  }
  await sql`ANALYZE bib_record`.execute(db.kysely);
  // The demo seed may have put a few records of its own into the institution: they are harvested too.
  const { rows: counted } = await sql`SELECT count(*)::int AS n FROM bib_record WHERE tenant_id = ${tenant.id}`.execute(
    db.kysely,
  );
  const expected = counted[0].n;
  console.log(`catalogue: ${records} records written in ${secs(t0).toFixed(1)} s (${expected} in the institution)`);

  const services = createServices(db, { configCacheMs: 60_000 });
  app = await buildApp({ services });
  const base = `${await app.listen({ port: 0, host: '127.0.0.1' })}/oai`;

  /** Harvests a list through its tokens; `during(page)` runs between pages. */
  async function harvest(verb, args, during) {
    const seen = new Set();
    let duplicates = 0;
    let pages = 0;
    let url = `${base}?${new URLSearchParams({ verb, ...args })}`;
    let responseDate;
    for (;;) {
      const res = await fetch(url);
      const body = await res.text();
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
      const error = /<error code="([^"]+)"/.exec(body);
      if (error) {
        if (error[1] === 'noRecordsMatch') break;
        throw new Error(`OAI error ${error[1]}`);
      }
      responseDate ??= /<responseDate>([^<]+)/.exec(body)[1];
      for (const m of body.matchAll(/<identifier>([^<]+)<\/identifier>/g)) {
        if (seen.has(m[1])) duplicates++;
        seen.add(m[1]);
      }
      pages++;
      const token = /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(body);
      if (!token) break;
      if (during) await during(pages);
      url = `${base}?${new URLSearchParams({ verb, resumptionToken: token[1] })}`;
    }
    return { seen, duplicates, pages, responseDate };
  }

  t0 = performance.now();
  const first = await harvest('ListRecords', { metadataPrefix: 'oai_dc' }, async (page) => {
    if (page !== 3) return;
    await insert(records + 1, records + 1000).execute(db.kysely);
    await sql`UPDATE bib_record SET updated_at = now() WHERE tenant_id = ${tenant.id}
      AND record_id IN (SELECT record_id FROM bib_record WHERE tenant_id = ${tenant.id} ORDER BY record_id LIMIT 500)`.execute(
      db.kysely,
    );
  });
  const s1 = secs(t0);
  console.log(
    `ListRecords oai_dc: ${first.seen.size} records in ${first.pages} pages, ${first.duplicates} duplicates, ` +
      `${s1.toFixed(1)} s, ${Math.round(first.seen.size / s1)} records/s`,
  );
  if (first.seen.size !== expected || first.duplicates !== 0) throw new Error(`expected ${expected} records once each`);

  const next = await harvest('ListIdentifiers', { metadataPrefix: 'oai_dc', from: first.responseDate });
  console.log(`incremental harvest from ${first.responseDate}: ${next.seen.size} headers (1,000 added + 500 changed)`);
  if (next.seen.size < 1500) throw new Error('the incremental harvest misses records changed during the first');

  t0 = performance.now();
  const ids = await harvest('ListIdentifiers', { metadataPrefix: 'oai_dc' });
  const s2 = secs(t0);
  console.log(
    `ListIdentifiers: ${ids.seen.size} headers in ${ids.pages} pages, ${ids.duplicates} duplicates, ` +
      `${s2.toFixed(1)} s, ${Math.round(ids.seen.size / s2)} headers/s`,
  );
  if (ids.seen.size !== expected + 1000 || ids.duplicates !== 0) throw new Error('ListIdentifiers: gaps or duplicates');
} finally {
  await app?.close();
  if (pgUrl) await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db.kysely).catch(() => undefined);
  await db.close();
}
