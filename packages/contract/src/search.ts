import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { Id, LongId, freeText, pageNumber, pageSize, wholeNumber, yesNo } from './input.js';
import { MAX_ROWS, MATCH_MODES, type MatchMode } from './values/search.js';
export * from './values/search.js';
export * from './values/search-state.js';

/**
 * Search calls: `POST /find/unify/search` (also `indexSearch`, `advancedSearch`, `twiceSearch`),
 * related records, holdings counts, did-you-mean, suggestions, popular searches, the reader's
 * search history and the CLC class tree. Requests accept the real web app's template as it is
 * sent (35 fields, arrays possibly empty or null, numbers as strings); unknown extra fields are
 * ignored.
 */

/** A list filter as clients send it: an array (of strings or numbers), a comma-separated string, or null. */
const codeList = z
  .union([z.array(z.union([z.string().max(200), z.number()]).nullable()).max(200), z.string().max(5000), z.null()])
  .optional()
  .transform((v): string[] => {
    const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [];
    return [...new Set(items.filter((x) => x !== null).map((x) => String(x).trim()))].filter(Boolean);
  });

/** Search text: a string (or a number typed into the box); null means none. Control characters become spaces. */
const searchText = z
  .union([freeText(20_000), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? '' : String(v)));

/** A match mode as sent: '1'…'4' or 1…4; empty means the scope's default. */
const matchMode = z
  .union([z.enum(MATCH_MODES), z.number().int().min(1).max(4), z.literal(''), z.null()])
  .optional()
  .transform((v): MatchMode | undefined =>
    v === null || v === undefined || v === '' ? undefined : (String(v) as MatchMode),
  );

/** A year as sent ('2001', 2001, '2001-05'); anything without a year means no bound. */
const year = z
  .union([z.string().max(40), z.number(), z.null()])
  .optional()
  .transform((v) => {
    const m = /\d{4}/.exec(String(v ?? ''));
    return m ? Number(m[0]) : undefined;
  });

/** One condition of an advanced search. */
export const SearchItem = z.object({
  /** How this item joins the ones before it: null (first item) or AND / OR / NOT. */
  oper: z.union([z.string().max(10), z.null()]).optional(),
  searchField: z.union([z.string().max(50), z.null()]).optional(),
  matchMode,
  searchFieldContent: searchText,
});
export type SearchItem = z.infer<typeof SearchItem>;

/** Which facets to compute: '1' with the page (default), '0' none (faster page), 'only' facets and count without the page. */
const facetMode = z
  .union([z.boolean(), z.enum(['0', '1', 'only']), z.number(), z.null()])
  .optional()
  .transform((v): '0' | '1' | 'only' => (v === false || v === '0' || v === 0 ? '0' : v === 'only' ? 'only' : '1'));

