/** How a screen is rendered. */
export type RoutePage =
  | 'home'
  | 'placeholder'
  | 'searchResults'
  | 'categorySearch'
  | 'advancedSearch'
  | 'externalSearch'
  | 'resourceSearch'
  | 'record'
  | 'list'
  | 'personalExternal'
  | 'myLibrary'
  | 'aiSearch'
  | 'donation'
  | 'subjectServices'
  | 'courses'
  | 'bookLists'
  | 'collections'
  | 'databases'
  | 'journals'
  | 'login'
  | 'loginExternal'
  | 'account';

/** One entry of the route table of spec §2. */
export type RouteDef = {
  path: string;
  /** Names the screen: the key under 'features' in the placeholder namespace. */
  feature: string;
  page: RoutePage;
  /** 'bare' screens are shown without the header and footer (spec §2: login and binding screens). */
  layout: 'shell' | 'bare';
  /** Opened from menus in a new window, with the header hidden (spec §2: /drivePurchas). */
  newWindow?: boolean;
};

type Spec = [path: string, feature: string, page?: RoutePage];

const shell = (entries: Spec[]): RouteDef[] =>
  entries.map(([path, feature, page = 'placeholder']) => ({ path, feature, page, layout: 'shell' }));

/** Personal-centre entries reachable as /personalExternal/{n} (spec §2). */
export const PERSONAL_EXTERNAL_KEYS = ['4', '5', '6', '7', '8', '10', '11', '14'] as const;

