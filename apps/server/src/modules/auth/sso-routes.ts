import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuthCalls, type ParsedInputOf } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { AuthErrors } from './auth-errors.js';
import { setSessionCookie } from './sessions.js';
import { loginAnswer } from './session-routes.js';

/** The web app's address of the institution: `/` or `/{mappingPath}/`. */
const home = (mappingPath: string) => (mappingPath ? `/${encodeURIComponent(mappingPath)}/` : '/');

/**
 * The CAS client. These are browser redirects (no API headers), so the institution comes from the
 * `mappingPath` parameter and the routes sit outside the tenant scope. The end of a successful
 * round trip is the web app's URL-hash entry (`/#/Home?jwt=&jwtHeader=&pageType=0&navigation=1`,
 * pageType 102 with recordId back to a record); an unknown CAS user arrives with `uid` (a signed
 * ticket) for the bind-uid screen.
 */
export function registerCasRoutes(app: FastifyInstance, services: Services): void {
  const serviceUrl = (req: FastifyRequest, q: ParsedInputOf<typeof AuthCalls.casLogin>) => {
    const params = new URLSearchParams({ mappingPath: q.mappingPath });
    if (q.recordId) params.set('recordId', q.recordId);
    return `${req.protocol}://${req.host}${AuthCalls.casCallback.path}?${params.toString()}`;
  };
  const tenantAndConfig = async (mappingPath: string) => {
    const tenant = await services.tenants.byMappingPath(mappingPath);
    if (!tenant) return undefined;
    return { tenant, config: (await services.siteConfig.settings(tenant.id)).config };
  };
  const toWeb = (reply: FastifyReply, mappingPath: string, hash: URLSearchParams, page = 'Home') =>
    reply.header('cache-control', 'no-store').redirect(`${home(mappingPath)}#/${page}?${hash.toString()}`);

  route(app, AuthCalls.casLogin, async (req, reply) => {
    const tc = await tenantAndConfig(req.query.mappingPath);
    if (!tc || !services.sso.casServer(tc.config)) return reply.redirect(home(req.query.mappingPath));
    return reply.redirect(services.sso.casLoginUrl(tc.config, serviceUrl(req, req.query)));
  });

  route(app, AuthCalls.casCallback, async (req, reply) => {
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
  });
}

/**
 * The other ways in of the institution's API (tenant scope): the external-JWT entry, the WeChat
 * code and its binding, the bind-uid login of an unknown outside identity, and relevance.
 */
export function registerSsoRoutes(app: FastifyInstance, services: Services): void {
  const config = async (req: FastifyRequest) => (await services.siteConfig.settings(req.tenant.id)).config;

  route(app, AuthCalls.loginExternal, async (req, reply) => {
    const result = await services.sso.loginExternal(req.tenant, await config(req), req.body.jwt);
    setSessionCookie(req, reply, result.jwt, result.expiresIn);
    return ok(req.lang, result);
  });

  route(app, AuthCalls.otherLogin, async (req, reply) => {
    const outcome = await services.sso.wechat(req.tenant, await config(req), req.body.code);
    if (outcome.kind === 'bind') return ok(req.lang, { bindFlag: false, openId: outcome.uid });
    const { jwt, jwtHeader, expiresIn } = outcome.result;
    setSessionCookie(req, reply, jwt, expiresIn);
    return ok(req.lang, { bindFlag: true, jwt, jwtHeader, expiresIn });
  });

  route(app, AuthCalls.userBind, async (req) => {
    await services.auth.bindWechat(req.tenant, req.body, req.ip);
    return okSaying(req.lang, null, 'bindDone');
  });

  route(app, AuthCalls.ssoOpac, async (req, reply) => {
    if (!req.body.uid) throw AuthErrors.bindTicketInvalid();
    return loginAnswer(services, req, req.body, reply);
  });

  route(app, AuthCalls.passportRelevance, async (req, reply) => {
    const result = await services.auth.relate(req.tenant, await config(req), req.body, req.ip);
    setSessionCookie(req, reply, result.jwt, result.expiresIn);
    return ok(req.lang, result);
  });
}
