import type { FastifyInstance } from 'fastify';
import { DonationCalls, DonationErrCode, type DonationDecisionOutcome, type Envelope } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import type { MessageKey } from '../../http/messages.js';
import { t } from '../../http/messages.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireReader } from '../auth/session-context.js';
import { requireStaff } from '../staff/staff-context.js';

const DECIDED: Record<string, MessageKey> = {
  received: 'donationDecidedReceived',
  accepted: 'donationDecidedAccepted',
  declined: 'donationDecidedDeclined',
};

/**
 * Book donations (`/find/donate/*`, `/find/admin/donations/*`): the public donors list and news, a
 * logged-in reader's own donations (each call acts on the session's reader only; a frozen account
 * or a lost card may donate), and the staff queue, for the acting staff account's institution.
 */
export function registerDonationRoutes(app: FastifyInstance, services: Services): void {
  const { donations } = services;

  route(app, DonationCalls.searchDonation, async (req) =>
    ok(req.lang, await donations.donors(req.tenant.id, req.body.page, req.body.rows)),
  );

  route(app, DonationCalls.donateNewsDetail, async (req) =>
    ok(req.lang, await donations.newsItem(req.tenant.id, req.query.id, req.lang)),
  );

  route(app, DonationCalls.offerDonation, async (req) =>
    okSaying(req.lang, await donations.offer(req.tenant.id, requireReader(req), req.body), 'donationOffered'),
  );

  route(app, DonationCalls.myDonations, async (req) =>
    ok(req.lang, await donations.mine(req.tenant.id, requireReader(req), req.query.page, req.query.rows)),
  );

  route(app, DonationCalls.cancelDonation, async (req) =>
    okSaying(
      req.lang,
      await donations.cancel(req.tenant.id, requireReader(req), req.body.donationId),
      'donationCancelled',
    ),
  );

  route(app, DonationCalls.adminDonations, async (req) =>
    ok(req.lang, await donations.queue(requireStaff(req).tenantId, req.query)),
  );

  route(app, DonationCalls.adminDonation, async (req) =>
    ok(req.lang, await donations.detail(requireStaff(req).tenantId, req.query.donationId)),
  );

  // Every donation changed by someone else meanwhile: a failure that says so, with the outcome as its data.
  route(app, DonationCalls.adminDecideDonations, async (req): Promise<Envelope<DonationDecisionOutcome>> => {
    const out = await donations.decide(requireStaff(req), req.body, req.ip);
    const count = out.changed.length;
    if (!count)
      return {
        success: false,
        message: t(req.lang, 'donationChangedMeanwhile'),
        errCode: DonationErrCode.changedMeanwhile,
        errorCode: null,
        data: out,
      };
    if (out.conflicts.length)
      return okSaying(req.lang, out, 'donationPartlyDecided', { count, conflicts: out.conflicts.length });
    return okSaying(req.lang, out, DECIDED[req.body.to]!, { count });
  });

  route(app, DonationCalls.adminExportDonations, async (req) =>
    ok(req.lang, await donations.exportRows(requireStaff(req).tenantId, req.query)),
  );
}
