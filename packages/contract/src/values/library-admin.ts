/**
 * The staff console's libraries and circulation policies (issue 28): plain values, free of schemas
 * (library-admin.ts re-exports them), so the web app takes the codes and limits without zod.
 */

/** Error codes of the libraries and policies calls (in `errCode`). */
export const LibraryAdminErrCode = {
  /** A code (library, campus, location) is not 1–32 letters, digits, `-`, `_` or `.`, starting with a letter or digit. */
  codeInvalid: 42401,
  /** The institution has a library, campus or location with this code already (in any case). */
  codeTaken: 42402,
  /** No library, campus or location with this code in the institution. */
  noSuchPlace: 42403,
  /** A name in Simplified Chinese is needed (the others fall back to it). */
  nameRequired: 42404,
  /** Someone changed (or deleted) the row since the screen read it: nothing was saved. */
  conflict: 42405,
  /** The library, campus or location is in use (copies, staff, requests, readers, what it holds): not deleted. */
  inUse: 42406,
  /** The location type is not one of the institution's. */
  noSuchLocationType: 42407,
  /** The order sent does not name exactly the rows of that level as they are now. */
  orderMismatch: 42408,
  /** The default loan policy ('' × '') cannot be deleted. */
  defaultPolicy: 42409,
  /** No loan policy for this reader type and circulation attribute. */
  noSuchPolicy: 42410,
  /** The policy's values do not fit together (a renewal window longer than the loan…). */
  policyInconsistent: 42411,
  /** The institution has a policy for this reader type and circulation attribute already. */
  policyExists: 42412,
  /** A library cannot stop being the main one by itself: mark another library main instead. */
  mainRequired: 42413,
} as const;

/** The three levels of the tree. */
export const PLACE_KINDS = ['library', 'campus', 'location'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** A code of a library, campus or location: letters, digits, `-`, `_`, `.`; first a letter or digit. */
export const PLACE_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/;
export const MAX_PLACE_CODE = 32;
/** Longest name of a library, campus or location, in characters. */
export const MAX_PLACE_NAME = 100;
/** Most rows of one level of the tree that one reorder names. */
export const MAX_SIBLINGS = 500;

/** A reader type or circulation attribute of a policy ('' = any). */
export const MAX_POLICY_KEY = 50;

/** The limits of a loan policy's values (the database checks the same). */
export const POLICY_LIMITS = {
  loanDays: [1, 3650],
  maxLoans: [0, 999],
  maxRenewals: [0, 100],
  renewalDays: [1, 3650],
  renewWindowDays: [0, 3650],
  maxRequests: [0, 999],
  holdShelfDays: [1, 365],
  finePerDayCents: [0, 100_000],
  maxFineCents: [0, 10_000_000],
  suspendDaysPerDay: [0, 30],
  fineLimitCents: [0, 10_000_000],
  maxRelends: [0, 100],
} as const;
export type PolicyNumberField = keyof typeof POLICY_LIMITS;
export const POLICY_NUMBER_FIELDS = Object.keys(POLICY_LIMITS) as PolicyNumberField[];
