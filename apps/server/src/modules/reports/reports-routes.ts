import type { FastifyInstance } from 'fastify';
import { ReportsCalls } from '@openfind/contract';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireStaff } from '../staff/staff-context.js';

/**
 * The staff console's reports (issue 28): the dashboard and the statistics (staff), the audit log
 * (administrators). Thin: the session scope has checked the staff session, its institution and role;
 * every figure is of the institution of the request.
 */
export function registerReportsRoutes(app: FastifyInstance, services: Services): void {
  const { reports } = services;

  route(app, ReportsCalls.reportsDashboard, async (req) =>
    ok(req.lang, await reports.dashboard(requireStaff(req).tenantId)),
  );

  route(app, ReportsCalls.reportsStatistics, async (req) =>
    ok(req.lang, await reports.statistics(requireStaff(req).tenantId, req.query)),
  );

  route(app, ReportsCalls.reportsAudit, async (req) =>
    ok(req.lang, await reports.audit(requireStaff(req).tenantId, req.query)),
  );
}
