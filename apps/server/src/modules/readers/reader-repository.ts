import { sql, type Kysely, type Selectable } from 'kysely';
import type { ReaderStatus } from '@openfind/contract';
import type { Database, ReaderTable } from '../../db/schema.js';

type Q = Kysely<Database>;

/** A reader (patron) of one tenant. */
export interface Reader {
  id: number;
  tenantId: number;
  account: string;
  cardNo: string;
  name: string;
  libCode: string;
  email: string;
  emailVerified: boolean;
  phone: string;
  phoneVerified: boolean;
  status: ReaderStatus;
  department: string;
  readerType: string;
  /** YYYY-MM-DD or null. */
  validFrom: string | null;
  validUntil: string | null;
  avatarUrl: string;
  passwordHash: string;
  passwordChangedAt: Date;
  mustChangePassword: boolean;
  tokenVersion: number;
  firstLoginFlag: string;
}

/** What a reader is created or updated from (CLI, import, seed). */
export interface ReaderInput {
  account: string;
  cardNo?: string | undefined;
  name?: string | undefined;
  libCode?: string | undefined;
  email?: string | undefined;
  emailVerified?: boolean | undefined;
  phone?: string | undefined;
  phoneVerified?: boolean | undefined;
  status?: ReaderStatus | undefined;
  department?: string | undefined;
  readerType?: string | undefined;
  validFrom?: string | null | undefined;
  validUntil?: string | null | undefined;
  mustChangePassword?: boolean | undefined;
  /** When the password was last set (demo data ages some), default now. */
  passwordChangedAt?: Date | undefined;
  firstLoginFlag?: '0' | '1' | undefined;
}

const COLUMNS = [
  'id',
  'tenant_id',
  'account',
  'card_no',
  'name',
  'lib_code',
  'email',
  'email_verified',
  'phone',
  'phone_verified',
  'status',
  'department',
  'reader_type',
  'avatar_url',
  'password_hash',
  'password_changed_at',
  'must_change_password',
  'token_version',
  'first_login_flag',
] as const;

function selectReader(db: Q) {
  return db
    .selectFrom('reader')
    .select(COLUMNS)
    .select([
      sql<string | null>`to_char(valid_from, 'YYYY-MM-DD')`.as('valid_from_text'),
      sql<string | null>`to_char(valid_until, 'YYYY-MM-DD')`.as('valid_until_text'),
    ]);
}

type Row = Pick<Selectable<ReaderTable>, (typeof COLUMNS)[number]> & {
  valid_from_text: string | null;
  valid_until_text: string | null;
};

function toReader(r: Row): Reader {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    account: r.account,
    cardNo: r.card_no,
    name: r.name,
    libCode: r.lib_code,
    email: r.email,
    emailVerified: r.email_verified,
    phone: r.phone,
    phoneVerified: r.phone_verified,
    status: r.status,
    department: r.department,
    readerType: r.reader_type,
    validFrom: r.valid_from_text,
    validUntil: r.valid_until_text,
    avatarUrl: r.avatar_url,
    passwordHash: r.password_hash,
    passwordChangedAt: new Date(r.password_changed_at),
    mustChangePassword: r.must_change_password,
    tokenVersion: r.token_version,
    firstLoginFlag: r.first_login_flag,
  };
}

/** The reader who logs in as `login`: by account, else by card number (case-insensitive). */
export async function findReaderByLogin(db: Q, tenantId: number, login: string): Promise<Reader | undefined> {
  const key = login.trim().toLowerCase();
  if (!key) return undefined;
  const rows = await selectReader(db)
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb.or([eb(sql`lower(account)`, '=', key), eb(sql`lower(card_no)`, '=', key)]))
    .orderBy(sql`lower(account) = ${key}`, 'desc')
    .limit(1)
    .execute();
  return rows[0] ? toReader(rows[0]) : undefined;
}

/**
 * Which of these logins (accounts or card numbers, any case) the institution's readers have: the
 * readers by lower-cased account and by lower-cased card number (a reader import checks its rows
 * with one query).
 */
export async function findReaderLogins(
  db: Q,
  tenantId: number,
  logins: string[],
): Promise<{ byAccount: Map<string, { id: number }>; byCardNo: Map<string, number> }> {
  const keys = [...new Set(logins.map((l) => l.trim().toLowerCase()).filter(Boolean))];
  const byAccount = new Map<string, { id: number }>();
  const byCardNo = new Map<string, number>();
  if (!keys.length) return { byAccount, byCardNo };
  const rows = await db
    .selectFrom('reader')
    .select(['id', sql<string>`lower(account)`.as('account'), sql<string>`lower(card_no)`.as('card_no')])
    .where('tenant_id', '=', tenantId)
    .where(sql<boolean>`(lower(account) = ANY(${keys}::text[]) OR lower(card_no) = ANY(${keys}::text[]))`)
    .execute();
  for (const r of rows) {
    byAccount.set(r.account, { id: r.id });
    if (r.card_no) byCardNo.set(r.card_no, r.id);
  }
  return { byAccount, byCardNo };
}

