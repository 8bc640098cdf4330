import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The Fastify instance with zod schemas as the type provider. */
export type ZodApp = ReturnType<FastifyInstance['withTypeProvider']> & FastifyInstance;

/** `app` typed for zod route schemas. */
export function zodApp(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}
