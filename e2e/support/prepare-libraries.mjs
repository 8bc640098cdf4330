// Prepares the libraries and loan rules flow (e2e/admin-libraries.spec.ts) in the e2e database, in one
// process with the built server's modules. Called by prepare-data.mjs after the demo seed. Per language
// an institution of its own (`libs-zh-cn`, …, so that renaming a location there changes nothing another
// spec looks at) with the demo institution's libraries, campuses and locations, one record with a copy
// in location 101, readers of two reader types and its administrator `libs-admin`.
import { withServices } from '../../apps/server/dist/commands/support.js';
import { seedTenant } from '../../apps/server/dist/seed/demo.js';
import { DEMO_TENANTS } from '../../apps/server/dist/seed/demo-tenants.js';
import { storeRecords } from '../../apps/server/dist/modules/catalogue/catalogue-repository.js';
import { saveReader } from '../../apps/server/dist/modules/readers/reader-service.js';

export const LIBS_ADMIN = { username: 'libs-admin', password: 'Admin-2026-Libs' };
export const LIBS_TENANTS = { 'zh-CN': 'libs-zh-cn', 'zh-TW': 'libs-zh-tw', 'en-US': 'libs-en-us' };
export const LIBS_RECORD_TITLE = '馆藏地改名测试之书';

export async function prepareLibraries() {
  const { libraries, campuses, locations } = DEMO_TENANTS[0];
  await withServices(async (s, db) => {
    for (const [i, [lang, mappingPath]] of Object.entries(LIBS_TENANTS).entries()) {
      const id = await seedTenant(db.kysely, {
        tenant: {
          mappingPath,
          groupCode: `99080${i}`,
          name: `馆藏地测试图书馆${i + 1}`,
          nameEn: `Locations Test Library ${i + 1}`,
          nameTw: `館藏地測試圖書館${i + 1}`,
        },
        config: {},
        libraries,
        campuses,
        locations,
      });
      await storeRecords(db.kysely, id, [
        {
          sourceKey: `e2e:libs:${i}`,
          sourceFormat: 'marc21',
          title: LIBS_RECORD_TITLE,
          langCode: 'chi',
          countryCode: 'CN',
          items: [
            {
              barcode: `LIBS${i}0001`,
              callNo: 'I247.5/1',
              libCode: 'OFU',
              campusId: '1',
              locationId: '101',
              curLocationId: '101',
              processTypeCode: '411',
              circAttr: '0',
              inDate: '2024-01-01',
            },
          ],
        },
      ]);
      for (const [n, readerType] of ['研究生', '研究生', '本科生'].entries())
        await saveReader(
          db.kysely,
          id,
          { account: `libs-reader${n}`, name: `读者${n}`, libCode: 'OFU', readerType },
          'Reader2026',
          '1',
        );
      await s.staff.add(
        {
          tenantId: id,
          username: LIBS_ADMIN.username,
          name: `馆藏地管理员（${lang}）`,
          role: 'admin',
          libCodes: [],
          password: LIBS_ADMIN.password,
        },
        'e2e',
      );
    }
  });
}
