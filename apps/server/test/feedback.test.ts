import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  AuthErrCode,
  DEFAULT_FEEDBACK_DAILY_LIMIT,
  FeedbackErrCode,
  StaffErrCode,
  feedbackLength,
  isFeedbackContact,
  type FeedbackCloseOutcome,
  type FeedbackExport,
  type FeedbackItem,
  type FeedbackQueue,
  type FeedbackSettings,
  type MyFeedback,
  type MyQuestions,
  type StaffFeedback,
} from '@openfind/contract';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { makeReader, makeRecord, makeTenant, signIn, type MadeTenant } from './support/factories.js';
import { makeStaff, staffHeader } from './support/staff.js';

/**
 * Problem feedback and e-questions (issue 29, My Library key 12; the console's queue): a reader's
 * feedback (≤ 300 characters, a category, a record, a contact) and questions (a subject, ≤ 1000), the
 * daily limit, a double submit made once, the reader's lists (replied / unreplied), closing; the staff
 * queue (filters, reply with the reader told in the inbox, close one or many, a message changed
 * meanwhile refused), the export, the settings (administrators), the audit rows, and the walls
 * between readers, institutions and roles.
 */

type Lang = CallOptions['lang'];

let t: TestApp;
let home: MadeTenant;
let other: MadeTenant;
let desk: Record<string, string>;
let deskName: string;
let admin: Record<string, string>;
let otherDesk: Record<string, string>;
let recordId: number;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  home = await makeTenant(t);
  other = await makeTenant(t);
  const staff = await makeStaff(t, home.id, { role: 'staff' });
  deskName = staff.username;
  desk = await staffHeader(t, staff);
  admin = await staffHeader(t, await makeStaff(t, home.id, { role: 'admin' }));
  otherDesk = await staffHeader(t, await makeStaff(t, other.id, { role: 'admin' }));
  recordId = await makeRecord(t, home.id, { title: '红楼梦' });
});
afterAll(async () => t?.close());

async function call<T>(
  url: string,
  input: Record<string, unknown>,
  headers: Record<string, string>,
  opts: { lang?: Lang; to?: MadeTenant; method?: 'GET' | 'POST' } = {},
) {
  const method = opts.method ?? 'POST';
  const res = await t.call({
    url,
    mappingPath: (opts.to ?? home).mappingPath,
    lang: opts.lang,
    headers,
    ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
  });
  return { status: res.statusCode, ...envelopeOf<T>(res) };
}

async function readerOf(tenant = home) {
  const reader = await makeReader(t, tenant.id);
  return { reader, headers: await signIn(t, tenant, reader) };
}

const FEEDBACK = {
  category: 'catalogue',
  content: '书目的出版年写错了，应为 1982 年。',
  contact: 'reader@example.org',
};
const QUESTION = { subject: '校外访问数据库', content: '在校外怎样访问中国知网？' };

type Opts = { lang?: Lang; to?: MadeTenant };
const submit = (headers: Record<string, string>, body: Record<string, unknown> = FEEDBACK, opts: Opts = {}) =>
  call<FeedbackItem>(ApiPath.submitFeedback, body, headers, opts);
const ask = (headers: Record<string, string>, body: Record<string, unknown> = QUESTION, opts: Opts = {}) =>
  call<FeedbackItem>(ApiPath.askQuestion, body, headers, opts);
const myFeedback = (headers: Record<string, string>, to = home) =>
  call<MyFeedback>(ApiPath.myFeedback, {}, headers, { method: 'GET', to });
const myQuestions = (headers: Record<string, string>, replied: '0' | '1', to = home) =>
  call<MyQuestions>(ApiPath.myQuestions, { replied }, headers, { method: 'GET', to });
const close = (headers: Record<string, string>, feedbackId: number, opts: Opts = {}) =>
  call<FeedbackItem>(ApiPath.closeFeedback, { feedbackId }, headers, opts);
const queue = (query: Record<string, string> = {}, headers = desk, to = home) =>
  call<FeedbackQueue>(ApiPath.adminFeedback, query, headers, { method: 'GET', to });
