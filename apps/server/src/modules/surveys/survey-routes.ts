import type { FastifyInstance } from 'fastify';
import { SurveyCalls } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireReader } from '../auth/session-context.js';
import { requireStaff } from '../staff/staff-context.js';

/**
 * Questionnaires: the reader's (`/find/survey/*`, 401 for visitors; each call acts on the session's
 * reader in the session's institution; a frozen account or a lost card may answer too) and the
 * console's (`/find/admin/surveys/*`, for the acting staff account's institution).
 */
export function registerSurveyRoutes(app: FastifyInstance, services: Services): void {
  const { surveys } = services;
  const S = SurveyCalls;

  route(app, S.surveyList, async (req) => ok(req.lang, await surveys.readerList(req.tenant.id, requireReader(req))));
  route(app, S.surveyDetail, async (req) =>
    ok(req.lang, await surveys.readerDetail(req.tenant.id, requireReader(req), req.query.surveyId)),
  );
  route(app, S.surveySubmit, async (req) =>
    okSaying(req.lang, await surveys.submit(req.tenant.id, requireReader(req), req.body), 'surveySubmitted'),
  );

  route(app, S.adminSurveys, async (req) => ok(req.lang, await surveys.list(requireStaff(req).tenantId, req.query)));
  route(app, S.adminSurvey, async (req) =>
    ok(req.lang, await surveys.detail(requireStaff(req).tenantId, req.query.surveyId)),
  );
  route(app, S.adminSurveySave, async (req) =>
    okSaying(req.lang, await surveys.save(requireStaff(req), req.body, req.ip), 'surveySaved'),
  );
  route(app, S.adminSurveyPublish, async (req) =>
    okSaying(req.lang, await surveys.setStatus(requireStaff(req), req.body, 'published', req.ip), 'surveyPublished'),
  );
  route(app, S.adminSurveyClose, async (req) =>
    okSaying(req.lang, await surveys.setStatus(requireStaff(req), req.body, 'closed', req.ip), 'surveyClosed'),
  );
  route(app, S.adminSurveyDelete, async (req) =>
    okSaying(req.lang, await surveys.delete(requireStaff(req), req.body, req.ip), 'surveyDeleted'),
  );
  route(app, S.adminSurveyResults, async (req) =>
    ok(req.lang, await surveys.results(requireStaff(req).tenantId, req.query.surveyId)),
  );
  route(app, S.adminSurveyTexts, async (req) =>
    ok(req.lang, await surveys.texts(requireStaff(req).tenantId, req.query)),
  );
  route(app, S.adminSurveyExport, async (req) =>
    ok(req.lang, await surveys.exportRows(requireStaff(req).tenantId, req.query.surveyId)),
  );
}
