import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { BibRecordTable, Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { announceCatalogueChange } from './catalogue-events.js';
import { analyseRecord, type RecordAnalysis } from './record-analysis.js';
import type { ItemInput, RecordInput } from './record-input.js';

/** What storing a batch did. */
export interface StoreResult {
  created: number;
  updated: number;
  unchanged: number;
  /** Record ids of the created and updated records, by source key. */
  ids: Map<string, number>;
  warnings: string[];
}

const ON_SHELF = '411';
/** PostgreSQL's limit on the parameters of one statement, with a margin. */
const MAX_PARAMETERS = 60_000;
const LOANABLE = ['0', '6'];

const orNull = <T>(v: T | null | undefined): T | null => (v === undefined || v === '' ? null : v);

/**
 * Stores a batch of records of one tenant in one transaction: new source keys are created,
 * changed ones updated (their items replaced), identical ones left alone. Item counts on the
 * records are recomputed from the items, so they never disagree.
 */
export async function storeRecords(
  db: Kysely<Database>,
  tenantId: number,
  inputs: RecordInput[],
  /** Analyses of `inputs` (same order) when they were computed elsewhere, e.g. in a worker. */
  analyses?: RecordAnalysis[],
): Promise<StoreResult> {
  const warnings: string[] = [];
  // One source key once per batch: the last occurrence wins, as a re-import would.
  const byKey = new Map<string, { r: RecordInput; a: RecordAnalysis | undefined }>();
  inputs.forEach((r, i) => {
    if (byKey.has(r.sourceKey)) {
      warnings.push(`source key ${r.sourceKey} appears twice in one batch; the later record is kept`);
    }
    byKey.set(r.sourceKey, { r, a: analyses?.[i] });
  });
  const entries = [...byKey.values()];
  // A record replaced by a later one with the same identity counts as updated, as it would one batch later.
  const superseded = inputs.length - entries.length;
  const records = entries.map((e) => e.r);
  if (!records.length) return { created: 0, updated: 0, unchanged: 0, ids: new Map(), warnings };
  const itemsOf = dedupeBarcodes(records, warnings);

  const rows = entries.map(({ r, a: given }) => {
    const a = given ?? analyseRecord(r);
    const items = itemsOf.get(r) ?? [];
    const inDates = items
      .map((i) => i.inDate)
      .filter((d): d is string => !!d)
      .sort();
    return {
      tenant_id: tenantId,
      source_key: r.sourceKey,
      source_format: r.sourceFormat,
      system_numbers: r.systemNumbers ?? [],
      title: r.title,
      title_vernacular: orNull(r.titleVernacular),
      other_titles: r.otherTitles ?? [],
      responsibility: orNull(r.responsibility),
      author: r.author ?? '',
      authors: r.authors ?? [],
      edition: orNull(r.edition),
      publisher: orNull(r.publisher),
      publish_place: orNull(r.publishPlace),
      publish_year: orNull(r.publishYear),
      publish_year_int: orNull(r.publishYearInt),
      physical_description: orNull(r.physicalDescription),
      isbns: r.isbns ?? [],
      invalid_isbns: r.invalidIsbns ?? [],
      issn: orNull(r.issn),
      price: orNull(r.price),
      clc_classes: r.clcClasses ?? [],
      other_classes: r.otherClasses ?? [],
      call_numbers: r.callNumbers ?? [],
      subjects: r.subjects ?? [],
      series: r.series ?? [],
      lang_code: orNull(r.langCode),
      country_code: orNull(r.countryCode),
      doc_code: r.docCode || '1',
      discode1: a.discode1,
      abstract: orNull(r.abstract),
      notes: r.notes ?? [],
      links: JSON.stringify(r.links ?? []),
      vernacular: JSON.stringify(r.vernacular ?? {}),
      marc: r.marc === undefined ? null : typeof r.marc === 'string' ? r.marc : JSON.stringify(r.marc),
      e_count: (r.links ?? []).length,
      physical_count: items.length,
      on_shelf_count: items.filter(isOnShelf).length,
      first_in_date: inDates[0] ?? null,
      // Where the copies are, for search facets and filters (migration 0003).
      lib_codes: distinctOf(items.map((i) => i.libCode)),
      campus_ids: distinctOf(items.map((i) => i.campusId)),
      location_ids: distinctOf(items.map((i) => i.locationId)),
      cur_location_ids: distinctOf(items.map((i) => i.curLocationId)),
      search_vector: sql`${a.searchVector}::tsvector`,
      title_sort: a.titleSort,
      author_sort: a.authorSort,
      content_hash: a.contentHash,
    };
  });

  // A statement takes at most 65,535 parameters: large batches are written in several statements.
  const perStatement = Math.floor(MAX_PARAMETERS / Object.keys(rows[0]!).length);
  return inTransaction(db, async (trx) => {
    const changed: Array<{ record_id: number; source_key: string; inserted: boolean }> = [];
    for (let at = 0; at < rows.length; at += perStatement) {
      changed.push(...(await upsertRecords(trx, rows.slice(at, at + perStatement))));
    }

    const ids = new Map(changed.map((c) => [c.source_key, c.record_id]));
    await replaceItems(trx, tenantId, records, itemsOf, ids);
    const created = changed.filter((c) => c.inserted).length;
    if (changed.length) await announceCatalogueChange(trx, tenantId);
    return {
      created,
      updated: changed.length - created + superseded,
      unchanged: records.length - changed.length,
      ids,
      warnings,
    };
  });
}

/** Inserts records, or updates those whose source key exists with another content hash. */
function upsertRecords(trx: Transaction<Database>, rows: Array<Insertable<BibRecordTable>>) {
  return trx
    .insertInto('bib_record')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'source_key'])
        .doUpdateSet((eb) => {
          const keep = ['record_id', 'tenant_id', 'source_key', 'created_at', 'loan_count'];
          const cols = Object.keys(rows[0]!).filter((c) => !keep.includes(c)) as Array<keyof (typeof rows)[0]>;
          return {
            ...Object.fromEntries(cols.map((c) => [c, eb.ref(`excluded.${c}`)])),
            updated_at: sql`now()`,
          } as never;
        })
        .where('bib_record.content_hash', '<>', (eb) => eb.ref('excluded.content_hash')),
    )
    .returning(['record_id', 'source_key', sql<boolean>`(xmax = 0)`.as('inserted')])
    .execute();
}

