import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ApiPath,
  CasCallbackQuery,
  CasLoginQuery,
  LoginData,
  LoginExternalRequest,
  LoginRequest,
  LoginResult,
  OtherLoginRequest,
  OtherLoginResult,
  RelevanceRequest,
  UserBindRequest,
  apiResponse,
} from '@openfind/contract';
import { z } from 'zod';
import { ok, okSaying } from '../../http/envelope.js';
import { zodApp } from '../../http/route-types.js';
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

/**
 * The other ways in of the institution's API (tenant scope): the external-JWT entry, the WeChat
 * code and its binding, the bind-uid login of an unknown outside identity, and relevance.
 */
export function registerSsoRoutes(app: FastifyInstance, services: Services): void {
  const r = zodApp(app);
  const tags = ['accounts'];
  const config = async (req: FastifyRequest) => (await services.siteConfig.settings(req.tenant.id)).config;

  r.post(
    ApiPath.loginExternal,
    {
      schema: {
        tags,
        summary:
          "Exchange a JWT of a trusted outside system (signed with the institution's external key, sub = account) " +
          'for a session: the /loginExternal/{jwt}/{jwtHeader} entry',
        body: LoginExternalRequest,
        response: { 200: apiResponse(LoginResult) },
      },
    },
    async (req, reply) => {
      const result = await services.sso.loginExternal(req.tenant, await config(req), req.body.jwt);
      setSessionCookie(req, reply, result.jwt, result.expiresIn);
      return ok(req.lang, result);
    },
  );

  r.post(
    ApiPath.otherLogin,
    {
      schema: {
        tags,
        summary:
          'WeChat code callback: bindFlag true with a session, or false with openId (a signed ticket) for /bindAccount',
        body: OtherLoginRequest,
        response: { 200: apiResponse(OtherLoginResult) },
      },
    },
    async (req, reply) => {
      const outcome = await services.sso.wechat(req.tenant, await config(req), req.body.code);
      if (outcome.kind === 'bind') return ok(req.lang, { bindFlag: false, openId: outcome.uid });
      const { jwt, jwtHeader, expiresIn } = outcome.result;
      setSessionCookie(req, reply, jwt, expiresIn);
      return ok(req.lang, { bindFlag: true, jwt, jwtHeader, expiresIn });
    },
  );

  r.post(
    ApiPath.userBind,
    {
      schema: {
        tags,
        summary: 'Bind the WeChat account of openId to a library account (account, password, image code)',
        body: UserBindRequest,
        response: { 200: apiResponse(z.null()) },
      },
    },
    async (req) => {
      await services.auth.bindWechat(req.tenant, req.body, req.ip);
      return okSaying(req.lang, null, 'bindDone');
    },
  );

  r.post(
    ApiPath.ssoOpac,
    {
      schema: {
        tags,
        summary: 'Bind-uid: log in with account, password and image code, binding the single-sign-on uid',
        body: LoginRequest,
        response: { 200: apiResponse(LoginData) },
      },
    },
    async (req, reply) => {
      if (!req.body.uid) throw AuthErrors.bindTicketInvalid();
      return loginAnswer(services, req, req.body, reply);
    },
  );

  r.post(
    ApiPath.passportRelevance,
    {
      schema: {
        tags,
        summary: 'Relate the outside account of uid to the reader with this name and account; answers a session',
        body: RelevanceRequest,
        response: { 200: apiResponse(LoginResult) },
      },
    },
    async (req, reply) => {
      const result = await services.auth.relate(req.tenant, await config(req), req.body, req.ip);
      setSessionCookie(req, reply, result.jwt, result.expiresIn);
      return ok(req.lang, result);
    },
  );
}
