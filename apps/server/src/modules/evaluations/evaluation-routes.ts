import type { FastifyInstance } from 'fastify';
import { EvaluationCalls } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireActiveReader, requireReader } from '../auth/session-context.js';
import { readerIdOf } from '../search/reader-session.js';

/** Ratings and comments: lists are public, posting needs a logged-in reader. */
export function registerEvaluationRoutes(app: FastifyInstance, services: Services): void {
  const ev = services.evaluations;

  route(app, EvaluationCalls.userRatings, async (req) => ok(req.lang, await ev.ratings(req.tenant.id, req.body)));

  route(app, EvaluationCalls.getUserScore, async (req) =>
    ok(req.lang, await ev.score(req.tenant.id, req.body.recordId, readerIdOf(req))),
  );

  route(app, EvaluationCalls.userCommentList, async (req) => ok(req.lang, await ev.comments(req.tenant.id, req.body)));

  route(app, EvaluationCalls.userComment, async (req) => {
    // A comment, or a rating alone: a frozen account or a lost card may post neither.
    const reader = await requireActiveReader(req, services, req.body.content ? 'comment' : 'rate');
    const data = await ev.comment(req.tenant.id, { id: reader.id }, req.body);
    return okSaying(req.lang, data, data.commentId === null ? 'ratingSaved' : 'commentSubmitted');
  });

  route(app, EvaluationCalls.myCommentList, async (req) =>
    ok(req.lang, await ev.myComments(req.tenant.id, requireReader(req), req.body)),
  );
}
