import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuthCalls, LOGIN_MUST_CHANGE, LOGIN_PASSWORD_TOO_OLD, type LoginRequest } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { t } from '../../http/messages.js';
import { route } from '../../http/route.js';
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
  const { auth, accounts, captcha } = services;
  const config = async (req: FastifyRequest) => (await services.siteConfig.settings(req.tenant.id)).config;

  route(app, AuthCalls.verifyCodeImg, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(req.lang, await captcha.create(req.tenant.id, req.query.scene, req.query.userName, req.ip));
  });

  route(app, AuthCalls.login, async (req, reply) => loginAnswer(services, req, req.body, reply));

  for (const call of [AuthCalls.logout, AuthCalls.logoutForExternal]) {
    route(app, call, async (req, reply) => {
      const data = await auth.logout(await config(req), req.readerSession);
      clearSessionCookie(reply);
      return okSaying(req.lang, data, 'loggedOut');
    });
  }

  route(app, AuthCalls.userInfo, async (req) =>
    ok(req.lang, await accounts.userInfo(req.tenant, requireSession(req), req.lang)),
  );

  route(app, AuthCalls.forceModify, async (req) => {
    await auth.changePassword(req.tenant, await config(req), req.body, req.readerSession, req.ip);
    return okSaying(req.lang, null, 'passwordChanged');
  });

  route(app, AuthCalls.getFirstLoginFlag, async (req) =>
    ok(req.lang, await accounts.firstLoginFlag(requireSession(req))),
  );
  route(app, AuthCalls.updateFirstLoginFlag, async (req) =>
    ok(req.lang, await accounts.markFirstLogin(requireSession(req))),
  );

  route(app, AuthCalls.userLibList, async (req) =>
    ok(req.lang, await accounts.libraries(req.tenant, requireSession(req), req.lang)),
  );
  route(app, AuthCalls.changeUserLib, async (req) =>
    ok(
      req.lang,
      await accounts.changeLibrary(req.tenant, await config(req), requireSession(req), req.body.libCode, req.lang),
    ),
  );
}
