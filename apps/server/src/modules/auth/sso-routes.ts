import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiPath, CasCallbackQuery, CasLoginQuery } from '@openfind/contract';
import type { z } from 'zod';
import { zodApp } from '../../http/route-types.js';
import type { Services } from '../../services.js';
import { setSessionCookie } from './sessions.js';

/** The web app's address of the institution: `/` or `/{mappingPath}/`. */
const home = (mappingPath: string) => (mappingPath ? `/${encodeURIComponent(mappingPath)}/` : '/');

/**
 * The CAS client. These are browser redirects (no API headers), so the institution comes from the
 * `mappingPath` parameter and the routes sit outside the tenant scope. The end of a successful
 * round trip is the web app's URL-hash entry (`/#/Home?jwt=&jwtHeader=&pageType=0&navigation=1`,
 * pageType 102 with recordId back to a record); an unknown CAS user arrives with `uid` (a signed
 * ticket) for the bind-uid screen.
 */
export function registerSsoRoutes(app: FastifyInstance, services: Services): void {
  const r = zodApp(app);
  const tags = ['accounts'];

  const serviceUrl = (req: FastifyRequest, q: z.infer<typeof CasLoginQuery>) => {
    const params = new URLSearchParams({ mappingPath: q.mappingPath });
    if (q.recordId) params.set('recordId', q.recordId);
    return `${req.protocol}://${req.host}${ApiPath.casCallback}?${params.toString()}`;
  };
  const tenantAndConfig = async (mappingPath: string) => {
    const tenant = await services.tenants.byMappingPath(mappingPath);
    if (!tenant) return undefined;
    return { tenant, config: (await services.siteConfig.settings(tenant.id)).config };
  };
  const toWeb = (reply: FastifyReply, mappingPath: string, hash: URLSearchParams, page = 'Home') =>
    reply.header('cache-control', 'no-store').redirect(`${home(mappingPath)}#/${page}?${hash.toString()}`);

  r.get(
    ApiPath.casLogin,
    {
      schema: {
        tags,
        summary: "Start unified authentication: a redirect to the institution's CAS login",
        querystring: CasLoginQuery,
      },
    },
    async (req, reply) => {
      const tc = await tenantAndConfig(req.query.mappingPath);
      if (!tc || !services.sso.casServer(tc.config)) return reply.redirect(home(req.query.mappingPath));
      return reply.redirect(services.sso.casLoginUrl(tc.config, serviceUrl(req, req.query)));
    },
  );

  r.get(
    ApiPath.casCallback,
    {
      schema: {
        tags,
        summary: 'The CAS server comes back here with a service ticket: validated, then a redirect into the web app',
        querystring: CasCallbackQuery,
      },
    },
    async (req, reply) => {
      const { mappingPath, recordId, ticket } = req.query;
      const tc = await tenantAndConfig(mappingPath);
      if (!tc || !services.sso.casServer(tc.config)) return reply.redirect(home(mappingPath));
      const user = ticket
        ? await services.sso.casValidate(tc.config, ticket, serviceUrl(req, { mappingPath, recordId }))
        : null;
      if (!user) return toWeb(reply, mappingPath, new URLSearchParams({ ssoError: 'cas' }), 'login');
      const outcome = await services.sso.arrive(tc.tenant, tc.config, 'cas', user);
      if (outcome.kind === 'bind') return toWeb(reply, mappingPath, new URLSearchParams({ uid: outcome.uid }));
      const { jwt, jwtHeader, expiresIn } = outcome.result;
      setSessionCookie(req, reply, jwt, expiresIn);
      const hash = new URLSearchParams({ jwt, jwtHeader, pageType: recordId ? '102' : '0', navigation: '1' });
      if (recordId) hash.set('recordId', recordId);
      return toWeb(reply, mappingPath, hash);
    },
  );
}
