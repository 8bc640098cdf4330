import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { mainLibraryCode } from './demo-readers.js';

/**
 * The demo circulation of an institution (issue 27): its loan policies, and loans of the demo
 * readers that show every state My Library explains — due soon, overdue, renewable, and not
 * renewable for each reason (too early, renewals used up, recalled, a reference copy, a frozen or
 * lost card) — plus a loan history, requests (one ready for pickup, one waiting; another reader's
 * home delivery on its way) and fines (one owed, one paid; a lost copy being replaced). Copies on the shelf are lent for it; needs the demo catalogue.
 */

/** Demo loans of a reader: days until due (negative: overdue), days since lent, renewals, recalls. */
interface DemoLoan {
  due: number;
  lent: number;
  renewals?: number;
  recalls?: number;
  /** Lend a reference copy (circAttr 1): lent for the reading room, never renewed. */
  reference?: boolean;
}

const DEMO_LOANS: Record<string, DemoLoan[]> = {
  // The normal reader: one of each state.
  D0001: [
    { due: 2, lent: 28 },
    { due: 6, lent: 24 },
    { due: 25, lent: 5 },
    { due: -6, lent: 36 },
    { due: 4, lent: 86, renewals: 2 },
    { due: 3, lent: 27, recalls: 1 },
    { due: 1, lent: 1, reference: true },
  ],
  // A frozen and a lost card: loans they cannot renew.
  D0002: [
    { due: 5, lent: 25 },
    { due: -2, lent: 32 },
  ],
  D0003: [{ due: 9, lent: 21 }],
};

/** Returned loans given to the normal reader as their history. */
const HISTORY_LOANS = 12;

export async function seedDemoCirculation(db: Kysely<Database>, tenantId: number): Promise<number> {
  // The discovery seed has just written the loan history in bulk: without fresh statistics the
  // planner scans it once per demo loan (about 1.5 s each, most of the demo's seeding time).
  await sql`ANALYZE item, loan_event, circ_request`.execute(db);
  return inTransaction(db, async (trx) => {
    await sql`
      INSERT INTO loan_policy (tenant_id, reader_type, circ_attr, loan_days, max_loans, max_renewals, renewal_days, renew_window_days)
      VALUES (${tenantId}, '', '', 30, 10, 2, 30, 10),
             (${tenantId}, '', '1', 3, 2, 0, 3, 0),
             (${tenantId}, '教师', '', 60, 30, 3, 60, 15)
      ON CONFLICT DO NOTHING`.execute(trx);
    let lent = 0;
    for (const [cardNo, loans] of Object.entries(DEMO_LOANS)) {
      const reader = await trx
        .selectFrom('reader')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('card_no', '=', cardNo)
        .executeTakeFirst();
      if (!reader) continue;
      for (const loan of loans) lent += await lendDemoCopy(trx, tenantId, reader.id, loan);
      if (cardNo === 'D0001') await seedDemoRequests(trx, tenantId, reader.id);
      if (cardNo === 'D0001') {
        await sql`
          UPDATE loan_event SET reader_id = ${reader.id}
          WHERE id IN (SELECT id FROM loan_event
                       WHERE tenant_id = ${tenantId} AND reader_id IS NULL AND return_date IS NOT NULL
                       ORDER BY return_date DESC, id DESC LIMIT ${HISTORY_LOANS})`.execute(trx);
        await seedDemoFines(trx, tenantId, reader.id);
      }
      if (cardNo === 'D0002') {
        // A lost copy the reader replaces with one they buy: the replacement is on order.
        await sql`
          INSERT INTO circ_fine (tenant_id, reader_id, kind, status, title, amount_cents, note)
          VALUES (${tenantId}, ${reader.id}, 'lost', 'ordered', '数据结构（C语言版）', 3500, '读者自购同版本图书赔偿')`.execute(
          trx,
        );
      }
    }
    lent += await seedDemoDelivery(trx, tenantId);
    await seedDemoRelend(trx, tenantId);
    return lent;
  });
}

/**
 * A home delivery on its way (送书上门, in logistics): the teacher with the old password (D0004)
 * asked for a book to be sent home; the library lent it two days ago (for a teacher's 60 days) and
 * sent it with a tracking number, and the reader has yet to confirm receipt (My Library → Requests).
 * 1 loan, or 0.
 */
