import type { FastifyInstance } from 'fastify';
import { JournalCalls } from '@openfind/contract';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { readerIdOf } from '../auth/session-context.js';

/**
 * Journal navigation (`/find/journal/*`, `/find/newEle/journal/hotBrowsers`): public calls of the
 * request's institution. The view count is a POST (a GET changes nothing).
 */
export function registerJournalRoutes(app: FastifyInstance, services: Services): void {
  const { journals } = services;

  route(app, JournalCalls.journalNavInfo, async (req) =>
    ok(req.lang, await journals.navInfo(req.tenant.id, req.lang, req.query.carrier)),
  );

  route(app, JournalCalls.journalList, async (req) =>
    ok(req.lang, await journals.list(req.tenant.id, req.lang, req.body)),
  );

  route(app, JournalCalls.journalDetail, async (req) =>
    ok(req.lang, await journals.detail(req.tenant.id, req.lang, req.query)),
  );

  route(app, JournalCalls.journalView, async (req) => {
    const readerId = readerIdOf(req);
    const visitor =
      readerId !== null ? { readerId } : { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') };
    return ok(req.lang, await journals.view(req.tenant.id, req.body.id, visitor));
  });

  route(app, JournalCalls.journalHotBrowsers, async (req) =>
    ok(req.lang, await journals.hot(req.tenant.id, req.lang, req.body.window, req.body.rows)),
  );
}
