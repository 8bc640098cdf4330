import type { FastifyInstance } from 'fastify';
import { PointsCalls } from '@openfind/contract';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireReader } from '../auth/session-context.js';

/** A logged-in reader's points (401 for visitors): the ledger and balance, and how points are earned. */
export function registerPointsRoutes(app: FastifyInstance, services: Services): void {
  route(app, PointsCalls.patronScoreList, async (req) =>
    ok(req.lang, await services.points.list(req.tenant.id, requireReader(req), req.body.page, req.body.rows, req.lang)),
  );

  route(app, PointsCalls.integralRule, async (req) =>
    ok(req.lang, await services.points.rules(req.tenant.id, req.lang)),
  );
}
