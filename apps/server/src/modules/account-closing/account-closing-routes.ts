import type { FastifyInstance } from 'fastify';
import { AccountClosingCalls, exportFileName } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireReader } from '../auth/session-context.js';

/**
 * Self-service account closing and "download my data" (`/find/userLogOut/*`, My Library key 14).
 * Each call acts on the session's reader only.
 */
export function registerAccountClosingRoutes(app: FastifyInstance, services: Services): void {
  const { accountClosing } = services;

  route(app, AccountClosingCalls.closingCheck, async (req) =>
    ok(req.lang, await accountClosing.check(req.tenant.id, requireReader(req), req.lang)),
  );

  // The data as a file: an attachment named with the date, never cached, never shown inline.
  route(app, AccountClosingCalls.exportMyData, async (req, reply) => {
    const data = await accountClosing.exportData(req.tenant, requireReader(req));
    const name = exportFileName(new Date().toISOString().slice(0, 10));
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${name}"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  route(app, AccountClosingCalls.closeAccount, async (req) =>
    okSaying(
      req.lang,
      await accountClosing.close(req.tenant, requireReader(req), req.body, req.ip, req.lang),
      'accountClosed',
    ),
  );
}
