import type { FastifyInstance } from 'fastify';
import { HomeNavigationCalls } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireStaff } from '../staff/staff-context.js';

/**
 * The home page's navigation services (`/find/homePage/info`, `elementClick`, `navClick`,
 * `fixedIcons`) for the request's institution, and the console's usage figures and icon editor
 * (`/find/admin/homePage/*`) for the acting staff account's.
 */
export function registerHomeNavigationRoutes(app: FastifyInstance, services: Services): void {
  const { homeNavigation } = services;

  route(app, HomeNavigationCalls.homeInfo, async (req) => ok(req.lang, await homeNavigation.homeInfo(req.tenant.id)));

  route(app, HomeNavigationCalls.elementClick, async (req) =>
    ok(req.lang, await homeNavigation.elementClick(req.tenant.id, req.ip, req.body)),
  );

  route(app, HomeNavigationCalls.navClick, async (req) =>
    ok(req.lang, await homeNavigation.navClick(req.tenant.id, req.ip, req.body)),
  );

  route(app, HomeNavigationCalls.fixedIcons, async (req) =>
    ok(req.lang, await homeNavigation.publicIcons(req.tenant.id, req.lang)),
  );

  route(app, HomeNavigationCalls.adminHomeUsage, async (req) =>
    ok(req.lang, await homeNavigation.usage(requireStaff(req).tenantId, req.query.days)),
  );

  route(app, HomeNavigationCalls.adminFixedIcons, async (req) =>
    ok(req.lang, await homeNavigation.adminIcons(requireStaff(req).tenantId)),
  );

  route(app, HomeNavigationCalls.adminSaveFixedIcons, async (req) =>
    okSaying(req.lang, await homeNavigation.saveIcons(requireStaff(req), req.body, req.ip), 'homeIconsSaved'),
  );
}
