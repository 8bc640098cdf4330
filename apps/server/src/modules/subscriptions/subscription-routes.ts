import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  SUBSCRIPTION_FEED_PATH,
  SUBSCRIPTION_UNSUBSCRIBE_PATH,
  SubscriptionCalls,
  type Lang,
} from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireReader } from '../auth/session-context.js';

/** The address the reader's browser used (behind a proxy: TRUST_PROXY, as for cookies). */
const siteUrlOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/**
 * A reader's subscriptions (`/find/subscribe/*`, 401 for visitors: each call acts on the session's
 * reader in the session's institution only).
 */
export function registerSubscriptionRoutes(app: FastifyInstance, services: Services): void {
  const { subscriptions } = services;
  services.subscriptionJob.log ??= app.log;

  route(app, SubscriptionCalls.subscriptionList, async (req) =>
    ok(req.lang, await subscriptions.list(req.tenant.id, requireReader(req))),
  );
  route(app, SubscriptionCalls.subscribe, async (req) =>
    okSaying(
      req.lang,
      await subscriptions.subscribe(req.tenant.id, requireReader(req), req.body, {
        lang: req.lang,
        siteUrl: siteUrlOf(req),
      }),
      'subscriptionAdded',
    ),
  );
  route(app, SubscriptionCalls.updateSubscription, async (req) =>
    okSaying(
      req.lang,
      await subscriptions.update(req.tenant.id, requireReader(req), req.body, req.lang),
      'subscriptionSaved',
    ),
  );
  route(app, SubscriptionCalls.deleteSubscription, async (req) =>
    okSaying(
      req.lang,
      await subscriptions.remove(req.tenant.id, requireReader(req), req.body.subscriptionId),
      'subscriptionDeleted',
    ),
  );
}

const LANGS: readonly Lang[] = ['zh-CN', 'zh-TW', 'en-US'];

/**
 * The signed links of a subscription, for a feed reader and a mail's reader, without a session and
 * without API headers: the institution comes from the subscription the link names, the trust from
 * its signature (HMAC of the server's secret, one per subscription and purpose). Not envelope calls,
 * hidden from the OpenAPI document.
 * - `GET /find/subscribe/feed/<id>?sig=`: the Atom feed (404 when the signature does not check);
 * - `GET /find/subscribe/unsubscribe/<id>?sig=`: a confirmation page with a form; the form's POST
 *   unsubscribes (no state change through a GET: mail scanners open links).
 */
export async function registerSubscriptionLinkRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { subscriptions } = services;
  await app.register(async (scope) => {
    // The confirmation form posts nothing but the button: the body is not read.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, _body, done) => done(null, {}),
    );
    type Link = { Params: { id: string }; Querystring: { sig?: string; lang?: string } };
    const langOf = (req: FastifyRequest<Link>, fallback: Lang): Lang =>
      LANGS.find((l) => l === req.query.lang) ?? fallback;
    const page = (reply: FastifyReply, code: number, html: string) =>
      reply
        .code(code)
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(html);

    scope.get<Link>(`${SUBSCRIPTION_FEED_PATH}:id`, { schema: { hide: true } }, async (req, reply) => {
      const row = await subscriptions.bySignedLink(req.params.id, String(req.query.sig ?? ''), 'feed');
      reply.header('x-robots-tag', 'noindex').header('referrer-policy', 'no-referrer');
      if (!row)
        return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not Found');
      return reply
        .header('cache-control', 'private, max-age=900')
        .type('application/atom+xml; charset=utf-8')
        .send(await subscriptions.feed(row));
    });

    scope.get<Link>(`${SUBSCRIPTION_UNSUBSCRIBE_PATH}:id`, { schema: { hide: true } }, async (req, reply) => {
      const sig = String(req.query.sig ?? '');
      const row = await subscriptions.bySignedLink(req.params.id, sig, 'unsubscribe');
      if (!row) return page(reply, 404, subscriptions.unsubscribePage(langOf(req, 'zh-CN'), { kind: 'bad' }));
      const action = `${SUBSCRIPTION_UNSUBSCRIBE_PATH}${row.id}?sig=${encodeURIComponent(sig)}`;
      return page(
        reply,
        200,
        subscriptions.unsubscribePage(langOf(req, row.lang), { kind: 'confirm', title: row.title, action }),
      );
    });

    // Tests only (TEST_SUBSCRIPTION_HOOK=1, the e2e server): a reader's subscriptions made due, with the
    // records of the last `days` days new to them, and the job run at once for their institution.
    if (process.env.TEST_SUBSCRIPTION_HOOK === '1') {
      scope.post<{ Body: { mappingPath?: string; account?: string; days?: number } }>(
        '/test/subscriptions/run',
        { schema: { hide: true } },
        async (req, reply) => {
          const tenant = await services.tenants.byMappingPath(String(req.body?.mappingPath ?? ''));
          if (!tenant) return reply.code(404).send({ error: 'no such institution' });
          const days = Math.min(Math.max(Number(req.body?.days ?? 30), 1), 3650);
          await services.subscriptions.makeDue(tenant.id, String(req.body?.account ?? ''), days);
          const report = await services.subscriptionJob.run({
            trigger: 'cli',
            tenantId: tenant.id,
            now: new Date(Date.now() + 10 * 60_000),
          });
          return reply.send({ status: report.status, institutions: report.institutions });
        },
      );
    }

    scope.post<Link>(`${SUBSCRIPTION_UNSUBSCRIBE_PATH}:id`, { schema: { hide: true } }, async (req, reply) => {
      const row = await subscriptions.bySignedLink(req.params.id, String(req.query.sig ?? ''), 'unsubscribe');
      if (!row) return page(reply, 404, subscriptions.unsubscribePage(langOf(req, 'zh-CN'), { kind: 'bad' }));
      await subscriptions.unsubscribeSigned(row);
      return page(reply, 200, subscriptions.unsubscribePage(langOf(req, row.lang), { kind: 'done', title: row.title }));
    });
  });
}
