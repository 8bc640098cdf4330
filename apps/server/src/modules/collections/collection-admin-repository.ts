import { sql, type Kysely } from 'kysely';
import type { PackageKind, PackageRule } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import type { BriefRow } from '../record-detail/record-brief.js';
import type { PackageRow } from './collection-repository.js';

/**
 * The console's side of special collections and special libraries: every package of the institution
 * (hidden ones too), guarded saves and the records listed by hand. Every function is scoped by
 * institution: another institution's package or record names nothing.
 */

type Q = Kysely<Database>;

/** A package as the console edits it: as readers see it, and its order, hidden flag, listed titles and version. */
export interface AdminPackageRow extends Omit<PackageRow, 'kind' | 'rule_kind'> {
  kind: PackageKind;
  rule_kind: PackageRule | null;
  seq: number;
  hidden: boolean;
  listed_count: number;
  /** updated_at to the microsecond, as text: the version a save names. */
  version: string;
}

const VERSION = sql`to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISSUS')`;

const COLUMNS = sql`p.id, p.kind, p.code, p.parent_id, p.name, p.name_tw, p.name_en, p.description, p.description_tw,
  p.description_en, p.cover_url, p.rule_kind, p.rule_value, p.seq, p.hidden,
  (SELECT count(*)::int FROM special_package_record r WHERE r.package_id = p.id AND r.tenant_id = p.tenant_id)
    AS listed_count,
  (SELECT count(*)::int FROM special_package c WHERE c.parent_id = p.id AND c.tenant_id = p.tenant_id) AS child_count,
  ${VERSION} AS version`;

/** Every package of a kind: the top-level ones in the library's order, each followed by its children. */
export async function findAdminPackages(db: Q, tenantId: number, kind: PackageKind): Promise<AdminPackageRow[]> {
  const { rows } = await sql<AdminPackageRow>`SELECT ${COLUMNS} FROM special_package p
    LEFT JOIN special_package t ON t.id = p.parent_id AND t.tenant_id = p.tenant_id
    WHERE p.tenant_id = ${tenantId} AND p.kind = ${kind}
    ORDER BY coalesce(t.seq, p.seq), coalesce(t.id, p.id), p.parent_id NULLS FIRST, p.seq, p.id`.execute(db);
  return rows;
}

/** One package of the institution, hidden or not. */
export async function findAdminPackage(db: Q, tenantId: number, id: number): Promise<AdminPackageRow | undefined> {
  const { rows } = await sql<AdminPackageRow>`SELECT ${COLUMNS} FROM special_package p
    WHERE p.tenant_id = ${tenantId} AND p.id = ${id}`.execute(db);
  return rows[0];
}