/** The distinct non-empty values, sorted. */
function distinctOf(values: Array<string | null | undefined>): string[] {
  return [...new Set(values.filter((v): v is string => !!v))].sort();
}

/** Content hashes of the tenant's stored records with these source keys. */
export async function findContentHashes(
  db: Kysely<Database>,
  tenantId: number,
  sourceKeys: string[],
): Promise<Map<string, string>> {
  if (!sourceKeys.length) return new Map();
  const rows = await db
    .selectFrom('bib_record')
    .select(['source_key', 'content_hash'])
    .where('tenant_id', '=', tenantId)
    .where('source_key', '=', sql<string>`any(${sourceKeys}::text[])`)
    .execute();
  return new Map(rows.map((r) => [r.source_key, r.content_hash]));
}

/** Whether an item counts as on shelf and loanable (可借). */
function isOnShelf(item: ItemInput): boolean {
  return (item.processTypeCode || ON_SHELF) === ON_SHELF && LOANABLE.includes(item.circAttr || '0');
}

/** Items of each record with barcodes unique in the batch: the later of two items with one barcode is kept. */
function dedupeBarcodes(records: RecordInput[], warnings: string[]): Map<RecordInput, ItemInput[]> {
  const owner = new Map<string, { record: RecordInput; index: number }>();
  const out = new Map<RecordInput, Array<ItemInput | null>>();
  for (const r of records) {
    const list: Array<ItemInput | null> = [];
    for (const item of r.items ?? []) {
      const barcode = item.barcode?.trim() || null;
      if (barcode) {
        const prev = owner.get(barcode);
        if (prev) {
          warnings.push(`barcode ${barcode} appears twice in one batch; the later item is kept`);
          (prev.record === r ? list : out.get(prev.record)!)[prev.index] = null;
        }
        owner.set(barcode, { record: r, index: list.length });
      }
      list.push({ ...item, barcode });
    }
    out.set(r, list);
  }
  return new Map([...out].map(([r, list]) => [r, list.filter((i): i is ItemInput => i !== null)]));
}

/**
 * Replaces the items of the changed records (those that came with the record itself: items of
 * holdings records stay); records that lose an item to them get new counts.
 */
async function replaceItems(
  trx: Transaction<Database>,
  tenantId: number,
  records: RecordInput[],
  itemsOf: Map<RecordInput, ItemInput[]>,
  ids: Map<string, number>,
): Promise<void> {
  const changedIds = [...ids.values()];
  if (!changedIds.length) return;
  await trx.deleteFrom('item').where('record_id', 'in', changedIds).where('holdings_key', 'is', null).execute();

  const items: StoredItem[] = [];
  for (const r of records) {
    const recordId = ids.get(r.sourceKey);
    if (recordId === undefined) continue;
    for (const item of itemsOf.get(r) ?? []) items.push({ ...item, recordId, holdingsKey: null });
  }
  const movedFrom = await insertItems(trx, tenantId, items);
  // The counts written with a record are those of its own items: records that also hold items of
  // holdings records are counted again.
  const withHoldings = (
    await trx
      .selectFrom('item')
      .select('record_id')
      .distinct()
      .where('record_id', 'in', changedIds)
      .where('holdings_key', 'is not', null)
      .execute()
  ).map((r) => r.record_id);
  const changed = new Set(changedIds);
  await refreshItemCounts(trx, [...new Set([...movedFrom.filter((id) => !changed.has(id)), ...withHoldings])]);
}