/** Every route of the spec's route table, plus /digitalLibrary (menu entry of spec §1). */
export const ROUTE_TABLE: readonly RouteDef[] = [
  ...shell([
    ['/Home', 'home', 'home'],
    ['/home', 'home', 'home'],
    // Search
    ['/advanceSearch', 'advancedSearch', 'advancedSearch'],
    ['/searchList', 'searchResults', 'searchResults'],
    ['/chaoXingSearchList', 'chaoXingSearch'],
    ['/chaoXingSearchDetail', 'chaoXingDetails'],
    ['/otherSearchList', 'otherSearch'],
    ['/otherSearchList2', 'otherSearch'],
    ['/categorySearchList', 'categorySearch', 'categorySearch'],
    ['/searchList/otherPaperDetail', 'otherPaperDetails'],
    // Favourites (My Library key 2) as a page of their own.
    ['/searchList/bookDetailsmyFav/myFav', 'favouriteRecord', 'myLibrary'],
    ['/myFav', 'favourites', 'myLibrary'],
    // {searchType}/{keyword}/{matchType}[/{docType}], the empty-keyword form and the earlier
    // {keyword}/{matchType}/{docType}: one splat, read by features/search/external-path.ts.
    ['/searchListExternal/*', 'externalSearch', 'externalSearch'],
    ['/searchListResource/:searchType/:keyword/:matchType/:resourceType?', 'resourceSearch', 'resourceSearch'],
    ['/searchList/bookDetails/:id/:type?', 'recordDetails', 'record'],
    // Navigation
    ['/dataBaseNav', 'databases', 'databases'],
    ['/dataBaseNav/details/:id', 'databaseDetails', 'databases'],
    ['/newDataBase', 'newDatabases', 'databases'],
    ['/newDataBase/details/:recordId', 'newDatabaseDetails', 'databases'],
    ['/magazineNav', 'journals', 'journals'],
    ['/magazineNavDetail', 'journalDetails', 'journals'],
    ['/specialNav/:id?', 'specialNavigation', 'collections'],
    ['/bookListNav', 'bookLists', 'collections'],
    ['/elecBook', 'eBooks', 'collections'],
    ['/collectionNav', 'collections', 'collections'],
    ['/collectionNavDetail', 'collectionDetails', 'collections'],
    ['/digitalLibrary', 'digitalLibrary'],
    // Special libraries
    ['/specialBaseNav', 'specialLibraries', 'collections'],
    ['/specialBaseNav/specialBaseDetail', 'specialLibraryDetails', 'collections'],
    ['/specialBaseNav/childBaseList', 'specialLibraryChildren', 'collections'],
    ['/specialBaseDetail/:id/:twoId?', 'specialLibraryDetails', 'collections'],
    // Subject service
    ['/departmentList', 'departments', 'subjectServices'],
    ['/departmentHome', 'departmentHome', 'subjectServices'],
    ['/researcher', 'researchers', 'subjectServices'],
    ['/researcherDetail', 'researcherDetails', 'subjectServices'],
    ['/schoolBaseNav', 'schoolTheses', 'subjectServices'],
    ['/courseReference', 'courseReferences', 'courses'],
    ['/courseReferenceDetail', 'courseReferenceDetails', 'courses'],
    ['/courseBookResource', 'courseBooks', 'courses'],
    ['/courseBookDetail', 'courseBookDetails', 'courses'],
    // Recommendation and services
    ['/collect', 'hotCollections', 'list'],
    ['/readRange', 'hotBorrowing', 'list'],
    ['/grade', 'hotRatings', 'list'],
    ['/hotBook', 'hotBooks', 'list'],
    ['/newBookInform', 'newBooks', 'list'],
    ['/bookDonate', 'bookDonation', 'donation'],
    ['/bookDonate/detail', 'bookDonationDetails', 'donation'],
    ['/donate', 'donate', 'donation'],
    ['/drivePurList', 'purchasingList'],
    ['/drivePurDetails', 'purchasingDetails'],
    ['/drivePurCart', 'purchasingCart'],
    ['/drivePurSettle', 'purchasingSettlement'],
    ['/drivePurLogistic', 'purchasingLogistics'],
    ['/drivePurUser', 'purchasingUser'],
    // AI (only with the institution flag newAISearchFlag '1')
    ['/aiSearch', 'aiSearch', 'aiSearch'],
    // Personal
    ['/personalCenter', 'myLibrary', 'myLibrary'],
    ['/customTabs', 'customTabs'],
    ['/personalCenter/customTabs', 'customTabs'],
    ['/personalCenter/freeOrder', 'freeOrder', 'myLibrary'],
    ['/personalCenter/bookListDetails', 'bookListDetails', 'bookLists'],
    ['/personalExternal/:n', 'myLibrary', 'personalExternal'],
    // Account screens inside the shell
    ['/forceBinding', 'forceBinding', 'account'],
    ['/modifyPassword', 'modifyPassword', 'account'],
    ['/resetPassword', 'resetPassword', 'account'],
    ['/loginExternal/:jwt/:jwtHeader', 'loginExternal', 'loginExternal'],
    // Other
    ['/privacy', 'privacy', 'account'],
    ['/oldPrivacy', 'oldPrivacy', 'account'],
    ['/previewPdf/:id1/:id2', 'previewPdf'],
  ]),
  { path: '/drivePurchas', feature: 'readerPurchasing', page: 'placeholder', layout: 'shell', newWindow: true },
  { path: '/login', feature: 'login', page: 'login', layout: 'bare' },
  { path: '/bindAccount', feature: 'bindAccount', page: 'account', layout: 'bare' },
  { path: '/bindUid', feature: 'bindUid', page: 'account', layout: 'bare' },
  { path: '/relevanceUid', feature: 'relevanceUid', page: 'account', layout: 'bare' },
];

/** First path segments of the app's own routes: these are never tenant mapping paths. */
export const OWN_TOP_SEGMENTS: readonly string[] = [
  ...new Set(ROUTE_TABLE.map((r) => r.path.split('/')[1] ?? '').filter(Boolean)),
];

/** In-app paths that open in a new window from menus. */
export const NEW_WINDOW_PATHS: readonly string[] = ROUTE_TABLE.filter((r) => r.newWindow).map((r) => r.path);
