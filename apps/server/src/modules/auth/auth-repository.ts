import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type Q = Kysely<Database>;

// ---- captcha ---------------------------------------------------------------------------------

export async function insertCaptcha(
  db: Q,
  c: { codeKey: string; tenantId: number; scene: number; userName: string; answerHash: string; expiresAt: Date },
): Promise<void> {
  // Expired codes are dropped as new ones are made: the table holds only live ones.
  await db
    .deleteFrom('captcha')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  await db
    .insertInto('captcha')
    .values({
      code_key: c.codeKey,
      tenant_id: c.tenantId,
      scene: c.scene,
      user_name: c.userName,
      answer_hash: c.answerHash,
      expires_at: c.expiresAt,
    })
    .execute();
}

/** Removes and returns the live captcha of `codeKey` (single use: a second take finds nothing). */
export async function takeCaptcha(
  db: Q,
  tenantId: number,
  codeKey: string,
): Promise<{ scene: number; userName: string; answerHash: string } | undefined> {
  const row = await db
    .deleteFrom('captcha')
    .where('code_key', '=', codeKey)
    .where('tenant_id', '=', tenantId)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['scene', 'user_name', 'answer_hash'])
    .executeTakeFirst();
  return row ? { scene: row.scene, userName: row.user_name, answerHash: row.answer_hash } : undefined;
}

// ---- login throttle ----------------------------------------------------------------------------

/**
 * Seconds the key stays locked, 0 when it is not. The key (column account_key) is the reader's
 * (`R:<id>`) once the typed name answers to a reader, else the folded name (auth-service.ts).
 */
