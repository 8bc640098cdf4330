import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ProviderCalls, type ExternalQuery } from '@openfind/contract';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';

/** The third-party content calls of the record page, answered by the configured providers. */
export function registerProviderRoutes(app: FastifyInstance, services: Services): void {
  /** Asks the providers for `call` about the record the query or body names. */
  const answer = async (req: FastifyRequest, call: string, { recordId, isbn, title }: ExternalQuery) =>
    ok(
      req.lang,
      await services.providers.resources(call, { tenantId: req.tenant.id, lang: req.lang, recordId, isbn, title }),
    );

  for (const [call, entry] of Object.entries(ProviderCalls)) {
    if (entry.method === 'GET') route(app, entry, (req) => answer(req, call, req.query));
    else route(app, entry, (req) => answer(req, call, req.body));
  }
}
