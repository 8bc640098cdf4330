// Prepares the recommendation flow's readers (e2e/recommendations.spec.ts) in the e2e database, in one
// process with the built server's modules. Called by prepare-data.mjs after the demo seed. In the
// default institution, one reader per flow (`rec-zh-CN`, `rec-zh-TW`, `rec-en-US`), each with a
// verified e-mail (recommending needs one), so that no other spec's reader gets their points or messages.
import { loadConfig } from '../../apps/server/dist/config.js';
import { openConfiguredDatabase, prepareDatabase } from '../../apps/server/dist/db/setup.js';
import { saveReader } from '../../apps/server/dist/modules/readers/reader-service.js';

export const REC_PASSWORD = 'Reader2026';
export const REC_LANGS = ['zh-CN', 'zh-TW', 'en-US'];

export async function prepareRecommendReaders() {
  const db = await openConfiguredDatabase(loadConfig({ ...process.env, TEST_CAPTCHA_ANSWER: '0' }));
  try {
    await prepareDatabase(db);
    const tenant = await db.kysely
      .selectFrom('tenant')
      .select('id')
      .where('mapping_path', '=', '')
      .executeTakeFirstOrThrow();
    for (const lang of REC_LANGS) {
      await saveReader(
        db.kysely,
        tenant.id,
        {
          account: `rec-${lang}`,
          name: `荐购${lang}`,
          email: `rec-${lang.toLowerCase()}@example.org`,
          emailVerified: true,
        },
        REC_PASSWORD,
        '1',
      );
    }
  } finally {
    await db.close();
  }
}
