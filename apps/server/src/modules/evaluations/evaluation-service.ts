import type {
  CommentPage,
  MyCommentPage,
  RecordPageRequest,
  UserCommentRequest,
  UserCommentResponse,
  UserRatingsRequest,
  UserRatingsResponse,
  UserScore,
} from '@openfind/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { Errors } from '../../http/errors.js';
import { sensitiveWordsIn } from '../moderation/moderation-service.js';
import { recordBrief } from '../record-detail/record-brief.js';
import { requireRecord } from '../record-detail/record-repository.js';
import {
  findApprovedComments,
  findDistribution,
  findRated,
  findReaderComments,
  findReaderDisplayName,
  findReaderScore,
  findScores,
  insertComment,
  upsertRating,
} from './evaluation-repository.js';

/** Rating lists show the top 100 (spec §9). */
export const RATING_LIST_LIMIT = 100;

/** A reader's name as listed under a comment: the first character, the rest masked. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (!chars.length) return '***';
  return chars[0] + '*'.repeat(Math.min(3, Math.max(1, chars.length - 1)));
}

/** Ratings and comments: public reads, a logged-in reader's writes, only approved comments listed. */
export class EvaluationService {
  constructor(private readonly db: Kysely<Database>) {}

  /** The /grade list: records by average rating (top 100). */
  async ratings(tenantId: number, q: UserRatingsRequest): Promise<UserRatingsResponse> {
    const { total, rows } = await findRated(this.db, tenantId, {
      worstFirst: q.sortType === 2,
      docCode: q.docCode,
      minRatings: q.minRatings,
      limit: RATING_LIST_LIMIT,
      offset: (q.page - 1) * q.rows,
      rows: q.rows,
    });
    return {
      totalCount: total,
      list: rows.map((r) => ({
        ...recordBrief(r),
        docCode: r.doc_code,
        avgScore: r.avg_score,
        ratingCount: r.rating_count,
      })),
    };
  }

  /** A record's rating summary, with the reader's own rating when logged in. */
  async score(tenantId: number, recordId: number, readerId: number | null): Promise<UserScore> {
    await requireRecord(this.db, tenantId, recordId);
    const [scores, distribution, myScore] = await Promise.all([
      findScores(this.db, tenantId, [recordId]),
      findDistribution(this.db, tenantId, recordId),
      readerId === null ? Promise.resolve(null) : findReaderScore(this.db, tenantId, recordId, readerId),
    ]);
    const s = scores.get(recordId);
    return { recordId, avgScore: s?.avg_score ?? null, ratingCount: s?.rating_count ?? 0, distribution, myScore };
  }

  /** Approved comments of a record, newest first. */
  async comments(tenantId: number, q: RecordPageRequest): Promise<CommentPage> {
    await requireRecord(this.db, tenantId, q.recordId);
    const { total, rows } = await findApprovedComments(this.db, tenantId, q.recordId, (q.page - 1) * q.rows, q.rows);
    return {
      totalCount: total,
      list: rows.map((c) => ({
        commentId: Number(c.id),
        recordId: c.record_id,
        userName: maskName(c.reader_name),
        content: c.content,
        score: c.score,
        createTime: c.created_at,
      })),
    };
  }

  /**
   * A reader's comment (waits for approval) and/or rating (in force at once, replacing an earlier
   * one). The reader comes from the session; the comment is shown under the reader's name (masked
   * when listed) unless `reader.name` gives another.
   */
  async comment(
    tenantId: number,
    reader: { id: number; name?: string },
    q: UserCommentRequest,
  ): Promise<UserCommentResponse> {
    if (!q.content && q.score === null) throw Errors.commentEmpty();
    await requireRecord(this.db, tenantId, q.recordId);
    return inTransaction(this.db, async (trx) => {
      if (q.score !== null) {
        await upsertRating(trx, { tenantId, recordId: q.recordId, readerId: reader.id, score: q.score });
      }
      const commentId = q.content
        ? await insertComment(trx, {
            tenantId,
            recordId: q.recordId,
            readerId: reader.id,
            readerName: reader.name ?? (await findReaderDisplayName(trx, tenantId, reader.id)),
            content: q.content,
            flaggedWords: await sensitiveWordsIn(trx, tenantId, q.content),
          })
        : null;
      const score = await findReaderScore(trx, tenantId, q.recordId, reader.id);
      return { commentId, status: commentId === null ? null : 'pending', score };
    });
  }

  /** The reader's own comments, newest first: waiting, approved, or rejected with the reason staff gave. */
  async myComments(tenantId: number, readerId: number, q: { page: number; rows: number }): Promise<MyCommentPage> {
    const { total, rows } = await findReaderComments(this.db, tenantId, readerId, (q.page - 1) * q.rows, q.rows);
    return {
      totalCount: total,
      list: rows.map((c) => ({
        commentId: Number(c.id),
        recordId: c.record_id,
        title: c.title,
        content: c.content,
        status: c.status,
        rejectReason: c.reject_reason,
        createTime: c.created_at,
        moderatedAt: c.moderated_at,
      })),
    };
  }
}
