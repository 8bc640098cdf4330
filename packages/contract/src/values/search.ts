/**
 * Codes, limits and value lists of the search calls:
 * plain values, free of schemas, so that the web app can import them without bringing zod along
 * (the module's own file re-exports them).
 */

/** Error codes of the search calls (in `errCode`). */
export const SearchErrCode = {
  /** A search needs a term or at least one filter. */
  queryRequired: 40101,
  /** The search text is longer than `MAX_QUERY_LENGTH`. */
  queryTooLong: 40102,
  /** The page lies beyond the first `MAX_RESULT_WINDOW` results. */
  deepPaging: 40103,
  /** `searchField` is not one of `SEARCH_FIELDS`. */
  unknownSearchField: 40104,
  /** `sortField` is not one of `SORT_FIELDS`. */
  unknownSortField: 40105,
  /** An advanced-search item's `oper` is not AND, OR or NOT. */
  unknownOperator: 40106,
  /** The call needs a logged-in reader (HTTP 401). */
  loginRequired: 401,
} as const;

/** Longest search text accepted, in characters. */
export const MAX_QUERY_LENGTH = 300;
/** Results a reader can page through (deeper pages are refused, as the peers do). */
export const MAX_RESULT_WINDOW = 10_000;
/** Largest page size; larger `rows` are clamped to it. */
export const MAX_ROWS = 100;

/**
 * Search scopes (`searchField`), spec §3 "Search scopes". How each is searched:
 * - `keyWord` all fields; `anyWord` all fields, any of the words;
 * - `title` title, parallel, other and vernacular titles and their pinyin; `periName` the title of journals;
 * - `author` personal and corporate names and the statement of responsibility; `institution` the same
 *   names (corporate bodies are catalogued there); `authorUnit` names plus notes (affiliations);
 * - `subject` subject headings; `subjectWord` (keywords) subject headings and series; `series` series;
 * - `publisher` the publisher; `abstract` the abstract;
 * - `kindNo` CLC class number and `callNo` call number (prefix by default); `barcode` an item's barcode;
 * - `isbn` (10 or 13 digits, hyphens or not), `issn`, `toolNumber` standard number (ISBN, ISSN or a
 *   number in the text), `uniformBookNo` unified book number (a phrase anywhere in the record).
 */
export const SEARCH_FIELDS = [
  'keyWord',
  'anyWord',
  'title',
  'periName',
  'author',
  'institution',
  'authorUnit',
  'subject',
  'subjectWord',
  'series',
  'publisher',
  'abstract',
  'kindNo',
  'callNo',
  'barcode',
  'isbn',
  'issn',
  'toolNumber',
  'uniformBookNo',
] as const;
export type SearchFieldCode = (typeof SEARCH_FIELDS)[number];

/** Match modes: '1' exact, '2' any order (default), '3' prefix, '4' suffix. */
export const MATCH_MODES = ['1', '2', '3', '4'] as const;
export type MatchMode = (typeof MATCH_MODES)[number];

/**
 * Sort fields (`sortField`) and their aliases: relevance (default), publishYear, title (Chinese by
 * pinyin), author, inDate (new arrivals), callNo, loanCount (popularity), avgScore (rating).
 */
export const SORT_FIELDS = [
  'relevance',
  'publishYear',
  'title',
  'author',
  'inDate',
  'callNo',
  'loanCount',
  'avgScore',
] as const;
export type SortField = (typeof SORT_FIELDS)[number];

/** Facet dimensions of `facetResult`, each also a filter of the request. */
export const FACET_DIMENSIONS = [
  'docCode',
  'resourceType',
  'campusId',
  'libCode',
  'locationId',
  'curLocationId',
  'langCode',
  'countryCode',
  'discode1',
  'kindNo',
  // What a record belongs to (migration 0059): core lists, degree, staff review, databases, special collections.
  'coreInclude',
  'ddType',
  'verifyStatus',
  'eCollectionIds',
  'collectionName',
  'author',
  'publisher',
  'subject',
  'customSub',
] as const;
export type FacetDimension = (typeof FACET_DIMENSIONS)[number];
/**
 * OpenFind's dimensions beyond the real server's fourteen: what records belong to. `facetResult` names
 * them only when they have counts, so an answer without such data keeps the real shape.
 */
export const MEMBERSHIP_DIMENSIONS = [
  'coreInclude',
  'ddType',
  'verifyStatus',
  'eCollectionIds',
  'collectionName',
] as const satisfies readonly FacetDimension[];
