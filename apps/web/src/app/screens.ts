import type { ComponentType } from 'react';
import { withAntd } from '../lib/antd';
import { lazyWithPreload } from '../lib/lazy-preload';
import type { PreloadableComponent } from '../lib/lazy-preload';
import type { RoutePage } from './route-table';

type ScreenProps = { feature: string };
type Loader = () => Promise<{ default: ComponentType<ScreenProps> }>;

/** Each kind of screen is its own chunk, loaded when first visited (or preloaded at start-up). */
const SCREEN_LOADERS: Record<RoutePage, Loader> = {
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
  myLibrary: () => import('../features/my-library/pages/MyLibraryPage').then((m) => ({ default: m.MyLibraryPage })),
  personalExternal: () => import('./routes/PersonalExternalRoute').then((m) => ({ default: m.PersonalExternalRoute })),
  aiSearch: () => import('./routes/AiSearchRoute').then((m) => ({ default: m.AiSearchRoute })),
  donation: () => import('../features/donations/pages/DonationPage').then((m) => ({ default: m.DonationPage })),
  subjectServices: () =>
    import('../features/subject-services/pages/SubjectServicesPage').then((m) => ({ default: m.SubjectServicesPage })),
  courses: () => import('../features/courses/pages/CoursesPage').then((m) => ({ default: m.CoursesPage })),
  bookLists: () => import('../features/book-lists/pages/BookListsPage').then((m) => ({ default: m.BookListsPage })),
  collections: () =>
    import('../features/collections/pages/CollectionsPage').then((m) => ({ default: m.CollectionsPage })),
  databases: () => import('../features/databases/pages/DatabasesPage').then((m) => ({ default: m.DatabasesPage })),
  journals: () => import('../features/journals/pages/JournalsPage').then((m) => ({ default: m.JournalsPage })),
  login: () => import('../features/auth/pages/LoginPage').then((m) => ({ default: m.LoginPage })),
  loginExternal: () =>
    import('../features/auth/pages/LoginExternalPage').then((m) => ({ default: m.LoginExternalPage })),
  account: () => import('../features/account/pages/AccountPage').then((m) => ({ default: m.AccountPage })),
};

/**
 * Screens that use no Ant Design: they load without it (the home page is the one most readers open
 * first). The others load Ant Design's provider and locale with their chunk (`lazyAntd`).
 */
const SCREENS_WITHOUT_ANTD: ReadonlySet<RoutePage> = new Set(['home', 'myLibrary', 'personalExternal']);
/**
 * Screens that paint first without Ant Design and load their Ant Design parts themselves, each in its
 * own provider (the results page: its rows show before the search bar, toolbar and filters arrive).
 */
const SCREENS_WITH_ANTD_PARTS: ReadonlySet<RoutePage> = new Set(['searchResults', 'categorySearch', 'record']);

/** Each screen as a lazy component with its loader (Ant Design's provider too, for the screens that need it first). */
const PRELOADABLE = (() => {
  const screens = {} as Record<RoutePage, PreloadableComponent<ScreenProps>>;
  for (const page of Object.keys(SCREEN_LOADERS) as RoutePage[]) {
    const isPlain = SCREENS_WITHOUT_ANTD.has(page) || SCREENS_WITH_ANTD_PARTS.has(page);
    screens[page] = lazyWithPreload(isPlain ? SCREEN_LOADERS[page] : withAntd(SCREEN_LOADERS[page]));
  }
  return screens;
})();

/** The lazy screen components, one per kind of screen; a screen already loaded renders without suspending. */
export const SCREENS = (() => {
  const screens = {} as Record<RoutePage, ComponentType<ScreenProps>>;
  for (const page of Object.keys(PRELOADABLE) as RoutePage[]) screens[page] = PRELOADABLE[page].Component;
  return screens;
})();

/** Loads a screen's code (and Ant Design's provider, for the screens that need it first). */
export function preloadScreen(page: RoutePage): Promise<unknown> {
  return PRELOADABLE[page].preload();
}