const reply = (body: Record<string, unknown>, headers = desk, opts: Opts = {}) =>
  call<StaffFeedback>(ApiPath.adminReplyFeedback, body, headers, opts);
const closeMany = (items: { feedbackId: number; version: number }[], headers = desk, opts: Opts = {}) =>
  call<FeedbackCloseOutcome>(ApiPath.adminCloseFeedback, { items }, headers, opts);

const inbox = (readerId: number) =>
  t.db.kysely
    .selectFrom('reader_inbox')
    .select(['subject', 'body'])
    .where('reader_id', '=', readerId)
    .orderBy('id')
    .execute();
const auditOf = (id: number) =>
  t.db.kysely
    .selectFrom('audit_log')
    .select(['action', 'actor'])
    .where('tenant_id', '=', home.id)
    .where('target', '=', `feedback ${id}`)
    .orderBy('id')
    .execute();

describe('the rules of a message', () => {
  it('counts characters (an emoji or a rare character is one) and takes a phone or an e-mail as contact', () => {
    expect(feedbackLength('a😀𠀀')).toBe(3);
    expect(isFeedbackContact('')).toBe(true);
    expect(isFeedbackContact('138 0013 8000')).toBe(true);
    expect(isFeedbackContact('010-62751234')).toBe(true);
    expect(isFeedbackContact('reader@example.org')).toBe(true);
    expect(isFeedbackContact('call me')).toBe(false);
  });
});

describe('a reader sends feedback', () => {
  it('stores it submitted with its category, contact and record, thanked in the language asked', async () => {
    const { headers } = await readerOf();
    const res = await submit(headers, { ...FEEDBACK, recordId }, { lang: 'en_US' });
    expect(res).toMatchObject({ success: true, message: expect.stringMatching(/Thank you/) });
    expect(res.data).toMatchObject({
      kind: 'feedback',
      category: 'catalogue',
      subject: '',
      content: FEEDBACK.content,
      contact: 'reader@example.org',
      record: { recordId, title: '红楼梦' },
      status: 'submitted',
      replies: [],
      version: 0,
      repliedAt: null,
      closedBy: null,
    });
    const list = await myFeedback(headers);
    expect(list.data).toMatchObject({ totalCount: 1, sentToday: 1, dailyLimit: DEFAULT_FEEDBACK_DAILY_LIMIT });
  });

  it('takes 300 characters, refuses 301 with a translated message, and an empty text', async () => {
    const { headers } = await readerOf();
    // 300 characters, some of them outside the BMP (two UTF-16 units each): still 300.
    const fine = '问'.repeat(290) + '😀'.repeat(10);
    expect((await submit(headers, { ...FEEDBACK, content: fine })).success).toBe(true);
    const long = await submit(headers, { ...FEEDBACK, content: `${fine}字` }, { lang: 'zh_HK' });
    expect(long).toMatchObject({ status: 400, success: false, errCode: FeedbackErrCode.tooLong });
    expect(long.message).toBe('問題回饋最多 300 個字（目前 301 個字）');
    const en = await submit(headers, { ...FEEDBACK, content: 'x'.repeat(301) }, { lang: 'en_US' });
    expect(en.message).toBe('Feedback is at most 300 characters (301 now)');
    expect(await submit(headers, { ...FEEDBACK, content: '   ' })).toMatchObject({
      status: 400,
      errCode: FeedbackErrCode.contentRequired,
    });
    expect((await submit(headers, { ...FEEDBACK, category: 'nonsense' })).status).toBe(400);
    expect(await submit(headers, { ...FEEDBACK, contact: 'call me' })).toMatchObject({
      errCode: FeedbackErrCode.contactInvalid,
    });
    expect((await myFeedback(headers)).data.totalCount).toBe(1);
  });

  it('refuses a record of another institution or none', async () => {
    const { headers } = await readerOf();
    const elsewhere = await makeRecord(t, other.id, { title: '别处的书' });
    expect(await submit(headers, { ...FEEDBACK, recordId: elsewhere })).toMatchObject({
      errCode: FeedbackErrCode.noSuchRecord,
    });
    expect(await submit(headers, { ...FEEDBACK, recordId: 999_999 })).toMatchObject({
      errCode: FeedbackErrCode.noSuchRecord,
    });
  });

  it('makes one message of a double submit (the same form token), even at once', async () => {
    const { headers } = await readerOf();
    const body = { ...FEEDBACK, submitKey: 'form-token-12345' };
    const [a, b] = await Promise.all([submit(headers, body), submit(headers, body)]);
    expect(a.success && b.success).toBe(true);
    expect(a.data.feedbackId).toBe(b.data.feedbackId);
    expect((await submit(headers, body)).data.feedbackId).toBe(a.data.feedbackId);
    expect((await myFeedback(headers)).data.totalCount).toBe(1);
    // The token of a feedback form sent by the question form makes nothing.
    expect(await ask(headers, { ...QUESTION, submitKey: 'form-token-12345' })).toMatchObject({
      success: false,
      errCode: FeedbackErrCode.invalid,
    });
  });

  it('is for logged-in readers only', async () => {
    expect((await submit({})).status).toBe(401);
    expect((await ask({})).status).toBe(401);
    expect((await myFeedback({})).errCode).toBe(AuthErrCode.loginRequired);
    expect((await myQuestions({}, '0')).errCode).toBe(AuthErrCode.loginRequired);
    expect((await close({}, 1)).status).toBe(401);
  });
});

