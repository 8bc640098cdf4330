import { sql, type Kysely } from 'kysely';
import type { SiteAssetType } from '@openfind/contract';
import type { Database } from '../../db/schema.js';

/**
 * The version of an institution's site configuration: `site_config.updated_at` to the microsecond
 * (UTC), which every save of the configuration or the menus moves on (the operator's CLI too).
 */
const VERSION = sql<string>`to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The institution's configuration row (made empty when there is none yet): what is stored and its version. */
export async function readStored(
  db: Kysely<Database>,
  tenantId: number,
): Promise<{ config: Record<string, unknown>; version: string }> {
  await db
    .insertInto('site_config')
    .values({ tenant_id: tenantId, config: '{}' })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
  return db
    .selectFrom('site_config')
    .select(['config', VERSION.as('version')])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
}

/**
 * In a transaction: locks the institution's configuration row and answers what it stores, if its
 * version is still `version`; undefined when someone saved since (nothing locked is changed).
 */
export async function lockAtVersion(
  db: Kysely<Database>,
  tenantId: number,
  version: string,
): Promise<Record<string, unknown> | undefined> {
  const row = await db
    .selectFrom('site_config')
    .select(['config', VERSION.as('version')])
    .where('tenant_id', '=', tenantId)
    .forUpdate()
    .executeTakeFirst();
  return row && row.version === version ? row.config : undefined;
}

/** Stores the configuration (whole) and moves its version on; answers the new version. */
export async function writeStored(
  db: Kysely<Database>,
  tenantId: number,
  config: Record<string, unknown>,
): Promise<string> {
  const row = await db
    .updateTable('site_config')
    .set({
      config: JSON.stringify(config),
      // Later than the last version even within one microsecond or a clock step back.
      updated_at: sql<string>`greatest(clock_timestamp(), updated_at + interval '1 microsecond')`,
    })
    .where('tenant_id', '=', tenantId)
    .returning(VERSION.as('version'))
    .executeTakeFirstOrThrow();
  return row.version;
}

/** The institution's names. */
export async function findNames(
  db: Kysely<Database>,
  tenantId: number,
): Promise<{ name: string; nameEn: string; nameTw: string }> {
  const row = await db
    .selectFrom('tenant')
    .select(['name', 'name_en', 'name_tw'])
    .where('id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return { name: row.name, nameEn: row.name_en, nameTw: row.name_tw };
}

export async function saveNames(
  db: Kysely<Database>,
  tenantId: number,
  names: { name: string; nameEn: string; nameTw: string },
): Promise<void> {
  await db
    .updateTable('tenant')
    .set({ name: names.name, name_en: names.nameEn, name_tw: names.nameTw })
    .where('id', '=', tenantId)
    .execute();
}

/** Sets institution parameters (only those given). */
export async function saveParams(
  db: Kysely<Database>,
  tenantId: number,
  params: Record<string, string>,
): Promise<void> {
  const rows = Object.entries(params).map(([para_code, para_value]) => ({
    tenant_id: tenantId,
    para_code,
    para_value,
  }));
  if (!rows.length) return;
  await db
    .insertInto('institution_param')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'para_code']).doUpdateSet((eb) => ({ para_value: eb.ref('excluded.para_value') })),
    )
    .execute();
}

/** Stores an uploaded image (the same bytes twice: once). */
export async function storeAsset(
  db: Kysely<Database>,
  tenantId: number,
  a: { hash: string; contentType: SiteAssetType; width: number; height: number; image: Buffer; by: string },
): Promise<void> {
  await db
    .insertInto('site_asset')
    .values({
      tenant_id: tenantId,
      hash: a.hash,
      content_type: a.contentType,
      width: a.width,
      height: a.height,
      image: a.image,
      created_by: a.by,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'hash']).doNothing())
    .execute();
}

/** An uploaded image of the institution by its hash. */
export async function findAsset(
  db: Kysely<Database>,
  tenantId: number,
  hash: string,
): Promise<{ content_type: SiteAssetType; image: Uint8Array; created_at: Date } | undefined> {
  return db
    .selectFrom('site_asset')
    .select(['content_type', 'image', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('hash', '=', hash)
    .executeTakeFirst();
}

/**
 * Removes the institution's images that are set nowhere (`keep`) and were uploaded over a day ago
 * (an upload not saved yet, in another tab, stays a while). Answers how many went.
 */
export async function removeUnusedAssets(db: Kysely<Database>, tenantId: number, keep: string[]): Promise<number> {
  let q = db
    .deleteFrom('site_asset')
    .where('tenant_id', '=', tenantId)
    .where('created_at', '<', sql<Date>`now() - interval '1 day'`);
  if (keep.length) q = q.where('hash', 'not in', keep);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows);
}
