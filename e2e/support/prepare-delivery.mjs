// Prepares the home-delivery flow's accounts (e2e/my-library-delivery.spec.ts) in the e2e database, in
// one process with the built server's modules. Called by prepare-data.mjs after the demo seed. In each
// demo institution: `courier`, a reader with no delivery address yet, and `delivery-desk`, a desk
// account that sends deliveries (the test calls the desk over HTTP).
import { withServices } from '../../apps/server/dist/commands/support.js';
import { saveReader } from '../../apps/server/dist/modules/readers/reader-service.js';

export const DELIVERY_READER = { account: 'courier', password: 'Reader2026' };
export const DELIVERY_DESK = { username: 'delivery-desk', password: 'Desk-2026-Send' };

export async function prepareDeliveryAccounts() {
  await withServices(async (s, db) => {
    for (const mappingPath of ['', 'beiling', 'xihu']) {
      const tenant = await db.kysely
        .selectFrom('tenant')
        .select('id')
        .where('mapping_path', '=', mappingPath)
        .executeTakeFirstOrThrow();
      await saveReader(
        db.kysely,
        tenant.id,
        {
          account: DELIVERY_READER.account,
          name: '送书读者',
          // Verified contacts: xihu asks readers without them to bind one first.
          email: 'courier@example.org',
          emailVerified: true,
          phone: '13800000077',
          phoneVerified: true,
        },
        DELIVERY_READER.password,
        '1',
      );
      await s.staff.add(
        {
          tenantId: tenant.id,
          username: DELIVERY_DESK.username,
          name: '送书馆员',
          role: 'staff',
          libCodes: [],
          password: DELIVERY_DESK.password,
        },
        'e2e',
      );
    }
  });
}
