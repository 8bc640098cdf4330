import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  ModerationErrCode,
  StaffErrCode,
  type CommentPage,
  type ModerationOutcome,
  type ModerationQueue,
  type MyCommentPage,
  type SavedSensitiveWords,
  type SensitiveWords,
} from '@openfind/contract';
import { t as text } from '../src/http/messages.js';
import { findSensitive, foldWord } from '../src/modules/moderation/sensitive-words.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { makeReader, makeRecords, makeTenant, signIn, type MadeTenant } from './support/factories.js';
import { makeStaff, staffHeader } from './support/staff.js';

/**
 * Issue 28, moderation: the queue of comments, approving and rejecting (one or many, in one
 * transaction, a comment decided meanwhile reported and not overwritten), the reason the reader
 * sees in "my comments", the sensitive words that flag comments, the audit rows, and the
 * institution's walls.
 */

let t: TestApp;
let home: MadeTenant;
let other: MadeTenant;
/** Desk staff and an administrator of `home`; an administrator of `other`. */
let desk: Record<string, string>;
let deskName: string;
let admin: Record<string, string>;
let otherAdmin: Record<string, string>;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  home = await makeTenant(t);
  other = await makeTenant(t);
  const staff = await makeStaff(t, home.id, { role: 'staff' });
  deskName = staff.username;
  desk = await staffHeader(t, staff);
  admin = await staffHeader(t, await makeStaff(t, home.id, { role: 'admin' }));
  otherAdmin = await staffHeader(t, await makeStaff(t, other.id, { role: 'admin' }));
});
afterAll(async () => t?.close());

type Lang = CallOptions['lang'];

