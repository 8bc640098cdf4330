import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CONTENT_LANGUAGE,
  HomeListCalls,
  Header,
  LANGUAGES,
  SearchCalls,
  X_LANG,
  isReservedMappingPath,
  parseSearchParams,
  searchPageRequest,
  type Endpoint,
  type Lang,
} from '@openfind/contract';
import { pageLang } from '../../http/first-answers.js';
import type { Services } from '../../services.js';
import type { Tenant } from '../tenants/tenant-repository.js';
import {
  NEW_ARRIVALS_ROWS,
  newArrivalsFeed,
  openSearchDescription,
  searchResultsFeed,
  type FeedRecord,
} from './feeds.js';
import { OaiService } from './oai-service.js';
import { robotsTxt, SitemapService } from './sitemaps.js';
import { portalPath } from './xml-text.js';

/** The paths of the open interfaces under an institution's part of the portal (`/<mappingPath>` or ''). */
export const OPEN_PATHS = {
  oai: '/oai',
  openSearch: '/opensearch.xml',
  openSearchResults: '/opensearch/search',
  openSearchSuggest: '/opensearch/suggest',
  sitemap: '/sitemap.xml',
  newArrivals: '/feeds/new-arrivals.atom',
} as const;

/** A CLC class as the new-arrivals feed takes it: a top class letter and up to 15 more characters. */
const CLASS_RE = /^[A-Z][A-Z0-9.\-/]{0,15}$/;

type Params = { Params: { mappingPath?: string }; Querystring: Record<string, string | string[] | undefined> };

/**
 * The open interfaces (issue 30): OAI-PMH, OpenSearch (description, Atom/RSS results, suggestions),
 * sitemaps, robots.txt and the new-arrivals Atom feed. Not envelope calls: harvesters, browsers and
 * crawlers ask for them with no API headers, so the institution comes from the address, as pages
 * have it (`/<mappingPath>/oai`, `/oai` for the default institution), and each answer is the XML or
 * text its standard says. Outside the tenant scope, hidden from the OpenAPI document; what readers
 * may see only (search, suggestions, new books) is asked of the real calls through `inject`, as a
 * visitor, so suppression, tenancy and caching are theirs.
 */
