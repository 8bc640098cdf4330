import type { FastifyInstance } from 'fastify';
import { FavouriteCalls } from '@openfind/contract';
import { ok, okSaying } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import type { Services } from '../../services.js';
import { requireActiveReader, requireReader } from '../auth/session-context.js';

/**
 * A logged-in reader's favourites (401 for visitors): records kept in folders (`/find/favorites/*`,
 * `/find/record/addmyfav`) and electronic resources (`/find/eFavorites/*`). Each call acts on the
 * session's reader only. Keeping something new is refused to a frozen account or a lost card;
 * listing, moving, removing and the folders themselves stay open to them.
 */
export function registerFavouriteRoutes(app: FastifyInstance, services: Services): void {
  const favourites = services.favourites;

  route(app, FavouriteCalls.addMyFav, async (req) => {
    const reader = await requireActiveReader(req, services, 'favourite');
    const data = await favourites.add(req.tenant.id, reader.id, req.body.recordId, req.body.favoritesId);
    return okSaying(req.lang, data, data.added ? 'favouriteAdded' : 'favouriteKept');
  });

  route(app, FavouriteCalls.favoritesCancel, async (req) => {
    const data = await favourites.cancel(req.tenant.id, requireReader(req), req.body);
    return okSaying(req.lang, data, 'favouriteCancelled');
  });

  route(app, FavouriteCalls.favoritesList, async (req) =>
    ok(req.lang, await favourites.folders(req.tenant.id, requireReader(req))),
  );

  route(app, FavouriteCalls.favoritesRecordList, async (req) =>
    ok(req.lang, await favourites.records(req.tenant.id, requireReader(req), req.lang, req.body)),
  );

  route(app, FavouriteCalls.favoritesAdd, async (req) =>
    okSaying(
      req.lang,
      await favourites.createFolder(req.tenant.id, requireReader(req), req.body.favoritesName),
      'favouriteFolderCreated',
    ),
  );

  route(app, FavouriteCalls.favoritesUpdate, async (req) =>
    okSaying(req.lang, await favourites.renameFolder(req.tenant.id, requireReader(req), req.body), 'favouriteEdited'),
  );

  route(app, FavouriteCalls.favoritesDelete, async (req) =>
    okSaying(
      req.lang,
      await favourites.deleteFolder(req.tenant.id, requireReader(req), req.body.favoritesId),
      'favouriteDeleted',
    ),
  );

  route(app, FavouriteCalls.favoritesMove, async (req) =>
    okSaying(req.lang, await favourites.move(req.tenant.id, requireReader(req), req.body), 'favouriteFolderSwitched'),
  );

  route(app, FavouriteCalls.favoritesExport, async (req) =>
    ok(req.lang, await favourites.exportFolder(req.tenant.id, requireReader(req), req.lang, req.query.favoritesId)),
  );

  route(app, FavouriteCalls.eFavoritesAdd, async (req) => {
    const reader = await requireActiveReader(req, services, 'favourite');
    const data = await favourites.addE(req.tenant.id, reader.id, req.body.collectionId);
    return okSaying(req.lang, data, data.added ? 'favouriteAdded' : 'favouriteKept');
  });

  route(app, FavouriteCalls.eFavoritesCancel, async (req) =>
    okSaying(req.lang, await favourites.cancelE(req.tenant.id, requireReader(req), req.body), 'favouriteCancelled'),
  );

  route(app, FavouriteCalls.eFavoritesList, async (req) =>
    ok(req.lang, await favourites.listE(req.tenant.id, requireReader(req), req.lang, req.query)),
  );

  route(app, FavouriteCalls.eFavoritesIds, async (req) =>
    ok(req.lang, await favourites.eIds(req.tenant.id, requireReader(req))),
  );
}
