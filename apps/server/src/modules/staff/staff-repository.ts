import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { StaffRole } from '@openfind/contract';
import type { Database } from '../../db/schema.js';

type Q = Kysely<Database>;

/**
 * Staff accounts, their sessions and the audit log. `tenantId` null names the installation's
 * operators (accounts of no institution); every other account is one institution's.
 */

/** A staff account as the server uses it (the hash only for checking a password). */
export interface StaffAccount {
  id: number;
  tenantId: number | null;
  username: string;
  name: string;
  role: StaffRole;
  libCodes: string[];
  disabled: boolean;
  passwordHash: string;
  failedLogins: number;
  /** Seconds the account stays locked after failed logins (0: not locked). */
  lockedSeconds: number;
  totpRequired: boolean;
  /** The account's TOTP secret once set up (null: no second factor); never leaves the server. */
  totpSecret: string | null;
  createdAt: Date;
  passwordChangedAt: Date;
}

/** Rows of one institution's accounts, or (null) of the operators. */
const ofTenant = (tenantId: number | null) => (eb: ExpressionBuilder<Database, 'staff_account'>) =>
  tenantId === null ? eb('staff_account.tenant_id', 'is', null) : eb('staff_account.tenant_id', '=', tenantId);

function selectAccount(db: Q) {
  return db
    .selectFrom('staff_account')
    .select([
      'staff_account.id',
      'staff_account.tenant_id',
      'staff_account.username',
      'staff_account.display_name',
      'staff_account.role',
      'staff_account.lib_codes',
      'staff_account.disabled',
      'staff_account.password_hash',
      'staff_account.failed_logins',
      'staff_account.totp_required',
      'staff_account.totp_secret',
      'staff_account.created_at',
      'staff_account.password_changed_at',
      sql<number>`coalesce(ceil(extract(epoch from (staff_account.locked_until - now()))), 0)::int`.as('locked_left'),
    ]);
}

type AccountRow = Awaited<ReturnType<ReturnType<typeof selectAccount>['executeTakeFirstOrThrow']>>;

function toAccount(r: AccountRow): StaffAccount {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    username: r.username,
    name: r.display_name,
    role: r.role,
    libCodes: r.lib_codes ?? [],
    disabled: r.disabled,
    passwordHash: r.password_hash,
    failedLogins: r.failed_logins,
    lockedSeconds: Math.max(0, r.locked_left),
    totpRequired: r.totp_required,
    totpSecret: r.totp_secret,
    createdAt: r.created_at,
    passwordChangedAt: r.password_changed_at,
  };
}

/** The account of `username` (any case) of the institution, or (null) among the operators. */
export async function findStaffByName(
  db: Q,
  tenantId: number | null,
  username: string,
): Promise<StaffAccount | undefined> {
  const row = await selectAccount(db)
    .where(ofTenant(tenantId))
    .where(sql`lower(staff_account.username)`, '=', username.trim().toLowerCase())
    .executeTakeFirst();
  return row ? toAccount(row) : undefined;
}

/**
 * The account a login at the institution names: the institution's own account of that name, else an
 * operator's (operators log in at any institution; `openfind staff add` keeps their names apart).
 */
export async function findStaffForLogin(db: Q, tenantId: number, username: string): Promise<StaffAccount | undefined> {
  const rows = await selectAccount(db)
    .where((eb) => eb.or([eb('staff_account.tenant_id', '=', tenantId), eb('staff_account.tenant_id', 'is', null)]))
    .where(sql`lower(staff_account.username)`, '=', username.trim().toLowerCase())
    .orderBy(sql`staff_account.tenant_id IS NULL`)
    .limit(1)
    .execute();
  return rows[0] ? toAccount(rows[0]) : undefined;
}

/**
 * Whether a new account of the institution (or an operator, null) could not take `username`: the
 * institution has it, or (the names of operators and of institutions' accounts never meet, so that a
 * login names one account) an operator has it, or, for an operator, any institution's account has it.
 */
