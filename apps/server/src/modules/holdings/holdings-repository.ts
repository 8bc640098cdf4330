import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ITEM_CAPS, LINK_CAPS, readLinks, readText } from '../../lib/answer-caps.js';

/** A copy as stored. */
export interface ItemRow {
  item_id: number;
  barcode: string | null;
  call_no: string | null;
  lib_code: string | null;
  campus_id: string | null;
  location_id: string | null;
  location_name: string | null;
  cur_location_id: string | null;
  shelf_no: string | null;
  vol: string | null;
  year: string | null;
  process_type_code: string;
  due_date: string | null;
  circ_attr: string;
  price: string | null;
  in_date: string | null;
}

/** Every copy of a record (of the tenant), in item order. */
export async function findItems(db: Kysely<Database>, tenantId: number, recordId: number): Promise<ItemRow[]> {
  // Values read capped (see answer-caps): a copy stored with a huge value answers fast.
  const text = (column: string) => sql`${readText(column, ITEM_CAPS)} AS ${sql.ref(column)}`;
  const { rows } = await sql<ItemRow>`
    SELECT item_id, ${text('barcode')}, ${text('call_no')}, ${text('lib_code')}, ${text('campus_id')},
           ${text('location_id')}, ${text('location_name')}, ${text('cur_location_id')}, ${text('shelf_no')},
           ${text('vol')}, ${text('year')}, process_type_code, to_char(due_date, 'YYYY-MM-DD') AS due_date,
           circ_attr, ${text('price')}, to_char(in_date, 'YYYY-MM-DD') AS in_date
    FROM item WHERE tenant_id = ${tenantId} AND record_id = ${recordId}
    ORDER BY item_id`.execute(db);
  return rows;
}

/** The tenant's main library codes. */
export async function findMainLibraries(db: Kysely<Database>, tenantId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('library')
    .select('lib_code')
    .where('tenant_id', '=', tenantId)
    .where('is_main', '=', true)
    .execute();
  return new Set(rows.map((r) => r.lib_code));
}

/** Files attached to a record. */
export async function findAttachments(
  db: Kysely<Database>,
  tenantId: number,
  recordId: number,
  offset: number,
  rows: number,
) {
  const [total, list] = await Promise.all([
    db
      .selectFrom('record_attachment')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('record_id', '=', recordId)
      .executeTakeFirst(),
    db
      .selectFrom('record_attachment')
      .select(['id', 'name', 'url', 'kind', 'size'])
      .where('tenant_id', '=', tenantId)
      .where('record_id', '=', recordId)
      .orderBy('seq')
      .orderBy('id')
      .limit(rows)
      .offset(offset)
      .execute(),
  ]);
  return { total: Number(total?.n ?? 0), rows: list };
}

/** The record's electronic links. */
export async function findLinks(
  db: Kysely<Database>,
  tenantId: number,
  recordId: number,
): Promise<Array<{ url: string; label?: string | null }>> {
  const row = await db
    .selectFrom('bib_record')
    .select(readLinks('links', LINK_CAPS).as('links'))
    .where('tenant_id', '=', tenantId)
    .where('record_id', '=', recordId)
    .executeTakeFirst();
  return row?.links ?? [];
}
