import { sql, type Kysely } from 'kysely';
import type { IdType } from '@openfind/contract';
import type { Database } from '../../db/schema.js';

type Q = Kysely<Database>;

/** What a reader's personal information adds to the account (0024), and the outside accounts bound. */
export interface PersonalRow {
  position: string;
  grade: string;
  className: string;
  idType: IdType;
  idNumber: string;
  depositCents: number;
  prepaymentCents: number;
  transferLending: boolean;
  borrowPassword: boolean;
  /** Providers of reader_identity bound to the reader (cas, external, wechat, passport). */
  identities: string[];
  /** The uploaded avatar's address key, or null. */
  avatarKey: string | null;
}

/** The personal columns of a reader of the institution, or undefined. */
export async function findPersonalRow(db: Q, tenantId: number, readerId: number): Promise<PersonalRow | undefined> {
  const row = await db
    .selectFrom('reader')
    .select([
      'position',
      'grade',
      'class_name',
      'id_type',
      'id_number',
      'deposit_cents',
      'prepayment_cents',
      'transfer_lending',
      'borrow_password',
    ])
    .select((eb) => [
      eb
        .selectFrom('reader_identity as i')
        .select(sql<string>`string_agg(DISTINCT i.provider, ',')`.as('p'))
        .whereRef('i.reader_id', '=', 'reader.id')
        .where('i.tenant_id', '=', tenantId)
        .as('identities'),
      eb
        .selectFrom('reader_avatar as a')
        .select('a.url_key')
        .whereRef('a.reader_id', '=', 'reader.id')
        .where('a.tenant_id', '=', tenantId)
        .as('avatar_key'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', readerId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    position: row.position,
    grade: row.grade,
    className: row.class_name,
    idType: row.id_type,
    idNumber: row.id_number,
    depositCents: row.deposit_cents,
    prepaymentCents: row.prepayment_cents,
    transferLending: row.transfer_lending,
    borrowPassword: row.borrow_password,
    identities: row.identities ? row.identities.split(',') : [],
    avatarKey: row.avatar_key ?? null,
  };
}

/** What a reader changes of their personal information; undefined = unchanged. */
export interface PersonalChange {
  idType?: IdType | undefined;
  idNumber?: string | undefined;
  transferLending?: boolean | undefined;
  borrowPassword?: boolean | undefined;
}

/** Saves the reader's changes (the caller has checked them). */
export async function updatePersonal(db: Q, tenantId: number, readerId: number, change: PersonalChange): Promise<void> {
  const set: Record<string, unknown> = {};
  if (change.idType !== undefined) set.id_type = change.idType;
  if (change.idNumber !== undefined) set.id_number = change.idNumber;
  if (change.transferLending !== undefined) set.transfer_lending = change.transferLending;
  if (change.borrowPassword !== undefined) set.borrow_password = change.borrowPassword;
  if (!Object.keys(set).length) return;
  await db
    .updateTable('reader')
    .set({ ...set, updated_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', readerId)
    .execute();
}

/** The details the library records of a reader (seed, import): set as given; undefined = unchanged. */
export interface LibraryRecordedDetails {
  position?: string | undefined;
  grade?: string | undefined;
  className?: string | undefined;
  idType?: IdType | undefined;
  idNumber?: string | undefined;
  depositCents?: number | undefined;
  prepaymentCents?: number | undefined;
  transferLending?: boolean | undefined;
  borrowPassword?: boolean | undefined;
}

/** Sets what the library records of a reader (the demo seed; later the staff console and reader import). */
export async function setLibraryRecordedDetails(
  db: Q,
  tenantId: number,
  readerId: number,
  d: LibraryRecordedDetails,
): Promise<void> {
  const set: Record<string, unknown> = {};
  const put = (col: string, v: unknown) => {
    if (v !== undefined) set[col] = v;
  };
  put('position', d.position);
  put('grade', d.grade);
  put('class_name', d.className);
  put('id_type', d.idType);
  put('id_number', d.idNumber);
  put('deposit_cents', d.depositCents);
  put('prepayment_cents', d.prepaymentCents);
  put('transfer_lending', d.transferLending);
  put('borrow_password', d.borrowPassword);
  if (!Object.keys(set).length) return;
  await db
    .updateTable('reader')
    .set({ ...set, updated_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', readerId)
    .execute();
}

/** An avatar as stored. */
export interface StoredAvatar {
  readerId: number;
  key: string;
  version: number;
  etag: string;
  contentType: string;
  width: number;
  height: number;
  image: Buffer;
  updatedAt: Date;
}

/** The uploaded avatar's address key of a reader, or null. */
export async function findAvatarKey(db: Q, tenantId: number, readerId: number): Promise<string | null> {
  const row = await db
    .selectFrom('reader_avatar')
    .select('url_key')
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .executeTakeFirst();
  return row?.url_key ?? null;
}

/** The avatar at the address key `key` of the institution, or undefined (replaced, deleted, never). */
export async function findAvatarByKey(db: Q, tenantId: number, key: string): Promise<StoredAvatar | undefined> {
  const row = await db
    .selectFrom('reader_avatar')
    .select(['reader_id', 'url_key', 'version', 'etag', 'content_type', 'width', 'height', 'image', 'updated_at'])
    .where('tenant_id', '=', tenantId)
    .where('url_key', '=', key)
    .executeTakeFirst();
  if (!row) return undefined;
  const bytes = row.image;
  return {
    readerId: row.reader_id,
    key: row.url_key,
    version: row.version,
    etag: row.etag,
    contentType: row.content_type,
    width: row.width,
    height: row.height,
    // node-postgres answers a Buffer, PGlite (across its thread) a Uint8Array.
    image: Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    updatedAt: new Date(row.updated_at),
  };
}

/** Stores the reader's new avatar under a new address key (the old address answers 404 from now on). */
export async function saveAvatar(
  db: Q,
  tenantId: number,
  readerId: number,
  a: { key: string; etag: string; contentType: string; width: number; height: number; image: Buffer },
): Promise<number> {
  const row = await db
    .insertInto('reader_avatar')
    .values({
      reader_id: readerId,
      tenant_id: tenantId,
      url_key: a.key,
      etag: a.etag,
      content_type: a.contentType,
      width: a.width,
      height: a.height,
      image: a.image,
    })
    .onConflict((oc) =>
      oc
        .column('reader_id')
        .doUpdateSet((eb) => ({
          url_key: eb.ref('excluded.url_key'),
          etag: eb.ref('excluded.etag'),
          content_type: eb.ref('excluded.content_type'),
          width: eb.ref('excluded.width'),
          height: eb.ref('excluded.height'),
          image: eb.ref('excluded.image'),
          version: sql<number>`reader_avatar.version + 1`,
          updated_at: sql<Date>`now()`,
        }))
        // The reader's avatar is the reader's institution's; another's row is never overwritten.
        .where('reader_avatar.tenant_id', '=', tenantId),
    )
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version;
}

/** Deletes the reader's uploaded avatar; whether there was one. */
export async function deleteAvatar(db: Q, tenantId: number, readerId: number): Promise<boolean> {
  const r = await db
    .deleteFrom('reader_avatar')
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
