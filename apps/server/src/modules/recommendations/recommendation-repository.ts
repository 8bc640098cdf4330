import { sql, type Kysely, type Selectable } from 'kysely';
import type { RecommendKind, RecommendStatus } from '@openfind/contract';
import type { Database, RecommendationTable } from '../../db/schema.js';

/**
 * Resource recommendations. Every function is scoped by institution; the reader's functions by
 * reader too, so an id of another reader's names nothing there.
 */

export type RecommendationRow = Selectable<RecommendationTable>;
/** A row with whether the catalogue holds it now (a record with its ISBN, or the one staff named). */
export type ListedRow = RecommendationRow & { held_record_id: number | null };
export type AdminRow = ListedRow & { account: string | null; reader_name: string };

/** The fields a reader fills in, as stored. */
export interface RecommendationValues {
  kind: RecommendKind;
  title: string;
  isbn: string;
  author: string;
  publisher: string;
  publishYear: string;
  price: string;
  reason: string;
  note: string;
  language: string;
  frequency: string;
  resourceName: string;
  subject: string;
  docTypes: string;
  url: string;
  matchKey: string;
}

/** A held record: the one staff named, else a record with the ISBN that readers see. */
const heldRecordId = sql<number | null>`coalesce(r.record_id, (
  SELECT b.record_id FROM bib_record b
  WHERE b.tenant_id = r.tenant_id AND r.isbn <> '' AND b.isbns @> ARRAY[r.isbn]::text[] AND NOT b.suppressed
  ORDER BY b.record_id LIMIT 1))`;

