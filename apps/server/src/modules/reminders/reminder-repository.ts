import { sql, type Kysely } from 'kysely';
import { DEFAULT_OVERDUE_EVERY_DAYS, DEFAULT_REMINDER_DAYS_BEFORE, type Lang } from '@openfind/contract';
import type { Database } from '../../db/schema.js';

/** An institution's reminder settings, the defaults where it set none. */
export interface ReminderSettingRow {
  enabled: boolean;
  daysBefore: number;
  overdueEvery: number;
}

export async function findReminderSetting(db: Kysely<Database>, tenantId: number): Promise<ReminderSettingRow> {
  const row = await db
    .selectFrom('reminder_setting')
    .select(['enabled', 'days_before', 'overdue_every_days'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return {
    enabled: row?.enabled ?? true,
    daysBefore: row?.days_before ?? DEFAULT_REMINDER_DAYS_BEFORE,
    overdueEvery: row?.overdue_every_days ?? DEFAULT_OVERDUE_EVERY_DAYS,
  };
}

/** Stores the settings given (checked by the caller); the others keep their values. */
export async function upsertReminderSetting(
  db: Kysely<Database>,
  tenantId: number,
  patch: Partial<ReminderSettingRow>,
): Promise<void> {
  const set = {
    ...(patch.enabled === undefined ? {} : { enabled: patch.enabled }),
    ...(patch.daysBefore === undefined ? {} : { days_before: patch.daysBefore }),
    ...(patch.overdueEvery === undefined ? {} : { overdue_every_days: patch.overdueEvery }),
  };
  await db
    .insertInto('reminder_setting')
    .values({ tenant_id: tenantId, ...set })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ ...set, updated_at: sql<Date>`now()` }))
    .execute();
}

/** A reader's reminder choices and feed; the defaults (both on, no feed) when they never chose. */
export interface ReaderPrefRow {
  emailReminders: boolean;
  inboxReminders: boolean;
  lang: Lang | null;
  feedActive: boolean;
  feedCreatedAt: Date | null;
  feedUsedAt: Date | null;
}

export async function findReaderPref(db: Kysely<Database>, tenantId: number, readerId: number): Promise<ReaderPrefRow> {
  const row = await db
    .selectFrom('reader_reminder_pref')
    .select(['email_reminders', 'inbox_reminders', 'lang', 'feed_token_hash', 'feed_created_at', 'feed_used_at'])
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .executeTakeFirst();
  return {
    emailReminders: row?.email_reminders ?? true,
    inboxReminders: row?.inbox_reminders ?? true,
    lang: row?.lang ?? null,
    feedActive: Boolean(row?.feed_token_hash),
    feedCreatedAt: row?.feed_token_hash ? row.feed_created_at : null,
    feedUsedAt: row?.feed_token_hash ? row.feed_used_at : null,
  };
}

/**
 * Stores a reader's choices and the language of their request (what their reminders are written
 * in); a choice not given keeps its value. Only for a reader of `tenantId`.
 */
export async function upsertReaderPref(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  patch: { emailReminders?: boolean | undefined; inboxReminders?: boolean | undefined; lang: Lang },
): Promise<void> {
  const email = patch.emailReminders ?? null;
  const inbox = patch.inboxReminders ?? null;
  await sql`
    INSERT INTO reader_reminder_pref (reader_id, tenant_id, lang, email_reminders, inbox_reminders)
    SELECT r.id, r.tenant_id, ${patch.lang}, coalesce(${email}::boolean, true), coalesce(${inbox}::boolean, true)
    FROM reader r WHERE r.id = ${readerId} AND r.tenant_id = ${tenantId}
    ON CONFLICT (reader_id) DO UPDATE SET
      lang = EXCLUDED.lang,
      email_reminders = coalesce(${email}::boolean, reader_reminder_pref.email_reminders),
      inbox_reminders = coalesce(${inbox}::boolean, reader_reminder_pref.inbox_reminders),
      updated_at = now()
    WHERE reader_reminder_pref.tenant_id = ${tenantId}`.execute(db);
}

/**
 * Notes the language the reader uses My Library in (their reminders' language): written only when
 * it differs from the one kept.
 */
