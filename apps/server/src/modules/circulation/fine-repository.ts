import { sql, type Kysely } from 'kysely';
import type { BehaviourStatus, BehaviourTab, BehaviourType, PaymentStatus } from '@openfind/contract';
import { BEHAVIOUR_TABS, PAYABLE_STATUSES } from '@openfind/contract';
import type { Database } from '../../db/schema.js';

/** A behaviour record as the lists show it. Dates YYYY-MM-DD, times ISO 8601. */
export interface FineRow {
  id: string;
  kind: BehaviourType;
  status: BehaviourStatus;
  title: string;
  barcode: string | null;
  prop_no: string | null;
  amount_cents: number;
  paid_cents: number;
  block_start: string | null;
  block_end: string | null;
  overdue_days: number;
  note: string;
  payment_id: string | null;
  created_at: string;
}

const FINE_COLUMNS = sql`id::text AS id, kind, status, title, barcode, prop_no, amount_cents, paid_cents,
  block_start::text AS block_start, block_end::text AS block_end, overdue_days, note, payment_id::text AS payment_id,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at`;

/** What a reader owes and is paying (fen), and the last day of a suspension in force on `day`. */
export interface Debt {
  owedCents: number;
  processingCents: number;
  suspendedUntil: string | null;
}

export async function readerDebt(db: Kysely<Database>, tenantId: number, readerId: number): Promise<Debt> {
  const res = await sql<{ owed: string; processing: string; suspended: string | null }>`
    SELECT coalesce(sum(amount_cents - paid_cents) FILTER (WHERE status = ANY(${[...PAYABLE_STATUSES]}::text[])), 0)::text AS owed,
           coalesce(sum(amount_cents - paid_cents) FILTER (WHERE status = 'processing'), 0)::text AS processing,
           max(block_end) FILTER (WHERE block_end >= current_date AND status <> 'cancelled')::text AS suspended
    FROM circ_fine WHERE tenant_id = ${tenantId} AND reader_id = ${readerId}`.execute(db);
  const row = res.rows[0];
  return {
    // A record being paid is still owed until the payment settles it.
    owedCents: Number(row?.owed ?? 0) + Number(row?.processing ?? 0),
    processingCents: Number(row?.processing ?? 0),
    suspendedUntil: row?.suspended ?? null,
  };
}

/** Records an overdue return's fine and suspension (one per loan: a second check-in of it adds none). */
export async function insertOverdueFine(
  trx: Kysely<Database>,
  f: {
    tenantId: number;
    readerId: number;
    loanId: string;
    barcode: string;
    title: string;
    amountCents: number;
    overdueDays: number;
    blockStart: string | null;
    blockEnd: string | null;
  },
): Promise<number | null> {
  const res = await sql<{ id: string }>`
    INSERT INTO circ_fine (tenant_id, reader_id, kind, status, loan_id, barcode, title, amount_cents,
                           overdue_days, block_start, block_end)
    VALUES (${f.tenantId}, ${f.readerId}, 'overdue', ${f.amountCents > 0 ? 'unprocessed' : 'processed'},
            ${f.loanId}::bigint, ${f.barcode}, ${f.title}, ${f.amountCents}, ${f.overdueDays},
            ${f.blockStart}::date, ${f.blockEnd}::date)
    ON CONFLICT (loan_id) WHERE loan_id IS NOT NULL AND kind = 'overdue' DO NOTHING
    RETURNING id::text AS id`.execute(trx);
  return res.rows[0] ? Number(res.rows[0].id) : null;
}

