import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ApiPath,
  ClassNode,
  ClassificaRequest,
  ItemCountRequest,
  ItemCountResponse,
  KeyWordQuery,
  KeyWordSuggestion,
  PopularSearch,
  PopularSearchAdd,
  PopularSearchQuery,
  SearchForDetailRequest,
  SearchHistoryRequest,
  SearchHistoryResponse,
  SearchRequest,
  SearchResponse,
  SpellQuery,
  SpellResponse,
  TwiceSearchRequest,
  UpdateSearchHistoryRequest,
  apiResponse,
} from '@openfind/contract';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { zodApp } from '../../http/route-types.js';
import type { Services } from '../../services.js';
import { watchCatalogueChanges } from '../catalogue/catalogue-events.js';
import { readerIdOf, requireReader } from './reader-session.js';
import type { SearchContext } from './search-service.js';

/** The search calls of the request's tenant. */
export function registerSearchRoutes(app: FastifyInstance, services: Services): void {
  const r = zodApp(app);
  const tags = ['search'];
  const ctx = (req: FastifyRequest): SearchContext => ({
    tenantId: req.tenant.id,
    lang: req.lang,
    readerId: readerIdOf(req),
    client: req.ip,
  });
  const loginFirst = async (req: FastifyRequest) => void requireReader(req);
  /** The answer with the logged-in reader's favourites marked (results are cached for everyone). */
  const withFavourites = async (req: FastifyRequest, res: SearchResponse): Promise<SearchResponse> => {
    const readerId = readerIdOf(req);
    if (readerId === null || !res.searchResult.length) return res;
    return { ...res, searchResult: await services.favourites.mark(req.tenant.id, readerId, res.searchResult) };
  };
  services.popularSearches.log = (err: unknown) => app.log.warn({ err }, 'popular searches: a write failed');
  let stopWatching: (() => Promise<void>) | undefined;
  // Before the database closes: stop background work, write the searches not yet counted.
  app.addHook('preClose', async () => {
    await stopWatching?.();
    await services.search.close();
    await services.popularSearches.flush().catch((err: unknown) => app.log.warn({ err }, 'popular searches not saved'));
  });
  if (services.searchWarmUp) {
    app.addHook('onReady', async () => {
      // Imports (also by the CLI, against a PostgreSQL server) announce changes: caches follow at once.
      stopWatching = await watchCatalogueChanges(services.db, (id) => services.search.catalogueChanged(id)).catch(
        (err: unknown) => {
          app.log.warn({ err }, 'catalogue changes are not watched; search results may be a minute stale');
          return undefined;
        },
      );
      const tenants = await services.tenants.list();
      void services.search
        .warmUp(tenants.map((t) => t.id))
        .catch((err: unknown) => app.log.warn({ err }, 'search warm-up failed'));
    });
  }

  const searches = [
    [ApiPath.search, 'search', 'Search (simple, or advanced when searchItems hold text)'],
    [ApiPath.indexSearch, 'indexSearch', 'Search from the home page box'],
    [ApiPath.advancedSearch, 'advancedSearch', 'Advanced search: searchItems joined by AND / OR / NOT'],
  ] as const;
  for (const [path, kind, summary] of searches) {
    r.post(
      path,
      { schema: { tags, summary, body: SearchRequest, response: { 200: apiResponse(SearchResponse) } } },
      async (req) => ok(req.lang, await withFavourites(req, await services.search.search(ctx(req), kind, req.body))),
    );
  }

  r.post(
    ApiPath.twiceSearch,
    {
      schema: {
        tags,
        summary: 'Search within results: the current search AND twiceSearchFieldContent',
        body: TwiceSearchRequest,
        response: { 200: apiResponse(SearchResponse) },
      },
    },
    async (req) =>
      ok(req.lang, await withFavourites(req, await services.search.search(ctx(req), 'twiceSearch', req.body))),
  );

  r.post(
    ApiPath.searchForDetail,
    {
      schema: {
        tags,
        summary: 'Records related to a record (shared subjects or class)',
        body: SearchForDetailRequest,
        response: { 200: apiResponse(SearchResponse) },
      },
    },
    async (req) => ok(req.lang, await withFavourites(req, await services.search.related(ctx(req), req.body))),
  );

  r.post(
    ApiPath.itemCounts,
    {
      schema: {
        tags,
        summary: 'Copies and copies on shelf of one record ({recordId}) or of a batch ({items})',
        body: ItemCountRequest,
        response: { 200: apiResponse(ItemCountResponse) },
      },
    },
    async (req) => ok(req.lang, await services.search.itemCounts(ctx(req), req.body)),
  );

  r.get(
    ApiPath.spellKeyWord,
    {
      schema: { tags, summary: 'Did you mean', querystring: SpellQuery, response: { 200: apiResponse(SpellResponse) } },
    },
    async (req) =>
      ok(req.lang, await services.search.spell(req.tenant.id, req.query.keyWord ?? req.query.searchFieldContent ?? '')),
  );

  r.get(
    ApiPath.getKeyWord,
    {
      schema: {
        tags,
        summary: 'Suggestions as you type (Chinese, pinyin, pinyin initials)',
        querystring: KeyWordQuery,
        response: { 200: apiResponse(z.array(KeyWordSuggestion)) },
      },
    },
    async (req) =>
      ok(
        req.lang,
        await services.search.suggest(
          req.tenant.id,
          req.query.keyWord ?? req.query.searchFieldContent ?? '',
          req.query.rows,
        ),
      ),
  );

  r.get(
    ApiPath.popularSearchGet,
    {
      schema: {
        tags,
        summary: 'Popular searches of the last `days`',
        querystring: PopularSearchQuery,
        response: { 200: apiResponse(z.array(PopularSearch)) },
      },
    },
    async (req) => ok(req.lang, await services.popularSearches.top(req.tenant.id, req.query.days, req.query.rows)),
  );

  r.get(
    ApiPath.popularSearchTopTen,
    {
      schema: {
        tags,
        summary: 'The ten most searched texts of the last 30 days',
        response: { 200: apiResponse(z.array(PopularSearch)) },
      },
    },
    async (req) => ok(req.lang, await services.popularSearches.top(req.tenant.id, 30, 10)),
  );

  // The search calls count a search that found records themselves; `add` (which the real web app
  // calls after a search) counts nothing of its own, so an anonymous GET cannot put a text among
  // the popular searches. It answers whether the caller's search of that text was counted.
  const addPopular = (req: FastifyRequest, q: z.infer<typeof PopularSearchAdd>) =>
    ok(req.lang, {
      added: services.popularSearches.counted(req.tenant.id, req.ip, q.keyWord ?? q.searchFieldContent ?? ''),
    });
  const addSchema = {
    tags,
    summary: "Whether the caller's search of a text was counted among the popular ones (adds nothing itself)",
    response: { 200: apiResponse(z.object({ added: z.boolean() })) },
  };
  r.get(ApiPath.popularSearchAdd, { schema: { ...addSchema, querystring: PopularSearchAdd } }, async (req) =>
    addPopular(req, req.query),
  );
  r.post(ApiPath.popularSearchAdd, { schema: { ...addSchema, body: PopularSearchAdd } }, async (req) =>
    addPopular(req, req.body),
  );

  r.post(
    ApiPath.searchHistory,
    {
      preValidation: loginFirst,
      schema: {
        tags,
        summary: "The reader's search history, newest first (login required)",
        body: SearchHistoryRequest,
        response: { 200: apiResponse(SearchHistoryResponse) },
      },
    },
    async (req) =>
      ok(req.lang, await services.searchHistory.list(req.tenant.id, requireReader(req), req.body.page, req.body.rows)),
  );

  r.post(
    ApiPath.updateSearchHistory,
    {
      preValidation: loginFirst,
      schema: {
        tags,
        summary: "Delete entries of the reader's search history, or all of it (login required)",
        body: UpdateSearchHistoryRequest,
        response: { 200: apiResponse(z.object({ deleted: z.number().int() })) },
      },
    },
    async (req) => {
      const ids = req.body.clearAll ? null : (req.body.ids ?? []).map(Number);
      const deleted =
        ids?.length === 0 ? 0 : await services.searchHistory.remove(req.tenant.id, requireReader(req), ids);
      return ok(req.lang, { deleted });
    },
  );

  r.post(
    ApiPath.classificaList,
    {
      schema: {
        tags,
        summary: 'CLC class tree with record counts',
        body: ClassificaRequest,
        response: { 200: apiResponse(z.array(ClassNode)) },
      },
    },
    async (req) => ok(req.lang, await services.classification.tree(req.tenant.id, req.lang, req.body)),
  );
}
