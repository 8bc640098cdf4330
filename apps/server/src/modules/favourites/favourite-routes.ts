import type { FastifyInstance } from 'fastify';
import { FavouriteCalls } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireActiveReader, requireReader } from '../auth/session-context.js';

/** A logged-in reader's favourites (401 for visitors). */
export function registerFavouriteRoutes(app: FastifyInstance, services: Services): void {
  const favourites = services.favourites;

  route(app, FavouriteCalls.addMyFav, async (req) => {
    const reader = await requireActiveReader(req, services, 'favourite');
    const data = await favourites.add(req.tenant.id, reader.id, req.body.recordId);
    return okSaying(req.lang, data, data.added ? 'favouriteAdded' : 'favouriteKept');
  });

  route(app, FavouriteCalls.favoritesCancel, async (req) => {
    const data = await favourites.cancel(req.tenant.id, requireReader(req), req.body);
    return okSaying(req.lang, data, 'favouriteCancelled');
  });

  route(app, FavouriteCalls.favoritesList, async (req) =>
    ok(req.lang, await favourites.list(req.tenant.id, requireReader(req), req.lang, req.query)),
  );
}
