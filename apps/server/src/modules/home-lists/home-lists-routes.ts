import type { FastifyInstance } from 'fastify';
import {
  ApiPath,
  BookListPage,
  BookListRequest,
  CollectionPage,
  DisciplineList,
  DonateNewsPage,
  LibraryEntryList,
  NewBookRequest,
  PageRequest,
  SearchResponse,
  apiResponse,
} from '@openfind/contract';
import { ok } from '../../http/envelope.js';
import { zodApp } from '../../http/route-types.js';
import type { Services } from '../../services.js';
import type { CollectionList } from './home-lists-repository.js';

/** The lists of the home page: new books, collections, disciplines, libraries, book lists, donation news. */
export function registerHomeListsRoutes(app: FastifyInstance, services: Services): void {
  const r = zodApp(app);
  const tags = ['lists'];
  const lists = services.homeLists;

  r.post(
    ApiPath.getNewBook,
    {
      schema: {
        tags,
        summary: 'New arrivals in a time window (1 week … 2 years), by class, discipline and place; search-shaped',
        body: NewBookRequest,
        response: { 200: apiResponse(SearchResponse) },
      },
    },
    async (req) =>
      ok(
        req.lang,
        await lists.newBooks({ tenantId: req.tenant.id, lang: req.lang, readerId: null, client: req.ip }, req.body),
      ),
  );

  const collectionRoutes: Array<[string, CollectionList, string]> = [
    [ApiPath.getHotCollection, 'hot', 'Electronic collections, most visited first'],
    [ApiPath.getNewCollection, 'new', 'Electronic collections added in the last year, newest first'],
    [ApiPath.getTryCollection, 'trial', 'Electronic collections on trial (trial not ended)'],
  ];
  for (const [path, list, summary] of collectionRoutes) {
    r.post(
      path,
      { schema: { tags, summary, body: PageRequest, response: { 200: apiResponse(CollectionPage) } } },
      async (req) => ok(req.lang, await lists.collections(req.tenant.id, req.lang, list, req.body)),
    );
  }

  r.get(
    ApiPath.getDiscipline,
    {
      schema: {
        tags,
        summary: 'Disciplines with records, and how many',
        response: { 200: apiResponse(DisciplineList) },
      },
    },
    async (req) => ok(req.lang, await lists.disciplines(req.tenant.id, req.lang)),
  );

  r.get(
    ApiPath.getLibrary,
    {
      schema: {
        tags,
        summary: 'The libraries with their records, copies and copies on shelf',
        response: { 200: apiResponse(LibraryEntryList) },
      },
    },
    async (req) => ok(req.lang, await lists.libraries(req.tenant.id, req.lang)),
  );

  r.get(
    ApiPath.indexBookList,
    {
      schema: {
        tags,
        summary: 'Book lists, newest first, with their first records (or one list with its records paged)',
        querystring: BookListRequest,
        response: { 200: apiResponse(BookListPage) },
      },
    },
    async (req) => ok(req.lang, await lists.bookLists(req.tenant.id, req.lang, req.query, false)),
  );

  r.post(
    ApiPath.indexHotBookList,
    {
      schema: {
        tags,
        summary: 'Hot book lists (most viewed first) with their first records',
        body: BookListRequest,
        response: { 200: apiResponse(BookListPage) },
      },
    },
    async (req) => ok(req.lang, await lists.bookLists(req.tenant.id, req.lang, req.body, true)),
  );

  r.post(
    ApiPath.searchDonateNews,
    {
      schema: {
        tags,
        summary: 'Donation news, newest first',
        body: PageRequest,
        response: { 200: apiResponse(DonateNewsPage) },
      },
    },
    async (req) => ok(req.lang, await lists.donateNews(req.tenant.id, req.lang, req.body)),
  );
}
