import type { FastifyInstance } from 'fastify';
import { FineCalls } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireReader } from '../auth/session-context.js';

/** A logged-in reader's behaviour records and their payment (401 for visitors). */
export function registerFineRoutes(app: FastifyInstance, services: Services): void {
  const fines = services.fines;
  fines.log ??= app.log;

  route(app, FineCalls.behaviourList, async (req) =>
    ok(req.lang, await fines.behaviours(req.tenant.id, requireReader(req), req.body)),
  );

  route(app, FineCalls.totalMoney, async (req) =>
    ok(req.lang, await fines.totalMoney(req.tenant.id, requireReader(req))),
  );

  route(app, FineCalls.payMethods, async (req) => {
    requireReader(req);
    return ok(req.lang, await fines.payMethods(req.tenant.id));
  });

  route(app, FineCalls.createPay, async (req) => {
    const payment = await fines.createPay(req.tenant.id, requireReader(req), req.body, req.ip);
    return payment.kind === 'desk'
      ? okSaying(req.lang, payment, 'payAtDesk', { amount: payment.amount })
      : okSaying(req.lang, payment, 'payQrCreated');
  });

  route(app, FineCalls.payStatus, async (req) => {
    const payment = await fines.payStatus(req.tenant.id, requireReader(req), req.query.paymentId);
    return payment.status === 'paid' ? okSaying(req.lang, payment, 'paySucceeded') : ok(req.lang, payment);
  });

  route(app, FineCalls.cancelPay, async (req) => {
    const payment = await fines.cancelPay(req.tenant.id, requireReader(req), req.body.paymentId);
    return payment.status === 'paid'
      ? okSaying(req.lang, payment, 'paySucceeded')
      : okSaying(req.lang, payment, 'payCancelled');
  });
}

/** Most bytes of a channel's notice (WeChat Pay's are about 1 kB). */
const NOTICE_LIMIT = 64 * 1024;

/**
 * `POST /find/account/notify/{channel}?mappingPath=`: an online channel's payment notices. The
 * channel's server posts them, with no session and no tenant headers: the institution comes from
 * the query (the notify address set in its channel settings), and the notice is believed only
 * when its signature checks. The answer is the channel's own form (XML for WeChat Pay).
 */
export async function registerPaymentNoticeRoutes(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(async (scope) => {
    for (const type of ['text/xml', 'application/xml'])
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: NOTICE_LIMIT }, (_req, body, done) =>
        done(null, body),
      );
    scope.post<{ Params: { channel: string }; Querystring: { mappingPath?: string } }>(
      '/find/account/notify/:channel',
      { schema: { hide: true }, bodyLimit: NOTICE_LIMIT },
      async (req, reply) => {
        const tenant = await services.tenants.byMappingPath(String(req.query.mappingPath ?? ''));
        const body = typeof req.body === 'string' ? req.body : '';
        if (!tenant) return reply.code(404).type('text/plain').send('unknown institution');
        services.fines.log ??= app.log;
        const answer = await services.fines.notice(tenant.id, req.params.channel.slice(0, 40), body);
        return reply.type(answer.contentType).send(answer.body);
      },
    );
  });
}
