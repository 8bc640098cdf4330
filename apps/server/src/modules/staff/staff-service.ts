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
    await clearStaffFailures(this.db, account.tenantId, account.id);
    await clearLoginFailures(this.db, tenant.id, unknownKey(name));
    if (account.disabled) throw StaffErrors.accountDisabled();
    // The second factor comes with issue 28: until then such an account cannot log in at all.
    if (account.totpRequired) throw StaffErrors.secondFactorRequired();
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
    if (!USERNAME.test(username))
      throw new StaffInputError('--username: 1 to 64 letters, digits and . _ @ - (no spaces)');
    if ((input.role === 'operator') !== (input.tenantId === null))
      throw new StaffInputError(
        input.role === 'operator'
          ? 'an operator belongs to no institution: leave out --tenant'
          : `a ${input.role} account needs --tenant`,
      );
    const name = input.name.trim();
    if (name.length > MAX_STAFF_NAME) throw new StaffInputError(`--name: at most ${MAX_STAFF_NAME} characters`);
    const libCodes = [...new Set(input.libCodes.map((c) => c.trim()).filter(Boolean))];
    if (libCodes.length && input.role !== 'staff')
      throw new StaffInputError('--libraries limits desk staff only: administrators and operators see every library');
    if (libCodes.length && input.tenantId !== null) {
      const known = new Set(await findLibraryCodes(this.db, input.tenantId));
      const unknown = libCodes.filter((c) => !known.has(c));
      if (unknown.length) throw new StaffInputError(`--libraries: no library ${unknown.join(', ')} in the institution`);
    }
    checkStaffPassword(input.password, username);
    if (await staffNameTaken(this.db, input.tenantId, username))
      throw new StaffInputError(
        `the username ${username} is taken (usernames of operators and of institutions' accounts are kept apart)`,
      );
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
    checkStaffPassword(password, account.username);
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
  };
}

/**
 * Staff passwords follow the strict rule whatever an institution sets for readers: 8 or more
 * characters with three of upper case, lower case, digits and others, and not the username.
 */
function checkStaffPassword(password: string, username: string): void {
  const problem = passwordProblem(password, '2', username);
  if (problem === 'rule')
    throw new StaffInputError(
      'a staff password needs 8 or more characters with at least three of upper case, lower case, digits and others',
    );
  if (problem === 'equalsAccount') throw new StaffInputError('the password may not be the username');
}
