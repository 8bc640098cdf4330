import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { MAX_PASSWORD_LENGTH } from './auth.js';
import { MAX_STAFF_NAME, MAX_STAFF_USERNAME, STAFF_ROLES } from './values/staff.js';
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
  /**
   * The second step of an account with a second factor: the six digits of its authenticator app or
   * one of its recovery codes (the first step, without it, answers `secondFactorRequired`).
   */
  code: z.string().trim().min(1).max(40).optional(),
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
  /** Whether an administrator requires the account's second factor. */
  totpRequired: z.boolean(),
  /** Whether the account has a second factor (TOTP) set up. */
  totpEnabled: z.boolean(),
  /** Required and not set up yet: the console asks for it before anything else (the server refuses the rest). */
  mustSetUpSecondFactor: z.boolean(),
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

const StaffPassword = z.string().min(1).max(MAX_PASSWORD_LENGTH);
const StaffId = z.coerce.number().int().positive();
/** The roles an administrator gives (operators are made with `openfind staff add` only). */
const InstitutionRole = z.enum(['staff', 'admin']);
const LibCodes = z.array(z.string().trim().min(1).max(32)).max(100);

/** Setting up a second factor: the secret to type in, or the QR code to scan. */
export const SecondFactorSetup = z.object({
  /** Base32, for apps without a camera. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The QR code of `otpauthUri` as an SVG document. */
  qrSvg: z.string(),
});
export type SecondFactorSetup = z.infer<typeof SecondFactorSetup>;

/** New recovery codes, shown once. */
export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

/** The account's second factor as its owner sees it. */
export const SecondFactorState = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  /** Recovery codes not used yet. */
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactorState = z.infer<typeof SecondFactorState>;

/** A staff account of the institution, as its administrators see it. */
export const StaffAccountView = z.object({
  staffId: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  libCodes: z.array(z.string()),
  disabled: z.boolean(),
  /** Seconds the account stays locked after failed logins (0: not locked). */
  lockedSeconds: z.number().int(),
  totpEnabled: z.boolean(),
  totpRequired: z.boolean(),
  createdAt: z.string(),
  /** The last login (a session started), or null. */
  lastLoginAt: z.string().nullable(),
});
export type StaffAccountView = z.infer<typeof StaffAccountView>;

export const StaffAccountAdd = z.object({
  username: z.string().trim().min(1).max(MAX_STAFF_USERNAME),
  name: z.string().trim().max(MAX_STAFF_NAME).default(''),
  role: InstitutionRole,
  libCodes: LibCodes.default([]),
  password: StaffPassword,
  totpRequired: z.boolean().default(false),
});
export type StaffAccountAdd = z.infer<typeof StaffAccountAdd>;

/** What an administrator changes of an account (what is left out stays). */
export const StaffAccountUpdate = z.object({
  staffId: StaffId,
  name: z.string().trim().max(MAX_STAFF_NAME).optional(),
  role: InstitutionRole.optional(),
  libCodes: LibCodes.optional(),
  disabled: z.boolean().optional(),
  totpRequired: z.boolean().optional(),
});
export type StaffAccountUpdate = z.infer<typeof StaffAccountUpdate>;

/** The staff console's session calls, the account's own second factor and password, and administrators' accounts. */
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
  staffSecondFactor: get('/find/admin/me/secondFactor', {
    output: SecondFactorState,
    access: 'staff',
    summary: "The staff account's second factor: on or off, required, recovery codes left",
  }),
  staffSecondFactorSetup: post('/find/admin/me/secondFactor/setup', {
    output: SecondFactorSetup,
    access: 'staff',
    summary: 'Start setting up a second factor (TOTP): a new secret and its QR code, counted once a code confirms it',
  }),
  staffSecondFactorConfirm: post('/find/admin/me/secondFactor/confirm', {
    input: z.object({ code: z.string().trim().min(1).max(20) }),
    output: RecoveryCodes,
    access: 'staff',
    summary:
      'Confirm the second factor being set up with a code of the app: it is on, and ten recovery codes are shown once',
  }),
  staffSecondFactorDisable: post('/find/admin/me/secondFactor/disable', {
    input: z.object({ password: StaffPassword }),
    output: z.null(),
    access: 'staff',
    summary: 'Turn the second factor off (the password again; not where an administrator requires it)',
  }),
  staffRecoveryCodes: post('/find/admin/me/secondFactor/recoveryCodes', {
    input: z.object({ password: StaffPassword }),
    output: RecoveryCodes,
    access: 'staff',
    summary: 'New recovery codes (the old ones stop working), shown once',
  }),
  staffChangePassword: post('/find/admin/me/password', {
    input: z.object({ currentPassword: StaffPassword, password: StaffPassword }),
    output: z.null(),
    access: 'staff',
    summary: "Change the staff account's own password (its other sessions end)",
  }),
  staffAccounts: get('/find/admin/staff/list', {
    output: z.array(StaffAccountView),
    access: 'admin',
    summary: "The institution's staff accounts (administrators)",
  }),
  staffAccountAdd: post('/find/admin/staff/add', {
    input: StaffAccountAdd,
    output: StaffAccountView,
    access: 'admin',
    summary: 'Add a staff or administrator account to the institution',
  }),
  staffAccountUpdate: post('/find/admin/staff/update', {
    input: StaffAccountUpdate,
    output: StaffAccountView,
    access: 'admin',
    summary:
      "Change an account's name, role, libraries, whether it is disabled (its sessions end) or must use a second factor",
  }),
  staffAccountPassword: post('/find/admin/staff/password', {
    input: z.object({ staffId: StaffId, password: StaffPassword }),
    output: z.null(),
    access: 'admin',
    summary: "Set an account's password (its sessions end, its lock is lifted)",
  }),
  staffAccountResetSecondFactor: post('/find/admin/staff/resetSecondFactor', {
    input: z.object({ staffId: StaffId }),
    output: z.null(),
    access: 'admin',
    summary: "Remove an account's second factor (a lost phone): it sets one up again at its next login where required",
  }),
});
