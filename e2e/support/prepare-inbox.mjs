// Prepares the inbox flow's readers (e2e/inbox.spec.ts) in the e2e database, in one process with the
// built server's modules. Called by prepare-data.mjs after the demo seed. In the default institution,
// one reader per language (`inbox-zh-CN`…), each of a reader type of its own, so that the notice each
// test sends (limited to that type) reaches that reader only and no other spec's readers.
import { loadConfig } from '../../apps/server/dist/config.js';
import { openConfiguredDatabase, prepareDatabase } from '../../apps/server/dist/db/setup.js';
import { saveReader } from '../../apps/server/dist/modules/readers/reader-service.js';

export const INBOX_PASSWORD = 'Reader2026';
export const INBOX_LANGS = ['zh-CN', 'zh-TW', 'en-US'];
export const inboxReaderType = (lang) => `收件测试-${lang}`;

export async function prepareInboxReaders() {
  const db = await openConfiguredDatabase(loadConfig({ ...process.env, TEST_CAPTCHA_ANSWER: '0' }));
  try {
    await prepareDatabase(db);
    const tenant = await db.kysely
      .selectFrom('tenant')
      .select('id')
      .where('mapping_path', '=', '')
      .executeTakeFirstOrThrow();
    for (const lang of INBOX_LANGS) {
      const account = `inbox-${lang}`;
      await saveReader(db.kysely, tenant.id, { account, name: `收件${lang}` }, INBOX_PASSWORD, '1');
      await db.kysely
        .updateTable('reader')
        .set({ reader_type: inboxReaderType(lang) })
        .where('tenant_id', '=', tenant.id)
        .where('account', '=', account)
        .execute();
    }
  } finally {
    await db.close();
  }
}
