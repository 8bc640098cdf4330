import type { FastifyInstance } from 'fastify';
import { DeskCalls, DeskErrCode, type RenewOutcome } from '@openfind/contract';
import type { Envelope } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireStaff } from '../staff/staff-context.js';

/**
 * The circulation desk's staff calls (issue 27; the staff console's screens call them, issue 28):
 * thin, each the desk's operation for the acting staff account (`StaffDesk`). The session scope has
 * checked the staff session, its institution and role before the body is read.
 */
export function registerDeskRoutes(app: FastifyInstance, services: Services): void {
  const { desk } = services;

  route(app, DeskCalls.deskCheckout, async (req) => {
    const loan = await desk.checkout(requireStaff(req), req.body, req.ip);
    return okSaying(req.lang, loan, 'deskLent', { title: loan.title, date: loan.dueDate });
  });

  route(app, DeskCalls.deskCheckin, async (req) => {
    const back = await desk.checkin(requireStaff(req), req.body, req.ip);
    if (back.heldForReaderId !== null) return okSaying(req.lang, back, 'deskReturnedHeld', { title: back.title });
    if (back.fine)
      return okSaying(req.lang, back, 'deskReturnedLate', {
        title: back.title,
        days: back.overdueDays,
        amount: back.fine.amount,
      });
    return okSaying(req.lang, back, 'deskReturned', { title: back.title });
  });

  // A refused renewal is a failure whose message is the reason, with the outcome as its data.
  route(app, DeskCalls.deskRenew, async (req): Promise<Envelope<RenewOutcome>> => {
    const outcome = await desk.renew(requireStaff(req), req.body, req.ip, req.lang);
    if (outcome.renewed)
      return okSaying(req.lang, outcome, 'deskRenewed', { title: outcome.title, date: outcome.dueDate ?? '' });
    return { success: false, message: outcome.reason, errCode: DeskErrCode.notRenewed, errorCode: null, data: outcome };
  });

  route(app, DeskCalls.deskRequest, async (req) => {
    const placed = await desk.request(requireStaff(req), req.body, req.ip);
    return placed.status === 'ready'
      ? okSaying(req.lang, placed, 'deskRequestReady', { date: placed.readyUntil ?? '', code: placed.pickupCode ?? '' })
      : okSaying(req.lang, placed, 'deskRequestPlaced', { position: placed.queuePosition });
  });

  route(app, DeskCalls.deskFulfil, async (req) => {
    const loan = await desk.fulfil(requireStaff(req), req.body, req.ip);
    return okSaying(req.lang, loan, 'deskLent', { title: loan.title, date: loan.dueDate });
  });

  route(app, DeskCalls.deskShip, async (req) => {
    const sent = await desk.ship(requireStaff(req), req.body, req.ip);
    return okSaying(req.lang, sent, 'deskShipped', {
      title: sent.title,
      trackingNo: sent.trackingNo,
      date: sent.dueDate,
    });
  });

  route(app, DeskCalls.deskDeliveries, async (req) =>
    ok(req.lang, await desk.deliveries(requireStaff(req), req.query)),
  );

  route(app, DeskCalls.deskFine, async (req) => {
    const fine = await desk.fine(requireStaff(req), req.body, req.ip);
    return okSaying(req.lang, fine, 'deskFineCharged', { amount: fine.amount });
  });

  route(app, DeskCalls.deskPay, async (req) => {
    const paid = await desk.pay(requireStaff(req), req.body, req.ip);
    return okSaying(req.lang, paid, 'deskPaid', { amount: paid.amount, fines: paid.fines });
  });

  route(app, DeskCalls.deskReader, async (req) =>
    ok(req.lang, await desk.standing(requireStaff(req), req.query.reader, req.lang)),
  );
}
