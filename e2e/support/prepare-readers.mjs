// Prepares the staff console's readers flow (e2e/admin-readers.spec.ts) in the e2e database, in one
// process with the built server's modules. Called by prepare-data.mjs after the demo seed. In each
// demo institution: `freeze-me`, a reader with one renewable loan (lent at the desk, due in three
// days), whom desk staff freeze and restore.
import { sql } from 'kysely';
import { loadConfig } from '../../apps/server/dist/config.js';
import { openConfiguredDatabase, prepareDatabase } from '../../apps/server/dist/db/setup.js';
import { checkout } from '../../apps/server/dist/modules/circulation/desk-service.js';
import { saveReader } from '../../apps/server/dist/modules/readers/reader-service.js';

export const FREEZE_READER = { account: 'freeze-me', password: 'Reader2026', name: '冻结测试读者' };

export async function prepareAdminReaders() {
  const db = await openConfiguredDatabase(loadConfig({ ...process.env, TEST_CAPTCHA_ANSWER: '0' }));
  try {
    await prepareDatabase(db);
    for (const mappingPath of ['', 'beiling', 'xihu']) {
      const tenant = await db.kysely
        .selectFrom('tenant')
        .select('id')
        .where('mapping_path', '=', mappingPath)
        .executeTakeFirstOrThrow();
      await saveReader(
        db.kysely,
        tenant.id,
        { account: FREEZE_READER.account, name: FREEZE_READER.name, email: 'freeze@example.org', emailVerified: true },
        FREEZE_READER.password,
        '1',
      );
      // A loanable copy on the shelf that nobody has requested.
      const copy = await sql`
        SELECT i.barcode FROM item i
        WHERE i.tenant_id = ${tenant.id} AND i.circ_attr = '0' AND i.process_type_code = '411' AND i.barcode IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM circ_request r WHERE r.tenant_id = i.tenant_id AND r.record_id = i.record_id)
          AND NOT EXISTS (SELECT 1 FROM loan_event le WHERE le.tenant_id = i.tenant_id AND le.barcode = i.barcode
                            AND le.return_date IS NULL)
        ORDER BY i.record_id LIMIT 1`.execute(db.kysely);
      const barcode = copy.rows[0]?.barcode;
      if (!barcode) throw new Error(`prepare-readers: no copy on the shelf in "${mappingPath}"`);
      const loan = await checkout(db.kysely, tenant.id, { reader: FREEZE_READER.account, barcode });
      await db.kysely
        .updateTable('loan_event')
        .set({ due_date: sql`current_date + 3` })
        .where('tenant_id', '=', tenant.id)
        .where('id', '=', loan.loanId)
        .execute();
    }
  } finally {
    await db.close();
  }
}
