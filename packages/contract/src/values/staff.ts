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
  /** The password was right and the account has a second factor: send its code (the login's second step). */
  secondFactorRequired: 41104,
  /** The second factor's code (or recovery code) is wrong, used already or too old (counts as a failed login). */
  secondFactorWrong: 41105,
  /**
   * An administrator requires this account's second factor and it has none yet: every staff call but
   * setting one up (and who am I, logout) is refused until it has (HTTP 403).
   */
  secondFactorSetupRequired: 41106,
  /** No second factor is being set up (start again), or the code does not confirm it. */
  secondFactorNotPending: 41107,
  /** The account's second factor is required by an administrator: it cannot be turned off. */
  secondFactorCannotDisable: 41108,
  /** No such staff account in the institution (or it is an operator, out of an administrator's reach). */
  noSuchStaff: 41109,
  /** The username is taken in the institution (or by an operator). */
  usernameTaken: 41110,
  /** The username may hold 1–64 letters, digits and . _ @ - only. */
  usernameInvalid: 41111,
  /** A staff password needs 8 or more characters with three of upper case, lower case, digits and others, not the username. */
  passwordRule: 41112,
  /** A library code the institution does not have, or libraries given for an administrator. */
  unknownLibrary: 41113,
  /** An administrator cannot lower their own role, disable their own account or leave the institution without an administrator. */
  lastAdministrator: 41114,
  /** The current password given is wrong. */
  wrongPassword: 41115,
  /** No staff session, or an expired, revoked or foreign one (HTTP 401). */
  loginRequired: 401,
} as const;

/** Longest staff username and display name. */
export const MAX_STAFF_USERNAME = 64;
export const MAX_STAFF_NAME = 100;
