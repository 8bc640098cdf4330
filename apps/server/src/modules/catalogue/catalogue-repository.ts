import { createHash } from 'node:crypto';
import { DICT_HIDDEN_COLLECTION_VENDORS } from '@openfind/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { CATALOGUE_CHANNEL } from './catalogue-events.js';
import {
  ColumnTextWriter,
  columnValue,
  fromColumns,
  typedColumns,
  VALUE_SEPARATOR,
  type ColumnSpec,
  type ColumnTexts,
} from './column-texts.js';
import { prefixesOf } from './code-prefixes.js';
import { thesisDegreeCode } from '../subject-services/marc-fields.js';
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

/**
 * A batch of records encoded for the database, built where the records were analysed (a worker
 * thread in imports): the rows and their items column by column (`ColumnTexts`), so that the
 * thread that writes does little more than send them and the database reads them cheaply.
 */
export interface EncodedBatch {
  /** Records in the batch (each source key once). */
  count: number;
  /** The record rows: RECORD_COLUMNS (content hash included), then `marc` (marc-in-json text or null). */
  records: ColumnTexts;
  /** The records' items: `source_key` (their record's), then ITEM_COLUMNS. */
  items: ColumnTexts;
  /** Barcodes of those items: the tenant's copies with these barcodes move to this batch's records. */
  barcodes: string[];
  /** The records' source keys (each once). */
  sourceKeys: string[];
  /** Records replaced by a later one with the same source key in the batch (counted as updated). */
  superseded: number;
  warnings: string[];
}

const ON_SHELF = '411';
const LOANABLE = ['0', '6'];

const orNull = <T>(v: T | null | undefined): T | null => (v === undefined || v === '' ? null : v);

/** Columns of bib_record an import writes (then `marc`), with their types: one list for the rows and the SQL. */
const RECORD_COLUMNS = [
  ['source_key', 'text'],
  ['source_format', 'text'],
  ['system_numbers', 'text[]'],
  ['title', 'text'],
  ['title_vernacular', 'text'],
  ['other_titles', 'text[]'],
  ['responsibility', 'text'],
  ['author', 'text'],
  ['authors', 'text[]'],
  ['edition', 'text'],
  ['publisher', 'text'],
  ['publish_place', 'text'],
  ['publish_year', 'text'],
  ['publish_year_int', 'smallint'],
  ['physical_description', 'text'],
  ['isbns', 'text[]'],
  ['invalid_isbns', 'text[]'],
  ['issn', 'text'],
  ['price', 'text'],
  ['clc_classes', 'text[]'],
  ['other_classes', 'text[]'],
  ['call_numbers', 'text[]'],
  ['class_prefixes', 'text[]'],
  ['call_prefixes', 'text[]'],
  ['subjects', 'text[]'],
  ['series', 'text[]'],
  ['lang_code', 'text'],
  ['country_code', 'text'],
  ['doc_code', 'text'],
  ['discode1', 'text[]'],
  ['abstract', 'text'],
  ['notes', 'text[]'],
  ['links', 'jsonb'],
  ['vernacular', 'jsonb'],
  ['e_count', 'integer'],
  ['physical_count', 'integer'],
  ['on_shelf_count', 'integer'],
  ['first_in_date', 'date'],
  ['lib_codes', 'text[]'],
  ['campus_ids', 'text[]'],
  ['location_ids', 'text[]'],
  ['cur_location_ids', 'text[]'],
  ['dd_type', 'text'],
  ['search_vector', 'tsvector'],
  ['title_sort', 'text'],
  ['author_sort', 'text'],
  ['content_hash', 'text'],
] as const satisfies readonly ColumnSpec[];
type RecordColumn = (typeof RECORD_COLUMNS)[number][0];
/** The columns of an encoded batch's records (`EncodedBatch.records`). */
const RECORD_BATCH_COLUMNS: readonly ColumnSpec[] = [...RECORD_COLUMNS, ['marc', 'text']];

