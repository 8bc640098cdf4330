import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, ReaderAddressTable } from '../../db/schema.js';

/**
 * A reader's delivery addresses. Every function is scoped by institution and reader: an address id
 * of another reader names nothing here.
 */

export type AddressRow = Selectable<ReaderAddressTable>;

/** The fields of an address as stored. */
export interface AddressValues {
  addressType: string;
  recipient: string;
  phone: string;
  region: string;
  detail: string;
  postcode: string;
}

const columns = (a: AddressValues) => ({
  address_type: a.addressType,
  recipient: a.recipient,
  phone: a.phone,
  region: a.region,
  detail: a.detail,
  postcode: a.postcode,
});

/**
 * Locks the reader's row for the rest of the transaction, so that two changes of one reader's
 * addresses (a count, the default) run one after the other; whether the reader exists.
 */
export async function lockReaderAddresses(db: Kysely<Database>, tenantId: number, readerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('reader')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', readerId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** The reader's addresses, the default first, then the newest. */
export function findAddresses(db: Kysely<Database>, tenantId: number, readerId: number): Promise<AddressRow[]> {
  return db
    .selectFrom('reader_address')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .orderBy('is_default', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** One of the reader's addresses. */
export function findAddress(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  id: number,
): Promise<AddressRow | undefined> {
  return db
    .selectFrom('reader_address')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('id', '=', String(id))
    .executeTakeFirst();
}

export async function countAddresses(db: Kysely<Database>, tenantId: number, readerId: number): Promise<number> {
  const row = await db
    .selectFrom('reader_address')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Takes the default mark off the reader's addresses (but `keepId`'s). */
export async function clearDefaultAddress(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  keepId?: number,
): Promise<void> {
  let q = db
    .updateTable('reader_address')
    .set({ is_default: false })
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('is_default', '=', true);
  if (keepId !== undefined) q = q.where('id', '<>', String(keepId));
  await q.execute();
}

/** Marks one of the reader's addresses the default (the others' marks must be off first); whether it exists. */
export async function markDefaultAddress(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  id: number,
): Promise<boolean> {
  const r = await db
    .updateTable('reader_address')
    .set({ is_default: true })
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('id', '=', String(id))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function insertAddress(
  db: Kysely<Database>,
  a: AddressValues & { tenantId: number; readerId: number; isDefault: boolean },
): Promise<AddressRow> {
  return db
    .insertInto('reader_address')
    .values({ tenant_id: a.tenantId, reader_id: a.readerId, is_default: a.isDefault, ...columns(a) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Changes one of the reader's addresses (not its default mark); the address, or undefined when it is not theirs. */
export function updateAddress(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  id: number,
  a: AddressValues,
): Promise<AddressRow | undefined> {
  return db
    .updateTable('reader_address')
    .set({ ...columns(a), updated_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('id', '=', String(id))
    .returningAll()
    .executeTakeFirst();
}

/** Deletes one of the reader's addresses; what it was, or undefined when it is not theirs. */
export function deleteAddress(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  id: number,
): Promise<{ is_default: boolean } | undefined> {
  return db
    .deleteFrom('reader_address')
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('id', '=', String(id))
    .returning('is_default')
    .executeTakeFirst();
}

/** The reader's most recently changed address (the next default), if any. */
export async function findNewestAddressId(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('reader_address')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}
