import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  ReportsErrCode,
  StaffErrCode,
  type AuditPage,
  type Dashboard,
  type Statistics,
} from '@openfind/contract';
import { t as text } from '../src/http/messages.js';
import { insertSearchLog } from '../src/modules/search/search-log-repository.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import {
  addLoans,
  day,
  makeReader,
  makeReaderWith,
  makeRecords,
  makeTenant,
  signIn,
  type MadeTenant,
} from './support/factories.js';
import { makeStaff, staffHeader } from './support/staff.js';

/**
 * Issue 28: the staff console's dashboard, statistics and audit log. The figures are made through
 * the product's write paths (the search log's batches, reader logins, the desk's loans and renewals,
 * requests, comments) and checked to the unit; another institution's activity never shows; the
 * audit log is an administrator's, and nothing changes it.
 */

let t: TestApp;
let home: MadeTenant;
let other: MadeTenant;
let admin: Record<string, string>;
let desk: Record<string, string>;
let otherAdmin: Record<string, string>;

/** A search of the log, `daysAgo` days back (0: through the product's batch insert, now). */
async function logSearch(tenantId: number, text: string, numFound: number, daysAgo = 0): Promise<void> {
  if (daysAgo === 0) {
    await insertSearchLog(t.db.kysely, [
      { tenantId, queryKey: text.toLowerCase(), queryText: text, searchField: 'keyWord', numFound },
    ]);
    return;
  }
  await sql`INSERT INTO search_log (tenant_id, query_key, query_text, num_found, created_at)
            VALUES (${tenantId}, ${text.toLowerCase()}, ${text}, ${numFound}, now() - make_interval(days => ${daysAgo}))`.execute(
    t.db.kysely,
  );
}

function get<T>(path: string, headers: Record<string, string>, query: Record<string, string> = {}, lang?: 'en-US') {
  return t.call({ url: path, query, mappingPath: home.mappingPath, headers, lang }).then((r) => ({
    status: r.statusCode,
    env: envelopeOf<T>(r),
  }));
}

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  home = await makeTenant(t, { libraries: 'demo' });
  other = await makeTenant(t, { libraries: 'demo' });
  const adminAccount = await makeStaff(t, home.id, { role: 'admin', username: 'chief' });
  admin = await staffHeader(t, adminAccount);
  desk = await staffHeader(t, await makeStaff(t, home.id, { role: 'staff', username: 'frontdesk' }));
  otherAdmin = await staffHeader(t, await makeStaff(t, other.id, { role: 'admin' }));

  // Searches: 3 today (1 found nothing), 2 five days ago (both nothing, the same text), 1 forty days ago.
  await logSearch(home.id, '红楼梦', 12);
  await logSearch(home.id, '三体', 4);
  await logSearch(home.id, '量子纠缠导论', 0);
  await logSearch(home.id, 'Rust 编程', 0, 5);
  await logSearch(home.id, 'rust 编程', 0, 5);
  await logSearch(home.id, '很久以前', 0, 40);
  // Another institution's searches and logins never count here.
  for (let i = 0; i < 4; i++) await logSearch(other.id, '别处', 0);
  await signIn(t, other, await makeReader(t, other.id));

  // Two logins today.
  const reader = await makeReader(t, home.id);
  await signIn(t, home, reader);
  await signIn(t, home, reader);

  // Loans: one at the desk today, one renewed at the desk today (lent twenty days ago), one three days
  // ago, one forty days ago (outside the 30 days).
  const [lent, queued, renewed] = await makeRecords(t, home.id, [
    { title: '借出的书', clcClasses: ['I247.5'], items: [{ barcode: 'RPT-1' }] },
    { title: '排队的书', clcClasses: ['TP312'], items: [{ barcode: 'RPT-2' }] },
    { title: '续借的书', clcClasses: ['I210'], items: [{ barcode: 'RPT-3' }] },
  ]);
  const lend = await t.call({
    url: ApiPath.deskCheckout,
    body: { reader: reader.account, barcode: 'RPT-1' },
    mappingPath: home.mappingPath,
    headers: desk,
  });
  expect(envelopeOf(lend).success).toBe(true);
  await t.db.kysely
    .insertInto('loan_event')
    .values({
      tenant_id: home.id,
      record_id: renewed,
      barcode: 'RPT-3',
      lib_code: 'OFU',
      reader_id: reader.id,
      loan_date: day(-20),
      due_date: day(3),
    })
    .execute();
  const renew = await t.call({
    url: ApiPath.deskRenew,
    body: { reader: reader.account, barcode: 'RPT-3' },
    mappingPath: home.mappingPath,
    headers: desk,
  });
  expect(envelopeOf(renew).success).toBe(true);
  await addLoans(t, home.id, [
    { recordId: queued, loanDate: day(-3), returnDate: day(-1) },
    { recordId: lent, loanDate: day(-40), returnDate: day(-35) },
  ]);
  await addLoans(t, other.id, [{ recordId: (await makeRecords(t, other.id, [{}]))[0], loanDate: day(0) }]);

  // Waiting: a request in the queue for the lent book, and a comment to moderate.
  const second = await makeReaderWith(t, home.id, { department: '物理系', readerType: 'teacher' });
  await t.services.requests.place(home.id, second, {
    recordId: lent,
    requestType: 'reserve',
    pickupLibCode: 'OFU',
    contactPhone: '',
  });
  await t.services.evaluations.comment(home.id, second, {
    recordId: lent,
    content: '很好的一本书',
    score: null,
  } as never);
});
afterAll(async () => t?.close());