/** The institution's settings, or undefined when it never changed them. */
export function findSettings(
  db: Kysely<Database>,
  tenantId: number,
): Promise<{ allow: boolean; daily_quota: number } | undefined> {
  return db
    .selectFrom('recommendation_setting')
    .select(['allow', 'daily_quota'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

export async function saveSettings(
  db: Kysely<Database>,
  tenantId: number,
  s: { allow: boolean; dailyQuota: number },
): Promise<void> {
  await db
    .insertInto('recommendation_setting')
    .values({ tenant_id: tenantId, allow: s.allow, daily_quota: s.dailyQuota })
    .onConflict((oc) =>
      oc.column('tenant_id').doUpdateSet({ allow: s.allow, daily_quota: s.dailyQuota, updated_at: sql`now()` }),
    )
    .execute();
}

/** The reader's status and contacts, their row locked for the rest of the transaction (one save at a time). */
export function lockReader(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  lock = true,
): Promise<{ status: 'normal' | 'lost' | 'frozen'; email_verified: boolean; phone_verified: boolean } | undefined> {
  const q = db
    .selectFrom('reader')
    .select(['status', 'email_verified', 'phone_verified'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', readerId);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

/** The reader's recommendations made since `since` (the quota counts cancelled ones too). */
export async function countSince(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('recommendation')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The reader's open recommendation with this match key, if any. */
export async function findOpen(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  matchKey: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('recommendation')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('match_key', '=', matchKey)
    .where('status', 'in', ['unprocessed', 'processing', 'ordered'])
    .executeTakeFirst();
  return row?.id;
}

export function insertRecommendation(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  v: RecommendationValues,
): Promise<RecommendationRow> {
  return db
    .insertInto('recommendation')
    .values({
      tenant_id: tenantId,
      reader_id: readerId,
      kind: v.kind,
      title: v.title,
      isbn: v.isbn,
      author: v.author,
      publisher: v.publisher,
      publish_year: v.publishYear,
      price: v.price,
      reason: v.reason,
      note: v.note,
      language: v.language,
      frequency: v.frequency,
      resource_name: v.resourceName,
      subject: v.subject,
      doc_types: v.docTypes,
      url: v.url,
      match_key: v.matchKey,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Records of the catalogue readers see with this ISBN (13 digits), or else this title exactly (any case). */
export function findHeldRecords(
  db: Kysely<Database>,
  tenantId: number,
  isbn: string,
  title: string,
): Promise<
  Array<{ record_id: number; title: string; author: string; publisher: string | null; publish_year: string | null }>
> {
  return db
    .selectFrom('bib_record as b')
    .select(['b.record_id', 'b.title', 'b.author', 'b.publisher', 'b.publish_year'])
    .where('b.tenant_id', '=', tenantId)
    .where('b.suppressed', '=', false)
    .where((eb) =>
      eb.or([
        ...(isbn ? [eb(sql`b.isbns`, '@>', sql`ARRAY[${isbn}]::text[]`)] : []),
        ...(title ? [eb(sql`lower(b.title)`, '=', title.toLowerCase())] : []),
      ]),
    )
    .orderBy(isbn ? sql`(b.isbns @> ARRAY[${isbn}]::text[])` : sql`1`, 'desc')
    .orderBy('b.record_id')
    .limit(5)
    .execute();
}

/** Whether the institution has this record (for a shelved recommendation). */
export async function recordExists(db: Kysely<Database>, tenantId: number, recordId: number): Promise<boolean> {
  const row = await db
    .selectFrom('bib_record')
    .select('record_id')
    .where('tenant_id', '=', tenantId)
    .where('record_id', '=', recordId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Filters of a list: the reader's own, or the staff's. */
export interface ListFilter {
  readerId?: number;
  status: RecommendStatus | 'all';
  kind?: RecommendKind | '';
  /** Only these kinds (the electronic resources' own list: journals and e-resources). */
  kinds?: readonly RecommendKind[];
  from?: string;
  to?: string;
  text?: string;
  offset: number;
  rows: number;
  /** Oldest first (the staff queue), else newest first. */
  oldestFirst?: boolean;
}

function filtered(db: Kysely<Database>, tenantId: number, f: Omit<ListFilter, 'status' | 'offset' | 'rows'>) {
  let q = db
    .selectFrom('recommendation as r')
    .leftJoin('reader as p', (j) => j.onRef('p.id', '=', 'r.reader_id').onRef('p.tenant_id', '=', 'r.tenant_id'))
    .where('r.tenant_id', '=', tenantId);
  if (f.readerId !== undefined) q = q.where('r.reader_id', '=', f.readerId);
  if (f.kind) q = q.where('r.kind', '=', f.kind);
  if (f.kinds) q = q.where('r.kind', 'in', [...f.kinds]);
  // Days of the institution (China time, as the quota's day).
  if (f.from) q = q.where('r.created_at', '>=', sql<Date>`(${f.from}::date)::timestamp AT TIME ZONE 'Asia/Shanghai'`);
  if (f.to) q = q.where('r.created_at', '<', sql<Date>`(${f.to}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai'`);
  if (f.text) {
    const like = `%${f.text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(r.title)`, 'like', like),
        eb('r.isbn', 'like', like),
        eb(sql`lower(r.author)`, 'like', like),
        eb(sql`lower(r.publisher)`, 'like', like),
        eb(sql`lower(r.resource_name)`, 'like', like),
        eb(sql`lower(p.account)`, 'like', like),
        eb(sql`lower(p.name)`, 'like', like),
      ]),
    );
  }
  return q;
}

/** A page of recommendations, with the total and the count of each state under the same filter. */
export async function findPage(
  db: Kysely<Database>,
  tenantId: number,
  f: ListFilter,
): Promise<{ rows: AdminRow[]; total: number; counts: Map<string, number> }> {
  const base = filtered(db, tenantId, f);
  const [countRows, rows] = await Promise.all([
    base
      .select(['r.status', sql<number>`count(*)::int`.as('n')])
      .groupBy('r.status')
      .execute(),
    (f.status === 'all' ? base : base.where('r.status', '=', f.status))
      .selectAll('r')
      .select(['p.account', sql<string>`coalesce(p.name, '')`.as('reader_name'), heldRecordId.as('held_record_id')])
      .orderBy('r.created_at', f.oldestFirst ? 'asc' : 'desc')
      .orderBy('r.id', f.oldestFirst ? 'asc' : 'desc')
      .offset(f.offset)
      .limit(f.rows)
      .execute(),
  ]);
  const counts = new Map(countRows.map((c) => [c.status as string, c.n]));
  const total = f.status === 'all' ? [...counts.values()].reduce((a, b) => a + b, 0) : (counts.get(f.status) ?? 0);
  return { rows: rows as AdminRow[], total, counts };
}

/** One recommendation (of the reader's, when `readerId` is given). */
export async function findOne(
  db: Kysely<Database>,
  tenantId: number,
  id: number,
  readerId?: number,
): Promise<AdminRow | undefined> {
  const q = filtered(db, tenantId, { readerId }).where('r.id', '=', id);
  return (await q
    .selectAll('r')
    .select(['p.account', sql<string>`coalesce(p.name, '')`.as('reader_name'), heldRecordId.as('held_record_id')])
    .executeTakeFirst()) as AdminRow | undefined;
}

/** Cancels the reader's recommendation if it is still unprocessed; the row, or undefined. */
export function cancelUnprocessed(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  id: number,
  /** Only one of these kinds (the electronic resources' call cancels journals and e-resources only). */
  kinds: readonly RecommendKind[],
): Promise<RecommendationRow | undefined> {
  return db
    .updateTable('recommendation')
    .set({ status: 'cancelled', version: sql`version + 1`, updated_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('id', '=', id)
    .where('kind', 'in', [...kinds])
    .where('status', '=', 'unprocessed')
    .returningAll()
    .executeTakeFirst();
}

/**
 * Moves one recommendation to `to` if it is still at `version` and in one of `from`: the row before
 * the change (its state, reply) and after, or undefined when it changed meanwhile or cannot go there.
 */
export async function decideOne(
  db: Kysely<Database>,
  tenantId: number,
  d: {
    id: number;
    version: number;
    from: readonly RecommendStatus[];
    to: RecommendStatus;
    reply: string | null;
    recordId: number | null;
    by: string;
  },
): Promise<{ before: RecommendationRow; after: RecommendationRow } | undefined> {
  const before = await db
    .selectFrom('recommendation')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', d.id)
    .forUpdate()
    .executeTakeFirst();
  if (!before || before.version !== d.version || !d.from.includes(before.status)) return undefined;
  const after = await db
    .updateTable('recommendation')
    .set({
      status: d.to,
      ...(d.reply !== null ? { reply: d.reply } : {}),
      ...(d.recordId !== null ? { record_id: d.recordId } : {}),
      version: sql`version + 1`,
      decided_by: d.by,
      decided_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', d.id)
    .where('version', '=', d.version)
    .returningAll()
    .executeTakeFirst();
  return after ? { before, after } : undefined;
}

/** The state and version of these recommendations of the institution. */
export function findStates(
  db: Kysely<Database>,
  tenantId: number,
  ids: number[],
): Promise<Array<{ id: number; status: RecommendStatus; version: number }>> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('recommendation')
    .select(['id', 'status', 'version'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
}
