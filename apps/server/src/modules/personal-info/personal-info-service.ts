import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  PersonalInfoErrCode,
  idNumberProblem,
  maskIdNumber,
  normaliseIdNumber,
  type AvatarResult,
  type IdNumberProblem,
  type Lang,
  type PersonalInfo,
  type UpdatePersonalInfoRequest,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { MessageKey } from '../../http/messages.js';
import { AuthErrors } from '../auth/auth-errors.js';
import type { Session } from '../auth/sessions.js';
import type { DictionaryService } from '../dictionaries/dictionary-service.js';
import { maskEmail, maskPhone } from '../readers/contacts.js';
import { findReaderById, type Reader } from '../readers/reader-repository.js';
import type { Tenant } from '../tenants/tenant-repository.js';
import { avatarAddress } from './avatar-address.js';
import { AvatarImageError, makeAvatar, type AvatarRefusal } from './avatar-image.js';
import {
  deleteAvatar,
  findAvatarByKey,
  findPersonalRow,
  saveAvatar,
  updatePersonal,
  type StoredAvatar,
} from './personal-info-repository.js';

const ID_MESSAGES: Record<IdNumberProblem, MessageKey> = {
  required: 'idNumberRequired',
  format: 'idNumberInvalid',
  oldFormat: 'idNumberOldFormat',
  checkDigit: 'idNumberCheckDigit',
  birthDate: 'idNumberBirthDate',
};

const AVATAR_MESSAGES: Record<AvatarRefusal, { key: MessageKey; code: number }> = {
  type: { key: 'avatarType', code: PersonalInfoErrCode.avatarType },
  pixels: { key: 'avatarTooManyPixels', code: PersonalInfoErrCode.avatarTooManyPixels },
  unreadable: { key: 'avatarUnreadable', code: PersonalInfoErrCode.avatarUnreadable },
};

/** The failures of the personal-information calls. */
export const PersonalInfoErrors = {
  idNumber: (problem: IdNumberProblem) => new AppError(ID_MESSAGES[problem], PersonalInfoErrCode.idNumberInvalid),
  avatar: (refusal: AvatarRefusal) => new AppError(AVATAR_MESSAGES[refusal].key, AVATAR_MESSAGES[refusal].code),
  /** Past the size limit while the body was read (413: the rest of it is not read). */
  avatarTooLarge: () => new AppError('avatarTooLarge', PersonalInfoErrCode.avatarTooLarge, {}, 413),
  readerLost: () => new AppError('lostCannotEditProfile', PersonalInfoErrCode.readerLost),
};

/** Yuan as decimal text: 12345 → "123.45". */
const yuan = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Today as YYYY-MM-DD in the server's time zone (the card's validity is a date). */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * My Library's personal information (key 1): what the library knows of the session's reader, the
 * certificate number and preferences the reader changes, and the avatar. Every call works on the
 * session's own reader of the request's institution: there is no reader id to name another.
 */