describe('the dashboard', () => {
  it('counts today and the last 30 days of this institution, day by day, with the zero-result searches', async () => {
    const { env } = await get<Dashboard>(ApiPath.reportsDashboard, desk);
    expect(env.success).toBe(true);
    const d = env.data;
    expect(d.today).toBe(day(0));
    expect(d.days).toHaveLength(30);
    expect(d.days[0]!.day).toBe(day(-29));
    expect(d.days.at(-1)!.day).toBe(day(0));
    expect(d.todayTotals).toEqual({ searches: 3, zeroResults: 1, logins: 2, loans: 1, renewals: 1 });
    expect(d.periodTotals).toEqual({ searches: 5, zeroResults: 3, logins: 2, loans: 3, renewals: 1 });
    expect(d.days.find((x) => x.day === day(-5))).toMatchObject({ searches: 2, zeroResults: 2 });
    expect(d.days.find((x) => x.day === day(-3))).toMatchObject({ loans: 1 });
    // The same text in two spellings is one search, shown as last typed; the 40-day-old one is out.
    expect(d.zeroSearches).toEqual([
      { text: 'rust 编程', n: 2 },
      { text: '量子纠缠导论', n: 1 },
    ]);
    expect(d.waiting).toEqual({ requests: 1, readyRequests: 0, comments: 1 });
  });

  it("shows another institution's staff only their own figures", async () => {
    const r = await t.call({ url: ApiPath.reportsDashboard, mappingPath: other.mappingPath, headers: otherAdmin });
    const d = envelopeOf<Dashboard>(r).data;
    expect(d.todayTotals).toEqual({ searches: 4, zeroResults: 4, logins: 1, loans: 1, renewals: 0 });
    expect(d.zeroSearches).toEqual([{ text: '别处', n: 4 }]);
    expect(d.waiting).toEqual({ requests: 0, readyRequests: 0, comments: 0 });
    // And cannot ask for this institution's.
    const { status, env } = await get(ApiPath.reportsDashboard, otherAdmin);
    expect(status).toBe(403);
    expect(env.errCode).toBe(StaffErrCode.otherInstitution);
  });

  it('is for staff only', async () => {
    expect((await get(ApiPath.reportsDashboard, {})).status).toBe(401);
  });
});