/** Columns of item a record's own copies fill (besides tenant, record and holdings key). */
const ITEM_COLUMNS = [
  ['barcode', 'text'],
  ['call_no', 'text'],
  ['lib_code', 'text'],
  ['campus_id', 'text'],
  ['location_id', 'text'],
  ['location_name', 'text'],
  ['cur_location_id', 'text'],
  ['shelf_no', 'text'],
  ['vol', 'text'],
  ['year', 'text'],
  ['process_type_code', 'text'],
  ['due_date', 'date'],
  ['circ_attr', 'text'],
  ['price', 'text'],
  ['in_date', 'date'],
] as const satisfies readonly ColumnSpec[];
/** The columns of an encoded batch's items (`EncodedBatch.items`). */
const ITEM_BATCH_COLUMNS: readonly ColumnSpec[] = [['source_key', 'text'], ...ITEM_COLUMNS];

const recordNames = sql.raw(RECORD_COLUMNS.map(([c]) => c).join(', '));
/** On a changed record everything is rewritten but its identity, creation time, loans and ratings. */
const recordUpdates = sql.raw(
  [...RECORD_COLUMNS.filter(([c]) => c !== 'source_key').map(([c]) => c), 'marc']
    .map((c) => `${c} = excluded.${c}`)
    .concat('updated_at = now()')
    .join(', '),
);
const itemNames = sql.raw(ITEM_COLUMNS.map(([c]) => c).join(', '));
const itemUpdates = sql.raw(
  ['record_id', 'holdings_key', ...ITEM_COLUMNS.filter(([c]) => c !== 'barcode').map(([c]) => c)]
    .map((c) => `${c} = excluded.${c}`)
    .join(', '),
);

/**
 * Encodes a batch of records for `writeBatch`: one row per source key (the last occurrence wins,
 * as a re-import would), item barcodes unique in the batch, counts kept from the items, and a
 * content hash of everything stored, so that storing an identical record again writes nothing.
 */
export function encodeBatch(inputs: RecordInput[], analyses?: RecordAnalysis[]): EncodedBatch {
  const warnings: string[] = [];
  const byKey = new Map<string, { r: RecordInput; a: RecordAnalysis | undefined }>();
  inputs.forEach((r, i) => {
    if (byKey.has(r.sourceKey)) {
      warnings.push(`source key ${r.sourceKey} appears twice in one batch; the later record is kept`);
    }
    byKey.set(r.sourceKey, { r, a: analyses?.[i] });
  });
  const entries = [...byKey.values()];
  const itemsOf = dedupeBarcodes(
    entries.map((e) => e.r),
    warnings,
  );
  const records = new ColumnTextWriter(RECORD_BATCH_COLUMNS);
  const itemColumns = new ColumnTextWriter(ITEM_BATCH_COLUMNS);
  const barcodes: string[] = [];
  for (const { r, a: given } of entries) {
    const a = given ?? analyseRecord(r);
    const items = itemsOf.get(r) ?? [];
    const inDates = items
      .map((i) => i.inDate)
      .filter((d): d is string => !!d)
      .sort();
    const hash = createHash('sha256');
    for (const it of items) {
      if (it.barcode) barcodes.push(it.barcode);
      const row = itemRow(it);
      hash.update(itemColumns.add([r.sourceKey, ...ITEM_COLUMNS.map(([c]) => row[c])]).join(VALUE_SEPARATOR));
    }
    const row: Record<Exclude<RecordColumn, 'content_hash'>, unknown> = {
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
      class_prefixes: prefixesOf(r.clcClasses ?? []),
      call_prefixes: prefixesOf(r.callNumbers ?? []),
      subjects: r.subjects ?? [],
      series: r.series ?? [],
      lang_code: orNull(r.langCode),
      country_code: orNull(r.countryCode),
      doc_code: r.docCode || '1',
      discode1: a.discode1,
      abstract: orNull(r.abstract),
      notes: r.notes ?? [],
      links: r.links ?? [],
      vernacular: r.vernacular ?? {},
      e_count: (r.links ?? []).length,
      physical_count: items.length,
      on_shelf_count: items.filter(isOnShelf).length,
      first_in_date: inDates[0] ?? null,
      // Where the copies are, for search facets and filters (migration 0003).
      lib_codes: distinctOf(items.map((i) => i.libCode)),
      campus_ids: distinctOf(items.map((i) => i.campusId)),
      location_ids: distinctOf(items.map((i) => i.locationId)),
      cur_location_ids: distinctOf(items.map((i) => i.curLocationId)),
      // A thesis's degree, the search's ddType (migration 0059).
      dd_type: r.docCode === '3' ? thesisDegreeCode(marcJsonText(r.marc)) : null,
      search_vector: a.searchVector,
      title_sort: a.titleSort,
      author_sort: a.authorSort,
    };
    const values = RECORD_BATCH_COLUMNS.map(([c, type]) =>
      c === 'content_hash' ? '' : columnValue(c === 'marc' ? marcJsonText(r.marc) : row[c as keyof typeof row], type),
    );
    // Everything stored but the hash itself (its slot is empty here), the record's items included.
    values[CONTENT_HASH] = hash.update(values.join(VALUE_SEPARATOR)).digest('hex');
    records.addEncoded(values);
  }
  return {
    count: entries.length,
    records: records.texts(),
    items: itemColumns.texts(),
    barcodes,
    sourceKeys: [...byKey.keys()],
    superseded: inputs.length - entries.length,
    warnings,
  };
}

