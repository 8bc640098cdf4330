import type { Kysely } from 'kysely';
import {
  CaptchaScene,
  LoginType,
  passwordProblem,
  type LoginRequest,
  type LoginResult,
  type PasswordRule,
  type SiteConfig,
  type RelevanceRequest,
  type UserBindRequest,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Tenant } from '../tenants/tenant-repository.js';
import { decodePassword, dummyHash, hashPassword, verifyPassword } from '../readers/passwords.js';
import { awardPoints } from '../points/points-service.js';
import {
  findReaderById,
  findReaderByLogin,
  setReaderPassword,
  touchLogin,
  type Reader,
} from '../readers/reader-repository.js';
import { AuthErrors } from './auth-errors.js';
import {
  bindIdentity,
  clearLoginFailures,
  lockedSeconds,
  recordLoginFailure,
  type IdentityProvider,
} from './auth-repository.js';
import type { AuthSettings } from './auth-settings.js';
import type { CaptchaService } from './captcha.js';
import type { RateLimiter } from './rate-limiter.js';
import type { Session, SessionService } from './sessions.js';

/** What a login with the right password gives: a session, or the demand to change the password first. */
export type LoginOutcome =
  { kind: 'session'; result: LoginResult } | { kind: 'mustChange' } | { kind: 'passwordTooOld' };

/** The lockout key of a name that no reader answers to: the name as typed, folded. */
const nameKey = (login: string) => login.trim().toLowerCase().slice(0, 64);
/**
 * The lockout key of a reader, whichever of its names (account, card number, any case) was typed:
 * five failures in all lock the reader. Upper case, which no folded name contains, so a typed name
 * can never count towards a reader's key.
 */
const readerKey = (readerId: number) => `R:${readerId}`;

/**
 * Login, logout and password change. Every password check goes the same way whether or not the
 * account exists (an argon2 verify against a dummy hash when it does not), failures are counted
 * in the database per reader (per typed name when no reader answers to it: a lockout that tells
 * nothing about existence) and per address, and the image code is checked (and used up) before
 * any password.
 */
