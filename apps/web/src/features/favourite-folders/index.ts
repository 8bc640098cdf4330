import { lazy } from 'react';

/**
 * My Library's favourites (key 2, /myFav): folders, their records, e-favourites. A feature of its own
 * so that the results and record pages, which load `features/favourites` for their favourite button,
 * carry nothing of it: the panel is its own chunk with its texts, loaded when the entry is opened.
 */
export const FavouritesPanel = lazy(() => import('./components/FavouritesPanel'));