describe('the daily limit', () => {
  it('counts feedback and questions together against the institution’s limit (administrators set it)', async () => {
    const tenant = await makeTenant(t);
    const adminThere = await staffHeader(t, await makeStaff(t, tenant.id, { role: 'admin' }));
    const deskThere = await staffHeader(t, await makeStaff(t, tenant.id, { role: 'staff' }));
    const set = (n: number, headers: Record<string, string>) =>
      call<FeedbackSettings>(ApiPath.adminSaveFeedbackSettings, { dailyLimit: n }, headers, { to: tenant });
    // Staff read the settings, only administrators change them.
    expect(
      (await call<FeedbackSettings>(ApiPath.adminFeedbackSettings, {}, deskThere, { method: 'GET', to: tenant })).data,
    ).toEqual({ dailyLimit: DEFAULT_FEEDBACK_DAILY_LIMIT });
    expect(await set(3, deskThere)).toMatchObject({ status: 403, errCode: StaffErrCode.roleTooLow });
    expect(await set(3, adminThere)).toMatchObject({ success: true, data: { dailyLimit: 3 } });
    expect((await set(101, adminThere)).status).toBe(400);
    const reader = await makeReader(t, tenant.id);
    const headers = await signIn(t, tenant, reader);
    expect((await submit(headers, FEEDBACK, { to: tenant })).success).toBe(true);
    // Two tabs at once: only one more passes the limit of 3.
    const race = await Promise.all([
      ask(headers, QUESTION, { to: tenant }),
      ask(headers, QUESTION, { to: tenant }),
      ask(headers, QUESTION, { to: tenant }),
    ]);
    expect(race.filter((r) => r.success)).toHaveLength(2);
    const refused = race.find((r) => !r.success)!;
    expect(refused).toMatchObject({ success: false, errCode: FeedbackErrCode.dailyLimit });
    const en = await submit(headers, FEEDBACK, { to: tenant, lang: 'en_US' });
    expect(en.message).toBe('You have sent 3 messages today, the most for one day: try again tomorrow');
    expect((await myFeedback(headers, tenant)).data).toMatchObject({ sentToday: 3, dailyLimit: 3 });
    // 0: the library takes none.
    await set(0, adminThere);
    expect(
      await submit(await signIn(t, tenant, await makeReader(t, tenant.id)), FEEDBACK, { to: tenant }),
    ).toMatchObject({ errCode: FeedbackErrCode.dailyLimit });
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('tenant_id', '=', tenant.id)
      .where('action', '=', 'feedback.settings')
      .execute();
    expect(audit).toHaveLength(2);
  });
});

