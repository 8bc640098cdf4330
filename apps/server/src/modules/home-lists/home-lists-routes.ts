import type { FastifyInstance } from 'fastify';
import { HomeListCalls } from '@openfind/contract';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import type { CollectionList } from './home-lists-repository.js';

/** The lists of the home page: new books, collections, disciplines, libraries, book lists, donation news. */
export function registerHomeListsRoutes(app: FastifyInstance, services: Services): void {
  const lists = services.homeLists;

  route(app, HomeListCalls.getNewBook, async (req) =>
    ok(
      req.lang,
      await lists.newBooks({ tenantId: req.tenant.id, lang: req.lang, readerId: null, client: req.ip }, req.body),
    ),
  );

  const collectionRoutes: Array<[typeof HomeListCalls.getHotCollection, CollectionList]> = [
    [HomeListCalls.getHotCollection, 'hot'],
    [HomeListCalls.getNewCollection, 'new'],
    [HomeListCalls.getTryCollection, 'trial'],
  ];
  for (const [entry, list] of collectionRoutes) {
    route(app, entry, async (req) => ok(req.lang, await lists.collections(req.tenant.id, req.lang, list, req.body)));
  }

  route(app, HomeListCalls.getDiscipline, async (req) =>
    ok(req.lang, await lists.disciplines(req.tenant.id, req.lang)),
  );

  route(app, HomeListCalls.getLibrary, async (req) => ok(req.lang, await lists.libraries(req.tenant.id, req.lang)));

  route(app, HomeListCalls.indexBookList, async (req) =>
    ok(req.lang, await lists.bookLists(req.tenant.id, req.lang, req.query, false)),
  );

  route(app, HomeListCalls.indexHotBookList, async (req) =>
    ok(req.lang, await lists.bookLists(req.tenant.id, req.lang, req.body, true)),
  );

  route(app, HomeListCalls.searchDonateNews, async (req) =>
    ok(req.lang, await lists.donateNews(req.tenant.id, req.lang, req.body)),
  );
}