export class PersonalInfoService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dictionaries: DictionaryService,
  ) {}

  /** The session's reader; a reader removed since the login ends the session. */
  private async reader(session: Session): Promise<Reader> {
    const r = await findReaderById(this.db, session.tenantId, session.readerId);
    if (!r) throw AuthErrors.sessionExpired();
    return r;
  }

  /** The session's reader, when the account's details may change: a lost card stops it (whoever holds it). */
  private async changeableReader(session: Session): Promise<Reader> {
    const reader = await this.reader(session);
    if (reader.status === 'lost') throw PersonalInfoErrors.readerLost();
    return reader;
  }

  async get(tenant: Tenant, session: Session, lang: Lang): Promise<PersonalInfo> {
    const r = await this.reader(session);
    const p = await findPersonalRow(this.db, tenant.id, r.id);
    if (!p) throw new Error(`reader ${r.id} vanished`);
    const libs = await this.dictionaries.libraries(tenant.id, lang);
    const bound = (provider: string) => (p.identities.includes(provider) ? '1' : '0');
    const avatarUrl = p.avatarKey ? avatarAddress(tenant.mappingPath, p.avatarKey) : r.avatarUrl;
    return {
      userId: String(r.id),
      account: r.account,
      cardNo: r.cardNo,
      name: r.name,
      libCode: r.libCode,
      libName: libs.find((l) => l.libCode === r.libCode)?.libName ?? '',
      readerType: r.readerType,
      department: r.department,
      position: p.position,
      grade: p.grade,
      className: p.className,
      idType: p.idType,
      idNumber: maskIdNumber(p.idNumber),
      mobile: r.phone ? maskPhone(r.phone) : '',
      mobileCheckFlag: r.phoneVerified ? '1' : '0',
      email: r.email ? maskEmail(r.email) : '',
      emailCheckFlag: r.emailVerified ? '1' : '0',
      wechatBindFlag: bound('wechat'),
      xuexitongBindFlag: bound('passport'),
      unifiedAuthBindFlag: bound('cas'),
      status: r.status,
      validFrom: r.validFrom,
      validUntil: r.validUntil,
      cardExpired: r.validUntil !== null && r.validUntil < today(),
      deposit: yuan(p.depositCents),
      prepayment: yuan(p.prepaymentCents),
      transferLendFlag: p.transferLending ? '1' : '0',
      borrowPasswordFlag: p.borrowPassword ? '1' : '0',
      avatarUrl,
      hasOwnAvatar: p.avatarKey !== null,
    };
  }

  /**
   * Saves the certificate type and number and the preferences. A number is checked against its
   * type (the type given, else the one stored) and stored normalised; a type change alone must fit
   * the number stored, or comes with a new number.
   */
  async update(tenant: Tenant, session: Session, body: UpdatePersonalInfoRequest, lang: Lang): Promise<PersonalInfo> {
    const reader = await this.changeableReader(session);
    const stored = await findPersonalRow(this.db, tenant.id, reader.id);
    if (!stored) throw new Error(`reader ${reader.id} vanished`);
    const idType = body.idType ?? stored.idType;
    const typed = normaliseIdNumber(body.idNumber);
    let idNumber: string | undefined;
    if (typed) idNumber = typed;
    else if (body.idType !== undefined && body.idType !== stored.idType && stored.idNumber) idNumber = stored.idNumber;
    if (idNumber !== undefined) {
      const problem = idNumberProblem(idType, idNumber);
      if (problem) throw PersonalInfoErrors.idNumber(problem);
    }
    await updatePersonal(this.db, tenant.id, reader.id, {
      idType: body.idType,
      idNumber,
      transferLending: body.transferLendFlag,
      borrowPassword: body.borrowPasswordFlag,
    });
    return this.get(tenant, session, lang);
  }

  /** Re-encodes and stores an uploaded avatar under a new address. */
  async uploadAvatar(tenant: Tenant, session: Session, upload: Buffer): Promise<AvatarResult> {
    const reader = await this.changeableReader(session);
    let made;
    try {
      made = await makeAvatar(upload);
    } catch (err) {
      if (err instanceof AvatarImageError) throw PersonalInfoErrors.avatar(err.refusal);
      throw err;
    }
    const key = randomBytes(24).toString('base64url');
    const etag = `"${createHash('sha256').update(made.image).digest('base64url').slice(0, 32)}"`;
    await saveAvatar(this.db, tenant.id, reader.id, { key, etag, ...made });
    return {
      avatarUrl: avatarAddress(tenant.mappingPath, key),
      width: made.width,
      height: made.height,
      bytes: made.image.length,
    };
  }

  /** Deletes the uploaded avatar: the one the library set shows again, if any. */
  async deleteAvatar(tenant: Tenant, session: Session): Promise<AvatarResult> {
    const reader = await this.changeableReader(session);
    await deleteAvatar(this.db, tenant.id, reader.id);
    return { avatarUrl: reader.avatarUrl, width: 0, height: 0, bytes: 0 };
  }

  /** The avatar at an address of the institution, or undefined. */
  async avatarImage(tenant: Tenant, key: string): Promise<StoredAvatar | undefined> {
    if (!/^[A-Za-z0-9_-]{20,64}$/.test(key)) return undefined;
    return findAvatarByKey(this.db, tenant.id, key);
  }
}