/** A staff call: POST with a body, GET with a query; the status and the envelope. */
async function call<T>(
  url: string,
  input: Record<string, unknown>,
  headers = desk,
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

const queue = (query: Record<string, string> = {}, headers = desk, to = home) =>
  call<ModerationQueue>(ApiPath.moderationQueue, query, headers, { method: 'GET', to });
const decide = (body: Record<string, unknown>, headers = desk, opts: { lang?: Lang; to?: MadeTenant } = {}) =>
  call<ModerationOutcome>(ApiPath.moderateComments, body, headers, opts);

/** A record of the institution, and a reader's comment on it (through the product's write path). */
async function commented(
  content: string,
  opts: { tenant?: MadeTenant; recordId?: number; score?: number; readerId?: number } = {},
) {
  const tenant = opts.tenant ?? home;
  const recordId = opts.recordId ?? (await makeRecords(t, tenant.id, [{ title: `评论之书${++serial}` }]))[0];
  const readerId = opts.readerId ?? (await makeReader(t, tenant.id)).id;
  const r = await t.services.evaluations.comment(
    tenant.id,
    { id: readerId },
    { recordId, content, score: opts.score ?? null },
  );
  return { commentId: r.commentId!, recordId, readerId };
}

async function statusOf(commentId: number) {
  return t.db.kysely
    .selectFrom('record_comment')
    .select(['status', 'reject_reason', 'moderated_by'])
    .where('id', '=', String(commentId))
    .executeTakeFirstOrThrow();
}

/** The audit rows of `home` about a comment. */
async function auditOf(commentId: number) {
  return (await t.services.staff.auditLog(home.id, 500)).filter((r) => r.target === `comment ${commentId}`);
}

/** The reader's inbox messages, oldest first. */
async function inboxOf(readerId: number) {
  return t.db.kysely
    .selectFrom('reader_inbox')
    .select(['subject', 'body'])
    .where('reader_id', '=', readerId)
    .orderBy('id')
    .execute();
}

describe('the queue', () => {
  it('lists the comments waiting, oldest first or newest first, with record, reader and rating', async () => {
    const tenant = await makeTenant(t);
    const staff = await staffHeader(t, await makeStaff(t, tenant.id));
    const a = await commented('第一条评论', { tenant, score: 4 });
    const b = await commented('第二条评论', { tenant });
    const r = await queue({}, staff, tenant);
    expect(r.success, r.message).toBe(true);
    expect(r.data.pendingCount).toBe(2);
    expect(r.data.list.map((c) => c.commentId)).toEqual([a.commentId, b.commentId]);
    expect(r.data.list[0]).toMatchObject({
      recordId: a.recordId,
      content: '第一条评论',
      score: 4,
      status: 'pending',
      flaggedWords: [],
      marks: [],
      rejectReason: null,
      moderatedBy: null,
    });
    expect(r.data.list[0]!.title).toMatch(/^评论之书/);
    expect(r.data.list[0]!.reader).toMatch(/^reader/);
    expect((await queue({ order: 'newest' }, staff, tenant)).data.list.map((c) => c.commentId)).toEqual([
      b.commentId,
      a.commentId,
    ]);
  });

  it('filters by text of the comment or title (any case), by record and by state', async () => {
    const tenant = await makeTenant(t);
    const staff = await staffHeader(t, await makeStaff(t, tenant.id));
    const a = await commented('Great READ', { tenant });
    const b = await commented('一般', { tenant });
    await commented('又一条', { tenant, recordId: b.recordId });
    expect((await queue({ q: 'great read' }, staff, tenant)).data.list.map((c) => c.commentId)).toEqual([a.commentId]);
    const byTitle = await queue({ q: '评论之书' }, staff, tenant);
    expect(byTitle.data.totalCount).toBe(3);
    const byRecord = await queue({ recordId: String(b.recordId) }, staff, tenant);
    expect(byRecord.data.list.map((c) => c.content)).toEqual(['一般', '又一条']);
    await decide({ commentIds: [a.commentId], decision: 'approve' }, staff, { to: tenant });
    const approved = await queue({ status: 'approved' }, staff, tenant);
    expect(approved.data.list.map((c) => [c.commentId, c.status])).toEqual([[a.commentId, 'approved']]);
    expect(approved.data.pendingCount).toBe(2);
  });

  it('refuses a state it does not know (400, translated)', async () => {
    const r = await call(ApiPath.moderationQueue, { status: 'hidden' }, desk, { method: 'GET', lang: 'en_US' });
    expect(r.status).toBe(400);
    expect(r.message).toMatch(/^Invalid request/);
  });
});

describe('approving and rejecting', () => {
  it('approves: the comment shows on the record page, and the audit row says who, before and after', async () => {
    const c = await commented('写得很好');
    const list = async () =>
      envelopeOf<CommentPage>(
        await t.call({ url: ApiPath.userCommentList, mappingPath: home.mappingPath, body: { recordId: c.recordId } }),
      ).data;
    expect((await list()).totalCount).toBe(0);
    const r = await decide({ commentIds: [c.commentId], decision: 'approve' });
    expect(r.success, r.message).toBe(true);
    expect(r.message).toBe(text('zh-CN', 'moderationApproved', { count: 1 }));
    expect(r.data).toEqual({ moderated: [c.commentId], conflicts: [], missing: [] });
    expect((await list()).list.map((x) => x.content)).toEqual(['写得很好']);
    expect(await statusOf(c.commentId)).toEqual({ status: 'approved', reject_reason: null, moderated_by: deskName });
    expect((await inboxOf(c.readerId)).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^评论已发布 Your comment is published: /),
    ]);
    const [row] = await auditOf(c.commentId);
    expect(row).toMatchObject({
      actor: deskName,
      action: 'moderation.approve',
      before: { status: 'pending', rejectReason: null },
      after: { status: 'approved', rejectReason: null, recordId: c.recordId, readerId: c.readerId },
    });
  });

  it('rejects only with a reason, which the reader sees in "my comments"', async () => {
    const reader = await makeReader(t, home.id);
    const c = await commented('广告内容', { readerId: reader.id });
    const noReason = await decide({ commentIds: [c.commentId], decision: 'reject' }, desk, { lang: 'en_US' });
    expect(noReason).toMatchObject({
      status: 200,
      success: false,
      errCode: ModerationErrCode.reasonRequired,
      message: text('en-US', 'moderationReasonRequired'),
    });
    expect((await statusOf(c.commentId)).status).toBe('pending');

    const r = await decide({ commentIds: [c.commentId], decision: 'reject', reason: '含有广告' });
    expect(r.success, r.message).toBe(true);
    expect(r.message).toBe(text('zh-CN', 'moderationRejected', { count: 1 }));
    const mine = envelopeOf<MyCommentPage>(
      await t.call({
        url: ApiPath.myCommentList,
        mappingPath: home.mappingPath,
        headers: await signIn(t, home, reader),
        body: {},
      }),
    );
    expect(mine.success, mine.message).toBe(true);
    expect(mine.data.totalCount).toBe(1);
    expect(mine.data.list[0]).toMatchObject({
      commentId: c.commentId,
      recordId: c.recordId,
      content: '广告内容',
      status: 'rejected',
      rejectReason: '含有广告',
    });
    expect(mine.data.list[0]!.moderatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Told in the inbox, with the reason, once.
    const told = await inboxOf(reader.id);
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toMatch(/^评论未通过审核 Your comment was not published: /);
    expect(told[0]!.body).toContain('“广告内容”未通过审核，原因：含有广告');
    expect(told[0]!.body).toContain('The reason: 含有广告');
    expect((await auditOf(c.commentId)).map((a) => [a.action, a.after])).toEqual([
      [
        'moderation.reject',
        { status: 'rejected', rejectReason: '含有广告', recordId: c.recordId, readerId: c.readerId },
      ],
    ]);
  });

  it('"my comments" lists the reader\'s own only, newest first, waiting ones too; visitors get 401', async () => {
    const reader = await makeReader(t, home.id);
    const first = await commented('我的第一条', { readerId: reader.id });
    await commented('别人的');
    const second = await commented('我的第二条', { readerId: reader.id });
    await decide({ commentIds: [first.commentId], decision: 'approve' });
    const mine = envelopeOf<MyCommentPage>(
      await t.call({
        url: ApiPath.myCommentList,
        mappingPath: home.mappingPath,
        headers: await signIn(t, home, reader),
        body: { page: 1, rows: 10 },
      }),
    ).data;
    expect(mine.list.map((c) => [c.commentId, c.status, c.rejectReason])).toEqual([
      [second.commentId, 'pending', null],
      [first.commentId, 'approved', null],
    ]);
    const visitor = await t.call({ url: ApiPath.myCommentList, mappingPath: home.mappingPath, body: {} });
    expect(visitor.statusCode).toBe(401);
  });

  it('may reverse a decision from the state shown (approved → rejected), not from another', async () => {
    const c = await commented('先通过后驳回');
    await decide({ commentIds: [c.commentId], decision: 'approve' });
    const stale = await decide({ commentIds: [c.commentId], decision: 'approve', from: 'rejected' });
    expect(stale).toMatchObject({ success: false, errCode: ModerationErrCode.alreadyModerated });
    const r = await decide({ commentIds: [c.commentId], decision: 'reject', from: 'approved', reason: '事后发现问题' });
    expect(r.success, r.message).toBe(true);
    expect(await statusOf(c.commentId)).toMatchObject({ status: 'rejected', reject_reason: '事后发现问题' });
    expect((await auditOf(c.commentId)).map((a) => a.before)).toEqual([
      { status: 'approved', rejectReason: null },
      { status: 'pending', rejectReason: null },
    ]);
    // Approving again clears the reason.
    await decide({ commentIds: [c.commentId], decision: 'approve', from: 'rejected' });
    expect(await statusOf(c.commentId)).toMatchObject({ status: 'approved', reject_reason: null });
  });

  it('refuses what cannot be a decision (400, translated): no ids, a move to the state it is in', async () => {
    for (const body of [
      { commentIds: [], decision: 'approve' },
      { commentIds: [1], decision: 'approve', from: 'approved' },
      { commentIds: [1], decision: 'delete' },
      { commentIds: ['x'], decision: 'approve' },
    ]) {
      const r = await decide(body, desk, { lang: 'zh_HK' });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.message).toMatch(/^請求參數有誤/);
    }
  });
});

