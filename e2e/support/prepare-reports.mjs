// Prepares the staff console's reports flow (e2e/admin-reports.spec.ts) in the e2e database, in one
// process with the built server's modules. Called by prepare-data.mjs after the demo seed. At beiling:
// searches logged through the search log's write path (some that found nothing, for the dashboard's
// list), and a change for the audit log: the staff account `reports-clerk` added, as
// `openfind staff add` adds one.
import { withServices } from '../../apps/server/dist/commands/support.js';
import { insertSearchLog } from '../../apps/server/dist/modules/search/search-log-repository.js';

/** A text searched three times at beiling that found nothing. */
export const ZERO_RESULT_SEARCH = '量子引力导论第九版';
/** The account whose addition the audit log shows. */
export const REPORTS_CLERK = 'reports-clerk';

export async function prepareReports() {
  await withServices(async (s, db) => {
    const tenant = await db.kysely
      .selectFrom('tenant')
      .select('id')
      .where('mapping_path', '=', 'beiling')
      .executeTakeFirstOrThrow();
    const entry = (text, numFound) => ({
      tenantId: tenant.id,
      queryKey: text.toLowerCase(),
      queryText: text,
      searchField: 'keyWord',
      numFound,
    });
    await insertSearchLog(db.kysely, [
      entry(ZERO_RESULT_SEARCH, 0),
      entry(ZERO_RESULT_SEARCH, 0),
      entry(ZERO_RESULT_SEARCH, 0),
      entry('红楼梦', 8),
      entry('三体', 3),
    ]);
    await s.staff.add(
      {
        tenantId: tenant.id,
        username: REPORTS_CLERK,
        name: '统计馆员',
        role: 'staff',
        libCodes: [],
        password: 'Clerk-2026-Stats',
      },
      'cli:e2e',
    );
  });
}
