import type { FastifyInstance } from 'fastify';
import { FeedbackCalls, FeedbackErrCode, type Envelope, type FeedbackCloseOutcome } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { t } from '../../http/messages.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireReader } from '../auth/session-context.js';
import { requireStaff } from '../staff/staff-context.js';

/**
 * Problem feedback and e-questions (`/find/feedback/*`, `/find/eQuestion/*`, `/find/admin/feedback/*`):
 * a logged-in reader's own messages (each call acts on the session's reader only), and the staff
 * queue, for the acting staff account's institution (its settings changed by an administrator).
 */
export function registerFeedbackRoutes(app: FastifyInstance, services: Services): void {
  const { feedback } = services;

  route(app, FeedbackCalls.submitFeedback, async (req) =>
    okSaying(req.lang, await feedback.submit(req.tenant.id, requireReader(req), req.body), 'feedbackSent'),
  );

  route(app, FeedbackCalls.myFeedback, async (req) =>
    ok(req.lang, await feedback.myFeedback(req.tenant.id, requireReader(req), req.query.page, req.query.rows)),
  );

  route(app, FeedbackCalls.closeFeedback, async (req) =>
    okSaying(
      req.lang,
      await feedback.close(req.tenant.id, requireReader(req), req.body.feedbackId),
      'feedbackClosedOk',
    ),
  );

  route(app, FeedbackCalls.askQuestion, async (req) =>
    okSaying(req.lang, await feedback.ask(req.tenant.id, requireReader(req), req.body), 'questionSent'),
  );

  route(app, FeedbackCalls.myQuestions, async (req) =>
    ok(req.lang, await feedback.myQuestions(req.tenant.id, requireReader(req), req.query)),
  );

  route(app, FeedbackCalls.adminFeedback, async (req) =>
    ok(req.lang, await feedback.queue(requireStaff(req).tenantId, req.query)),
  );

  route(app, FeedbackCalls.adminFeedbackDetail, async (req) =>
    ok(req.lang, await feedback.detail(requireStaff(req).tenantId, req.query.feedbackId)),
  );

  route(app, FeedbackCalls.adminReplyFeedback, async (req) =>
    okSaying(
      req.lang,
      await feedback.reply(requireStaff(req), req.body, req.ip),
      req.body.close ? 'feedbackRepliedClosed' : 'feedbackReplied',
    ),
  );

  // Every message changed by someone else meanwhile: a failure that says so, with the outcome as its data.
  route(app, FeedbackCalls.adminCloseFeedback, async (req): Promise<Envelope<FeedbackCloseOutcome>> => {
    const out = await feedback.closeMany(requireStaff(req), req.body, req.ip);
    const count = out.changed.length;
    if (!count)
      return {
        success: false,
        message: t(req.lang, 'feedbackNoneClosed'),
        errCode: FeedbackErrCode.changedMeanwhile,
        errorCode: null,
        data: out,
      };
    if (out.conflicts.length || out.missing.length)
      return okSaying(req.lang, out, 'feedbackPartlyClosed', {
        count,
        conflicts: out.conflicts.length + out.missing.length,
      });
    return okSaying(req.lang, out, 'feedbackClosedCount', { count });
  });

  route(app, FeedbackCalls.adminExportFeedback, async (req) =>
    ok(req.lang, await feedback.exportRows(requireStaff(req).tenantId, req.query)),
  );

  route(app, FeedbackCalls.adminFeedbackSettings, async (req) =>
    ok(req.lang, await feedback.settings(requireStaff(req).tenantId)),
  );

  route(app, FeedbackCalls.adminSaveFeedbackSettings, async (req) =>
    okSaying(req.lang, await feedback.saveSettings(requireStaff(req), req.body, req.ip), 'feedbackSettingsSaved'),
  );
}