describe('the statistics', () => {
  it('gives a period by day: searches, logins, loans, renewals, returns; readers and records by group', async () => {
    const { env } = await get<Statistics>(ApiPath.reportsStatistics, desk, { from: day(-5), to: day(0) });
    expect(env.success).toBe(true);
    const s = env.data;
    expect(s.periods.map((p) => p.period)).toEqual([day(-5), day(-4), day(-3), day(-2), day(-1), day(0)]);
    expect(s.periods[0]).toMatchObject({ searches: 2, zeroResults: 2, loans: 0 });
    expect(s.periods[2]).toMatchObject({ loans: 1, returns: 0 });
    expect(s.periods[4]).toMatchObject({ returns: 1 });
    expect(s.periods[5]).toMatchObject({ searches: 3, zeroResults: 1, logins: 2, loans: 1, renewals: 1 });
    expect(s.readersByDepartment).toContainEqual({ key: '物理系', n: 1 });
    expect(s.readersByType).toContainEqual({ key: 'teacher', n: 1 });
    expect(s.readersByDepartment.reduce((a, g) => a + g.n, 0)).toBe(2);
    expect(s.recordsByClass).toEqual([
      { key: 'I', n: 2 },
      { key: 'T', n: 1 },
    ]);
    expect(s.loansByClass).toEqual([
      { key: 'I', n: 1 },
      { key: 'T', n: 1 },
    ]);
  });

  it('counts a return when it is made, and a loan under the class its record had when lent', async () => {
    // An institution of its own: the other tests' figures stay as they are, in any order.
    const place = await makeTenant(t, { libraries: 'demo' });
    const staff = await staffHeader(t, await makeStaff(t, place.id, { role: 'staff' }));
    const reader = await makeReader(t, place.id);
    const [recordId] = await makeRecords(t, place.id, [
      { title: '归还统计之书', clcClasses: ['K825'], items: [{ barcode: 'RET-1' }] },
    ]);
    const desk = (url: string, body: Record<string, unknown>) =>
      t.call({ url, body, mappingPath: place.mappingPath, headers: staff }).then((r) => envelopeOf(r));
    expect((await desk(ApiPath.deskCheckout, { reader: reader.account, barcode: 'RET-1' })).success).toBe(true);
    // The record is classed again after the loan: the loan stays under K.
    await t.db.kysely
      .updateTable('bib_record')
      .set({ clc_classes: ['I247'] })
      .where('record_id', '=', recordId)
      .execute();
    const today = async () => {
      const r = await t.call({
        url: ApiPath.reportsStatistics,
        query: { from: day(0), to: day(0) },
        mappingPath: place.mappingPath,
        headers: staff,
      });
      return envelopeOf<Statistics>(r).data;
    };
    expect((await today()).periods[0]).toMatchObject({ loans: 1, returns: 0 });
    const back = await desk(ApiPath.deskCheckin, { barcode: 'RET-1' });
    expect(back.success, back.message).toBe(true);
    const s = await today();
    expect(s.periods[0]).toMatchObject({ loans: 1, returns: 1 });
    expect(s.loansByClass).toEqual([{ key: 'K', n: 1 }]);
    expect(s.recordsByClass).toEqual([{ key: 'I', n: 1 }]);
  });

  it('groups by month', async () => {
    const { env } = await get<Statistics>(ApiPath.reportsStatistics, desk, { by: 'month' });
    const s = env.data;
    expect(s.periods).toHaveLength(12);
    expect(s.periods.at(-1)!.period).toBe(day(0).slice(0, 7));
    const total = (k: 'searches' | 'loans') => s.periods.reduce((a, p) => a + p[k], 0);
    expect(total('searches')).toBe(6);
    expect(total('loans')).toBe(4);
  });

  it('refuses a period that ends before it starts, or is too long, with a translated message', async () => {
    for (const query of [
      { from: day(0), to: day(-1) },
      { from: day(-400), to: day(0) },
      { from: '2026-02-30', to: '2026-03-02' },
    ]) {
      const { status, env } = await get(ApiPath.reportsStatistics, desk, query, 'en-US');
      expect(status).toBe(200);
      expect(env.success).toBe(false);
      expect(env.errCode).toBe(ReportsErrCode.badPeriod);
      expect(env.message).toBe(text('en-US', 'reportsBadPeriod', { days: 366 }));
    }
    expect((await get(ApiPath.reportsStatistics, desk, { from: 'yesterday' })).status).toBe(400);
  });
});