/** Where the content hash sits among the record columns. */
const CONTENT_HASH = RECORD_BATCH_COLUMNS.findIndex(([c]) => c === 'content_hash');

/** The stored MARC record as JSON text (null when there is none). */
function marcJsonText(marc: unknown): string | null {
  if (marc === undefined || marc === null || marc === '') return null;
  return typeof marc === 'string' ? marc : JSON.stringify(marc);
}

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
  return writeBatch(db, tenantId, encodeBatch(inputs, analyses));
}

/** Writes an encoded batch (`encodeBatch`) in one transaction; see `storeRecords`. */
export async function writeBatch(db: Kysely<Database>, tenantId: number, batch: EncodedBatch): Promise<StoreResult> {
  if (!batch.count) return { created: 0, updated: 0, unchanged: 0, ids: new Map(), warnings: batch.warnings };
  return inTransaction(db, async (trx) => {
    const changed = (
      await sql<{ record_id: number; source_key: string; inserted: boolean }>`
        INSERT INTO bib_record (tenant_id, ${recordNames}, marc)
        SELECT ${tenantId}, ${typedColumns(RECORD_BATCH_COLUMNS, 'r')}
        FROM ${fromColumns(batch.records, RECORD_BATCH_COLUMNS, 'r')}
        WHERE r.ord > 1
        ON CONFLICT (tenant_id, source_key) DO UPDATE SET ${recordUpdates}
        WHERE bib_record.content_hash <> excluded.content_hash
        RETURNING record_id, source_key, (xmax = 0) AS inserted`.execute(trx)
    ).rows;
    const ids = new Map(changed.map((c) => [c.source_key, c.record_id]));
    const created = changed.filter((c) => c.inserted).length;
    if (changed.length) {
      await replaceItems(trx, tenantId, batch, changed);
      // New and changed records join the collections, lists and databases that take them.
      await refreshTags(
        trx,
        tenantId,
        changed.map((c) => c.record_id),
      );
      await announceCatalogueChange(trx, tenantId);
    }
    return {
      created,
      updated: changed.length - created + batch.superseded,
      unchanged: batch.count - changed.length,
      ids,
      warnings: batch.warnings,
    };
  });
}

/**
 * Replaces the items of the changed records (those that came with the record itself: items of
 * holdings records stay); records that lose an item to them get new counts.
 */
async function replaceItems(
  trx: Transaction<Database>,
  tenantId: number,
  batch: EncodedBatch,
  changed: Array<{ record_id: number; source_key: string; inserted: boolean }>,
): Promise<void> {
  const changedIds = changed.map((c) => c.record_id);
  const updatedIds = changed.filter((c) => !c.inserted).map((c) => c.record_id);
  if (updatedIds.length) {
    await sql`DELETE FROM item WHERE record_id = ANY(${updatedIds}::int[]) AND holdings_key IS NULL`.execute(trx);
  }
  // A barcode names one copy: the tenant's copies with these barcodes move to the batch's records.
  const movedFrom = batch.barcodes.length
    ? (
        await sql<{ record_id: number }>`
          SELECT DISTINCT record_id FROM item
          WHERE tenant_id = ${tenantId} AND barcode = ANY(${batch.barcodes}::text[])
            AND NOT (record_id = ANY(${changedIds}::int[]))`.execute(trx)
      ).rows.map((r) => r.record_id)
    : [];
  await sql`
    INSERT INTO item (tenant_id, record_id, holdings_key, ${itemNames})
    SELECT ${tenantId}, c.record_id, NULL, ${typedColumns(ITEM_COLUMNS, 'i')}
    FROM ${fromColumns(batch.items, ITEM_BATCH_COLUMNS, 'i')}
    JOIN unnest(${changed.map((c) => c.source_key)}::text[], ${changedIds}::int[]) AS c(source_key, record_id)
      ON c.source_key = i.source_key
    WHERE i.ord > 1
    -- Copies numbered in the order the source lists them (the join alone may reorder them).
    ORDER BY i.ord
    ON CONFLICT (tenant_id, barcode) DO UPDATE SET ${itemUpdates}`.execute(trx);
  // The counts written with a record are those of its own items: records that also hold items of
  // holdings records are counted again.
  const withHoldings = (
    await sql<{ record_id: number }>`
      SELECT DISTINCT record_id FROM item
      WHERE record_id = ANY(${changedIds}::int[]) AND holdings_key IS NOT NULL`.execute(trx)
  ).rows.map((r) => r.record_id);
  await refreshItemCounts(trx, tenantId, [...new Set([...movedFrom, ...withHoldings])]);
}

