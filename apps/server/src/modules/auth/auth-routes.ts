import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.js';
import { registerBindingRoutes } from './binding-routes.js';
import { registerRecoveryRoutes } from './recovery-routes.js';
import { registerSessionRoutes } from './session-routes.js';
import { registerSsoRoutes } from './sso-routes.js';

/**
 * The account and session calls of the request's tenant (spec §7 "Auth and config", "Password
 * recovery and binding"), one file each: session, single sign-on, recovery, binding. The CAS
 * redirects sit outside the tenant scope (`registerCasRoutes`).
 */
export function registerAuthRoutes(app: FastifyInstance, services: Services): void {
  services.delivery.useLogger(app.log);
  registerSessionRoutes(app, services);
  registerSsoRoutes(app, services);
  registerRecoveryRoutes(app, services);
  registerBindingRoutes(app, services);
}
