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
