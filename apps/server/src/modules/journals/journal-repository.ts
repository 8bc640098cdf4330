import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

// Journal navigation's SQL: the serial records, the KBART serial lines, the core marks and the views
// of journals' pages. Every function is scoped by the institution.

/** A serial record of the catalogue (doc_code '2', journal), not suppressed. */
export interface PrintSerialRow {
  record_id: number;
  title: string;
  issn: string | null;
  publisher: string | null;
  publish_place: string | null;
  clc_classes: string[];
  other_titles: string[];
  lang_code: string | null;
  call_numbers: string[];
}

export async function findPrintSerials(db: Kysely<Database>, tenantId: number): Promise<PrintSerialRow[]> {
  const res = await sql<PrintSerialRow>`
    SELECT record_id, title, issn, publisher, publish_place, clc_classes, other_titles, lang_code, call_numbers
      FROM bib_record
     WHERE tenant_id = ${tenantId} AND doc_code = '2' AND NOT suppressed
     ORDER BY record_id`.execute(db);
  return res.rows;
}

/** One KBART serial line of a package the institution shows. */
export interface ETitleRow {
  id: string;
  package_code: string;
  collection_id: number | null;
  package_name: string;
  package_name_en: string;
  package_name_tw: string;
  publication_title: string;
  print_identifier: string | null;
  online_identifier: string | null;
  coverage_from: string | null;
  coverage_to: string | null;
  num_first_vol_online: string | null;
  num_last_vol_online: string | null;
  title_url: string | null;
  title_id: string | null;
  embargo_info: string | null;
  embargo_months: number | null;
  coverage_depth: string | null;
  publisher_name: string | null;
  preceding_publication_title_id: string | null;
  access_type: string | null;
}

export async function findElectronicSerials(db: Kysely<Database>, tenantId: number): Promise<ETitleRow[]> {
  const res = await sql<ETitleRow>`
    SELECT t.id::text AS id, t.package_code, t.collection_id,
           coalesce(c.name, t.package_code) AS package_name, coalesce(c.name_en, '') AS package_name_en,
           coalesce(c.name_tw, '') AS package_name_tw, t.publication_title, t.print_identifier,
           t.online_identifier, to_char(t.coverage_from, 'YYYY-MM-DD') AS coverage_from,
           to_char(t.coverage_to, 'YYYY-MM-DD') AS coverage_to, t.num_first_vol_online, t.num_last_vol_online,
           t.title_url, t.title_id, t.embargo_info, t.embargo_months, t.coverage_depth, t.publisher_name,
           t.preceding_publication_title_id, t.access_type
      FROM e_title t
      LEFT JOIN e_collection c ON c.id = t.collection_id AND c.tenant_id = t.tenant_id
     WHERE t.tenant_id = ${tenantId} AND t.publication_type = 'serial' AND NOT coalesce(c.hidden, false)
     ORDER BY t.package_code, t.coverage_from NULLS FIRST, t.id`.execute(db);
  return res.rows;
}

export interface CoreMarkRow {
  list_code: string;
  edition: string;
  issn: string;
  title: string;
  class_code: string;
}

export async function findCoreMarks(db: Kysely<Database>, tenantId: number): Promise<CoreMarkRow[]> {
  const res = await sql<CoreMarkRow>`
    SELECT list_code, edition, issn, title, class_code FROM journal_core_mark
     WHERE tenant_id = ${tenantId} ORDER BY list_code, edition DESC, issn`.execute(db);
  return res.rows;
}

/**
 * Replaces the marks of one list and edition with `marks` (one transaction: the list is whole or as
 * it was). Returns how many rows it held before.
 */
export async function replaceCoreMarks(
  db: Kysely<Database>,
  tenantId: number,
  listCode: string,
  edition: string,
  marks: ReadonlyArray<{ issn: string; title: string; classCode: string }>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const gone = await sql`DELETE FROM journal_core_mark
       WHERE tenant_id = ${tenantId} AND list_code = ${listCode} AND edition = ${edition}`.execute(trx);
    for (let i = 0; i < marks.length; i += 1000) {
      const chunk = marks.slice(i, i + 1000);
      await sql`INSERT INTO journal_core_mark (tenant_id, list_code, edition, issn, title, class_code)
        SELECT ${tenantId}, ${listCode}, ${edition}, m.issn, m.title, m.class_code
          FROM unnest(${chunk.map((m) => m.issn)}::text[], ${chunk.map((m) => m.title)}::text[],
                      ${chunk.map((m) => m.classCode)}::text[]) AS m(issn, title, class_code)
        ON CONFLICT DO NOTHING`.execute(trx);
    }
    return Number(gone.numAffectedRows ?? 0);
  });
}

/** A copy of a serial record, with the names of its library and location. */
export interface SerialItemRow {
  record_id: number;
  call_no: string | null;
  vol: string | null;
  year: string | null;
  process_type_code: string;
  lib_code: string | null;
  lib_name: string | null;
  lib_name_en: string | null;
  lib_name_tw: string | null;
  location_id: string | null;
  location_name: string | null;
  loc_name: string | null;
  loc_name_en: string | null;
  loc_name_tw: string | null;
}