export async function findReaderById(db: Q, tenantId: number, id: number): Promise<Reader | undefined> {
  const row = await selectReader(db).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return row ? toReader(row) : undefined;
}

function columnsOf(input: ReaderInput) {
  const v: Record<string, unknown> = {};
  const set = (col: string, val: unknown) => {
    if (val !== undefined) v[col] = val;
  };
  set('card_no', input.cardNo);
  set('name', input.name);
  set('lib_code', input.libCode);
  set('email', input.email);
  set('email_verified', input.emailVerified);
  set('phone', input.phone);
  set('phone_verified', input.phoneVerified);
  set('status', input.status);
  set('department', input.department);
  set('reader_type', input.readerType);
  set('valid_from', input.validFrom);
  set('valid_until', input.validUntil);
  set('must_change_password', input.mustChangePassword);
  set('password_changed_at', input.passwordChangedAt);
  set('first_login_flag', input.firstLoginFlag);
  return v;
}

/**
 * Creates the reader, or updates the one with the same account. `passwordHash` undefined keeps an
 * existing reader's password (a new reader needs one). Returns the id and whether it was created.
 */
export async function upsertReader(
  db: Q,
  tenantId: number,
  input: ReaderInput,
  passwordHash: string | undefined,
): Promise<{ id: number; created: boolean }> {
  const values = columnsOf(input);
  const existing = await db
    .selectFrom('reader')
    .select(['id', 'status'])
    .where('tenant_id', '=', tenantId)
    .where(sql`lower(account)`, '=', input.account.toLowerCase())
    .executeTakeFirst();
  if (existing) {
    const update: Record<string, unknown> = { ...values, updated_at: sql`now()` };
    if (passwordHash) Object.assign(update, { password_hash: passwordHash, password_changed_at: sql`now()` });
    const revoke = passwordHash !== undefined || (input.status !== undefined && input.status !== existing.status);
    await db
      .updateTable('reader')
      .set(update)
      .$if(revoke, (q) => q.set({ token_version: sql`token_version + 1` }))
      .where('id', '=', existing.id)
      .execute();
    return { id: existing.id, created: false };
  }
  if (!passwordHash) throw new Error(`reader ${input.account} needs a password`);
  const row = await db
    .insertInto('reader')
    .values({ ...values, tenant_id: tenantId, account: input.account, password_hash: passwordHash } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, created: true };
}

/**
 * Sets a new password. Every session of the reader ends (token version + 1). `mustChange` marks it
 * as one the reader must replace at the next login (set by staff).
 */
export async function setReaderPassword(
  db: Q,
  tenantId: number,
  id: number,
  passwordHash: string,
  opts: { mustChange?: boolean } = {},
): Promise<void> {
  await db
    .updateTable('reader')
    .set({
      password_hash: passwordHash,
      password_changed_at: sql`now()`,
      must_change_password: opts.mustChange ?? false,
      token_version: sql`token_version + 1`,
      updated_at: sql`now()`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Changes the status; every session of the reader ends, so the next request sees the new status. */
export async function setReaderStatus(db: Q, tenantId: number, id: number, status: ReaderStatus): Promise<void> {
  await db
    .updateTable('reader')
    .set({ status, token_version: sql`token_version + 1`, updated_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Ends every session of the reader (token version + 1): each of their tokens stops working at once. */
export async function endReaderSessions(db: Q, tenantId: number, id: number): Promise<void> {
  await db
    .updateTable('reader')
    .set({ token_version: sql`token_version + 1`, updated_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Binds a verified phone or e-mail address. */
export async function bindReaderContact(
  db: Q,
  tenantId: number,
  id: number,
  channel: 'phone' | 'mail',
  target: string,
): Promise<void> {
  await db
    .updateTable('reader')
    .set(
      channel === 'phone'
        ? { phone: target, phone_verified: true, updated_at: sql`now()` }
        : { email: target, email_verified: true, updated_at: sql`now()` },
    )
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function setFirstLoginFlag(db: Q, tenantId: number, id: number, flag: '0' | '1'): Promise<void> {
  await db
    .updateTable('reader')
    .set({ first_login_flag: flag })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function setReaderLibrary(db: Q, tenantId: number, id: number, libCode: string): Promise<void> {
  await db
    .updateTable('reader')
    .set({ lib_code: libCode, updated_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function touchLogin(db: Q, tenantId: number, id: number): Promise<void> {
  await db
    .updateTable('reader')
    .set({ last_login_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Puts a message in the reader's inbox. */
export async function addInboxMessage(
  db: Q,
  m: { tenantId: number; readerId: number; channel: string; target: string; subject: string; body: string },
): Promise<void> {
  await db
    .insertInto('reader_inbox')
    .values({
      tenant_id: m.tenantId,
      reader_id: m.readerId,
      channel: m.channel,
      target: m.target,
      subject: m.subject,
      body: m.body,
    })
    .execute();
}
