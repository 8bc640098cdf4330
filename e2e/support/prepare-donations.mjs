// Prepares the donations flow's readers (e2e/donations.spec.ts) in the e2e database, in one process with
// the built server's modules. Called by prepare-data.mjs after the demo seed. In the default institution,
// one reader per language (`donor-zh-CN`…), so that each test's donations and inbox are its own.
import { withServices } from '../../apps/server/dist/commands/support.js';
import { saveReader } from '../../apps/server/dist/modules/readers/reader-service.js';

export const DONOR_PASSWORD = 'Reader2026';
export const DONOR_LANGS = ['zh-CN', 'zh-TW', 'en-US'];
export const donorAccount = (lang) => `donor-${lang}`;

export async function prepareDonations() {
  await withServices(async (_s, db) => {
    const tenant = await db.kysely
      .selectFrom('tenant')
      .select('id')
      .where('mapping_path', '=', '')
      .executeTakeFirstOrThrow();
    for (const lang of DONOR_LANGS)
      await saveReader(
        db.kysely,
        tenant.id,
        { account: donorAccount(lang), name: `捐书人${lang}` },
        DONOR_PASSWORD,
        '1',
      );
  });
}
