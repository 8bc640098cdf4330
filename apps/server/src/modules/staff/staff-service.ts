import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  MAX_STAFF_NAME,
  STAFF_TOKEN_HEADER,
  passwordProblem,
  type StaffIdentity,
  type StaffLoginRequest,
  type StaffLoginResult,
  type StaffRole,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { dummyHash, hashPassword, verifyPassword } from '../readers/passwords.js';
import { clearLoginFailures, lockedSeconds, recordLoginFailure } from '../auth/auth-repository.js';
import { AuthErrors } from '../auth/auth-errors.js';
import type { AuthSettings } from '../auth/auth-settings.js';
import type { RateLimiter } from '../auth/rate-limiter.js';
import type { TenantDirectory } from '../tenants/tenant-directory.js';
import type { Tenant } from '../tenants/tenant-repository.js';
import { StaffErrors } from './staff-errors.js';
import { StaffTokens } from './staff-tokens.js';
import { isTotpCode, recoveryCodeHash, totpStepOf } from './second-factor.js';
import {
  clearStaffFailures,
  deleteStaff,
  findAudit,
  findLibraryCodes,
  findStaffByName,
  findStaffForLogin,
  findStaffSession,
  insertAudit,
  insertStaff,
  insertStaffSession,
  listStaff,
  recordStaffFailure,
  revokeStaffSession,
  setStaffDisabled,
  setStaffPassword,
  staffNameTaken,
  takeRecoveryCode,
  takeTotpStep,
  type AuditEntry,
  type AuditRow,
  type StaffAccount,
} from './staff-repository.js';

/** Hours a staff session lasts (a working day); a logout, a new password or disabling ends it sooner. */
export const STAFF_SESSION_HOURS = 8;

/** A staff account's session, verified, as a request carries it (`req.staffSession`). */
export interface StaffSession {
  staffId: number;
  /** The account's institution; null for an installation operator. */
  tenantId: number | null;
  /** The institution the session was logged in at, and the token's id (for the logout). */
  loginTenantId: number;
  jti: string;
  username: string;
  name: string;
  role: StaffRole;
  libCodes: string[];
  totpRequired: boolean;
  /** Whether the account has a second factor set up (required and not: the console's calls wait for it). */
  totpEnabled: boolean;
}

/** A refusal of `openfind staff` input: printed as it is, without a stack trace. */
export class StaffInputError extends Error {}

/** What a staff username may hold: letters, digits and . _ @ - (no spaces), 1–64. */
const USERNAME = /^[\p{L}\p{N}._@-]{1,64}$/u;

/** The lockout key of a name no staff account answers to (upper case: no folded name holds it). */
const unknownKey = (name: string) => `S:${name.slice(0, 64)}`;

/**
 * Staff accounts: the accounts themselves (`openfind staff`), their login and sessions, and the
 * audit log. A login checks the password the same way whether or not the account exists (argon2
 * against a dummy hash), counts failures on the account (on the typed name when none answers to it),
 * locks as readers' logins do, and limits attempts per address.
 */
export class StaffService {
  readonly tokens: StaffTokens;

  private readonly settings: AuthSettings;
  private readonly loginsPerIp: RateLimiter;
  private readonly tenants: Pick<TenantDirectory, 'list'>;
  private readonly sessionHours: number;

  constructor(
    private readonly db: Kysely<Database>,
    deps: {
      /** The readers' lockout settings (failures before a lock, its length) and SESSION_SECRET. */
      settings: AuthSettings;
      /** Staff password attempts per address and minute. */
      loginsPerIp: RateLimiter;
      tenants: Pick<TenantDirectory, 'list'>;
      sessionHours?: number;
    },
  ) {
    this.settings = deps.settings;
    this.loginsPerIp = deps.loginsPerIp;
    this.tenants = deps.tenants;
    this.sessionHours = deps.sessionHours ?? STAFF_SESSION_HOURS;
    this.tokens = new StaffTokens(db, deps.settings.sessionSecret);
  }

  // ---- login and sessions ----------------------------------------------------------------------