export async function noteReaderLang(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  lang: Lang,
): Promise<void> {
  await sql`
    INSERT INTO reader_reminder_pref (reader_id, tenant_id, lang)
    SELECT r.id, r.tenant_id, ${lang} FROM reader r WHERE r.id = ${readerId} AND r.tenant_id = ${tenantId}
    ON CONFLICT (reader_id) DO UPDATE SET lang = EXCLUDED.lang, updated_at = now()
    WHERE reader_reminder_pref.tenant_id = ${tenantId} AND reader_reminder_pref.lang IS DISTINCT FROM EXCLUDED.lang`.execute(
    db,
  );
}

/**
 * Sets the hash of the reader's calendar-feed token (a new feed replaces the old at once), or
 * clears it (`null`: revoked). When it was made, or null.
 */
export async function setFeedTokenHash(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  hash: string | null,
  lang: Lang,
): Promise<Date | null> {
  const res = await sql<{ feed_created_at: Date | null }>`
    INSERT INTO reader_reminder_pref (reader_id, tenant_id, lang, feed_token_hash, feed_created_at)
    SELECT r.id, r.tenant_id, ${lang}, ${hash}, CASE WHEN ${hash}::text IS NULL THEN NULL ELSE now() END
    FROM reader r WHERE r.id = ${readerId} AND r.tenant_id = ${tenantId}
    ON CONFLICT (reader_id) DO UPDATE SET
      lang = EXCLUDED.lang, feed_token_hash = EXCLUDED.feed_token_hash,
      feed_created_at = EXCLUDED.feed_created_at, feed_used_at = NULL, updated_at = now()
    WHERE reader_reminder_pref.tenant_id = ${tenantId}
    RETURNING feed_created_at`.execute(db);
  const at = res.rows[0]?.feed_created_at ?? null;
  return at === null ? null : new Date(at);
}

/**
 * The reader a calendar-feed token hash belongs to, with their institution: found by the hash
 * alone (the feed's request has no institution), through its unique index.
 */
export async function findFeedOwner(
  db: Kysely<Database>,
  hash: string,
): Promise<{ tenantId: number; readerId: number } | undefined> {
  const row = await db
    .selectFrom('reader_reminder_pref')
    .select(['tenant_id', 'reader_id'])
    .where('feed_token_hash', '=', hash)
    .executeTakeFirst();
  return row && { tenantId: row.tenant_id, readerId: row.reader_id };
}

/** Notes that the reader's feed was read (at most every ten minutes: calendars ask often). */
export async function touchFeed(db: Kysely<Database>, tenantId: number, readerId: number): Promise<void> {
  await sql`
    UPDATE reader_reminder_pref SET feed_used_at = now()
    WHERE tenant_id = ${tenantId} AND reader_id = ${readerId}
      AND (feed_used_at IS NULL OR feed_used_at < now() - interval '10 minutes')`.execute(db);
}

/** A current loan as the calendar shows it. */
export interface FeedLoanRow {
  loan_id: string;
  title: string;
  author: string | null;
  due_date: string;
  barcode: string | null;
  call_no: string | null;
  lib_name: string | null;
  lib_name_en: string | null;
  lib_name_tw: string | null;
}

/** The reader's current loans (OpenFind's own circulation), soonest due first. */
export async function findFeedLoans(db: Kysely<Database>, tenantId: number, readerId: number): Promise<FeedLoanRow[]> {
  const res = await sql<FeedLoanRow>`
    SELECT le.id::text AS loan_id, b.title, b.author, coalesce(le.due_date, le.loan_date)::text AS due_date,
           le.barcode, i.call_no, l.name AS lib_name, l.name_en AS lib_name_en, l.name_tw AS lib_name_tw
    FROM loan_event le
    JOIN bib_record b ON b.record_id = le.record_id
    LEFT JOIN item i ON i.tenant_id = le.tenant_id AND i.barcode = le.barcode
    LEFT JOIN library l ON l.tenant_id = le.tenant_id AND l.lib_code = coalesce(i.lib_code, le.lib_code)
    WHERE le.tenant_id = ${tenantId} AND le.reader_id = ${readerId} AND le.return_date IS NULL
    ORDER BY coalesce(le.due_date, le.loan_date), le.id
    LIMIT 500`.execute(db);
  return res.rows;
}

/** What a reminder is about: a loan due soon, or overdue (the n-th interval after its due date). */
export interface NoticeKey {
  loanId: string;
  reason: 'due' | 'overdue';
  /** YYYY-MM-DD. */
  dueDate: string;
  step: number;
}

