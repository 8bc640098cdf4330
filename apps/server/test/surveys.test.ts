import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  AuthErrCode,
  StaffErrCode,
  SurveyErrCode,
  surveyAnswerProblem,
  type AdminSurvey,
  type AdminSurveyPage,
  type ReaderSurvey,
  type ReaderSurveyList,
  type SurveyExport,
  type SurveyResults,
  type SurveySubmitted,
  type SurveyTextAnswers,
} from '@openfind/contract';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { makeReader, makeTenant, signIn, type MadeTenant } from './support/factories.js';
import { makeStaff, staffHeader } from './support/staff.js';

/**
 * Questionnaires (issue 29 My Library key 10; issue 28 console content): staff write, publish, close
 * and delete surveys (versions, audit rows, the questions locked once answered, roles); readers answer
 * once (every rule and limit, two submissions at once make one), never see a draft or another
 * institution's survey; the results, the text answers and the export (anonymous surveys name nobody).
 */

type Lang = CallOptions['lang'];
type H = Record<string, string>;

let t: TestApp;
let home: MadeTenant;
let other: MadeTenant;
let desk: H;
let deskName: string;
let admin: H;
let otherDesk: H;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  home = await makeTenant(t);
  other = await makeTenant(t);
  const staff = await makeStaff(t, home.id, { role: 'staff' });
  deskName = staff.username;
  desk = await staffHeader(t, staff);
  admin = await staffHeader(t, await makeStaff(t, home.id, { role: 'admin' }));
  otherDesk = await staffHeader(t, await makeStaff(t, other.id, { role: 'admin' }));
});
afterAll(async () => t?.close());

