/** Paths of the calls built so far; web and server both use these names. */
export const ApiPath = {
  getGroupCode: '/find/homePage/getGroupCode',
  getFindConfig: '/find/findConfig/getFindConfig',
  getMenuList: '/find/findConfig/getMenuList',
  getLogoUrl: '/find/findConfig/getLogoUrl',
  getLogoPara: '/find/findConfig/getLogoPara',
  getLibraryList: '/find/findConfig/getLibraryList',
  getLibs: '/oga/opaclibcode/getlibs',
  saveLastLibCode: '/oga/opaclibcode/savelastlibcode',
  institutionGet: '/find/institution/get',
  institutionGetByParaCode: '/find/institution/getByParaCode',
  dict: '/find/groupResource/dict',
  searchFieldParaList: '/find/groupResource/getFindOpacSearchFieldParaList',
  conditionList: '/find/category/getConditionList',
  locationDict: '/find/location/dict',
  locationList: '/find/location/list',
} as const;