/** The distinct non-empty values, sorted. */
function distinctOf(values: Array<string | null | undefined>): string[] {
  return [...new Set(values.filter((v): v is string => !!v))].sort();
}

/** The columns of an item's row (ITEM_COLUMNS) from the item as supplied: blanks as null, defaults filled. */
function itemRow(it: ItemInput) {
  return {
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
  };
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
          ...itemRow(it),
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
export async function refreshItemCounts(db: Kysely<Database>, tenantId: number, recordIds: number[]): Promise<void> {
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
    WHERE b.tenant_id = ${tenantId} AND b.record_id = s.id`.execute(db);
}

/**
 * Recomputes what records belong to (core lists, databases, special collections, reviewed works: the
 * search's coreInclude, eCollectionIds, collectionName and verifyStatus) after a writer changed one of
 * those memberships, or after new records came: of these records, or of all the tenant's when `recordIds`
 * is omitted. Changed records are announced like any catalogue change, so the search's mirrors read them
 * again. Returns how many changed.
 */
export async function refreshRecordTags(db: Kysely<Database>, tenantId: number, recordIds?: number[]): Promise<number> {
  if (recordIds && !recordIds.length) return 0;
  return inTransaction(db, async (trx) => {
    const n = await refreshTags(trx, tenantId, recordIds ?? null);
    if (n) await announceCatalogueChange(trx, tenantId);
    return n;
  });
}

/** The statement of `refreshRecordTags` (null: every record of the tenant); how many records changed. */
async function refreshTags(db: Kysely<Database>, tenantId: number, recordIds: number[] | null): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT refresh_record_tags(${tenantId}, ${recordIds}::int[], ${[...DICT_HIDDEN_COLLECTION_VENDORS]}::text[]) AS n`.execute(
    db,
  );
  return rows[0]?.n ?? 0;
}

/** The tenant's records that hold any of these system numbers, with their numbers. */
export function findRecordsBySystemNumbers(
  db: Kysely<Database>,
  tenantId: number,
  numbers: string[],
): Promise<Array<{ record_id: number; system_numbers: string[] }>> {
  return db
    .selectFrom('bib_record')
    .select(['record_id', 'system_numbers'])
    .where('tenant_id', '=', tenantId)
    .where(sql<boolean>`system_numbers && ${numbers}::text[]`)
    .execute();
}

/** Deletes the items the holdings records with these keys brought; returns the records they were attached to. */
export async function deleteHoldingsItems(db: Kysely<Database>, tenantId: number, keys: string[]): Promise<number[]> {
  const rows = await db
    .deleteFrom('item')
    .where('tenant_id', '=', tenantId)
    .where('holdings_key', '=', sql<string>`any(${keys}::text[])`)
    .returning('record_id')
    .execute();
  return rows.map((r) => r.record_id);
}

/**
 * Announces that the tenant's catalogue changed. Called inside the writing transaction, so the
 * notification goes out when (and only if) the transaction commits. The payload names the schema
 * too (`7@public`): notifications reach every session of the database, and installations in other
 * schemas of the same database have tenants with the same ids.
 */
export async function announceCatalogueChange(trx: Kysely<Database>, tenantId: number): Promise<void> {
  await sql`SELECT pg_notify(${CATALOGUE_CHANNEL}, ${String(tenantId)} || '@' || current_schema())`.execute(trx);
}
