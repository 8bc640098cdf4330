/**
 * Limits of ratings and comments:
 * plain values, free of schemas, so that the web app can import them without bringing zod along
 * (the module's own file re-exports them).
 */

/** Longest comment accepted, in characters. */
export const MAX_COMMENT_LENGTH = 1000;
/** Ratings are whole stars from 1 to `MAX_SCORE`. */
export const MAX_SCORE = 5;