async function call<T>(
  url: string,
  input: Record<string, unknown>,
  headers: H,
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

const get = <T>(url: string, query: Record<string, unknown>, headers: H, to?: MadeTenant) =>
  call<T>(url, Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers, {
    method: 'GET',
    to,
  });

async function readerOf(tenant = home, opts: Parameters<typeof makeReader>[2] = {}) {
  const reader = await makeReader(t, tenant.id, opts);
  return { reader, headers: await signIn(t, tenant, reader) };
}

/** YYYY-MM-DD `offset` days from now (a few days either way: clear of the time zone's edge). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const QUESTIONS = [
  { prompt: '总体满意度', kind: 'single', required: true, options: ['满意', '一般', '不满意'] },
  {
    prompt: '常用服务',
    kind: 'multiple',
    required: false,
    minChoices: 2,
    maxChoices: 3,
    options: ['借阅', '电子资源', '自习', '咨询'],
  },
  { prompt: '建议', kind: 'text', required: false },
];

const save = (body: Record<string, unknown>, headers = desk, opts: { lang?: Lang; to?: MadeTenant } = {}) =>
  call<AdminSurvey>(ApiPath.adminSurveySave, body, headers, opts);
const publish = (s: { surveyId: number; version: number }, headers = desk) =>
  call<AdminSurvey>(ApiPath.adminSurveyPublish, { surveyId: s.surveyId, version: s.version }, headers);
const close = (s: { surveyId: number; version: number }, headers = desk) =>
  call<AdminSurvey>(ApiPath.adminSurveyClose, { surveyId: s.surveyId, version: s.version }, headers);
const submit = (headers: H, body: Record<string, unknown>, opts: { lang?: Lang; to?: MadeTenant } = {}) =>
  call<SurveySubmitted>(ApiPath.surveySubmit, body, headers, opts);
const list = (headers: H, to?: MadeTenant) => get<ReaderSurveyList>(ApiPath.surveyList, {}, headers, to);
const detail = (headers: H, surveyId: number, to?: MadeTenant) =>
  get<ReaderSurvey>(ApiPath.surveyDetail, { surveyId }, headers, to);

/** A published survey of the home institution (the QUESTIONS unless given), as staff see it. */
async function published(extra: Record<string, unknown> = {}): Promise<AdminSurvey> {
  const made = await save({ title: '满意度调查', questions: QUESTIONS, ...extra });
  expect(made.success, made.message).toBe(true);
  const out = await publish(made.data);
  expect(out.success, out.message).toBe(true);
  return out.data;
}

/** Answers to the QUESTIONS of `s`: the first option, two of the second question, a text. */
function answersOf(s: Pick<AdminSurvey, 'questions'>, text = '很好') {
  const [q1, q2, q3] = s.questions;
  return [
    { questionId: q1!.questionId, optionIds: [q1!.options[0]!.optionId] },
    { questionId: q2!.questionId, optionIds: [q2!.options[0]!.optionId, q2!.options[2]!.optionId] },
    { questionId: q3!.questionId, text },
  ];
}

const auditOf = (surveyId: number) =>
  t.db.kysely
    .selectFrom('audit_log')
    .select(['action', 'actor', 'before', 'after'])
    .where('tenant_id', '=', home.id)
    .where('target', '=', `survey ${surveyId}`)
    .orderBy('id')
    .execute();

describe('the answer rules (shared by the form and the server)', () => {
  const qs = [
    { questionId: 1, kind: 'single' as const, required: true, minChoices: null, maxChoices: null, optionIds: [11, 12] },
    {
      questionId: 2,
      kind: 'multiple' as const,
      required: false,
      minChoices: 2,
      maxChoices: 2,
      optionIds: [21, 22, 23],
    },
    { questionId: 3, kind: 'text' as const, required: true, minChoices: null, maxChoices: null, optionIds: [] },
  ];
  it('checks required, limits, options of the question and the length in characters', () => {
    const ok = [
      { questionId: 1, optionIds: [11] },
      { questionId: 3, text: '😀'.repeat(1000) },
    ];
    expect(surveyAnswerProblem(qs, ok)).toBeNull();
    expect(surveyAnswerProblem(qs, [{ questionId: 3, text: 'x' }])).toEqual({ problem: 'answerRequired', n: 1 });
    expect(surveyAnswerProblem(qs, [...ok, { questionId: 2, optionIds: [21] }])).toMatchObject({
      problem: 'tooFewChoices',
      n: 2,
      limit: 2,
    });
    expect(surveyAnswerProblem(qs, [...ok, { questionId: 2, optionIds: [21, 22, 23] }])).toMatchObject({
      problem: 'tooManyChoices',
      n: 2,
    });
    expect(surveyAnswerProblem(qs, [{ questionId: 1, optionIds: [21] }, ok[1]!])).toMatchObject({
      problem: 'notOfSurvey',
    });
    expect(surveyAnswerProblem(qs, [ok[0]!, { questionId: 3, text: '字'.repeat(1001) }])).toMatchObject({
      problem: 'textTooLong',
      n: 3,
      limit: 1000,
    });
  });
});

describe('staff write surveys', () => {
  it('creates a draft, audited; a draft is no reader’s to see', async () => {
    const made = await save({ title: '草稿问卷', questions: QUESTIONS });
    expect(made.success).toBe(true);
    expect(made.data).toMatchObject({ status: 'draft', version: 0, answerCount: 0, questionCount: 3 });
    expect(made.data.questions.map((q) => [q.kind, q.options.length])).toEqual([
      ['single', 3],
      ['multiple', 4],
      ['text', 0],
    ]);
    const { headers } = await readerOf();
    expect((await detail(headers, made.data.surveyId)).errCode).toBe(SurveyErrCode.noSuchSurvey);
    expect((await list(headers)).data.open.map((s) => s.surveyId)).not.toContain(made.data.surveyId);
    const audit = await auditOf(made.data.surveyId);
    expect(audit.map((a) => [a.action, a.actor])).toEqual([['survey.create', deskName]]);
  });

  it('refuses bad questions, dates and input with translated messages (400 for malformed input)', async () => {
    const bad = async (body: Record<string, unknown>, lang?: Lang) =>
      save({ title: '坏问卷', ...body }, desk, { lang });
    const oneOption = await bad({ questions: [{ prompt: '选', kind: 'single', options: ['唯一'] }] }, 'en-US');
    expect(oneOption.errCode).toBe(SurveyErrCode.badOptions);
    expect(oneOption.message).toContain('Question 1');
    const twice = await bad({ questions: [{ prompt: '选', kind: 'single', options: ['同', '同'] }] });
    expect(twice.errCode).toBe(SurveyErrCode.badOptions);
    const limits = await bad({
      questions: [{ prompt: '多', kind: 'multiple', minChoices: 3, maxChoices: 2, options: ['a', 'b', 'c'] }],
    });
    expect(limits.errCode).toBe(SurveyErrCode.badLimits);
    const above = await bad({ questions: [{ prompt: '多', kind: 'multiple', maxChoices: 4, options: ['a', 'b'] }] });
    expect(above.errCode).toBe(SurveyErrCode.badLimits);
    const dates = await bad({ opensOn: day(5), dueOn: day(1), questions: [] }, 'zh-TW');
    expect(dates.errCode).toBe(SurveyErrCode.badDates);
    expect(dates.message).toBe('截止日期不能早於開始日期');
    expect((await bad({ title: '', questions: [] })).status).toBe(400);
    expect((await bad({ questions: [{ prompt: 'x', kind: 'essay' }] })).status).toBe(400);
    expect((await bad({ dueOn: '2026-13-45x', questions: [] })).status).toBe(400);
    expect((await bad({ questions: [{ prompt: 'p'.repeat(501), kind: 'text' }] })).status).toBe(400);
  });

  it('cleans a rich-text description with the shared allow-list', async () => {
    const made = await save({
      title: '富文本',
      descriptionFormat: 'html',
      description: '<p onclick="x()">欢迎<script>alert(1)</script><a href="javascript:alert(1)">链接</a></p>',
      questions: [],
    });
    expect(made.success).toBe(true);
    expect(made.data.description).toContain('欢迎');
    expect(made.data.description).not.toMatch(/script|onclick|javascript/);
  });

  it('publishes only a draft with questions; a change names the version it was read at', async () => {
    const empty = (await save({ title: '空问卷', questions: [] })).data;
    expect((await publish(empty)).errCode).toBe(SurveyErrCode.noQuestions);
    const made = (await save({ title: '版本', questions: QUESTIONS })).data;
    const changed = await save({ id: made.surveyId, version: made.version, title: '版本二', questions: QUESTIONS });
    expect(changed.data.version).toBe(1);
    const stale = await save({ id: made.surveyId, version: 0, title: '旧页面', questions: QUESTIONS });
    expect(stale.errCode).toBe(SurveyErrCode.changedMeanwhile);
    expect((await publish({ surveyId: made.surveyId, version: 0 })).errCode).toBe(SurveyErrCode.changedMeanwhile);
    const out = await publish(changed.data);
    expect(out.data).toMatchObject({ status: 'published', version: 2 });
    expect(out.data.publishedAt).not.toBeNull();
    expect((await publish(out.data)).errCode).toBe(SurveyErrCode.wrongState);
    const audit = await auditOf(made.surveyId);
    expect(audit.map((a) => a.action)).toEqual(['survey.create', 'survey.update', 'survey.publish']);
  });

  it('lists the surveys with their state and answer counts, its own institution’s only', async () => {
    const s = await published({ title: '计数' });
    const { headers } = await readerOf();
    expect((await submit(headers, { surveyId: s.surveyId, answers: answersOf(s) })).success).toBe(true);
    const page = await get<AdminSurveyPage>(ApiPath.adminSurveys, { rows: 100 }, desk);
    const row = page.data.list.find((x) => x.surveyId === s.surveyId);
    expect(row).toMatchObject({ status: 'published', answerCount: 1, questionCount: 3 });
    expect(page.data.counts.published).toBeGreaterThan(0);
    const theirs = await get<AdminSurveyPage>(ApiPath.adminSurveys, {}, otherDesk, other);
    expect(theirs.data.list).toEqual([]);
    // Another institution's staff, naming this one's survey in their own institution: nothing.
    const peek = await get<AdminSurvey>(ApiPath.adminSurvey, { surveyId: s.surveyId }, otherDesk, other);
    expect(peek.errCode).toBe(SurveyErrCode.noSuchSurvey);
    const results = await get<SurveyResults>(ApiPath.adminSurveyResults, { surveyId: s.surveyId }, otherDesk, other);
    expect(results.errCode).toBe(SurveyErrCode.noSuchSurvey);
    // …and in this one: refused.
    expect((await get(ApiPath.adminSurvey, { surveyId: s.surveyId }, otherDesk)).errCode).toBe(
      StaffErrCode.otherInstitution,
    );
  });

  it('keeps the questions of an answered survey; its texts and due date may change, and it may close', async () => {
    const s = await published({ title: '锁定' });
    const { headers } = await readerOf();
    await submit(headers, { surveyId: s.surveyId, answers: answersOf(s) });
    const fresh = (await get<AdminSurvey>(ApiPath.adminSurvey, { surveyId: s.surveyId }, desk)).data;
    const changedQuestions = QUESTIONS.map((q, i) => (i === 0 ? { ...q, options: ['满意', '不满意'] } : q));
    const locked = await save({ id: s.surveyId, version: fresh.version, title: '锁定', questions: changedQuestions });
    expect(locked.errCode).toBe(SurveyErrCode.questionsLocked);
    expect(locked.message).toContain('1 份答卷');
    const extended = await save({
      id: s.surveyId,
      version: fresh.version,
      title: '锁定（延期）',
      dueOn: day(30),
      questions: QUESTIONS,
    });
    expect(extended.success, extended.message).toBe(true);
    expect(extended.data).toMatchObject({ title: '锁定（延期）', dueOn: day(30), status: 'published' });
    expect(extended.data.questions.map((q) => q.questionId)).toEqual(s.questions.map((q) => q.questionId));
    const closed = await close(extended.data);
    expect(closed.data.status).toBe('closed');
    const { headers: late } = await readerOf();
    const refused = await submit(late, { surveyId: s.surveyId, answers: answersOf(s) }, { lang: 'en-US' });
    expect(refused.errCode).toBe(SurveyErrCode.ended);
    expect(refused.message).toMatch(/ended/);
    expect((await close(closed.data)).errCode).toBe(SurveyErrCode.wrongState);
  });

  it('deletes: administrators only; a published survey only with the confirmation; audited', async () => {
    const draft = (await save({ title: '删草稿', questions: QUESTIONS })).data;
    const byStaff = await call(ApiPath.adminSurveyDelete, { surveyId: draft.surveyId, version: draft.version }, desk);
    expect(byStaff.errCode).toBe(StaffErrCode.roleTooLow);
    const gone = await call(ApiPath.adminSurveyDelete, { surveyId: draft.surveyId, version: draft.version }, admin);
    expect(gone.success).toBe(true);
    const s = await published({ title: '删已发布' });
    const { headers } = await readerOf();
    await submit(headers, { surveyId: s.surveyId, answers: answersOf(s) });
    const unconfirmed = await call(ApiPath.adminSurveyDelete, { surveyId: s.surveyId, version: s.version }, admin);
    expect(unconfirmed.errCode).toBe(SurveyErrCode.deleteNeedsConfirm);
    const confirmed = await call<{ answersDeleted: number }>(
      ApiPath.adminSurveyDelete,
      { surveyId: s.surveyId, version: s.version, confirm: true },
      admin,
    );
    expect(confirmed.data.answersDeleted).toBe(1);
    expect((await detail(headers, s.surveyId)).errCode).toBe(SurveyErrCode.noSuchSurvey);
    const audit = await auditOf(s.surveyId);
    expect(audit.map((a) => a.action)).toEqual(['survey.create', 'survey.publish', 'survey.delete']);
    expect(audit[2]!.before).toMatchObject({ title: '删已发布', answers: 1 });
  });
});

describe('readers answer', () => {
  it('needs a logged-in reader (staff are not readers)', async () => {
    const s = await published();
    expect((await list({})).status).toBe(401);
    expect((await submit({}, { surveyId: s.surveyId, answers: answersOf(s) })).status).toBe(401);
    expect((await list(desk)).errCode).toBe(AuthErrCode.loginRequired);
  });

  it('lists the open ones, then the answered one with the answers read-only; once per reader', async () => {
    const s = await published({ title: '一次', dueOn: day(10) });
    const { headers } = await readerOf(home, { status: 'frozen' });
    const before = (await list(headers)).data;
    expect(before.open.find((x) => x.surveyId === s.surveyId)).toMatchObject({ phase: 'open', answeredAt: null });
    const first = await submit(headers, { surveyId: s.surveyId, answers: answersOf(s, '  希望延长开放时间  ') });
    expect(first.success, first.message).toBe(true);
    expect(first.message).toBe('提交成功，感谢您的参与！');
    const again = await submit(headers, { surveyId: s.surveyId, answers: answersOf(s) });
    expect(again.errCode).toBe(SurveyErrCode.alreadyAnswered);
    const after = (await list(headers)).data;
    expect(after.open.map((x) => x.surveyId)).not.toContain(s.surveyId);
    expect(after.answered.find((x) => x.surveyId === s.surveyId)?.answeredAt).toBe(first.data.answeredAt);
    const mine = (await detail(headers, s.surveyId)).data;
    expect(mine.answeredAt).toBe(first.data.answeredAt);
    const [q1, q2, q3] = s.questions;
    expect(mine.answers).toEqual([
      { questionId: q1!.questionId, optionIds: [q1!.options[0]!.optionId], text: '' },
      { questionId: q2!.questionId, optionIds: [q2!.options[0]!.optionId, q2!.options[2]!.optionId], text: '' },
      { questionId: q3!.questionId, optionIds: [], text: '希望延长开放时间' },
    ]);
    // Another reader sees none of it.
    const { headers: someone } = await readerOf();
    const theirs = (await detail(someone, s.surveyId)).data;
    expect(theirs.answers).toEqual([]);
    expect(theirs.answeredAt).toBeNull();
  });

  it('checks every answer on the server, translated', async () => {
    const s = await published({ title: '规则' });
    const other1 = await published({ title: '另一份' });
    const { headers } = await readerOf();
    const [q1, q2, q3] = s.questions;
    const base = answersOf(s);
    const send = (answers: unknown[], lang?: Lang) => submit(headers, { surveyId: s.surveyId, answers }, { lang });
    const missing = await send(base.slice(1), 'en-US');
    expect(missing.errCode).toBe(SurveyErrCode.answerRequired);
    expect(missing.message).toBe('Question 1 is required: please answer it');
    const twoInSingle = await send([
      { questionId: q1!.questionId, optionIds: q1!.options.slice(0, 2).map((o) => o.optionId) },
    ]);
    expect(twoInSingle.errCode).toBe(SurveyErrCode.tooManyChoices);
    const oneOfTwo = await send([base[0], { questionId: q2!.questionId, optionIds: [q2!.options[0]!.optionId] }]);
    expect(oneOfTwo.errCode).toBe(SurveyErrCode.tooFewChoices);
    expect(oneOfTwo.message).toBe('第 2 题至少选择 2 项');
    const four = await send([base[0], { questionId: q2!.questionId, optionIds: q2!.options.map((o) => o.optionId) }]);
    expect(four.errCode).toBe(SurveyErrCode.tooManyChoices);
    // An option of another question, a question of another survey.
    const wrongOption = await send([{ questionId: q1!.questionId, optionIds: [q2!.options[0]!.optionId] }]);
    expect(wrongOption.errCode).toBe(SurveyErrCode.notOfSurvey);
    const wrongQuestion = await send([base[0], { questionId: other1.questions[2]!.questionId, text: '串题' }]);
    expect(wrongQuestion.errCode).toBe(SurveyErrCode.notOfSurvey);
    const twice = await send([base[0], base[0]]);
    expect(twice.errCode).toBe(SurveyErrCode.notOfSurvey);
    // 1000 characters are 1000 characters, an emoji one of them; 1001 are too many.
    const long = await send([base[0], { questionId: q3!.questionId, text: '字'.repeat(1001) }], 'zh-TW');
    expect(long.errCode).toBe(SurveyErrCode.textTooLong);
    expect(long.message).toBe('第 3 題的回答最多 1000 個字');
    expect((await send([base[0], { questionId: q3!.questionId, text: 'x'.repeat(2001) }])).status).toBe(400);
    expect((await send([{ questionId: 'abc' }])).status).toBe(400);
    // Nothing half-written by the refusals.
    const kept = await t.db.kysely
      .selectFrom('survey_response' as never)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('survey_id' as never, '=', s.surveyId as never)
      .executeTakeFirst();
    expect(Number(kept?.n)).toBe(0);
    const ok = await send([base[0], { questionId: q3!.questionId, text: '😀'.repeat(1000) }]);
    expect(ok.success, ok.message).toBe(true);
  });

  it('answers only within the period: not before it opens, not after its due date', async () => {
    const upcoming = await published({ title: '未开始', opensOn: day(3), dueOn: day(9) });
    const past = await published({ title: '已截止', opensOn: day(-9), dueOn: day(-3) });
    const { headers } = await readerOf();
    const early = await submit(headers, { surveyId: upcoming.surveyId, answers: answersOf(upcoming) });
    expect(early.errCode).toBe(SurveyErrCode.notYetOpen);
    expect(early.message).toContain(day(3));
    expect((await submit(headers, { surveyId: past.surveyId, answers: answersOf(past) })).errCode).toBe(
      SurveyErrCode.ended,
    );
    expect((await detail(headers, past.surveyId)).data.phase).toBe('ended');
    expect((await detail(headers, upcoming.surveyId)).data.phase).toBe('upcoming');
    const open = (await list(headers)).data.open.map((x) => x.surveyId);
    expect(open).not.toContain(upcoming.surveyId);
    expect(open).not.toContain(past.surveyId);
  });

  it('makes one submission of two at once (a double click, two tabs)', async () => {
    const s = await published({ title: '并发' });
    const { reader, headers } = await readerOf();
    const both = await Promise.all([
      submit(headers, { surveyId: s.surveyId, answers: answersOf(s, '一') }),
      submit(headers, { surveyId: s.surveyId, answers: answersOf(s, '二') }),
    ]);
    expect(both.filter((r) => r.success)).toHaveLength(1);
    expect(both.find((r) => !r.success)?.errCode).toBe(SurveyErrCode.alreadyAnswered);
    const rows = await t.db.kysely
      .selectFrom('survey_response' as never)
      .select('id' as never)
      .where('reader_id' as never, '=', reader.id as never)
      .execute();
    expect(rows).toHaveLength(1);
    const texts = await get<SurveyTextAnswers>(
      ApiPath.adminSurveyTexts,
      { surveyId: s.surveyId, questionId: s.questions[2]!.questionId },
      desk,
    );
    expect(texts.data.totalCount).toBe(1);
  });

  it('never shows or takes another institution’s survey', async () => {
    const s = await published({ title: '本馆' });
    const { headers } = await readerOf(other);
    expect((await detail(headers, s.surveyId, other)).errCode).toBe(SurveyErrCode.noSuchSurvey);
    expect((await submit(headers, { surveyId: s.surveyId, answers: answersOf(s) }, { to: other })).errCode).toBe(
      SurveyErrCode.noSuchSurvey,
    );
    expect((await list(headers, other)).data.open.map((x) => x.surveyId)).not.toContain(s.surveyId);
  });
});

describe('results and export', () => {
  it('counts per question and option, pages the text answers, exports one row per submission', async () => {
    const s = await published({ title: '结果' });
    const [q1, q2, q3] = s.questions;
    const answers = [
      [q1!.options[0]!, [q2!.options[0]!, q2!.options[1]!], '第一条建议'],
      [q1!.options[0]!, [q2!.options[1]!, q2!.options[2]!], ''],
      [q1!.options[2]!, [], '=SUM(A1)'],
    ] as const;
    const readers: string[] = [];
    for (const [single, multiple, text] of answers) {
      const { reader, headers } = await readerOf();
      readers.push(reader.account);
      const out = await submit(headers, {
        surveyId: s.surveyId,
        answers: [
          { questionId: q1!.questionId, optionIds: [single.optionId] },
          ...(multiple.length ? [{ questionId: q2!.questionId, optionIds: multiple.map((o) => o.optionId) }] : []),
          ...(text ? [{ questionId: q3!.questionId, text }] : []),
        ],
      });
      expect(out.success, out.message).toBe(true);
    }
    const results = (await get<SurveyResults>(ApiPath.adminSurveyResults, { surveyId: s.surveyId }, desk)).data;
    expect(results.responses).toBe(3);
    expect(results.questions.map((q) => q.answered)).toEqual([3, 2, 2]);
    expect(results.questions[0]!.options.map((o) => o.count)).toEqual([2, 0, 1]);
    expect(results.questions[1]!.options.map((o) => o.count)).toEqual([1, 2, 1, 0]);
    const texts = await get<SurveyTextAnswers>(
      ApiPath.adminSurveyTexts,
      { surveyId: s.surveyId, questionId: q3!.questionId, page: 1, rows: 1 },
      desk,
    );
    expect(texts.data.totalCount).toBe(2);
    expect(texts.data.list).toHaveLength(1);
    expect(texts.data.list[0]).toMatchObject({ text: '=SUM(A1)', account: readers[2] });
    const exported = (await get<SurveyExport>(ApiPath.adminSurveyExport, { surveyId: s.surveyId }, desk)).data;
    expect(exported.questions.map((q) => q.prompt)).toEqual(QUESTIONS.map((q) => q.prompt));
    expect(exported.rows.map((r) => [r.account, r.answers])).toEqual([
      [readers[0], ['满意', '借阅; 电子资源', '第一条建议']],
      [readers[1], ['满意', '电子资源; 自习', '']],
      [readers[2], ['不满意', '', '=SUM(A1)']],
    ]);
    expect(exported.capped).toBe(false);
  });

  it('names nobody for an anonymous survey', async () => {
    const s = await published({ title: '匿名', anonymous: true });
    const { headers } = await readerOf();
    await submit(headers, { surveyId: s.surveyId, answers: answersOf(s) });
    const exported = (await get<SurveyExport>(ApiPath.adminSurveyExport, { surveyId: s.surveyId }, desk)).data;
    expect(exported.anonymous).toBe(true);
    expect(exported.rows.map((r) => [r.account, r.readerName])).toEqual([['', '']]);
    const texts = await get<SurveyTextAnswers>(
      ApiPath.adminSurveyTexts,
      { surveyId: s.surveyId, questionId: s.questions[2]!.questionId },
      desk,
    );
    expect(texts.data.list.map((x) => x.account)).toEqual(['']);
  });
});
