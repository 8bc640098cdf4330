import { z } from 'zod';
import { calls, post } from './endpoint.js';
import { boundedNumber, freeText } from './input.js';
import { Page, RecordBrief, RecordId, RecordIdBody, RecordPageRequest, Rows, optionalCode } from './records.js';
import { MAX_COMMENT_LENGTH, MAX_SCORE } from './values/evaluations.js';
import { COMMENT_STATUSES } from './values/moderation.js';
export * from './values/evaluations.js';

/**
 * Ratings and comments (issue 5): one rating per reader and record; comments listed once approved.
 */

/** `POST /find/findUserEvaluation/userRatings`: records by rating (the /grade screen, top 100 best and worst). */
export const UserRatingsRequest = z.object({
  page: Page,
  rows: Rows(10),
  /** 1 best first (default), 2 worst first. */
  sortType: boundedNumber(1, 1, 2),
  docCode: optionalCode,
  /** Only records with at least this many ratings (default 1). */
  minRatings: boundedNumber(1, 1, 1000),
});
export type UserRatingsRequest = z.infer<typeof UserRatingsRequest>;
export const RatedRecord = RecordBrief.extend({
  docCode: z.string(),
  /** Average of the ratings, one decimal. */
  avgScore: z.number(),
  ratingCount: z.number().int(),
});
export type RatedRecord = z.infer<typeof RatedRecord>;
/** At most the top 100 (spec §9): `totalCount` is capped at 100. */
export const UserRatingsResponse = z.object({ totalCount: z.number().int(), list: z.array(RatedRecord) });
export type UserRatingsResponse = z.infer<typeof UserRatingsResponse>;

/** `POST /find/findUserEvaluation/getUserScore {recordId}`. */
export const UserScore = z.object({
  recordId: z.number().int(),
  /** Average, one decimal; null when nobody rated it. */
  avgScore: z.number().nullable(),
  ratingCount: z.number().int(),
  /** Ratings per star: index 0 is one star. */
  distribution: z.array(z.number().int()),
  /** The logged-in reader's own rating (null when anonymous or not rated). */
  myScore: z.number().int().nullable(),
});
export type UserScore = z.infer<typeof UserScore>;

/** `POST /find/findUserEvaluation/userCommentList {recordId, page, rows}`: approved comments, newest first. */
export const Comment = z.object({
  commentId: z.number().int(),
  recordId: z.number().int(),
  /** The reader's display name, partly masked ('张*'). */
  userName: z.string(),
  content: z.string(),
  /** The reader's rating of the record, when they gave one. */
  score: z.number().int().nullable(),
  /** ISO date-time. */
  createTime: z.string(),
});
export type Comment = z.infer<typeof Comment>;
export const CommentPage = z.object({ totalCount: z.number().int(), list: z.array(Comment) });
export type CommentPage = z.infer<typeof CommentPage>;

/** `POST /find/findUserEvaluation/userComment`: a reader's comment and/or rating (needs login). */
export const UserCommentRequest = z.object({
  recordId: RecordId,
  content: z
    .union([freeText(MAX_COMMENT_LENGTH), z.null()])
    .optional()
    .transform((v) => (v ?? '').trim()),
  /** 1…MAX_SCORE; a later rating of the same record replaces the earlier one. */
  score: z
    .union([z.number().int(), z.string().trim().regex(/^\d$/), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined ? null : Number(v)))
    .pipe(z.number().int().min(1).max(MAX_SCORE).nullable()),
});
export type UserCommentRequest = z.infer<typeof UserCommentRequest>;
/** Answer: the comment waits for staff approval ('pending') before it is listed. */
export const UserCommentResponse = z.object({
  commentId: z.number().int().nullable(),
  /** 'pending' until staff approve it. */
  status: z.enum(['pending', 'approved', 'rejected']).nullable(),
  /** The reader's rating now in force. */
  score: z.number().int().nullable(),
});
export type UserCommentResponse = z.infer<typeof UserCommentResponse>;

/** `POST /find/findUserEvaluation/myCommentList {page, rows}` (OpenFind): the reader's own comments, newest first (My Library key 17). */
export const MyCommentsRequest = z.object({ page: Page, rows: Rows(10) });
export const MyComment = z.object({
  commentId: z.number().int(),
  recordId: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** 'pending' while staff have not decided; 'rejected' with the reason staff gave. */
  status: z.enum(COMMENT_STATUSES),
  rejectReason: z.string().nullable(),
  /** ISO 8601. */
  createTime: z.string(),
  moderatedAt: z.string().nullable(),
});
export type MyComment = z.infer<typeof MyComment>;
export const MyCommentPage = z.object({ totalCount: z.number().int(), list: z.array(MyComment) });
export type MyCommentPage = z.infer<typeof MyCommentPage>;

/** Ratings and comments: the lists are open to visitors (a logged-in reader also sees their own score); posting needs a logged-in reader. */
export const EvaluationCalls = calls('evaluations', {
  userRatings: post('/find/findUserEvaluation/userRatings', {
    input: UserRatingsRequest,
    output: UserRatingsResponse,
    access: 'public',
    summary: 'Records by average rating, best or worst first (top 100)',
  }),
  getUserScore: post('/find/findUserEvaluation/getUserScore', {
    input: RecordIdBody,
    output: UserScore,
    access: 'public',
    summary: "A record's rating: average, count, per star, and the reader's own",
  }),
  userCommentList: post('/find/findUserEvaluation/userCommentList', {
    input: RecordPageRequest,
    output: CommentPage,
    access: 'public',
    summary: 'Approved comments of a record, newest first',
  }),
  userComment: post('/find/findUserEvaluation/userComment', {
    input: UserCommentRequest,
    output: UserCommentResponse,
    access: 'reader',
    summary: 'Comment on and/or rate a record (needs login; comments wait for approval)',
  }),
  myCommentList: post('/find/findUserEvaluation/myCommentList', {
    input: MyCommentsRequest,
    output: MyCommentPage,
    access: 'reader',
    summary: "The reader's own comments, newest first: waiting, approved, or rejected with the reason",
  }),
});
