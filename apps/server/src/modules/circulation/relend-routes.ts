import type { FastifyInstance } from 'fastify';
import { RELEND_ASK_DAYS, RelendCalls, RequestErrCode } from '@openfind/contract';
import { AppError } from '../../http/errors.js';
import { ok, okSaying } from '../../http/envelope.js';
import { t } from '../../http/messages.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireActiveReader, requireReader } from '../auth/session-context.js';

/** A code as the reader sees it, with the seconds left. */
const readerCode = (c: { code: string; expiresAt: Date }) => ({
  code: c.code,
  expiresAt: c.expiresAt.toISOString(),
  secondsLeft: Math.max(0, Math.floor((c.expiresAt.getTime() - Date.now()) / 1000)),
});

/** Re-lend (转借): a logged-in reader's asks and the asks made of them (401 for visitors). */
export function registerRelendRoutes(app: FastifyInstance, services: Services): void {
  const relend = services.relend;
  /** Re-lend is OpenFind's own circulation's: a library on SIP2 lends in its own system, which has no such thing. */
  const notOffered = async (tenantId: number): Promise<AppError | null> =>
    (await services.circulation.providerOf(tenantId)).holds
      ? new AppError('requestKindNotOffered', RequestErrCode.kindNotOffered)
      : null;

  // The answer, not a failure: the record page says why the reader may not ask (a frozen or lost card too).
  route(app, RelendCalls.beforeSubtenancy, async (req) => {
    let refusal: AppError | null;
    try {
      const reader = await requireActiveReader(req, services, 'request');
      refusal = (await notOffered(req.tenant.id)) ?? (await relend.check(req.tenant.id, reader, req.body.recordId));
    } catch (e) {
      if (!(e instanceof AppError) || e.statusCode !== 200) throw e;
      refusal = e;
    }
    return refusal
      ? ok(req.lang, {
          allowed: false,
          errCode: refusal.errCode,
          reason: t(req.lang, refusal.key, refusal.params),
          askDays: RELEND_ASK_DAYS,
        })
      : okSaying(req.lang, { allowed: true, errCode: null, reason: null, askDays: RELEND_ASK_DAYS }, 'relendAllowed');
  });

  // Asking is making a request: a frozen account or a lost card may not (spec §6).
  route(app, RelendCalls.askBook, async (req) => {
    const reader = await requireActiveReader(req, services, 'request');
    const off = await notOffered(req.tenant.id);
    if (off) throw off;
    const asked = await relend.ask(req.tenant.id, reader, req.body.recordId, req.body.note);
    return okSaying(req.lang, asked, 'relendAsked', { date: asked.askUntil });
  });

  route(app, RelendCalls.subtencyList, async (req) =>
    ok(req.lang, { list: await relend.asksOfHolder(req.tenant.id, requireReader(req)) }),
  );

  route(app, RelendCalls.agreeSubtenancy, async (req) =>
    okSaying(
      req.lang,
      readerCode(await relend.agree(req.tenant.id, requireReader(req), req.body.requestId)),
      'relendAgreed',
    ),
  );

  route(app, RelendCalls.declineSubtenancy, async (req) =>
    okSaying(req.lang, await relend.decline(req.tenant.id, requireReader(req), req.body.requestId), 'relendDeclined'),
  );

  route(app, RelendCalls.userApplyCheck, async (req) => {
    const eligible = await relend.askerCheck(req.tenant.id, requireReader(req), req.body.requestId);
    return ok(req.lang, { eligible, reason: eligible ? null : t(req.lang, 'relendAskerUnable') });
  });

  // Taking a copy over is borrowing: a frozen account or a lost card may not.
  route(app, RelendCalls.receiveSubtenancy, async (req) => {
    const reader = await requireActiveReader(req, services, 'request');
    const received = await relend.receive(req.tenant.id, reader, req.body.code);
    return okSaying(req.lang, received, 'relendReceived', { title: received.title, date: received.dueDate });
  });

  route(app, RelendCalls.subtenancyTimes, async (req) =>
    ok(req.lang, await relend.times(req.tenant.id, requireReader(req), req.body.recordId)),
  );
}
