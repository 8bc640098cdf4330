import type { FastifyInstance } from 'fastify';
import { RequestAdminCalls } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireStaff } from '../staff/staff-context.js';

/**
 * The request manager's staff calls (issue 28): thin, each the `RequestAdmin` operation for the
 * acting staff account. The session scope has checked the staff session, its institution and role.
 */
export function registerRequestAdminRoutes(app: FastifyInstance, services: Services): void {
  const { requestAdmin } = services;

  route(app, RequestAdminCalls.adminRequests, async (req) =>
    ok(req.lang, await requestAdmin.list(requireStaff(req), req.query, req.lang)),
  );

  route(app, RequestAdminCalls.adminRequestDetail, async (req) =>
    ok(req.lang, await requestAdmin.detail(requireStaff(req), req.query.requestId, req.lang)),
  );

  route(app, RequestAdminCalls.adminPickList, async (req) =>
    ok(req.lang, await requestAdmin.pickList(requireStaff(req), req.query.libCode, req.lang)),
  );

  route(app, RequestAdminCalls.adminRetrieveRequest, async (req) => {
    const { step, title } = await requestAdmin.retrieve(requireStaff(req), req.body.requestId, req.ip);
    return okSaying(req.lang, step, 'requestAdminRetrieved', { title });
  });

  route(app, RequestAdminCalls.adminShelveRequest, async (req) => {
    const { step, title } = await requestAdmin.shelve(requireStaff(req), req.body.requestId, req.ip);
    return okSaying(req.lang, step, 'requestAdminShelved', { title, date: step.readyUntil ?? '' });
  });

  route(app, RequestAdminCalls.adminCancelRequest, async (req) => {
    const { step, title } = await requestAdmin.cancel(requireStaff(req), req.body, req.ip);
    return okSaying(req.lang, step, 'requestAdminCancelled', { title });
  });

  route(app, RequestAdminCalls.adminExpiredHolds, async (req) =>
    ok(req.lang, await requestAdmin.expired(requireStaff(req), req.query.page, req.query.rows, req.lang)),
  );

  route(app, RequestAdminCalls.adminClearExpiredHold, async (req) => {
    const { title, ...cleared } = await requestAdmin.clearExpired(requireStaff(req), req.body.requestId, req.ip);
    return okSaying(
      req.lang,
      cleared,
      cleared.outcome === 'passedOn' ? 'requestAdminPassedOn' : 'requestAdminReshelved',
      { title },
    );
  });
}
