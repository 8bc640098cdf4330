#!/usr/bin/env node
// My Library's circulation (issue 27), on a fresh embedded database with the demo institutions:
// a reader with 200 loans (OpenFind's own circulation), then at concurrency 10 the summary
// (GET /find/loanInfo/loanSummary), the loans page (POST loanList, 20 rows) and all 200 loans at
// once; renew all of a reader's 50 loans in one call; and, when ../shared is beside the repo, the
// summary of a reader whose loans are in a SIP2 system (the test server of ../shared). Through the
// app's request handling (inject: routing, session, validation, database), without the socket.
// Targets: summary and loans page p95 <= 50 ms (local provider, concurrency 10); renew all of 50
// <= 1 s; over SIP2 the summary <= 300 ms.
// Usage: npm run build && node bench/circulation.mjs [requests=300] [--pg postgres://…/db (a PostgreSQL
// server instead of the embedded database: a schema of its own, dropped at the end)]
import { existsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import net from 'node:net';
import { sql } from 'kysely';
import { checkout } from '../apps/server/dist/modules/circulation/desk-service.js';
import { benchArgs, fmt, measure, openBench } from './support.mjs';

const { pgUrl, requests } = benchArgs();
const { db, services, app, tenantId, login, close } = await openBench({
  pgUrl,
  schemaPrefix: 'bench_circ',
  records: 1500,
});
let t0 = performance.now();

// The reader D0001 borrows 200 more copies (the rules raised for it: 1000 loans).
await sql`UPDATE loan_policy SET max_loans = 1000 WHERE tenant_id = ${tenantId}`.execute(db.kysely);
const shelf = await sql`
  SELECT barcode FROM item WHERE tenant_id = ${tenantId} AND process_type_code = '411' AND circ_attr = '0'
    AND barcode IS NOT NULL ORDER BY item_id LIMIT 250`.execute(db.kysely);
let lent = 0;
for (const { barcode } of shelf.rows) {
  if (lent >= 193) break; // the demo reader has 7 loans already
  await checkout(db.kysely, tenantId, { reader: 'D0001', barcode });
  lent++;
}
const reader = await login('reader');
const count = (
  await app.inject({ method: 'POST', url: '/find/loanInfo/loanList', headers: reader, payload: { rows: 1 } })
).json().data.loanNum;
console.log(`reader D0001: ${count} loans`);

for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url: '/find/loanInfo/loanSummary', headers: reader });
console.log(
  `summary, concurrency 10:           ${fmt(await measure(requests, 10, () => app.inject({ method: 'GET', url: '/find/loanInfo/loanSummary', headers: reader })))}`,
);
console.log(
  `loans page (20), concurrency 10:   ${fmt(await measure(requests, 10, () => app.inject({ method: 'POST', url: '/find/loanInfo/loanList', headers: reader, payload: { rows: 20 } })))}`,
);
console.log(
  `all 200 loans, concurrency 10:     ${fmt(await measure(Math.min(requests, 100), 10, () => app.inject({ method: 'POST', url: '/find/loanInfo/loanList', headers: reader, payload: { rows: 200 } })))}`,
);

// Renew all of 50 loans: 50 of the reader's loans made due in 5 days (inside the renewal window).
const fifty = await sql`
  UPDATE loan_event SET due_date = current_date + 5
  WHERE id IN (SELECT id FROM loan_event WHERE tenant_id = ${tenantId} AND return_date IS NULL
                 AND reader_id = (SELECT id FROM reader WHERE tenant_id = ${tenantId} AND card_no = 'D0001')
                 AND renew_count = 0 AND recall_count = 0
               ORDER BY id DESC LIMIT 50)
  RETURNING id::text AS id`.execute(db.kysely);
const ids = fifty.rows.map((r) => Number(r.id));
t0 = performance.now();
const renewed = (
  await app.inject({ method: 'POST', url: '/find/lendbook/reNew', headers: reader, payload: { loanIds: ids } })
).json().data;
console.log(
  `renew all of ${ids.length} loans: ${(performance.now() - t0).toFixed(0)} ms (${renewed.success} renewed, ${renewed.fail} not)`,
);

// Over SIP2, against the test server of ../shared.
const root = fileURLToPath(new URL('..', import.meta.url));
const startScript = resolve(root, '..', 'shared', 'tools', 'sip2-server', 'start.sh');
if (existsSync(startScript)) {
  const port = await new Promise((done) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => done(p));
    });
  });
  const { stdout } = await promisify(execFile)('bash', [startScript, String(port)], { timeout: 120_000 });
  const pid = Number(/pid (\d+)/.exec(stdout)?.[1]);
  try {
    await services.circulation.setSip2Connection(
      tenantId,
      JSON.stringify({
        host: '127.0.0.1',
        port,
        user: 'scclient',
        password: 'clientpwd',
        institutionId: 'UWOLS',
        poolSize: 1,
      }),
    );
    await sql`UPDATE reader SET card_no = 'zhangsan' WHERE tenant_id = ${tenantId} AND card_no = 'D0006'`.execute(
      db.kysely,
    );
    const provider = await services.circulation.providerOf(tenantId);
    await provider.client.checkout('zhangsan', '9787020002207');
    await provider.client.checkout('zhangsan', '9787108128065');
    const sip2Reader = await login('reader');
    for (let i = 0; i < 5; i++)
      await app.inject({ method: 'GET', url: '/find/loanInfo/loanSummary', headers: sip2Reader });
    console.log(
      `over SIP2 (2 loans), one at a time: ${fmt(await measure(50, 1, () => app.inject({ method: 'GET', url: '/find/loanInfo/loanSummary', headers: sip2Reader })))}`,
    );
  } finally {
    process.kill(-pid, 'SIGTERM');
  }
} else {
  console.log('over SIP2: skipped (no ../shared/tools/sip2-server beside the repo)');
}
await close();