  async login(tenant: Tenant, body: StaffLoginRequest, ip: string): Promise<StaffLoginResult> {
    if (!(await this.loginsPerIp.hit(ip))) throw AuthErrors.tooManyRequests();
    const name = body.username.trim().toLowerCase();
    const account = await findStaffForLogin(this.db, tenant.id, name);
    const locked = account ? account.lockedSeconds : await lockedSeconds(this.db, tenant.id, unknownKey(name));
    if (locked > 0) throw AuthErrors.accountLocked(locked);
    const matches = await verifyPassword(account?.passwordHash ?? (await dummyHash()), body.password);
    if (!account || !matches) {
      const { lockAfterFailures, lockSeconds } = this.settings;
      if (account) await recordStaffFailure(this.db, account.tenantId, account.id, lockAfterFailures, lockSeconds);
      else await recordLoginFailure(this.db, tenant.id, unknownKey(name), lockAfterFailures, lockSeconds);
      throw AuthErrors.badCredentials();
    }
    if (account.disabled) throw StaffErrors.accountDisabled();
    // The second step: the password alone opens no session of an account with a second factor. A
    // wrong code counts as a failed login (the lock stops guessing); the failures are forgotten only
    // once both steps pass.
    if (account.totpSecret !== null) {
      if (!body.code) throw StaffErrors.secondFactorRequired();
      if (!(await this.takeSecondFactor(account, body.code))) {
        const { lockAfterFailures, lockSeconds } = this.settings;
        await recordStaffFailure(this.db, account.tenantId, account.id, lockAfterFailures, lockSeconds);
        await this.audit({
          tenantId: tenant.id,
          staffId: account.id,
          actor: account.username,
          action: 'staff.loginRefused',
          target: account.username,
          after: { reason: 'secondFactorWrong' },
          ip,
        });
        throw StaffErrors.secondFactorWrong();
      }
    }
    await clearStaffFailures(this.db, account.tenantId, account.id);
    await clearLoginFailures(this.db, tenant.id, unknownKey(name));
    const { token, expiresIn, session } = await this.startSession(tenant.id, account, ip);
    await this.audit({
      tenantId: tenant.id,
      staffId: account.id,
      actor: account.username,
      action: 'staff.login',
      target: account.username,
      after: { role: account.role },
      ip,
    });
    return { token, header: STAFF_TOKEN_HEADER, expiresIn, staff: await this.identity(session) };
  }

  /** Whether `code` is the account's TOTP code of now (taken once) or one of its unused recovery codes (used up). */
  private async takeSecondFactor(account: StaffAccount, code: string): Promise<boolean> {
    if (account.totpSecret === null) return false;
    if (isTotpCode(code)) {
      const step = totpStepOf(account.totpSecret, code);
      return step !== null && (await takeTotpStep(this.db, account.tenantId, account.id, step));
    }
    return takeRecoveryCode(this.db, account.tenantId, account.id, recoveryCodeHash(code));
  }

  /**
   * A new session of the account at the institution `loginTenantId`: the token and the session as a
   * request will carry it. (The login's last step; tests start sessions with it directly.)
   */
  async startSession(
    loginTenantId: number,
    account: StaffAccount,
    ip = '',
  ): Promise<{ token: string; expiresIn: number; session: StaffSession }> {
    const expiresIn = Math.round(this.sessionHours * 3600);
    const jti = randomUUID();
    const exp = Math.floor(Date.now() / 1000) + expiresIn;
    await insertStaffSession(this.db, {
      tenantId: loginTenantId,
      staffId: account.id,
      id: jti,
      expiresAt: new Date(exp * 1000),
      ip,
    });
    const token = await this.tokens.sign({ staffId: account.id, tenantId: loginTenantId, jti, exp });
    return { token, expiresIn, session: sessionOf(account, loginTenantId, jti) };
  }

  /**
   * The staff session of a token, or why there is none ('expired': a staff token no longer valid,
   * revoked, or of an account since disabled; 'invalid': not a staff token at all).
   */
  async verify(token: string): Promise<StaffSession | 'expired' | 'invalid'> {
    const claims = await this.tokens.read(token);
    if (typeof claims === 'string') return claims;
    const found = await findStaffSession(this.db, claims.tenantId, claims.jti);
    if (!found || found.account.id !== claims.staffId) return 'invalid';
    if (!found.live || found.account.disabled || found.account.passwordChangedAt > found.createdAt) return 'expired';
    return sessionOf(found.account, claims.tenantId, claims.jti);
  }

