import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { Id } from './input.js';
import { Page, PageRequest, RecordBrief, Rows, codeList, optionalCode } from './records.js';
import { SearchResponse } from './search.js';
import { NEW_BOOK_TIMES } from './values/home-lists.js';
export * from './values/home-lists.js';

/**
 * The lists of the home page (issue 5): new books, collections, disciplines, libraries, book lists
 * and donation news.
 */

/** New-book windows (`time`): 1 week, 1 month, 2 months, 3 months, half a year, 1 year, 2 years (days). */
export const NEW_BOOK_WINDOWS: Record<string, number> = {
  '1': 7,
  '2': 30,
  '3': 60,
  '4': 90,
  '5': 182,
  '6': 365,
  '7': 730,
};

/** `POST /find/index/getNewBook`: answered by the search engine, search-shaped (`SearchResponse`). */
export const NewBookRequest = z.object({
  page: Page,
  rows: Rows(10),
  disCode: optionalCode,
  /** CLC class letter(s). */
  callNo: optionalCode,
  /** Only 'in_date' (arrival) is meaningful; other search sort fields are accepted. */
  sortField: z.union([z.string().max(50), z.null()]).optional(),
  /** 'desc' (default: newest first) or 'asc'. */
  sortClause: z.union([z.string().max(10), z.null()]).optional(),
  /** '1' week … '7' two years (NEW_BOOK_WINDOWS); absent: every dated arrival. */
  time: z
    .union([z.enum(NEW_BOOK_TIMES), z.number().int().min(1).max(7), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined || v === '' ? undefined : String(v))),
  docCode: codeList,
  campusId: codeList,
  libCode: codeList,
  locationId: codeList,
});
export type NewBookRequest = z.infer<typeof NewBookRequest>;

/** An electronic collection (database) of the institution. */
export const Collection = z.object({
  collectionId: z.number().int(),
  /** Name in the request language. */
  collectionName: z.string(),
  description: z.string(),
  url: z.string(),
  imageUrl: z.string().nullable(),
  /** 'hot' | 'new' | 'trial' | 'normal'. */
  kind: z.string(),
  /** Visits in the last 30 days (the hot list's order). */
  visitCount: z.number().int(),
  /** YYYY-MM-DD: when it was added; trials also end. */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** Subject names in the request language. */
  subjects: z.array(z.string()),
  /** How readers may use it: 'trial', 'purchased', 'formal' or 'open' (access); set by staff. */
  accessKind: z.string(),
});
export type Collection = z.infer<typeof Collection>;
/** `POST /find/index/getHotCollection | getNewCollection | getTryCollection {page, rows}`. */
export const CollectionPage = z.object({ totalCount: z.number().int(), list: z.array(Collection) });
export type CollectionPage = z.infer<typeof CollectionPage>;

/** `GET /find/index/getDiscipline`: discipline entry points with record counts. */
export const DisciplineEntry = z.object({ code: z.string(), name: z.string(), count: z.number().int() });
export type DisciplineEntry = z.infer<typeof DisciplineEntry>;
export const DisciplineList = z.array(DisciplineEntry);
export type DisciplineList = z.infer<typeof DisciplineList>;

/** `GET /find/index/getLibrary`: the libraries with their holdings counts. */
export const LibraryEntry = z.object({
  libCode: z.string(),
  libName: z.string(),
  mainFlag: z.string(),
  recordCount: z.number().int(),
  itemCount: z.number().int(),
  onShelfCount: z.number().int(),
});
export type LibraryEntry = z.infer<typeof LibraryEntry>;
export const LibraryEntryList = z.array(LibraryEntry);
export type LibraryEntryList = z.infer<typeof LibraryEntryList>;

/** A record in a book list. */
export const BookListRecord = RecordBrief.extend({
  /** Why it is on the list ('' when no note). */
  note: z.string(),
});
export type BookListRecord = z.infer<typeof BookListRecord>;
/** A book list (reading list) of the institution. */
export const BookList = z.object({
  bookListId: z.number().int(),
  /** Name and description in the request language. */
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  /** Views in the last 90 days (the hot list's order). */
  viewCount: z.number().int(),
  recordCount: z.number().int(),
  /** YYYY-MM-DD. */
  createdDate: z.string(),
  /** The first records (up to `recordRows`). */
  records: z.array(BookListRecord),
});
export type BookList = z.infer<typeof BookList>;
/** `GET /find/index/bookList?page=&rows=&bookListId=` and `POST /find/bookList/indexHotBookList {page, rows}`. */
export const BookListRequest = z.object({
  page: Page,
  rows: Rows(6, 50),
  /** Records shown per list (default 5, at most 100). */
  recordRows: Rows(5, 100),
  /** One list only (its records paged by `page`/`recordRows`). */
  bookListId: z
    .union([Id, z.literal(0), z.literal('0'), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined || v === '' ? 0 : Number(v))),
});
export type BookListRequest = z.infer<typeof BookListRequest>;
export const BookListPage = z.object({ totalCount: z.number().int(), list: z.array(BookList) });
export type BookListPage = z.infer<typeof BookListPage>;

/** `POST /find/donate/searchDonateNews {page, rows}`: donation news (spec §3 "Donation"). */
export const DonateNews = z.object({
  id: z.number().int(),
  /** Title and text in the request language. */
  title: z.string(),
  content: z.string(),
  donorName: z.string(),
  /** Copies donated. */
  copies: z.number().int(),
  remark: z.string(),
  /** YYYY-MM-DD. */
  publishTime: z.string(),
});
export type DonateNews = z.infer<typeof DonateNews>;
export const DonateNewsPage = z.object({ totalCount: z.number().int(), list: z.array(DonateNews) });
export type DonateNewsPage = z.infer<typeof DonateNewsPage>;

/** The home page's lists, open to visitors. */
export const HomeListCalls = calls('lists', {
  getNewBook: post('/find/index/getNewBook', {
    input: NewBookRequest,
    output: SearchResponse,
    access: 'public',
    summary: 'New arrivals in a time window (1 week … 2 years), by class, discipline and place; search-shaped',
  }),
  getHotCollection: post('/find/index/getHotCollection', {
    input: PageRequest,
    output: CollectionPage,
    access: 'public',
    summary: 'Electronic collections, most visited first',
  }),
  getNewCollection: post('/find/index/getNewCollection', {
    input: PageRequest,
    output: CollectionPage,
    access: 'public',
    summary: 'Electronic collections added in the last year, newest first',
  }),
  getTryCollection: post('/find/index/getTryCollection', {
    input: PageRequest,
    output: CollectionPage,
    access: 'public',
    summary: 'Electronic collections on trial (trial not ended)',
  }),
  getDiscipline: get('/find/index/getDiscipline', {
    output: DisciplineList,
    access: 'public',
    summary: 'Disciplines with records, and how many',
  }),
  getLibrary: get('/find/index/getLibrary', {
    output: LibraryEntryList,
    access: 'public',
    summary: 'The libraries with their records, copies and copies on shelf',
  }),
  indexBookList: get('/find/index/bookList', {
    input: BookListRequest,
    output: BookListPage,
    access: 'public',
    summary: 'Book lists, newest first, with their first records (or one list with its records paged)',
  }),
  indexHotBookList: post('/find/bookList/indexHotBookList', {
    input: BookListRequest,
    output: BookListPage,
    access: 'public',
    summary: 'Hot book lists (most viewed first) with their first records',
  }),
  searchDonateNews: post('/find/donate/searchDonateNews', {
    input: PageRequest,
    output: DonateNewsPage,
    access: 'public',
    summary: 'Donation news, newest first',
  }),
});