/** An item to store, with its record and the holdings record it came from (null: the record itself). */
export type StoredItem = ItemInput & { recordId: number; holdingsKey: string | null };

/**
 * Inserts items. An item whose barcode the tenant has already moves to its new record (a barcode
 * names one copy); the records it left are returned, to be counted again.
 */
export async function insertItems(
  trx: Transaction<Database>,
  tenantId: number,
  items: StoredItem[],
): Promise<number[]> {
  const barcodes = items.map((i) => i.barcode).filter((b): b is string => !!b);
  const movedFrom = barcodes.length
    ? (
        await trx
          .selectFrom('item')
          .select('record_id')
          .distinct()
          .where('tenant_id', '=', tenantId)
          .where('barcode', '=', sql<string>`any(${barcodes}::text[])`)
          .execute()
      ).map((r) => r.record_id)
    : [];

  for (let i = 0; i < items.length; i += 2000) {
    const chunk = items.slice(i, i + 2000);
    await trx
      .insertInto('item')
      .values(
        chunk.map((it) => ({
          tenant_id: tenantId,
          record_id: it.recordId,
          holdings_key: it.holdingsKey,
          barcode: it.barcode ?? null,
          call_no: orNull(it.callNo),
          lib_code: orNull(it.libCode),
          campus_id: orNull(it.campusId),
          location_id: orNull(it.locationId),
          location_name: orNull(it.locationName),
          cur_location_id: orNull(it.curLocationId),
          shelf_no: orNull(it.shelfNo),
          vol: orNull(it.vol),
          year: orNull(it.year),
          process_type_code: it.processTypeCode || ON_SHELF,
          due_date: orNull(it.dueDate),
          circ_attr: it.circAttr || '0',
          price: orNull(it.price),
          in_date: orNull(it.inDate),
        })),
      )
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'barcode']).doUpdateSet((eb) => ({
          record_id: eb.ref('excluded.record_id'),
          holdings_key: eb.ref('excluded.holdings_key'),
          call_no: eb.ref('excluded.call_no'),
          lib_code: eb.ref('excluded.lib_code'),
          campus_id: eb.ref('excluded.campus_id'),
          location_id: eb.ref('excluded.location_id'),
          location_name: eb.ref('excluded.location_name'),
          cur_location_id: eb.ref('excluded.cur_location_id'),
          shelf_no: eb.ref('excluded.shelf_no'),
          vol: eb.ref('excluded.vol'),
          year: eb.ref('excluded.year'),
          process_type_code: eb.ref('excluded.process_type_code'),
          due_date: eb.ref('excluded.due_date'),
          circ_attr: eb.ref('excluded.circ_attr'),
          price: eb.ref('excluded.price'),
          in_date: eb.ref('excluded.in_date'),
        })),
      )
      .execute();
  }
  return movedFrom;
}

/** Recomputes physical_count, on_shelf_count and first_in_date of records from their items. */
export async function refreshItemCounts(db: Kysely<Database>, recordIds: number[]): Promise<void> {
  if (!recordIds.length) return;
  await sql`
    UPDATE bib_record b SET
      physical_count = coalesce(s.n, 0),
      on_shelf_count = coalesce(s.on_shelf, 0),
      first_in_date = s.first_in,
      lib_codes = s.lib_codes,
      campus_ids = s.campus_ids,
      location_ids = s.location_ids,
      cur_location_ids = s.cur_location_ids,
      updated_at = now()
    FROM (SELECT r.id,
                 (SELECT count(*)::int FROM item i WHERE i.record_id = r.id) AS n,
                 (SELECT count(*)::int FROM item i WHERE i.record_id = r.id
                    AND i.process_type_code = ${ON_SHELF} AND i.circ_attr IN (${sql.join(LOANABLE)})) AS on_shelf,
                 (SELECT min(i.in_date) FROM item i WHERE i.record_id = r.id) AS first_in,
                 ARRAY(SELECT DISTINCT i.lib_code FROM item i WHERE i.record_id = r.id AND i.lib_code <> '' ORDER BY 1) AS lib_codes,
                 ARRAY(SELECT DISTINCT i.campus_id FROM item i WHERE i.record_id = r.id AND i.campus_id <> '' ORDER BY 1) AS campus_ids,
                 ARRAY(SELECT DISTINCT i.location_id FROM item i WHERE i.record_id = r.id AND i.location_id <> '' ORDER BY 1) AS location_ids,
                 ARRAY(SELECT DISTINCT i.cur_location_id FROM item i WHERE i.record_id = r.id AND i.cur_location_id <> '' ORDER BY 1) AS cur_location_ids
          FROM unnest(${recordIds}::int[]) AS r(id)) s
    WHERE b.record_id = s.id`.execute(db);
}
