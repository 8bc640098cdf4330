import {
  ApiPath,
  type CommentPage,
  type RecordDetail,
  type RecordStatistics,
  type UserRatingsResponse,
  type UserScore,
} from '@openfind/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t as text } from '../src/http/messages.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type TestApp } from './helpers.js';
import { clientOf, makeReader, makeRecord, makeRecords, makeTenant, signIn } from './support/factories.js';

/** Evaluations: readers' ratings and comments of records, and the best-rated list. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
});
afterAll(async () => t?.close());

describe('userRatings', () => {
  let api: ReturnType<typeof clientOf>;

  // Three rated records and one without ratings.
  beforeAll(async () => {
    const tenant = await makeTenant(t);
    api = clientOf(t, tenant);
    const [hlm, santi, python] = await makeRecords(t, tenant.id, [
      { title: '红楼梦' },
      { title: '三体' },
      { title: 'Python编程' },
      { title: '旧书' },
    ]);
    const rate = (record_id: number, scores: number[]) =>
      scores.map((score, n) => ({ tenant_id: tenant.id, record_id, reader_id: n + 1, score }));
    await t.db.kysely
      .insertInto('record_rating')
      .values([...rate(hlm, [5, 5, 4]), ...rate(santi, [5]), ...rate(python, [2, 3])])
      .execute();
  });

  it('best first, worst first, with a minimum number of ratings', async () => {
    const ratings = async (body: Record<string, unknown>) =>
      envelopeOf<UserRatingsResponse>(await api.post(ApiPath.userRatings, body)).data;
    const best = await ratings({});
    expect(best.list.map((r) => [r.title, r.avgScore, r.ratingCount])).toEqual([
      ['三体', 5, 1],
      ['红楼梦', 4.7, 3],
      ['Python编程', 2.5, 2],
    ]);
    expect(best.totalCount).toBe(3);
    expect((await ratings({ sortType: 2 })).list.map((r) => r.title)).toEqual(['Python编程', '红楼梦', '三体']);
    expect((await ratings({ minRatings: 2 })).list.map((r) => r.title)).toEqual(['红楼梦', 'Python编程']);
    expect((await ratings({ page: 2, rows: 2 })).list.map((r) => r.title)).toEqual(['Python编程']);
  });

  it('lists at most the top 100', async () => {
    const tenant = await makeTenant(t);
    await makeRecords(
      t,
      tenant.id,
      Array.from({ length: 105 }, (_, n) => ({ title: `书${n + 1}` })),
    );
    await sql`
      INSERT INTO record_rating (tenant_id, record_id, reader_id, score)
      SELECT tenant_id, record_id, 1, 1 + record_id % 5 FROM bib_record WHERE tenant_id = ${tenant.id}`.execute(
      t.db.kysely,
    );
    const call = async (body: Record<string, unknown>) =>
      envelopeOf<UserRatingsResponse>(await clientOf(t, tenant).post(ApiPath.userRatings, body)).data;
    const last = await call({ page: 10, rows: 10 });
    expect(last.totalCount).toBe(100);
    expect(last.list).toHaveLength(10);
    expect(await call({ page: 11, rows: 10 })).toEqual({ totalCount: 100, list: [] });
    expect((await call({ page: 2, rows: 60 })).list).toHaveLength(40);
  });
});

describe('ratings and comments', () => {
  let tenant: Awaited<ReturnType<typeof makeTenant>>;
  let api: ReturnType<typeof clientOf>;
  beforeAll(async () => {
    tenant = await makeTenant(t);
    api = clientOf(t, tenant);
  });
  const approve = (commentId: number | null, createdAt?: string) =>
    t.db.kysely
      .updateTable('record_comment')
      .set({ status: 'approved', ...(createdAt ? { created_at: createdAt } : {}) })
      .where('id', '=', String(commentId))
      .execute();

  it('lists only approved comments, newest first, with masked names; ratings replace earlier ones', async () => {
    const recordId = await makeRecord(t, tenant.id, { title: '活着' });
    const ev = t.services.evaluations;
    const first = await ev.comment(tenant.id, { id: 1, name: '张三丰' }, { recordId, content: '很好看', score: 3 });
    expect(first).toMatchObject({ status: 'pending', score: 3 });
    await ev.comment(tenant.id, { id: 1, name: '张三丰' }, { recordId, content: '', score: 5 });
    const second = await ev.comment(tenant.id, { id: 2, name: 'Li' }, { recordId, content: '感人至深', score: 4 });
    const third = await ev.comment(tenant.id, { id: 3, name: '王五' }, { recordId, content: '广告内容', score: null });
    await approve(first.commentId, '2025-01-01T00:00:00Z');
    await approve(second.commentId);
    await t.db.kysely
      .updateTable('record_comment')
      .set({ status: 'rejected' })
      .where('id', '=', String(third.commentId))
      .execute();

    const list = envelopeOf<CommentPage>(await api.post(ApiPath.userCommentList, { recordId })).data;
    expect(list.totalCount).toBe(2);
    expect(list.list.map((c) => [c.content, c.userName, c.score])).toEqual([
      ['感人至深', 'L*', 4],
      ['很好看', '张**', 5],
    ]);
    const score = envelopeOf<UserScore>(await api.post(ApiPath.getUserScore, { recordId })).data;
    expect(score).toEqual({ recordId, avgScore: 4.5, ratingCount: 2, distribution: [0, 0, 0, 1, 1], myScore: null });
    const stats = envelopeOf<RecordStatistics>(
      await api.get(ApiPath.recordStatistics, { recordId: String(recordId) }),
    ).data;
    expect(stats).toMatchObject({ commentCount: 2, ratingCount: 2, avgScore: 4.5 });
    const detail = envelopeOf<RecordDetail>(await api.get(ApiPath.getDetail, { recordId: String(recordId) })).data;
    expect(detail.record.avgScore).toBe(4.5);
  });

  it('userComment needs a logged-in reader (401, translated)', async () => {
    const recordId = await makeRecord(t, tenant.id);
    const res = await api.post(ApiPath.userComment, { recordId, content: 'x', score: 5 }, 'en_US');
    expect(res.statusCode).toBe(401);
    expect(envelopeOf(res)).toMatchObject({ success: false, errCode: 401, message: text('en-US', 'loginRequired') });
  });

  it('a logged-in reader comments under the name of the account, masked when listed', async () => {
    const recordId = await makeRecord(t, tenant.id);
    const reader = await makeReader(t, tenant.id, { name: '李明' });
    const res = await api.post(
      ApiPath.userComment,
      { recordId, content: '值得一读', score: 4 },
      undefined,
      await signIn(t, tenant, reader),
    );
    const posted = envelopeOf<{ commentId: number; status: string; score: number }>(res);
    expect(posted).toMatchObject({ success: true, data: { status: 'pending', score: 4 } });
    const row = await t.db.kysely
      .selectFrom('record_comment')
      .select(['reader_name', 'status', 'reader_id'])
      .where('id', '=', String(posted.data.commentId))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reader_name: '李明', status: 'pending', reader_id: reader.id });
    await approve(posted.data.commentId);
    const list = envelopeOf<CommentPage>(await api.post(ApiPath.userCommentList, { recordId })).data;
    expect(list.list.find((c) => c.content === '值得一读')?.userName).toBe('李*');
  });

  it('refuses a score outside 1…5 and an empty comment', async () => {
    const recordId = await makeRecord(t, tenant.id);
    const reader = await makeReader(t, tenant.id);
    const asReader = await signIn(t, tenant, reader);
    expect((await api.post(ApiPath.userComment, { recordId, score: 6 }, undefined, asReader)).statusCode).toBe(400);
    // A visitor is refused before the body is read (a reader's call: 401 first).
    expect((await api.post(ApiPath.userComment, { recordId, score: 6 })).statusCode).toBe(401);
    await expect(
      t.services.evaluations.comment(tenant.id, { id: 9, name: 'x' }, { recordId, content: '', score: null }),
    ).rejects.toMatchObject({ errCode: 40303 });
  });
});
