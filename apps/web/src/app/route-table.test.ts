import { describe, expect, it } from 'vitest';
import { isReservedMappingPath } from '@openfind/contract';
import { matchRouteDef } from './match-route';
import { NEW_WINDOW_PATHS, OWN_TOP_SEGMENTS, PERSONAL_EXTERNAL_KEYS, ROUTE_TABLE } from './route-table';

/** One concrete URL for every route of the spec's route table (§2). */
const SPEC_URLS: Array<[string, string]> = [
  ['/Home', 'home'],
  ['/home', 'home'],
  ['/advanceSearch', 'advancedSearch'],
  ['/searchList', 'searchResults'],
  ['/chaoXingSearchList', 'chaoXingSearch'],
  ['/chaoXingSearchDetail', 'chaoXingDetails'],
  ['/otherSearchList', 'otherSearch'],
  ['/otherSearchList2', 'otherSearch'],
  ['/categorySearchList', 'categorySearch'],
  ['/searchList/otherPaperDetail', 'otherPaperDetails'],
  ['/searchList/bookDetailsmyFav/myFav', 'favouriteRecord'],
  ['/myFav', 'favourites'],
  ['/searchListExternal/title/中华书局/2', 'externalSearch'],
  ['/searchListExternal/title/中华书局/2/1', 'externalSearch'],
  ['/searchListExternal/title//2', 'externalSearch'],
  ['/searchListResource/title/x/2', 'resourceSearch'],
  ['/searchListResource/title/x/2/3', 'resourceSearch'],
  ['/searchList/bookDetails/123', 'recordDetails'],
  ['/searchList/bookDetails/123/1', 'recordDetails'],
  ['/dataBaseNav', 'databases'],
  ['/dataBaseNav/details/9', 'databaseDetails'],
  ['/newDataBase', 'newDatabases'],
  ['/newDataBase/details/9', 'newDatabaseDetails'],
  ['/magazineNav', 'journals'],
  ['/magazineNavDetail', 'journalDetails'],
  ['/specialNav', 'specialNavigation'],
  ['/specialNav/3', 'specialNavigation'],
  ['/bookListNav', 'bookLists'],
  ['/elecBook', 'eBooks'],
  ['/collectionNav', 'collections'],
  ['/collectionNavDetail', 'collectionDetails'],
  ['/specialBaseNav', 'specialLibraries'],
  ['/specialBaseNav/specialBaseDetail', 'specialLibraryDetails'],
  ['/specialBaseNav/childBaseList', 'specialLibraryChildren'],
  ['/specialBaseDetail/1', 'specialLibraryDetails'],
  ['/specialBaseDetail/1/2', 'specialLibraryDetails'],
  ['/departmentList', 'departments'],
  ['/departmentHome', 'departmentHome'],
  ['/researcher', 'researchers'],
  ['/researcherDetail', 'researcherDetails'],
  ['/schoolBaseNav', 'schoolTheses'],
  ['/courseReference', 'courseReferences'],
  ['/courseReferenceDetail', 'courseReferenceDetails'],
  ['/courseBookResource', 'courseBooks'],
  ['/courseBookDetail', 'courseBookDetails'],
  ['/collect', 'hotCollections'],
  ['/readRange', 'hotBorrowing'],
  ['/grade', 'hotRatings'],
  ['/hotBook', 'hotBooks'],
  ['/newBookInform', 'newBooks'],
  ['/bookDonate', 'bookDonation'],
  ['/bookDonate/detail', 'bookDonationDetails'],
  ['/donate', 'donate'],
  ['/drivePurchas', 'readerPurchasing'],
  ['/drivePurList', 'purchasingList'],
  ['/drivePurDetails', 'purchasingDetails'],
  ['/drivePurCart', 'purchasingCart'],
  ['/drivePurSettle', 'purchasingSettlement'],
  ['/drivePurLogistic', 'purchasingLogistics'],
  ['/drivePurUser', 'purchasingUser'],
  ['/aiSearch', 'aiSearch'],
  ['/personalCenter', 'myLibrary'],
  ['/customTabs', 'customTabs'],
  ['/personalCenter/customTabs', 'customTabs'],
  ['/personalCenter/freeOrder', 'freeOrder'],
  ['/personalCenter/bookListDetails', 'bookListDetails'],
  ['/personalExternal/5', 'myLibrary'],
  ['/login', 'login'],
  ['/bindAccount', 'bindAccount'],
  ['/bindUid', 'bindUid'],
  ['/relevanceUid', 'relevanceUid'],
  ['/forceBinding', 'forceBinding'],
  ['/modifyPassword', 'modifyPassword'],
  ['/resetPassword', 'resetPassword'],
  ['/loginExternal/abc.def/jwtOpacAuth', 'loginExternal'],
  ['/privacy', 'privacy'],
  ['/oldPrivacy', 'oldPrivacy'],
  ['/previewPdf/1/2', 'previewPdf'],
  ['/digitalLibrary', 'digitalLibrary'],
];

describe('route table', () => {
  it.each(SPEC_URLS)('registers %s', (url, feature) => {
    expect(matchRouteDef(url)?.feature).toBe(feature);
  });

  it('matches paths case-insensitively, as the product links vary in case', () => {
    expect(matchRouteDef('/HOME')?.page).toBe('home');
  });

  it('has no route for unknown paths (they redirect to /Home)', () => {
    expect(matchRouteDef('/nowhere')).toBeNull();
    expect(matchRouteDef('/searchList/bookDetails')).toBeNull();
  });

  it('shows the login and binding screens without the shell', () => {
    const bare = ROUTE_TABLE.filter((r) => r.layout === 'bare').map((r) => r.path);
    expect(bare.sort()).toEqual(['/bindAccount', '/bindUid', '/login', '/relevanceUid']);
  });

  it('opens /drivePurchas in a new window without the header', () => {
    expect(NEW_WINDOW_PATHS).toEqual(['/drivePurchas']);
  });

  it('knows the personal-centre entries reachable from outside', () => {
    expect(PERSONAL_EXTERNAL_KEYS).toEqual(['4', '5', '6', '7', '8', '10', '11', '14']);
  });

  it('reserves every top-level route name against tenant paths', () => {
    expect(OWN_TOP_SEGMENTS).toEqual(
      expect.arrayContaining(['Home', 'home', 'searchList', 'login', 'personalExternal', 'drivePurchas']),
    );
    expect(new Set(OWN_TOP_SEGMENTS).size).toBe(OWN_TOP_SEGMENTS.length);
  });

  it('knows every top-level route of the app as reserved, so no institution can shadow one', () => {
    for (const segment of OWN_TOP_SEGMENTS) expect(isReservedMappingPath(segment), segment).toBe(true);
  });
});
