import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A tenant (institution) as the server uses it. */
export interface Tenant {
  id: number;
  mappingPath: string;
  groupCode: string;
  name: string;
  name_en: string;
  name_tw: string;
  label: string;
  fid: string;
  msgFlag: string;
}

export interface NewTenant {
  mappingPath: string;
  groupCode: string;
  name: string;
  nameEn?: string | undefined;
  nameTw?: string | undefined;
  label?: string | undefined;
  fid?: string | undefined;
}

/** All tenants, default first. */
export async function findAllTenants(db: Kysely<Database>): Promise<Tenant[]> {
  const rows = await db.selectFrom('tenant').selectAll().orderBy('mapping_path').execute();
  return rows.map((r) => ({
    id: r.id,
    mappingPath: r.mapping_path,
    groupCode: r.group_code,
    name: r.name,
    name_en: r.name_en,
    name_tw: r.name_tw,
    label: r.label,
    fid: r.fid,
    msgFlag: r.msg_flag,
  }));
}

/** Inserts a tenant and returns its id. */
export async function insertTenant(db: Kysely<Database>, t: NewTenant): Promise<number> {
  const row = await db
    .insertInto('tenant')
    .values({
      mapping_path: t.mappingPath,
      group_code: t.groupCode,
      name: t.name,
      name_en: t.nameEn ?? '',
      name_tw: t.nameTw ?? '',
      label: t.label ?? '',
      fid: t.fid ?? '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A location type, named in Simplified Chinese, English and Traditional Chinese. */
export interface LocationTypeInput {
  code: string;
  name: string;
  nameEn: string;
  nameTw: string;
}

/** Gives the tenant these location types, in this order. */
export async function insertLocationTypes(
  db: Kysely<Database>,
  tenantId: number,
  types: LocationTypeInput[],
): Promise<void> {
  if (!types.length) return;
  await db
    .insertInto('location_type')
    .values(
      types.map((e, seq) => ({
        tenant_id: tenantId,
        code: e.code,
        name: e.name,
        name_en: e.nameEn,
        name_tw: e.nameTw,
        seq,
      })),
    )
    .execute();
}

/** A search field: its code, names in Simplified, Traditional and English, and default match mode. */
export type SearchFieldInput = [code: string, zh: string, tw: string, en: string, mode: string];

/** Gives the tenant these search fields, in this order. */
export async function insertSearchFields(
  db: Kysely<Database>,
  tenantId: number,
  fields: SearchFieldInput[],
): Promise<void> {
  await db
    .insertInto('search_field_para')
    .values(
      fields.map(([field_code, name, name_tw, name_en, mode], seq) => ({
        tenant_id: tenantId,
        field_code,
        name,
        name_tw,
        name_en,
        default_match_mode: mode,
        seq: seq + 1,
      })),
    )
    .execute();
}
