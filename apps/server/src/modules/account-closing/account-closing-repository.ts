import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type Q = Kysely<Database>;

/**
 * The SQL of self-service account closing: what keeps an account open, the reader's data for the
 * export, and the deletion and anonymisation of the closing. Every function is scoped by institution
 * and reader: another reader's rows are never read or changed here.
 */

/** The columns that name a reader in a table (the closing and the export find them all by these names). */
export const READER_COLUMNS = ['reader_id', 'user_id', 'holder_reader_id'] as const;

/** A table with a column that names a reader, and whether it has `tenant_id`, `id` and `record_id`. */
export interface ReaderColumn {
  table: string;
  column: string;
  hasTenant: boolean;
  hasId: boolean;
  hasRecord: boolean;
}

/** Every table of the schema with a column naming a reader (read from information_schema, both engines). */
export async function findReaderColumns(db: Q): Promise<ReaderColumn[]> {
  const has = (column: string) => sql<boolean>`EXISTS (SELECT 1 FROM information_schema.columns t
     WHERE t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.column_name = ${column})`;
  const { rows } = await sql<{
    table_name: string;
    column_name: string;
    has_tenant: boolean;
    has_id: boolean;
    has_record: boolean;
  }>`
    SELECT c.table_name, c.column_name, ${has('tenant_id')} AS has_tenant, ${has('id')} AS has_id,
           ${has('record_id')} AS has_record
      FROM information_schema.columns c
      JOIN information_schema.tables tb
        ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name AND tb.table_type = 'BASE TABLE'
     WHERE c.table_schema = current_schema()
       AND c.column_name IN (${sql.join(READER_COLUMNS.map((c) => sql.lit(c)))})
     ORDER BY c.table_name, c.column_name`.execute(db);
  return rows.map((r) => ({
    table: r.table_name,
    column: r.column_name,
    hasTenant: Boolean(r.has_tenant),
    hasId: Boolean(r.has_id),
    hasRecord: Boolean(r.has_record),
  }));
}

