import type { FastifyInstance } from 'fastify';
import {
  AddFavouriteRequest,
  AddFavouriteResponse,
  ApiPath,
  CancelFavouriteRequest,
  CancelFavouriteResponse,
  FavouriteListQuery,
  FavouritePage,
  apiResponse,
} from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { zodApp } from '../../http/route-types.js';
import type { Services } from '../../services.js';
import { requireActiveReader, requireReader } from '../auth/session-context.js';

/** A logged-in reader's favourites (401 for visitors). */
export function registerFavouriteRoutes(app: FastifyInstance, services: Services): void {
  const r = zodApp(app);
  const tags = ['favourites'];
  const favourites = services.favourites;

  r.post(
    ApiPath.addMyFav,
    {
      schema: {
        tags,
        summary: 'Keep a record as a favourite (again: the same favourite, added false)',
        body: AddFavouriteRequest,
        response: { 200: apiResponse(AddFavouriteResponse) },
      },
    },
    async (req) => {
      const reader = await requireActiveReader(req, services, 'favourite');
      const data = await favourites.add(req.tenant.id, reader.id, req.body.recordId);
      return okSaying(req.lang, data, data.added ? 'favouriteAdded' : 'favouriteKept');
    },
  );

  r.post(
    ApiPath.favoritesCancel,
    {
      schema: {
        tags,
        summary: 'Stop keeping records, by recordId(s) or favoritesId(s) (open to frozen and lost accounts too)',
        body: CancelFavouriteRequest,
        response: { 200: apiResponse(CancelFavouriteResponse) },
      },
    },
    async (req) => {
      const data = await favourites.cancel(req.tenant.id, requireReader(req), req.body);
      return okSaying(req.lang, data, 'favouriteCancelled');
    },
  );

  r.get(
    ApiPath.favoritesList,
    {
      schema: {
        tags,
        summary: "The reader's favourites, newest first, as result-list rows",
        querystring: FavouriteListQuery,
        response: { 200: apiResponse(FavouritePage) },
      },
    },
    async (req) => ok(req.lang, await favourites.list(req.tenant.id, requireReader(req), req.lang, req.query)),
  );
}