describe('a reader asks a question', () => {
  it('needs a subject and at most 1000 characters; lists it unreplied, then replied once the library answers', async () => {
    const { reader, headers } = await readerOf();
    expect(await ask(headers, { ...QUESTION, subject: '' })).toMatchObject({
      errCode: FeedbackErrCode.subjectRequired,
    });
    expect(await ask(headers, { ...QUESTION, content: '问'.repeat(1001) }, { lang: 'zh_CN' })).toMatchObject({
      errCode: FeedbackErrCode.tooLong,
      message: '咨询内容最多 1000 个字（现在 1001 个字）',
    });
    expect((await ask(headers, { ...QUESTION, content: '问'.repeat(1000) })).success).toBe(true);
    const made = (await ask(headers)).data;
    expect(made).toMatchObject({ kind: 'question', category: '', subject: QUESTION.subject, status: 'submitted' });
    expect((await myQuestions(headers, '0')).data).toMatchObject({ totalCount: 2, repliedCount: 0, unrepliedCount: 2 });
    expect((await myQuestions(headers, '1')).data.totalCount).toBe(0);
    // A question is not feedback.
    expect((await myFeedback(headers)).data.totalCount).toBe(0);

    const first = await reply({ feedbackId: made.feedbackId, version: 0, reply: '请使用 VPN 登录后访问。' }, desk, {
      lang: 'en_US',
    });
    expect(first).toMatchObject({ success: true, message: 'Replied: the reader is told' });
    expect(first.data).toMatchObject({ status: 'replied', version: 1, handledBy: deskName });
    await reply({ feedbackId: made.feedbackId, version: 1, reply: '也可以用校园卡账号登录 CARSI。' });
    const replied = (await myQuestions(headers, '1')).data;
    expect(replied).toMatchObject({ totalCount: 1, repliedCount: 1, unrepliedCount: 1 });
    expect(replied.list[0]!.replies.map((r) => r.body)).toEqual([
      '请使用 VPN 登录后访问。',
      '也可以用校园卡账号登录 CARSI。',
    ]);
    // The reader does not see who on the staff wrote it.
    expect(replied.list[0]!.replies[0]).not.toHaveProperty('staffName');
    const messages = await inbox(reader.id);
    expect(messages).toHaveLength(2);
    expect(messages[0]!.subject).toMatch(/图书馆回复了您的咨询.*The library replied to your question: 校外访问数据库/);
    expect(messages[0]!.body).toContain('请使用 VPN 登录后访问。');
    expect((await auditOf(made.feedbackId)).map((a) => a.action)).toEqual(['feedback.reply', 'feedback.reply']);

    // The reader closes it: no more replies.
    const closed = await close(headers, made.feedbackId, { lang: 'en_US' });
    expect(closed).toMatchObject({ success: true, message: 'Closed', data: { status: 'closed', closedBy: 'reader' } });
    expect(await close(headers, made.feedbackId)).toMatchObject({ errCode: FeedbackErrCode.closed });
    expect(await reply({ feedbackId: made.feedbackId, version: 3, reply: '再补充' })).toMatchObject({
      success: false,
      errCode: FeedbackErrCode.closed,
    });
  });
});