/** The reader's row for the closing, locked until the transaction ends (two closings at once: one waits). */
export async function lockReaderForClosing(
  db: Q,
  tenantId: number,
  readerId: number,
): Promise<{ closedAt: Date | null; depositCents: number; prepaymentCents: number } | undefined> {
  const row = await db
    .selectFrom('reader')
    .select(['closed_at', 'deposit_cents', 'prepayment_cents'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', readerId)
    .forUpdate()
    .executeTakeFirst();
  return row
    ? { closedAt: row.closed_at, depositCents: row.deposit_cents, prepaymentCents: row.prepayment_cents }
    : undefined;
}

/** The reader's open requests of OpenFind's own circulation by kind, and re-lend asks waiting on them as holder. */
export async function countOpenRequests(
  db: Q,
  tenantId: number,
  readerId: number,
): Promise<{ byType: Record<string, number>; asHolder: number }> {
  const [own, held] = await Promise.all([
    db
      .selectFrom('circ_request')
      .select(['request_type', sql<string>`count(*)`.as('n')])
      .where('tenant_id', '=', tenantId)
      .where('reader_id', '=', readerId)
      .where('status', 'in', ['waiting', 'ready', 'shipped'])
      .groupBy('request_type')
      .execute(),
    db
      .selectFrom('circ_request')
      .select(sql<string>`count(*)`.as('n'))
      .where('tenant_id', '=', tenantId)
      .where('holder_reader_id', '=', readerId)
      .where('request_type', '=', 'relend')
      .where('status', 'in', ['waiting', 'ready'])
      .executeTakeFirst(),
  ]);
  const byType: Record<string, number> = {};
  for (const r of own) byType[r.request_type] = Number(r.n);
  return { byType, asHolder: Number(held?.n ?? 0) };
}

/** The reader's donations the library has not decided yet (submitted or received). */
export async function countOpenDonations(db: Q, tenantId: number, readerId: number): Promise<number> {
  const row = await db
    .selectFrom('donation')
    .select(sql<string>`count(*)`.as('n'))
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('status', 'in', ['submitted', 'received'])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// ---- the export ---------------------------------------------------------------------------------

/** The reader's profile as the export gives it (no password hash, no token version). */
export async function findProfile(db: Q, tenantId: number, readerId: number) {
  return db
    .selectFrom('reader')
    .select([
      'account',
      'card_no',
      'name',
      'email',
      'email_verified',
      'phone',
      'phone_verified',
      'status',
      'department',
      'reader_type',
      'lib_code',
      'position',
      'grade',
      'class_name',
      'id_type',
      'id_number',
      'deposit_cents',
      'prepayment_cents',
      'transfer_lending',
      'borrow_password',
      'created_at',
      'last_login_at',
      'password_changed_at',
      sql<string | null>`to_char(valid_from, 'YYYY-MM-DD')`.as('valid_from'),
      sql<string | null>`to_char(valid_until, 'YYYY-MM-DD')`.as('valid_until'),
      sql<boolean>`EXISTS (SELECT 1 FROM reader_avatar a WHERE a.reader_id = reader.id)`.as('has_avatar'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', readerId)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
}

/** Columns never exported, whatever the table: hashes, tokens, keys of unguessable addresses, secrets. */
const SECRET = /hash|token|secret|password|_key$/;

/** Row limit of one section of an export (a reader with more has the newest rows of it). */
export const EXPORT_SECTION_LIMIT = 20_000;

/**
 * The reader's rows of `table` (all its columns but those in `omit`), newest first where the table
 * has an `id`; each row that names a record carries the record's title.
 */
export async function findReaderRows(
  db: Q,
  tenantId: number,
  readerId: number,
  t: ReaderColumn,
  omitted: readonly string[] = [],
): Promise<Record<string, unknown>[]> {
  const table = sql.table(t.table);
  const column = sql.ref(`r.${t.column}`);
  const tenantCheck = t.hasTenant ? sql`AND r.tenant_id = ${tenantId}` : sql``;
  const title = t.hasRecord
    ? sql`, (SELECT b.title FROM bib_record b WHERE b.record_id = r.record_id) AS record_title`
    : sql``;
  const order = t.hasId ? sql`ORDER BY r.id DESC` : sql``;
  const { rows } = await sql<Record<string, unknown>>`
    SELECT r.* ${title} FROM ${table} r
     WHERE ${column} = ${readerId} ${tenantCheck}
     ${order}
     LIMIT ${EXPORT_SECTION_LIMIT}`.execute(db);
  const omit = new Set(['tenant_id', ...omitted]);
  return rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !omit.has(k) && !SECRET.test(k))));
}

/** The books of the reader's donations. */
export async function findDonationItemsOf(db: Q, tenantId: number, readerId: number) {
  return db
    .selectFrom('donation_item as i')
    .innerJoin('donation as d', 'd.id', 'i.donation_id')
    .select(['i.donation_id', 'i.title', 'i.isbn', 'i.author', 'i.copies'])
    .where('d.tenant_id', '=', tenantId)
    .where('d.reader_id', '=', readerId)
    .orderBy('i.donation_id', 'desc')
    .execute();
}

/** The reader's inbox messages not deleted, with the text of the library notices they are copies of. */
export async function findInboxOf(db: Q, tenantId: number, readerId: number) {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT m.id, m.channel, m.created_at, m.read_at,
           coalesce(n.subject, m.subject) AS subject, coalesce(n.body, m.body) AS body
      FROM reader_inbox m LEFT JOIN library_notice n ON n.id = m.notice_id AND n.tenant_id = m.tenant_id
     WHERE m.tenant_id = ${tenantId} AND m.reader_id = ${readerId} AND m.deleted_at IS NULL
     ORDER BY m.id DESC
     LIMIT ${EXPORT_SECTION_LIMIT}`.execute(db);
  return rows;
}

// ---- the closing --------------------------------------------------------------------------------

/** An unusable password hash: verifying any password against it fails (it is no PHC string). */
const CLOSED_PASSWORD = '!closed';

/**
 * Empties the reader's personal fields, names the account `closed:<id>` (the old account name and
 * card number are free again), makes the password unusable and ends every session (token version
 * + 1). Reader type, library and department stay: the statistics count by them, and they name nobody.
 */
export async function anonymiseReader(db: Q, tenantId: number, readerId: number): Promise<Date> {
  const row = await db
    .updateTable('reader')
    .set({
      account: `closed:${readerId}`,
      card_no: '',
      name: '',
      email: '',
      email_verified: false,
      phone: '',
      phone_verified: false,
      avatar_url: '',
      password_hash: CLOSED_PASSWORD,
      must_change_password: false,
      position: '',
      grade: '',
      class_name: '',
      id_type: 'other',
      id_number: '',
      transfer_lending: false,
      borrow_password: false,
      token_version: sql`token_version + 1`,
      closed_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', readerId)
    .where('closed_at', 'is', null)
    .returning('closed_at')
    .executeTakeFirstOrThrow();
  return new Date(row.closed_at!);
}

/** Deletes the reader's rows of a table (one with `tenant_id`: of the institution only). */
export async function deleteReaderRows(db: Q, tenantId: number, readerId: number, t: ReaderColumn): Promise<number> {
  const tenantCheck = t.hasTenant ? sql`AND tenant_id = ${tenantId}` : sql``;
  const result =
    await sql`DELETE FROM ${sql.table(t.table)} WHERE ${sql.ref(t.column)} = ${readerId} ${tenantCheck}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Sets the reader's column of a table to null (re-lend asks they were asked to answer). */
export async function clearReaderColumn(db: Q, tenantId: number, readerId: number, t: ReaderColumn): Promise<void> {
  const tenantCheck = t.hasTenant ? sql`AND tenant_id = ${tenantId}` : sql``;
  await sql`UPDATE ${sql.table(t.table)} SET ${sql.ref(t.column)} = NULL WHERE ${sql.ref(t.column)} = ${readerId} ${tenantCheck}`.execute(
    db,
  );
}

/** Empties the address and phone the reader's home deliveries were sent to (the requests stay, for statistics). */
export async function anonymiseDeliveries(db: Q, tenantId: number, readerId: number): Promise<void> {
  await db
    .updateTable('circ_request')
    .set({ delivery_recipient: '', delivery_phone: '', delivery_address: '', delivery_postcode: '' })
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('delivery_address', 'is not', null)
    .execute();
}

/**
 * Donations stay (the library's acquisitions; an accepted one stays on the donors list), anonymous,
 * without note or contact ('-' in the e-mail: the table requires one contact).
 */
export async function anonymiseDonations(db: Q, tenantId: number, readerId: number): Promise<void> {
  await db
    .updateTable('donation')
    .set({ donor_name: '', anonymous: true, contact_phone: '', contact_email: '-', note: '' })
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .execute();
}

/** Suggestions stay (the library's acquisitions), without the reader's note. */
export async function anonymiseRecommendations(db: Q, tenantId: number, readerId: number): Promise<void> {
  await db
    .updateTable('recommendation')
    .set({ note: '' })
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .execute();
}
