/**
 * Entry by URL hash (spec §4): single sign-on and outside systems send readers to
 * `/#/Home?jwt=&jwtHeader=&pageType=0&navigation=1` (the form of the real product's hash router).
 * The same parameters are accepted in the query string of any page.
 */

/** What an entry link asks for. */
export type EntryLink = {
  /** The path written in the hash (`#/login?...` → '/login'), '' when none. */
  path: string;
  jwt: string;
  jwtHeader: string;
  pageType: string;
  recordId: string;
  searchType: string;
  keyword: string;
  matchType: string;
  docType: string;
  /** A single-sign-on identity to bind (bind-uid screen). */
  uid: string;
  /** An outside account to relate to a library account (relevance screen). */
  relevanceUid: string;
  libCode: string;
  /** A WeChat login code to exchange (the WeChat callback). */
  code: string;
  /** 'cas' when the unified-authentication round trip failed. */
  ssoError: string;
};

const KEYS = [
  'jwt',
  'jwtHeader',
  'pageType',
  'recordId',
  'searchType',
  'keyword',
  'matchType',
  'docType',
  'uid',
  'relevanceUid',
  'libCode',
  'code',
  'ssoError',
] as const;

const QUERY_KEYS = ['jwt', 'pageType', 'uid', 'relevanceUid', 'libCode', 'code', 'ssoError'] as const;

/**
 * Pages whose own query string holds `libCode`: there it is a library filter of the search (a
 * reloaded or shared search with a library chosen), not a library choice to store.
 */
const LIB_FILTER_PAGE = /\/(searchList|categorySearchList)\/?$/;

/**
 * Reads an entry link from the hash (first) or the query string of the page at `pathname`; null
 * when neither carries one.
 */
export function parseEntryLink(hash: string, search = '', pathname = ''): EntryLink | null {
  let path = '';
  let params = new URLSearchParams(search);
  const h = hash.replace(/^#/, '');
  if (h) {
    const q = h.indexOf('?');
    path = q < 0 ? h : h.slice(0, q);
    if (q >= 0) params = new URLSearchParams(h.slice(q + 1));
    else if (!path.startsWith('/')) return null;
  }
  const entry = { path: path.startsWith('/') ? path : '' } as EntryLink;
  for (const key of KEYS) entry[key] = params.get(key)?.trim() ?? '';
  if (!h) {
    // In a query string only the entry parameters count (a page's own parameters are left alone).
    if (LIB_FILTER_PAGE.test(pathname)) entry.libCode = '';
    return QUERY_KEYS.some((key) => entry[key]) ? entry : null;
  }
  return KEYS.some((key) => entry[key]) || entry.path ? entry : null;
}

/** pageType → personal-centre entry of /personalExternal/{n} (spec §4 table). */
const PERSONAL_PAGE: Record<string, string> = {
  '4': '4',
  '5': '5',
  '6': '6',
  '7': '7',
  '10': '10',
  '14': '14',
  '11': '8',
  '9': '11',
};

const seg = (s: string) => encodeURIComponent(s);

/** The in-app destination of a pageType (spec §4 "Entry by URL hash"); null for an unknown code. */
export function pageTypeDestination(
  entry: Pick<EntryLink, 'pageType' | 'recordId' | 'searchType' | 'keyword' | 'matchType'>,
): string | null {
  const { pageType, recordId } = entry;
  const personal = PERSONAL_PAGE[pageType];
  if (personal) return `/personalExternal/${personal}`;
  switch (pageType) {
    case '0':
      return '/personalCenter';
    case '8':
      return '/customTabs';
    case '101': {
      if (!entry.keyword) return '/searchList';
      const q = new URLSearchParams({ searchFieldContent: entry.keyword });
      if (entry.searchType) q.set('searchField', entry.searchType);
      if (entry.matchType) q.set('matchMode', entry.matchType);
      return `/searchList?${q.toString()}`;
    }
    case '102':
      return /^\d+$/.test(recordId) ? `/searchList/bookDetails/${recordId}` : '/Home';
    case '103':
      return '/drivePurchas';
    case '104':
      return '/newBookInform';
    case '108':
      return /^\d+$/.test(recordId) ? `/dataBaseNav/details/${recordId}` : '/dataBaseNav';
    default:
      return null;
  }
}

/** Paths a hash may name directly (the server's CAS failure comes back to #/login). */
const DIRECT_PATHS = /^\/(Home|home|login|bindAccount|bindUid|relevanceUid|searchList|personalCenter)$/;

/**
 * Where an entry link leads once its token (if any) is in place: the pageType table, an outside
 * search, the bind screens, or the hash's own path. `state` is the navigation state to pass.
 */
export function entryDestination(entry: EntryLink): { path: string; state?: { uid: string } } {
  if (entry.uid) return { path: '/bindUid', state: { uid: entry.uid } };
  if (entry.relevanceUid) return { path: '/relevanceUid', state: { uid: entry.relevanceUid } };
  if (entry.pageType) {
    const path = pageTypeDestination(entry);
    if (path) return { path };
  }
  if (entry.keyword && entry.searchType) {
    const parts = [entry.searchType, entry.keyword, entry.matchType || '2'];
    if (entry.docType) parts.push(entry.docType);
    return { path: `/searchListExternal/${parts.map(seg).join('/')}` };
  }
  if (entry.ssoError) return { path: `/login?ssoError=${seg(entry.ssoError)}` };
  if (DIRECT_PATHS.test(entry.path)) return { path: entry.path };
  return { path: '/Home' };
}
