// Prepares the moderation flow (e2e/admin-moderation.spec.ts) in the e2e database, in one process with
// the built server's modules. Called by prepare-data.mjs after the demo seed. In the default
// institution: the sensitive word 违规, and per language a reader (`comment-zh-cn`, …) with two
// comments waiting, posted through the evaluations service as the comment call posts them: a plain
// one (to approve) and one containing the word (flagged, to reject with a reason).
import { sql } from 'kysely';
import { withServices } from '../../apps/server/dist/commands/support.js';
import { saveReader } from '../../apps/server/dist/modules/readers/reader-service.js';
import { findReaderByLogin } from '../../apps/server/dist/modules/readers/reader-repository.js';

export const COMMENT_PASSWORD = 'Reader2026';
export const COMMENT_READERS = { 'zh-CN': 'comment-zh-cn', 'zh-TW': 'comment-zh-tw', 'en-US': 'comment-en-us' };
export const SENSITIVE_WORD = '违规';

export async function prepareModeration() {
  await withServices(async (s, db) => {
    const tenant = await db.kysely
      .selectFrom('tenant')
      .select('id')
      .where('mapping_path', '=', '')
      .executeTakeFirstOrThrow();
    await s.moderation.saveWords(
      { tenantId: tenant.id, staffId: null, username: 'cli:e2e', role: 'admin', libCodes: [] },
      { words: [SENSITIVE_WORD] },
      '',
    );
    // Records of the demo catalogue with a title that nobody has commented on, away from the first ones.
    const { rows } = await sql`
      SELECT record_id FROM bib_record b
      WHERE tenant_id = ${tenant.id} AND title <> ''
        AND NOT EXISTS (SELECT 1 FROM record_comment c WHERE c.record_id = b.record_id)
      ORDER BY record_id DESC OFFSET 20 LIMIT 6`.execute(db.kysely);
    if (rows.length < 6) throw new Error('prepare-moderation: not enough records');
    for (const [i, [lang, account]] of Object.entries(COMMENT_READERS).entries()) {
      await saveReader(
        db.kysely,
        tenant.id,
        { account, name: `评论读者${i + 1}`, phone: `1380000016${i}`, phoneVerified: true },
        COMMENT_PASSWORD,
        '1',
      );
      const reader = await findReaderByLogin(db.kysely, tenant.id, account);
      const post = (recordId, content) =>
        s.evaluations.comment(tenant.id, { id: reader.id }, { recordId, content, score: 5 });
      await post(rows[2 * i].record_id, `值得一读的好书（${lang}）`);
      await post(rows[2 * i + 1].record_id, `这条评论含有违規内容（${lang}）`);
    }
  });
}