describe('walls between readers and institutions', () => {
  it('a reader never sees or closes another’s; another institution’s reader and staff reach nothing here', async () => {
    const a = await readerOf();
    const b = await readerOf();
    const made = (await submit(a.headers)).data;
    const q = (await ask(a.headers)).data;
    expect((await myFeedback(b.headers)).data.totalCount).toBe(0);
    expect((await myQuestions(b.headers, '0')).data.totalCount).toBe(0);
    expect(await close(b.headers, made.feedbackId)).toMatchObject({ success: false, errCode: FeedbackErrCode.noSuch });
    expect(await close(b.headers, q.feedbackId)).toMatchObject({ errCode: FeedbackErrCode.noSuch });
    // A reader's session is not a staff one.
    expect(await queue({}, a.headers)).toMatchObject({ status: 403, errCode: AuthErrCode.staffOnly });
    expect((await reply({ feedbackId: made.feedbackId, version: 0, reply: 'x' }, a.headers)).status).toBe(403);
    // Another institution.
    const x = await readerOf(other);
    expect(await close(x.headers, made.feedbackId, { to: other })).toMatchObject({ errCode: FeedbackErrCode.noSuch });
    expect((await queue({}, otherDesk, other)).data.list.map((f) => f.feedbackId)).not.toContain(made.feedbackId);
    expect(
      await reply({ feedbackId: made.feedbackId, version: 0, reply: 'x' }, otherDesk, { to: other }),
    ).toMatchObject({ errCode: FeedbackErrCode.noSuch });
    expect(await closeMany([{ feedbackId: made.feedbackId, version: 0 }], otherDesk, { to: other })).toMatchObject({
      errCode: FeedbackErrCode.noSuch,
    });
    // Another institution's staff token at this institution: refused.
    expect(await queue({}, otherDesk)).toMatchObject({ status: 403, errCode: StaffErrCode.otherInstitution });
    const detail = await call<StaffFeedback>(
      ApiPath.adminFeedbackDetail,
      { feedbackId: String(made.feedbackId) },
      otherDesk,
      { method: 'GET', to: other },
    );
    expect(detail).toMatchObject({ errCode: FeedbackErrCode.noSuch });
    // Staff and administrators of this institution both work the queue.
    expect((await queue({}, admin)).data.list.map((f) => f.feedbackId)).toContain(made.feedbackId);
    expect((await queue({}, desk)).data.list.map((f) => f.feedbackId)).toContain(q.feedbackId);
    // Without a staff session.
    expect((await queue({}, {})).status).toBe(401);
  });
});

