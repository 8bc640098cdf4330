// Prepares the request manager's flow (e2e/admin-requests.spec.ts) in the e2e database, in one process
// with the built server's modules. Called by prepare-data.mjs after the demo seed. In the default
// institution, one reader per language (`hold-zh-cn`, `hold-zh-tw`, `hold-en-us`), each of whom has
// requested a record whose only loanable copy was on the shelf: the copy is held for them, still in
// the stacks, for the desk to fetch and put on the hold shelf in the staff console.
import { sql } from 'kysely';
import { withServices } from '../../apps/server/dist/commands/support.js';
import { saveReader } from '../../apps/server/dist/modules/readers/reader-service.js';
import { findReaderByLogin } from '../../apps/server/dist/modules/readers/reader-repository.js';

export const HOLD_PASSWORD = 'Reader2026';
export const HOLD_READERS = { 'zh-CN': 'hold-zh-cn', 'zh-TW': 'hold-zh-tw', 'en-US': 'hold-en-us' };

export async function prepareRequestReaders() {
  await withServices(async (s, db) => {
    const tenant = await db.kysely
      .selectFrom('tenant')
      .select('id')
      .where('mapping_path', '=', '')
      .executeTakeFirstOrThrow();
    // Records with one loanable copy on the shelf that nobody has requested or borrowed.
    const free = await sql`
      SELECT i.record_id FROM item i
      WHERE i.tenant_id = ${tenant.id} AND i.circ_attr = '0' AND i.process_type_code = '411' AND i.barcode IS NOT NULL
        AND (SELECT count(*) FROM item o WHERE o.tenant_id = i.tenant_id AND o.record_id = i.record_id
               AND o.circ_attr = '0') = 1
        AND NOT EXISTS (SELECT 1 FROM circ_request r WHERE r.tenant_id = i.tenant_id AND r.record_id = i.record_id)
        AND NOT EXISTS (SELECT 1 FROM loan_event le WHERE le.tenant_id = i.tenant_id AND le.barcode = i.barcode
                          AND le.return_date IS NULL)
      ORDER BY i.record_id LIMIT 3`.execute(db.kysely);
    const main = await db.kysely
      .selectFrom('library')
      .select('lib_code')
      .where('tenant_id', '=', tenant.id)
      .orderBy('is_main', 'desc')
      .orderBy('seq')
      .executeTakeFirstOrThrow();
    const accounts = Object.values(HOLD_READERS);
    if (free.rows.length < accounts.length) throw new Error('prepare-requests: not enough single-copy records');
    for (const [i, account] of accounts.entries()) {
      await saveReader(
        db.kysely,
        tenant.id,
        { account, name: `预约读者${i + 1}`, phone: `1380000015${i}`, phoneVerified: true },
        HOLD_PASSWORD,
        '1',
      );
      const reader = await findReaderByLogin(db.kysely, tenant.id, account);
      await s.requests.place(tenant.id, reader, {
        recordId: free.rows[i].record_id,
        requestType: 'reserve',
        pickupLibCode: main.lib_code,
        contactPhone: '',
        retentionDays: 0,
      });
    }
  });
}
