import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { databaseAnswers } from '../../db/database.js';
import { zodApp } from '../../http/route-types.js';
import type { Services } from '../../services.js';
import { VERSION } from '../../version.js';

const Health = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
  databaseKind: z.enum(['pglite', 'postgres']),
  /** 'warming' after a start, while facet values and the vocabulary are loaded (searches work, slower). */
  search: z.enum(['warming', 'ready']),
  version: z.string(),
  uptimeSeconds: z.number(),
});

/** GET /health: liveness and database reachability, for load balancers and operators. */
export function registerHealthRoutes(app: FastifyInstance, services: Services): void {
  zodApp(app).get(
    '/health',
    { schema: { tags: ['operations'], summary: 'Health check', response: { 200: Health, 503: Health } } },
    async (_req, reply) => {
      const database = (await databaseAnswers(services.db.kysely)) ? ('ok' as const) : ('unavailable' as const);
      reply.header('cache-control', 'no-store');
      const body = {
        status: database,
        database,
        databaseKind: services.db.kind,
        search: services.search.isWarm ? ('ready' as const) : ('warming' as const),
        version: VERSION,
        uptimeSeconds: Math.round(process.uptime()),
      };
      return reply.code(database === 'ok' ? 200 : 503).send(body);
    },
  );
}