/** The search request template of the real web app, plus OpenFind's optional `facet`. */
export const SearchRequest = z.object({
  /** The search text. Quoted parts are phrases. */
  searchFieldContent: searchText,
  /** The scope (`SEARCH_FIELDS`); default keyWord. */
  searchField: z.union([z.string().max(50), z.null()]).optional(),
  matchMode,
  docCode: codeList,
  resourceType: codeList,
  subject: codeList,
  discode1: codeList,
  publisher: codeList,
  libCode: codeList,
  locationId: codeList,
  curLocationId: codeList,
  campusId: codeList,
  /** Databases / e-collections (no collection data yet: a value matches nothing). */
  eCollectionIds: codeList,
  collectionName: codeList,
  /** CLC classes: a record matches when one of its class numbers starts with a value. */
  kindNo: codeList,
  author: codeList,
  langCode: codeList,
  countryCode: codeList,
  /** Core collections, degree levels, verification states (no such data yet: a value matches nothing). */
  coreInclude: codeList,
  ddType: codeList,
  verifyStatus: codeList,
  /** Grouping of editions (not applied; every record is its own group). */
  group: codeList,
  customSub: codeList,
  /** Publication years, inclusive. */
  publishBegin: year,
  publishEnd: year,
  /** Only records with a copy on shelf that can be borrowed. */
  onlyOnShelf: yesNo,
  sortField: z.union([z.string().max(50), z.null()]).optional(),
  /** 'asc' (default) or 'desc'; relevance is always best first. */
  sortClause: z.union([z.string().max(10), z.null()]).optional(),
  /** 1-based page (pages past the first MAX_RESULT_WINDOW results are refused with errCode 40103). */
  page: pageNumber(Number.MAX_SAFE_INTEGER),
  /** Page size, 1…MAX_ROWS (larger values are clamped); default 10. */
  rows: pageSize(10, MAX_ROWS),
  /** Advanced search conditions; when any has text they replace the simple fields. */
  searchItems: z.union([z.array(SearchItem).max(20), z.null()]).optional(),
  indexSearch: z.union([z.number(), z.string().max(10), z.boolean(), z.null()]).optional(),
  /** OpenFind addition: '1' facets with the page (default), '0' without, 'only' just facets and numFound. */
  facet: facetMode.describe(
    "OpenFind addition. '1' (default): facets with the page; '0': the page alone (faster); 'only': facets and numFound without the page. A client can ask '0' and 'only' in parallel so the first page is never delayed by facets.",
  ),
});
export type SearchRequest = z.infer<typeof SearchRequest>;
export type SearchRequestInput = z.input<typeof SearchRequest>;

/**
 * The body the real web app sends for every search (31 fields, all at their defaults). Clients
 * start from it; the server accepts it as sent.
 */
export const SEARCH_REQUEST_TEMPLATE = {
  searchFieldContent: '',
  searchField: 'keyWord',
  matchMode: '2',
  docCode: [],
  resourceType: [],
  subject: [],
  discode1: [],
  publisher: [],
  libCode: [],
  locationId: [],
  curLocationId: [],
  campusId: [],
  eCollectionIds: [],
  kindNo: [],
  collectionName: [],
  author: [],
  langCode: [],
  countryCode: [],
  coreInclude: [],
  ddType: [],
  verifyStatus: [],
  group: [],
  publishBegin: null,
  publishEnd: null,
  onlyOnShelf: null,
  sortField: 'relevance',
  sortClause: 'asc',
  page: 1,
  rows: 10,
  searchItems: null,
  indexSearch: 1,
} as const satisfies SearchRequestInput;

/**
 * `twiceSearch`: search within results. The body describes the current search (the same fields
 * as `SearchRequest`) plus the new condition; the answer holds the records matching both.
 */
export const TwiceSearchRequest = SearchRequest.extend({
  /** The new term searched within the current results (required). */
  twiceSearchFieldContent: searchText.describe(
    'The term searched within the results of the search the other fields describe.',
  ),
  /** Scope of the new term; default keyWord. */
  twiceSearchField: z.union([z.string().max(50), z.null()]).optional(),
  twiceMatchMode: matchMode,
});
export type TwiceSearchRequest = z.infer<typeof TwiceSearchRequest>;

/**
 * A record in a result list (the subset of the real API's ~95 fields that clients use).
 *
 * Records catalogued in a romanised form with the original script beside it (MARC 880: 次按驟變
 * beside "Ci an zhou bian") give `title`, `author` and `publisher` in the original script — what
 * is printed on the book, what a Chinese-first library's readers read, and what a client that
 * shows only `title` (the real web app, mobile and WeChat clients) should show — and the
 * romanised forms in `titleRomanized`, `authorRomanized` and `publisherRomanized`. Records with one
 * form are as before, with those fields null. Searching finds a record by either form.
 */
