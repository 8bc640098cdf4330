import { sql, type Kysely, type Selectable } from 'kysely';
import type { DocDeliveryStatus } from '@openfind/contract';
import type { Database, DocDeliveryRequestTable } from '../../db/schema.js';

/**
 * Document delivery: an institution's service settings and its readers' requests. Every function is
 * scoped by institution (the sender's by request id, which it got from the queue); the reader's
 * functions by reader too, so an id of another reader's names nothing there.
 */

export type DocRequestRow = Selectable<DocDeliveryRequestTable>;
export type AdminDocRequestRow = DocRequestRow & { account: string | null; reader_name: string };

export interface DocSettingsRow {
  enabled: boolean;
  login_url: string;
  service_url: string;
  secret: string;
  updated_at: Date;
  updated_by: string | null;
}

/** The request form as stored (ISSN as NNNN-NNNX, ISBN as 13 digits). */
export interface DocRequestValues {
  publication_name: string;
  article_title: string;
  author: string;
  volume_issue: string;
  edition: string;
  place: string;
  publisher: string;
  year: string;
  issn: string;
  isbn: string;
  pages: string;
  doi: string;
  remarks: string;
}

export function findDocSettings(db: Kysely<Database>, tenantId: number): Promise<DocSettingsRow | undefined> {
  return db
    .selectFrom('doc_delivery_setting')
    .select(['enabled', 'login_url', 'service_url', 'secret', 'updated_at', 'updated_by'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

export async function saveDocSettings(
  db: Kysely<Database>,
  tenantId: number,
  s: { enabled: boolean; loginUrl: string; serviceUrl: string; secret: string; by: string },
): Promise<void> {
  const values = {
    enabled: s.enabled,
    login_url: s.loginUrl,
    service_url: s.serviceUrl,
    secret: s.secret,
    updated_by: s.by,
  };
  await db
    .insertInto('doc_delivery_setting')
    .values({ tenant_id: tenantId, ...values })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ ...values, updated_at: sql`now()` }))
    .execute();
}

/** The reader's account, name and contacts (what the service needs to deliver), the row locked when asked. */
export function findRequester(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  lock = false,
): Promise<{ account: string; name: string; email: string; phone: string } | undefined> {
  const q = db
    .selectFrom('reader')
    .select(['account', 'name', 'email', 'phone'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', readerId);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

/** The reader's requests made since `since` (withdrawn ones count too). */
export async function countDocRequestsSince(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('doc_delivery_request')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function findDocRequestIdByKey(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  submitKey: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('doc_delivery_request')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('submit_key', '=', submitKey)
    .executeTakeFirst();
  return row?.id;
}

export async function insertDocRequest(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  v: DocRequestValues,
  submitKey: string | null,
): Promise<number> {
  const row = await db
    .insertInto('doc_delivery_request')
    .values({ tenant_id: tenantId, reader_id: readerId, ...v, submit_key: submitKey })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One request of the institution (of the reader when `readerId` is given). */
export function findDocRequest(
  db: Kysely<Database>,
  tenantId: number,
  id: number,
  readerId?: number,
): Promise<DocRequestRow | undefined> {
  let q = db.selectFrom('doc_delivery_request').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id);
  if (readerId !== undefined) q = q.where('reader_id', '=', readerId);
  return q.executeTakeFirst();
}

export async function findReaderDocRequests(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  offset: number,
  limit: number,
): Promise<{ total: number; rows: DocRequestRow[] }> {
  const base = db
    .selectFrom('doc_delivery_request')
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId);
  const [count, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
  ]);
  return { total: count.n, rows };
}

/** Withdraws the reader's request while the service has not taken it: true when it was withdrawn. */
export async function cancelDocRequest(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  id: number,
): Promise<boolean> {
  const res = await db
    .updateTable('doc_delivery_request')
    .set({ status: 'cancelled', updated_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'failed'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The institution's requests (or the one of `id`), filtered, newest first, with their readers. */
export async function findAdminDocRequests(
  db: Kysely<Database>,
  tenantId: number,
  f: { status: DocDeliveryStatus | ''; q: string; id?: number },
  offset: number,
  limit: number,
): Promise<{ total: number; rows: AdminDocRequestRow[] }> {
  let base = db
    .selectFrom('doc_delivery_request as d')
    .leftJoin('reader as r', (j) => j.onRef('r.id', '=', 'd.reader_id').onRef('r.tenant_id', '=', 'd.tenant_id'))
    .where('d.tenant_id', '=', tenantId);
  if (f.id !== undefined) base = base.where('d.id', '=', f.id);
  if (f.status) base = base.where('d.status', '=', f.status);
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb('d.publication_name', 'ilike', like),
        eb('d.article_title', 'ilike', like),
        eb('d.doi', 'ilike', like),
        eb('r.account', 'ilike', like),
        eb('r.name', 'ilike', like),
      ]),
    );
  }
  const [count, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll('d')
      .select(['r.account as account', sql<string>`coalesce(r.name, '')`.as('reader_name')])
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
  ]);
  return { total: count.n, rows };
}

export async function countDocRequestsByStatus(
  db: Kysely<Database>,
  tenantId: number,
): Promise<Partial<Record<DocDeliveryStatus, number>>> {
  const rows = await db
    .selectFrom('doc_delivery_request')
    .select(['status', sql<number>`count(*)::int`.as('n')])
    .where('tenant_id', '=', tenantId)
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** A failed request queued again, its tries counted afresh: true when it was failed. */
export async function requeueDocRequest(db: Kysely<Database>, tenantId: number, id: number): Promise<boolean> {
  const res = await db
    .updateTable('doc_delivery_request')
    .set({ status: 'queued', attempts: 0, next_attempt_at: sql`now()`, updated_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The ids of queued requests due to be tried, oldest due first (every institution). */
export async function findDueDocRequests(db: Kysely<Database>, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('doc_delivery_request')
    .select('id')
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', sql<Date>`now()`)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Claims a queued request that is due for one try: its next try moves `leaseSeconds` on and its
 * tries are counted, in one statement, so two senders (two processes, the sweep and a save) never
 * send it at once. Undefined when it is not queued or not due (someone else has it).
 */
export async function claimDocRequest(
  db: Kysely<Database>,
  id: number,
  leaseSeconds: number,
): Promise<DocRequestRow | undefined> {
  return db
    .updateTable('doc_delivery_request')
    .set({
      attempts: sql`attempts + 1`,
      next_attempt_at: sql`now() + make_interval(secs => ${leaseSeconds})`,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', sql<Date>`now()`)
    .returningAll()
    .executeTakeFirst();
}

/** The service took the request (even if the reader withdrew it meanwhile: the service has it). */
export async function markDocSent(db: Kysely<Database>, id: number, remoteId: string): Promise<void> {
  await db
    .updateTable('doc_delivery_request')
    .set({ status: 'sent', remote_id: remoteId, sent_at: sql`now()`, last_error: '', updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'cancelled'])
    .execute();
}

/** A try failed: tried again after `retryInSeconds`, or failed for good when that is null. */
export async function markDocTryFailed(
  db: Kysely<Database>,
  id: number,
  error: string,
  retryInSeconds: number | null,
): Promise<void> {
  await db
    .updateTable('doc_delivery_request')
    .set(
      retryInSeconds === null
        ? { status: 'failed', last_error: error.slice(0, 500), updated_at: sql`now()` }
        : {
            last_error: error.slice(0, 500),
            next_attempt_at: sql`now() + make_interval(secs => ${retryInSeconds})`,
            updated_at: sql`now()`,
          },
    )
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .execute();
}