describe('in bulk', () => {
  it('decides several in one call, reporting those decided meanwhile (not overwritten) and unknown ids', async () => {
    const [a, b, c] = [await commented('甲'), await commented('乙'), await commented('丙')];
    // Another moderator, in another tab, rejects b first.
    await decide({ commentIds: [b.commentId], decision: 'reject', reason: '重复' }, admin);
    const r = await decide({ commentIds: [a.commentId, b.commentId, c.commentId, 999_999_999], decision: 'approve' });
    expect(r.success, r.message).toBe(true);
    expect(r.message).toBe(text('zh-CN', 'moderationPartlyDecided', { count: 2, conflicts: 1 }));
    expect(r.data.moderated).toEqual([a.commentId, c.commentId]);
    expect(r.data.conflicts).toEqual([
      { commentId: b.commentId, status: 'rejected', moderatedBy: expect.stringMatching(/^admin/) },
    ]);
    expect(r.data.missing).toEqual([999_999_999]);
    expect(await statusOf(b.commentId)).toMatchObject({ status: 'rejected', reject_reason: '重复' });
    expect((await auditOf(b.commentId)).map((x) => x.action)).toEqual(['moderation.reject']);
    expect((await auditOf(a.commentId)).map((x) => x.action)).toEqual(['moderation.approve']);
  });

  it('changes nothing when every comment was decided meanwhile: a failure that says so', async () => {
    const a = await commented('已被处理');
    await decide({ commentIds: [a.commentId], decision: 'approve' }, admin);
    const r = await decide({ commentIds: [a.commentId], decision: 'reject', reason: '不当' }, desk, { lang: 'en_US' });
    expect(r).toMatchObject({
      status: 200,
      success: false,
      errCode: ModerationErrCode.alreadyModerated,
      message: text('en-US', 'moderationAlreadyDecided'),
      data: { moderated: [], conflicts: [{ commentId: a.commentId, status: 'approved' }], missing: [] },
    });
    expect((await statusOf(a.commentId)).status).toBe('approved');
  });

  it('two moderators at once (a double click): one decision wins, the other is told', async () => {
    const a = await commented('同时处理');
    const results = await Promise.all([
      decide({ commentIds: [a.commentId], decision: 'approve' }),
      decide({ commentIds: [a.commentId], decision: 'reject', reason: '同时' }, admin),
    ]);
    expect(results.map((r) => r.success).sort()).toEqual([false, true]);
    const lost = results.find((r) => !r.success)!;
    expect(lost.errCode).toBe(ModerationErrCode.alreadyModerated);
    const won = results.find((r) => r.success)!;
    expect((await statusOf(a.commentId)).status).toBe(won === results[0] ? 'approved' : 'rejected');
    expect(await auditOf(a.commentId)).toHaveLength(1);
  });
});

