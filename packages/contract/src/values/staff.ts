/**
 * Staff accounts of the staff console (issues 27 and 28): plain values, free of schemas (staff.ts
 * re-exports them), so the web app can import them without zod.
 */

/**
 * What a staff account may do: `staff` works the desk (optionally only for some libraries of the
 * institution), `admin` administers the institution, `operator` runs the installation (every
 * institution; an account of no institution). Each role may do what the ones before it may.
 */
export const STAFF_ROLES = ['staff', 'admin', 'operator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The rank of a role: a call for `staff` is open to every role, one for `admin` to administrators and operators. */
export const STAFF_ROLE_RANK: Readonly<Record<StaffRole, number>> = { staff: 1, admin: 2, operator: 3 };

/**
 * The request header that carries a staff session's token. Staff tokens travel in this header only,
 * never in a cookie: another site's page cannot make a browser send it, so a staff call cannot be
 * forged from elsewhere (and the server refuses cross-site POSTs besides).
 */
export const STAFF_TOKEN_HEADER = 'X-Staff-Token';

/** Error codes of the staff accounts and the staff calls' access (in `errCode`). */
export const StaffErrCode = {
  /** The account is disabled (said only after the right password). */
  accountDisabled: 41101,
  /** The staff account belongs to another institution (HTTP 403). */
  otherInstitution: 41102,
  /** The call needs a higher role: an administrator's call made by staff (HTTP 403). */
  roleTooLow: 41103,
  /**
   * The account must confirm a second factor (TOTP), which this version cannot check yet (issue 28):
   * the login is refused rather than let through on the password alone.
   */
  secondFactorRequired: 41104,
  /** No staff session, or an expired, revoked or foreign one (HTTP 401). */
  loginRequired: 401,
} as const;

/** Longest staff username and display name. */
export const MAX_STAFF_USERNAME = 64;
export const MAX_STAFF_NAME = 100;