export async function findSerialItems(
  db: Kysely<Database>,
  tenantId: number,
  recordIds: readonly number[],
): Promise<SerialItemRow[]> {
  if (!recordIds.length) return [];
  const res = await sql<SerialItemRow>`
    SELECT i.record_id, i.call_no, i.vol, i.year, i.process_type_code, i.lib_code,
           l.name AS lib_name, l.name_en AS lib_name_en, l.name_tw AS lib_name_tw,
           i.location_id, i.location_name, o.name AS loc_name, o.name_en AS loc_name_en, o.name_tw AS loc_name_tw
      FROM item i
      LEFT JOIN library l ON l.tenant_id = i.tenant_id AND l.lib_code = i.lib_code
      LEFT JOIN location o ON o.tenant_id = i.tenant_id AND o.location_id = i.location_id
     WHERE i.tenant_id = ${tenantId} AND i.record_id = ANY(${[...recordIds]}::int[])
     ORDER BY i.item_id`.execute(db);
  return res.rows;
}

/** The kept MARC of a serial record (for its frequency), null when none. */
export async function findRecordMarc(db: Kysely<Database>, tenantId: number, recordId: number): Promise<unknown> {
  const res = await sql<{ marc: unknown }>`
    SELECT marc FROM bib_record WHERE tenant_id = ${tenantId} AND record_id = ${recordId}`.execute(db);
  return res.rows[0]?.marc ?? null;
}

/**
 * Counts a view of a journal's page by `visitor` on the database's today, once per visitor and day.
 * Returns whether it was counted. Who was counted on days before yesterday is forgotten.
 */
export async function countJournalView(
  db: Kysely<Database>,
  tenantId: number,
  journalKey: string,
  visitor: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const seen = await sql`INSERT INTO journal_view_seen (tenant_id, journal_key, day, visitor)
      VALUES (${tenantId}, ${journalKey}, current_date, ${visitor}) ON CONFLICT DO NOTHING`.execute(trx);
    if (!Number(seen.numAffectedRows ?? 0)) return false;
    await sql`INSERT INTO journal_view_daily (tenant_id, journal_key, day, views)
      VALUES (${tenantId}, ${journalKey}, current_date, 1)
      ON CONFLICT (tenant_id, day, journal_key) DO UPDATE SET views = journal_view_daily.views + 1`.execute(trx);
    await sql`DELETE FROM journal_view_seen WHERE tenant_id = ${tenantId} AND day < current_date - 1`.execute(trx);
    return true;
  });
}

/** Views per journal over the last `days` days (today included), most viewed first. */
export async function findJournalViews(
  db: Kysely<Database>,
  tenantId: number,
  days: number,
): Promise<Array<{ journal_key: string; views: number }>> {
  const res = await sql<{ journal_key: string; views: string | number }>`
    SELECT journal_key, sum(views) AS views FROM journal_view_daily
     WHERE tenant_id = ${tenantId} AND day > current_date - ${days}::int
     GROUP BY journal_key ORDER BY sum(views) DESC, journal_key`.execute(db);
  return res.rows.map((r) => ({ journal_key: r.journal_key, views: Number(r.views) }));
}

/** Adds views to journals' counts of days (the demo data's past views), in one statement. */
export async function addJournalViews(
  db: Kysely<Database>,
  tenantId: number,
  counts: ReadonlyArray<{ journalKey: string; daysAgo: number; views: number }>,
): Promise<void> {
  if (!counts.length) return;
  // Summed per journal and day first: one statement may not update a row twice.
  await sql`INSERT INTO journal_view_daily (tenant_id, journal_key, day, views)
    SELECT ${tenantId}, v.journal_key, current_date - v.days_ago, sum(v.views)::int
      FROM unnest(${counts.map((c) => c.journalKey)}::text[], ${counts.map((c) => c.daysAgo)}::int[],
                  ${counts.map((c) => c.views)}::int[]) AS v(journal_key, days_ago, views)
     GROUP BY v.journal_key, v.days_ago
    ON CONFLICT (tenant_id, day, journal_key) DO UPDATE SET views = journal_view_daily.views + EXCLUDED.views`.execute(
    db,
  );
}

/** Adds or renames one of the institution's own core lists (its customCoreList entry). */
export async function upsertOwnCoreList(
  db: Kysely<Database>,
  tenantId: number,
  code: string,
  name: string,
): Promise<void> {
  await sql`INSERT INTO dict_entry (tenant_id, dict_name, code, name, name_tw, name_en, seq)
    VALUES (${tenantId}, 'customCoreList', ${code}, ${name}, ${name}, ${name}, 100)
    ON CONFLICT (coalesce(tenant_id, 0), dict_name, code)
    DO UPDATE SET name = EXCLUDED.name, name_tw = EXCLUDED.name_tw, name_en = EXCLUDED.name_en, hidden = false`.execute(
    db,
  );
}
