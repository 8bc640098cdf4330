import { sql, type Kysely } from 'kysely';
import { DEFAULT_MAX_RELENDS, OPEN_REQUEST_STATUSES } from '@openfind/contract';
import type { Database } from '../../db/schema.js';

/**
 * Re-lend asks (转借): requests of type 'relend'. An ask waits (`status` 'waiting') until a reader who
 * has a copy agrees ('ready': `holder_reader_id` and the copy's `barcode` set), and ends fulfilled
 * (the loan moved), cancelled, expired (past `ask_until`) or declined (nobody left to pass a copy on).
 * Every function is scoped by institution.
 */

/** An ask as the rules read it. */
export interface AskRow {
  id: string;
  reader_id: number;
  record_id: number;
  status: string;
  holder_reader_id: number | null;
  barcode: string | null;
  title: string;
}

/** A loan that could be passed on to an asker. */
export interface PassableLoan {
  loan_id: string;
  reader_id: number;
  barcode: string;
  due_date: string;
  relend_count: number;
}

/** Times in a row a copy may be re-lent: the institution's default loan policy for loanable copies. */
export async function relendLimit(db: Kysely<Database>, tenantId: number): Promise<number> {
  const row = await db
    .selectFrom('loan_policy')
    .select('max_relends')
    .where('tenant_id', '=', tenantId)
    .where('reader_type', '=', '')
    .where('circ_attr', 'in', ['0', ''])
    .orderBy('circ_attr', 'desc')
    .executeTakeFirst();
  return row?.max_relends ?? DEFAULT_MAX_RELENDS;
}

/**
 * Open loans of the record's loanable copies that may be passed on: not overdue, passed on fewer
 * than `limit` times in a row, of a reader who takes part in transfer lending (an active account),
 * not the asker's, nor of a reader who turned the ask (`requestId`) down.
 */
export async function findPassableLoans(
  db: Kysely<Database>,
  tenantId: number,
  recordId: number,
  opts: { askerId: number; limit: number; requestId?: string | null; holderId?: number },
): Promise<PassableLoan[]> {
  const declined = opts.requestId
    ? sql`AND NOT EXISTS (SELECT 1 FROM relend_decline d WHERE d.tenant_id = le.tenant_id
                          AND d.request_id = ${opts.requestId}::bigint AND d.reader_id = le.reader_id)`
    : sql``;
  const holder = opts.holderId === undefined ? sql`` : sql`AND le.reader_id = ${opts.holderId}`;
  const res = await sql<PassableLoan>`
    SELECT le.id::text AS loan_id, le.reader_id, le.barcode, le.due_date::text AS due_date, le.relend_count
    FROM loan_event le
    JOIN item i ON i.tenant_id = le.tenant_id AND i.barcode = le.barcode AND i.circ_attr = '0'
    JOIN reader rd ON rd.id = le.reader_id AND rd.tenant_id = le.tenant_id
    WHERE le.tenant_id = ${tenantId} AND le.record_id = ${recordId} AND le.return_date IS NULL
      AND le.barcode IS NOT NULL AND le.reader_id <> ${opts.askerId}
      AND le.due_date >= current_date AND le.relend_count < ${opts.limit}
      AND rd.transfer_lending AND rd.status = 'normal'
      ${declined} ${holder}
    ORDER BY le.due_date, le.id`.execute(db);
  return res.rows;
}