/** A loan to remind its reader of today, not reminded of for this occasion yet. */
export interface CandidateRow extends NoticeKey {
  readerId: number;
  title: string;
  /** Days past the due date (negative: days left). */
  daysLate: number;
  readerName: string;
  cardNo: string;
  email: string;
  emailVerified: boolean;
  emailReminders: boolean;
  inboxReminders: boolean;
  lang: Lang | null;
}

/**
 * The institution's open loans due within `daysBefore` days (today included) or overdue, whose
 * readers take some reminder, less the occasions already recorded: a loan due soon is reminded of
 * once per due date (a renewal makes a new one), an overdue loan once per `overdueEvery` days from
 * its first overdue day (0: once). By reader, soonest due first.
 */
export async function findReminderCandidates(
  db: Kysely<Database>,
  tenantId: number,
  s: { daysBefore: number; overdueEvery: number },
): Promise<CandidateRow[]> {
  const res = await sql<{
    loan_id: string;
    reader_id: number;
    due_date: string;
    reason: 'due' | 'overdue';
    step: number;
    days_late: number;
    title: string;
    name: string;
    card_no: string;
    email: string;
    email_verified: boolean;
    email_reminders: boolean;
    inbox_reminders: boolean;
    lang: Lang | null;
  }>`
    WITH open AS (
      SELECT le.id, le.reader_id, le.record_id, coalesce(le.due_date, le.loan_date) AS due
      FROM loan_event le
      WHERE le.tenant_id = ${tenantId} AND le.return_date IS NULL AND le.reader_id IS NOT NULL
        AND coalesce(le.due_date, le.loan_date) <= current_date + ${s.daysBefore}::int
    ), occasion AS (
      SELECT o.*, CASE WHEN o.due >= current_date THEN 'due' ELSE 'overdue' END AS reason,
             CASE WHEN o.due >= current_date OR ${s.overdueEvery}::int = 0 THEN 0
                  ELSE (current_date - o.due - 1) / ${s.overdueEvery}::int END AS step
      FROM open o
    )
    SELECT c.id::text AS loan_id, c.reader_id, c.due::text AS due_date, c.reason, c.step,
           (current_date - c.due) AS days_late, b.title, r.name, r.card_no, r.email, r.email_verified,
           coalesce(p.email_reminders, true) AS email_reminders, coalesce(p.inbox_reminders, true) AS inbox_reminders,
           p.lang
    FROM occasion c
    JOIN reader r ON r.id = c.reader_id AND r.tenant_id = ${tenantId}
    JOIN bib_record b ON b.record_id = c.record_id
    LEFT JOIN reader_reminder_pref p ON p.reader_id = c.reader_id AND p.tenant_id = ${tenantId}
    WHERE (p.reader_id IS NULL OR p.email_reminders OR p.inbox_reminders)
      AND NOT EXISTS (SELECT 1 FROM reminder_notice n
                      WHERE n.tenant_id = ${tenantId} AND n.loan_id = c.id AND n.reason = c.reason
                        AND n.due_date = c.due AND n.step = c.step)
    ORDER BY c.reader_id, c.due, c.id`.execute(db);
  return res.rows.map((r) => ({
    loanId: r.loan_id,
    readerId: r.reader_id,
    dueDate: r.due_date,
    reason: r.reason,
    step: Number(r.step),
    daysLate: Number(r.days_late),
    title: r.title,
    readerName: r.name,
    cardNo: r.card_no,
    email: r.email,
    emailVerified: r.email_verified,
    emailReminders: r.email_reminders,
    inboxReminders: r.inbox_reminders,
    lang: r.lang,
  }));
}

/**
 * Records the reminders of one reader: those not recorded yet are inserted (the others, recorded
 * meanwhile, are left as they are); the keys inserted. Run in the transaction that writes the
 * inbox message, so that the message and its record stand or fall together.
 */
export async function insertNotices(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  notices: readonly NoticeKey[],
  o: { runId: number; inbox: boolean; mail: boolean },
): Promise<NoticeKey[]> {
  if (!notices.length) return [];
  const rows = await db
    .insertInto('reminder_notice')
    .values(
      notices.map((n) => ({
        tenant_id: tenantId,
        reader_id: readerId,
        loan_id: n.loanId,
        reason: n.reason,
        due_date: n.dueDate,
        step: n.step,
        run_id: String(o.runId),
        inbox_at: o.inbox ? sql<Date>`now()` : null,
        mail_state: o.mail ? ('pending' as const) : ('none' as const),
      })),
    )
    .onConflict((oc) => oc.columns(['tenant_id', 'loan_id', 'reason', 'due_date', 'step']).doNothing())
    .returning(['loan_id', 'reason', sql<string>`due_date::text`.as('due_date'), 'step'])
    .execute();
  return rows.map((r) => ({ loanId: String(r.loan_id), reason: r.reason, dueDate: r.due_date, step: r.step }));
}

