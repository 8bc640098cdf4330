import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CaptchaScene, LoginType, type Lang, type SiteConfig, type UserInfo } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { t } from '../../http/messages.js';
import { localName } from '../../lib/localized.js';
import type { Delivery } from '../delivery/delivery.js';
import type { DictionaryService } from '../dictionaries/dictionary-service.js';
import type { Tenant } from '../tenants/tenant-repository.js';
import { avatarAddress } from '../personal-info/avatar-address.js';
import { findAvatarKey } from '../personal-info/personal-info-repository.js';
import { decodePassword } from '../readers/passwords.js';
import { awardPoints } from '../points/points-service.js';
import { isValidEmail, isValidPhone, maskEmail, maskPhone } from '../readers/contacts.js';
import {
  bindReaderContact,
  findReaderById,
  findReaderByLogin,
  setFirstLoginFlag,
  setReaderLibrary,
  type Reader,
} from '../readers/reader-repository.js';
import { AuthErrors } from './auth-errors.js';
import {
  codesSentToday,
  codesUsedToday,
  deleteRecovery,
  findRecovery,
  insertCode,
  insertRecovery,
  markRecoveryVerified,
  useCode,
  type Channel,
  type Purpose,
} from './auth-repository.js';
import type { AuthService } from './auth-service.js';
import type { AuthSettings } from './auth-settings.js';
import type { CaptchaService } from './captcha.js';
import type { RateLimiter } from './rate-limiter.js';
import { standingRefusal, type ReaderAction } from './reader-standing.js';
import type { Session } from './sessions.js';

/**
 * How long after a single-sign-on login a binding needs no password: such readers may not know
 * their library password (they sign in elsewhere), and a fresh sign-in proves them as well.
 */
const RECENT_SSO_SECONDS = 10 * 60;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const codeHash = (readerId: number, code: string) => sha256(`${readerId}:${code.trim()}`);

/**
 * The logged-in reader's account (user info, mail/phone binding, first-login flag, library) and
 * password recovery: a scene-2 image code opens a recovery ticket (`findKey`, the same answer
 * whether or not the account exists), a code sent to the verified phone or e-mail proves the
 * reader, and the ticket is used up by the new password.
 */
