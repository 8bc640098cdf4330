import { lazy } from 'react';
import type { ComponentType } from 'react';
import { lazyAntd } from '../lib/antd';
import type { RoutePage } from './route-table';

type ScreenProps = { feature: string };
type Loader = () => Promise<{ default: ComponentType<ScreenProps> }>;

/** Each kind of screen is its own chunk, loaded when first visited (or preloaded at start-up). */
export const SCREEN_LOADERS: Record<RoutePage, Loader> = {
  home: () => import('../features/home/pages/HomePage').then((m) => ({ default: m.HomePage })),
  placeholder: () =>
    import('../features/placeholder/pages/NotAvailablePage').then((m) => ({ default: m.NotAvailablePage })),
  searchResults: () =>
    import('../features/search/pages/SearchResultsPage').then((m) => ({ default: m.SearchListPage })),
  categorySearch: () =>
    import('../features/search/pages/SearchResultsPage').then((m) => ({ default: m.CategorySearchPage })),
  advancedSearch: () =>
    import('../features/search/pages/AdvancedSearchPage').then((m) => ({ default: m.AdvancedSearchPage })),
  externalSearch: () =>
    import('../features/search/pages/ExternalSearchPage').then((m) => ({ default: m.ExternalSearchPage })),
  resourceSearch: () =>
    import('../features/search/pages/ExternalSearchPage').then((m) => ({ default: m.ResourceSearchPage })),
  record: () => import('../features/record/pages/RecordPage').then((m) => ({ default: m.RecordPage })),
  list: () => import('../features/lists/pages/ListPage').then((m) => ({ default: m.ListPage })),
  personalExternal: () => import('./routes/PersonalExternalRoute').then((m) => ({ default: m.PersonalExternalRoute })),
  aiSearch: () => import('./routes/AiSearchRoute').then((m) => ({ default: m.AiSearchRoute })),
  login: () => import('../features/auth/pages/LoginPage').then((m) => ({ default: m.LoginPage })),
  loginExternal: () =>
    import('../features/auth/pages/LoginExternalPage').then((m) => ({ default: m.LoginExternalPage })),
  account: () => import('../features/account/pages/AccountPage').then((m) => ({ default: m.AccountPage })),
};

/**
 * Screens that use no Ant Design: they load without it (the home page is the one most readers open
 * first). The others load Ant Design's provider and locale with their chunk (`lazyAntd`).
 */
const SCREENS_WITHOUT_ANTD: ReadonlySet<RoutePage> = new Set(['home']);
/**
 * Screens that paint first without Ant Design and load their Ant Design parts themselves, each in its
 * own provider (the results page: its rows show before the search bar, toolbar and filters arrive).
 */
const SCREENS_WITH_ANTD_PARTS: ReadonlySet<RoutePage> = new Set(['searchResults', 'categorySearch', 'record']);

/** Whether a screen needs Ant Design before it can show anything (its provider is then fetched at start). */
export function needsAntdFirst(page: RoutePage): boolean {
  return !SCREENS_WITHOUT_ANTD.has(page) && !SCREENS_WITH_ANTD_PARTS.has(page);
}

/** The lazy screen components, one per kind of screen. */
export const SCREENS = (() => {
  const screens = {} as Record<RoutePage, ComponentType<ScreenProps>>;
  for (const page of Object.keys(SCREEN_LOADERS) as RoutePage[]) {
    const isPlain = SCREENS_WITHOUT_ANTD.has(page) || SCREENS_WITH_ANTD_PARTS.has(page);
    screens[page] = isPlain ? lazy(SCREEN_LOADERS[page]) : lazyAntd(SCREEN_LOADERS[page]);
  }
  return screens;
})();
