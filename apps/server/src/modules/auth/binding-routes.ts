import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ApiPath,
  BindQuery,
  MailPhoneStatus,
  RemainingTimes,
  ResetPhoneRequest,
  SendBindCodeQuery,
  apiResponse,
} from '@openfind/contract';
import { z } from 'zod';
import { ok, okSaying } from '../../http/envelope.js';
import { zodApp } from '../../http/route-types.js';
import type { Services } from '../../services.js';
import { requireSession } from './session-context.js';

/**
 * The logged-in reader's phone and e-mail (spec §7 "Password recovery and binding",
 * bindMailAndPhone/*): a code to the new contact, the binding with the current password, the
 * changes left today and what is verified.
 */
export function registerBindingRoutes(app: FastifyInstance, services: Services): void {
  const r = zodApp(app);
  const tags = ['accounts'];
  const { accounts } = services;

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
      const { data, sentTo } = await accounts.sendBindCode(
        req.tenant,
        session,
        req.query.type,
        req.query.target,
        req.lang,
      );
      return okSaying(req.lang, data, 'codeSent', { target: sentTo, times: data.times });
    },
  );

  const bind = async (req: FastifyRequest, q: z.infer<typeof BindQuery>) => {
    const session = requireSession(req);
    await accounts.throttle(req.tenant, req.ip);
    const change = { channel: q.type, target: q.target, code: q.code, password: q.password };
    await accounts.bind(req.tenant, session, change, req.ip, req.lang);
    return okSaying(req.lang, null, 'bindSuccess');
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
}
