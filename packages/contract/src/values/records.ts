/**
 * Codes and limits of the discovery calls:
 * plain values, free of schemas, so that the web app can import them without bringing zod along
 * (the module's own file re-exports them).
 */

/** Error codes of the discovery calls (in `errCode`). */
export const DiscoveryErrCode = {
  /** No record with that id in this institution. */
  recordNotFound: 40301,
  /** No book list with that id in this institution. */
  bookListNotFound: 40302,
  /** A comment needs text or a score. */
  commentEmpty: 40303,
  /** The call needs a logged-in reader (HTTP 401). */
  loginRequired: 401,
} as const;

/** Largest page size of the discovery lists; larger `rows` are clamped to it. */
export const MAX_LIST_ROWS = 100;