describe("another institution's comments", () => {
  it('cannot be listed or decided by its staff, nor by staff logged in elsewhere', async () => {
    const a = await commented('本馆的评论');
    // Staff of the other institution, at their own institution: the comment is not theirs.
    const r = await decide({ commentIds: [a.commentId], decision: 'approve' }, otherAdmin, {
      to: other,
      lang: 'en_US',
    });
    expect(r).toMatchObject({
      success: false,
      errCode: ModerationErrCode.noSuchComment,
      message: text('en-US', 'moderationNoSuchComment'),
    });
    expect((await queue({}, otherAdmin, other)).data.list.map((c) => c.commentId)).not.toContain(a.commentId);
    // At this institution: refused before anything is read.
    const here = await decide({ commentIds: [a.commentId], decision: 'approve' }, otherAdmin);
    expect([here.status, here.errCode]).toEqual([403, StaffErrCode.otherInstitution]);
    expect((await statusOf(a.commentId)).status).toBe('pending');
  });
});

describe('sensitive words', () => {
  it('are folded (case, width, Traditional), each once; administrators set them, desk staff may only read', async () => {
    const tenant = await makeTenant(t);
    const adm = await staffHeader(t, await makeStaff(t, tenant.id, { role: 'admin' }));
    const staff = await staffHeader(t, await makeStaff(t, tenant.id));
    const words = ['違規', 'ＳＰＡＭ', 'spam', '  ', ' 广告 '];
    const refused = await call(ApiPath.saveSensitiveWords, { words }, staff, { to: tenant });
    expect([refused.status, refused.errCode]).toEqual([403, StaffErrCode.roleTooLow]);
    const saved = await call<SavedSensitiveWords>(ApiPath.saveSensitiveWords, { words }, adm, { to: tenant });
    expect(saved.success, saved.message).toBe(true);
    expect(saved.message).toBe(text('zh-CN', 'moderationWordsSaved', { count: 3 }));
    expect(saved.data.words.sort()).toEqual(['ＳＰＡＭ', '广告', '違規'].sort());
    const read = await call<SensitiveWords>(ApiPath.sensitiveWords, {}, staff, { to: tenant, method: 'GET' });
    expect(read.data.words.sort()).toEqual(saved.data.words.sort());
    const [row] = (await t.services.staff.auditLog(tenant.id, 10)).filter((r) => r.action === 'moderation.words');
    expect(row).toMatchObject({ before: { words: [] }, after: { reflagged: 0 } });
    // Other institutions' lists are their own.
    expect((await call<SensitiveWords>(ApiPath.sensitiveWords, {}, desk, { method: 'GET' })).data.words).toEqual([]);
  });

  it('flag new comments, listed first with the words marked, in any case or width, Simplified or Traditional', async () => {
    const tenant = await makeTenant(t);
    const adm = await staffHeader(t, await makeStaff(t, tenant.id, { role: 'admin' }));
    await call(ApiPath.saveSensitiveWords, { words: ['违规', 'spam'] }, adm, { to: tenant });
    const plain = await commented('普通的评论', { tenant });
    const content = '這是違規內容，ＳＰＡＭ and Spam';
    const flagged = await commented(content, { tenant });
    const r = await queue({}, adm, tenant);
    expect(r.data.list.map((c) => c.commentId)).toEqual([flagged.commentId, plain.commentId]);
    const first = r.data.list[0]!;
    expect(first.flaggedWords.sort()).toEqual(['spam', '违规']);
    expect(first.marks.map(([s, e]) => content.slice(s, e))).toEqual(['違規', 'ＳＰＡＭ', 'Spam']);
    expect(r.data.list[1]!.flaggedWords).toEqual([]);
  });

  it('flag the comments already waiting when the list changes, and unflag them when a word goes', async () => {
    const tenant = await makeTenant(t);
    const adm = await staffHeader(t, await makeStaff(t, tenant.id, { role: 'admin' }));
    const waiting = await commented('这里有赌博信息', { tenant });
    const decided = await commented('赌博', { tenant });
    await decide({ commentIds: [decided.commentId], decision: 'approve' }, adm, { to: tenant });
    const save = (words: string[]) =>
      call<SavedSensitiveWords>(ApiPath.saveSensitiveWords, { words }, adm, { to: tenant });
    expect((await save(['赌博'])).data.reflagged).toBe(1);
    const flags = async (id: number) =>
      (
        await t.db.kysely
          .selectFrom('record_comment')
          .select('flagged_words')
          .where('id', '=', String(id))
          .executeTakeFirstOrThrow()
      ).flagged_words;
    expect(await flags(waiting.commentId)).toEqual(['赌博']);
    expect(await flags(decided.commentId)).toEqual([]);
    expect((await save([])).data.reflagged).toBe(1);
    expect(await flags(waiting.commentId)).toEqual([]);
  });

  it('refuse a list too long or a word too long (400, translated)', async () => {
    const tooMany = await call(
      ApiPath.saveSensitiveWords,
      { words: Array.from({ length: 501 }, (_, i) => `w${i}`) },
      admin,
    );
    expect(tooMany.status).toBe(400);
    const tooLong = await call(ApiPath.saveSensitiveWords, { words: ['长'.repeat(51)] }, admin, { lang: 'en_US' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.message).toMatch(/^Invalid request/);
  });
});

describe('findSensitive', () => {
  const list = (...words: string[]) => words.map((word) => ({ word, folded: foldWord(word) }));

  it('matches substrings in Chinese text, any case and width, and marks the text as written', () => {
    const s = 'ＡＢＣ广告abc';
    const r = findSensitive(s, list('abc', '广告'));
    expect(r.words).toEqual(['abc', '广告']);
    // Hits that overlap or touch are one mark.
    expect(r.marks).toEqual([[0, 8]]);
    expect(findSensitive('no match here', list('广告')).words).toEqual([]);
  });

  it('keeps the marks right when folding changes the length (compatibility forms, astral characters)', () => {
    const s = '𠀀 ㎏ 坏词 kg';
    const r = findSensitive(s, list('kg', '坏词'));
    expect(r.marks.map(([a, b]) => s.slice(a, b))).toEqual(['㎏', '坏词', 'kg']);
  });
});
