import type { FastifyInstance } from 'fastify';
import {
  ExternalBody,
  ExternalContent,
  ExternalContentPath,
  ExternalContentPostPath,
  ExternalQuery,
  apiResponse,
} from '@openfind/contract';
import { ok } from '../../http/envelope.js';
import { zodApp } from '../../http/route-types.js';
import type { Services } from '../../services.js';

/** The third-party content calls of the record page, answered by the configured providers. */
export function registerProviderRoutes(app: FastifyInstance, services: Services): void {
  const r = zodApp(app);
  const tags = ['record'];
  const response = { 200: apiResponse(ExternalContent) };
  const summary = (call: string) =>
    `Third-party content (${call}); an empty list when no provider serves it, and the page hides the part`;

  for (const [call, path] of Object.entries(ExternalContentPath)) {
    r.get(path, { schema: { tags, summary: summary(call), querystring: ExternalQuery, response } }, async (req) =>
      ok(req.lang, await services.providers.resources(call, { tenantId: req.tenant.id, lang: req.lang, ...req.query })),
    );
  }
  for (const [call, path] of Object.entries(ExternalContentPostPath)) {
    r.post(path, { schema: { tags, summary: summary(call), body: ExternalBody, response } }, async (req) => {
      const { recordId, isbn, title } = req.body;
      return ok(
        req.lang,
        await services.providers.resources(call, { tenantId: req.tenant.id, lang: req.lang, recordId, isbn, title }),
      );
    });
  }
}
