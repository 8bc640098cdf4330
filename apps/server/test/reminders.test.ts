import type { AddressInfo } from 'node:net';
import ICAL from 'ical.js';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, AuthErrCode, CALENDAR_FEED_PATH, type CalendarFeed, type ReminderSettings } from '@openfind/contract';
import { REDACTED, redactUrl } from '../src/http/log-redaction.js';
import { t as text } from '../src/http/messages.js';
import { findReaderNotices, insertNotices } from '../src/modules/reminders/reminder-repository.js';
import { ReminderScheduler } from '../src/modules/reminders/reminder-scheduler.js';
import { reminderMessage } from '../src/modules/reminders/reminder-texts.js';
import { foldLine } from '../src/modules/reminders/ical.js';
import { zonedNow } from '../src/modules/reminders/zoned-time.js';
import type { JobRun } from '../src/modules/jobs/job-repository.js';
import type { ReminderJob, RunReport } from '../src/modules/reminders/reminder-job.js';
import { TEST_AUTH, tokenOf } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import {
  day,
  makeReader,
  makeReaderWith,
  makeRecords,
  makeTenant,
  signIn,
  type MadeReader,
  type MadeTenant,
} from './support/factories.js';

/**
 * Due-date reminders (issue 27): who is reminded of what and when, one message per reader, nothing
 * twice, mails tried again after a mail-server failure (a real SMTP server on localhost), one run at
 * a time; the reader's settings calls and the iCalendar feed, read with an independent parser.
 */

let t: TestApp;
const logLines: string[] = [];
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    auth: TEST_AUTH,
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
}, 120_000);
afterAll(async () => t?.close());

type LoanSpec = { title: string; due: number; returned?: boolean };

