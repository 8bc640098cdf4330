// Prepares the subscriptions flow's readers (e2e/my-library-subscriptions.spec.ts) in the e2e database,
// in one process with the built server's modules. Called by prepare-data.mjs after the demo seed. In the
// default institution, one reader per language (`subs-zh-CN`…), so that each test's subscriptions and
// inbox are its own.
import { withServices } from '../../apps/server/dist/commands/support.js';
import { saveReader } from '../../apps/server/dist/modules/readers/reader-service.js';

export const SUBS_PASSWORD = 'Reader2026';
export const SUBS_LANGS = ['zh-CN', 'zh-TW', 'en-US'];
export const subsAccount = (lang) => `subs-${lang}`;

export async function prepareSubscriptionReaders() {
  await withServices(async (_s, db) => {
    const tenant = await db.kysely
      .selectFrom('tenant')
      .select('id')
      .where('mapping_path', '=', '')
      .executeTakeFirstOrThrow();
    for (const lang of SUBS_LANGS)
      await saveReader(db.kysely, tenant.id, { account: subsAccount(lang), name: `订阅者${lang}` }, SUBS_PASSWORD, '1');
  });
}
