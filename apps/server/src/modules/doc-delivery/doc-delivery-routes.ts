import type { FastifyInstance } from 'fastify';
import { DocDeliveryCalls } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireReader } from '../auth/session-context.js';
import { requireStaff } from '../staff/staff-context.js';

/**
 * Document delivery (`/find/docDelivery/*`, the reader's own; 401 for visitors) and its console
 * calls (`/find/admin/docDelivery/*`: the settings for administrators, the requests for staff).
 * Thin: each the service's work for the session's reader or staff account in the request's institution.
 */
export function registerDocDeliveryRoutes(app: FastifyInstance, services: Services): void {
  const docs = services.docDelivery;

  route(app, DocDeliveryCalls.docDeliveryState, async (req) =>
    ok(req.lang, await docs.state(req.tenant.id, requireReader(req))),
  );

  route(app, DocDeliveryCalls.docDeliverySave, async (req) => {
    const saved = await docs.save(req.tenant.id, requireReader(req), req.body);
    return okSaying(req.lang, saved, saved.status === 'sent' ? 'docSaved' : 'docQueued');
  });

  route(app, DocDeliveryCalls.docDeliveryList, async (req) =>
    ok(req.lang, await docs.list(req.tenant.id, requireReader(req), req.query.page, req.query.rows)),
  );

  route(app, DocDeliveryCalls.docDeliveryCancel, async (req) =>
    okSaying(req.lang, await docs.cancel(req.tenant.id, requireReader(req), req.body.id), 'docCancelled'),
  );

  route(app, DocDeliveryCalls.adminDocDeliverySettings, async (req) =>
    ok(req.lang, await docs.settings(requireStaff(req).tenantId)),
  );

  route(app, DocDeliveryCalls.adminDocDeliverySaveSettings, async (req) =>
    okSaying(req.lang, await docs.saveSettings(requireStaff(req), req.body, req.lang, req.ip), 'docSettingsSaved'),
  );

  route(app, DocDeliveryCalls.adminDocDeliveryList, async (req) =>
    ok(req.lang, await docs.adminList(requireStaff(req).tenantId, req.query)),
  );

  route(app, DocDeliveryCalls.adminDocDeliveryResend, async (req) => {
    const { request, sent } = await docs.resend(requireStaff(req), req.body.id, req.ip);
    return okSaying(req.lang, request, sent ? 'docResent' : 'docResendQueued');
  });
}
