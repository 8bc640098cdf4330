import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { Id, LongId, freeText } from './input.js';
import { Page, Rows } from './records.js';
import {
  COMMENT_STATUSES,
  MAX_MODERATION_BATCH,
  MAX_REJECT_REASON,
  MAX_SENSITIVE_WORDS,
  MAX_SENSITIVE_WORD_LENGTH,
  MODERATION_DECISIONS,
  MODERATION_ORDERS,
} from './values/moderation.js';
export * from './values/moderation.js';

/**
 * Moderation of readers' comments (the staff console, issue 28): the queue, approving and rejecting
 * (with the reason the reader sees in "my comments"), one or many at a time, and the institution's
 * sensitive words, which flag comments for review. Staff calls (`X-Staff-Token`); the word list is
 * changed by administrators.
 */

/** `GET /find/admin/moderation/comments`: the queue, filtered; flagged comments first among those waiting. */
export const ModerationQueueQuery = z.object({
  status: z.enum(COMMENT_STATUSES).default('pending'),
  order: z.enum(MODERATION_ORDERS).default('oldest'),
  /** Words of the comment or of the record's title (any case). */
  q: freeText(100)
    .optional()
    .transform((v) => (v ?? '').trim()),
  recordId: Id.optional(),
  page: Page,
  rows: Rows(20, MAX_MODERATION_BATCH),
});
export type ModerationQueueQuery = z.infer<typeof ModerationQueueQuery>;

/** A comment as staff see it. */
export const ModeratedComment = z.object({
  commentId: z.number().int(),
  recordId: z.number().int(),
  title: z.string(),
  /** The reader's account and the name the comment is shown under. */
  reader: z.string(),
  readerName: z.string(),
  content: z.string(),
  /** The reader's rating of the record, when they gave one. */
  score: z.number().int().nullable(),
  status: z.enum(COMMENT_STATUSES),
  /** The sensitive words the comment contains (as the list names them), and where: [start, end) in `content`. */
  flaggedWords: z.array(z.string()),
  marks: z.array(z.tuple([z.number().int(), z.number().int()])),
  rejectReason: z.string().nullable(),
  /** ISO 8601. */
  createTime: z.string(),
  moderatedAt: z.string().nullable(),
  /** The staff account that decided. */
  moderatedBy: z.string().nullable(),
});
export type ModeratedComment = z.infer<typeof ModeratedComment>;

export const ModerationQueue = z.object({
  totalCount: z.number().int(),
  list: z.array(ModeratedComment),
  /** Comments waiting in the institution (whatever the filter). */
  pendingCount: z.number().int(),
});
export type ModerationQueue = z.infer<typeof ModerationQueue>;

/**
 * `POST /find/admin/moderation/decide`: approve or reject comments in one transaction. Only those
 * still in the state `from` (what the screen showed, 'pending' by default) change: a comment someone
 * else decided meanwhile is reported in `conflicts`, not overwritten.
 */
export const ModerateRequest = z
  .object({
    commentIds: z
      .array(LongId)
      .min(1)
      .max(MAX_MODERATION_BATCH)
      .transform((ids) => [...new Set(ids)]),
    decision: z.enum(MODERATION_DECISIONS),
    from: z.enum(COMMENT_STATUSES).default('pending'),
    /** The reason the reader sees (a rejection needs one). */
    reason: freeText(MAX_REJECT_REASON)
      .optional()
      .transform((v) => (v ?? '').trim()),
  })
  .refine((r) => r.from !== (r.decision === 'approve' ? 'approved' : 'rejected'), {
    message: 'the comments are in that state already',
    path: ['from'],
  });
export type ModerateRequest = z.infer<typeof ModerateRequest>;

export const ModerationOutcome = z.object({
  /** The comments changed. */
  moderated: z.array(z.number().int()),
  /** Comments no longer in the state `from`: their state now and who decided. */
  conflicts: z.array(
    z.object({
      commentId: z.number().int(),
      status: z.enum(COMMENT_STATUSES),
      moderatedBy: z.string().nullable(),
    }),
  ),
  /** Ids that name no comment of the institution. */
  missing: z.array(z.number().int()),
});
export type ModerationOutcome = z.infer<typeof ModerationOutcome>;

/** The institution's sensitive words, as typed, in the order of their folded form. */
export const SensitiveWords = z.object({ words: z.array(z.string()) });
export type SensitiveWords = z.infer<typeof SensitiveWords>;

/** `POST /find/admin/moderation/words`: the whole list, replacing the last (the same word twice, in any case or width, once). */
export const SaveSensitiveWordsRequest = z.object({
  words: z.array(freeText(MAX_SENSITIVE_WORD_LENGTH)).max(MAX_SENSITIVE_WORDS),
});
export type SaveSensitiveWordsRequest = z.infer<typeof SaveSensitiveWordsRequest>;

export const SavedSensitiveWords = SensitiveWords.extend({
  /** Waiting comments whose flags changed with the new list. */
  reflagged: z.number().int(),
});
export type SavedSensitiveWords = z.infer<typeof SavedSensitiveWords>;

/** Moderation: staff calls. */
export const ModerationCalls = calls('moderation', {
  moderationQueue: get('/find/admin/moderation/comments', {
    input: ModerationQueueQuery,
    output: ModerationQueue,
    access: 'staff',
    summary: 'Comments by state (waiting by default), flagged ones first among those waiting',
  }),
  moderateComments: post('/find/admin/moderation/decide', {
    input: ModerateRequest,
    output: ModerationOutcome,
    access: 'staff',
    summary: 'Approve or reject comments (with the reason the reader sees), those decided meanwhile reported',
  }),
  sensitiveWords: get('/find/admin/moderation/words', {
    output: SensitiveWords,
    access: 'staff',
    summary: "The institution's sensitive words, which flag comments for review",
  }),
  saveSensitiveWords: post('/find/admin/moderation/words', {
    input: SaveSensitiveWordsRequest,
    output: SavedSensitiveWords,
    access: 'admin',
    summary: "Replace the institution's sensitive words (waiting comments are flagged again)",
  }),
});
