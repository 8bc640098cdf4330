import type { FastifyInstance } from 'fastify';
import { LibraryAdminCalls } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireStaff } from '../staff/staff-context.js';

/**
 * Libraries, campuses, locations and loan policies (the staff console, issue 28): thin, each the
 * library-admin service's work for the acting administrator. The session scope has checked the staff
 * session, its institution and role before the body is read.
 */
export function registerLibraryAdminRoutes(app: FastifyInstance, services: Services): void {
  const { libraryAdmin } = services;

  route(app, LibraryAdminCalls.libraryTree, async (req) =>
    ok(req.lang, await libraryAdmin.tree(requireStaff(req).tenantId, req.lang)),
  );

  route(app, LibraryAdminCalls.saveLibrary, async (req) => {
    const saved = await libraryAdmin.saveLibrary(requireStaff(req), req.body, req.ip);
    return okSaying(req.lang, saved, saved.added ? 'libraryAdminAdded' : 'libraryAdminSaved', { code: saved.code });
  });

  route(app, LibraryAdminCalls.saveCampus, async (req) => {
    const saved = await libraryAdmin.saveCampus(requireStaff(req), req.body, req.ip);
    return okSaying(req.lang, saved, saved.added ? 'libraryAdminAdded' : 'libraryAdminSaved', { code: saved.code });
  });

  route(app, LibraryAdminCalls.saveLocation, async (req) => {
    const saved = await libraryAdmin.saveLocation(requireStaff(req), req.body, req.ip);
    return okSaying(req.lang, saved, saved.added ? 'libraryAdminAdded' : 'libraryAdminSaved', { code: saved.code });
  });

  route(app, LibraryAdminCalls.deletePlace, async (req) => {
    const done = await libraryAdmin.deletePlace(requireStaff(req), req.body, req.lang, req.ip);
    return okSaying(req.lang, done, 'libraryAdminDeleted', { code: done.code });
  });

  route(app, LibraryAdminCalls.reorderPlaces, async (req) =>
    okSaying(req.lang, await libraryAdmin.reorder(requireStaff(req), req.body, req.ip), 'libraryAdminReordered'),
  );

  route(app, LibraryAdminCalls.loanPolicies, async (req) =>
    ok(req.lang, await libraryAdmin.policies(requireStaff(req).tenantId, req.lang)),
  );

  route(app, LibraryAdminCalls.saveLoanPolicy, async (req) =>
    okSaying(req.lang, await libraryAdmin.savePolicy(requireStaff(req), req.body, req.ip), 'libraryAdminPolicySaved'),
  );

  route(app, LibraryAdminCalls.deleteLoanPolicy, async (req) =>
    okSaying(
      req.lang,
      await libraryAdmin.deletePolicy(requireStaff(req), req.body, req.ip),
      'libraryAdminPolicyDeleted',
    ),
  );
}