  /** Ends the session (logout). */
  async logout(session: StaffSession, actingTenantId: number, ip: string): Promise<void> {
    await revokeStaffSession(this.db, session.loginTenantId, session.jti);
    await this.audit({
      tenantId: actingTenantId,
      staffId: session.staffId,
      actor: session.username,
      action: 'staff.logout',
      target: session.username,
      ip,
    });
  }

  /** Who a session is (`GET /find/admin/me`). */
  async identity(s: StaffSession): Promise<StaffIdentity> {
    const tenant = s.tenantId === null ? undefined : (await this.tenants.list()).find((t) => t.id === s.tenantId);
    return {
      staffId: s.staffId,
      username: s.username,
      name: s.name,
      role: s.role,
      tenant: tenant ? { mappingPath: tenant.mappingPath, name: tenant.name } : null,
      libCodes: s.libCodes,
      totpRequired: s.totpRequired,
      totpEnabled: s.totpEnabled,
      mustSetUpSecondFactor: s.totpRequired && !s.totpEnabled,
    };
  }

  // ---- the accounts (`openfind staff`) ---------------------------------------------------------

  /** Adds an account of the institution, or (tenantId null) an operator. Its id. */
  async add(
    input: {
      tenantId: number | null;
      username: string;
      name: string;
      role: StaffRole;
      libCodes: string[];
      password: string;
    },
    actor: string,
  ): Promise<number> {
    const username = input.username.trim();
    const name = input.name.trim();
    const libCodes = [...new Set(input.libCodes.map((c) => c.trim()).filter(Boolean))];
    const problem = await this.accountProblem({ ...input, username, name, libCodes });
    if (problem) throw new StaffInputError(cliMessage(problem));
    const id = await insertStaff(this.db, {
      tenantId: input.tenantId,
      username,
      name,
      role: input.role,
      libCodes,
      passwordHash: await hashPassword(input.password),
    });
    await this.audit({
      tenantId: input.tenantId,
      staffId: null,
      actor,
      action: 'staff.add',
      target: username,
      after: { id, username, name, role: input.role, libCodes },
    });
    return id;
  }

  /**
   * What is wrong with a new account (or a changed one: `password` and the name check left out with
   * `existingId`), or null: the rules `openfind staff add` and the console's administrators share.
   */
  async accountProblem(input: {
    tenantId: number | null;
    username: string;
    name: string;
    role: StaffRole;
    libCodes: string[];
    password?: string;
    existingId?: number;
  }): Promise<AccountProblem | null> {
    if (input.existingId === undefined && !USERNAME.test(input.username)) return { kind: 'usernameInvalid' };
    if ((input.role === 'operator') !== (input.tenantId === null)) return { kind: 'roleTenant', role: input.role };
    if (input.name.length > MAX_STAFF_NAME) return { kind: 'nameTooLong' };
    if (input.libCodes.length && input.role !== 'staff') return { kind: 'librariesForAdmin' };
    if (input.libCodes.length && input.tenantId !== null) {
      const known = new Set(await findLibraryCodes(this.db, input.tenantId));
      const unknown = input.libCodes.filter((c) => !known.has(c));
      if (unknown.length) return { kind: 'unknownLibrary', codes: unknown };
    }
    if (input.password !== undefined) {
      const p = passwordProblem(input.password, '2', input.username);
      if (p === 'rule') return { kind: 'passwordRule' };
      if (p === 'equalsAccount') return { kind: 'passwordIsUsername' };
    }
    if (input.existingId === undefined && (await staffNameTaken(this.db, input.tenantId, input.username)))
      return { kind: 'usernameTaken', username: input.username };
    return null;
  }

  list(tenantId: number | null, role?: StaffRole): Promise<StaffAccount[]> {
    return listStaff(this.db, tenantId, role);
  }

  /** The account of `username` of the institution (or an operator), or an input error naming it. */
  private async named(tenantId: number | null, username: string): Promise<StaffAccount> {
    const account = await findStaffByName(this.db, tenantId, username);
    if (!account)
      throw new StaffInputError(
        `no staff account ${username} ${tenantId === null ? 'among the operators' : 'in the institution'}`,
      );
    return account;
  }

  async remove(tenantId: number | null, username: string, actor: string): Promise<void> {
    const account = await this.named(tenantId, username);
    await deleteStaff(this.db, tenantId, account.id);
    await this.audit({
      tenantId,
      staffId: null,
      actor,
      action: 'staff.remove',
      target: account.username,
      before: { id: account.id, username: account.username, role: account.role, libCodes: account.libCodes },
    });
  }

