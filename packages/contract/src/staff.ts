import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { MAX_PASSWORD_LENGTH } from './auth.js';
import { MAX_STAFF_USERNAME, STAFF_ROLES } from './values/staff.js';
export * from './values/staff.js';

/**
 * Staff accounts and their sessions (issue 27 builds them once for the desk; issue 28's staff
 * console adds its screens, the second factor and the administration of accounts). Staff accounts
 * are not reader accounts: their own table, login, tokens (in the `X-Staff-Token` header) and
 * rules. A staff token is never a reader's session, nor a reader's token a staff session.
 */

/** `POST /oga/admin/login`, at the institution of the `mappingPath` header (an operator at any). */
export const StaffLoginRequest = z.object({
  username: z.string().trim().min(1).max(MAX_STAFF_USERNAME),
  password: z.string().min(1).max(MAX_PASSWORD_LENGTH),
});
export type StaffLoginRequest = z.infer<typeof StaffLoginRequest>;

/** An institution as a staff account names it. */
export const StaffInstitution = z.object({ mappingPath: z.string(), name: z.string() });

/** `GET /find/admin/me`: who the staff session is. */
export const StaffIdentity = z.object({
  staffId: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  /** The account's institution; null for an installation operator. */
  tenant: StaffInstitution.nullable(),
  /** The libraries the account works for ([] = every library of the institution). */
  libCodes: z.array(z.string()),
  /** Whether the account must confirm a second factor at login (issue 28). */
  totpRequired: z.boolean(),
});
export type StaffIdentity = z.infer<typeof StaffIdentity>;

/** A staff session: the token to send in `header` with every staff call. */
export const StaffLoginResult = z.object({
  token: z.string(),
  /** The header to send the token in (`X-Staff-Token`). */
  header: z.string(),
  /** Seconds until the token expires. */
  expiresIn: z.number().int(),
  staff: StaffIdentity,
});
export type StaffLoginResult = z.infer<typeof StaffLoginResult>;

/** The staff console's session calls. */
export const StaffCalls = calls('staff', {
  staffLogin: post('/oga/admin/login', {
    input: StaffLoginRequest,
    output: StaffLoginResult,
    access: 'public',
    summary: 'Staff login (not a reader login): a staff session token for the X-Staff-Token header',
  }),
  staffLogout: post('/oga/admin/logout', {
    output: z.null(),
    access: 'staff',
    summary: 'End the staff session of the X-Staff-Token header',
  }),
  staffMe: get('/find/admin/me', {
    output: StaffIdentity,
    access: 'staff',
    summary: 'Who the staff session is: username, role, institution, libraries',
  }),
});
