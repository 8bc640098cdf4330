import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AuthCalls, type ParsedInputOf } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireSession } from './session-context.js';

/**
 * The logged-in reader's phone and e-mail (spec §7 "Password recovery and binding",
 * bindMailAndPhone/*): a code to the new contact, the binding with the current password, the
 * changes left today and what is verified.
 */
export function registerBindingRoutes(app: FastifyInstance, services: Services): void {
  const { accounts } = services;

  // The real clients' GET forms change the account: only with the token in a header (changesState,
  // session-context.ts), never the cookie alone that a link on another site would carry.
  route(app, AuthCalls.sendBindCode, async (req) => {
    const session = requireSession(req);
    await accounts.throttle(req.tenant, req.ip);
    const { data, sentTo } = await accounts.sendBindCode(
      req.tenant,
      session,
      req.query.type,
      req.query.target,
      req.lang,
    );
    return okSaying(req.lang, data, 'codeSent', { target: sentTo, times: data.times });
  });

  const bind = async (req: FastifyRequest, q: ParsedInputOf<typeof AuthCalls.updateUserMailAndPhone>) => {
    const session = requireSession(req);
    await accounts.throttle(req.tenant, req.ip);
    const change = { channel: q.type, target: q.target, code: q.code, password: q.password };
    await accounts.bind(req.tenant, session, change, req.ip, req.lang);
    return okSaying(req.lang, null, 'bindSuccess');
  };
  route(app, AuthCalls.updateUserMailAndPhoneGet, async (req) => bind(req, req.query));
  route(app, AuthCalls.updateUserMailAndPhone, async (req) => bind(req, req.body));

  route(app, AuthCalls.resetPhone, async (req) =>
    bind(req, { type: 'phone', target: req.body.phone, code: req.body.code, password: req.body.password }),
  );

  route(app, AuthCalls.findChangeBindTimes, async (req) => ok(req.lang, await accounts.bindTimes(requireSession(req))));

  route(app, AuthCalls.mailPhoneStatus, async (req) =>
    ok(req.lang, await accounts.mailPhoneStatus(requireSession(req))),
  );
}