/** Whether another package of the institution has the code. */
export async function isCodeTaken(db: Q, tenantId: number, code: string, exceptId: number): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM special_package
    WHERE tenant_id = ${tenantId} AND lower(code) = lower(${code}) AND id <> ${exceptId}`.execute(db);
  return rows.length > 0;
}

export interface PackageFields {
  code: string;
  parentId: number | null;
  name: string;
  nameTw: string;
  nameEn: string;
  description: string;
  descriptionTw: string;
  descriptionEn: string;
  coverUrl: string;
  ruleKind: PackageRule | null;
  ruleValue: string;
  seq: number;
  hidden: boolean;
}

/** Adds a package (order 0: after the others of its kind); its id. */
export async function insertPackage(db: Q, tenantId: number, kind: PackageKind, f: PackageFields): Promise<number> {
  const { rows } = await sql<{ id: number }>`INSERT INTO special_package (tenant_id, kind, code, parent_id, name,
      name_tw, name_en, description, description_tw, description_en, cover_url, rule_kind, rule_value, seq, hidden)
    VALUES (${tenantId}, ${kind}, ${f.code}, ${f.parentId}, ${f.name}, ${f.nameTw}, ${f.nameEn}, ${f.description},
      ${f.descriptionTw}, ${f.descriptionEn}, ${f.coverUrl}, ${f.ruleKind}, ${f.ruleValue},
      CASE WHEN ${f.seq}::int > 0 THEN ${f.seq}::int ELSE coalesce((SELECT max(seq) FROM special_package
        WHERE tenant_id = ${tenantId} AND kind = ${kind}), 0) + 1 END, ${f.hidden})
    RETURNING id`.execute(db);
  return rows[0]!.id;
}

/** Changes a package if it is still at `version`; whether it did. */
export async function updatePackage(
  db: Q,
  tenantId: number,
  id: number,
  version: string,
  f: PackageFields,
): Promise<boolean> {
  const { rows } = await sql`UPDATE special_package p SET code = ${f.code}, parent_id = ${f.parentId},
      name = ${f.name}, name_tw = ${f.nameTw}, name_en = ${f.nameEn}, description = ${f.description},
      description_tw = ${f.descriptionTw}, description_en = ${f.descriptionEn}, cover_url = ${f.coverUrl},
      rule_kind = ${f.ruleKind}, rule_value = ${f.ruleValue}, seq = ${f.seq}, hidden = ${f.hidden},
      updated_at = greatest(clock_timestamp(), p.updated_at + interval '1 microsecond')
    WHERE p.tenant_id = ${tenantId} AND p.id = ${id} AND ${VERSION} = ${version} RETURNING p.id`.execute(db);
  return rows.length > 0;
}

/** A page of the records listed in a package by hand, in order. */
export async function findListedRecords(db: Q, tenantId: number, packageId: number, page: number, rows: number) {
  const [{ rows: count }, { rows: list }] = await Promise.all([
    sql<{ n: number }>`SELECT count(*)::int AS n FROM special_package_record
      WHERE tenant_id = ${tenantId} AND package_id = ${packageId}`.execute(db),
    sql<BriefRow>`SELECT b.record_id, b.title, b.author, b.publisher, b.publish_year, b.isbns
      FROM special_package_record r JOIN bib_record b ON b.record_id = r.record_id AND b.tenant_id = r.tenant_id
      WHERE r.tenant_id = ${tenantId} AND r.package_id = ${packageId}
      ORDER BY r.seq, r.record_id LIMIT ${rows} OFFSET ${(page - 1) * rows}`.execute(db),
  ]);
  return { total: count[0]?.n ?? 0, rows: list };
}

/** Whether the record is in the institution's catalogue. */
export async function isCatalogueRecord(db: Q, tenantId: number, recordId: number): Promise<boolean> {
  const { rows } =
    await sql`SELECT 1 FROM bib_record WHERE tenant_id = ${tenantId} AND record_id = ${recordId}`.execute(db);
  return rows.length > 0;
}

/** Lists a record at the end of a package (once); whether it was added. */
export async function addListedRecord(db: Q, tenantId: number, packageId: number, recordId: number): Promise<boolean> {
  const { rows } = await sql`INSERT INTO special_package_record (package_id, record_id, tenant_id, seq)
    SELECT ${packageId}, ${recordId}, ${tenantId},
      coalesce((SELECT max(seq) FROM special_package_record WHERE tenant_id = ${tenantId} AND package_id = ${packageId}), 0) + 1
    ON CONFLICT (package_id, record_id) DO NOTHING RETURNING record_id`.execute(db);
  return rows.length > 0;
}

/** Takes a listed record out of a package; whether it was there. */
export async function removeListedRecord(
  db: Q,
  tenantId: number,
  packageId: number,
  recordId: number,
): Promise<boolean> {
  const { rows } = await sql`DELETE FROM special_package_record
    WHERE tenant_id = ${tenantId} AND package_id = ${packageId} AND record_id = ${recordId} RETURNING record_id`.execute(
    db,
  );
  return rows.length > 0;
}

/** How many records are listed in a package. */
export async function countListed(db: Q, tenantId: number, packageId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM special_package_record
    WHERE tenant_id = ${tenantId} AND package_id = ${packageId}`.execute(db);
  return rows[0]?.n ?? 0;
}

/**
 * Deletes a package if it is still at `version` and has no child bases (their parent_id cascades:
 * a guard, not a check before, so a child base added meanwhile keeps it); whether it did. Its listed
 * records go with it; the catalogue's records stay.
 */
export async function deletePackage(db: Q, tenantId: number, id: number, version: string): Promise<boolean> {
  const { rows } = await sql`DELETE FROM special_package p
    WHERE p.tenant_id = ${tenantId} AND p.id = ${id} AND ${VERSION} = ${version}
      AND NOT EXISTS (SELECT 1 FROM special_package c WHERE c.parent_id = p.id)
    RETURNING p.id`.execute(db);
  return rows.length > 0;
}
