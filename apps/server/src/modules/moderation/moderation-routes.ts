import type { FastifyInstance } from 'fastify';
import { ModerationCalls, ModerationErrCode, type Envelope, type ModerationOutcome } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { t } from '../../http/messages.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireStaff } from '../staff/staff-context.js';

/**
 * Moderation of comments (the staff console, issue 28): thin, each the moderation service's work
 * for the acting staff account. The session scope has checked the staff session, its institution and
 * role before the body is read.
 */
export function registerModerationRoutes(app: FastifyInstance, services: Services): void {
  const { moderation } = services;

  route(app, ModerationCalls.moderationQueue, async (req) =>
    ok(req.lang, await moderation.queue(requireStaff(req).tenantId, req.query)),
  );

  // Every comment decided by someone else meanwhile: a failure that says so, with the outcome as its data.
  route(app, ModerationCalls.moderateComments, async (req): Promise<Envelope<ModerationOutcome>> => {
    const out = await moderation.decide(requireStaff(req), req.body, req.ip);
    const count = out.moderated.length;
    if (!count)
      return {
        success: false,
        message: t(req.lang, 'moderationAlreadyDecided'),
        errCode: ModerationErrCode.alreadyModerated,
        errorCode: null,
        data: out,
      };
    if (out.conflicts.length)
      return okSaying(req.lang, out, 'moderationPartlyDecided', { count, conflicts: out.conflicts.length });
    return okSaying(req.lang, out, req.body.decision === 'approve' ? 'moderationApproved' : 'moderationRejected', {
      count,
    });
  });

  route(app, ModerationCalls.sensitiveWords, async (req) =>
    ok(req.lang, await moderation.words(requireStaff(req).tenantId)),
  );

  route(app, ModerationCalls.saveSensitiveWords, async (req) => {
    const saved = await moderation.saveWords(requireStaff(req), req.body, req.ip);
    return okSaying(req.lang, saved, 'moderationWordsSaved', { count: saved.words.length });
  });
}
