import { Calls } from './calls.js';
import { pathsOf } from './endpoint.js';

/**
 * Paths of the calls built so far, by name. Those of the table of calls (calls.ts) come from it; the
 * rest are listed here until their modules declare them there.
 */
export const ApiPath = {
  ...pathsOf(Calls),
  // Discovery (issue 5): record details, holdings, home lists, ratings and comments.
  getDetail: '/find/searchResultDetail/getDetail',
  getBookDetail: '/find/searchResultDetail/getBookDetail',
  getQrCode: '/find/searchResultDetail/getQrCode',
  recordStatistics: '/find/searchResultDetail/statistics',
  getLoanAnalysis: '/find/searchResultDetail/getLoanAnalysis',
  getAuthorInfo: '/find/searchResultDetail/getAuthorInfo',
  getNearTenYearLoan: '/find/loanInfo/getNearTenYearLoan',
  groupItems: '/find/physical/groupitems',
  groupItemsByLibCode: '/find/physical/groupItemsByLibCode',
  shelfNos: '/find/physical/shelfNos',
  getDItems: '/find/dItem/getDItems',
  contiItemList: '/find/contiItem/list',
  getAttachmentList: '/find/attachment/getAttachmentList',
  getHotLoan: '/find/index/getHotLoan',
  getNewBook: '/find/index/getNewBook',
  getHotCollection: '/find/index/getHotCollection',
  getNewCollection: '/find/index/getNewCollection',
  getTryCollection: '/find/index/getTryCollection',
  getDiscipline: '/find/index/getDiscipline',
  getLibrary: '/find/index/getLibrary',
  indexBookList: '/find/index/bookList',
  indexHotBookList: '/find/bookList/indexHotBookList',
  searchDonateNews: '/find/donate/searchDonateNews',
  userRatings: '/find/findUserEvaluation/userRatings',
  getUserScore: '/find/findUserEvaluation/getUserScore',
  userCommentList: '/find/findUserEvaluation/userCommentList',
  userComment: '/find/findUserEvaluation/userComment',
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