export const SearchRecord = z.object({
  recordId: z.number().int(),
  title: z
    .string()
    .describe('The title; in the original script (e.g. 次按驟變) when the record also has it in romanised form.'),
  /** OpenFind addition: the romanised title when `title` is the original-script one. */
  titleRomanized: z
    .string()
    .nullable()
    .describe(
      'OpenFind addition: the romanised title (e.g. "Ci an zhou bian") when `title` is in the original script; else null.',
    ),
  author: z
    .string()
    .nullable()
    .describe('The statement of responsibility (or names); in the original script when the record has it.'),
  /** OpenFind addition: the romanised statement when `author` is the original-script one. */
  authorRomanized: z
    .string()
    .nullable()
    .describe('OpenFind addition: the romanised `author` when `author` is in the original script; else null.'),
  publisher: z.string().nullable().describe('The publisher; in the original script when the record has it.'),
  /** OpenFind addition: the romanised publisher when `publisher` is the original-script one. */
  publisherRomanized: z
    .string()
    .nullable()
    .describe('OpenFind addition: the romanised `publisher` when `publisher` is in the original script; else null.'),
  /** OpenFind addition: the language of the original-script values, for `lang` attributes. */
  originalLang: z
    .string()
    .nullable()
    .describe(
      "OpenFind addition: BCP 47 language of the original-script values ('zh', 'he', 'ar', 'ru'…) when the record has them; else null.",
    ),
  /** As catalogued ('2016.6'). */
  publishYear: z.string().nullable(),
  /** The first ISBN (13 digits). */
  isbn: z.string().nullable(),
  isbns: z.array(z.string()),
  issn: z.string().nullable(),
  langCode: z.string().nullable(),
  countryCode: z.string().nullable(),
  /** Document type code (a number, as the real API sends it, when numeric). */
  docCode: z.union([z.number().int(), z.string()]),
  /** Document type name in the request language. */
  docName: z.string().nullable(),
  /** The abstract (the real API's spelling). */
  adstract: z.string().nullable(),
  /** Subject headings joined with '; '. */
  subjectWord: z.string().nullable(),
  /** CLC class numbers. */
  chiClassNo: z.array(z.string()),
  callNo: z.array(z.string()),
  callNoOne: z.string().nullable(),
  /** Print copies. */
  physicalCount: z.number().int(),
  /** Copies on shelf. */
  onShelfCountI: z.number().int(),
  /** Copies on shelf that can be borrowed (the real API's spelling). */
  canBrrowCountI: z.number().int(),
  /** Electronic links. */
  eCount: z.number().int(),
  /** Digitised copies. */
  dCount: z.number().int(),
  /** Discipline categories. */
  discode1: z.array(z.string()),
  price: z.string().nullable(),
  /** Cover image URL (none yet). */
  pic: z.string().nullable(),
  /** Earliest in-date of a copy, YYYY-MM-DD. */
  inDate: z.string().nullable(),
  /** Average rating (no ratings yet: null). */
  avgScore: z.number().nullable(),
  /** Whether the logged-in reader keeps it as a favourite (false for visitors). */
  myFav: z.boolean(),
  /** Records grouped with this one (editions); every record is its own group for now. */
  groupRecordIds: z.array(z.object({ recordId: z.number().int(), mdLevel: z.number().int().nullable() })),
  /** OpenFind addition: loans counted for popularity. */
  loanCount: z.number().int(),
});
export type SearchRecord = z.infer<typeof SearchRecord>;

/** Facet counts: `{ dimension: { key: count } }`, at most 30 keys per dimension, biggest first. */
export const FacetResult = z.record(z.string(), z.record(z.string(), z.number().int()));
export type FacetResult = z.infer<typeof FacetResult>;

/** Highlighted title and abstract per record: hits in `<em>`, everything else HTML-escaped. */
export const HighlightResult = z.record(
  z.string(),
  z.object({
    title: z.array(z.string()).optional(),
    /** OpenFind addition: the hits in `titleRomanized`. */
    titleRomanized: z.array(z.string()).optional(),
    adstract: z.array(z.string()).optional(),
  }),
);
export type HighlightResult = z.infer<typeof HighlightResult>;

