// Prepares the favourites flow's readers (e2e/my-library-favourites.spec.ts) in the e2e database, in one
// process with the built server's modules. Called by prepare-data.mjs after the demo seed. In the default
// institution, one reader per language (`fav-zh-CN`…), each keeping two records in the default folder and
// one electronic resource, so that each test's folders are its own.
import { withServices } from '../../apps/server/dist/commands/support.js';
import { saveReader } from '../../apps/server/dist/modules/readers/reader-service.js';

export const FAV_PASSWORD = 'Reader2026';
export const FAV_LANGS = ['zh-CN', 'zh-TW', 'en-US'];
export const favAccount = (lang) => `fav-${lang}`;

export async function prepareFavourites() {
  await withServices(async (s, db) => {
    const tenant = await db.kysely
      .selectFrom('tenant')
      .select('id')
      .where('mapping_path', '=', '')
      .executeTakeFirstOrThrow();
    const records = await db.kysely
      .selectFrom('bib_record')
      .select('record_id')
      .where('tenant_id', '=', tenant.id)
      .where('suppressed', '=', false)
      .orderBy('record_id')
      .limit(2)
      .execute();
    const collection = await db.kysely
      .selectFrom('e_collection')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .where('hidden', '=', false)
      .orderBy('id')
      .executeTakeFirst();
    for (const lang of FAV_LANGS) {
      const { id } = await saveReader(
        db.kysely,
        tenant.id,
        { account: favAccount(lang), name: `收藏者${lang}` },
        FAV_PASSWORD,
        '1',
      );
      for (const r of records) await s.favourites.add(tenant.id, id, r.record_id);
      if (collection) await s.favourites.addE(tenant.id, id, collection.id);
    }
  });
}
