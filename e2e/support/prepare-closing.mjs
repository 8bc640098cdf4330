// Prepares the account-closing flow's readers (e2e/my-library-closing.spec.ts) in the e2e database, in
// one process with the built server's modules. Called by prepare-data.mjs after the demo seed. In the
// default institution: one reader per language who will close their account (`closing-zh-CN`…, and a
// second set `closing-zh-CN-2`… for a retry, which must not meet an account closed by the first try),
// and `closing-borrower`, who has a book on loan (lent at the desk) and is refused.
import { sql } from 'kysely';
import { withServices } from '../../apps/server/dist/commands/support.js';
import { checkout } from '../../apps/server/dist/modules/circulation/desk-service.js';
import { saveReader } from '../../apps/server/dist/modules/readers/reader-service.js';

export const CLOSING_PASSWORD = 'Reader2026';
export const CLOSING_LANGS = ['zh-CN', 'zh-TW', 'en-US'];
export const CLOSING_BORROWER = 'closing-borrower';

export async function prepareClosingReaders() {
  await withServices(async (_s, db) => {
    const tenant = await db.kysely
      .selectFrom('tenant')
      .select('id')
      .where('mapping_path', '=', '')
      .executeTakeFirstOrThrow();
    for (const lang of CLOSING_LANGS)
      for (const suffix of ['', '-2'])
        await saveReader(
          db.kysely,
          tenant.id,
          { account: `closing-${lang}${suffix}`, name: `注销者${lang}`, email: `closing-${lang}${suffix}@example.org` },
          CLOSING_PASSWORD,
          '1',
        );
    await saveReader(db.kysely, tenant.id, { account: CLOSING_BORROWER, name: '借书未还' }, CLOSING_PASSWORD, '1');
    const copy = await sql`
      SELECT i.barcode FROM item i
       WHERE i.tenant_id = ${tenant.id} AND i.circ_attr = '0' AND i.process_type_code = '411' AND i.barcode IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM circ_request r WHERE r.tenant_id = i.tenant_id AND r.record_id = i.record_id)
         AND NOT EXISTS (SELECT 1 FROM loan_event le WHERE le.tenant_id = i.tenant_id AND le.barcode = i.barcode
                           AND le.return_date IS NULL)
       ORDER BY i.record_id LIMIT 1`.execute(db.kysely);
    const barcode = copy.rows[0]?.barcode;
    if (!barcode) throw new Error('prepare-closing: no copy on the shelf to lend');
    await checkout(db.kysely, tenant.id, { reader: CLOSING_BORROWER, barcode });
  });
}