/** Other readers' reservations (any request but a re-lend ask) waiting for the record: the queue comes first. */
export async function countWaitingReservations(
  db: Kysely<Database>,
  tenantId: number,
  recordId: number,
): Promise<number> {
  const row = await db
    .selectFrom('circ_request')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('record_id', '=', recordId)
    .where('status', '=', 'waiting')
    .where('request_type', '<>', 'relend')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Whether the reader has an open request of any kind for the record. */
export async function hasOpenRequestFor(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  recordId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('circ_request')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('record_id', '=', recordId)
    .where('status', 'in', OPEN_REQUEST_STATUSES)
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds an ask, open until `askUntil`; its id, or null when the reader has an open request for the record. */
export async function insertAsk(
  trx: Kysely<Database>,
  a: { tenantId: number; readerId: number; recordId: number; askUntil: string; note: string },
): Promise<number | null> {
  // No conflict target: any open request of the reader for the record (the unique index) refuses it.
  const res = await sql<{ id: string }>`
    INSERT INTO circ_request (tenant_id, reader_id, record_id, request_type, status, pickup_lib_code, ask_until,
                              relend_note)
    VALUES (${a.tenantId}, ${a.readerId}, ${a.recordId}, 'relend', 'waiting', '', ${a.askUntil}::date, ${a.note})
    ON CONFLICT DO NOTHING
    RETURNING id::text AS id`.execute(trx);
  return res.rows[0] ? Number(res.rows[0].id) : null;
}

/** An open ask (waiting or ready) by id, with its record's title. */
export async function findOpenAsk(
  db: Kysely<Database>,
  tenantId: number,
  requestId: number | string,
): Promise<AskRow | undefined> {
  const res = await sql<AskRow>`
    SELECT r.id::text AS id, r.reader_id, r.record_id, r.status, r.holder_reader_id, r.barcode, b.title
    FROM circ_request r JOIN bib_record b ON b.record_id = r.record_id
    WHERE r.tenant_id = ${tenantId} AND r.id = ${String(requestId)}::bigint AND r.request_type = 'relend'
      AND r.status IN ('waiting', 'ready') AND r.ask_until >= current_date`.execute(db);
  return res.rows[0];
}

/** A holder agrees: a waiting ask becomes ready with their copy. False when it was no longer waiting. */
export async function agreeAsk(
  trx: Kysely<Database>,
  tenantId: number,
  requestId: string,
  holderId: number,
  barcode: string,
): Promise<boolean> {
  const res = await sql`
    UPDATE circ_request SET status = 'ready', holder_reader_id = ${holderId}, barcode = ${barcode}, updated_at = now()
    WHERE tenant_id = ${tenantId} AND id = ${requestId}::bigint AND request_type = 'relend' AND status = 'waiting'`.execute(
    trx,
  );
  return Number(res.numAffectedRows ?? 0) === 1;
}

/** An agreed ask goes back to waiting (the holder withdrew, or returned the copy to the library). */
export async function reopenAsk(trx: Kysely<Database>, tenantId: number, requestId: string): Promise<void> {
  await sql`
    UPDATE circ_request SET status = 'waiting', holder_reader_id = NULL, barcode = NULL, updated_at = now()
    WHERE tenant_id = ${tenantId} AND id = ${requestId}::bigint AND request_type = 'relend' AND status = 'ready'`.execute(
    trx,
  );
  await sql`DELETE FROM reader_code WHERE tenant_id = ${tenantId} AND purpose = 'relend'
            AND request_id = ${requestId}::bigint`.execute(trx);
}

/** Ends an open ask; false when it had ended already (the guard of a double answer). */
export async function endAsk(
  trx: Kysely<Database>,
  tenantId: number,
  requestId: string,
  from: 'waiting' | 'ready',
  to: 'fulfilled' | 'declined',
): Promise<boolean> {
  const res = await sql`
    UPDATE circ_request SET status = ${to}, updated_at = now()
    WHERE tenant_id = ${tenantId} AND id = ${requestId}::bigint AND request_type = 'relend' AND status = ${from}`.execute(
    trx,
  );
  return Number(res.numAffectedRows ?? 0) === 1;
}

/** Records that a reader turned an ask down (once). */
export async function addDecline(
  trx: Kysely<Database>,
  tenantId: number,
  requestId: string,
  readerId: number,
): Promise<void> {
  await sql`INSERT INTO relend_decline (tenant_id, request_id, reader_id)
            VALUES (${tenantId}, ${requestId}::bigint, ${readerId}) ON CONFLICT DO NOTHING`.execute(trx);
}

/** Whether a reader turned the ask down. */
export async function hasDeclined(
  db: Kysely<Database>,
  tenantId: number,
  requestId: string,
  readerId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('relend_decline')
    .select('reader_id')
    .where('tenant_id', '=', tenantId)
    .where('request_id', '=', requestId)
    .where('reader_id', '=', readerId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Asks past their last day lapse (waiting or agreed); their codes go. */
export async function expireRelendAsks(trx: Kysely<Database>, tenantId: number): Promise<void> {
  const res = await sql<{ id: string }>`
    UPDATE circ_request SET status = 'expired', updated_at = now()
    WHERE tenant_id = ${tenantId} AND request_type = 'relend' AND status IN ('waiting', 'ready')
      AND ask_until < current_date
    RETURNING id::text AS id`.execute(trx);
  if (res.rows.length)
    await sql`DELETE FROM reader_code WHERE tenant_id = ${tenantId} AND purpose = 'relend'
              AND request_id = ANY(${res.rows.map((r) => r.id)}::bigint[])`.execute(trx);
}

/** The agreed asks on a copy (its holder returned it at the desk instead of passing it on). */
export async function findAgreedAsksOnCopy(
  trx: Kysely<Database>,
  tenantId: number,
  barcode: string,
): Promise<Array<{ id: string; reader_id: number; title: string }>> {
  const res = await sql<{ id: string; reader_id: number; title: string }>`
    SELECT r.id::text AS id, r.reader_id, b.title
    FROM circ_request r JOIN bib_record b ON b.record_id = r.record_id
    WHERE r.tenant_id = ${tenantId} AND r.request_type = 'relend' AND r.status = 'ready' AND r.barcode = ${barcode}`.execute(
    trx,
  );
  return res.rows;
}

/** An ask made of a holder, as their list shows it. */
export interface HolderAskRow {
  id: string;
  record_id: number;
  title: string;
  author: string | null;
  status: 'waiting' | 'ready';
  asked_on: string;
  ask_until: string;
  note: string;
  due_date: string;
}

/**
 * The open asks made of a reader: waiting asks for records they have a passable loan of (not turned
 * down by them, no reservations waiting), and those they agreed to. Oldest first.
 */
export async function findAsksOfHolder(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  limit: number,
): Promise<HolderAskRow[]> {
  const res = await sql<HolderAskRow>`
    SELECT r.id::text AS id, r.record_id, b.title, nullif(b.author, '') AS author, r.status,
           to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS asked_on, r.ask_until::text AS ask_until,
           r.relend_note AS note, le.due_date::text AS due_date
    FROM circ_request r
    JOIN bib_record b ON b.record_id = r.record_id
    JOIN reader rd ON rd.id = ${readerId} AND rd.tenant_id = r.tenant_id
    JOIN LATERAL (
      SELECT le.due_date FROM loan_event le
      JOIN item i ON i.tenant_id = le.tenant_id AND i.barcode = le.barcode AND i.circ_attr = '0'
      WHERE le.tenant_id = r.tenant_id AND le.record_id = r.record_id AND le.reader_id = ${readerId}
        AND le.return_date IS NULL
        AND (CASE WHEN r.status = 'ready' THEN le.barcode = r.barcode
                  ELSE le.due_date >= current_date AND le.relend_count < ${limit} END)
      ORDER BY le.due_date LIMIT 1) le ON true
    WHERE r.tenant_id = ${tenantId} AND r.request_type = 'relend' AND r.ask_until >= current_date
      AND r.reader_id <> ${readerId}
      AND ((r.status = 'ready' AND r.holder_reader_id = ${readerId})
           OR (r.status = 'waiting' AND rd.transfer_lending AND rd.status = 'normal'
               AND NOT EXISTS (SELECT 1 FROM relend_decline d WHERE d.tenant_id = r.tenant_id
                               AND d.request_id = r.id AND d.reader_id = ${readerId})
               AND NOT EXISTS (SELECT 1 FROM circ_request q WHERE q.tenant_id = r.tenant_id
                               AND q.record_id = r.record_id AND q.status = 'waiting'
                               AND q.request_type <> 'relend')))
    ORDER BY r.id`.execute(db);
  return res.rows;
}

/** The open loan of a copy by a reader: its id, due date and times passed on. */
export async function findLoanOfCopy(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  barcode: string,
): Promise<{ id: string; due_date: string; relend_count: number } | undefined> {
  const res = await sql<{ id: string; due_date: string; relend_count: number }>`
    SELECT id::text AS id, due_date::text AS due_date, relend_count FROM loan_event
    WHERE tenant_id = ${tenantId} AND reader_id = ${readerId} AND barcode = ${barcode} AND return_date IS NULL`.execute(
    db,
  );
  return res.rows[0];
}

/** Sets how many times in a row a loan's copy was passed on. */
export async function setRelendCount(
  trx: Kysely<Database>,
  tenantId: number,
  loanId: number,
  count: number,
): Promise<void> {
  await sql`UPDATE loan_event SET relend_count = ${count}
            WHERE tenant_id = ${tenantId} AND id = ${String(loanId)}::bigint`.execute(trx);
}
