import { Calls } from './calls.js';
import { pathsOf } from './endpoint.js';

/**
 * Paths of the calls built so far, by name. Those of the table of calls (calls.ts) come from it; the
 * rest are listed here until their modules declare them there.
 */
export const ApiPath = {
  ...pathsOf(Calls),
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
  search: '/find/unify/search',
  indexSearch: '/find/unify/indexSearch',
  advancedSearch: '/find/unify/advancedSearch',
  twiceSearch: '/find/unify/twiceSearch',
  searchForDetail: '/find/unify/searchForDetail',
  itemCounts: '/find/unify/getPItemAndOnShelfCountAndDuxiuImageUrl',
  spellKeyWord: '/find/index/spellKeyWord',
  getKeyWord: '/find/index/getKeyWord',
  popularSearchGet: '/find/popularSearch/get',
  popularSearchAdd: '/find/popularSearch/add',
  popularSearchTopTen: '/find/popularSearch/getTopTen',
  searchHistory: '/find/userInfo/searchHistory',
  updateSearchHistory: '/find/userInfo/updateSearchHistory',
  classificaList: '/find/category/classifica/list',
  // Discovery (issue 5): record details, holdings, home lists, ratings and comments.
  // Accounts and sessions (issue 6).
  verifyCodeImg: '/oga/verifycode/img',
  login: '/oga/login',
  logout: '/oga/logout',
  logoutForExternal: '/oga/logoutForExternal',
  userInfo: '/oga/userinfo',
  forceModify: '/oga/forceModify',
  checkImgCode: '/find/getPassword/checkImgCode',
  checkUser: '/find/getPassword/checkUser',
  sendPhoneCode: '/find/getPassword/sendPhonenumber',
  findCodeTimes: '/find/getPassword/findCodeTimes',
  checkPhoneCode: '/find/getPassword/checkPhonenumber',
  sendMailCode: '/find/getPassword/sendMailCode',
  findMailCodeTimes: '/find/getPassword/findMailCodeTimes',
  checkMailCode: '/find/getPassword/checkMailCode',
  updateUserPassword: '/find/getPassword/updateUserPassword',
  resetPhone: '/find/getPassword/resetPhone',
  findChangeBindTimes: '/find/getPassword/findChangeBindTimes',
  updateUserMailAndPhone: '/find/bindMailAndPhone/updateUserMailAndPhone',
  /** OpenFind addition: send a code to the new phone or e-mail before binding it. */
  sendBindCode: '/find/bindMailAndPhone/sendBindCode',
  mailPhoneStatus: '/find/bindMailAndPhone/getMailAndPhoneStatus',
  getFirstLoginFlag: '/find/userInfo/getFirstLoginFlag',
  updateFirstLoginFlag: '/find/userInfo/updateFirstLoginFlag',
  userLibList: '/find/userInfo/getUserLibList',
  changeUserLib: '/find/userInfo/changeUserLib',
  /** OpenFind additions: the CAS client (browser redirects) and the external-JWT entry. */
  casLogin: '/oga/cas/login',
  casCallback: '/oga/cas/callback',
  loginExternal: '/oga/loginExternal',
  otherLogin: '/oga/otherLogin',
  userBind: '/oga/userBind',
  ssoOpac: '/oga/ssoOpac',
  passportRelevance: '/oga/passportRelevanceLspUser',
} as const;

/** Third-party content calls (answered by the configured providers; empty with none). */
export const ExternalContentPath = {
  getDuxiuEBook: '/find/searchResultDetail/getDuxiuEBook',
  getDuxiuTryRead: '/find/searchResultDetail/getDuxiuTryRead',
  getJdRes: '/find/searchResultDetail/getJdRes',
  getCadalRes: '/find/searchResultDetail/getCadalRes',
  getCxzxRes: '/find/searchResultDetail/getCxzxRes',
  getcxzxEBook: '/find/searchResultDetail/getcxzxEBook',
  getBookInfoFromLanBo: '/find/searchResultDetail/getBookInfoFromLanBo',
} as const;

/** POST third-party content calls. */
export const ExternalContentPostPath = {
  wos: '/find/searchResultDetail/wos',
  getBookinfo: '/find/searchResultDetail/getBookinfo',
  getBookInfoFromJd: '/find/searchResultDetail/getBookInfoFromJd',
  getBookInfoFromCxCkb: '/find/searchResultDetail/getBookInfoFromCxCkb',
  getCatalog: '/find/searchResultDetail/getCatalog',
  getLianTuCD: '/find/searchResultDetail/getLianTuCD',
} as const;