describe('the audit log', () => {
  it('lists the changes of the institution to an administrator, filtered by who, action, target and date', async () => {
    const { env } = await get<AuditPage>(ApiPath.reportsAudit, admin, { action: 'desk.' });
    expect(env.success).toBe(true);
    expect(env.data.list.map((r) => r.action)).toEqual(['desk.renew', 'desk.checkout']);
    const checkout = env.data.list[1]!;
    expect(checkout.actor).toBe('frontdesk');
    expect(JSON.stringify(checkout)).toContain('RPT-1');
    expect(env.data.actions).toEqual(expect.arrayContaining(['desk.checkout', 'desk.renew', 'staff.add']));

    const byActor = await get<AuditPage>(ApiPath.reportsAudit, admin, { actor: 'FRONTDESK' });
    expect(byActor.env.data.list.every((r) => r.actor === 'frontdesk')).toBe(true);
    expect(byActor.env.data.totalCount).toBe(2);
    const byTarget = await get<AuditPage>(ApiPath.reportsAudit, admin, { target: 'rpt-3', action: 'desk.' });
    expect(byTarget.env.data.totalCount).toBe(1);
    // A wildcard is a character: nothing holds a literal %.
    expect((await get<AuditPage>(ApiPath.reportsAudit, admin, { target: '%' })).env.data.totalCount).toBe(0);
    const later = await get<AuditPage>(ApiPath.reportsAudit, admin, { from: day(1) });
    expect(later.env.data.totalCount).toBe(0);
    const paged = await get<AuditPage>(ApiPath.reportsAudit, admin, { rows: '1', page: '2', action: 'desk.' });
    expect(paged.env.data).toMatchObject({ totalCount: 2, list: [{ action: 'desk.checkout' }] });
  });

  it("never shows another institution's rows, and is refused to desk staff", async () => {
    const r = await t.call({ url: ApiPath.reportsAudit, mappingPath: other.mappingPath, headers: otherAdmin });
    const page = envelopeOf<AuditPage>(r).data;
    expect(page.list.some((row) => row.action.startsWith('desk.'))).toBe(false);
    expect(page.actions).not.toContain('desk.checkout');
    const { status, env } = await get(ApiPath.reportsAudit, desk);
    expect(status).toBe(403);
    expect(env.errCode).toBe(StaffErrCode.roleTooLow);
  });

  it('cannot be changed: the database refuses UPDATE, DELETE and TRUNCATE of its rows', async () => {
    const before = await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_log`.execute(t.db.kysely);
    for (const statement of [
      sql`UPDATE audit_log SET actor = 'someone else'`,
      sql`DELETE FROM audit_log`,
      sql`TRUNCATE audit_log`,
    ])
      await expect(statement.execute(t.db.kysely)).rejects.toThrow(/append-only/);
    const after = await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_log`.execute(t.db.kysely);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('has no UPDATE or DELETE anywhere in the server: no call can change it', () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
    const files = (readdirSync(src, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
    const touching = files.filter((f) =>
      /(updateTable|deleteFrom)\(\s*['"]audit_log|(UPDATE|DELETE\s+FROM|TRUNCATE)\s+audit_log/i.test(
        readFileSync(path.join(src, f), 'utf8'),
      ),
    );
    expect(files.length).toBeGreaterThan(50);
    expect(touching).toEqual([]);
  });
});
