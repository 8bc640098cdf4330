// No imports: the web app takes these constants without pulling zod into its bundle.

/**
 * Error codes carried in `errCode`. 200 is success; the rest are ours, stable across versions, one
 * range per area so that no two failures share a code: 400xx general, 401xx search (SearchErrCode),
 * 402xx accounts (AuthErrCode), 403xx discovery (DiscoveryErrCode), 404xx favourites (FavouriteErrCode).
 */
export const ErrCode = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  tooManyRequests: 429,
  internal: 500,
  unknownTenant: 40001,
  groupCodeMismatch: 40002,
  unknownLibrary: 40003,
  unknownParam: 40004,
  accessInterrupted: 9999,
} as const;
export type ErrCode = (typeof ErrCode)[keyof typeof ErrCode];
