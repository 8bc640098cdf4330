import type { Kysely, Transaction } from 'kysely';
import type { MenuInput } from '@openfind/contract';
import type { Database, MenuItemTable } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';

type MenuGroup = 'A' | 'B' | 'C';
export type MenuRow = Omit<MenuItemTable, 'id'> & { id: number };

/** The fields an operator stored for the tenant (defaults are applied by the service). */
export async function findStoredSiteConfig(db: Kysely<Database>, tenantId: number): Promise<Record<string, unknown>> {
  const row = await db.selectFrom('site_config').select('config').where('tenant_id', '=', tenantId).executeTakeFirst();
  return row?.config ?? {};
}

/** Merges `patch` into the stored configuration of the tenant. */
export async function mergeSiteConfig(
  db: Kysely<Database>,
  tenantId: number,
  patch: Record<string, unknown>,
): Promise<void> {
  const json = JSON.stringify(patch);
  await db
    .insertInto('site_config')
    .values({ tenant_id: tenantId, config: json })
    .onConflict((oc) =>
      oc.column('tenant_id').doUpdateSet((eb) => ({
        config: eb.fn<string>('jsonb_concat', [eb.ref('site_config.config'), eb.val(json)]) as never,
        updated_at: new Date().toISOString(),
      })),
    )
    .execute();
}

/** Removes keys from the stored configuration (they fall back to their defaults). */
export async function unsetSiteConfigKeys(db: Kysely<Database>, tenantId: number, keys: string[]): Promise<void> {
  const stored = await findStoredSiteConfig(db, tenantId);
  for (const k of keys) delete stored[k];
  await db
    .updateTable('site_config')
    .set({ config: JSON.stringify(stored), updated_at: new Date().toISOString() })
    .where('tenant_id', '=', tenantId)
    .execute();
}

/** All menu rows of the tenant in display order. */
export async function findMenuRows(db: Kysely<Database>, tenantId: number): Promise<MenuRow[]> {
  return db
    .selectFrom('menu_item')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('menu_group')
    .orderBy('seq')
    .orderBy('id')
    .execute();
}

/** Replaces one menu group of the tenant with `items`, in one transaction. */
export async function replaceMenuGroup(
  db: Kysely<Database>,
  tenantId: number,
  group: MenuGroup,
  items: MenuInput[],
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('menu_item').where('tenant_id', '=', tenantId).where('menu_group', '=', group).execute();
    await insertMenuItems(trx, tenantId, group, null, items);
  });
}

async function insertMenuItems(
  trx: Transaction<Database>,
  tenantId: number,
  group: MenuGroup,
  parentId: number | null,
  items: MenuInput[],
): Promise<void> {
  for (const [seq, item] of items.entries()) {
    const { id } = await trx
      .insertInto('menu_item')
      .values({
        tenant_id: tenantId,
        menu_group: group,
        parent_id: parentId,
        seq,
        menu_name: item.menuName,
        english_name: item.englishName ?? '',
        complex_font: item.complexFont ?? '',
        menu_url: item.menuUrl ?? '',
        use_flag: item.useFlag ?? '1',
        jump_mode: item.jumpMode ?? '1',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (item.child?.length) await insertMenuItems(trx, tenantId, group, id, item.child);
  }
}

/** Institution parameters stored for the tenant, by code. */
export async function findInstitutionParams(db: Kysely<Database>, tenantId: number): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom('institution_param')
    .select(['para_code', 'para_value'])
    .where('tenant_id', '=', tenantId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.para_code, r.para_value]));
}

/** Sets institution parameters of the tenant. */
export async function upsertInstitutionParams(
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
