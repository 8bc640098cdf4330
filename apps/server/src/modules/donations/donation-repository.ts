import { sql, type Kysely } from 'kysely';
import type { DonationDelivery, DonationStatus } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { findPage } from '../../lib/paged-query.js';

/**
 * Book donations and their books. Every function is scoped by institution, and a reader's by reader
 * too: an id of another reader's (or another institution's) donation names nothing here.
 */

/** A donation as read (timestamps as ISO text), with its reader for staff. */
export interface DonationRow {
  id: number;
  reader_id: number;
  donor_name: string;
  anonymous: boolean;
  contact_phone: string;
  contact_email: string;
  delivery: DonationDelivery;
  note: string;
  status: DonationStatus;
  reply: string;
  copies: number;
  version: number;
  handled_by: string | null;
  created_at: string;
  updated_at: string;
  received_at: string | null;
  decided_at: string | null;
  account: string;
  reader_name: string;
}

export interface ItemRow {
  donation_id: number;
  title: string;
  isbn: string;
  author: string;
  copies: number;
}

const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The SELECT of donations with their readers (`d`, `r`), the filters after WHERE's tenant. */
function selectDonations(tenantId: number, where: ReturnType<typeof sql>) {
  return sql`
    SELECT d.id, d.reader_id, d.donor_name, d.anonymous, d.contact_phone, d.contact_email, d.delivery,
           d.note, d.status, d.reply, d.copies, d.version, d.handled_by,
           ${iso('d.created_at')} AS created_at, ${iso('d.updated_at')} AS updated_at,
           ${iso('d.received_at')} AS received_at, ${iso('d.decided_at')} AS decided_at,
           r.account, r.name AS reader_name
    FROM donation d JOIN reader r ON r.id = d.reader_id AND r.tenant_id = d.tenant_id
    WHERE d.tenant_id = ${tenantId} ${where}`;
}

/**
 * Locks the reader's row for the rest of the transaction (two offers of one reader at once count
 * their open donations one after the other); the reader, or undefined.
 */
export function lockDonor(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
): Promise<{ id: number; name: string } | undefined> {
  return db
    .selectFrom('reader')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', readerId)
    .forUpdate()
    .executeTakeFirst();
}

