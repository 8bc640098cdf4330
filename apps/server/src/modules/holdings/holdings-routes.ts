import type { FastifyInstance } from 'fastify';
import { HoldingsCalls } from '@openfind/contract';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';

/** Holdings of a record: copies, copies by library, shelves, electronic copies, serial issues, attachments. */
export function registerHoldingsRoutes(app: FastifyInstance, services: Services): void {
  const h = services.holdings;

  route(app, HoldingsCalls.groupItems, async (req) =>
    ok(req.lang, await h.groupItems(req.tenant.id, req.lang, req.body)),
  );

  route(app, HoldingsCalls.groupItemsByLibCode, async (req) =>
    ok(req.lang, await h.byLibrary(req.tenant.id, req.lang, req.body.recordId)),
  );

  route(app, HoldingsCalls.shelfNos, async (req) =>
    ok(req.lang, await h.shelfNos(req.tenant.id, req.lang, req.body.recordId)),
  );

  route(app, HoldingsCalls.getDItems, async (req) => ok(req.lang, await h.digitalItems(req.tenant.id, req.body)));

  route(app, HoldingsCalls.contiItemList, async (req) =>
    ok(req.lang, await h.contiItems(req.tenant.id, req.lang, req.body)),
  );

  route(app, HoldingsCalls.getAttachmentList, async (req) =>
    ok(req.lang, await h.attachments(req.tenant.id, req.body)),
  );
}