/** A mail still to send: a recorded reminder whose mail the mail server has not taken yet. */
export interface PendingMailRow {
  id: string;
  readerId: number;
  reason: 'due' | 'overdue';
  dueDate: string;
  attempts: number;
  createdAt: Date;
  /** Whether the loan is still open with the same due date (else the mail is no longer wanted). */
  current: boolean;
  title: string;
  daysLate: number;
  readerName: string;
  cardNo: string;
  email: string;
  emailVerified: boolean;
  emailReminders: boolean;
  lang: Lang | null;
}

/** The institution's pending mails, by reader, soonest due first. */
export async function findPendingMails(db: Kysely<Database>, tenantId: number): Promise<PendingMailRow[]> {
  const res = await sql<{
    id: string;
    reader_id: number;
    reason: 'due' | 'overdue';
    due_date: string;
    mail_attempts: number;
    created_at: Date;
    current: boolean;
    title: string;
    days_late: number;
    name: string;
    card_no: string;
    email: string;
    email_verified: boolean;
    email_reminders: boolean;
    lang: Lang | null;
  }>`
    SELECT n.id::text AS id, n.reader_id, n.reason, n.due_date::text AS due_date, n.mail_attempts, n.created_at,
           (le.return_date IS NULL AND coalesce(le.due_date, le.loan_date) = n.due_date) AS current,
           b.title, (current_date - n.due_date) AS days_late, r.name, r.card_no, r.email, r.email_verified,
           coalesce(p.email_reminders, true) AS email_reminders, p.lang
    FROM reminder_notice n
    JOIN loan_event le ON le.id = n.loan_id AND le.tenant_id = ${tenantId}
    JOIN bib_record b ON b.record_id = le.record_id
    JOIN reader r ON r.id = n.reader_id AND r.tenant_id = ${tenantId}
    LEFT JOIN reader_reminder_pref p ON p.reader_id = n.reader_id AND p.tenant_id = ${tenantId}
    WHERE n.tenant_id = ${tenantId} AND n.mail_state = 'pending'
    ORDER BY n.reader_id, n.due_date, n.id`.execute(db);
  return res.rows.map((r) => ({
    id: r.id,
    readerId: r.reader_id,
    reason: r.reason,
    dueDate: r.due_date,
    attempts: r.mail_attempts,
    createdAt: new Date(r.created_at),
    current: r.current,
    title: r.title,
    daysLate: Number(r.days_late),
    readerName: r.name,
    cardNo: r.card_no,
    email: r.email,
    emailVerified: r.email_verified,
    emailReminders: r.email_reminders,
    lang: r.lang,
  }));
}

/**
 * Records what became of some pending mails: `sent`; `failed` (given up) or still `pending` after a
 * failed attempt (counted, with the error); `dropped` when no longer wanted. Only pending rows change.
 */
export async function markMails(
  db: Kysely<Database>,
  tenantId: number,
  ids: readonly string[],
  outcome: { state: 'sent' | 'pending' | 'failed' | 'dropped'; attempted: boolean; error?: string | undefined },
): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('reminder_notice')
    .set((eb) => ({
      mail_state: outcome.state,
      mail_attempts: outcome.attempted ? eb('mail_attempts', '+', 1) : eb.ref('mail_attempts'),
      mail_at: outcome.state === 'sent' ? sql<Date>`now()` : null,
      mail_error: outcome.error === undefined ? null : outcome.error.slice(0, 500),
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .where('mail_state', '=', 'pending')
    .execute();
}

/** What was recorded for a reader's loans (tests and `openfind reminders status --reader`). */
export async function findReaderNotices(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
): Promise<Array<NoticeKey & { mailState: string; inbox: boolean; attempts: number }>> {
  const rows = await db
    .selectFrom('reminder_notice')
    .select([
      'loan_id',
      'reason',
      sql<string>`due_date::text`.as('due_date'),
      'step',
      'mail_state',
      'inbox_at',
      'mail_attempts',
    ])
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    loanId: String(r.loan_id),
    reason: r.reason,
    dueDate: r.due_date,
    step: r.step,
    mailState: r.mail_state,
    inbox: r.inbox_at !== null,
    attempts: r.mail_attempts,
  }));
}
