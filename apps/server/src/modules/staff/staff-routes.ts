import type { FastifyInstance } from 'fastify';
import { StaffCalls } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireStaff } from './staff-context.js';

/**
 * The staff console's session (issues 27 and 28): login at the institution of the `mappingPath`
 * header (an operator at any), logout, who am I; one's own second factor and password; the
 * administrators' staff accounts. The token travels in the `X-Staff-Token` header;
 * no cookie is set.
 */
export function registerStaffRoutes(app: FastifyInstance, services: Services): void {
  const { staff, staffAccounts } = services;

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

  // One's own second factor and password.
  route(app, StaffCalls.staffSecondFactor, async (req) =>
    ok(req.lang, await staffAccounts.secondFactorState(requireStaff(req))),
  );
  route(app, StaffCalls.staffSecondFactorSetup, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(req.lang, await staffAccounts.setupSecondFactor(requireStaff(req), req.tenant.name));
  });
  route(app, StaffCalls.staffSecondFactorConfirm, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const codes = await staffAccounts.confirmSecondFactor(requireStaff(req), req.body.code, req.ip);
    return okSaying(req.lang, codes, 'staffSecondFactorOn');
  });
  route(app, StaffCalls.staffSecondFactorDisable, async (req) => {
    await staffAccounts.disableSecondFactor(requireStaff(req), req.body.password, req.ip);
    return okSaying(req.lang, null, 'staffSecondFactorOff');
  });
  route(app, StaffCalls.staffRecoveryCodes, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(req.lang, await staffAccounts.renewRecoveryCodes(requireStaff(req), req.body.password, req.ip));
  });
  route(app, StaffCalls.staffChangePassword, async (req) => {
    await staffAccounts.changeOwnPassword(requireStaff(req), req.body.currentPassword, req.body.password, req.ip);
    return okSaying(req.lang, null, 'staffPasswordChanged');
  });

  // The institution's accounts (administrators).
  route(app, StaffCalls.staffAccounts, async (req) => ok(req.lang, await staffAccounts.list(requireStaff(req))));
  route(app, StaffCalls.staffAccountAdd, async (req) =>
    okSaying(req.lang, await staffAccounts.add(requireStaff(req), req.body, req.ip), 'staffAccountSaved'),
  );
  route(app, StaffCalls.staffAccountUpdate, async (req) =>
    okSaying(req.lang, await staffAccounts.update(requireStaff(req), req.body, req.ip), 'staffAccountSaved'),
  );
  route(app, StaffCalls.staffAccountPassword, async (req) => {
    await staffAccounts.setPassword(requireStaff(req), req.body.staffId, req.body.password, req.ip);
    return okSaying(req.lang, null, 'staffPasswordChanged');
  });
  route(app, StaffCalls.staffAccountResetSecondFactor, async (req) => {
    await staffAccounts.resetSecondFactor(requireStaff(req), req.body.staffId, req.ip);
    return okSaying(req.lang, null, 'staffSecondFactorReset');
  });
}