/** Answer of the search calls. */
export const SearchResponse = z.object({
  /** Records matching (all of them; only the first MAX_RESULT_WINDOW can be paged to). */
  numFound: z.number().int(),
  searchResult: z.array(SearchRecord),
  /** Counts per facet; each dimension's counts apply the other dimensions' filters (multi-select). */
  facetResult: FacetResult,
  /** null when nothing was found. */
  hlResult: HighlightResult.nullable(),
  /** Kept for compatibility with the real API; always empty. */
  levelResultList: z.array(z.unknown()),
  /** OpenFind addition: true when no record had every word, so records with some of them are shown. */
  relaxed: z
    .boolean()
    .describe('OpenFind addition: no record had every word, so records with at least half of them are shown.'),
  /** OpenFind addition: a translated note for the page when `relaxed` (null otherwise). */
  notice: z.string().nullable().describe('OpenFind addition: a translated note to show when `relaxed`.'),
  /** OpenFind addition: did-you-mean suggestions, given when the search as typed found nothing. */
  spellSuggestions: z
    .array(z.string())
    .describe('OpenFind addition: did-you-mean suggestions when the search as typed found nothing.'),
  /** OpenFind addition: whether `facetResult` was computed (see the request's `facet`). */
  facetIncluded: z.boolean().describe("OpenFind addition: whether facetResult was computed (the request's facet)."),
  /** OpenFind addition: how many results can be paged to. */
  maxResults: z.number().int().describe('OpenFind addition: results beyond this many cannot be paged to.'),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

/** `searchForDetail`: records related to one record (same subjects or class). */
export const SearchForDetailRequest = z.object({
  /** 'record_id': the record itself is left out. */
  excludeField: z.union([z.string().max(50), z.null()]).optional(),
  /** The id of that record (a number or digits, 1…MAX_ID); '' or null: none. */
  excludeFieldContent: z.union([Id, z.literal(''), z.null()]).optional(),
  /** Subject headings to relate by (a string with ; or , between headings, or an array). */
  subject: codeList,
  /** Class numbers to relate by. */
  kindNo: codeList,
  rows: pageSize(10, 50),
});
export type SearchForDetailRequest = z.infer<typeof SearchForDetailRequest>;

/** One record in `getPItemAndOnShelfCountAndDuxiuImageUrl`. */
export const ItemCountItem = z.object({
  recordId: Id,
  title: z.union([freeText(2000), z.null()]).optional(),
  isbn: z.union([z.string().max(100), z.null()]).optional(),
});
/** Single `{recordId, title, isbn}` or batch `{items: [...]}` (at most 200). */
export const ItemCountRequest = z.object({
  recordId: Id.optional(),
  title: z.union([freeText(2000), z.null()]).optional(),
  isbn: z.union([z.string().max(100), z.null()]).optional(),
  items: z.union([z.array(ItemCountItem).max(200), z.null()]).optional(),
});
export type ItemCountRequest = z.infer<typeof ItemCountRequest>;
/** Counts of one record in a batch answer. */
export const ItemCountEntry = z.object({
  pCount: z.number().int(),
  onShelfCount: z.number().int(),
});
/** Single answer. */
export const ItemCountSingle = ItemCountEntry.extend({
  recordId: z.number().int(),
  /** Copies on shelf that can be borrowed. */
  canBorrowCount: z.number().int(),
  eCount: z.number().int(),
  /** Cover from the Duxiu service (not connected: null). */
  duxiuImageUrl: z.string().nullable(),
});
/** Batch answer keyed by record id. */
export const ItemCountBatch = z.record(z.string(), ItemCountEntry);
export const ItemCountResponse = z.union([ItemCountSingle, ItemCountBatch]);

/** `GET /find/index/spellKeyWord?keyWord=`: did-you-mean. */
export const SpellQuery = z.object({
  keyWord: freeText(20_000).optional(),
  /** Also accepted: the search box's field name. */
  searchFieldContent: freeText(20_000).optional(),
});
export const SpellResponse = z.object({
  /** The best correction of the whole text, or null when it looks right. */
  spellWord: z.string().nullable(),
  /** Up to five alternatives, best first. */
  suggestions: z.array(z.string()),
});
export type SpellResponse = z.infer<typeof SpellResponse>;

/** `GET /find/index/getKeyWord?keyWord=&rows=`: suggestions as you type. */
export const KeyWordQuery = z.object({
  keyWord: freeText(20_000).optional(),
  searchFieldContent: freeText(20_000).optional(),
  rows: pageSize(10, 20),
});
/** A suggestion: the text to search, where it comes from, how many records have it. */
export const KeyWordSuggestion = z.object({
  keyWord: z.string(),
  /** 'popular' a popular search, 'title', 'author', 'subject', 'word'. */
  kind: z.enum(['popular', 'title', 'author', 'subject', 'word']),
  count: z.number().int(),
});
export type KeyWordSuggestion = z.infer<typeof KeyWordSuggestion>;

/** `GET /find/popularSearch/get?days=&rows=`. */
export const PopularSearchQuery = z.object({
  /** Rolling window in days: 7, 30 (default), 90 or 365 (other values are clamped to 1…365). */
  days: wholeNumber(30).transform((n) => Math.max(1, Math.min(365, n))),
  rows: wholeNumber(10).transform((n) => Math.max(1, Math.min(50, n))),
});
/** A popular search: the text and how often it was searched in the window. */
export const PopularSearch = z.object({ keyWord: z.string(), count: z.number().int() });
export type PopularSearch = z.infer<typeof PopularSearch>;

/**
 * `popularSearch/add`: the real web app reports a search it ran. The search calls count page-1
 * searches that found records themselves, so this counts nothing of its own; it answers
 * `{added}`: whether the caller's search of that text was counted within the hour.
 */
export const PopularSearchAdd = z.object({
  keyWord: z.union([freeText(20_000), z.null()]).optional(),
  searchFieldContent: z.union([freeText(20_000), z.null()]).optional(),
  searchField: z.union([z.string().max(50), z.null()]).optional(),
});

/** `POST /find/userInfo/searchHistory`: the reader's searches, newest first. */
export const SearchHistoryRequest = z.object({
  page: pageNumber(),
  rows: pageSize(20, 100),
});
export const SearchHistoryEntry = z.object({
  id: z.number().int(),
  /** search | advancedSearch | twiceSearch */
  searchType: z.string(),
  /** What was searched, for the list. */
  summary: z.string(),
  /** The request, to run it again. */
  request: z.record(z.string(), z.unknown()),
  numFound: z.number().int().nullable(),
  /** ISO date-time. */
  createdAt: z.string(),
});
export const SearchHistoryResponse = z.object({
  totalCount: z.number().int(),
  list: z.array(SearchHistoryEntry),
});
/** `POST /find/userInfo/updateSearchHistory`: delete entries by id, or all of them. */
export const UpdateSearchHistoryRequest = z.object({
  ids: z.union([z.array(LongId).max(1000), z.null()]).optional(),
  clearAll: yesNo,
});

/** `POST /find/category/classifica/list`: the CLC class tree with record counts. */
export const ClassificaRequest = z.object({
  /** Only the children of this class ('' or absent: the whole tree). */
  parentCode: z.union([z.string().max(20), z.null()]).optional(),
  libCode: codeList,
  docCode: codeList,
});
/** A class with the number of records in it (records whose class number starts with `code`). */
export type ClassNode = { code: string; name: string; count: number; child: ClassNode[] };
export const ClassNode: z.ZodType<ClassNode> = z
  .lazy(
    () => z.object({ code: z.string(), name: z.string(), count: z.number().int(), child: z.array(ClassNode) }),
    // A named component in the OpenAPI document (see MenuItem).
  )
  .meta({ id: 'ClassNode' });

/** `/find/popularSearch/add`: whether the caller's search of the text was counted (it adds nothing itself). */
export const PopularSearchAdded = z.object({ added: z.boolean() });
/** `/find/userInfo/updateSearchHistory`: how many entries were deleted. */
export const SearchHistoryDeleted = z.object({ deleted: z.number().int() });

/** The /find/unify search calls, suggestions, popular searches, the reader's history, the class tree. */
export const SearchCalls = calls('search', {
  search: post('/find/unify/search', {
    input: SearchRequest,
    output: SearchResponse,
    access: 'public',
    summary: 'Search (simple, or advanced when searchItems hold text)',
  }),
  indexSearch: post('/find/unify/indexSearch', {
    input: SearchRequest,
    output: SearchResponse,
    access: 'public',
    summary: 'Search from the home page box',
  }),
  advancedSearch: post('/find/unify/advancedSearch', {
    input: SearchRequest,
    output: SearchResponse,
    access: 'public',
    summary: 'Advanced search: searchItems joined by AND / OR / NOT',
  }),
  twiceSearch: post('/find/unify/twiceSearch', {
    input: TwiceSearchRequest,
    output: SearchResponse,
    access: 'public',
    summary: 'Search within results: the current search AND twiceSearchFieldContent',
  }),
  searchForDetail: post('/find/unify/searchForDetail', {
    input: SearchForDetailRequest,
    output: SearchResponse,
    access: 'public',
    summary: 'Records related to a record (shared subjects or class)',
  }),
  itemCounts: post('/find/unify/getPItemAndOnShelfCountAndDuxiuImageUrl', {
    input: ItemCountRequest,
    output: ItemCountResponse,
    access: 'public',
    summary: 'Copies and copies on shelf of one record ({recordId}) or of a batch ({items})',
  }),
  spellKeyWord: get('/find/index/spellKeyWord', {
    input: SpellQuery,
    output: SpellResponse,
    access: 'public',
    summary: 'Did you mean',
  }),
  getKeyWord: get('/find/index/getKeyWord', {
    input: KeyWordQuery,
    output: z.array(KeyWordSuggestion),
    access: 'public',
    summary: 'Suggestions as you type (Chinese, pinyin, pinyin initials)',
  }),
  popularSearchGet: get('/find/popularSearch/get', {
    input: PopularSearchQuery,
    output: z.array(PopularSearch),
    access: 'public',
    summary: 'Popular searches of the last `days`',
  }),
  popularSearchTopTen: get('/find/popularSearch/getTopTen', {
    output: z.array(PopularSearch),
    access: 'public',
    summary: 'The ten most searched texts of the last 30 days',
  }),
  popularSearchAdd: get('/find/popularSearch/add', {
    input: PopularSearchAdd,
    output: PopularSearchAdded,
    access: 'public',
    summary: "Whether the caller's search of a text was counted among the popular ones (adds nothing itself)",
  }),
  /** The same call as a POST, as some clients send it. */
  popularSearchAddPost: post('/find/popularSearch/add', {
    input: PopularSearchAdd,
    output: PopularSearchAdded,
    access: 'public',
    summary: "Whether the caller's search of a text was counted among the popular ones (adds nothing itself)",
  }),
  searchHistory: post('/find/userInfo/searchHistory', {
    input: SearchHistoryRequest,
    output: SearchHistoryResponse,
    access: 'reader',
    summary: "The reader's search history, newest first (login required)",
  }),
  updateSearchHistory: post('/find/userInfo/updateSearchHistory', {
    input: UpdateSearchHistoryRequest,
    output: SearchHistoryDeleted,
    access: 'reader',
    summary: "Delete entries of the reader's search history, or all of it (login required)",
  }),
  classificaList: post('/find/category/classifica/list', {
    input: ClassificaRequest,
    output: z.array(ClassNode),
    access: 'public',
    summary: 'CLC class tree with record counts',
  }),
});
