import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { HoldStage, RequestStatus, RequestType } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { findPage } from '../../lib/paged-query.js';

/** A reader's request with its record and pickup library, as the request list shows it. */
export interface RequestRow {
  id: string;
  record_id: number;
  title: string;
  author: string | null;
  call_no: string | null;
  request_type: RequestType;
  status: RequestStatus;
  pickup_lib_code: string;
  lib_name: string | null;
  lib_name_en: string | null;
  lib_name_tw: string | null;
  queue_position: number | null;
  barcode: string | null;
  ready_until: string | null;
  pickup_code: string | null;
  hold_stage: HoldStage | null;
  created_at: string;
  delivery_recipient: string | null;
  delivery_phone: string | null;
  delivery_address: string | null;
  delivery_postcode: string | null;
  tracking_no: string | null;
  shipped_at: string | null;
  received_at: string | null;
}

/** A home delivery's address, as copied into the request when it is placed. */
export interface DeliveryAddress {
  recipient: string;
  phone: string;
  address: string;
  postcode: string;
}

/** A six-digit code the reader shows when picking up a held copy. */
const pickupCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Locks a record's copies for the transaction (requests, checkouts and returns of one record take
 * turns) and gives the loanable ones: barcode, whether lent now, whether held for a ready request.
 */
export async function lockRecordCopies(
  trx: Kysely<Database>,
  tenantId: number,
  recordId: number,
): Promise<Array<{ barcode: string; lent: boolean; held: boolean }>> {
  await sql`SELECT 1 FROM item WHERE tenant_id = ${tenantId} AND record_id = ${recordId} ORDER BY item_id FOR UPDATE`.execute(
    trx,
  );
  const res = await sql<{ barcode: string; lent: boolean; held: boolean }>`
    SELECT i.barcode,
           EXISTS (SELECT 1 FROM loan_event le WHERE le.tenant_id = i.tenant_id AND le.barcode = i.barcode
                   AND le.return_date IS NULL) AS lent,
           EXISTS (SELECT 1 FROM circ_request r WHERE r.tenant_id = i.tenant_id AND r.barcode = i.barcode
                   AND r.status = 'ready' AND r.request_type <> 'relend') AS held
    FROM item i
    WHERE i.tenant_id = ${tenantId} AND i.record_id = ${recordId} AND i.circ_attr = '0' AND i.barcode IS NOT NULL
    ORDER BY i.item_id`.execute(trx);
  return res.rows;
}

