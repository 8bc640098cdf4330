// No imports: shared by the web app's tenant detection and the server's tenant validation.

/**
 * First path segments of the web app's own routes (spec §2 route table) and of server paths.
 * A tenant's mapping path can be none of these, or `/<mappingPath>/Home` would be ambiguous.
 */
export const RESERVED_MAPPING_PATHS: readonly string[] = [
  // web app routes
  'Home',
  'home',
  'advanceSearch',
  'searchList',
  'chaoXingSearchList',
  'chaoXingSearchDetail',
  'otherSearchList',
  'otherSearchList2',
  'categorySearchList',
  'myFav',
  'searchListExternal',
  'searchListResource',
  'dataBaseNav',
  'newDataBase',
  'magazineNav',
  'magazineNavDetail',
  'specialNav',
  'bookListNav',
  'elecBook',
  'collectionNav',
  'collectionNavDetail',
  'digitalLibrary',
  'specialBaseNav',
  'specialBaseDetail',
  'departmentList',
  'departmentHome',
  'researcher',
  'researcherDetail',
  'schoolBaseNav',
  'courseReference',
  'courseReferenceDetail',
  'courseBookResource',
  'courseBookDetail',
  'collect',
  'readRange',
  'grade',
  'hotBook',
  'newBookInform',
  'bookDonate',
  'donate',
  'drivePurchas',
  'drivePurList',
  'drivePurDetails',
  'drivePurCart',
  'drivePurSettle',
  'drivePurLogistic',
  'drivePurUser',
  'aiSearch',
  'personalCenter',
  'customTabs',
  'personalExternal',
  'forceBinding',
  'modifyPassword',
  'resetPassword',
  'loginExternal',
  'privacy',
  'oldPrivacy',
  'previewPdf',
  'login',
  'bindAccount',
  'bindUid',
  'relevanceUid',
  // the staff console (issue 28)
  'admin',
  // server paths and files
  'assets',
  'index.html',
  'find',
  'oga',
  'api',
  'health',
  // the open interfaces (issue 30): `/oai`, `/opensearch/…`, `/feeds/…` of the default institution
  'oai',
  'opensearch',
  'feeds',
];

const RESERVED = new Set(RESERVED_MAPPING_PATHS.map((s) => s.toLowerCase()));

/** Whether `segment` (compared without case) is reserved and so can be no tenant's mapping path. */
export function isReservedMappingPath(segment: string): boolean {
  return RESERVED.has(segment.toLowerCase());
}
