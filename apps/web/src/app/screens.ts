import { lazy } from 'react';
import type { ComponentType } from 'react';
import type { RoutePage } from './route-table';

type ScreenProps = { feature: string };
type Loader = () => Promise<{ default: ComponentType<ScreenProps> }>;

/** Each kind of screen is its own chunk, loaded when first visited (or preloaded at start-up). */
export const SCREEN_LOADERS: Record<RoutePage, Loader> = {
  home: () => import('../features/home/pages/HomePage').then((m) => ({ default: m.HomePage })),
  placeholder: () =>
    import('../features/placeholder/pages/NotAvailablePage').then((m) => ({ default: m.NotAvailablePage })),
  externalSearch: () => import('./routes/ExternalSearchRoute').then((m) => ({ default: m.ExternalSearchRoute })),
  personalExternal: () => import('./routes/PersonalExternalRoute').then((m) => ({ default: m.PersonalExternalRoute })),
  aiSearch: () => import('./routes/AiSearchRoute').then((m) => ({ default: m.AiSearchRoute })),
};

/** The lazy screen components, one per kind of screen. */
export const SCREENS: Record<RoutePage, ComponentType<ScreenProps>> = {
  home: lazy(SCREEN_LOADERS.home),
  placeholder: lazy(SCREEN_LOADERS.placeholder),
  externalSearch: lazy(SCREEN_LOADERS.externalSearch),
  personalExternal: lazy(SCREEN_LOADERS.personalExternal),
  aiSearch: lazy(SCREEN_LOADERS.aiSearch),
};