export async function lockedSeconds(db: Q, tenantId: number, accountKey: string): Promise<number> {
  const row = await db
    .selectFrom('login_throttle')
    .select(sql<number>`ceil(extract(epoch from (locked_until - now())))::int`.as('left'))
    .where('tenant_id', '=', tenantId)
    .where('account_key', '=', accountKey)
    .where('locked_until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row ? Math.max(1, row.left) : 0;
}

/**
 * Counts a failed login of the account name and locks it when `lockAfter` failures follow each
 * other: for `lockSeconds`, doubling with every further round of failures (at most a day).
 * Returns the consecutive failures.
 */
export async function recordLoginFailure(
  db: Q,
  tenantId: number,
  accountKey: string,
  lockAfter: number,
  lockSeconds: number,
): Promise<number> {
  const row = await db
    .insertInto('login_throttle')
    .values({ tenant_id: tenantId, account_key: accountKey, failures: 1 })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'account_key']).doUpdateSet({
        failures: sql`login_throttle.failures + 1`,
        updated_at: sql`now()`,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  if (row.failures >= lockAfter && row.failures % lockAfter === 0) {
    const rounds = row.failures / lockAfter - 1;
    const seconds = Math.min(lockSeconds * 2 ** Math.min(rounds, 16), 24 * 3600);
    await db
      .updateTable('login_throttle')
      .set({ locked_until: sql`now() + make_interval(secs => ${seconds})` })
      .where('tenant_id', '=', tenantId)
      .where('account_key', '=', accountKey)
      .execute();
  }
  return row.failures;
}

export async function clearLoginFailures(db: Q, tenantId: number, accountKey: string): Promise<void> {
  await db
    .deleteFrom('login_throttle')
    .where('tenant_id', '=', tenantId)
    .where('account_key', '=', accountKey)
    .execute();
}

// ---- sessions ----------------------------------------------------------------------------------

export async function revokeSession(db: Q, tenantId: number, jti: string, expiresAt: Date): Promise<void> {
  await db
    .deleteFrom('session_revocation')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  await db
    .insertInto('session_revocation')
    .values({ jti, tenant_id: tenantId, expires_at: expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
}

/** The reader's token version and tenant, and whether the token id was revoked: one query per request. */
export async function sessionState(
  db: Q,
  tenantId: number,
  readerId: number,
  jti: string,
): Promise<{ tokenVersion: number; revoked: boolean } | undefined> {
  const row = await db
    .selectFrom('reader')
    .select('token_version')
    .select((eb) =>
      eb
        .exists(
          eb.selectFrom('session_revocation').select('jti').where('tenant_id', '=', tenantId).where('jti', '=', jti),
        )
        .as('revoked'),
    )
    .where('tenant_id', '=', tenantId)
    .where('id', '=', readerId)
    .executeTakeFirst();
  return row ? { tokenVersion: row.token_version, revoked: Boolean(row.revoked) } : undefined;
}

/** A server secret, created with `make()` the first time (the first process to get there wins). */
export async function serverSecret(db: Q, name: string, make: () => string): Promise<string> {
  await db
    .insertInto('server_secret')
    .values({ name, value: make() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secret').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

// ---- verification codes ------------------------------------------------------------------------

export type Channel = 'phone' | 'mail';
export type Purpose = 'reset' | 'bind';

/** Codes sent to the reader today (server time zone's day) on this channel for this purpose. */
export async function codesSentToday(
  db: Q,
  tenantId: number,
  readerId: number,
  channel: Channel,
  purpose: Purpose,
): Promise<number> {
  const row = await db
    .selectFrom('verification_code')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('channel', '=', channel)
    .where('purpose', '=', purpose)
    .where('created_at', '>=', sql<Date>`date_trunc('day', now())`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Codes used today (binding changes made) by the reader for the purpose. */
export async function codesUsedToday(db: Q, tenantId: number, readerId: number, purpose: Purpose): Promise<number> {
  const row = await db
    .selectFrom('verification_code')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('purpose', '=', purpose)
    .where('used_at', '>=', sql<Date>`date_trunc('day', now())`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertCode(
  db: Q,
  c: {
    tenantId: number;
    readerId: number;
    channel: Channel;
    purpose: Purpose;
    target: string;
    codeHash: string;
    expiresAt: Date;
  },
): Promise<void> {
  // Codes older than two days count for nothing any more (daily limits, checks): drop them.
  await db
    .deleteFrom('verification_code')
    .where('reader_id', '=', c.readerId)
    .where('created_at', '<', sql<Date>`now() - interval '2 days'`)
    .execute();
  await db
    .insertInto('verification_code')
    .values({
      tenant_id: c.tenantId,
      reader_id: c.readerId,
      channel: c.channel,
      purpose: c.purpose,
      target: c.target,
      code_hash: c.codeHash,
      expires_at: c.expiresAt,
    })
    .execute();
}

/**
 * Checks a code against the latest live code of the reader on the channel for the purpose; a
 * right answer uses it up, a wrong one counts (five wrong answers and it is dead). With `target`,
 * only a code sent to that address counts. Returns the target it was sent to, or undefined.
 */
export async function useCode(
  db: Q,
  tenantId: number,
  readerId: number,
  channel: Channel,
  purpose: Purpose,
  codeHash: string,
  target?: string,
): Promise<string | undefined> {
  const latest = await db
    .selectFrom('verification_code')
    .select(['id', 'code_hash', 'target'])
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('channel', '=', channel)
    .where('purpose', '=', purpose)
    .$if(target !== undefined, (q) => q.where('target', '=', target!))
    .where('used_at', 'is', null)
    .where('attempts', '<', 5)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return undefined;
  if (latest.code_hash !== codeHash) {
    await db
      .updateTable('verification_code')
      .set({ attempts: sql`attempts + 1` })
      .where('id', '=', latest.id)
      .execute();
    return undefined;
  }
  const used = await db
    .updateTable('verification_code')
    .set({ used_at: sql`now()` })
    .where('id', '=', latest.id)
    .where('used_at', 'is', null)
    .returning('target')
    .executeTakeFirst();
  return used?.target;
}

// ---- password recovery -------------------------------------------------------------------------

export async function insertRecovery(
  db: Q,
  r: { findKeyHash: string; tenantId: number; readerId: number | null; userName: string; expiresAt: Date },
): Promise<void> {
  await db
    .deleteFrom('password_recovery')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  await db
    .insertInto('password_recovery')
    .values({
      find_key: r.findKeyHash,
      tenant_id: r.tenantId,
      reader_id: r.readerId,
      user_name: r.userName,
      expires_at: r.expiresAt,
    })
    .execute();
}

export async function findRecovery(
  db: Q,
  tenantId: number,
  findKeyHash: string,
): Promise<{ readerId: number | null; userName: string; verified: boolean } | undefined> {
  const row = await db
    .selectFrom('password_recovery')
    .select(['reader_id', 'user_name', 'verified_at'])
    .where('find_key', '=', findKeyHash)
    .where('tenant_id', '=', tenantId)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row ? { readerId: row.reader_id, userName: row.user_name, verified: row.verified_at !== null } : undefined;
}

export async function markRecoveryVerified(db: Q, tenantId: number, findKeyHash: string): Promise<void> {
  await db
    .updateTable('password_recovery')
    .set({ verified_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('find_key', '=', findKeyHash)
    .execute();
}

/** Ends a recovery; true when it was there (so two parallel uses cannot both succeed). */
export async function deleteRecovery(db: Q, tenantId: number, findKeyHash: string): Promise<boolean> {
  const r = await db
    .deleteFrom('password_recovery')
    .where('tenant_id', '=', tenantId)
    .where('find_key', '=', findKeyHash)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

// ---- outside identities and institution secrets ------------------------------------------------

export type IdentityProvider = 'cas' | 'external' | 'wechat' | 'passport';

export async function readerOfIdentity(
  db: Q,
  tenantId: number,
  provider: IdentityProvider,
  externalId: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('reader_identity')
    .select('reader_id')
    .where('tenant_id', '=', tenantId)
    .where('provider', '=', provider)
    .where('external_id', '=', externalId)
    .executeTakeFirst();
  return row?.reader_id;
}

/** Binds the outside identity to the reader (a later bind moves it to the new reader). */
export async function bindIdentity(
  db: Q,
  tenantId: number,
  provider: IdentityProvider,
  externalId: string,
  readerId: number,
): Promise<void> {
  await db
    .insertInto('reader_identity')
    .values({ tenant_id: tenantId, provider, external_id: externalId, reader_id: readerId })
    .onConflict((oc) => oc.columns(['tenant_id', 'provider', 'external_id']).doUpdateSet({ reader_id: readerId }))
    .execute();
}

export async function tenantSecret(db: Q, tenantId: number, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('tenant_secret')
    .select('value')
    .where('tenant_id', '=', tenantId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value;
}

export async function setTenantSecret(db: Q, tenantId: number, name: string, value: string): Promise<void> {
  await db
    .insertInto('tenant_secret')
    .values({ tenant_id: tenantId, name, value })
    .onConflict((oc) => oc.columns(['tenant_id', 'name']).doUpdateSet({ value, updated_at: sql`now()` }))
    .execute();
}