export class AuthService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: AuthSettings,
    private readonly captcha: CaptchaService,
    readonly sessions: SessionService,
    /** Password attempts per address and minute. */
    private readonly loginsPerIp: RateLimiter,
  ) {}

  /**
   * Refuses an address that has tried too many passwords this minute, in all institutions together:
   * the institutions of one installation share the server, and a guesser could otherwise multiply
   * its allowance by their number.
   */
  private async throttleAddress(ip: string): Promise<void> {
    if (!(await this.loginsPerIp.hit(ip))) throw AuthErrors.tooManyRequests();
  }

  /**
   * Checks the password of the account name, counting failures: the reader on success; on failure
   * a `badCredentials` error, the same for an unknown account and a wrong password.
   */
  private async checkPassword(tenant: Tenant, login: string, sentPassword: string): Promise<Reader> {
    const name = nameKey(login);
    const reader = name ? await findReaderByLogin(this.db, tenant.id, name) : undefined;
    const key = reader ? readerKey(reader.id) : name;
    const locked = await lockedSeconds(this.db, tenant.id, key);
    if (locked > 0) throw AuthErrors.accountLocked(locked);
    const password = decodePassword(sentPassword, this.settings.passwordCipherKey);
    const matches = await verifyPassword(reader?.passwordHash ?? (await dummyHash()), password);
    if (!reader || !matches || !password) {
      await recordLoginFailure(this.db, tenant.id, key, this.settings.lockAfterFailures, this.settings.lockSeconds);
      throw AuthErrors.badCredentials();
    }
    await clearLoginFailures(this.db, tenant.id, key);
    return reader;
  }

  /**
   * Checks the logged-in reader's current password before a change of the account (binding a phone
   * or e-mail): the same address limit, lockout and counting of failures as a login (the reader's own
   * count, whichever name was typed), but the refusal says "the current password is wrong".
   */
  async confirmPassword(tenant: Tenant, reader: Reader, sentPassword: string, ip: string): Promise<void> {
    await this.throttleAddress(ip);
    let confirmed: Reader;
    try {
      confirmed = await this.checkPassword(tenant, reader.account, sentPassword);
    } catch (err) {
      if (err instanceof AppError && err.key === 'badCredentials') throw AuthErrors.currentPasswordWrong();
      throw err;
    }
    if (confirmed.id !== reader.id) throw AuthErrors.currentPasswordWrong();
  }

  async login(tenant: Tenant, config: SiteConfig, body: LoginRequest, ip: string): Promise<LoginOutcome> {
    await this.throttleAddress(ip);
    if (!(await this.captcha.check(tenant.id, body.codeKey, body.verifyCode, CaptchaScene.login))) {
      throw AuthErrors.captchaWrong();
    }
    // A single-sign-on identity to bind (bind-uid screen): a ticket this server signed.
    const bind = body.uid ? await this.sessions.readTicket(tenant, body.uid) : undefined;
    if (body.uid && !bind) throw AuthErrors.bindTicketInvalid();
    const reader = await this.checkPassword(tenant, body.username, body.password);
    if (bind) await bindIdentity(this.db, tenant.id, bind.provider as IdentityProvider, bind.externalId, reader.id);
    if (reader.mustChangePassword) return { kind: 'mustChange' };
    const maxAgeDays = Number(config.passwordMaxAgeDays);
    if (maxAgeDays > 0 && Date.now() - reader.passwordChangedAt.getTime() > maxAgeDays * 86_400_000) {
      return { kind: 'passwordTooOld' };
    }
    return { kind: 'session', result: await this.startSession(tenant, config, reader, LoginType.normal) };
  }

  /** A new session of the reader: the token and what the login answer tells about it. */
  async startSession(tenant: Tenant, config: SiteConfig, reader: Reader, loginType: number): Promise<LoginResult> {
    const { jwt, expiresIn } = await this.sessions.issue(tenant, reader, loginType);
    await touchLogin(this.db, reader.tenantId, reader.id);
    // The welcome points of the first login (counted once: every later login finds them counted).
    await awardPoints(this.db, {
      tenantId: reader.tenantId,
      readerId: reader.id,
      rule: 'firstLogin',
      ref: '',
      platform: 'web',
    });
    return { jwt, jwtHeader: config.jwtHeader, expiresIn, loginType, userId: String(reader.id), name: reader.name };
  }

  /** Image code, then a ticket this server signed (of `provider` when given): the first steps of the bind calls. */
  private async bindPreamble(
    tenant: Tenant,
    ip: string,
    q: { codeKey: string; verifyCode: string },
    ticket: string,
    provider?: IdentityProvider,
  ) {
    await this.throttleAddress(ip);
    if (!(await this.captcha.check(tenant.id, q.codeKey, q.verifyCode, CaptchaScene.login))) {
      throw AuthErrors.captchaWrong();
    }
    const bind = ticket ? await this.sessions.readTicket(tenant, ticket) : undefined;
    if (!bind || (provider && bind.provider !== provider)) throw AuthErrors.bindTicketInvalid();
    return { provider: bind.provider as IdentityProvider, externalId: bind.externalId };
  }

  /** `/oga/userBind`: binds the WeChat account of the `openId` ticket to the account of the password. */
  async bindWechat(tenant: Tenant, body: UserBindRequest, ip: string): Promise<void> {
    const bind = await this.bindPreamble(tenant, ip, body, body.openId, 'wechat');
    const reader = await this.checkPassword(tenant, body.username, body.password);
    await bindIdentity(this.db, tenant.id, bind.provider, bind.externalId, reader.id);
  }

  /**
   * `/oga/passportRelevanceLspUser`: relates the outside account of the `uid` ticket to the reader
   * whose account and name are given (no password: the ticket proves the outside login). Failures
   * count towards the account name's lockout like wrong passwords.
   */
  async relate(tenant: Tenant, config: SiteConfig, body: RelevanceRequest, ip: string): Promise<LoginResult> {
    const bind = await this.bindPreamble(tenant, ip, body, body.uid);
    const name = nameKey(body.primaryId);
    const reader = name ? await findReaderByLogin(this.db, tenant.id, name) : undefined;
    const key = reader ? readerKey(reader.id) : name;
    const locked = await lockedSeconds(this.db, tenant.id, key);
    if (locked > 0) throw AuthErrors.accountLocked(locked);
    const norm = (n: string) => n.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
    if (!reader || !body.name.trim() || norm(reader.name) !== norm(body.name)) {
      await recordLoginFailure(this.db, tenant.id, key, this.settings.lockAfterFailures, this.settings.lockSeconds);
      throw AuthErrors.relevanceFailed();
    }
    await clearLoginFailures(this.db, tenant.id, key);
    await bindIdentity(this.db, tenant.id, bind.provider, bind.externalId, reader.id);
    return this.startSession(tenant, config, reader, LoginType.passport);
  }

  /** Ends the session (when there is one); the answer names the unified-auth logout address for those sessions. */
  async logout(config: SiteConfig, session: Session | null): Promise<{ logoutUrl: string }> {
    if (session) await this.sessions.revoke(session);
    return { logoutUrl: session?.loginType === LoginType.unified ? config.unifieAuthenLogoutUrl : '' };
  }

  /**
   * Changes a password with the current one: by account name and password (after a `data:false` /
   * `data:10000` login answer), or for the logged-in reader. Every session of the reader ends.
   */
  async changePassword(
    tenant: Tenant,
    config: SiteConfig,
    input: { username: string; password: string; newPassword: string; confirmPassword: string },
    session: Session | null,
    ip: string,
  ): Promise<void> {
    await this.throttleAddress(ip);
    let login = input.username;
    if (!login && session) login = (await findReaderById(this.db, tenant.id, session.readerId))?.account ?? '';
    const reader = await this.checkPassword(tenant, login, input.password);
    const newPassword = decodePassword(input.newPassword, this.settings.passwordCipherKey);
    const confirm = input.confirmPassword ? decodePassword(input.confirmPassword, this.settings.passwordCipherKey) : '';
    if (confirm && confirm !== newPassword) throw AuthErrors.confirmMismatch();
    await this.setNewPassword(reader, config.passwordCheck, newPassword);
  }

  /** Applies the password rules and stores the new password. */
  async setNewPassword(reader: Reader, rule: PasswordRule, newPassword: string): Promise<void> {
    await this.validateNewPassword(reader, rule, newPassword);
    await this.storeNewPassword(reader, newPassword);
  }

  /** Refuses a new password that breaks the rule, equals the account or card number, or the old password. */
  async validateNewPassword(reader: Reader, rule: PasswordRule, newPassword: string): Promise<void> {
    checkNewPassword(newPassword, rule, reader);
    if (await verifyPassword(reader.passwordHash, newPassword)) throw AuthErrors.passwordUnchanged();
  }

  /** Stores a new password: every session of the reader ends, the reader's failures are forgotten. */
  async storeNewPassword(reader: Reader, newPassword: string): Promise<void> {
    await setReaderPassword(this.db, reader.tenantId, reader.id, await hashPassword(newPassword));
    await clearLoginFailures(this.db, reader.tenantId, readerKey(reader.id));
  }
}

/** Refuses a new password that breaks the rule or equals the account or card number. */
export function checkNewPassword(
  password: string,
  rule: PasswordRule,
  reader: Pick<Reader, 'account' | 'cardNo'>,
): void {
  for (const id of [reader.account, reader.cardNo]) {
    const p = passwordProblem(password, rule, id);
    if (p === 'rule') throw AuthErrors.passwordRule(rule);
    if (p === 'equalsAccount') throw AuthErrors.passwordEqualsAccount();
  }
}