async function seedDemoDelivery(trx: Kysely<Database>, tenantId: number): Promise<number> {
  const reader = await trx
    .selectFrom('reader')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('card_no', '=', 'D0004')
    .executeTakeFirst();
  const from = await mainLibraryCode(trx, tenantId);
  if (!reader || !from) return 0;
  if (!(await lendDemoCopy(trx, tenantId, reader.id, { due: 58, lent: 2 }))) return 0;
  await sql`
    INSERT INTO circ_request (tenant_id, reader_id, record_id, request_type, status, pickup_lib_code, barcode,
                              delivery_recipient, delivery_phone, delivery_address, delivery_postcode, tracking_no,
                              shipped_at, created_at, updated_at)
    SELECT ${tenantId}, ${reader.id}, le.record_id, 'delivery', 'shipped', ${from}, le.barcode,
           '刘洋', '13800000004', '浙江省 杭州市 西湖区 文二路 391 号 5 幢 602 室', '310013', 'SF1402026001',
           now() - interval '2 days', now() - interval '3 days', now() - interval '2 days'
    FROM loan_event le
    WHERE le.tenant_id = ${tenantId} AND le.reader_id = ${reader.id} AND le.return_date IS NULL
    ORDER BY le.id DESC LIMIT 1`.execute(trx);
  return 1;
}

/**
 * A re-lend ask (转借): the reader with the unverified contacts (D0005) asks for a book the normal
 * reader (D0001, who takes part in transfer lending) has on loan, not overdue, with no copy on the
 * shelf and nobody in its reservation queue: the normal reader sees it under "Asked of you".
 */
async function seedDemoRelend(trx: Kysely<Database>, tenantId: number): Promise<void> {
  await sql`
    INSERT INTO circ_request (tenant_id, reader_id, record_id, request_type, status, pickup_lib_code, ask_until,
                              relend_note)
    SELECT ${tenantId}, asker.id, le.record_id, 'relend', 'waiting', '', current_date + 5, '工作日中午在主馆大厅见'
    FROM loan_event le
    JOIN reader holder ON holder.id = le.reader_id AND holder.card_no = 'D0001'
    JOIN item i ON i.tenant_id = le.tenant_id AND i.barcode = le.barcode AND i.circ_attr = '0'
    JOIN reader asker ON asker.tenant_id = le.tenant_id AND asker.card_no = 'D0005'
    WHERE le.tenant_id = ${tenantId} AND le.return_date IS NULL AND le.due_date >= current_date
      AND NOT EXISTS (SELECT 1 FROM item o WHERE o.tenant_id = le.tenant_id AND o.record_id = le.record_id
                        AND o.circ_attr = '0' AND o.barcode IS NOT NULL AND o.process_type_code = '411')
      AND NOT EXISTS (SELECT 1 FROM circ_request q WHERE q.tenant_id = le.tenant_id AND q.record_id = le.record_id
                        AND q.status IN ('waiting', 'ready'))
    ORDER BY le.due_date DESC, le.id LIMIT 1`.execute(trx);
}

/**
 * Fines of the normal reader, from two loans of their history: one returned 12 days late and not
 * paid yet (¥1.20, under the ¥10 limit: the demo's renewals still show their own reasons), one
 * returned 8 days late and paid at the desk.
 */
async function seedDemoFines(trx: Kysely<Database>, tenantId: number, readerId: number): Promise<void> {
  await sql`
    INSERT INTO circ_fine (tenant_id, reader_id, kind, status, loan_id, barcode, title, amount_cents, paid_cents,
                           overdue_days, created_at)
    SELECT ${tenantId}, ${readerId}, 'overdue', f.status, le.id, le.barcode, b.title, f.cents,
           CASE WHEN f.status = 'processed' THEN f.cents ELSE 0 END, f.days, le.return_date::timestamptz
    FROM (SELECT id, row_number() OVER (ORDER BY return_date DESC, id DESC) AS n FROM loan_event
          WHERE tenant_id = ${tenantId} AND reader_id = ${readerId} AND return_date IS NOT NULL) h
    JOIN (VALUES (1, 'unprocessed', 120, 12), (3, 'processed', 80, 8)) AS f(n, status, cents, days) ON f.n = h.n
    JOIN loan_event le ON le.id = h.id
    JOIN bib_record b ON b.record_id = le.record_id
    ON CONFLICT DO NOTHING`.execute(trx);
}