export async function staffNameTaken(db: Q, tenantId: number | null, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('staff_account')
    .select('id')
    .where(sql`lower(username)`, '=', username.trim().toLowerCase())
    .where((eb) =>
      tenantId === null ? eb.lit(true) : eb.or([eb('tenant_id', '=', tenantId), eb('tenant_id', 'is', null)]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The accounts of the institution (or the operators), by username; `role` narrows them. */
export async function listStaff(db: Q, tenantId: number | null, role?: StaffRole): Promise<StaffAccount[]> {
  let q = selectAccount(db).where(ofTenant(tenantId));
  if (role) q = q.where('staff_account.role', '=', role);
  return (await q.orderBy(sql`lower(staff_account.username)`).execute()).map(toAccount);
}

/** An account found by id in the institution (never an operator, for tenantId given), or undefined. */
export async function findStaffById(db: Q, tenantId: number | null, id: number): Promise<StaffAccount | undefined> {
  const row = await selectAccount(db).where(ofTenant(tenantId)).where('staff_account.id', '=', id).executeTakeFirst();
  return row ? toAccount(row) : undefined;
}

/** When each of the accounts last logged in (started a session), by id. */
export async function findLastLogins(db: Q, tenantId: number, ids: number[]): Promise<Map<number, Date>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('staff_session')
    .select(['staff_id', (eb) => eb.fn.max('created_at').as('last')])
    .where('staff_id', 'in', ids)
    .where('staff_id', 'in', accountsOf(db, tenantId))
    .groupBy('staff_id')
    .execute();
  return new Map(rows.map((r) => [r.staff_id, new Date(r.last as unknown as string | Date)]));
}

/** Changes an account's name, role and libraries (what is given). */
export async function updateStaffAccount(
  db: Q,
  tenantId: number,
  id: number,
  change: { name?: string; role?: StaffRole; libCodes?: string[] },
): Promise<void> {
  const set: { display_name?: string; role?: StaffRole; lib_codes?: string[] } = {};
  if (change.name !== undefined) set.display_name = change.name;
  if (change.role !== undefined) set.role = change.role;
  if (change.libCodes !== undefined) set.lib_codes = change.libCodes;
  if (!Object.keys(set).length) return;
  await db.updateTable('staff_account').set(set).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** The library codes of an institution (what a desk account may be limited to). */
export async function findLibraryCodes(db: Q, tenantId: number): Promise<string[]> {
  const rows = await db.selectFrom('library').select('lib_code').where('tenant_id', '=', tenantId).execute();
  return rows.map((r) => r.lib_code);
}

export async function insertStaff(
  db: Q,
  a: {
    tenantId: number | null;
    username: string;
    name: string;
    role: StaffRole;
    libCodes: string[];
    passwordHash: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('staff_account')
    .values({
      tenant_id: a.tenantId,
      username: a.username,
      display_name: a.name,
      role: a.role,
      lib_codes: a.libCodes,
      password_hash: a.passwordHash,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Removes an account (its sessions with it); whether there was one. */
export async function deleteStaff(db: Q, tenantId: number | null, id: number): Promise<boolean> {
  const r = await db.deleteFrom('staff_account').where(ofTenant(tenantId)).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** A new password: its failures forgotten, every session of the account ended. */
export async function setStaffPassword(db: Q, tenantId: number | null, id: number, hash: string): Promise<void> {
  await db
    .updateTable('staff_account')
    .set({ password_hash: hash, password_changed_at: sql<Date>`now()`, failed_logins: 0, locked_until: null })
    .where(ofTenant(tenantId))
    .where('id', '=', id)
    .execute();
  await revokeStaffSessions(db, tenantId, id);
}

/** Disables (every session ends) or enables an account. */
export async function setStaffDisabled(db: Q, tenantId: number | null, id: number, disabled: boolean): Promise<void> {
  await db.updateTable('staff_account').set({ disabled }).where(ofTenant(tenantId)).where('id', '=', id).execute();
  if (disabled) await revokeStaffSessions(db, tenantId, id);
}

/**
 * Counts a failed login of the account and locks it when `lockAfter` failures follow each other:
 * for `lockSeconds`, doubling with every further round (at most a day), the rule of readers'
 * logins (auth-repository.ts `recordLoginFailure`). The consecutive failures.
 */
export async function recordStaffFailure(
  db: Q,
  tenantId: number | null,
  id: number,
  lockAfter: number,
  lockSeconds: number,
): Promise<number> {
  const row = await db
    .updateTable('staff_account')
    .set({ failed_logins: sql`failed_logins + 1` })
    .where(ofTenant(tenantId))
    .where('id', '=', id)
    .returning('failed_logins')
    .executeTakeFirst();
  const failures = row?.failed_logins ?? 0;
  if (failures >= lockAfter && failures % lockAfter === 0) {
    const rounds = failures / lockAfter - 1;
    const seconds = Math.min(lockSeconds * 2 ** Math.min(rounds, 16), 24 * 3600);
    await db
      .updateTable('staff_account')
      .set({ locked_until: sql`now() + make_interval(secs => ${seconds})` })
      .where(ofTenant(tenantId))
      .where('id', '=', id)
      .execute();
  }
  return failures;
}

export async function clearStaffFailures(db: Q, tenantId: number | null, id: number): Promise<void> {
  await db
    .updateTable('staff_account')
    .set({ failed_logins: 0, locked_until: null })
    .where(ofTenant(tenantId))
    .where('id', '=', id)
    .where('failed_logins', '>', 0)
    .execute();
}

// ---- the second factor -------------------------------------------------------------------------

/** Starts setting up a TOTP secret: kept aside until a first code confirms it. */
export async function setPendingTotp(db: Q, tenantId: number | null, id: number, secret: string): Promise<void> {
  await db
    .updateTable('staff_account')
    .set({ totp_pending_secret: secret })
    .where(ofTenant(tenantId))
    .where('id', '=', id)
    .execute();
}

/** The secret being set up, if any. */
export async function findPendingTotp(db: Q, tenantId: number | null, id: number): Promise<string | null> {
  const row = await db
    .selectFrom('staff_account')
    .select('totp_pending_secret')
    .where(ofTenant(tenantId))
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.totp_pending_secret ?? null;
}

/**
 * Turns the pending secret on (the code of `step` confirmed it, and counts as taken) and replaces the
 * recovery codes, in the caller's transaction. False when the pending secret is no longer `secret`
 * (set up again in another tab meanwhile).
 */
export async function enableTotp(
  db: Q,
  tenantId: number | null,
  id: number,
  secret: string,
  step: number,
  recoveryHashes: string[],
): Promise<boolean> {
  const r = await db
    .updateTable('staff_account')
    .set({
      totp_secret: secret,
      totp_pending_secret: null,
      totp_enabled_at: sql<Date>`now()`,
      totp_last_step: step,
    })
    .where(ofTenant(tenantId))
    .where('id', '=', id)
    .where('totp_pending_secret', '=', secret)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) return false;
  await replaceRecoveryCodes(db, tenantId, id, recoveryHashes);
  return true;
}

/** The ids of the institution's accounts (or the operators'), for the tables keyed by account. */
const accountsOf = (db: Q, tenantId: number | null) =>
  db.selectFrom('staff_account').select('id').where(ofTenant(tenantId));

/** Replaces an account's recovery codes (the old ones stop working); nothing for another institution's. */
export async function replaceRecoveryCodes(
  db: Q,
  tenantId: number | null,
  id: number,
  hashes: string[],
): Promise<void> {
  if (!(await accountsOf(db, tenantId).where('id', '=', id).executeTakeFirst())) return;
  await db.deleteFrom('staff_recovery_code').where('staff_id', '=', id).execute();
  if (hashes.length)
    await db
      .insertInto('staff_recovery_code')
      .values(hashes.map((code_hash) => ({ staff_id: id, code_hash })))
      .execute();
}

/** Takes the TOTP step for a login: true once per step and account (a code replayed is refused). */
export async function takeTotpStep(db: Q, tenantId: number | null, id: number, step: number): Promise<boolean> {
  const r = await db
    .updateTable('staff_account')
    .set({ totp_last_step: step })
    .where(ofTenant(tenantId))
    .where('id', '=', id)
    .where('totp_last_step', '<', String(step))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Uses a recovery code: true once per code. */
export async function takeRecoveryCode(db: Q, tenantId: number | null, id: number, hash: string): Promise<boolean> {
  const r = await db
    .updateTable('staff_recovery_code')
    .set({ used_at: sql<Date>`now()` })
    .where('staff_id', '=', id)
    .where('staff_id', 'in', accountsOf(db, tenantId))
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Recovery codes not used yet. */
export async function countRecoveryCodes(db: Q, tenantId: number | null, id: number): Promise<number> {
  const row = await db
    .selectFrom('staff_recovery_code')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('staff_id', '=', id)
    .where('staff_id', 'in', accountsOf(db, tenantId))
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Turns the second factor off (the account's own choice where allowed, or an administrator's reset). */
export async function clearTotp(db: Q, tenantId: number | null, id: number): Promise<void> {
  await db
    .updateTable('staff_account')
    .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null })
    .where(ofTenant(tenantId))
    .where('id', '=', id)
    .execute();
  await replaceRecoveryCodes(db, tenantId, id, []);
}

/** Whether an administrator requires the account's second factor. */
export async function setTotpRequired(db: Q, tenantId: number | null, id: number, required: boolean): Promise<void> {
  await db
    .updateTable('staff_account')
    .set({ totp_required: required })
    .where(ofTenant(tenantId))
    .where('id', '=', id)
    .execute();
}

// ---- sessions ----------------------------------------------------------------------------------

/** A new session, made at the institution `tenantId`; expired sessions of the account are dropped. */
export async function insertStaffSession(
  db: Q,
  s: { tenantId: number; staffId: number; id: string; expiresAt: Date; ip: string },
): Promise<void> {
  await db
    .deleteFrom('staff_session')
    .where('staff_id', '=', s.staffId)
    .where('tenant_id', '=', s.tenantId)
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  await db
    .insertInto('staff_session')
    .values({ id: s.id, staff_id: s.staffId, tenant_id: s.tenantId, expires_at: s.expiresAt, ip: s.ip.slice(0, 100) })
    .execute();
}

/**
 * A session made at the institution `tenantId`, with its account: whether it is still live (not
 * revoked, not expired) and what the account is now. One query per staff request.
 */
export async function findStaffSession(
  db: Q,
  tenantId: number,
  id: string,
): Promise<{ account: StaffAccount; live: boolean; createdAt: Date } | undefined> {
  const row = await selectAccount(db)
    .innerJoin('staff_session as s', 's.staff_id', 'staff_account.id')
    .select([
      's.created_at as session_created_at',
      sql<boolean>`(s.revoked_at IS NULL AND s.expires_at > now())`.as('live'),
    ])
    .where('s.tenant_id', '=', tenantId)
    .where('s.id', '=', id)
    .executeTakeFirst();
  return row ? { account: toAccount(row), live: Boolean(row.live), createdAt: row.session_created_at } : undefined;
}

/** Ends one session (logout). */
export async function revokeStaffSession(db: Q, tenantId: number, id: string): Promise<void> {
  await db
    .updateTable('staff_session')
    .set({ revoked_at: sql<Date>`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of an account of the institution (or an operator's, null), wherever it was made. */
export async function revokeStaffSessions(db: Q, tenantId: number | null, staffId: number): Promise<void> {
  await db
    .updateTable('staff_session')
    .set({ revoked_at: sql<Date>`now()` })
    .where('revoked_at', 'is', null)
    .where('staff_id', 'in', (eb) =>
      eb
        .selectFrom('staff_account')
        .select('staff_account.id')
        .where(ofTenant(tenantId))
        .where('staff_account.id', '=', staffId),
    )
    .execute();
}

// ---- audit log ---------------------------------------------------------------------------------

/** What the audit log records of one change. */
export interface AuditEntry {
  /** The institution acted in; null for installation-wide changes (an operator's account). */
  tenantId: number | null;
  /** The staff account, null for the command line. */
  staffId: number | null;
  actor: string;
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
  ip?: string;
}

/** Appends a row to the audit log: the only write the log has (a trigger refuses UPDATE and DELETE). */
export async function insertAudit(db: Q, e: AuditEntry): Promise<void> {
  const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
  await db
    .insertInto('audit_log')
    .values({
      tenant_id: e.tenantId,
      staff_id: e.staffId,
      actor: e.actor.slice(0, 200),
      action: e.action,
      target: e.target.slice(0, 500),
      before: json(e.before),
      after: json(e.after),
      ip: (e.ip ?? '').slice(0, 100),
    })
    .execute();
}

/** A row of the audit log as read back. */
export interface AuditRow {
  id: number;
  tenantId: number | null;
  staffId: number | null;
  actor: string;
  at: Date;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  ip: string;
}

/** The latest rows of an institution's log (or, null, the installation-wide rows), newest first. */
export async function findAudit(db: Q, tenantId: number | null, limit = 100): Promise<AuditRow[]> {
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .where((eb) => (tenantId === null ? eb('tenant_id', 'is', null) : eb('tenant_id', '=', tenantId)))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    tenantId: r.tenant_id,
    staffId: r.staff_id,
    actor: r.actor,
    at: r.at,
    action: r.action,
    target: r.target,
    before: r.before,
    after: r.after,
    ip: r.ip,
  }));
}
