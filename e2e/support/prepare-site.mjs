// Prepares the site configuration flow (e2e/admin-site.spec.ts) in the e2e database, in one process
// with the built server's modules. Called by prepare-data.mjs after the demo seed. Per language a
// new institution of its own (`site-zh-cn`, …: no colours, logo or menu set yet, so nothing another
// spec looks at changes) with one library and its administrator `site-admin`.
import { withServices } from '../../apps/server/dist/commands/support.js';
import { createTenant } from '../../apps/server/dist/modules/tenants/tenant-service.js';

export const SITE_ADMIN = { username: 'site-admin', password: 'Admin-2026-Site' };
export const SITE_TENANTS = { 'zh-CN': 'site-zh-cn', 'zh-TW': 'site-zh-tw', 'en-US': 'site-en-us' };

export async function prepareSite() {
  await withServices(async (s, db) => {
    for (const [i, [lang, mappingPath]] of Object.entries(SITE_TENANTS).entries()) {
      const id = await createTenant(db.kysely, {
        mappingPath,
        groupCode: `99070${i}`,
        name: `新建图书馆${i + 1}`,
        nameEn: `New Library ${i + 1}`,
        nameTw: `新建圖書館${i + 1}`,
      });
      await db.kysely
        .insertInto('library')
        .values({ tenant_id: id, lib_code: `NEW${i}`, name: `新建图书馆${i + 1}`, is_main: true })
        .execute();
      await s.staff.add(
        {
          tenantId: id,
          username: SITE_ADMIN.username,
          name: `站点管理员（${lang}）`,
          role: 'admin',
          libCodes: [],
          password: SITE_ADMIN.password,
        },
        'e2e',
      );
    }
  });
}
