import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { createTenant } from '../modules/tenants/tenant-service.js';
import { inTransaction } from '../db/transaction.js';
import {
  mergeSiteConfig,
  replaceMenuGroup,
  upsertInstitutionParams,
} from '../modules/site-config/site-config-repository.js';
import { seedDemoCatalogue } from './demo-catalogue.js';
import { seedDemoAddressesPoints } from './demo-addresses-points.js';
import { seedDemoCirculation } from './demo-circulation.js';
import { seedDemoCollections } from './demo-collections.js';
import { seedDemoDiscovery } from './demo-discovery.js';
import { seedDemoEResources } from './demo-e-resources.js';
import { seedDemoJournals } from './demo-journals.js';
import { seedDemoReaders } from './demo-readers.js';
import { seedDemoStaff } from './demo-staff.js';
import { seedDemoSurveys } from './demo-surveys.js';
import { seedDemoHomeNavigation } from './demo-home-navigation.js';
import { seedDemoSubjects } from './demo-subjects.js';
import { seedDemoCourses } from './demo-courses.js';
import { DEMO_TENANTS, type DemoTenant } from './demo-tenants.js';
import { refreshRecordTags } from '../modules/catalogue/catalogue-repository.js';

export interface SeedReport {
  created: string[];
  skipped: string[];
  records: number;
}

/** Demo catalogue size of each new demo institution: the default one gets the most. */
export const DEMO_RECORDS = { default: 3000, other: 800 };

/**
 * Seeds the demo institutions that do not exist yet, each with a demo catalogue (`records: 0`
 * for none). Safe to run again.
 */
export async function seedDemo(db: Kysely<Database>, opts: { records?: number } = {}): Promise<SeedReport> {
  const report: SeedReport = { created: [], skipped: [], records: 0 };
  const existing = new Set((await db.selectFrom('tenant').select('mapping_path').execute()).map((r) => r.mapping_path));
  for (const demo of DEMO_TENANTS) {
    const label = demo.tenant.mappingPath || '(default)';
    if (existing.has(demo.tenant.mappingPath)) {
      report.skipped.push(label);
      continue;
    }
    const id = await seedTenant(db, demo);
    await seedDemoReaders(db, id);
    await seedDemoStaff(db, id);
    report.created.push(label);
    const records = opts.records ?? (demo.tenant.mappingPath === '' ? DEMO_RECORDS.default : DEMO_RECORDS.other);
    if (records > 0) report.records += await seedDemoCatalogue(db, id, records);
    // Loans, ratings and comments need the catalogue; collections, book lists and news are seeded either way.
    await seedDemoDiscovery(db, id);
    // The databases navigation: types, guides, visits, proxy, trial feedback, a KBART package (issue 30).
    await seedDemoEResources(db, id);
    // Journal navigation: print and electronic journals, core marks, views (issue 30).
    await seedDemoJournals(db, id);
    // The demo readers' loans (lent from the shelf, so after the discovery seed's loans).
    await seedDemoCirculation(db, id);
    // Special collections, special libraries and topics over the catalogue's records.
    await seedDemoCollections(db, id);
    // Their delivery addresses and points (the points of the history loans: after the circulation).
    await seedDemoAddressesPoints(db, id);
    // A published questionnaire in the default institution (My Library key 10).
    if (demo.tenant.mappingPath === '') await seedDemoSurveys(db, id);
    // Departments, researchers with their works, the institution's theses (issue 30).
    await seedDemoSubjects(db, id, demo.tenant.mappingPath);
    // Course reading lists matched to the catalogue (/courseReference, My Library key 16).
    await seedDemoCourses(db, id);
    // The fixed icons and the console's navigation usage (issue 30).
    await seedDemoHomeNavigation(db, id);
    // What the records belong to (core lists, databases, special collections, reviewed works), for the
    // search's filters and facets: the seeds above write those memberships directly.
    await refreshRecordTags(db, id);
  }
  return report;
}

/**
 * Seeds one institution in one transaction: it exists whole or not at all. Exported for the test
 * factories, which make institutions the same way.
 */
export async function seedTenant(db: Kysely<Database>, demo: DemoTenant): Promise<number> {
  return inTransaction(db, async (trx) => {
    const id = await createTenant(trx, demo.tenant);
    await mergeSiteConfig(trx, id, demo.config);
    if (demo.params) await upsertInstitutionParams(trx, id, demo.params as Record<string, string>);
    for (const group of ['A', 'B', 'C'] as const) {
      const items = demo.menus?.[`menu${group}`];
      if (items) await replaceMenuGroup(trx, id, group, items);
    }
    await trx
      .insertInto('library')
      .values(
        demo.libraries.map((l, seq) => ({
          tenant_id: id,
          lib_code: l.code,
          name: l.names[0],
          name_tw: l.names[1],
          name_en: l.names[2],
          is_main: l.main ?? false,
          seq,
        })),
      )
      .execute();
    await trx
      .insertInto('campus')
      .values(
        demo.campuses.map((c, seq) => ({
          tenant_id: id,
          campus_id: c.id,
          lib_code: c.lib,
          name: c.names[0],
          name_tw: c.names[1],
          name_en: c.names[2],
          seq,
        })),
      )
      .execute();
    await trx
      .insertInto('location')
      .values(
        demo.locations.map(([locationId, campusId, typeCode, names, entrust, subscribe], seq) => ({
          tenant_id: id,
          location_id: locationId,
          campus_id: campusId,
          location_type_code: typeCode,
          name: names[0],
          name_tw: names[1],
          name_en: names[2],
          entrust,
          subscribe,
          seq,
        })),
      )
      .execute();
    return id;
  });
}
