import type { FastifyInstance } from 'fastify';
import { EResourceCalls } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireReader } from '../auth/session-context.js';
import { requireStaff } from '../staff/staff-context.js';

/**
 * Databases navigation (`/find/databaseNavigation/*`, `/find/newEle/*`): public lists and pages, the
 * visit (a POST: it counts), trial feedback of the session's reader; and the console's calls
 * (`/find/admin/eresources/*`) for the acting staff account's institution.
 */
export function registerEResourceRoutes(app: FastifyInstance, services: Services): void {
  const { eResources } = services;

  route(app, EResourceCalls.dbScreenList, async (req) =>
    ok(req.lang, await eResources.screenConditions(req.tenant.id, req.lang)),
  );
  route(app, EResourceCalls.dbList, async (req) =>
    ok(req.lang, await eResources.list(req.tenant.id, req.body, req.lang)),
  );
  route(app, EResourceCalls.dbDetails, async (req) =>
    ok(req.lang, await eResources.detail(req.tenant.id, req.query.id, req.lang)),
  );
  route(app, EResourceCalls.dbVisit, async (req) =>
    ok(req.lang, await eResources.visit(req.tenant.id, req.body.id, req.ip)),
  );
  route(app, EResourceCalls.dbFeedback, async (req) =>
    okSaying(req.lang, await eResources.sendFeedback(req.tenant.id, requireReader(req), req.body), 'dbFeedbackSent'),
  );
  route(app, EResourceCalls.dbMyFeedback, async (req) =>
    ok(req.lang, await eResources.myFeedback(req.tenant.id, requireReader(req), req.query.id)),
  );
  route(app, EResourceCalls.newDbList, async (req) =>
    ok(req.lang, await eResources.newDatabases(req.tenant.id, req.body, req.lang)),
  );
  route(app, EResourceCalls.newDbDetails, async (req) =>
    ok(req.lang, await eResources.detail(req.tenant.id, req.query.recordId, req.lang)),
  );

  route(app, EResourceCalls.adminDbFeedback, async (req) =>
    ok(req.lang, await eResources.feedbackQueue(requireStaff(req).tenantId, req.query, req.lang)),
  );
  route(app, EResourceCalls.adminDbFeedbackHandle, async (req) =>
    okSaying(
      req.lang,
      await eResources.handleFeedback(requireStaff(req), req.body, req.ip, req.lang),
      'dbFeedbackHandled',
    ),
  );
  route(app, EResourceCalls.adminDbVisits, async (req) =>
    ok(req.lang, await eResources.visitFigures(requireStaff(req).tenantId, req.lang)),
  );
  route(app, EResourceCalls.adminDbDetails, async (req) =>
    ok(req.lang, await eResources.adminDetails(requireStaff(req).tenantId, req.query.id)),
  );
  route(app, EResourceCalls.adminDbDetailsSave, async (req) =>
    okSaying(req.lang, await eResources.saveAdminDetails(requireStaff(req), req.body, req.ip), 'dbSaved'),
  );
  route(app, EResourceCalls.adminEResourceSettings, async (req) =>
    ok(req.lang, await eResources.settings(requireStaff(req).tenantId)),
  );
  route(app, EResourceCalls.adminEResourceSettingsSave, async (req) =>
    okSaying(req.lang, await eResources.saveSettings(requireStaff(req), req.body, req.ip), 'dbSaved'),
  );
}
