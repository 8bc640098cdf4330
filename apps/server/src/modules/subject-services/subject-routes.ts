import type { FastifyInstance } from 'fastify';
import { SubjectCalls } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireStaff } from '../staff/staff-context.js';

/**
 * Subject services (`/find/college/*`, `/find/user/getResearcherList`, `/find/researcher/details`,
 * `/find/dPaper/localDDissertation`): public, for the request's institution; staff confirm or
 * exclude researchers' works (`/find/admin/researchers/*`) in the acting account's institution.
 */
export function registerSubjectRoutes(app: FastifyInstance, services: Services): void {
  const { subjects } = services;

  route(app, SubjectCalls.collegeNavInfo, async (req) =>
    ok(req.lang, await subjects.departments(req.tenant.id, req.body.q, req.lang)),
  );

  route(app, SubjectCalls.collegeDetail, async (req) =>
    ok(req.lang, await subjects.departmentDetail(req.tenant.id, req.query.id, req.lang)),
  );

  route(app, SubjectCalls.collegeResourceList, async (req) =>
    ok(req.lang, await subjects.departmentResources(req.tenant.id, req.body, req.lang, req.ip)),
  );

  route(app, SubjectCalls.getResearcherList, async (req) =>
    ok(req.lang, await subjects.researchers(req.tenant.id, req.body, req.lang)),
  );

  route(app, SubjectCalls.researcherDetails, async (req) =>
    ok(req.lang, await subjects.researcherDetail(req.tenant.id, req.body, req.lang)),
  );

  route(app, SubjectCalls.localDissertations, async (req) =>
    ok(req.lang, await subjects.theses(req.tenant.id, req.body, req.lang, req.ip)),
  );

  route(app, SubjectCalls.adminResearcherList, async (req) =>
    ok(req.lang, await subjects.adminResearchers(requireStaff(req).tenantId, req.query, req.lang)),
  );

  route(app, SubjectCalls.adminResearcherWorks, async (req) =>
    ok(req.lang, await subjects.allWorks(requireStaff(req).tenantId, req.query)),
  );

  route(app, SubjectCalls.adminDecideWork, async (req) => {
    const actor = requireStaff(req);
    const out = await subjects.decideWork(actor.tenantId, req.body, actor, req.ip);
    return okSaying(req.lang, out, req.body.decision === 'clear' ? 'subjectWorkCleared' : 'subjectWorkDecided');
  });
}
