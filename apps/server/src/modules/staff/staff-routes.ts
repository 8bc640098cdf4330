import type { FastifyInstance } from 'fastify';
import { StaffCalls } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireStaff } from './staff-context.js';

/**
 * The staff console's session (issues 27 and 28): login at the institution of the `mappingPath`
 * header (an operator at any), logout, who am I. The token travels in the `X-Staff-Token` header;
 * no cookie is set.
 */
export function registerStaffRoutes(app: FastifyInstance, services: Services): void {
  const { staff } = services;

  route(app, StaffCalls.staffLogin, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(req.lang, await staff.login(req.tenant, req.body, req.ip));
  });

  route(app, StaffCalls.staffLogout, async (req) => {
    const actor = requireStaff(req);
    await staff.logout(actor.session, actor.tenantId, req.ip);
    return okSaying(req.lang, null, 'loggedOut');
  });

  route(app, StaffCalls.staffMe, async (req) => ok(req.lang, await staff.identity(requireStaff(req).session)));
}
