import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CirculationCalls, RequestCalls, RequestErrCode } from '@openfind/contract';
import { AppError } from '../../http/errors.js';
import { ok, okSaying } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireActiveReader, requireReader } from '../auth/session-context.js';
import { findReaderById } from '../readers/reader-repository.js';
import type { CirculationReader } from './provider.js';
import { confirmReceipt } from './request-service.js';

/** A code as the reader sees it, with the seconds left. */
const readerCode = (c: { code: string; expiresAt: Date }) => ({
  code: c.code,
  expiresAt: c.expiresAt.toISOString(),
  secondsLeft: Math.max(0, Math.floor((c.expiresAt.getTime() - Date.now()) / 1000)),
});

/** A logged-in reader's loans and renewals (401 for visitors). */
export function registerCirculationRoutes(app: FastifyInstance, services: Services): void {
  const circulation = services.circulation;

  /** The session's reader, read afresh (the provider needs the card number). */
  const readerOf = async (req: FastifyRequest): Promise<CirculationReader> => {
    const id = requireReader(req);
    const reader = await findReaderById(services.db.kysely, req.tenant.id, id);
    return { id, cardNo: reader?.cardNo ?? '', account: reader?.account ?? '' };
  };

  route(app, CirculationCalls.loanSummary, async (req) =>
    ok(req.lang, await circulation.summary(req.tenant.id, await readerOf(req))),
  );

  route(app, CirculationCalls.userLoanRules, async (req) =>
    ok(req.lang, await circulation.loanRules(req.tenant.id, requireReader(req))),
  );

  route(app, CirculationCalls.loanList, async (req) =>
    ok(req.lang, await circulation.loans(req.tenant.id, await readerOf(req), req.body, true, req.lang)),
  );

  route(app, CirculationCalls.loanHistoryList, async (req) =>
    ok(req.lang, await circulation.loans(req.tenant.id, await readerOf(req), req.body, false, req.lang)),
  );

  route(app, RequestCalls.takeBookAddress, async (req) =>
    ok(req.lang, await services.requests.pickupLibraries(req.tenant.id, req.lang)),
  );

  // A frozen account or a lost card may not request (spec §6); an expired card is refused by the service.
  route(app, RequestCalls.placeRequest, async (req) => {
    const reader = await requireActiveReader(req, services, 'request');
    // Spec §5: a reader's request needs a contact: the number given, or the account's (a delivery's
    // address carries one). The desk, with the reader before it, is not asked.
    if (req.body.requestType !== 'delivery' && !req.body.contactPhone.trim() && !reader.phone)
      throw new AppError('requestContactRequired', RequestErrCode.contactRequired);
    // A library on SIP2 keeps its holds in its own system.
    const holds = (await circulation.providerOf(req.tenant.id)).holds;
    if (holds) {
      const held = await holds.place(req.tenant.id, await readerOf(req), req.body);
      if (held.status === 'ready') return okSaying(req.lang, held, 'requestHeldBySystem');
      return held.queuePosition > 0
        ? okSaying(req.lang, held, 'requestPlaced', { position: held.queuePosition })
        : okSaying(req.lang, held, 'requestPlacedBySystem');
    }
    const placed = await services.requests.place(req.tenant.id, reader, req.body);
    const { readyUntil: _until, pickupCode: _code, keptDays, ...data } = placed;
    if (req.body.requestType === 'delivery')
      return placed.status === 'ready'
        ? okSaying(req.lang, data, 'deliveryReady')
        : okSaying(req.lang, data, 'deliveryPlaced', { position: placed.queuePosition });
    // A copy on the shelf is held at once, but the reader collects it once staff have fetched it and
    // put it on the hold shelf: the code and the last day come then (request-admin's shelve step).
    return placed.status === 'ready'
      ? okSaying(req.lang, data, 'requestBeingFetched', { days: keptDays })
      : okSaying(req.lang, data, 'requestPlaced', { position: placed.queuePosition });
  });

  route(app, RequestCalls.requestList, async (req) => {
    const holds = (await circulation.providerOf(req.tenant.id)).holds;
    const { page, rows } = req.body;
    return ok(
      req.lang,
      holds
        ? await holds.list(req.tenant.id, await readerOf(req), page, rows, req.lang)
        : await services.requests.list(req.tenant.id, requireReader(req), page, rows, req.lang),
    );
  });

  route(app, CirculationCalls.takeCode, async (req) =>
    okSaying(
      req.lang,
      readerCode(await services.circulation.takeCode(req.tenant.id, requireReader(req))),
      'codeIssued',
    ),
  );

  route(app, RequestCalls.handoverCode, async (req) =>
    okSaying(
      req.lang,
      readerCode(await services.requests.handoverCode(req.tenant.id, requireReader(req), req.body.requestId)),
      'codeIssued',
    ),
  );

  // Accepting a request is making one: a frozen account or a lost card may not (spec §6).
  route(app, RequestCalls.acceptRequest, async (req) => {
    const reader = await requireActiveReader(req, services, 'request');
    const accepted = await services.requests.accept(req.tenant.id, reader, req.body.pickupCode);
    return okSaying(req.lang, accepted, 'requestAccepted', {
      title: accepted.title,
      date: accepted.readyUntil,
      code: accepted.pickupCode,
    });
  });

  // Taking a request back stays open to every reader, a frozen one too.
  route(app, RequestCalls.cancelRequest, async (req) => {
    const holds = (await circulation.providerOf(req.tenant.id)).holds;
    const cancelled = holds
      ? await holds.cancel(req.tenant.id, await readerOf(req), req.body.requestId)
      : await services.requests.cancel(req.tenant.id, requireReader(req), req.body.requestId);
    return okSaying(req.lang, cancelled, 'requestCancelled');
  });

  // Confirming receipt stays open to every reader (a frozen one too): the book has arrived.
  route(app, RequestCalls.confirmReceipt, async (req) =>
    okSaying(
      req.lang,
      await confirmReceipt(services.db.kysely, req.tenant.id, requireReader(req), req.body.requestId),
      'deliveryReceived',
    ),
  );

  // Frozen, lost and expired cards are answered per loan (each refused with its reason), as the
  // library's own system answers them: the reader sees why on every loan.
  route(app, CirculationCalls.reNew, async (req) => {
    const data = await circulation.renew(req.tenant.id, await readerOf(req), req.body.loanIds, req.lang);
    return okSaying(req.lang, data, 'renewDone', { success: data.success, fail: data.fail });
  });
}
