// Readers for a flow's e2e spec, one per interface language, in the default institution of the e2e
// database, so that each language's test has its own messages, counts and state. Used by the
// prepare-*.mjs scripts inside their `withServices`.
import { saveReader } from '../../apps/server/dist/modules/readers/reader-service.js';

export const READER_LANGS = ['zh-CN', 'zh-TW', 'en-US'];

/** The id of the default institution (mapping path ''). */
export async function defaultTenantId(db) {
  const tenant = await db.kysely
    .selectFrom('tenant')
    .select('id')
    .where('mapping_path', '=', '')
    .executeTakeFirstOrThrow();
  return tenant.id;
}

/**
 * Saves `<prefix>-<lang>` for each language with `password`, named `<name><lang>`; with `email`, a
 * verified address `<prefix>-<lang>@example.org`. Gives the saved readers' ids by language.
 */
export async function saveReadersPerLanguage(db, { prefix, name, password, email = false }) {
  const tenantId = await defaultTenantId(db);
  const ids = {};
  for (const lang of READER_LANGS) {
    const account = `${prefix}-${lang}`;
    const contact = email ? { email: `${account.toLowerCase()}@example.org`, emailVerified: true } : {};
    const saved = await saveReader(db.kysely, tenantId, { account, name: `${name}${lang}`, ...contact }, password, '1');
    ids[lang] = saved.id;
  }
  return ids;
}