export class AccountService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: AuthSettings,
    private readonly deps: {
      captcha: CaptchaService;
      auth: AuthService;
      delivery: Delivery;
      dictionaries: DictionaryService;
    },
    /** Recovery calls per address and minute. */
    private readonly perIp: RateLimiter,
  ) {}

  /** Refuses an address that has made too many recovery calls this minute, in all institutions together. */
  async throttle(_tenant: Tenant, ip: string): Promise<void> {
    if (!(await this.perIp.hit(ip))) throw AuthErrors.tooManyRequests();
  }

  /** The session's reader; a reader removed since the login ends the session. */
  async reader(session: Session): Promise<Reader> {
    const r = await findReaderById(this.db, session.tenantId, session.readerId);
    if (!r) throw AuthErrors.sessionExpired();
    return r;
  }

  /**
   * The session's reader, read afresh, when their account allows `action`; otherwise the
   * translated refusal of a frozen account or a lost card (reader-standing.ts).
   */
  async requireActive(session: Session, action: ReaderAction): Promise<Reader> {
    const r = await this.reader(session);
    const refusal = standingRefusal(r.status, action);
    if (refusal) throw refusal;
    return r;
  }

  async userInfo(tenant: Tenant, session: Session, lang: Lang): Promise<UserInfo> {
    const r = await this.reader(session);
    const libs = await this.deps.dictionaries.libraries(tenant.id, lang);
    // The avatar the reader uploaded (My Library), else the one the library set.
    const avatarKey = await findAvatarKey(this.db, tenant.id, r.id);
    return {
      userId: String(r.id),
      groupCode: tenant.groupCode,
      mappingPath: tenant.mappingPath,
      libCode: r.libCode,
      libName: libs.find((l) => l.libCode === r.libCode)?.libName ?? '',
      name: r.name,
      account: r.account,
      cardNo: r.cardNo,
      opacPicUrl: avatarKey ? avatarAddress(tenant.mappingPath, avatarKey) : r.avatarUrl,
      email: r.email,
      mobile: r.phone,
      emailCheckFlag: r.emailVerified ? '1' : '0',
      mobileCheckFlag: r.phoneVerified ? '1' : '0',
      status: r.status,
      department: r.department,
      readerType: r.readerType,
      validFrom: r.validFrom,
      validUntil: r.validUntil,
      firstLoginFlag: r.firstLoginFlag,
      loginType: session.loginType,
    };
  }

  // ---- password recovery -----------------------------------------------------------------------

  /** Checks the scene-2 image code of the account name and opens a recovery ticket. */
  async openRecovery(
    tenant: Tenant,
    q: { userName: string; verifyCode: string; codeKey: string },
  ): Promise<{ findKey: string; expiresIn: number }> {
    const ok = await this.deps.captcha.check(tenant.id, q.codeKey, q.verifyCode, CaptchaScene.reset, q.userName);
    if (!ok) throw AuthErrors.captchaWrong();
    const reader = await findReaderByLogin(this.db, tenant.id, q.userName);
    const findKey = randomBytes(24).toString('base64url');
    const seconds = this.settings.recoveryMinutes * 60;
    await insertRecovery(this.db, {
      findKeyHash: sha256(findKey),
      tenantId: tenant.id,
      readerId: reader?.id ?? null,
      userName: q.userName.trim(),
      expiresAt: new Date(Date.now() + seconds * 1000),
    });
    return { findKey, expiresIn: seconds };
  }

  private async recovery(tenant: Tenant, findKey: string) {
    const rec = findKey ? await findRecovery(this.db, tenant.id, sha256(findKey)) : undefined;
    if (!rec) throw AuthErrors.recoveryExpired();
    const reader = rec.readerId === null ? undefined : await findReaderById(this.db, tenant.id, rec.readerId);
    return { ...rec, reader };
  }

  /** Where codes can go, masked; an unknown account looks like one with nothing verified. */
  async recoveryContacts(tenant: Tenant, findKey: string) {
    const { reader } = await this.recovery(tenant, findKey);
    if (!reader || (!reader.phoneVerified && !reader.emailVerified)) throw AuthErrors.noVerifiedContact();
    return {
      phone: reader.phoneVerified ? maskPhone(reader.phone) : '',
      email: reader.emailVerified ? maskEmail(reader.email) : '',
      phoneFlag: reader.phoneVerified ? '1' : '0',
      emailFlag: reader.emailVerified ? '1' : '0',
    };
  }

  private async verifiedTarget(tenant: Tenant, findKey: string, channel: Channel): Promise<Reader> {
    const { reader } = await this.recovery(tenant, findKey);
    const verified = channel === 'phone' ? reader?.phoneVerified : reader?.emailVerified;
    if (!reader || !verified) throw AuthErrors.noVerifiedContact();
    return reader;
  }

  /** Codes left today for the recovery on this channel. */
  async recoveryTimes(tenant: Tenant, findKey: string, channel: Channel) {
    const reader = await this.verifiedTarget(tenant, findKey, channel);
    return this.remaining(tenant.id, reader.id, channel, 'reset', this.settings.codesPerDay);
  }

  private async remaining(tenantId: number, readerId: number, channel: Channel, purpose: Purpose, limit: number) {
    const used = await codesSentToday(this.db, tenantId, readerId, channel, purpose);
    return { times: Math.max(0, limit - used), limit };
  }

  /** Sends a recovery code to the verified phone or e-mail. */
  async sendRecoveryCode(tenant: Tenant, findKey: string, channel: Channel, lang: Lang) {
    const reader = await this.verifiedTarget(tenant, findKey, channel);
    const target = channel === 'phone' ? reader.phone : reader.email;
    return this.sendCode(tenant, reader, channel, 'reset', target, lang);
  }

  private async sendCode(
    tenant: Tenant,
    reader: Reader,
    channel: Channel,
    purpose: Purpose,
    target: string,
    lang: Lang,
  ) {
    const left = await this.remaining(tenant.id, reader.id, channel, purpose, this.settings.codesPerDay);
    if (left.times <= 0) throw AuthErrors.dailyLimit();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await insertCode(this.db, {
      tenantId: tenant.id,
      readerId: reader.id,
      channel,
      purpose,
      target,
      codeHash: codeHash(reader.id, code),
      expiresAt: new Date(Date.now() + this.settings.codeMinutes * 60_000),
    });
    const library = localName(tenant, lang);
    const params = { library, code, minutes: this.settings.codeMinutes };
    const message = {
      tenantId: tenant.id,
      readerId: reader.id,
      to: target,
      subject: t(lang, 'codeSubject', params),
      text: t(lang, 'codeMessage', params),
    };
    await (channel === 'phone' ? this.deps.delivery.sms : this.deps.delivery.mail).send(message);
    // Where the code went (masked) and how many more may be sent today: the answer's message says both.
    return {
      data: { times: left.times - 1, limit: left.limit },
      sentTo: channel === 'phone' ? maskPhone(target) : maskEmail(target),
    };
  }

  /** Checks a recovery code; a right one lets the ticket set a new password. */
  async checkRecoveryCode(tenant: Tenant, findKey: string, channel: Channel, code: string): Promise<void> {
    const reader = await this.verifiedTarget(tenant, findKey, channel);
    const target = code
      ? await useCode(this.db, tenant.id, reader.id, channel, 'reset', codeHash(reader.id, code))
      : undefined;
    if (target === undefined) throw AuthErrors.codeWrong();
    await markRecoveryVerified(this.db, tenant.id, sha256(findKey));
  }

  /** Sets the new password of a verified recovery and ends the recovery and every session. */
  async finishRecovery(tenant: Tenant, config: SiteConfig, findKey: string, sent: string, sentConfirm: string) {
    const password = decodePassword(sent, this.settings.passwordCipherKey);
    const confirm = sentConfirm && decodePassword(sentConfirm, this.settings.passwordCipherKey);
    const rec = await this.recovery(tenant, findKey);
    if (!rec.verified || !rec.reader) throw AuthErrors.recoveryExpired();
    if (confirm && confirm !== password) throw AuthErrors.confirmMismatch();
    const reader = rec.reader;
    // Rules first (the ticket survives a refused password), then the ticket is used up once.
    await this.deps.auth.validateNewPassword(reader, config.passwordCheck, password);
    if (!(await deleteRecovery(this.db, tenant.id, sha256(findKey)))) throw AuthErrors.recoveryExpired();
    await this.deps.auth.storeNewPassword(reader, password);
  }

  // ---- binding (logged in) -------------------------------------------------------------------

  private checkTarget(channel: Channel, target: string): void {
    if (channel === 'phone' ? !isValidPhone(target) : !isValidEmail(target)) {
      throw channel === 'phone' ? AuthErrors.phoneInvalid() : AuthErrors.emailInvalid();
    }
  }

  /** Binding changes left today. */
  async bindTimes(session: Session) {
    const used = await codesUsedToday(this.db, session.tenantId, session.readerId, 'bind');
    return { times: Math.max(0, this.settings.bindChangesPerDay - used), limit: this.settings.bindChangesPerDay };
  }

  /** Sends a code to the new phone or address. */
  async sendBindCode(tenant: Tenant, session: Session, channel: Channel, target: string, lang: Lang) {
    this.checkTarget(channel, target);
    if ((await this.bindTimes(session)).times <= 0) throw AuthErrors.dailyLimit();
    return this.sendCode(tenant, await this.reader(session), channel, 'bind', target, lang);
  }

  /**
   * Proves that the session's reader is at the keyboard before a binding: the current password
   * (counted like a login's), or, for a session of single sign-on or a WeChat or passport login
   * (no library password typed, perhaps none known) started in the last minutes, that sign-in.
   */
  private async confirmReader(tenant: Tenant, session: Session, reader: Reader, password: string, ip: string) {
    if (password) return this.deps.auth.confirmPassword(tenant, reader, password, ip);
    const sso = session.loginType !== LoginType.normal;
    if (sso && Date.now() / 1000 - session.issuedAt <= RECENT_SSO_SECONDS) return;
    throw sso ? AuthErrors.passwordRequiredSso() : AuthErrors.passwordRequired();
  }

  /**
   * Binds the new phone or address once the reader's password and the code sent there are right; it
   * is verified from then on. The contacts verified before are told of the change, so that a
   * binding the reader did not make (a stolen session) does not go unnoticed.
   */
  async bind(
    tenant: Tenant,
    session: Session,
    change: { channel: Channel; target: string; code: string; password: string },
    ip: string,
    lang: Lang,
  ): Promise<void> {
    const { channel, target, code } = change;
    this.checkTarget(channel, target);
    if ((await this.bindTimes(session)).times <= 0) throw AuthErrors.dailyLimit();
    const reader = await this.reader(session);
    // The password before the code: a wrong password leaves the code usable.
    await this.confirmReader(tenant, session, reader, change.password, ip);
    const sentTo = code
      ? await useCode(this.db, tenant.id, reader.id, channel, 'bind', codeHash(reader.id, code), target)
      : undefined;
    if (sentTo !== target) throw AuthErrors.codeWrong();
    await bindReaderContact(this.db, tenant.id, reader.id, channel, target);
    // Points for a contact bound, once per channel.
    await awardPoints(this.db, {
      tenantId: tenant.id,
      readerId: reader.id,
      rule: 'bindContact',
      ref: channel,
      platform: 'web',
    });
    await this.notifyContactChanged(tenant, reader, channel, target, lang);
  }

  /** Tells each contact the reader had verified before (not the new one) that `channel` is now `target`. */
  private async notifyContactChanged(tenant: Tenant, before: Reader, channel: Channel, target: string, lang: Lang) {
    const old: { to: string; via: Channel }[] = [];
    if (before.emailVerified && before.email && before.email !== target) old.push({ to: before.email, via: 'mail' });
    if (before.phoneVerified && before.phone && before.phone !== target) old.push({ to: before.phone, via: 'phone' });
    const params = {
      library: localName(tenant, lang),
      account: before.account,
      target: channel === 'phone' ? maskPhone(target) : maskEmail(target),
    };
    const text = t(lang, channel === 'phone' ? 'contactChangedPhone' : 'contactChangedMail', params);
    const subject = t(lang, 'contactChangedSubject', params);
    for (const { to, via } of old) {
      const sender = via === 'phone' ? this.deps.delivery.sms : this.deps.delivery.mail;
      try {
        await sender.send({ tenantId: tenant.id, readerId: before.id, to, subject, text });
      } catch (err) {
        // The binding is made; a notice that could not go out is the operator's to see, not a failure.
        this.deps.delivery.log?.warn({ err, readerId: before.id, channel: via }, 'contact-change notice not sent');
      }
    }
  }

  async mailPhoneStatus(session: Session) {
    const r = await this.reader(session);
    return { emailFlag: r.emailVerified ? '1' : '0', phoneFlag: r.phoneVerified ? '1' : '0', pdaRuleFlag: '0' };
  }

  async firstLoginFlag(session: Session) {
    return { firstLoginFlag: (await this.reader(session)).firstLoginFlag };
  }

  /** Marks the guided tour as shown. */
  async markFirstLogin(session: Session) {
    await setFirstLoginFlag(this.db, session.tenantId, (await this.reader(session)).id, '1');
    return { firstLoginFlag: '1' };
  }

  async libraries(tenant: Tenant, session: Session, lang: Lang) {
    const r = await this.reader(session);
    const libs = await this.deps.dictionaries.libraries(tenant.id, lang);
    return libs.map((l) => ({ ...l, current: l.libCode === r.libCode }));
  }

  /** Changes the reader's library, when the institution lets readers choose (independentLibCode). */
  async changeLibrary(tenant: Tenant, config: SiteConfig, session: Session, libCode: string, lang: Lang) {
    if (config.independentLibCode !== '1') throw AuthErrors.libraryNotAllowed();
    const r = await this.reader(session);
    if (!(await this.deps.dictionaries.hasLibrary(tenant.id, libCode))) throw AuthErrors.libraryNotAllowed();
    await setReaderLibrary(this.db, tenant.id, r.id, libCode);
    return this.libraries(tenant, session, lang);
  }
}