/** Lends copies of new records to `readerId`, due `due` days from today (returned when said); the loan ids. */
async function lend(app: TestApp, tenantId: number, readerId: number, specs: LoanSpec[]): Promise<number[]> {
  const barcodes = specs.map(() => `R${tenantId}-${++serial}`);
  const records = await makeRecords(
    app,
    tenantId,
    specs.map((s, i) => ({
      title: s.title,
      items: [{ barcode: barcodes[i], processTypeCode: '412', dueDate: day(s.due) }],
    })),
  );
  const rows = await app.db.kysely
    .insertInto('loan_event')
    .values(
      specs.map((s, i) => ({
        tenant_id: tenantId,
        record_id: records[i]!,
        barcode: barcodes[i]!,
        reader_id: readerId,
        loan_date: day(s.due - 30),
        due_date: day(s.due),
        return_date: s.returned ? day(-1) : null,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

/** The reminder messages in a reader's inbox, oldest first. */
async function inbox(app: TestApp, readerId: number) {
  return app.db.kysely
    .selectFrom('reader_inbox')
    .select(['subject', 'body'])
    .where('reader_id', '=', readerId)
    .where('channel', '=', 'inbox')
    .orderBy('id')
    .execute();
}

const run = (app: TestApp, tenantId: number) => app.services.reminderJob.run({ trigger: 'cli', tenantId });
const of = (r: RunReport, tenantId: number) => r.institutions.find((i) => i.tenantId === tenantId)!;

/** The titles a reminder lists, in its order. */
const titlesIn = (body: string) => [...body.matchAll(/《([^》]+)》|"([^"]+)"/g)].map((m) => m[1] ?? m[2]);

describe('who is reminded of what', () => {
  let tenant: MadeTenant;
  beforeAll(async () => {
    tenant = await makeTenant(t);
  });

  it('loans due within three days (today included) and overdue ones, in one message a reader; not later, not returned', async () => {
    const reader = await makeReader(t, tenant.id);
    await lend(t, tenant.id, reader.id, [
      { title: '三天后到期', due: 3 },
      { title: '四天后到期', due: 4 },
      { title: '今天到期的书', due: 0 },
      { title: '昨天到期', due: -1 },
      { title: '已还的书', due: 1, returned: true },
    ]);
    const other = await makeReader(t, tenant.id);
    await lend(t, tenant.id, other.id, [{ title: '另一位读者的书', due: 2 }]);

    const report = await run(t, tenant.id);
    expect(report).toMatchObject({ ran: true, status: 'succeeded' });
    expect(of(report, tenant.id)).toMatchObject({ readers: 2, messages: 2, mailsSent: 0, failures: 0, skipped: null });

    const [message, ...more] = await inbox(t, reader.id);
    expect(more).toEqual([]);
    // Due soon first (soonest first), then overdue; written in Simplified Chinese (the reader's language is not known).
    expect(titlesIn(message!.body)).toEqual(['今天到期的书', '三天后到期', '昨天到期']);
    expect(message!.subject).toBe(`【${tenant.name}】借阅到期与超期提醒`);
    expect(message!.body).toContain(`${reader.name}，您好：`);
    expect(message!.body).toContain(`《三天后到期》，应还日期 ${day(3)}（还有 3 天）`);
    expect(message!.body).toContain(`《今天到期的书》，应还日期 ${day(0)}（今天到期）`);
    expect(message!.body).toContain(`《昨天到期》，应还日期 ${day(-1)}（已超期 1 天）`);
    expect(titlesIn((await inbox(t, other.id))[0]!.body)).toEqual(['另一位读者的书']);
    expect(logLines.join('')).toMatch(/"tenant":"lib\d+".*"readers":2.*"messages":2.*"reminders of an institution"/);
  });

  it('nothing twice: a second run sends nothing; a renewal makes the new due date a new occasion', async () => {
    const reader = await makeReader(t, tenant.id);
    const [loan] = await lend(t, tenant.id, reader.id, [
      { title: '续借的书', due: 2 },
      { title: '不动的书', due: 1 },
    ]);
    expect(of(await run(t, tenant.id), tenant.id).messages).toBeGreaterThan(0);
    const again = await run(t, tenant.id);
    expect(again.status).toBe('succeeded');
    expect(of(again, tenant.id)).toMatchObject({ readers: 0, messages: 0 });
    expect(await inbox(t, reader.id)).toHaveLength(1);

    // Renewed to a date still within three days: reminded of once more, for that date only.
    await t.db.kysely
      .updateTable('loan_event')
      .set({ due_date: day(3) })
      .where('id', '=', String(loan))
      .execute();
    expect(of(await run(t, tenant.id), tenant.id).messages).toBe(1);
    const messages = await inbox(t, reader.id);
    expect(messages).toHaveLength(2);
    expect(titlesIn(messages[1]!.body)).toEqual(['续借的书']);
  });

  it('overdue loans again every seven days after the first overdue day, not in between', async () => {
    const reader = await makeReader(t, tenant.id);
    const [week, eightDays] = await lend(t, tenant.id, reader.id, [
      { title: '超期七天', due: -7 },
      { title: '超期八天', due: -8 },
    ]);
    // Both were reminded of on their first overdue day (days 1–7 are the first interval).
    for (const [loanId, due] of [
      [week!, -7],
      [eightDays!, -8],
    ] as const) {
      await insertNotices(
        t.db.kysely,
        tenant.id,
        reader.id,
        [{ loanId: String(loanId), reason: 'overdue', dueDate: day(due), step: 0 }],
        { runId: 0, inbox: true, mail: false },
      );
    }
    await run(t, tenant.id);
    const [message] = await inbox(t, reader.id);
    // Day 8 starts the second interval: reminded again; day 7 is still in the first.
    expect(titlesIn(message!.body)).toEqual(['超期八天']);
    expect(message!.subject).toBe(`【${tenant.name}】图书超期提醒`);
    expect((await findReaderNotices(t.db.kysely, tenant.id, reader.id)).map((n) => [n.loanId, n.step])).toContainEqual([
      String(eightDays),
      1,
    ]);
  });

  it("each institution's own settings: days before, overdue once, reminders off, loans in the library's system", async () => {
    const five = await makeTenant(t);
    await t.services.reminders.setSettings(five.id, { daysBefore: 5, overdueEvery: 0 });
    const reader = await makeReader(t, five.id);
    const [, , longOverdue] = await lend(t, five.id, reader.id, [
      { title: '五天后到期', due: 5 },
      { title: '六天后到期', due: 6 },
      { title: '超期很久', due: -30 },
    ]);
    await insertNotices(
      t.db.kysely,
      five.id,
      reader.id,
      [{ loanId: String(longOverdue), reason: 'overdue', dueDate: day(-30), step: 0 }],
      { runId: 0, inbox: true, mail: false },
    );
    await run(t, five.id);
    // Overdue once (overdueEvery 0): not again after thirty days.
    expect((await inbox(t, reader.id)).map((m) => titlesIn(m.body))).toEqual([['五天后到期']]);

    const off = await makeTenant(t);
    await t.services.reminders.setSettings(off.id, { enabled: false });
    const offReader = await makeReader(t, off.id);
    await lend(t, off.id, offReader.id, [{ title: '不提醒', due: 1 }]);
    expect(of(await run(t, off.id), off.id).skipped).toBe('disabled');

    const sip2 = await makeTenant(t);
    await t.services.circulation.setSip2Connection(
      sip2.id,
      JSON.stringify({ host: '127.0.0.1', port: 1, user: 'sc', password: 'x', institutionId: 'X' }),
    );
    const sipReader = await makeReader(t, sip2.id);
    expect(of(await run(t, sip2.id), sip2.id).skipped).toBe('sip2');
    expect([...(await inbox(t, offReader.id)), ...(await inbox(t, sipReader.id))]).toEqual([]);
    const settings = await get<ReminderSettings>(sip2, await signIn(t, sip2, sipReader), ApiPath.reminderSettings);
    expect(settings.data).toMatchObject({ active: false, daysBefore: 3, overdueEvery: 7 });
    await expect(t.services.reminders.setSettings(five.id, { daysBefore: 31 })).rejects.toThrow(/daysBefore/);
  });

  it('a reader who turned reminders off gets nothing, and nothing is recorded for them', async () => {
    const reader = await makeReader(t, tenant.id);
    await lend(t, tenant.id, reader.id, [{ title: '不要提醒', due: 1 }]);
    const headers = await signIn(t, tenant, reader);
    const saved = await post<ReminderSettings>(tenant, headers, ApiPath.updateReminderSettings, {
      emailReminders: false,
      inboxReminders: '0',
    });
    expect(saved).toMatchObject({
      success: true,
      message: text('zh-CN', 'reminderSettingsSaved'),
      data: { emailReminders: false, inboxReminders: false, daysBefore: 3, active: true },
    });
    await run(t, tenant.id);
    expect(await inbox(t, reader.id)).toEqual([]);
    expect(await findReaderNotices(t.db.kysely, tenant.id, reader.id)).toEqual([]);
  });

  it('a run that stopped half-way is finished by the next: the readers done are not reminded again', async () => {
    const first = await makeReader(t, tenant.id);
    const second = await makeReader(t, tenant.id);
    const [firstLoan] = await lend(t, tenant.id, first.id, [{ title: '第一位', due: 2 }]);
    await lend(t, tenant.id, second.id, [{ title: '第二位', due: 2 }]);
    // The first reader's transaction had committed (notice and message) when the process died.
    await insertNotices(
      t.db.kysely,
      tenant.id,
      first.id,
      [{ loanId: String(firstLoan), reason: 'due', dueDate: day(2), step: 0 }],
      { runId: 0, inbox: true, mail: false },
    );
    await t.db.kysely
      .insertInto('job_run')
      .values({ job: 'reminders', trigger: 'schedule', tenant_id: null, run_day: day(0), host: 'dead:1' })
      .execute();
    await t.db.kysely
      .insertInto('job_lease')
      .values({ job: 'reminders', holder: 'dead:1:x', expires_at: new Date(Date.now() - 1000) })
      .execute();

    const report = await run(t, tenant.id);
    expect(report.status).toBe('succeeded');
    expect(await inbox(t, first.id)).toEqual([]);
    expect(titlesIn((await inbox(t, second.id))[0]!.body)).toEqual(['第二位']);
    const runs = await t.services.reminderJob.recentRuns(5);
    expect(runs.find((r) => r.host === 'dead:1')).toMatchObject({ status: 'interrupted' });
    expect(runs[0]).toMatchObject({ id: report.runId, status: 'succeeded', trigger: 'cli', tenantId: tenant.id });
  });

  it('one run at a time: two at once, one does the work; a lease held elsewhere makes a run wait its turn', async () => {
    const reader = await makeReader(t, tenant.id);
    await lend(t, tenant.id, reader.id, [{ title: '只提醒一次', due: 1 }]);
    const both = await Promise.all([run(t, tenant.id), run(t, tenant.id)]);
    expect(both.map((r) => r.status).sort()).toEqual(['busy', 'succeeded']);
    expect(await inbox(t, reader.id)).toHaveLength(1);

    await t.db.kysely
      .insertInto('job_lease')
      .values({ job: 'reminders', holder: 'other:2:y', expires_at: new Date(Date.now() + 60_000) })
      .execute();
    try {
      const busy = await run(t, tenant.id);
      expect(busy).toMatchObject({ ran: false, status: 'busy', runId: null, busy: { holder: 'other:2:y' } });
    } finally {
      await t.db.kysely.deleteFrom('job_lease').execute();
    }
  });

  it('a dry run says what it would send and records nothing', async () => {
    const dry = await makeTenant(t);
    const reader = await makeReader(t, dry.id);
    await lend(t, dry.id, reader.id, [{ title: '演练', due: 1 }]);
    const report = await t.services.reminderJob.run({ trigger: 'cli', tenantId: dry.id, dryRun: true });
    expect(report).toMatchObject({ ran: false, status: 'dry-run', runId: null });
    expect(of(report, dry.id).plans).toEqual([
      expect.objectContaining({
        readerId: reader.id,
        inbox: true,
        mail: false,
        loans: [{ title: '演练', dueDate: day(1), daysLate: -1 }],
      }),
    ]);
    expect(await inbox(t, reader.id)).toEqual([]);
    expect(await findReaderNotices(t.db.kysely, dry.id, reader.id)).toEqual([]);
  });
});

// --- the calls of My Library

const get = <T>(tenant: MadeTenant, headers: Record<string, string>, url: string, lang?: CallOptions['lang']) =>
  t.call({ url, mappingPath: tenant.mappingPath, headers, lang }).then((r) => envelopeOf<T>(r));
const post = <T>(
  tenant: MadeTenant,
  headers: Record<string, string>,
  url: string,
  body: unknown,
  lang?: CallOptions['lang'],
) => t.call({ url, mappingPath: tenant.mappingPath, headers, body, lang }).then((r) => envelopeOf<T>(r));

describe("the reader's reminder settings", () => {
  let tenant: MadeTenant;
  beforeAll(async () => {
    tenant = await makeTenant(t);
  });

  it('401 for visitors on every call', async () => {
    for (const [url, body] of [
      [ApiPath.reminderSettings, undefined],
      [ApiPath.updateReminderSettings, { emailReminders: false }],
      [ApiPath.calendarFeed, { action: 'create' }],
    ] as const) {
      const res = await t.call({ url, mappingPath: tenant.mappingPath, body });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('both on by default; one changed, the other kept; the masked address when e-mail could reach the reader', async () => {
    const reader = await makeReaderWith(t, tenant.id, { email: 'reader@example.org' });
    const headers = await signIn(t, tenant, reader);
    const start = await get<ReminderSettings>(tenant, headers, ApiPath.reminderSettings);
    expect(start.data).toEqual({
      emailReminders: true,
      inboxReminders: true,
      daysBefore: 3,
      overdueEvery: 7,
      active: true,
      // No mail server in this app: reminders go to the inbox only.
      emailAvailable: false,
      email: 'r***@example.org',
      feedActive: false,
      feedCreatedAt: null,
      feedUsedAt: null,
    });
    const off = await post<ReminderSettings>(
      tenant,
      headers,
      ApiPath.updateReminderSettings,
      { emailReminders: 0 },
      'en_US',
    );
    expect(off).toMatchObject({
      message: text('en-US', 'reminderSettingsSaved'),
      data: { emailReminders: false, inboxReminders: true },
    });
    const on = await post<ReminderSettings>(tenant, headers, ApiPath.updateReminderSettings, { inboxReminders: false });
    expect(on.data).toMatchObject({ emailReminders: false, inboxReminders: false });
    expect((await post(tenant, headers, ApiPath.updateReminderSettings, { inboxReminders: 'maybe' })).success).toBe(
      false,
    );
  });

  it('a cross-site POST is refused, and one with the cookie alone that says nothing of its site', async () => {
    const reader = await makeReader(t, tenant.id);
    const jwt = await tokenOf(t, reader.account, reader.password, tenant.mappingPath);
    const evil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    for (const headers of [
      { cookie: `jwt=${jwt}`, ...evil },
      { cookie: `jwt=${jwt}` },
      { jwtOpacAuth: jwt, ...evil },
    ]) {
      for (const [url, body] of [
        [ApiPath.updateReminderSettings, { emailReminders: false, inboxReminders: false }],
        [ApiPath.calendarFeed, { action: 'create' }],
      ] as const) {
        const res = await t.call({ url, mappingPath: tenant.mappingPath, body, headers });
        expect(res.statusCode).toBe(403);
        expect(envelopeOf(res).errCode).toBe(AuthErrCode.crossSiteRefused);
      }
    }
    const settings = await get<ReminderSettings>(tenant, { jwtOpacAuth: jwt }, ApiPath.reminderSettings);
    expect(settings.data).toMatchObject({ emailReminders: true, inboxReminders: true, feedActive: false });
    // From the portal's own page the cookie works.
    const same = await t.call({
      url: ApiPath.updateReminderSettings,
      mappingPath: tenant.mappingPath,
      body: { inboxReminders: false },
      headers: { cookie: `jwt=${jwt}`, 'sec-fetch-site': 'same-origin' },
    });
    expect(envelopeOf<ReminderSettings>(same).data.inboxReminders).toBe(false);
  });

  it("reminders in the reader's language: the one they last used My Library in", async () => {
    const langs = [
      ['zh_CN', 'zh-CN'],
      ['zh_HK', 'zh-TW'],
      ['en_US', 'en-US'],
    ] as const;
    const readers: Array<[MadeReader, (typeof langs)[number][1]]> = [];
    for (const [header, lang] of langs) {
      const reader = await makeReader(t, tenant.id, { name: `Reader ${header}` });
      await lend(t, tenant.id, reader.id, [
        { title: 'Soon, and due', due: 2 },
        { title: 'Late', due: -3 },
      ]);
      await get(tenant, await signIn(t, tenant, reader), ApiPath.reminderSettings, header);
      readers.push([reader, lang]);
    }
    await run(t, tenant.id);
    for (const [reader, lang] of readers) {
      const [message] = await inbox(t, reader.id);
      const expected = reminderMessage(lang, {
        library: tenant.name,
        readerName: reader.name,
        lines: [
          { title: 'Soon, and due', dueDate: day(2), daysLate: -2 },
          { title: 'Late', dueDate: day(-3), daysLate: 3 },
        ],
      });
      expect(message, lang).toEqual({ subject: expected.subject, body: expected.text });
    }
    const [[zh], [tw], [en]] = await Promise.all(readers.map(([r]) => inbox(t, r.id)));
    expect(zh!.body).toContain('已超期 3 天');
    expect(tw!.body).toContain('已逾期 3 天');
    expect(tw!.subject).toContain('借閱到期與逾期提醒');
    expect(en!.subject).toBe(`${tenant.name}: Loans due soon and overdue`);
    expect(en!.body).toContain(`- "Soon, and due", due ${day(2)} (in 2 days)`);
    expect(en!.body).toContain(`- "Late", due ${day(-3)} (3 days overdue)`);
  });
});

// --- the calendar feed

/** The path of a feed address (the app answers the path whatever host the address names). */
const pathOf = (url: string) => new URL(url).pathname;

async function fetchFeed(path: string, ip = '127.0.0.1') {
  return t.app.inject({ url: path, remoteAddress: ip });
}

function parseCalendar(body: string) {
  const cal = new ICAL.Component(ICAL.parse(body));
  return cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    const alarm = v.getFirstSubcomponent('valarm');
    return {
      uid: e.uid,
      summary: e.summary,
      start: e.startDate.toString(),
      allDay: e.startDate.isDate,
      end: e.endDate.toString(),
      description: e.description,
      trigger: alarm?.getFirstPropertyValue('trigger')?.toString(),
      action: alarm?.getFirstPropertyValue('action'),
    };
  });
}

describe('the calendar feed', () => {
  let tenant: MadeTenant;
  beforeAll(async () => {
    tenant = await makeTenant(t);
  });

  it("one all-day event per current loan on its due date, stable UIDs, an alarm the day before; only the reader's", async () => {
    const reader = await makeReader(t, tenant.id);
    const longTitle = `${'很长的书名;分号，逗号,反斜杠\\'.repeat(8)}完`;
    const loans = await lend(t, tenant.id, reader.id, [
      { title: '红楼梦', due: 5 },
      { title: longTitle, due: 12 },
      { title: '已归还', due: 3, returned: true },
    ]);
    const other = await makeReader(t, tenant.id);
    await lend(t, tenant.id, other.id, [{ title: '别人的书', due: 4 }]);
    const headers = await signIn(t, tenant, reader);
    const made = await post<CalendarFeed>(tenant, headers, ApiPath.calendarFeed, { action: 'create' });
    expect(made.message).toBe(text('zh-CN', 'calendarFeedCreated'));
    expect(made.data.feedUrl).toMatch(
      new RegExp(`^http://localhost(:80)?${CALENDAR_FEED_PATH}[A-Za-z0-9_-]{43}\\.ics$`),
    );

    const res = await fetchFeed(pathOf(made.data.feedUrl!));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=900');
    // RFC 5545: CRLF line ends, no line over 75 octets.
    expect(res.body.endsWith('\r\n')).toBe(true);
    for (const line of res.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const events = parseCalendar(res.body);
    expect(events).toEqual([
      {
        uid: `loan-${loans[0]}.${tenant.id}@openfind`,
        summary: '还书：《红楼梦》',
        start: day(5),
        allDay: true,
        end: day(6),
        description: expect.stringContaining('条码号：'),
        trigger: '-PT15H',
        action: 'DISPLAY',
      },
      expect.objectContaining({
        uid: `loan-${loans[1]}.${tenant.id}@openfind`,
        start: day(12),
        allDay: true,
        // Cut after 119 characters; escaped and folded, and read back whole.
        summary: `还书：《${longTitle.slice(0, 119)}…》`,
      }),
    ]);

    // The same UIDs at the next fetch; the other reader's feed has only their loan.
    expect(parseCalendar((await fetchFeed(pathOf(made.data.feedUrl!))).body).map((e) => e.uid)).toEqual(
      events.map((e) => e.uid),
    );
    const theirs = await post<CalendarFeed>(tenant, await signIn(t, tenant, other), ApiPath.calendarFeed, {
      action: 'create',
    });
    expect(parseCalendar((await fetchFeed(pathOf(theirs.data.feedUrl!))).body).map((e) => e.summary)).toEqual([
      '还书：《别人的书》',
    ]);
    const settings = await get<ReminderSettings>(tenant, headers, ApiPath.reminderSettings);
    expect(settings.data).toMatchObject({ feedActive: true, feedCreatedAt: made.data.feedCreatedAt });
    expect(settings.data.feedUsedAt).not.toBeNull();
  });

  it('a new address replaces the old; revoked, unknown and malformed addresses are a bare 404; the token is not logged', async () => {
    const reader = await makeReader(t, tenant.id);
    await lend(t, tenant.id, reader.id, [{ title: '订阅', due: 7 }]);
    const headers = await signIn(t, tenant, reader);
    const first = pathOf(
      (await post<CalendarFeed>(tenant, headers, ApiPath.calendarFeed, { action: 'create' })).data.feedUrl!,
    );
    const second = pathOf(
      (await post<CalendarFeed>(tenant, headers, ApiPath.calendarFeed, { action: 'create' })).data.feedUrl!,
    );
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).statusCode).toBe(404);
    expect((await fetchFeed(second)).statusCode).toBe(200);
    const revoked = await post<CalendarFeed>(tenant, headers, ApiPath.calendarFeed, { action: 'revoke' }, 'zh_HK');
    expect(revoked).toMatchObject({ message: text('zh-TW', 'calendarFeedRevoked'), data: { feedUrl: null } });
    for (const path of [
      second,
      `${CALENDAR_FEED_PATH}${'A'.repeat(43)}.ics`,
      `${CALENDAR_FEED_PATH}short.ics`,
      `${CALENDAR_FEED_PATH}x`,
    ]) {
      const res = await fetchFeed(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).toBe('Not Found');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const token = second.slice(CALENDAR_FEED_PATH.length, -'.ics'.length);
    expect(logLines.join('')).not.toContain(token);
    expect(redactUrl(`${CALENDAR_FEED_PATH}${token}.ics?x=1`)).toBe(`${CALENDAR_FEED_PATH}${REDACTED}?x=1`);
  });

  it('each address may ask a limited number of times a minute', async () => {
    const path = `${CALENDAR_FEED_PATH}${'B'.repeat(43)}.ics`;
    const answers = [];
    for (let i = 0; i < 125; i++) answers.push((await fetchFeed(path, '10.9.8.7')).statusCode);
    expect(answers.slice(0, 120).every((s) => s === 404)).toBe(true);
    expect(answers.slice(120)).toEqual([429, 429, 429, 429, 429]);
    expect((await fetchFeed(path, '10.9.8.6')).statusCode).toBe(404);
  });

  it('folds lines by octets, never inside a character', () => {
    const line = `SUMMARY:${'书'.repeat(60)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line);
  });
});

// --- e-mail through a real SMTP server on localhost

/** The text of a mail as the SMTP server received it (quoted-printable or base64). */
function mailText(raw: string): string {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const encoded = rest.join('\n');
  if (/content-transfer-encoding:\s*base64/i.test(head!)) return Buffer.from(encoded, 'base64').toString('utf8');
  return Buffer.from(
    encoded.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
}

describe('reminders by e-mail', () => {
  let smtp: SMTPServer;
  let m: TestApp;
  let library: MadeTenant;
  /** How the mail server answers: takes the mail, fails for now (451), or refuses the mailbox (550). */
  let mode: 'ok' | 'down' | 'refuse' = 'ok';
  const received: { to: string; raw: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onRcptTo(_address, _session, callback) {
        if (mode !== 'refuse') return callback();
        return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (mode === 'down') return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            raw: Buffer.concat(chunks).toString(),
          });
          return callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    m = await createTestApp({
      seed: false,
      auth: { ...TEST_AUTH, smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Library <library@example.org>' },
    });
    library = await makeTenant(m, { name: '邮件图书馆' });
  }, 120_000);
  afterAll(async () => {
    await m?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const mailRun = () => m.services.reminderJob.run({ trigger: 'cli', tenantId: library.id });

  it('a mail server down: the inbox has the message, the mail is tried again by the next run and sent once', async () => {
    const reader = await makeReaderWith(m, library.id, { email: 'due@example.org' });
    await lend(m, library.id, reader.id, [
      { title: '邮件提醒一', due: 1 },
      { title: '邮件提醒二', due: -2 },
    ]);
    mode = 'down';
    const failed = await mailRun();
    expect(failed.status).toBe('failed');
    expect(of(failed, library.id)).toMatchObject({ messages: 1, mailsSent: 0, failures: 1, pendingMails: 2 });
    expect(await inbox(m, reader.id)).toHaveLength(1);
    expect(received.filter((r) => r.to === 'due@example.org')).toEqual([]);
    expect((await findReaderNotices(m.db.kysely, library.id, reader.id)).map((n) => [n.mailState, n.attempts])).toEqual(
      [
        ['pending', 1],
        ['pending', 1],
      ],
    );
    const runs = await m.services.reminderJob.recentRuns(1);
    expect(runs[0]).toMatchObject({
      status: 'failed',
      failures: 1,
      messages: 1,
      error: expect.stringContaining('to try again'),
    });

    mode = 'ok';
    const retried = await mailRun();
    expect(retried.status).toBe('succeeded');
    expect(of(retried, library.id)).toMatchObject({ messages: 0, mailsSent: 1, failures: 0, readers: 1 });
    const mails = received.filter((r) => r.to === 'due@example.org');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toMatch(/^From: Library <library@example\.org>/m);
    const body = mailText(mails[0]!.raw);
    expect(titlesIn(body)).toEqual(['邮件提醒一', '邮件提醒二']);
    expect(body).toContain('邮件图书馆');
    // The inbox message is not written again.
    expect(await inbox(m, reader.id)).toHaveLength(1);

    expect(of(await mailRun(), library.id)).toMatchObject({ messages: 0, mailsSent: 0 });
    expect(received.filter((r) => r.to === 'due@example.org')).toHaveLength(1);
  });

  it('a mailbox refused for good is given up (the inbox has it); the run is done', async () => {
    const reader = await makeReaderWith(m, library.id, { email: 'gone@example.org' });
    await lend(m, library.id, reader.id, [{ title: '退信', due: 2 }]);
    mode = 'refuse';
    try {
      const report = await mailRun();
      expect(report.status).toBe('succeeded');
      expect(of(report, library.id)).toMatchObject({ failures: 1, givenUp: 1, pendingMails: 0 });
    } finally {
      mode = 'ok';
    }
    expect((await findReaderNotices(m.db.kysely, library.id, reader.id)).map((n) => n.mailState)).toEqual(['failed']);
    expect(await inbox(m, reader.id)).toHaveLength(1);
  });

  it('each channel as the reader chose: e-mail only, inbox only; unverified addresses get no mail; settings say so', async () => {
    const mailOnly = await makeReaderWith(m, library.id, { email: 'mailonly@example.org' });
    const inboxOnly = await makeReaderWith(m, library.id, { email: 'inboxonly@example.org' });
    const unverified = await makeReaderWith(m, library.id, { email: 'unverified@example.org', emailVerified: false });
    for (const r of [mailOnly, inboxOnly, unverified])
      await lend(m, library.id, r.id, [{ title: `给${r.account}`, due: 1 }]);
    const set = async (r: MadeReader, body: object) =>
      envelopeOf<ReminderSettings>(
        await m.call({
          url: ApiPath.updateReminderSettings,
          mappingPath: library.mappingPath,
          body,
          headers: await signIn(m, library, r),
        }),
      ).data;
    expect(await set(mailOnly, { inboxReminders: false })).toMatchObject({
      emailAvailable: true,
      email: 'm***@example.org',
    });
    await set(inboxOnly, { emailReminders: false });
    expect(await set(unverified, {})).toMatchObject({ emailAvailable: false, email: '' });
    const before = received.length;
    await mailRun();
    expect(
      received
        .slice(before)
        .map((r) => r.to)
        .sort(),
    ).toEqual(['mailonly@example.org']);
    expect(await inbox(m, mailOnly.id)).toEqual([]);
    expect(await inbox(m, inboxOnly.id)).toHaveLength(1);
    expect(await inbox(m, unverified.id)).toHaveLength(1);
  });
});

// --- the schedule

describe('the daily schedule', () => {
  /** A job that records what it was asked: the runs of the day are as the test says. */
  function fakeJob(runs: Array<Partial<JobRun>>, status: RunReport['status'] = 'succeeded') {
    const asked: string[] = [];
    const job = {
      runsOfDay: async () => runs as JobRun[],
      run: async (o: { trigger: string }) => {
        asked.push(o.trigger);
        return { status } as RunReport;
      },
    } as unknown as ReminderJob;
    return { job, asked };
  }
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };
  const schedule = { hour: 8, minute: 0, timeZone: 'Asia/Shanghai' };
  // 2026-12-01 07:59 and 08:00 in Shanghai (UTC+8).
  const before = new Date('2026-11-30T23:59:00Z');
  const at = new Date('2026-12-01T00:00:00Z');

  it('reads the local day and time of the schedule’s time zone', () => {
    expect(zonedNow(before, 'Asia/Shanghai')).toEqual({ day: '2026-12-01', minutes: 7 * 60 + 59 });
    expect(zonedNow(before, 'UTC')).toEqual({ day: '2026-11-30', minutes: 23 * 60 + 59 });
    expect(zonedNow(at, 'Asia/Shanghai')).toEqual({ day: '2026-12-01', minutes: 8 * 60 });
    expect(zonedNow(at, 'UTC')).toEqual({ day: '2026-12-01', minutes: 0 });
  });

  it('runs from the hour on, once a day; at start-up a run missed earlier that day', async () => {
    const none = fakeJob([]);
    const s = new ReminderScheduler(none.job, schedule, quiet);
    expect(await s.tick(before)).toBe('not-yet');
    expect(await s.tick(at)).toBe('ran');
    expect(await s.tick(new Date('2026-12-01T05:00:00Z'), true)).toBe('ran');
    expect(none.asked).toEqual(['schedule', 'startup']);
    const done = fakeJob([{ status: 'succeeded', startedAt: at, finishedAt: at }]);
    expect(await new ReminderScheduler(done.job, schedule, quiet).tick(at)).toBe('done');
    expect(done.asked).toEqual([]);
  });

  it('after a failed run, tries again after a pause that doubles', async () => {
    const failedAt = new Date('2026-12-01T00:00:10Z');
    const once = fakeJob([{ status: 'failed', startedAt: at, finishedAt: failedAt }]);
    const s = new ReminderScheduler(once.job, schedule, quiet);
    expect(await s.tick(new Date(failedAt.getTime() + 4 * 60_000))).toBe('backoff');
    expect(await s.tick(new Date(failedAt.getTime() + 5 * 60_000))).toBe('ran');
    expect(once.asked).toEqual(['retry']);
    const thrice = fakeJob(
      [1, 2, 3].map(() => ({ status: 'failed' as const, startedAt: at, finishedAt: failedAt })),
      'failed',
    );
    const s3 = new ReminderScheduler(thrice.job, schedule, quiet);
    expect(await s3.tick(new Date(failedAt.getTime() + 19 * 60_000))).toBe('backoff');
    expect(await s3.tick(new Date(failedAt.getTime() + 20 * 60_000))).toBe('failed');
  });
});
