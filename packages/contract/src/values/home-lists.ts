/**
 * Value lists of the home page lists:
 * plain values, free of schemas, so that the web app can import them without bringing zod along
 * (the module's own file re-exports them).
 */

/** The codes of the new-book windows (`time`), so that a client can check one before sending it. */
export const NEW_BOOK_TIMES = ['1', '2', '3', '4', '5', '6', '7'] as const;
export type NewBookTime = (typeof NEW_BOOK_TIMES)[number];