describe('the staff queue', () => {
  it('lists by kind, state, dates and words, those waiting first, with counts by state', async () => {
    const tenant = await makeTenant(t);
    const deskThere = await staffHeader(t, await makeStaff(t, tenant.id));
    const reader = await makeReader(t, tenant.id, { name: '王小明' });
    const headers = await signIn(t, tenant, reader);
    const f1 = (await submit(headers, { category: 'website', content: '检索页在手机上显示不全' }, { to: tenant })).data;
    const q1 = (await ask(headers, QUESTION, { to: tenant })).data;
    const f2 = (await submit(headers, { category: 'service', content: '还书机坏了' }, { to: tenant })).data;
    await call(ApiPath.adminReplyFeedback, { feedbackId: f2.feedbackId, version: 0, reply: '已修好' }, deskThere, {
      to: tenant,
    });
    const all = (await queue({}, deskThere, tenant)).data;
    expect(all.list.map((f) => f.feedbackId)).toEqual([f1.feedbackId, q1.feedbackId, f2.feedbackId]);
    expect(all.counts).toEqual({ submitted: 2, replied: 1, closed: 0 });
    expect(all.list[0]).toMatchObject({ account: reader.account, readerName: '王小明' });
    expect(all.list[2]!.replies[0]).toMatchObject({ body: '已修好', staffName: expect.any(String) });
    const detail = await call<StaffFeedback>(
      ApiPath.adminFeedbackDetail,
      { feedbackId: String(f2.feedbackId) },
      deskThere,
      {
        method: 'GET',
        to: tenant,
      },
    );
    expect(detail.data).toMatchObject({ feedbackId: f2.feedbackId, status: 'replied', readerName: '王小明' });
    expect(detail.data.replies.map((r) => r.body)).toEqual(['已修好']);
    const ask1 = (await queue({ kind: 'question' }, deskThere, tenant)).data;
    expect(ask1.list.map((f) => f.feedbackId)).toEqual([q1.feedbackId]);
    expect(ask1.counts).toEqual({ submitted: 1, replied: 0, closed: 0 });
    expect((await queue({ status: 'replied' }, deskThere, tenant)).data.list.map((f) => f.feedbackId)).toEqual([
      f2.feedbackId,
    ]);
    expect((await queue({ q: '手机' }, deskThere, tenant)).data.totalCount).toBe(1);
    expect((await queue({ q: '王小明' }, deskThere, tenant)).data.totalCount).toBe(3);
    expect((await queue({ from: '2000-01-01', to: '2000-12-31' }, deskThere, tenant)).data.totalCount).toBe(0);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await queue({ from: today, to: today }, deskThere, tenant)).data.totalCount).toBe(3);
    expect((await queue({ from: 'yesterday' }, deskThere, tenant)).status).toBe(400);

    // The export: the filtered messages, with their replies.
    const exported = await call<FeedbackExport>(ApiPath.adminExportFeedback, { kind: 'feedback' }, deskThere, {
      method: 'GET',
      to: tenant,
    });
    expect(exported.data.capped).toBe(false);
    expect(exported.data.list.map((r) => [r.feedbackId, r.replies])).toEqual([
      [f2.feedbackId, '已修好'],
      [f1.feedbackId, ''],
    ]);
  });

  it('replies only with a text of at most 1000 characters; refuses one from an old version (another tab)', async () => {
    const { headers } = await readerOf();
    const made = (await submit(headers)).data;
    expect(await reply({ feedbackId: made.feedbackId, version: 0, reply: ' ' })).toMatchObject({
      errCode: FeedbackErrCode.replyRequired,
    });
    expect(await reply({ feedbackId: made.feedbackId, version: 0, reply: '答'.repeat(1001) })).toMatchObject({
      errCode: FeedbackErrCode.tooLong,
    });
    expect((await reply({ feedbackId: made.feedbackId, version: 0, reply: '已更正' })).success).toBe(true);
    const stale = await reply({ feedbackId: made.feedbackId, version: 0, reply: '已更正（第二个标签页）' }, desk, {
      lang: 'en_US',
    });
    expect(stale).toMatchObject({ success: false, errCode: FeedbackErrCode.changedMeanwhile });
    expect(stale.message).toContain(deskName);
    expect((await myFeedback(headers)).data.list[0]!.replies).toHaveLength(1);
    expect(await reply({ feedbackId: 999_999, version: 0, reply: 'x' })).toMatchObject({
      success: false,
      errCode: FeedbackErrCode.noSuch,
    });
  });

  it('replies and closes in one go; closes many at once, reporting those closed already or changed', async () => {
    const { reader, headers } = await readerOf();
    const a = (await submit(headers)).data;
    const b = (await ask(headers)).data;
    const c = (await submit(headers)).data;
    const done = await reply({ feedbackId: a.feedbackId, version: 0, reply: '谢谢指正', close: true }, desk, {
      lang: 'en_US',
    });
    expect(done).toMatchObject({ message: 'Replied and closed: the reader is told' });
    expect(done.data).toMatchObject({ status: 'closed', closedBy: 'staff' });
    expect((await inbox(reader.id)).length).toBe(1);
    const bulk = await closeMany(
      [
        { feedbackId: a.feedbackId, version: 1 },
        { feedbackId: b.feedbackId, version: 0 },
        { feedbackId: c.feedbackId, version: 0 },
        { feedbackId: 999_999, version: 0 },
      ],
      desk,
      { lang: 'en_US' },
    );
    expect(bulk.success).toBe(true);
    expect(bulk.data).toMatchObject({
      changed: [b.feedbackId, c.feedbackId],
      conflicts: [{ feedbackId: a.feedbackId, status: 'closed' }],
      missing: [999_999],
    });
    expect(bulk.message).toBe('2 closed; 2 not (closed already, or just handled by someone else)');
    const none = await closeMany([{ feedbackId: b.feedbackId, version: 0 }]);
    expect(none).toMatchObject({ success: false, errCode: FeedbackErrCode.changedMeanwhile });
    expect(none.data.conflicts).toHaveLength(1);
    // Closing tells nobody; each change is audited.
    expect((await inbox(reader.id)).length).toBe(1);
    expect((await auditOf(a.feedbackId)).map((x) => x.action)).toEqual(['feedback.replyClose']);
    expect(await auditOf(b.feedbackId)).toEqual([{ action: 'feedback.close', actor: deskName }]);
    const mine = (await myFeedback(headers)).data.list.map((f) => [f.feedbackId, f.status]);
    expect(mine).toEqual([
      [c.feedbackId, 'closed'],
      [a.feedbackId, 'closed'],
    ]);
  });
});
