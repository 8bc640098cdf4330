// Prepares the re-lend flow's readers (e2e/my-library-relend.spec.ts) in the e2e database, in one
// process with the built server's modules. Called by prepare-data.mjs after the demo seed. In each
// demo institution: `relend-a`, who takes part in transfer lending and has borrowed (at the desk) the
// only copy of a record, and `relend-b`, who will ask for it; a second pair (`relend-a-2`,
// `relend-b-2`, another record) for a retry of the test, which must not meet the first try's state.
import { sql } from 'kysely';
import { loadConfig } from '../../apps/server/dist/config.js';
import { openConfiguredDatabase, prepareDatabase } from '../../apps/server/dist/db/setup.js';
import { checkout } from '../../apps/server/dist/modules/circulation/desk-service.js';
import { saveReader } from '../../apps/server/dist/modules/readers/reader-service.js';

export const RELEND_PASSWORD = 'Reader2026';

export async function prepareRelendReaders() {
  const db = await openConfiguredDatabase(loadConfig({ ...process.env, TEST_CAPTCHA_ANSWER: '0' }));
  try {
    await prepareDatabase(db);
    for (const mappingPath of ['', 'beiling', 'xihu']) {
      const tenant = await db.kysely
        .selectFrom('tenant')
        .select('id')
        .where('mapping_path', '=', mappingPath)
        .executeTakeFirstOrThrow();
      for (const suffix of ['', '-2']) {
        for (const [account, name] of [
          [`relend-a${suffix}`, '转借甲'],
          [`relend-b${suffix}`, '转借乙'],
        ])
          await saveReader(db.kysely, tenant.id, { account, name }, RELEND_PASSWORD, '1');
        await db.kysely
          .updateTable('reader')
          .set({ transfer_lending: true })
          .where('tenant_id', '=', tenant.id)
          .where('account', '=', `relend-a${suffix}`)
          .execute();
        // A record with one loanable copy, on the shelf, that nobody has requested.
        const copy = await sql`
        SELECT i.barcode FROM item i
        WHERE i.tenant_id = ${tenant.id} AND i.circ_attr = '0' AND i.process_type_code = '411' AND i.barcode IS NOT NULL
          AND (SELECT count(*) FROM item o WHERE o.tenant_id = i.tenant_id AND o.record_id = i.record_id
                 AND o.circ_attr = '0') = 1
          AND NOT EXISTS (SELECT 1 FROM circ_request r WHERE r.tenant_id = i.tenant_id AND r.record_id = i.record_id)
          AND NOT EXISTS (SELECT 1 FROM loan_event le WHERE le.tenant_id = i.tenant_id AND le.barcode = i.barcode
                            AND le.return_date IS NULL)
        ORDER BY i.record_id DESC LIMIT 1`.execute(db.kysely);
        const barcode = copy.rows[0]?.barcode;
        if (!barcode) throw new Error(`prepare-relend: no single-copy record in "${mappingPath}"`);
        await checkout(db.kysely, tenant.id, { reader: `relend-a${suffix}`, barcode });
      }
    }
  } finally {
    await db.close();
  }
}
