import { lazy } from 'react';

/**
 * Book donations: the screens are loaded by the route table (app/screens.ts); My Library's panel
 * (key 11) is its own chunk, loaded when the entry is opened.
 */
export const DonationsPanel = lazy(() => import('./components/DonationsPanel'));
