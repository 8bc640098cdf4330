import { sql, type Kysely } from 'kysely';
import type { Lang, SubscriptionFrequency, SubscriptionKind } from '@openfind/contract';
import type { Database } from '../../db/schema.js';

// Subscriptions (migration 0047): raw SQL over `subscription`, every statement scoped by tenant (and
// by reader for the reader's calls).

type Db = Kysely<Database>;

export interface SubscriptionRow {
  id: number;
  tenantId: number;
  readerId: number;
  kind: SubscriptionKind;
  title: string;
  queryText: string;
  /** The search request (JSON) the job runs. */
  query: string;
  queryKey: string;
  frequency: SubscriptionFrequency;
  byEmail: boolean;
  byInbox: boolean;
  paused: boolean;
  lang: Lang;
  siteUrl: string;
  inboxUpTo: Date;
  mailUpTo: Date;
  lastSentAt: Date | null;
  lastCount: number;
  version: number;
  createdAt: Date;
}

const COLUMNS = sql`id::int AS id, tenant_id, reader_id, kind, title, query_text, query, query_key, frequency,
  by_email, by_inbox, paused, lang, site_url, inbox_up_to, mail_up_to, last_sent_at, last_count, version, created_at`;

interface RawRow {
  id: number;
  tenant_id: number;
  reader_id: number;
  kind: SubscriptionKind;
  title: string;
  query_text: string;
  query: string;
  query_key: string;
  frequency: SubscriptionFrequency;
  by_email: boolean;
  by_inbox: boolean;
  paused: boolean;
  lang: Lang;
  site_url: string;
  inbox_up_to: Date | string;
  mail_up_to: Date | string;
  last_sent_at: Date | string | null;
  last_count: number;
  version: number;
  created_at: Date | string;
}

const date = (v: Date | string) => (v instanceof Date ? v : new Date(v));

function toRow(r: RawRow): SubscriptionRow {
  return {
    id: Number(r.id),
    tenantId: r.tenant_id,
    readerId: r.reader_id,
    kind: r.kind,
    title: r.title,
    queryText: r.query_text,
    query: r.query,
    queryKey: r.query_key,
    frequency: r.frequency,
    byEmail: r.by_email,
    byInbox: r.by_inbox,
    paused: r.paused,
    lang: r.lang,
    siteUrl: r.site_url,
    inboxUpTo: date(r.inbox_up_to),
    mailUpTo: date(r.mail_up_to),
    lastSentAt: r.last_sent_at === null ? null : date(r.last_sent_at),
    lastCount: r.last_count,
    version: r.version,
    createdAt: date(r.created_at),
  };
}

/** A reader's subscriptions, newest first. */
export async function findReaderSubscriptions(db: Db, tenantId: number, readerId: number): Promise<SubscriptionRow[]> {
  const { rows } = await sql<RawRow>`SELECT ${COLUMNS} FROM subscription
    WHERE tenant_id = ${tenantId} AND reader_id = ${readerId} ORDER BY id DESC`.execute(db);
  return rows.map(toRow);
}

/** One subscription of a reader (or of anyone in the institution when `readerId` is null). */
export async function findSubscription(
  db: Db,
  tenantId: number | null,
  readerId: number | null,
  id: number,
  lock = false,
): Promise<SubscriptionRow | undefined> {
  const { rows } = await sql<RawRow>`SELECT ${COLUMNS} FROM subscription
    WHERE id = ${id}
      ${tenantId === null ? sql`` : sql`AND tenant_id = ${tenantId}`}
      ${readerId === null ? sql`` : sql`AND reader_id = ${readerId}`}
    ${lock ? sql`FOR UPDATE` : sql``}`.execute(db);
  return rows[0] && toRow(rows[0]);
}