/**
 * Lends a copy on the shelf (loanable, or a reference copy; of the last records, which the demo's
 * examples do not show) to a reader as `loan` says; 1, or 0 when none is left.
 */
async function lendDemoCopy(
  trx: Kysely<Database>,
  tenantId: number,
  readerId: number,
  loan: DemoLoan,
): Promise<number> {
  const attr = loan.reference ? '1' : '0';
  const res = await sql<{ id: string }>`
    WITH copy AS (
      SELECT i.item_id, i.record_id, i.barcode, i.lib_code FROM item i
      WHERE i.tenant_id = ${tenantId} AND i.process_type_code = '411' AND i.circ_attr = ${attr}
        AND i.barcode IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM loan_event le WHERE le.tenant_id = i.tenant_id AND le.barcode = i.barcode
                        AND le.return_date IS NULL)
        AND NOT EXISTS (SELECT 1 FROM circ_request r WHERE r.tenant_id = i.tenant_id AND r.barcode = i.barcode
                        AND r.status = 'ready')
      ORDER BY i.record_id DESC, i.item_id DESC LIMIT 1
    ), lent AS (
      UPDATE item SET process_type_code = '412', due_date = current_date + ${loan.due}::int
      FROM copy WHERE item.item_id = copy.item_id RETURNING item.item_id
    )
    INSERT INTO loan_event (tenant_id, record_id, barcode, lib_code, reader_id, loan_date, due_date,
                            renew_count, last_renewed_on, recall_count)
    SELECT ${tenantId}, copy.record_id, copy.barcode, copy.lib_code, ${readerId}, current_date - ${loan.lent}::int,
           current_date + ${loan.due}::int, ${loan.renewals ?? 0},
           CASE WHEN ${loan.renewals ?? 0} > 0 THEN current_date - ${Math.max(0, 30 - loan.due)}::int END,
           ${loan.recalls ?? 0}
    FROM copy JOIN lent ON lent.item_id = copy.item_id
    RETURNING id::text AS id`.execute(trx);
  return res.rows.length;
}

/**
 * The normal reader's requests: one ready (a copy on the shelf held for them, with a pickup code)
 * and one waiting for a title whose copies are all lent.
 */
async function seedDemoRequests(trx: Kysely<Database>, tenantId: number, readerId: number): Promise<void> {
  const pickup = await mainLibraryCode(trx, tenantId);
  if (!pickup) return;
  await sql`
    INSERT INTO circ_request (tenant_id, reader_id, record_id, request_type, status, pickup_lib_code, barcode,
                              ready_until, pickup_code)
    SELECT ${tenantId}, ${readerId}, i.record_id, 'reserve', 'ready', ${pickup}, i.barcode,
           current_date + 4, lpad((floor(random() * 1000000))::int::text, 6, '0')
    FROM item i
    WHERE i.tenant_id = ${tenantId} AND i.process_type_code = '411' AND i.circ_attr = '0' AND i.barcode IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM loan_event le WHERE le.tenant_id = i.tenant_id AND le.barcode = i.barcode
                      AND le.return_date IS NULL)
    ORDER BY i.record_id DESC, i.item_id DESC LIMIT 1`.execute(trx);
  await sql`
    INSERT INTO circ_request (tenant_id, reader_id, record_id, request_type, status, pickup_lib_code)
    SELECT ${tenantId}, ${readerId}, b.record_id, 'reserve', 'waiting', ${pickup}
    FROM bib_record b
    WHERE b.tenant_id = ${tenantId}
      AND EXISTS (SELECT 1 FROM item i WHERE i.record_id = b.record_id AND i.circ_attr = '0' AND i.barcode IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM item i WHERE i.record_id = b.record_id AND i.circ_attr = '0'
                        AND i.barcode IS NOT NULL AND i.process_type_code = '411')
      AND NOT EXISTS (SELECT 1 FROM loan_event le WHERE le.record_id = b.record_id AND le.reader_id = ${readerId}
                        AND le.return_date IS NULL)
    ORDER BY b.record_id DESC LIMIT 1`.execute(trx);
}
