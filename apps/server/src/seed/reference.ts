import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { REFERENCE_DICTIONARIES, type RefEntry } from './reference-data.js';

/** Dictionaries that are tenant tables of their own rather than code lists. */
const TENANT_TABLE_DICTS = new Set(['locationType']);

/** The default search fields of a new tenant: key, names, default match mode. */
export const DEFAULT_SEARCH_FIELDS: Array<[code: string, zh: string, tw: string, en: string, mode: string]> = [
  ['title', '题名', '題名', 'Title', '2'],
  ['author', '责任者', '責任者', 'Author', '2'],
  ['subject', '主题词', '主題詞', 'Subject', '2'],
  ['isbn', 'ISBN', 'ISBN', 'ISBN', '1'],
  ['issn', 'ISSN', 'ISSN', 'ISSN', '1'],
  ['kindNo', '分类号', '分類號', 'Class number', '3'],
  ['callNo', '索书号', '索書號', 'Call number', '3'],
  ['publisher', '出版社', '出版社', 'Publisher', '2'],
  ['series', '丛书名', '叢書名', 'Series', '2'],
  ['barcode', '条码号', '條碼號', 'Barcode', '1'],
];

/**
 * Installs or refreshes the installation-default code lists (document types, CLC classes,
 * languages, countries...). Idempotent: run at every start after the migrations.
 */
export async function ensureReferenceData(db: Kysely<Database>): Promise<number> {
  const rows = Object.entries(REFERENCE_DICTIONARIES)
    .filter(([dictName]) => !TENANT_TABLE_DICTS.has(dictName))
    .flatMap(([dictName, entries]) =>
      entries.map(
        (e, seq) =>
          sql`(NULL::integer, ${dictName}, ${e.code}, ${e.name}, ${e.nameEn}, ${e.nameTw}, ${e.parentCode ?? null}, ${seq}::integer)`,
      ),
    );
  // One statement: the defaults are replaced whole or not at all, and a start stays fast.
  await sql`
    INSERT INTO dict_entry (tenant_id, dict_name, code, name, name_en, name_tw, parent_code, seq)
    VALUES ${sql.join(rows)}
    ON CONFLICT ((coalesce(tenant_id, 0)), dict_name, code)
    DO UPDATE SET name = excluded.name, name_en = excluded.name_en, name_tw = excluded.name_tw,
                  parent_code = excluded.parent_code, seq = excluded.seq
    WHERE (dict_entry.name, dict_entry.name_en, dict_entry.name_tw, dict_entry.parent_code, dict_entry.seq)
          IS DISTINCT FROM (excluded.name, excluded.name_en, excluded.name_tw, excluded.parent_code, excluded.seq)`.execute(
    db,
  );
  return rows.length;
}

/** The default location types, for a new tenant. */
export function defaultLocationTypes(): RefEntry[] {
  return REFERENCE_DICTIONARIES.locationType ?? [];
}