  /** A new password: the account's sessions end, its failed logins are forgotten (and its lock). */
  async setPassword(tenantId: number | null, username: string, password: string, actor: string): Promise<void> {
    const account = await this.named(tenantId, username);
    const problem = staffPasswordProblem(password, account.username);
    if (problem) throw new StaffInputError(cliMessage(problem));
    await setStaffPassword(this.db, tenantId, account.id, await hashPassword(password));
    await this.audit({
      tenantId,
      staffId: null,
      actor,
      action: 'staff.passwd',
      target: account.username,
      before: { passwordChangedAt: account.passwordChangedAt.toISOString() },
      after: { passwordChanged: true, sessionsEnded: true },
    });
  }

  /** Disables (its sessions end at once) or enables an account. */
  async setDisabled(tenantId: number | null, username: string, disabled: boolean, actor: string): Promise<void> {
    const account = await this.named(tenantId, username);
    await setStaffDisabled(this.db, tenantId, account.id, disabled);
    await this.audit({
      tenantId,
      staffId: null,
      actor,
      action: disabled ? 'staff.disable' : 'staff.enable',
      target: account.username,
      before: { disabled: account.disabled },
      after: { disabled },
    });
  }

  // ---- the audit log ---------------------------------------------------------------------------

  /** Appends one change to the audit log (with `db`, in the transaction that makes the change). */
  audit(entry: AuditEntry, db: Kysely<Database> = this.db): Promise<void> {
    return insertAudit(db, entry);
  }

  /** The latest changes of an institution (null: the installation-wide ones), newest first. */
  auditLog(tenantId: number | null, limit = 100): Promise<AuditRow[]> {
    return findAudit(this.db, tenantId, limit);
  }
}

function sessionOf(a: StaffAccount, loginTenantId: number, jti: string): StaffSession {
  return {
    staffId: a.id,
    tenantId: a.tenantId,
    loginTenantId,
    jti,
    username: a.username,
    name: a.name,
    role: a.role,
    libCodes: a.role === 'staff' ? a.libCodes : [],
    totpRequired: a.totpRequired,
    totpEnabled: a.totpSecret !== null,
  };
}

/** Why an account cannot be made or changed as asked (`StaffService.accountProblem`). */
export type AccountProblem =
  | { kind: 'usernameInvalid' }
  | { kind: 'roleTenant'; role: StaffRole }
  | { kind: 'nameTooLong' }
  | { kind: 'librariesForAdmin' }
  | { kind: 'unknownLibrary'; codes: string[] }
  | { kind: 'passwordRule' }
  | { kind: 'passwordIsUsername' }
  | { kind: 'usernameTaken'; username: string };

/**
 * Staff passwords follow the strict rule whatever an institution sets for readers: 8 or more
 * characters with three of upper case, lower case, digits and others, and not the username.
 */
export function staffPasswordProblem(password: string, username: string): AccountProblem | null {
  const problem = passwordProblem(password, '2', username);
  if (problem === 'rule') return { kind: 'passwordRule' };
  if (problem === 'equalsAccount') return { kind: 'passwordIsUsername' };
  return null;
}

/** A problem as `openfind staff` prints it (the command's options named). */
function cliMessage(p: AccountProblem): string {
  switch (p.kind) {
    case 'usernameInvalid':
      return '--username: 1 to 64 letters, digits and . _ @ - (no spaces)';
    case 'roleTenant':
      return p.role === 'operator'
        ? 'an operator belongs to no institution: leave out --tenant'
        : `a ${p.role} account needs --tenant`;
    case 'nameTooLong':
      return `--name: at most ${MAX_STAFF_NAME} characters`;
    case 'librariesForAdmin':
      return '--libraries limits desk staff only: administrators and operators see every library';
    case 'unknownLibrary':
      return `--libraries: no library ${p.codes.join(', ')} in the institution`;
    case 'passwordRule':
      return 'a staff password needs 8 or more characters with at least three of upper case, lower case, digits and others';
    case 'passwordIsUsername':
      return 'the password may not be the username';
    case 'usernameTaken':
      return `the username ${p.username} is taken (usernames of operators and of institutions' accounts are kept apart)`;
  }
}
