import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ApiPath,
  BindQuery,
  CaptchaImage,
  CaptchaQuery,
  ChangeUserLibRequest,
  CheckCodeQuery,
  CheckImgCodeQuery,
  CheckUserRequest,
  FindKeyQuery,
  FirstLoginFlag,
  ForceModifyRequest,
  LOGIN_MUST_CHANGE,
  LOGIN_PASSWORD_TOO_OLD,
  LoginData,
  LoginExternalRequest,
  LoginRequest,
  LoginResult,
  LogoutResult,
  OtherLoginRequest,
  OtherLoginResult,
  RelevanceRequest,
  UserBindRequest,
  MailPhoneStatus,
  RecoveryContacts,
  RecoveryTicket,
  RemainingTimes,
  ResetPhoneRequest,
  SendBindCodeQuery,
  UpdatePasswordRequest,
  UserInfo,
  UserInfoQuery,
  UserLibrary,
  apiResponse,
  type Envelope,
} from '@openfind/contract';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { t, type MessageKey } from '../../http/messages.js';
import { zodApp } from '../../http/route-types.js';
import type { Services } from '../../services.js';
import { AuthErrors } from './auth-errors.js';
import type { Channel } from './auth-repository.js';
import { requireSession } from './session-context.js';
import { clearSessionCookie, setSessionCookie } from './sessions.js';

/** A success envelope with a message other than the generic one. */
function okSaying<T>(req: FastifyRequest, data: T, key: MessageKey): Envelope<T> {
  return { ...ok(req.lang, data), message: t(req.lang, key) };
}

const channelOf = { phone: 'phone', mail: 'mail' } as const satisfies Record<string, Channel>;

