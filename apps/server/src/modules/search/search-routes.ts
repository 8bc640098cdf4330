import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SearchCalls, type ParsedInputOf, type SearchResponse } from '@openfind/contract';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { watchCatalogueChanges } from '../catalogue/catalogue-events.js';
import { readerIdOf, requireReader } from './reader-session.js';
import type { SearchContext } from './search-service.js';

/** The search calls of the request's tenant. */
export function registerSearchRoutes(app: FastifyInstance, services: Services): void {
  const ctx = (req: FastifyRequest): SearchContext => ({
    tenantId: req.tenant.id,
    lang: req.lang,
    readerId: readerIdOf(req),
    client: req.ip,
  });
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
      stopWatching = await watchCatalogueChanges(services.db, services.catalogueChanged).catch((err: unknown) => {
        app.log.warn({ err }, 'catalogue changes are not watched; search results may be a minute stale');
        return undefined;
      });
      const tenants = await services.tenants.list();
      void services.search
        .warmUp(tenants.map((t) => t.id))
        .catch((err: unknown) => app.log.warn({ err }, 'search warm-up failed'));
    });
  }

  for (const kind of ['search', 'indexSearch', 'advancedSearch'] as const) {
    route(app, SearchCalls[kind], async (req) =>
      ok(req.lang, await withFavourites(req, await services.search.search(ctx(req), kind, req.body))),
    );
  }

  route(app, SearchCalls.twiceSearch, async (req) =>
    ok(req.lang, await withFavourites(req, await services.search.search(ctx(req), 'twiceSearch', req.body))),
  );

  route(app, SearchCalls.searchForDetail, async (req) =>
    ok(req.lang, await withFavourites(req, await services.search.related(ctx(req), req.body))),
  );

  route(app, SearchCalls.itemCounts, async (req) => ok(req.lang, await services.search.itemCounts(ctx(req), req.body)));

  route(app, SearchCalls.spellKeyWord, async (req) =>
    ok(req.lang, await services.search.spell(req.tenant.id, req.query.keyWord ?? req.query.searchFieldContent ?? '')),
  );

  route(app, SearchCalls.getKeyWord, async (req) =>
    ok(
      req.lang,
      await services.search.suggest(
        req.tenant.id,
        req.query.keyWord ?? req.query.searchFieldContent ?? '',
        req.query.rows,
      ),
    ),
  );

  route(app, SearchCalls.popularSearchGet, async (req) =>
    ok(req.lang, await services.popularSearches.top(req.tenant.id, req.query.days, req.query.rows)),
  );

  route(app, SearchCalls.popularSearchTopTen, async (req) =>
    ok(req.lang, await services.popularSearches.top(req.tenant.id, 30, 10)),
  );

  // The search calls count a search that found records themselves; `add` (which the real web app
  // calls after a search) counts nothing of its own, so an anonymous GET cannot put a text among
  // the popular searches. It answers whether the caller's search of that text was counted.
  const addPopular = (req: FastifyRequest, q: ParsedInputOf<typeof SearchCalls.popularSearchAdd>) =>
    ok(req.lang, {
      added: services.popularSearches.counted(req.tenant.id, req.ip, q.keyWord ?? q.searchFieldContent ?? ''),
    });
  route(app, SearchCalls.popularSearchAdd, async (req) => addPopular(req, req.query));
  route(app, SearchCalls.popularSearchAddPost, async (req) => addPopular(req, req.body));

  route(app, SearchCalls.searchHistory, async (req) =>
    ok(req.lang, await services.searchHistory.list(req.tenant.id, requireReader(req), req.body.page, req.body.rows)),
  );

  route(app, SearchCalls.updateSearchHistory, async (req) => {
    const ids = req.body.clearAll ? null : (req.body.ids ?? []).map(Number);
    const deleted = ids?.length === 0 ? 0 : await services.searchHistory.remove(req.tenant.id, requireReader(req), ids);
    return ok(req.lang, { deleted });
  });

  route(app, SearchCalls.classificaList, async (req) =>
    ok(req.lang, await services.classification.tree(req.tenant.id, req.lang, req.body)),
  );
}
