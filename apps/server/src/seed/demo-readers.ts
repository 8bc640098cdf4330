import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { mergeSiteConfig } from '../modules/site-config/site-config-repository.js';
import { bindIdentity } from '../modules/auth/auth-repository.js';
import { hashPassword } from '../modules/readers/passwords.js';
import { upsertReader, type ReaderInput } from '../modules/readers/reader-repository.js';
import {
  setLibraryRecordedDetails,
  type LibraryRecordedDetails,
} from '../modules/personal-info/personal-info-repository.js';

/** The demo readers' password (the README lists them); `initial` has an initial one to change. */
export const DEMO_PASSWORD = 'Reader2026';
export const DEMO_INITIAL_PASSWORD = 'Init2026';
/** Days a demo institution's passwords stay valid: the `expired` reader's is older. */
export const DEMO_PASSWORD_MAX_AGE_DAYS = 365;

/** YYYY-MM-DD: month and day of the year `years` from this one. */
function yearsFromNow(years: number, month: number, day: number): string {
  const y = new Date().getFullYear() + years;
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** One reader in each state a newcomer should be able to try, in every demo institution. */
export const DEMO_READERS: (ReaderInput & { password: string })[] = [
  {
    account: 'reader',
    cardNo: 'D0001',
    name: '李明',
    email: 'reader@example.org',
    emailVerified: true,
    phone: '13800000001',
    phoneVerified: true,
    department: '计算机学院',
    readerType: '本科生',
    // Valid from last September for four years (relative: the demo never expires).
    validFrom: yearsFromNow(-1, 9, 1),
    validUntil: yearsFromNow(3, 7, 31),
    password: DEMO_PASSWORD,
  },
  { account: 'frozen', cardNo: 'D0002', name: '王芳', status: 'frozen', readerType: '本科生', password: DEMO_PASSWORD },
  {
    account: 'lost',
    cardNo: 'D0003',
    name: '张伟',
    status: 'lost',
    phone: '13800000003',
    phoneVerified: true,
    readerType: '研究生',
    password: DEMO_PASSWORD,
  },
  {
    account: 'expired',
    cardNo: 'D0004',
    name: '刘洋',
    email: 'expired@example.org',
    emailVerified: true,
    readerType: '教师',
    passwordChangedAt: new Date(Date.now() - (DEMO_PASSWORD_MAX_AGE_DAYS + 30) * 86_400_000),
    password: DEMO_PASSWORD,
  },
  {
    account: 'unverified',
    cardNo: 'D0005',
    name: '陈静',
    email: 'unverified@example.org',
    emailVerified: false,
    phone: '13800000005',
    phoneVerified: false,
    readerType: '本科生',
    password: DEMO_PASSWORD,
  },
  {
    account: 'initial',
    cardNo: 'D0006',
    name: '赵磊',
    readerType: '本科生',
    mustChangePassword: true,
    firstLoginFlag: '0',
    password: DEMO_INITIAL_PASSWORD,
  },
];

/**
 * What the library records of a demo reader beyond the account (My Library's personal information):
 * `reader` has it all, a resident identity number with its right check digit included.
 */
export const DEMO_PERSONAL: Record<string, LibraryRecordedDetails> = {
  reader: {
    position: '学生干部',
    grade: '2023级',
    className: '计算机科学与技术 2301 班',
    idType: 'resident',
    idNumber: '110108200403151232',
    depositCents: 10000,
    prepaymentCents: 2550,
    transferLending: true,
    borrowPassword: false,
  },
};

const hashes = new Map<string, Promise<string>>();
/** One argon2 hash per demo password per process: seeding many institutions stays quick. */
export function demoHash(password: string): Promise<string> {
  let h = hashes.get(password);
  if (!h) hashes.set(password, (h = hashPassword(password)));
  return h;
}

/** An institution's main library (else its first): the demo readers' library and pickup place. */
export async function mainLibraryCode(db: Kysely<Database>, tenantId: number): Promise<string | undefined> {
  const main = await db
    .selectFrom('library')
    .select('lib_code')
    .where('tenant_id', '=', tenantId)
    .orderBy('is_main', 'desc')
    .orderBy('seq')
    .executeTakeFirst();
  return main?.lib_code;
}

/** Seeds the demo readers of an institution (their library: its main one) and its password age limit. */
export async function seedDemoReaders(db: Kysely<Database>, tenantId: number): Promise<number> {
  const main = await mainLibraryCode(db, tenantId);
  await mergeSiteConfig(db, tenantId, { passwordMaxAgeDays: String(DEMO_PASSWORD_MAX_AGE_DAYS) });
  for (const { password, ...input } of DEMO_READERS) {
    const { id } = await upsertReader(db, tenantId, { libCode: main ?? '', ...input }, await demoHash(password));
    const personal = DEMO_PERSONAL[input.account];
    if (personal) await setLibraryRecordedDetails(db, tenantId, id, personal);
    // `reader` has a WeChat account bound (shown in personal information).
    if (input.account === 'reader') await bindIdentity(db, tenantId, 'wechat', 'demo-wechat-reader', id);
  }
  return DEMO_READERS.length;
}