/** The account and session calls of the request's tenant (spec §7 "Auth and config", "Password recovery and binding"). */
export function registerAuthRoutes(app: FastifyInstance, services: Services): void {
  const r = zodApp(app);
  const tags = ['accounts'];
  const { auth, accounts, captcha } = services;
  const config = async (req: FastifyRequest) => (await services.siteConfig.settings(req.tenant.id)).config;
  services.delivery.useLogger(app.log);

  /** The answer of a password login: a session (also as the cookie), or data:false / data:10000. */
  const loginAnswer = async (req: FastifyRequest, body: LoginRequest, reply: FastifyReply) => {
    const cfg = await config(req);
    const outcome = await auth.login(req.tenant, cfg, body, req.ip);
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
  };

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
    async (req, reply) => loginAnswer(req, req.body, reply),
  );

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
      await auth.bindWechat(req.tenant, req.body, req.ip);
      return okSaying(req, null, 'bindDone');
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
      return loginAnswer(req, req.body, reply);
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
      const result = await auth.relate(req.tenant, await config(req), req.body, req.ip);
      setSessionCookie(req, reply, result.jwt, result.expiresIn);
      return ok(req.lang, result);
    },
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
        return okSaying(req, data, 'loggedOut');
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
      return okSaying(req, null, 'passwordChanged');
    },
  );

  // ---- password recovery -----------------------------------------------------------------------

  r.get(
    ApiPath.checkImgCode,
    {
      schema: {
        tags,
        summary: 'Recovery step 1: the scene-2 image code of userName opens a recovery (findKey)',
        querystring: CheckImgCodeQuery,
        response: { 200: apiResponse(RecoveryTicket) },
      },
    },
    async (req) => {
      await accounts.throttle(req.tenant, req.ip);
      return ok(req.lang, await accounts.openRecovery(req.tenant, req.query));
    },
  );

  r.post(
    ApiPath.checkUser,
    {
      schema: {
        tags,
        summary: 'Recovery step 2: the verified phone and e-mail of the account, masked',
        body: CheckUserRequest,
        response: { 200: apiResponse(RecoveryContacts) },
      },
    },
    async (req) => {
      await accounts.throttle(req.tenant, req.ip);
      return ok(req.lang, await accounts.recoveryContacts(req.tenant, req.body.findKey));
    },
  );

  const recoveryChannels = [
    {
      channel: channelOf.phone,
      send: ApiPath.sendPhoneCode,
      times: ApiPath.findCodeTimes,
      check: ApiPath.checkPhoneCode,
    },
    {
      channel: channelOf.mail,
      send: ApiPath.sendMailCode,
      times: ApiPath.findMailCodeTimes,
      check: ApiPath.checkMailCode,
    },
  ];
  for (const { channel, send, times, check } of recoveryChannels) {
    const what = channel === 'phone' ? 'phone' : 'e-mail';
    r.get(
      send,
      {
        schema: {
          tags,
          summary: `Recovery step 3: send a code to the verified ${what}; data: sends left today`,
          querystring: FindKeyQuery,
          response: { 200: apiResponse(RemainingTimes) },
        },
      },
      async (req) => {
        await accounts.throttle(req.tenant, req.ip);
        const { data, message } = await accounts.sendRecoveryCode(req.tenant, req.query.findKey, channel, req.lang);
        return { ...ok(req.lang, data), message };
      },
    );
    r.get(
      times,
      {
        schema: {
          tags,
          summary: `Codes that can still be sent to the ${what} today`,
          querystring: FindKeyQuery,
          response: { 200: apiResponse(RemainingTimes) },
        },
      },
      async (req) => ok(req.lang, await accounts.recoveryTimes(req.tenant, req.query.findKey, channel)),
    );
    r.get(
      check,
      {
        schema: {
          tags,
          summary: `Recovery step 4: the code received by ${what}`,
          querystring: CheckCodeQuery,
          response: { 200: apiResponse(z.null()) },
        },
      },
      async (req) => {
        await accounts.throttle(req.tenant, req.ip);
        await accounts.checkRecoveryCode(req.tenant, req.query.findKey, channel, req.query.code);
        return ok(req.lang, null);
      },
    );
  }

  const updatePassword = async (req: FastifyRequest, q: z.infer<typeof UpdatePasswordRequest>) => {
    await accounts.throttle(req.tenant, req.ip);
    await accounts.finishRecovery(req.tenant, await config(req), q.findKey, q.password, q.confirmPassword);
    return okSaying(req, null, 'passwordChanged');
  };
  const updateSummary = 'Recovery step 5: the new password (ends the recovery and every session of the reader)';
  r.get(
    ApiPath.updateUserPassword,
    {
      schema: {
        tags,
        summary: updateSummary,
        querystring: UpdatePasswordRequest,
        response: { 200: apiResponse(z.null()) },
      },
    },
    async (req) => updatePassword(req, req.query),
  );
  r.post(
    ApiPath.updateUserPassword,
    { schema: { tags, summary: updateSummary, body: UpdatePasswordRequest, response: { 200: apiResponse(z.null()) } } },
    async (req) => updatePassword(req, req.body),
  );

  // ---- binding and the reader's settings (logged in) ----------------------------------------

  // The real clients' GET forms change the account: only with the token in a header (changesState,
  // session-context.ts), never the cookie alone that a link on another site would carry.
  r.get(
    ApiPath.sendBindCode,
    {
      config: { changesState: true },
      schema: {
        tags,
        summary: 'Send a code to a new phone (type=phone) or e-mail (type=mail) before binding it (header token only)',
        querystring: SendBindCodeQuery,
        response: { 200: apiResponse(RemainingTimes) },
      },
    },
    async (req) => {
      const session = requireSession(req);
      await accounts.throttle(req.tenant, req.ip);
      const { data, message } = await accounts.sendBindCode(
        req.tenant,
        session,
        channelOf[req.query.type],
        req.query.target,
        req.lang,
      );
      return { ...ok(req.lang, data), message };
    },
  );

  const bind = async (req: FastifyRequest, q: z.infer<typeof BindQuery>) => {
    const session = requireSession(req);
    await accounts.throttle(req.tenant, req.ip);
    const change = { channel: channelOf[q.type], target: q.target, code: q.code, password: q.password };
    await accounts.bind(req.tenant, session, change, req.ip, req.lang);
    return okSaying(req, null, 'bindSuccess');
  };
  const bindSummary =
    'Bind the phone or e-mail the code was sent to, with the current password; it counts as verified, ' +
    'and the contacts verified before are told';
  r.get(
    ApiPath.updateUserMailAndPhone,
    {
      config: { changesState: true },
      schema: {
        tags,
        summary: `${bindSummary} (GET: header token only; POST keeps the password out of the address)`,
        querystring: BindQuery,
        response: { 200: apiResponse(z.null()) },
      },
    },
    async (req) => bind(req, req.query),
  );
  r.post(
    ApiPath.updateUserMailAndPhone,
    { schema: { tags, summary: bindSummary, body: BindQuery, response: { 200: apiResponse(z.null()) } } },
    async (req) => bind(req, req.body),
  );

  r.post(
    ApiPath.resetPhone,
    {
      schema: {
        tags,
        summary: 'Replace the bound phone (code sent with sendBindCode type=phone; the current password too)',
        body: ResetPhoneRequest,
        response: { 200: apiResponse(z.null()) },
      },
    },
    async (req) =>
      bind(req, { type: 'phone', target: req.body.phone, code: req.body.code, password: req.body.password }),
  );

  r.get(
    ApiPath.findChangeBindTimes,
    {
      schema: { tags, summary: 'Binding changes left today', response: { 200: apiResponse(RemainingTimes) } },
    },
    async (req) => ok(req.lang, await accounts.bindTimes(requireSession(req))),
  );

  r.get(
    ApiPath.mailPhoneStatus,
    {
      schema: {
        tags,
        summary: "Whether the reader's e-mail and phone are verified ('1')",
        response: { 200: apiResponse(MailPhoneStatus) },
      },
    },
    async (req) => ok(req.lang, await accounts.mailPhoneStatus(requireSession(req))),
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
