/** Namespaces of the web app; every language has each of them. */
export const NAMESPACES = [
  'common',
  'menu',
  'home',
  'placeholder',
  'tenant',
  'record',
  'lists',
  'search',
  'auth',
  'account',
  'myLibrary',
  'admin',
  'adminModeration',
  'adminContent',
  'adminLibraries',
  'adminCatalogue',
  'adminRequests',
  'adminReaders',
  'adminReports',
  'adminSite',
  'donations',
  'subjects',
  'adminDonations',
  'recommend',
  'adminRecommend',
  'inbox',
  'adminNotices',
  'feedback',
  'adminFeedback',
  'adminEResources',
  'favourites',
  'surveys',
  'adminSurveys',
  'bookLists',
  'accountClosing',
  'subscriptions',
  'docDelivery',
  'adminDocDelivery',
  'collections',
  'databases',
  'courses',
  'journals',
  'adminCourses',
  'adminCollections',
  'adminHomeNav',
  'adminResearchers',
] as const;

export type Namespace = (typeof NAMESPACES)[number];

/**
 * Namespaces loaded with the screens that use them (loadNamespace), not at start-up: the login,
 * account, record, My Library and "not available yet" texts are not needed to show the home page (initial
 * JavaScript budget).
 */
export const LAZY_NAMESPACES = [
  'auth',
  'account',
  'placeholder',
  'record',
  'myLibrary',
  // The staff console's texts: loaded with its chunks only (readers never load them).
  'admin',
  'adminModeration',
  'adminContent',
  'adminLibraries',
  'adminCatalogue',
  'adminRequests',
  'adminReaders',
  'adminReports',
  'adminSite',
  // The console's course reading lists (its screen) and special collections (the content screen's tab).
  'adminCourses',
  'adminCollections',
  // The console's home page navigation screen (usage, fixed icons).
  'adminHomeNav',
  // The console's researchers and the decisions on their works.
  'adminResearchers',
  // Document delivery: My Library's panel (key 19); the console's settings and requests.
  'docDelivery',
  'adminDocDelivery',
  // Book donations: the public pages, the form and My Library's panel; the staff queue.
  'donations',
  // Subject services: departments, researchers, theses (their screens' chunk).
  'subjects',
  // Special collections, special libraries, topics, e-books, book-list navigation (their screen's chunk).
  'collections',
  // Databases navigation (/dataBaseNav, /newDataBase): their screen's chunk.
  'databases',
  // Course reading lists: their screens' chunk and My Library's panel (key 16).
  'courses',
  'adminDonations',
  // Resource recommendations: My Library's panel (key 6, /personalCenter/freeOrder); the staff queue.
  'recommend',
  'adminRecommend',
  // My Library's inbox (its panel's chunk) and the console's notices tab.
  'inbox',
  'adminNotices',
  // Problem feedback and e-questions: My Library's panel (key 12); the console's queue.
  'feedback',
  'adminFeedback',
  // The console's databases and e-resources screen and its navigation-fields dialog.
  'adminEResources',
  // My Library's favourites (key 2, /myFav): its panel's chunk.
  'favourites',
  // Questionnaires: My Library's panel (key 10); the console's content tab.
  'surveys',
  'adminSurveys',
  // Readers' book lists: their screen (/personalCenter/bookListDetails) and the record page's dialog.
  'bookLists',
  // Account closing and the data download: My Library's panel (key 14) and personal information's button.
  'accountClosing',
  // Subscriptions and alerts: My Library's panel (key 3) and the results page's subscribe button.
  'subscriptions',
  // Journal navigation: its screens (/magazineNav, /magazineNavDetail).
  'journals',
] as const satisfies readonly Namespace[];
export type LazyNamespace = (typeof LAZY_NAMESPACES)[number];
