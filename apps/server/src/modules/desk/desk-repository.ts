import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The library a copy belongs to (`item.lib_code`, null when it names none); undefined: no such copy. */
export async function findCopyLibrary(
  db: Kysely<Database>,
  tenantId: number,
  barcode: string,
): Promise<{ libCode: string | null } | undefined> {
  const row = await db
    .selectFrom('item')
    .select('lib_code')
    .where('tenant_id', '=', tenantId)
    .where('barcode', '=', barcode)
    .executeTakeFirst();
  return row && { libCode: row.lib_code };
}
