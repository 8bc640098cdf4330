import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ApiPath,
  CaptchaImage,
  CaptchaQuery,
  ChangeUserLibRequest,
  FirstLoginFlag,
  ForceModifyRequest,
  LOGIN_MUST_CHANGE,
  LOGIN_PASSWORD_TOO_OLD,
  LoginData,
  LoginRequest,
  LogoutResult,
  UserInfo,
  UserInfoQuery,
  UserLibrary,
  apiResponse,
} from '@openfind/contract';
import { z } from 'zod';
import { ok, okSaying } from '../../http/envelope.js';
import { t } from '../../http/messages.js';
import { zodApp } from '../../http/route-types.js';
import type { Services } from '../../services.js';
import { requireSession } from './session-context.js';
import { clearSessionCookie, setSessionCookie } from './sessions.js';

/**
 * The answer of a password login (here and the bind-uid login of sso-routes.ts): a session (also
 * as the cookie), or data:false / data:10000.
 */
export async function loginAnswer(services: Services, req: FastifyRequest, body: LoginRequest, reply: FastifyReply) {
  const { config } = await services.siteConfig.settings(req.tenant.id);
  const outcome = await services.auth.login(req.tenant, config, body, req.ip);
  if (outcome.kind === 'session') {
    setSessionCookie(req, reply, outcome.result.jwt, outcome.result.expiresIn);
    return ok(req.lang, outcome.result);
  }
  const mustChange = outcome.kind === 'mustChange';
  const data: typeof LOGIN_MUST_CHANGE | typeof LOGIN_PASSWORD_TOO_OLD = mustChange
    ? LOGIN_MUST_CHANGE
    : LOGIN_PASSWORD_TOO_OLD;
  return {
    success: false,
    message: t(req.lang, mustChange ? 'mustChangePassword' : 'passwordTooOld'),
    errCode: 200,
    errorCode: null,
    data,
  };
}

/**
 * The reader's session (spec §7 "Auth and config"): image code, login, logout, the logged-in
 * reader, the forced password change, the guided-tour flag and the reader's library.
 */
export function registerSessionRoutes(app: FastifyInstance, services: Services): void {
  const r = zodApp(app);
  const tags = ['accounts'];
  const { auth, accounts, captcha } = services;
  const config = async (req: FastifyRequest) => (await services.siteConfig.settings(req.tenant.id)).config;

  r.get(
    ApiPath.verifyCodeImg,
    {
      schema: {
        tags,
        summary: 'A new image code (scene 2 with userName for password recovery); single use, expires',
        querystring: CaptchaQuery,
        response: { 200: apiResponse(CaptchaImage) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(req.lang, await captcha.create(req.tenant.id, req.query.scene, req.query.userName, req.ip));
    },
  );

  r.post(
    ApiPath.login,
    {
      schema: {
        tags,
        summary:
          'Log in with account (or card number), password and image code. data:false = change the password first; ' +
          'data:10000 = password too old (both with success:false, errCode 200)',
        body: LoginRequest,
        response: { 200: apiResponse(LoginData) },
      },
    },
    async (req, reply) => loginAnswer(services, req, req.body, reply),
  );

  for (const path of [ApiPath.logout, ApiPath.logoutForExternal]) {
    r.post(
      path,
      {
        schema: {
          tags,
          summary: 'End the session (the token is refused from now on); logoutUrl: where unified-auth sessions go',
          response: { 200: apiResponse(LogoutResult) },
        },
      },
      async (req, reply) => {
        const data = await auth.logout(await config(req), req.readerSession);
        clearSessionCookie(reply);
        return okSaying(req.lang, data, 'loggedOut');
      },
    );
  }

  r.get(
    ApiPath.userInfo,
    {
      schema: {
        tags,
        summary: 'The logged-in reader (token in the jwtHeader header, the jwt cookie or ?jwt=&jwtHeader=)',
        querystring: UserInfoQuery,
        response: { 200: apiResponse(UserInfo) },
      },
    },
    async (req) => ok(req.lang, await accounts.userInfo(req.tenant, requireSession(req), req.lang)),
  );

  r.post(
    ApiPath.forceModify,
    {
      schema: {
        tags,
        summary: 'Change the password with the current one (ends every session of the reader)',
        body: ForceModifyRequest,
        response: { 200: apiResponse(z.null()) },
      },
    },
    async (req) => {
      await auth.changePassword(req.tenant, await config(req), req.body, req.readerSession, req.ip);
      return okSaying(req.lang, null, 'passwordChanged');
    },
  );

  r.get(
    ApiPath.getFirstLoginFlag,
    {
      schema: {
        tags,
        summary: "'0' while the guided tour has not been shown",
        response: { 200: apiResponse(FirstLoginFlag) },
      },
    },
    async (req) => ok(req.lang, await accounts.firstLoginFlag(requireSession(req))),
  );
  r.post(
    ApiPath.updateFirstLoginFlag,
    {
      schema: { tags, summary: 'Mark the guided tour as shown', response: { 200: apiResponse(FirstLoginFlag) } },
    },
    async (req) => ok(req.lang, await accounts.markFirstLogin(requireSession(req))),
  );

  r.get(
    ApiPath.userLibList,
    {
      schema: {
        tags,
        summary: "The libraries of the institution, the reader's own marked current",
        response: { 200: apiResponse(z.array(UserLibrary)) },
      },
    },
    async (req) => ok(req.lang, await accounts.libraries(req.tenant, requireSession(req), req.lang)),
  );
  r.post(
    ApiPath.changeUserLib,
    {
      schema: {
        tags,
        summary: "Change the reader's library (when the institution lets readers choose: independentLibCode)",
        body: ChangeUserLibRequest,
        response: { 200: apiResponse(z.array(UserLibrary)) },
      },
    },
    async (req) =>
      ok(
        req.lang,
        await accounts.changeLibrary(req.tenant, await config(req), requireSession(req), req.body.libCode, req.lang),
      ),
  );
}