/** The reader's donations waiting for staff (submitted or received). */
export async function countOpenDonations(db: Kysely<Database>, tenantId: number, readerId: number): Promise<number> {
  const row = await db
    .selectFrom('donation')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('status', 'in', ['submitted', 'received'])
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The reader's donation made with the form's token `key`, if any. */
export async function findDonationIdByKey(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  key: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('donation')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('submit_key', '=', key)
    .executeTakeFirst();
  return row?.id;
}

export interface NewDonation {
  tenantId: number;
  readerId: number;
  donorName: string;
  anonymous: boolean;
  contactPhone: string;
  contactEmail: string;
  delivery: DonationDelivery;
  note: string;
  submitKey: string | null;
  items: { title: string; isbn: string; author: string; copies: number }[];
}

/** Stores a donation and its books; its id. */
export async function insertDonation(db: Kysely<Database>, d: NewDonation): Promise<number> {
  const { id } = await db
    .insertInto('donation')
    .values({
      tenant_id: d.tenantId,
      reader_id: d.readerId,
      donor_name: d.anonymous ? '' : d.donorName,
      anonymous: d.anonymous,
      contact_phone: d.contactPhone,
      contact_email: d.contactEmail,
      delivery: d.delivery,
      note: d.note,
      submit_key: d.submitKey,
      copies: d.items.reduce((n, i) => n + i.copies, 0),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('donation_item')
    .values(d.items.map((i, n) => ({ donation_id: id, seq: n + 1, tenant_id: d.tenantId, ...i })))
    .execute();
  return id;
}

/** The books of the donations named, in each donation's order. */
export async function findDonationItems(
  db: Kysely<Database>,
  tenantId: number,
  donationIds: number[],
): Promise<Map<number, ItemRow[]>> {
  const byDonation = new Map<number, ItemRow[]>();
  if (!donationIds.length) return byDonation;
  const rows = await db
    .selectFrom('donation_item')
    .select(['donation_id', 'title', 'isbn', 'author', 'copies'])
    .where('tenant_id', '=', tenantId)
    .where('donation_id', 'in', donationIds)
    .orderBy('donation_id')
    .orderBy('seq')
    .execute();
  for (const r of rows) {
    const list = byDonation.get(r.donation_id) ?? [];
    list.push(r);
    byDonation.set(r.donation_id, list);
  }
  return byDonation;
}

/** One donation of the institution (of `readerId` only, when given). */
export async function findDonation(
  db: Kysely<Database>,
  tenantId: number,
  donationId: number,
  readerId?: number,
): Promise<DonationRow | undefined> {
  const reader = readerId === undefined ? sql`` : sql`AND d.reader_id = ${readerId}`;
  const { rows } =
    await sql<DonationRow>`${selectDonations(tenantId, sql`AND d.id = ${donationId} ${reader}`)}`.execute(db);
  return rows[0];
}

/** A page of the reader's donations, newest first. */
export function findReaderDonations(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  offset: number,
  rows: number,
): Promise<{ total: number; rows: DonationRow[] }> {
  return findPage<DonationRow>(
    db,
    selectDonations(tenantId, sql`AND d.reader_id = ${readerId}`),
    sql`id DESC`,
    offset,
    rows,
  );
}

/** Withdraws the reader's donation while it is submitted; whether it was. */
export async function cancelDonation(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  donationId: number,
): Promise<boolean> {
  const r = await db
    .updateTable('donation')
    .set({ status: 'cancelled', version: sql`version + 1`, updated_at: sql`now()`, decided_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('id', '=', donationId)
    .where('status', '=', 'submitted')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The staff filter: a state, words (lower case) of a title, ISBN, name, contact or account. */
function staffFilter(q: { status?: DonationStatus | undefined; text: string }) {
  const status = q.status ? sql`AND d.status = ${q.status}` : sql``;
  const text = q.text
    ? sql`AND (strpos(lower(d.donor_name), ${q.text}) > 0 OR strpos(lower(r.name), ${q.text}) > 0
           OR strpos(lower(r.account), ${q.text}) > 0 OR strpos(lower(d.contact_phone), ${q.text}) > 0
           OR strpos(lower(d.contact_email), ${q.text}) > 0
           OR EXISTS (SELECT 1 FROM donation_item i WHERE i.donation_id = d.id AND i.tenant_id = d.tenant_id
                      AND (strpos(lower(i.title), ${q.text}) > 0 OR strpos(lower(i.isbn), ${q.text}) > 0)))`
    : sql``;
  return sql`${status} ${text}`;
}

/** A page of the institution's donations: those waiting first (oldest first), then the rest, newest first. */
export function findDonationQueue(
  db: Kysely<Database>,
  tenantId: number,
  q: { status?: DonationStatus | undefined; text: string; offset: number; rows: number },
): Promise<{ total: number; rows: DonationRow[] }> {
  return findPage<DonationRow>(
    db,
    selectDonations(tenantId, staffFilter(q)),
    sql`(status IN ('submitted', 'received')) DESC,
        CASE WHEN status IN ('submitted', 'received') THEN id END ASC, id DESC`,
    q.offset,
    q.rows,
  );
}

/** The institution's donations in each state. */
export async function countDonationsByStatus(
  db: Kysely<Database>,
  tenantId: number,
): Promise<Partial<Record<DonationStatus, number>>> {
  const rows = await db
    .selectFrom('donation')
    .select(['status', sql<number>`count(*)::int`.as('n')])
    .where('tenant_id', '=', tenantId)
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/**
 * Moves a donation of the institution to `to`, if it is still at `version` and in one of the states
 * `from`; what it was before, or undefined when it was not.
 */
export async function decideDonation(
  db: Kysely<Database>,
  tenantId: number,
  d: { id: number; version: number; from: readonly DonationStatus[]; to: DonationStatus; reply: string; by: string },
): Promise<{ status: DonationStatus; reply: string } | undefined> {
  const before = await db
    .selectFrom('donation')
    .select(['status', 'reply'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', d.id)
    .where('version', '=', d.version)
    .where('status', 'in', [...d.from])
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  const r = await db
    .updateTable('donation')
    .set({
      status: d.to,
      // A reply given replaces the last; none keeps it (marking received says nothing new).
      ...(d.reply ? { reply: d.reply } : {}),
      version: sql`version + 1`,
      handled_by: d.by,
      updated_at: sql`now()`,
      ...(d.to === 'received' ? { received_at: sql`now()` } : { decided_at: sql`now()` }),
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', d.id)
    .where('version', '=', d.version)
    .where('status', 'in', [...d.from])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0 ? before : undefined;
}

/** The states of the institution's donations named (those that exist). */
export function findDonationStates(
  db: Kysely<Database>,
  tenantId: number,
  ids: number[],
): Promise<{ id: number; status: DonationStatus; handled_by: string | null }[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('donation')
    .select(['id', 'status', 'handled_by'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}

export interface DonorRow {
  id: number;
  donor_name: string;
  anonymous: boolean;
  copies: number;
  date: string;
  titles: string[];
}

/** A page of the donors list: the institution's accepted donations, newest first, with their titles. */
export function findDonors(
  db: Kysely<Database>,
  tenantId: number,
  offset: number,
  rows: number,
): Promise<{ total: number; rows: DonorRow[] }> {
  const select = sql`
    SELECT d.id, d.donor_name, d.anonymous, d.copies, d.decided_at,
           to_char(d.decided_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS date,
           ARRAY(SELECT i.title FROM donation_item i WHERE i.donation_id = d.id AND i.tenant_id = d.tenant_id
                 ORDER BY i.seq) AS titles
    FROM donation d
    WHERE d.tenant_id = ${tenantId} AND d.status = 'accepted'`;
  return findPage<DonorRow>(db, select, sql`decided_at DESC, id DESC`, offset, rows);
}

export interface ExportRow extends ItemRow {
  id: number;
  status: DonationStatus;
  created_at: string;
  decided_at: string | null;
  account: string;
  reader_name: string;
  donor_name: string;
  anonymous: boolean;
  contact_phone: string;
  contact_email: string;
  delivery: DonationDelivery;
  reply: string;
}

/** The filtered donations one row per book, newest first, at most `limit` rows. */
export async function findDonationExport(
  db: Kysely<Database>,
  tenantId: number,
  q: { status?: DonationStatus | undefined; text: string },
  limit: number,
): Promise<ExportRow[]> {
  const { rows } = await sql<ExportRow>`
    SELECT d.id, d.status, ${iso('d.created_at')} AS created_at, ${iso('d.decided_at')} AS decided_at,
           r.account, r.name AS reader_name, d.donor_name, d.anonymous, d.contact_phone, d.contact_email,
           d.delivery, d.reply, i.donation_id, i.title, i.isbn, i.author, i.copies
    FROM donation d
    JOIN reader r ON r.id = d.reader_id AND r.tenant_id = d.tenant_id
    JOIN donation_item i ON i.donation_id = d.id AND i.tenant_id = d.tenant_id
    WHERE d.tenant_id = ${tenantId} ${staffFilter(q)}
    ORDER BY d.id DESC, i.seq
    LIMIT ${limit}`.execute(db);
  return rows;
}

export interface NewsRow {
  id: number;
  title: string;
  title_en: string;
  content: string;
  content_en: string;
  donor_name: string;
  copies: number;
  remark: string;
  publish_time: string;
}

/** One published donation news item of the institution. */
export async function findPublishedNews(
  db: Kysely<Database>,
  tenantId: number,
  id: number,
): Promise<NewsRow | undefined> {
  const { rows } = await sql<NewsRow>`
    SELECT id, title, title_en, content, content_en, donor_name, copies, remark,
           to_char(published_on, 'YYYY-MM-DD') AS publish_time
    FROM donate_news
    WHERE tenant_id = ${tenantId} AND id = ${id} AND published AND published_on <= current_date`.execute(db);
  return rows[0];
}
