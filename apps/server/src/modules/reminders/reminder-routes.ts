import type { FastifyInstance } from 'fastify';
import { CALENDAR_FEED_PATH, ReminderCalls } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireReader } from '../auth/session-context.js';

/** A logged-in reader's reminder settings and calendar feed (401 for visitors). */
export function registerReminderRoutes(app: FastifyInstance, services: Services): void {
  const { reminders } = services;
  services.reminderJob.log ??= app.log;

  route(app, ReminderCalls.reminderSettings, async (req) =>
    ok(req.lang, await reminders.readerSettings(req.tenant.id, requireReader(req), req.lang)),
  );

  route(app, ReminderCalls.updateReminderSettings, async (req) =>
    okSaying(
      req.lang,
      await reminders.updateReaderSettings(req.tenant.id, requireReader(req), req.body, req.lang),
      'reminderSettingsSaved',
    ),
  );

  // The feed's address is the one the reader's browser used (behind a proxy: TRUST_PROXY, as for cookies).
  route(app, ReminderCalls.calendarFeed, async (req) => {
    const origin = `${req.protocol}://${req.host}`;
    const feed = await reminders.calendarFeed(req.tenant.id, requireReader(req), req.body.action, req.lang, origin);
    return okSaying(req.lang, feed, feed.feedUrl ? 'calendarFeedCreated' : 'calendarFeedRevoked');
  });
}

/**
 * `GET /find/loanInfo/calendar/<token>.ics`: a reader's due dates as an iCalendar feed, for a
 * calendar application to subscribe to. No session and no API headers: the token says whose and
 * which institution's. Not an envelope call, so not in the table of calls (hidden from the OpenAPI
 * document); the token is kept out of the log (`http/log-redaction.ts`). Unknown, revoked or
 * malformed tokens get a bare 404; each address may ask a limited number of times a minute.
 */
export function registerCalendarFeedRoute(app: FastifyInstance, services: Services): void {
  app.get<{ Params: { file: string } }>(
    `${CALENDAR_FEED_PATH}:file`,
    { schema: { hide: true } },
    async (req, reply) => {
      const answer = await services.reminders.feed(req.params.file, req.ip);
      reply.header('x-robots-tag', 'noindex').header('referrer-policy', 'no-referrer');
      if (answer.status !== 200) {
        if (answer.status === 429) reply.header('retry-after', '60');
        if (answer.status === 503) reply.header('retry-after', '600');
        return reply
          .code(answer.status)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send(
            answer.status === 404 ? 'Not Found' : answer.status === 429 ? 'Too Many Requests' : 'Service Unavailable',
          );
      }
      return reply
        .header('cache-control', `private, max-age=${answer.maxAge}`)
        .header('content-disposition', 'inline; filename="loans.ics"')
        .type('text/calendar; charset=utf-8')
        .send(answer.body);
    },
  );
}
