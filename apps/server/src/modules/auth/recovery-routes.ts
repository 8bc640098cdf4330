import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ApiPath,
  CheckCodeQuery,
  CheckImgCodeQuery,
  CheckUserRequest,
  FindKeyQuery,
  RecoveryContacts,
  RecoveryTicket,
  RemainingTimes,
  UpdatePasswordRequest,
  apiResponse,
} from '@openfind/contract';
import { z } from 'zod';
import { ok, okSaying } from '../../http/envelope.js';
import { zodApp } from '../../http/route-types.js';
import type { Services } from '../../services.js';
import type { Channel } from './auth-repository.js';

/**
 * Password recovery without a session (spec §7 "Password recovery and binding", getPassword/*):
 * image code → the account's verified contacts → a code sent to one of them → the new password.
 * Each step counts against the address's recovery limit (asking how many codes are left does not).
 */
export function registerRecoveryRoutes(app: FastifyInstance, services: Services): void {
  const r = zodApp(app);
  const tags = ['accounts'];
  const { accounts } = services;

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

  const recoveryChannels: Array<{ channel: Channel; send: string; times: string; check: string }> = [
    { channel: 'phone', send: ApiPath.sendPhoneCode, times: ApiPath.findCodeTimes, check: ApiPath.checkPhoneCode },
    { channel: 'mail', send: ApiPath.sendMailCode, times: ApiPath.findMailCodeTimes, check: ApiPath.checkMailCode },
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
        const { data, sentTo } = await accounts.sendRecoveryCode(req.tenant, req.query.findKey, channel, req.lang);
        return okSaying(req.lang, data, 'codeSent', { target: sentTo, times: data.times });
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
    const { config } = await services.siteConfig.settings(req.tenant.id);
    await accounts.finishRecovery(req.tenant, config, q.findKey, q.password, q.confirmPassword);
    return okSaying(req.lang, null, 'passwordChanged');
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
}
