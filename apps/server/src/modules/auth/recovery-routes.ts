import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AuthCalls, type ParsedInputOf } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import type { Channel } from './auth-repository.js';

/**
 * Password recovery without a session (spec §7 "Password recovery and binding", getPassword/*):
 * image code → the account's verified contacts → a code sent to one of them → the new password.
 * Each step counts against the address's recovery limit (asking how many codes are left does not).
 */
export function registerRecoveryRoutes(app: FastifyInstance, services: Services): void {
  const { accounts } = services;

  route(app, AuthCalls.checkImgCode, async (req) => {
    await accounts.throttle(req.tenant, req.ip);
    return ok(req.lang, await accounts.openRecovery(req.tenant, req.query));
  });

  route(app, AuthCalls.checkUser, async (req) => {
    await accounts.throttle(req.tenant, req.ip);
    return ok(req.lang, await accounts.recoveryContacts(req.tenant, req.body.findKey));
  });

  const recoveryChannels = [
    {
      channel: 'phone',
      send: AuthCalls.sendPhoneCode,
      times: AuthCalls.findCodeTimes,
      check: AuthCalls.checkPhoneCode,
    },
    {
      channel: 'mail',
      send: AuthCalls.sendMailCode,
      times: AuthCalls.findMailCodeTimes,
      check: AuthCalls.checkMailCode,
    },
  ] as const satisfies ReadonlyArray<{ channel: Channel } & Record<'send' | 'times' | 'check', unknown>>;
  for (const { channel, send, times, check } of recoveryChannels) {
    route(app, send, async (req) => {
      await accounts.throttle(req.tenant, req.ip);
      const { data, sentTo } = await accounts.sendRecoveryCode(req.tenant, req.query.findKey, channel, req.lang);
      return okSaying(req.lang, data, 'codeSent', { target: sentTo, times: data.times });
    });
    route(app, times, async (req) =>
      ok(req.lang, await accounts.recoveryTimes(req.tenant, req.query.findKey, channel)),
    );
    route(app, check, async (req) => {
      await accounts.throttle(req.tenant, req.ip);
      await accounts.checkRecoveryCode(req.tenant, req.query.findKey, channel, req.query.code);
      return ok(req.lang, null);
    });
  }

  const updatePassword = async (req: FastifyRequest, q: ParsedInputOf<typeof AuthCalls.updateUserPassword>) => {
    await accounts.throttle(req.tenant, req.ip);
    const { config } = await services.siteConfig.settings(req.tenant.id);
    await accounts.finishRecovery(req.tenant, config, q.findKey, q.password, q.confirmPassword);
    return okSaying(req.lang, null, 'passwordChanged');
  };
  route(app, AuthCalls.updateUserPasswordGet, async (req) => updatePassword(req, req.query));
  route(app, AuthCalls.updateUserPassword, async (req) => updatePassword(req, req.body));
}