/** How many subscriptions a reader has (their rows locked first: two adds at once count one after the other). */
export async function countReaderSubscriptions(db: Db, tenantId: number, readerId: number): Promise<number> {
  await sql`SELECT id FROM reader WHERE id = ${readerId} AND tenant_id = ${tenantId} FOR UPDATE`.execute(db);
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM subscription
    WHERE tenant_id = ${tenantId} AND reader_id = ${readerId}`.execute(db);
  return rows[0]?.n ?? 0;
}

/** Adds a subscription; undefined when the reader follows the same search already. */
export async function insertSubscription(
  db: Db,
  s: Pick<
    SubscriptionRow,
    | 'tenantId'
    | 'readerId'
    | 'kind'
    | 'title'
    | 'queryText'
    | 'query'
    | 'queryKey'
    | 'frequency'
    | 'byEmail'
    | 'byInbox'
    | 'lang'
    | 'siteUrl'
  >,
): Promise<SubscriptionRow | undefined> {
  const { rows } = await sql<RawRow>`
    INSERT INTO subscription (tenant_id, reader_id, kind, title, query_text, query, query_key, frequency,
      by_email, by_inbox, lang, site_url)
    VALUES (${s.tenantId}, ${s.readerId}, ${s.kind}, ${s.title}, ${s.queryText}, ${s.query}, ${s.queryKey},
      ${s.frequency}, ${s.byEmail}, ${s.byInbox}, ${s.lang}, ${s.siteUrl})
    ON CONFLICT (tenant_id, reader_id, query_key) DO NOTHING
    RETURNING ${COLUMNS}`.execute(db);
  return rows[0] && toRow(rows[0]);
}

/**
 * Changes a subscription of the reader at `version`; undefined when it changed meanwhile. Resuming
 * a paused one starts its watermarks now: the records added while it was paused are not sent.
 */
export async function updateSubscription(
  db: Db,
  tenantId: number,
  readerId: number,
  id: number,
  version: number,
  patch: {
    title: string;
    frequency: SubscriptionFrequency;
    byEmail: boolean;
    byInbox: boolean;
    paused: boolean;
    resumed: boolean;
    lang: Lang;
  },
): Promise<SubscriptionRow | undefined> {
  const { rows } = await sql<RawRow>`
    UPDATE subscription SET title = ${patch.title}, frequency = ${patch.frequency}, by_email = ${patch.byEmail},
      by_inbox = ${patch.byInbox}, paused = ${patch.paused}, lang = ${patch.lang},
      inbox_up_to = ${patch.resumed ? sql`greatest(inbox_up_to, date_trunc('milliseconds', now()))` : sql`inbox_up_to`},
      mail_up_to = ${patch.resumed ? sql`greatest(mail_up_to, date_trunc('milliseconds', now()))` : sql`mail_up_to`},
      version = version + 1, updated_at = now()
    WHERE id = ${id} AND tenant_id = ${tenantId} AND reader_id = ${readerId} AND version = ${version}
    RETURNING ${COLUMNS}`.execute(db);
  return rows[0] && toRow(rows[0]);
}

/** Deletes a subscription (of the reader, or by its signed link: `readerId` null); whether one was. */
export async function deleteSubscription(
  db: Db,
  tenantId: number,
  readerId: number | null,
  id: number,
): Promise<boolean> {
  const res = await sql`DELETE FROM subscription WHERE id = ${id} AND tenant_id = ${tenantId}
    ${readerId === null ? sql`` : sql`AND reader_id = ${readerId}`}`.execute(db);
  return Number(res.numAffectedRows ?? 0) > 0;
}

/** A subscription due for the job, with its reader's name, address and language. */
export interface DueRow extends SubscriptionRow {
  readerName: string;
  email: string;
  emailVerified: boolean;
  /** The language of the reader's reminders (the one they last used My Library in), if any. */
  readerLang: Lang | null;
  inboxDue: boolean;
  mailDue: boolean;
}

/**
 * The institution's active subscriptions with a channel due at `cutoff`: daily ones whose watermark
 * is at least 20 hours old, weekly ones at least 6 days 20 hours (a run a little earlier than the
 * last one still counts), by reader.
 */
export async function findDueSubscriptions(db: Db, tenantId: number, cutoff: Date): Promise<DueRow[]> {
  const c = cutoff.toISOString();
  const gap = sql`(CASE s.frequency WHEN 'daily' THEN interval '20 hours' ELSE interval '164 hours' END)`;
  const { rows } = await sql<
    RawRow & {
      reader_name: string;
      email: string;
      email_verified: boolean;
      reader_lang: Lang | null;
      inbox_due: boolean;
      mail_due: boolean;
    }
  >`
    SELECT ${sql.raw(
      's.id::int AS id, s.tenant_id, s.reader_id, s.kind, s.title, s.query_text, s.query, s.query_key, s.frequency, ' +
        's.by_email, s.by_inbox, s.paused, s.lang, s.site_url, s.inbox_up_to, s.mail_up_to, s.last_sent_at, ' +
        's.last_count, s.version, s.created_at',
    )},
      r.name AS reader_name, r.email, r.email_verified, p.lang AS reader_lang,
      (s.by_inbox AND s.inbox_up_to <= ${c}::timestamptz - ${gap}) AS inbox_due,
      (s.by_email AND s.mail_up_to <= ${c}::timestamptz - ${gap}) AS mail_due
    FROM subscription s
    JOIN reader r ON r.id = s.reader_id AND r.tenant_id = s.tenant_id
    LEFT JOIN reader_reminder_pref p ON p.reader_id = s.reader_id
    WHERE s.tenant_id = ${tenantId} AND NOT s.paused
      AND ((s.by_inbox AND s.inbox_up_to <= ${c}::timestamptz - ${gap})
        OR (s.by_email AND s.mail_up_to <= ${c}::timestamptz - ${gap}))
    ORDER BY s.reader_id, s.id`.execute(db);
  return rows.map((r) => ({
    ...toRow(r),
    readerName: r.reader_name,
    email: r.email,
    emailVerified: r.email_verified,
    readerLang: r.reader_lang,
    inboxDue: r.inbox_due,
    mailDue: r.mail_due,
  }));
}

/**
 * Moves a channel's watermark of these subscriptions to `cutoff` (a digest delivered, or nothing
 * new); `counts` gives the records a digest listed per subscription (last sent). Only rows still at
 * the watermark the run read are moved: a run that overlapped another moves nothing twice.
 */
export async function advanceWatermarks(
  db: Db,
  tenantId: number,
  channel: 'inbox' | 'mail',
  rows: ReadonlyArray<{ id: number; from: Date; count: number }>,
  cutoff: Date,
): Promise<number> {
  if (!rows.length) return 0;
  const col = sql.raw(channel === 'inbox' ? 'inbox_up_to' : 'mail_up_to');
  const ids = rows.map((r) => r.id);
  const froms = rows.map((r) => r.from.toISOString());
  const counts = rows.map((r) => r.count);
  const res = await sql`
    UPDATE subscription s SET ${col} = ${cutoff.toISOString()}::timestamptz,
      last_sent_at = CASE WHEN v.n > 0 THEN now() ELSE s.last_sent_at END,
      last_count = CASE WHEN v.n > 0 THEN v.n ELSE s.last_count END
      ${channel === 'mail' ? sql`, mail_attempts = 0, mail_error = NULL` : sql``}
    FROM unnest(${ids}::bigint[], ${froms}::timestamptz[], ${counts}::int[]) AS v(id, since, n)
    WHERE s.id = v.id AND s.tenant_id = ${tenantId} AND date_trunc('milliseconds', s.${col}) = v.since`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

/** Records a failed mail on these subscriptions (their watermark stays: the next run sends it again). */
export async function markMailFailed(db: Db, tenantId: number, ids: number[], error: string): Promise<void> {
  if (!ids.length) return;
  await sql`UPDATE subscription SET mail_attempts = mail_attempts + 1, mail_error = ${error.slice(0, 500)}
    WHERE tenant_id = ${tenantId} AND id = ANY(${ids}::bigint[])`.execute(db);
}

/** What a digest and a feed show of a record. */
export interface RecordLine {
  recordId: number;
  title: string;
  author: string;
  publisher: string;
  publishYear: string;
  createdAt: Date;
}

/** Titles and the rest of records of the institution, by id. */
export async function findRecordLines(db: Db, tenantId: number, ids: number[]): Promise<Map<number, RecordLine>> {
  const out = new Map<number, RecordLine>();
  for (let i = 0; i < ids.length; i += 5000) {
    const chunk = ids.slice(i, i + 5000);
    const { rows } = await sql<{
      record_id: number;
      title: string;
      author: string;
      publisher: string | null;
      publish_year: string | null;
      created_at: Date | string;
    }>`SELECT record_id, title, author, publisher, publish_year, created_at FROM bib_record
      WHERE tenant_id = ${tenantId} AND record_id = ANY(${chunk}::int[])`.execute(db);
    for (const r of rows)
      out.set(r.record_id, {
        recordId: r.record_id,
        title: r.title,
        author: r.author,
        publisher: r.publisher ?? '',
        publishYear: r.publish_year ?? '',
        createdAt: date(r.created_at),
      });
  }
  return out;
}

/** A reader's name, e-mail and whether it is verified. */
export async function findReaderContact(
  db: Db,
  tenantId: number,
  readerId: number,
): Promise<{ name: string; email: string; emailVerified: boolean } | undefined> {
  const { rows } = await sql<{ name: string; email: string; email_verified: boolean }>`
    SELECT name, email, email_verified FROM reader WHERE id = ${readerId} AND tenant_id = ${tenantId}`.execute(db);
  const r = rows[0];
  return r && { name: r.name, email: r.email, emailVerified: r.email_verified && r.email.trim() !== '' };
}
