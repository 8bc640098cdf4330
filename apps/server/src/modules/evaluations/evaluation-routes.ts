import type { FastifyInstance } from 'fastify';
import {
  ApiPath,
  CommentPage,
  RecordIdBody,
  RecordPageRequest,
  UserCommentRequest,
  UserCommentResponse,
  UserRatingsRequest,
  UserRatingsResponse,
  UserScore,
  apiResponse,
} from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { zodApp } from '../../http/route-types.js';
import type { Services } from '../../services.js';
import { requireActiveReader } from '../auth/session-context.js';
import { readerIdOf } from '../search/reader-session.js';

/** Ratings and comments: lists are public, posting needs a logged-in reader. */
export function registerEvaluationRoutes(app: FastifyInstance, services: Services): void {
  const r = zodApp(app);
  const tags = ['evaluations'];
  const ev = services.evaluations;

  r.post(
    ApiPath.userRatings,
    {
      schema: {
        tags,
        summary: 'Records by average rating, best or worst first (top 100)',
        body: UserRatingsRequest,
        response: { 200: apiResponse(UserRatingsResponse) },
      },
    },
    async (req) => ok(req.lang, await ev.ratings(req.tenant.id, req.body)),
  );

  r.post(
    ApiPath.getUserScore,
    {
      schema: {
        tags,
        summary: "A record's rating: average, count, per star, and the reader's own",
        body: RecordIdBody,
        response: { 200: apiResponse(UserScore) },
      },
    },
    async (req) => ok(req.lang, await ev.score(req.tenant.id, req.body.recordId, readerIdOf(req))),
  );

  r.post(
    ApiPath.userCommentList,
    {
      schema: {
        tags,
        summary: 'Approved comments of a record, newest first',
        body: RecordPageRequest,
        response: { 200: apiResponse(CommentPage) },
      },
    },
    async (req) => ok(req.lang, await ev.comments(req.tenant.id, req.body)),
  );

  r.post(
    ApiPath.userComment,
    {
      schema: {
        tags,
        summary: 'Comment on and/or rate a record (needs login; comments wait for approval)',
        body: UserCommentRequest,
        response: { 200: apiResponse(UserCommentResponse) },
      },
    },
    async (req) => {
      // A comment, or a rating alone: a frozen account or a lost card may post neither.
      const reader = await requireActiveReader(req, services, req.body.content ? 'comment' : 'rate');
      const data = await ev.comment(req.tenant.id, { id: reader.id }, req.body);
      return okSaying(req.lang, data, data.commentId === null ? 'ratingSaved' : 'commentSubmitted');
    },
  );
}
