import { randomInt } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { HoldStage, RequestStatus, RequestType } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { findPage } from '../../lib/paged-query.js';

/**
 * The request manager's SQL (issue 28): the institution's requests as staff see them, and the guarded
 * single UPDATEs of each step a held copy takes (fetched, on the hold shelf, cancelled, an expired
 * hold's copy cleared), each of which a second click or a second staff member finds done already.
 */

const iso = (col: RawBuilder<unknown>) => sql`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** A request with its record, reader, pickup library and copy, as the staff list and detail show it. */
export interface AdminRequestRow {
  id: string;
  record_id: number;
  title: string;
  author: string | null;
  isbn: string | null;
  publisher: string | null;
  request_type: RequestType;
  status: RequestStatus;
  hold_stage: HoldStage | null;
  pickup_lib_code: string;
  lib_name: string | null;
  lib_name_en: string | null;
  lib_name_tw: string | null;
  reader_id: number;
  account: string;
  reader_name: string;
  card_no: string;
  reader_phone: string;
  reader_email: string;
  contact_phone: string;
  barcode: string | null;
  copy_lib_code: string | null;
  loc_name: string | null;
  loc_name_en: string | null;
  loc_name_tw: string | null;
  call_no: string | null;
  queue_position: number | null;
  ready_until: string | null;
  pickup_code: string | null;
  cancel_reason: string | null;
  delivery_recipient: string | null;
  delivery_phone: string | null;
  delivery_address: string | null;
  delivery_postcode: string | null;
  tracking_no: string | null;
  created_at: string;
  updated_at: string;
  retrieved_at: string | null;
  shelved_at: string | null;
  shipped_at: string | null;
  received_at: string | null;
  cleared_at: string | null;
}

/** What the staff list is filtered by (all optional). */
export interface AdminRequestFilter {
  status?: RequestStatus | undefined;
  stage?: HoldStage | undefined;
  kind?: RequestType | undefined;
  libCode?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
}

/**
 * The SELECT of request rows of an institution with `where` (over `r`, the request, `i` its copy, `b`
 * the record, `rd` the reader). `libCodes` (a desk account's libraries; [] = all): only requests
 * picked up at one of them or whose copy is one of theirs.
 */
function requestSelect(tenantId: number, libCodes: readonly string[], where: RawBuilder<unknown>) {
  const libraries = libCodes.length
    ? sql`AND (r.pickup_lib_code IN (${sql.join([...libCodes])}) OR i.lib_code IN (${sql.join([...libCodes])}))`
    : sql``;
  return sql`
    SELECT r.id::text AS id, r.record_id, b.title, b.author, b.isbns[1] AS isbn, b.publisher, r.request_type,
           r.status, r.hold_stage, r.pickup_lib_code, pl.name AS lib_name, pl.name_en AS lib_name_en,
           pl.name_tw AS lib_name_tw, r.reader_id, rd.account, rd.name AS reader_name, rd.card_no,
           rd.phone AS reader_phone, rd.email AS reader_email, r.contact_phone, r.barcode,
           i.lib_code AS copy_lib_code, coalesce(loc.name, i.location_name) AS loc_name,
           loc.name_en AS loc_name_en, loc.name_tw AS loc_name_tw,
           coalesce(i.call_no, b.call_numbers[1]) AS call_no,
           CASE WHEN r.status = 'waiting' AND r.request_type <> 'relend' THEN
             (SELECT count(*)::int FROM circ_request q
              WHERE q.tenant_id = r.tenant_id AND q.record_id = r.record_id AND q.status = 'waiting'
                AND q.request_type <> 'relend' AND q.id <= r.id) END AS queue_position,
           r.ready_until::text AS ready_until,
           CASE WHEN r.status = 'ready' THEN r.pickup_code END AS pickup_code, r.cancel_reason,
           r.delivery_recipient, r.delivery_phone, r.delivery_address, r.delivery_postcode, r.tracking_no,
           ${iso(sql`r.created_at`)} AS created_at, ${iso(sql`r.updated_at`)} AS updated_at,
           ${iso(sql`r.retrieved_at`)} AS retrieved_at, ${iso(sql`r.shelved_at`)} AS shelved_at,
           ${iso(sql`r.shipped_at`)} AS shipped_at, ${iso(sql`r.received_at`)} AS received_at,
           ${iso(sql`r.cleared_at`)} AS cleared_at, r.created_at AS created, r.id AS seq
    FROM circ_request r
    JOIN bib_record b ON b.record_id = r.record_id AND b.tenant_id = r.tenant_id
    JOIN reader rd ON rd.id = r.reader_id AND rd.tenant_id = r.tenant_id
    LEFT JOIN library pl ON pl.tenant_id = r.tenant_id AND pl.lib_code = r.pickup_lib_code
    LEFT JOIN LATERAL (SELECT it.lib_code, it.location_id, it.location_name, it.call_no FROM item it
                       WHERE it.tenant_id = r.tenant_id AND it.barcode = r.barcode LIMIT 1) i ON true
    LEFT JOIN location loc ON loc.tenant_id = r.tenant_id AND loc.location_id = i.location_id
    WHERE r.tenant_id = ${tenantId} ${libraries} AND ${where}`;
}

/** A page of an institution's requests, newest first. */
export async function findAdminRequests(
  db: Kysely<Database>,
  tenantId: number,
  libCodes: readonly string[],
  f: AdminRequestFilter,
  offset: number,
  rows: number,
): Promise<{ total: number; rows: AdminRequestRow[] }> {
  const conditions = [sql`true`];
  if (f.status) conditions.push(sql`r.status = ${f.status}`);
  if (f.stage) conditions.push(sql`r.hold_stage = ${f.stage} AND r.status = 'ready'`);
  if (f.kind) conditions.push(sql`r.request_type = ${f.kind}`);
  if (f.libCode) conditions.push(sql`(r.pickup_lib_code = ${f.libCode} OR i.lib_code = ${f.libCode})`);
  if (f.from) conditions.push(sql`r.created_at >= ${f.from}::date`);
  if (f.to) conditions.push(sql`r.created_at < ${f.to}::date + 1`);
  const q = f.q?.trim().toLowerCase();
  if (q)
    conditions.push(
      sql`(rd.account = ${q} OR rd.card_no = ${q} OR strpos(lower(rd.name), ${q}) > 0 OR strpos(lower(b.title), ${q}) > 0)`,
    );
  const select = requestSelect(tenantId, libCodes, sql.join(conditions, sql` AND `));
  return findPage<AdminRequestRow>(db, select, sql`created DESC, seq DESC`, offset, rows);
}

/** One request of the institution (within a desk account's libraries), or undefined. */
export async function findAdminRequest(
  db: Kysely<Database>,
  tenantId: number,
  libCodes: readonly string[],
  requestId: number,
): Promise<AdminRequestRow | undefined> {
  const res =
    await sql<AdminRequestRow>`${requestSelect(tenantId, libCodes, sql`r.id = ${String(requestId)}::bigint`)}`.execute(
      db,
    );
  return res.rows[0];
}

/** The audit log's rows about a request (the request manager's and the desk's), oldest first. */
export async function findRequestAudit(
  db: Kysely<Database>,
  tenantId: number,
  requestId: number,
): Promise<Array<{ at: string; action: string; actor: string; before: unknown; after: unknown }>> {
  const id = String(requestId);
  const res = await sql<{ at: string; action: string; actor: string; before: unknown; after: unknown }>`
    SELECT ${iso(sql`at`)} AS at, action, actor, before, after FROM audit_log
    WHERE tenant_id = ${tenantId} AND (target = ${`request ${id}`} OR after->>'requestId' = ${id})
    ORDER BY id LIMIT 200`.execute(db);
  return res.rows;
}

/** A copy to fetch from the stacks. */
export interface PickRow {
  id: string;
  barcode: string;
  call_no: string | null;
  title: string;
  author: string | null;
  request_type: RequestType;
  lib_code: string | null;
  lib_name: string | null;
  lib_name_en: string | null;
  lib_name_tw: string | null;
  loc_name: string | null;
  loc_name_en: string | null;
  loc_name_tw: string | null;
  pickup_lib_code: string;
  pickup_name: string | null;
  pickup_name_en: string | null;
  pickup_name_tw: string | null;
  reader_name: string;
  created_at: string;
}

/**
 * The copies held for ready requests that are still in the stacks, by the copy's library, location
 * and call number (the order a walk along the shelves takes); at most `limit`, the oldest requests
 * first, and how many there are in all.
 */
export async function findPickList(
  db: Kysely<Database>,
  tenantId: number,
  libCodes: readonly string[],
  libCode: string | undefined,
  limit: number,
): Promise<{ total: number; rows: PickRow[] }> {
  const mine = libCodes.length ? sql`AND i.lib_code IN (${sql.join([...libCodes])})` : sql``;
  const one = libCode ? sql`AND i.lib_code = ${libCode}` : sql``;
  const select = sql`
    SELECT r.id::text AS id, r.barcode, coalesce(i.call_no, b.call_numbers[1]) AS call_no, b.title, b.author,
           r.request_type, i.lib_code, l.name AS lib_name, l.name_en AS lib_name_en, l.name_tw AS lib_name_tw,
           coalesce(loc.name, i.location_name) AS loc_name, loc.name_en AS loc_name_en, loc.name_tw AS loc_name_tw,
           r.pickup_lib_code, pl.name AS pickup_name, pl.name_en AS pickup_name_en, pl.name_tw AS pickup_name_tw,
           rd.name AS reader_name, ${iso(sql`r.created_at`)} AS created_at, r.created_at AS created, r.id AS seq
    FROM circ_request r
    JOIN bib_record b ON b.record_id = r.record_id AND b.tenant_id = r.tenant_id
    JOIN reader rd ON rd.id = r.reader_id AND rd.tenant_id = r.tenant_id
    LEFT JOIN LATERAL (SELECT it.lib_code, it.location_id, it.location_name, it.call_no FROM item it
                       WHERE it.tenant_id = r.tenant_id AND it.barcode = r.barcode LIMIT 1) i ON true
    LEFT JOIN library l ON l.tenant_id = r.tenant_id AND l.lib_code = i.lib_code
    LEFT JOIN library pl ON pl.tenant_id = r.tenant_id AND pl.lib_code = r.pickup_lib_code
    LEFT JOIN location loc ON loc.tenant_id = r.tenant_id AND loc.location_id = i.location_id
    WHERE r.tenant_id = ${tenantId} AND r.status = 'ready' AND r.hold_stage = 'pick' AND r.barcode IS NOT NULL
      AND r.request_type <> 'relend' ${mine} ${one}`;
  const [counted, oldest] = await Promise.all([
    sql<{ n: number }>`SELECT count(*)::int AS n FROM (${select}) m`.execute(db),
    sql<PickRow>`SELECT * FROM (SELECT * FROM (${select}) m ORDER BY created, seq LIMIT ${limit}) o
                 ORDER BY lib_code NULLS LAST, loc_name NULLS LAST, call_no NULLS LAST, barcode`.execute(db),
  ]);
  return { total: counted.rows[0]?.n ?? 0, rows: oldest.rows };
}

/** The request a step changed, as it is now. */
export interface StepRow {
  id: string;
  reader_id: number;
  record_id: number;
  status: RequestStatus;
  hold_stage: HoldStage | null;
  ready_until: string | null;
  pickup_code: string | null;
  barcode: string | null;
}

const STEP_COLUMNS = sql`id::text AS id, reader_id, record_id, status, hold_stage, ready_until::text AS ready_until,
                         pickup_code, barcode`;

/** Marks a ready request's copy fetched from the stacks: once (undefined when it was not to be fetched). */
export async function markRetrieved(
  db: Kysely<Database>,
  tenantId: number,
  requestId: number,
): Promise<StepRow | undefined> {
  const res = await sql<StepRow>`
    UPDATE circ_request SET hold_stage = 'retrieved', retrieved_at = now(), updated_at = now()
    WHERE tenant_id = ${tenantId} AND id = ${String(requestId)}::bigint AND status = 'ready'
      AND hold_stage = 'pick' AND barcode IS NOT NULL AND request_type <> 'relend'
    RETURNING ${STEP_COLUMNS}`.execute(db);
  return res.rows[0];
}

/**
 * Puts a ready request's copy (a reservation or a retrieval: a delivery is sent, not shelved) on the
 * hold shelf: kept from `day` for the days the reader asked, at most `holdShelfDays`; a pickup code
 * when it has none. Once (undefined when it is on the shelf already, or no longer ready).
 */
export async function markShelved(
  db: Kysely<Database>,
  tenantId: number,
  requestId: number,
  day: string,
  holdShelfDays: number,
): Promise<StepRow | undefined> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const res = await sql<StepRow>`
    UPDATE circ_request SET hold_stage = 'shelved', shelved_at = now(),
           retrieved_at = coalesce(retrieved_at, now()),
           ready_until = ${day}::date + least(coalesce(retention_days, ${holdShelfDays}::int), ${holdShelfDays}::int) - 1,
           pickup_code = coalesce(pickup_code, ${code}), updated_at = now()
    WHERE tenant_id = ${tenantId} AND id = ${String(requestId)}::bigint AND status = 'ready'
      AND hold_stage IN ('pick', 'retrieved') AND barcode IS NOT NULL AND request_type IN ('reserve', 'entrust')
    RETURNING ${STEP_COLUMNS}`.execute(db);
  return res.rows[0];
}

/** Cancels a waiting or ready request with staff's reason: once (undefined when it had ended, or was sent). */
export async function markCancelled(
  db: Kysely<Database>,
  tenantId: number,
  requestId: number,
  reason: string,
): Promise<StepRow | undefined> {
  const res = await sql<StepRow>`
    UPDATE circ_request SET status = 'cancelled', cancel_reason = ${reason}, updated_at = now()
    WHERE tenant_id = ${tenantId} AND id = ${String(requestId)}::bigint AND status IN ('waiting', 'ready')
    RETURNING ${STEP_COLUMNS}`.execute(db);
  return res.rows[0];
}

/** An expired hold whose copy is on the hold shelf, with the request the copy is held for now (if any). */
export interface ExpiredHoldRow extends AdminRequestRow {
  next_id: string | null;
  next_reader_name: string | null;
}

/** The institution's expired holds whose copy staff have not taken off the hold shelf yet, oldest first. */
export async function findExpiredHolds(
  db: Kysely<Database>,
  tenantId: number,
  libCodes: readonly string[],
  offset: number,
  rows: number,
): Promise<{ total: number; rows: ExpiredHoldRow[] }> {
  const base = requestSelect(
    tenantId,
    libCodes,
    sql`r.status = 'expired' AND r.hold_stage = 'shelved' AND r.cleared_at IS NULL AND r.barcode IS NOT NULL`,
  );
  const select = sql`
    SELECT e.*, n.id AS next_id, n.name AS next_reader_name
    FROM (${base}) e
    LEFT JOIN LATERAL (SELECT q.id::text AS id, qr.name FROM circ_request q JOIN reader qr ON qr.id = q.reader_id
                       WHERE q.tenant_id = ${tenantId} AND q.barcode = e.barcode AND q.status = 'ready'
                         AND q.request_type <> 'relend'
                       LIMIT 1) n ON true`;
  return findPage<ExpiredHoldRow>(db, select, sql`created ASC, seq ASC`, offset, rows);
}

/** Takes an expired hold's copy off the hold shelf: once (undefined when cleared already, or not such a hold). */
export async function markCleared(
  db: Kysely<Database>,
  tenantId: number,
  requestId: number,
): Promise<{ barcode: string } | undefined> {
  const res = await sql<{ barcode: string }>`
    UPDATE circ_request SET cleared_at = now()
    WHERE tenant_id = ${tenantId} AND id = ${String(requestId)}::bigint AND status = 'expired'
      AND hold_stage = 'shelved' AND cleared_at IS NULL AND barcode IS NOT NULL
    RETURNING barcode`.execute(db);
  return res.rows[0];
}

/** The ready request a copy is held for now, if any. */
export async function findCurrentHold(
  db: Kysely<Database>,
  tenantId: number,
  barcode: string,
): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('circ_request')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('barcode', '=', barcode)
    .where('status', '=', 'ready')
    .where('request_type', '<>', 'relend')
    .executeTakeFirst();
}
