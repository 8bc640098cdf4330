import type { FastifyInstance } from 'fastify';
import {
  E_RECOMMEND_KINDS,
  RecommendErrCode,
  RecommendationCalls,
  type Envelope,
  type RecommendDecideOutcome,
} from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { t } from '../../http/messages.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireReader } from '../auth/session-context.js';
import { requireStaff } from '../staff/staff-context.js';

/**
 * Resource recommendations (`/find/recommendBooks/*`, the reader's own; 401 for visitors) and the staff
 * queue (`/find/admin/recommendations/*`). Thin: each the service's work for the session's reader or
 * staff account in the request's institution. The standing (frozen, lost) and the verified contact are
 * checked by the service inside the save's transaction; cancelling stays open to every reader.
 */
export function registerRecommendationRoutes(app: FastifyInstance, services: Services): void {
  const recs = services.recommendations;

  route(app, RecommendationCalls.recommendState, async (req) =>
    ok(req.lang, await recs.state(req.tenant.id, requireReader(req), req.lang)),
  );

  route(app, RecommendationCalls.recommendLookup, async (req) => {
    const found = await recs.lookup(req.tenant.id, requireReader(req), req.body);
    return okSaying(req.lang, found, found.held ? 'recHeld' : 'recNotHeld');
  });

  route(app, RecommendationCalls.recommendSave, async (req) =>
    okSaying(req.lang, await recs.save(req.tenant.id, requireReader(req), req.body, req.lang), 'recSaved'),
  );

  route(app, RecommendationCalls.recommendList, async (req) =>
    ok(req.lang, await recs.list(req.tenant.id, requireReader(req), req.query, req.lang)),
  );

  route(app, RecommendationCalls.recommendCancel, async (req) =>
    okSaying(req.lang, await recs.cancel(req.tenant.id, requireReader(req), req.body.id, req.lang), 'recCancelled'),
  );

  // The electronic resources' own calls (`/find/newEle/recommendBooks/*`, from the navigation pages): the
  // same rules, quota and queue, for journals and e-resources only.
  route(app, RecommendationCalls.eRecommendState, async (req) =>
    ok(req.lang, await recs.state(req.tenant.id, requireReader(req), req.lang, E_RECOMMEND_KINDS)),
  );

  route(app, RecommendationCalls.eRecommendSave, async (req) =>
    okSaying(req.lang, await recs.save(req.tenant.id, requireReader(req), req.body, req.lang), 'recSaved'),
  );

  route(app, RecommendationCalls.eRecommendList, async (req) =>
    ok(req.lang, await recs.list(req.tenant.id, requireReader(req), req.query, req.lang, E_RECOMMEND_KINDS)),
  );

  route(app, RecommendationCalls.eRecommendCancel, async (req) =>
    okSaying(
      req.lang,
      await recs.cancel(req.tenant.id, requireReader(req), req.body.id, req.lang, E_RECOMMEND_KINDS),
      'recCancelled',
    ),
  );

  route(app, RecommendationCalls.adminRecommendations, async (req) =>
    ok(req.lang, await recs.adminList(requireStaff(req).tenantId, req.query, req.lang)),
  );

  route(app, RecommendationCalls.adminRecommendation, async (req) =>
    ok(req.lang, await recs.adminOne(requireStaff(req).tenantId, req.query.id, req.lang)),
  );

  // Every recommendation changed by someone else meanwhile: a failure that says so, with the outcome as its data.
  route(app, RecommendationCalls.adminRecommendDecide, async (req): Promise<Envelope<RecommendDecideOutcome>> => {
    const out = await recs.decide(requireStaff(req), req.body, req.ip);
    const count = out.changed.length;
    if (!count)
      return {
        success: false,
        message: t(req.lang, 'recConflict'),
        errCode: RecommendErrCode.conflict,
        errorCode: null,
        data: out,
      };
    if (out.conflicts.length)
      return okSaying(req.lang, out, 'recPartlyDecided', { count, conflicts: out.conflicts.length });
    return okSaying(req.lang, out, 'recDecided', { count });
  });

  route(app, RecommendationCalls.adminRecommendSettings, async (req) =>
    ok(req.lang, await recs.settings(requireStaff(req).tenantId)),
  );

  route(app, RecommendationCalls.adminRecommendSaveSettings, async (req) =>
    okSaying(req.lang, await recs.saveSettings(requireStaff(req), req.body, req.ip), 'recSettingsSaved'),
  );
}
