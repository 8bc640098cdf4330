/**
 * Moderation of readers' comments (the staff console, issue 28): plain values, free of schemas
 * (moderation.ts re-exports them), so the web app can import them without zod.
 */

/** Error codes of the moderation calls (in `errCode`). */
export const ModerationErrCode = {
  /** None of the comments named is a comment of this institution. */
  noSuchComment: 41601,
  /** Every comment named was decided already (by someone else, in another tab): nothing was changed. */
  alreadyModerated: 41602,
  /** A rejection needs the reason the reader will see. */
  reasonRequired: 41603,
} as const;

/** A comment's state: waiting for staff, shown on the record page, or refused (with a reason). */
export const COMMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/** What staff decide about a comment. */
export const MODERATION_DECISIONS = ['approve', 'reject'] as const;
export type ModerationDecision = (typeof MODERATION_DECISIONS)[number];

/** The queue's orders: oldest first (the default: first come, first served) or newest first. */
export const MODERATION_ORDERS = ['oldest', 'newest'] as const;

/** Longest rejection reason, in characters. */
export const MAX_REJECT_REASON = 200;
/** Most comments decided in one call (a page of the queue). */
export const MAX_MODERATION_BATCH = 100;
/** Most sensitive words of an institution, and the longest one. */
export const MAX_SENSITIVE_WORDS = 500;
export const MAX_SENSITIVE_WORD_LENGTH = 50;