/** Whether the reader has a copy of the record on loan now. */
export async function hasRecordOnLoan(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  recordId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('loan_event')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('record_id', '=', recordId)
    .where('return_date', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The reader's open requests (waiting or ready), all records. */
export async function countOpenRequests(db: Kysely<Database>, tenantId: number, readerId: number): Promise<number> {
  const row = await db
    .selectFrom('circ_request')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('status', 'in', ['waiting', 'ready'])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The reader's requests with a copy on the hold shelf for them now (not those still being fetched). */
export async function countReadyRequests(db: Kysely<Database>, tenantId: number, readerId: number): Promise<number> {
  const row = await db
    .selectFrom('circ_request')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('status', '=', 'ready')
    .where('request_type', '<>', 'relend')
    .where('ready_until', '>=', sql<Date>`current_date`)
    .where((eb) => eb.or([eb('hold_stage', 'is', null), eb('hold_stage', '=', 'shelved')]))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Adds a request: ready at once with `heldBarcode` (a copy on the shelf, held until `readyUntil`),
 * else waiting. Its id, or null when the reader has an open request for the record already.
 */
export async function insertRequest(
  trx: Kysely<Database>,
  r: {
    tenantId: number;
    readerId: number;
    recordId: number;
    type: RequestType;
    pickupLibCode: string;
    contactPhone: string;
    heldBarcode: string | null;
    readyUntil: string | null;
    /** A home delivery's address (no pickup code: staff send the copy). */
    delivery?: DeliveryAddress;
    /** The days the reader asked a held copy to be kept (null: the policy's). */
    retentionDays?: number | null;
    /** Where the held copy is (default: still in the stacks, to pick). */
    holdStage?: HoldStage;
  },
): Promise<number | null> {
  const d = r.delivery;
  const res = await sql<{ id: string }>`
    INSERT INTO circ_request (tenant_id, reader_id, record_id, request_type, status, pickup_lib_code,
                              contact_phone, barcode, ready_until, pickup_code,
                              delivery_recipient, delivery_phone, delivery_address, delivery_postcode,
                              retention_days, hold_stage)
    VALUES (${r.tenantId}, ${r.readerId}, ${r.recordId}, ${r.type}, ${r.heldBarcode ? 'ready' : 'waiting'},
            ${r.pickupLibCode}, ${r.contactPhone}, ${r.heldBarcode}, ${r.readyUntil}::date,
            ${r.heldBarcode && !d ? pickupCode() : null},
            ${d?.recipient ?? null}, ${d?.phone ?? null}, ${d?.address ?? null}, ${d?.postcode ?? null},
            ${r.retentionDays ?? null}, ${r.heldBarcode ? (r.holdStage ?? 'pick') : null})
    ON CONFLICT (tenant_id, reader_id, record_id) WHERE status IN ('waiting', 'ready') DO NOTHING
    RETURNING id::text AS id`.execute(trx);
  return res.rows[0] ? Number(res.rows[0].id) : null;
}

/**
 * Place of a waiting request in its record's queue (1 = next); null when it is not waiting. The queue
 * is in id order: requests of a record are added one at a time under its copies' lock, so ids follow
 * the order they came in (a transaction's `now()` would not: it is when the transaction began).
 */
export async function queuePosition(db: Kysely<Database>, tenantId: number, requestId: number): Promise<number | null> {
  const res = await sql<{ n: number | null }>`
    SELECT (SELECT count(*)::int FROM circ_request q
            WHERE q.tenant_id = r.tenant_id AND q.record_id = r.record_id AND q.status = 'waiting'
              AND q.request_type <> 'relend' AND q.id <= r.id) AS n
    FROM circ_request r
    WHERE r.tenant_id = ${tenantId} AND r.id = ${String(requestId)}::bigint AND r.status = 'waiting'`.execute(db);
  return res.rows[0]?.n ?? null;
}

/**
 * Holds a returned (or freed) copy for the first waiting request of its record: ready until
 * `readyUntil`, with a pickup code, the copy at `stage` (in staff's hands, or still in the stacks
 * when the freed hold's copy was never fetched). The reader it is held for, or null when nobody waits.
 */
export async function holdForNext(
  trx: Kysely<Database>,
  tenantId: number,
  recordId: number,
  barcode: string,
  day: string,
  holdShelfDays: number,
  stage: HoldStage,
): Promise<{ requestId: number; readerId: number } | null> {
  // A home delivery's copy waits for staff to send it: no last day on the hold shelf, no pickup code.
  // Else it is kept the days the reader asked for, at most the policy's.
  const res = await sql<{ id: string; reader_id: number }>`
    UPDATE circ_request SET status = 'ready', barcode = ${barcode},
           ready_until = CASE WHEN request_type = 'delivery' THEN NULL
                              ELSE ${day}::date + least(coalesce(retention_days, ${holdShelfDays}::int),
                                                        ${holdShelfDays}::int) - 1 END,
           pickup_code = CASE WHEN request_type = 'delivery' THEN NULL ELSE ${pickupCode()} END,
           hold_stage = ${stage}, retrieved_at = CASE WHEN ${stage} = 'retrieved' THEN now() END, updated_at = now()
    WHERE id = (SELECT id FROM circ_request
                WHERE tenant_id = ${tenantId} AND record_id = ${recordId} AND status = 'waiting'
                  AND request_type <> 'relend'
                ORDER BY id LIMIT 1)
    RETURNING id::text AS id, reader_id`.execute(trx);
  const row = res.rows[0];
  return row ? { requestId: Number(row.id), readerId: row.reader_id } : null;
}

/** The ready request a copy is held for, if any. */
export async function findHoldOfCopy(
  trx: Kysely<Database>,
  tenantId: number,
  barcode: string,
): Promise<{ id: string; reader_id: number } | undefined> {
  return trx
    .selectFrom('circ_request')
    .select(['id', 'reader_id'])
    .where('tenant_id', '=', tenantId)
    .where('barcode', '=', barcode)
    .where('status', '=', 'ready')
    .where('request_type', '<>', 'relend')
    .executeTakeFirst();
}

/** Ends a request (fulfilled, cancelled or expired). */
export async function endRequest(
  trx: Kysely<Database>,
  tenantId: number,
  requestId: string,
  status: 'fulfilled' | 'cancelled' | 'expired' | 'handedOver',
): Promise<void> {
  await sql`UPDATE circ_request SET status = ${status}, updated_at = now()
            WHERE tenant_id = ${tenantId} AND id = ${requestId}::bigint`.execute(trx);
}

/** The reader's open request (waiting or ready) with this id. */
export async function findOpenRequest(
  trx: Kysely<Database>,
  tenantId: number,
  readerId: number,
  requestId: number,
): Promise<
  | {
      id: string;
      record_id: number;
      status: string;
      barcode: string | null;
      request_type: RequestType;
      hold_stage: HoldStage | null;
    }
  | undefined
> {
  return trx
    .selectFrom('circ_request')
    .select(['id', 'record_id', 'status', 'barcode', 'request_type', 'hold_stage'])
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('id', '=', String(requestId))
    .where('status', 'in', ['waiting', 'ready'])
    .executeTakeFirst();
}

/** Ready requests whose last day has passed (to expire, each copy then going to the next reader). */
export async function findLapsedHolds(
  trx: Kysely<Database>,
  tenantId: number,
): Promise<Array<{ id: string; record_id: number; barcode: string | null; hold_stage: HoldStage | null }>> {
  return (
    trx
      .selectFrom('circ_request')
      .select(['id', 'record_id', 'barcode', 'hold_stage'])
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'ready')
      .where('request_type', '<>', 'relend')
      .where('ready_until', '<', sql<Date>`current_date`)
      // Only a copy on the hold shelf lapses: the reader's days start when staff put it there (a held
      // copy not fetched yet has a provisional last day; null: held before the stages were tracked).
      .where((eb) => eb.or([eb('hold_stage', 'is', null), eb('hold_stage', '=', 'shelved')]))
      .execute()
  );
}

/** Waiting requests of other readers, per record, for the records of some loans (renewal's "on hold"). */
export async function countWaitingByRecord(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  recordIds: readonly number[],
): Promise<Map<number, number>> {
  if (!recordIds.length) return new Map();
  const rows = await db
    .selectFrom('circ_request')
    .select(['record_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '<>', readerId)
    .where('status', '=', 'waiting')
    .where('request_type', '<>', 'relend')
    .where('record_id', 'in', [...new Set(recordIds)])
    .groupBy('record_id')
    .execute();
  return new Map(rows.map((r) => [r.record_id, Number(r.n)]));
}

/** A page of the reader's requests: open ones first (oldest first), then ended ones (latest first). */
export async function findReaderRequests(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  offset: number,
  rows: number,
): Promise<{ total: number; rows: RequestRow[] }> {
  const select = sql`
    SELECT r.id::text AS id, r.record_id, b.title, b.author, b.call_numbers[1] AS call_no, r.request_type,
           r.status, r.pickup_lib_code, l.name AS lib_name, l.name_en AS lib_name_en, l.name_tw AS lib_name_tw,
           CASE WHEN r.status = 'waiting' AND r.request_type <> 'relend' THEN
             (SELECT count(*)::int FROM circ_request q
              WHERE q.tenant_id = r.tenant_id AND q.record_id = r.record_id AND q.status = 'waiting'
                AND q.request_type <> 'relend' AND q.id <= r.id) END AS queue_position,
           r.barcode, r.ready_until::text AS ready_until, r.pickup_code, r.hold_stage,
           to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
           r.delivery_recipient, r.delivery_phone, r.delivery_address, r.delivery_postcode, r.tracking_no,
           to_char(r.shipped_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS shipped_at,
           to_char(r.received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS received_at,
           (r.status IN ('waiting', 'ready', 'shipped')) AS is_open, r.created_at AS created, r.updated_at AS updated
    FROM circ_request r
    JOIN bib_record b ON b.record_id = r.record_id
    LEFT JOIN library l ON l.tenant_id = r.tenant_id AND l.lib_code = r.pickup_lib_code
    WHERE r.tenant_id = ${tenantId} AND r.reader_id = ${readerId}`;
  const order = sql`is_open DESC, CASE WHEN is_open THEN created END ASC, updated DESC, id DESC`;
  return findPage<RequestRow>(db, select, order, offset, rows);
}

/** The ready request a pickup code names (the desk lends its held copy). */
export async function findReadyRequestByCode(
  db: Kysely<Database>,
  tenantId: number,
  pickupCode: string,
): Promise<{ id: string; reader_id: number; barcode: string | null } | undefined> {
  const rows = await db
    .selectFrom('circ_request')
    .select(['id', 'reader_id', 'barcode'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'ready')
    .where('request_type', '<>', 'relend')
    .where('pickup_code', '=', pickupCode)
    .where('ready_until', '>=', sql<Date>`current_date`)
    .limit(2)
    .execute();
  // Codes are random: two ready requests sharing one name neither (the desk asks the reader's card).
  return rows.length === 1 ? rows[0] : undefined;
}

/** One of the reader's requests, whatever its status (why a step on it is refused). */
export async function findReaderRequest(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  requestId: number,
): Promise<{ id: string; record_id: number; request_type: RequestType; status: RequestStatus } | undefined> {
  return db
    .selectFrom('circ_request')
    .select(['id', 'record_id', 'request_type', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('reader_id', '=', readerId)
    .where('id', '=', String(requestId))
    .executeTakeFirst();
}

/** A home delivery by id (the desk sends it): its reader, record, status and the copy held for it. */
export async function findDelivery(
  db: Kysely<Database>,
  tenantId: number,
  requestId: number,
): Promise<
  { id: string; reader_id: number; record_id: number; status: RequestStatus; barcode: string | null } | undefined
> {
  return db
    .selectFrom('circ_request')
    .select(['id', 'reader_id', 'record_id', 'status', 'barcode'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', String(requestId))
    .where('request_type', '=', 'delivery')
    .executeTakeFirst();
}

/**
 * Marks a home delivery whose copy is held (ready) as sent, with its tracking number: the guard of
 * sending it once (a second desk finds it sent already). Its time, or undefined when it was not ready.
 */
export async function markShipped(
  trx: Kysely<Database>,
  tenantId: number,
  requestId: number,
  trackingNo: string,
): Promise<{ shipped_at: string } | undefined> {
  const res = await sql<{ shipped_at: string }>`
    UPDATE circ_request SET status = 'shipped', tracking_no = ${trackingNo}, shipped_at = now(), updated_at = now()
    WHERE tenant_id = ${tenantId} AND id = ${String(requestId)}::bigint AND request_type = 'delivery'
      AND status = 'ready' AND barcode IS NOT NULL
    RETURNING to_char(shipped_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS shipped_at`.execute(trx);
  return res.rows[0];
}

/**
 * Marks the reader's sent delivery received (fulfilled): the guard of confirming once (the update
 * takes the row's lock; a second one finds it fulfilled). Its time, or undefined when it was not sent.
 */
export async function markReceived(
  db: Kysely<Database>,
  tenantId: number,
  readerId: number,
  requestId: number,
): Promise<{ received_at: string } | undefined> {
  const res = await sql<{ received_at: string }>`
    UPDATE circ_request SET status = 'fulfilled', received_at = now(), updated_at = now()
    WHERE tenant_id = ${tenantId} AND reader_id = ${readerId} AND id = ${String(requestId)}::bigint
      AND request_type = 'delivery' AND status = 'shipped'
    RETURNING to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS received_at`.execute(db);
  return res.rows[0];
}

/** A home delivery as the desk's list shows it. */
export interface DeliveryRow {
  id: string;
  record_id: number;
  title: string;
  call_no: string | null;
  barcode: string | null;
  account: string;
  name: string;
  delivery_recipient: string;
  delivery_phone: string;
  delivery_address: string;
  delivery_postcode: string;
  tracking_no: string | null;
  shipped_at: string | null;
  created_at: string;
}

/**
 * A page of the institution's home deliveries in one status: ready (a copy held, to pick and send;
 * oldest first) or shipped (on their way; latest first). With `libCodes`, only those whose copy
 * belongs to one of those libraries.
 */
export async function findDeliveries(
  db: Kysely<Database>,
  tenantId: number,
  status: 'ready' | 'shipped',
  libCodes: readonly string[],
  offset: number,
  rows: number,
): Promise<{ total: number; rows: DeliveryRow[] }> {
  const libraries = libCodes.length
    ? sql`AND EXISTS (SELECT 1 FROM item i WHERE i.tenant_id = r.tenant_id AND i.barcode = r.barcode
                        AND i.lib_code IN (${sql.join([...libCodes])}))`
    : sql``;
  const select = sql`
    SELECT r.id::text AS id, r.record_id, b.title, b.call_numbers[1] AS call_no, r.barcode,
           rd.account, rd.name, r.delivery_recipient, r.delivery_phone, r.delivery_address, r.delivery_postcode,
           r.tracking_no,
           to_char(r.shipped_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS shipped_at,
           to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
           r.shipped_at AS shipped, r.created_at AS created, r.id AS seq
    FROM circ_request r
    JOIN bib_record b ON b.record_id = r.record_id
    JOIN reader rd ON rd.id = r.reader_id
    WHERE r.tenant_id = ${tenantId} AND r.request_type = 'delivery' AND r.status = ${status} ${libraries}`;
  const order = status === 'ready' ? sql`created ASC, seq ASC` : sql`shipped DESC, seq DESC`;
  return findPage<DeliveryRow>(db, select, order, offset, rows);
}