/** Records a fine staff charge (a lost or damaged copy, anything else). */
export async function insertFine(
  db: Kysely<Database>,
  f: {
    tenantId: number;
    readerId: number;
    kind: BehaviourType;
    barcode: string | null;
    title: string;
    amountCents: number;
    note: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('circ_fine')
    .values({
      tenant_id: f.tenantId,
      reader_id: f.readerId,
      kind: f.kind,
      barcode: f.barcode,
      title: f.title,
      amount_cents: f.amountCents,
      note: f.note,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A page of the reader's records in a tab (newest first), and the count of each tab. */
export async function findBehaviours(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  tab: BehaviourTab,
  offset: number,
  rows: number,
): Promise<{ rows: FineRow[]; tabCounts: Record<BehaviourTab, number> }> {
  const status = tab === 'all' ? sql`` : sql`AND status = ${tab}`;
  const [page, counts] = await Promise.all([
    sql<FineRow>`
      SELECT ${FINE_COLUMNS} FROM circ_fine
      WHERE tenant_id = ${tenantId} AND reader_id = ${readerId} ${status}
      ORDER BY created_at DESC, id DESC OFFSET ${offset} LIMIT ${rows}`.execute(db),
    sql<{ status: BehaviourStatus; n: string }>`
      SELECT status, count(*)::text AS n FROM circ_fine
      WHERE tenant_id = ${tenantId} AND reader_id = ${readerId} GROUP BY status`.execute(db),
  ]);
  const tabCounts = Object.fromEntries(BEHAVIOUR_TABS.map((t) => [t, 0])) as Record<BehaviourTab, number>;
  for (const c of counts.rows) {
    tabCounts[c.status] = Number(c.n);
    tabCounts.all += Number(c.n);
  }
  return { rows: page.rows, tabCounts };
}

/** The reader's records of `ids` that can be paid now, locked until the transaction ends. */
export async function lockPayableFines(
  trx: Kysely<Database>,
  tenantId: number,
  readerId: number,
  ids: readonly number[],
): Promise<Array<{ id: string; owed: number }>> {
  const res = await sql<{ id: string; owed: number }>`
    SELECT id::text AS id, amount_cents - paid_cents AS owed FROM circ_fine
    WHERE tenant_id = ${tenantId} AND reader_id = ${readerId} AND id = ANY(${ids.map(String)}::bigint[])
      AND status = ANY(${[...PAYABLE_STATUSES]}::text[]) AND amount_cents > paid_cents
    ORDER BY id FOR UPDATE`.execute(trx);
  return res.rows;
}

/** A payment as the service reads it. */
export interface PaymentRow {
  id: string;
  tenant_id: number;
  reader_id: number;
  channel: string;
  out_trade_no: string;
  amount_cents: number;
  fine_ids: string[];
  status: PaymentStatus;
  qr_content: string | null;
  expires_at: Date | null;
  channel_trade_no: string | null;
  paid_at: Date | null;
}

/** Opens a payment of `fineIds` (locked by the caller) and marks them as being paid. */
export async function insertPayment(
  trx: Kysely<Database>,
  p: {
    tenantId: number;
    readerId: number;
    channel: string;
    outTradeNo: string;
    amountCents: number;
    fineIds: readonly string[];
    expiresAt: Date | null;
  },
): Promise<PaymentRow> {
  const row = await trx
    .insertInto('circ_payment')
    .values({
      tenant_id: p.tenantId,
      reader_id: p.readerId,
      channel: p.channel,
      out_trade_no: p.outTradeNo,
      amount_cents: p.amountCents,
      fine_ids: [...p.fineIds],
      expires_at: p.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await sql`UPDATE circ_fine SET status = 'processing', payment_id = ${row.id}::bigint, updated_at = now()
            WHERE tenant_id = ${p.tenantId} AND id = ANY(${[...p.fineIds]}::bigint[])`.execute(trx);
  return row as PaymentRow;
}

export async function setPaymentQr(
  db: Kysely<Database>,
  tenantId: number,
  paymentId: string,
  qrContent: string,
): Promise<void> {
  await db
    .updateTable('circ_payment')
    .set({ qr_content: qrContent })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', paymentId)
    .execute();
}

/** A payment of the institution by id or order number (and of a reader, when given); `lock`: until the transaction ends. */
export async function findPayment(
  db: Kysely<Database>,
  tenantId: number,
  where: { readerId?: number; id?: number; outTradeNo?: string },
  lock = false,
): Promise<PaymentRow | undefined> {
  let q = db.selectFrom('circ_payment').selectAll().where('tenant_id', '=', tenantId);
  if (where.readerId !== undefined) q = q.where('reader_id', '=', where.readerId);
  if (where.id !== undefined) q = q.where('id', '=', String(where.id));
  if (where.outTradeNo !== undefined) q = q.where('out_trade_no', '=', where.outTradeNo);
  const row = await (lock ? q.forUpdate() : q).executeTakeFirst();
  return row as PaymentRow | undefined;
}

/**
 * Ends a pending payment (locked by the caller): paid settles its records (paid in full,
 * processed); expired, cancelled or failed makes them owed again. Only a pending payment changes.
 */
export async function closePayment(
  trx: Kysely<Database>,
  tenantId: number,
  payment: PaymentRow,
  status: Exclude<PaymentStatus, 'pending'>,
  by: { channelTradeNo?: string | null; paidBy?: string | null } = {},
): Promise<void> {
  const res = await sql`
    UPDATE circ_payment SET status = ${status},
           channel_trade_no = coalesce(${by.channelTradeNo ?? null}, channel_trade_no),
           paid_by = coalesce(${by.paidBy ?? null}, paid_by),
           paid_at = CASE WHEN ${status} = 'paid' THEN now() ELSE paid_at END
    WHERE tenant_id = ${tenantId} AND id = ${payment.id}::bigint AND status = 'pending'
    RETURNING id`.execute(trx);
  if (res.rows.length === 0) return;
  await (
    status === 'paid'
      ? sql`UPDATE circ_fine SET status = 'processed', paid_cents = amount_cents, payment_id = NULL, updated_at = now()
          WHERE tenant_id = ${tenantId} AND payment_id = ${payment.id}::bigint`
      : sql`UPDATE circ_fine SET status = 'unprocessed', payment_id = NULL, updated_at = now()
          WHERE tenant_id = ${tenantId} AND payment_id = ${payment.id}::bigint`
  ).execute(trx);
}

/** A reader's pending payments (the desk's, and QR codes not yet expired). */
export async function findPendingPayments(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
): Promise<PaymentRow[]> {
  const rows = await db
    .selectFrom('circ_payment')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute();
  return rows as PaymentRow[];
}