export async function registerOpenInterfaceRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const oai = new OaiService(services.db.kysely);
  const sitemaps = new SitemapService(services.db.kysely);

  const tenantOf = async (req: FastifyRequest<Params>): Promise<Tenant | undefined> => {
    const mp = req.params.mappingPath ?? '';
    if (mp && isReservedMappingPath(mp)) return undefined;
    return services.tenants.byMappingPath(mp);
  };
  const siteUrlOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;
  const baseOf = (req: FastifyRequest, tenant: Tenant) => `${siteUrlOf(req)}${portalPath(tenant.mappingPath)}`;
  const notFound = (reply: FastifyReply) =>
    reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not Found\n');
  const langOf = (req: FastifyRequest<Params>): Lang => {
    const asked = req.query.lang;
    return LANGUAGES.find((l) => l === asked) ?? pageLang(req);
  };
  const one = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));

  /** A call of the API as a visitor of the institution; its `data`, or undefined when it failed. */
  const callApi = async <T>(
    req: FastifyRequest,
    tenant: Tenant,
    lang: Lang,
    call: Endpoint,
    input: Record<string, unknown>,
  ): Promise<T | undefined> => {
    const query = call.method === 'GET' ? `?${new URLSearchParams(input as Record<string, string>).toString()}` : '';
    const res = await app.inject({
      method: call.method,
      url: `${call.path}${query}`,
      remoteAddress: req.ip,
      headers: {
        [Header.mappingPath]: tenant.mappingPath,
        [Header.groupCode]: tenant.groupCode,
        [Header.lang]: X_LANG[lang],
        [Header.contentLanguage]: CONTENT_LANGUAGE[lang],
        ...(call.method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      ...(call.method === 'POST' ? { payload: JSON.stringify(input) } : {}),
    });
    if (res.statusCode !== 200) return undefined;
    const body = res.json<{ success: boolean; data: T }>();
    return body.success ? body.data : undefined;
  };

  await app.register(async (scope) => {
    // OAI-PMH takes POST with form-encoded arguments as well as GET (protocol §3.1.1.2).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      (_req, body, done) => {
        const args: Record<string, string | string[]> = {};
        for (const [k, v] of new URLSearchParams(String(body))) {
          const had = args[k];
          args[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
        }
        done(null, args);
      },
    );

    for (const prefix of ['', '/:mappingPath']) {
      const oaiHandler = async (req: FastifyRequest<Params>, reply: FastifyReply) => {
        const tenant = await tenantOf(req);
        if (!tenant) return notFound(reply);
        const args =
          req.method === 'POST'
            ? ((req.body as Record<string, string | string[]> | undefined) ?? {})
            : (req.query as Record<string, string | string[]>);
        const settings = await services.siteConfig.settings(tenant.id);
        const mailbox = settings.config.directorMailbox.trim();
        const { xml } = await oai.answer(args, {
          tenant,
          baseUrl: `${baseOf(req, tenant)}${OPEN_PATHS.oai}`,
          siteUrl: siteUrlOf(req),
          host: req.hostname,
          adminEmail: /^[^\s@]+@[^\s@]+$/.test(mailbox) ? mailbox : `webmaster@${req.hostname}`,
        });
        return reply
          .header('cache-control', 'no-store')
          .header('x-robots-tag', 'noindex')
          .type('text/xml; charset=utf-8')
          .send(xml);
      };
      scope.get<Params>(`${prefix}${OPEN_PATHS.oai}`, { schema: { hide: true } }, oaiHandler);
      scope.post<Params>(`${prefix}${OPEN_PATHS.oai}`, { schema: { hide: true } }, oaiHandler);

      scope.get<Params>(`${prefix}${OPEN_PATHS.openSearch}`, { schema: { hide: true } }, async (req, reply) => {
        const tenant = await tenantOf(req);
        if (!tenant) return notFound(reply);
        return reply
          .header('cache-control', 'public, max-age=3600')
          .type('application/opensearchdescription+xml; charset=utf-8')
          .send(openSearchDescription(tenant, baseOf(req, tenant), siteUrlOf(req), langOf(req)));
      });

      scope.get<Params>(`${prefix}${OPEN_PATHS.openSearchResults}`, { schema: { hide: true } }, async (req, reply) => {
        const tenant = await tenantOf(req);
        if (!tenant) return notFound(reply);
        const format = one(req.query.format) === 'rss' ? 'rss' : 'atom';
        const q = one(req.query.q).trim().slice(0, 200);
        const page = Math.min(Math.max(Number.parseInt(one(req.query.page), 10) || 1, 1), 50);
        const lang = langOf(req);
        const state = parseSearchParams(
          new URLSearchParams({ searchField: 'keyWord', searchFieldContent: q, page: String(page), rows: '20' }),
        );
        const { kind, body } = searchPageRequest(state);
        const data = q
          ? await callApi<{ numFound: number; searchResult: FeedRecord[] }>(req, tenant, lang, SearchCalls[kind], body)
          : { numFound: 0, searchResult: [] };
        if (!data) return reply.code(503).type('text/plain; charset=utf-8').send('Search is not available now.\n');
        const xml = searchResultsFeed(format, {
          tenant,
          base: baseOf(req, tenant),
          lang,
          query: q,
          page,
          rows: 20,
          total: data.numFound,
          records: data.searchResult,
          selfUrl: `${siteUrlOf(req)}${req.url}`,
        });
        return reply
          .header('cache-control', 'public, max-age=300')
          .header('x-robots-tag', 'noindex')
          .type(format === 'rss' ? 'application/rss+xml; charset=utf-8' : 'application/atom+xml; charset=utf-8')
          .send(xml);
      });

      scope.get<Params>(`${prefix}${OPEN_PATHS.openSearchSuggest}`, { schema: { hide: true } }, async (req, reply) => {
        const tenant = await tenantOf(req);
        if (!tenant) return notFound(reply);
        const q = one(req.query.q).trim().slice(0, 100);
        const list = q
          ? ((await callApi<{ keyWord: string }[]>(req, tenant, langOf(req), SearchCalls.getKeyWord, {
              keyWord: q,
              rows: '10',
            })) ?? [])
          : [];
        // The OpenSearch suggestions extension: [query, [completions]].
        return reply
          .header('cache-control', 'public, max-age=300')
          .type('application/x-suggestions+json; charset=utf-8')
          .send(JSON.stringify([q, list.map((s) => s.keyWord)]));
      });

      scope.get<Params>(`${prefix}${OPEN_PATHS.sitemap}`, { schema: { hide: true } }, async (req, reply) => {
        const tenant = await tenantOf(req);
        if (!tenant) return notFound(reply);
        const part = one(req.query.part);
        const base = baseOf(req, tenant);
        const xml = part
          ? await sitemaps.part(tenant, base, part)
          : await sitemaps.index(tenant, `${base}${OPEN_PATHS.sitemap}`);
        if (xml === undefined) return notFound(reply);
        return reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(xml);
      });

      scope.get<Params>(`${prefix}${OPEN_PATHS.newArrivals}`, { schema: { hide: true } }, async (req, reply) => {
        const tenant = await tenantOf(req);
        if (!tenant) return notFound(reply);
        const cls = one(req.query.class).trim().toUpperCase();
        if (cls && !CLASS_RE.test(cls))
          return reply
            .code(400)
            .type('text/plain; charset=utf-8')
            .send('class: a CLC class number such as TP or TP3 (a letter, then up to 15 letters, digits or dots).\n');
        const lang = langOf(req);
        const data = await callApi<{ searchResult: FeedRecord[] }>(req, tenant, lang, HomeListCalls.getNewBook, {
          page: 1,
          rows: NEW_ARRIVALS_ROWS,
          ...(cls ? { callNo: cls } : {}),
          sortField: 'in_date',
          sortClause: 'desc',
        });
        if (!data)
          return reply.code(503).type('text/plain; charset=utf-8').send('New arrivals are not available now.\n');
        const base = baseOf(req, tenant);
        const selfUrl = `${base}${OPEN_PATHS.newArrivals}${cls ? `?class=${encodeURIComponent(cls)}` : ''}`;
        return reply
          .header('cache-control', 'public, max-age=900')
          .type('application/atom+xml; charset=utf-8')
          .send(newArrivalsFeed({ tenant, base, lang, cls, selfUrl, records: data.searchResult }));
      });
    }

    scope.get('/robots.txt', { schema: { hide: true } }, async (req, reply) => {
      const tenants = await services.tenants.list();
      return reply
        .header('cache-control', 'public, max-age=3600')
        .type('text/plain; charset=utf-8')
        .send(robotsTxt(siteUrlOf(req), tenants));
    });
  });
}
