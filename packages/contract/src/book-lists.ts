import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { Id, freeText, yesNo } from './input.js';
import { Page, RecordBrief, Rows } from './records.js';
import {
  BOOK_LIST_HIDE_REASON_MAX,
  BOOK_LIST_MODERATION_STATES,
  BOOK_LIST_MOVES,
  BOOK_LIST_OWNERS,
  MAX_BOOK_LISTS,
} from './values/book-lists.js';
export * from './values/book-lists.js';

/**
 * Readers' book lists (issue 29; spec §2 "Other personal-area content: book lists public and
 * private", the route /personalCenter/bookListDetails, §7 `/find/bookList/*` and
 * `recordHotBookList`, whose payloads the spec does not show: designed here). A reader keeps lists
 * of records, each with a title, a description, a cover and a note per record, in an order of their
 * own; a public list is found and read by anyone, a private one by its reader only. The library's own
 * lists (home-lists.ts, staff-edited) share the id space, so one `bookListId` names either kind, and
 * their views, counted once per visitor and day by `recordHotBookList`, order the home page's hot lists.
 */

/** Free text up to `max` (the server says what is too long, in words), trimmed; absent or null is ''. */
const text = (max: number) =>
  z
    .union([freeText(max), z.null()])
    .optional()
    .transform((v) => (v ?? '').trim());

/** A list's fields as the reader edits them. Limits are checked by the server with their own messages. */
export const BookListFields = z.object({
  title: text(200),
  description: text(2000),
  isPublic: yesNo,
});
export type BookListFields = z.infer<typeof BookListFields>;

/** `POST /find/bookList/create`. */
export const CreateBookListRequest = BookListFields;
/** `POST /find/bookList/update`: names the version the form was made from. */
export const UpdateBookListRequest = BookListFields.extend({
  bookListId: Id,
  version: z.coerce.number().int().min(0).max(2_147_483_647),
});
export type UpdateBookListRequest = z.infer<typeof UpdateBookListRequest>;

export const BookListIdRequest = z.object({ bookListId: Id });
export type BookListIdRequest = z.infer<typeof BookListIdRequest>;

/** `POST /find/bookList/addRecord` and `updateNote`: a record and its note on a list. */
export const BookListRecordRequest = z.object({
  bookListId: Id,
  recordId: Id,
  note: text(1000),
});
export type BookListRecordRequest = z.infer<typeof BookListRecordRequest>;

/** `POST /find/bookList/removeRecord`. */
export const BookListRecordRef = z.object({ bookListId: Id, recordId: Id });
export type BookListRecordRef = z.infer<typeof BookListRecordRef>;
/** What `delete` and `removeRecord` answer: what was deleted. */
export const BookListDeleted = z.object({ bookListId: z.number().int(), recordId: z.number().int().optional() });
export type BookListDeleted = z.infer<typeof BookListDeleted>;

/** `POST /find/bookList/moveRecord`: one place up or down, or to the top or the bottom. */
export const MoveBookListRecordRequest = BookListRecordRef.extend({ move: z.enum(BOOK_LIST_MOVES) });
export type MoveBookListRecordRequest = z.infer<typeof MoveBookListRecordRequest>;

/** A list as lists show it (no records). */
export const BookListSummary = z.object({
  bookListId: z.number().int(),
  title: z.string(),
  description: z.string(),
  isPublic: z.boolean(),
  /** The cover's address; null when none. */
  coverUrl: z.string().nullable(),
  viewCount: z.number().int(),
  recordCount: z.number().int(),
  version: z.number().int(),
  /** ISO 8601. */
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Staff hid the list from others (its reader sees it with the reason; others find no such list):
   * when and why; null while it is not hidden.
   */
  hidden: z.object({ at: z.string(), reason: z.string() }).nullable(),
});
export type BookListSummary = z.infer<typeof BookListSummary>;

/** `GET /find/bookList/myLists?page=&rows=&recordId=`: the reader's lists, last changed first. */
export const MyBookListsQuery = z.object({
  page: Page,
  rows: Rows(20, MAX_BOOK_LISTS),
  /** With a record: each list says whether it holds it (the record page's "add to book list"). */
  recordId: z
    .union([Id, z.literal(''), z.null()])
    .optional()
    .transform((v) => (v === '' || v === null || v === undefined ? undefined : Number(v))),
});
export type MyBookListsQuery = z.infer<typeof MyBookListsQuery>;
export const MyBookLists = z.object({
  totalCount: z.number().int(),
  list: z.array(BookListSummary.extend({ hasRecord: z.boolean() })),
  /** The most lists a reader may have. */
  maxLists: z.number().int(),
  maxRecords: z.number().int(),
});
export type MyBookLists = z.infer<typeof MyBookLists>;

/** A record on a list, with the reader's note. */
export const BookListEntry = RecordBrief.extend({
  note: z.string(),
  /** 1-based place in the list. */
  position: z.number().int(),
});
export type BookListEntry = z.infer<typeof BookListEntry>;

/** `GET /find/bookList/detail?bookListId=&page=&rows=`: a list and a page of its records. */
export const BookListDetailQuery = z.object({ bookListId: Id, page: Page, rows: Rows(20, 100) });
export type BookListDetailQuery = z.infer<typeof BookListDetailQuery>;
export const BookListDetail = BookListSummary.extend({
  /** Whose list: the library's, another reader's (public), the asking reader's own. */
  owner: z.enum(BOOK_LIST_OWNERS),
  records: z.array(BookListEntry),
});
export type BookListDetail = z.infer<typeof BookListDetail>;

/** `POST /find/bookList/publicLists {q, page, rows}`: readers' public lists, most viewed first. */
export const PublicBookListsRequest = z.object({
  /** Words of the title or description (any case); '' lists all. */
  q: text(100),
  page: Page,
  rows: Rows(12, 50),
});
export type PublicBookListsRequest = z.infer<typeof PublicBookListsRequest>;
export const PublicBookLists = z.object({ totalCount: z.number().int(), list: z.array(BookListSummary) });
export type PublicBookLists = z.infer<typeof PublicBookLists>;

/** `POST /find/bookList/recordHotBookList {bookListId}`: a view, counted once per visitor and day. */
export const HotBookListView = z.object({
  /** Whether this view was counted (not when the visitor was counted today, or it is the reader's own list). */
  counted: z.boolean(),
  viewCount: z.number().int(),
});
export type HotBookListView = z.infer<typeof HotBookListView>;

/** `GET /find/bookList/cover?mappingPath=&key=`: a cover at its unguessable address. */
export const BookListCoverQuery = z.object({
  mappingPath: z.string().max(64),
  key: z.string().max(64),
});

/** `POST /find/bookList/uploadCover?bookListId=`: the body is the image itself. */
export const BookListCoverTarget = z.object({ bookListId: Id });

/** `GET /find/admin/readerBookLists/list`: readers' lists others can see, or that staff hid, last changed first. */
export const AdminReaderListsQuery = z.object({
  state: z.enum(BOOK_LIST_MODERATION_STATES).default('shown'),
  /** Words of the title or description, or the reader's account or name. */
  q: text(100),
  page: Page,
  rows: Rows(20, 100),
});
export type AdminReaderListsQuery = z.infer<typeof AdminReaderListsQuery>;

export const AdminReaderList = BookListSummary.extend({
  readerId: z.number().int(),
  /** The reader's account and name. */
  reader: z.string(),
  readerName: z.string(),
  /** The staff account that hid it; null when not hidden (or the account is gone). */
  hiddenBy: z.string().nullable(),
});
export type AdminReaderList = z.infer<typeof AdminReaderList>;
export const AdminReaderLists = z.object({
  totalCount: z.number().int(),
  /** Lists shown now and hidden, under the same words. */
  counts: z.object({ shown: z.number().int(), hidden: z.number().int() }),
  list: z.array(AdminReaderList),
});
export type AdminReaderLists = z.infer<typeof AdminReaderLists>;

/** `POST /find/admin/readerBookLists/hide`: hide a reader's list from others, with the reason they read. */
export const HideReaderListRequest = z.object({ bookListId: Id, reason: text(BOOK_LIST_HIDE_REASON_MAX * 4) });
export type HideReaderListRequest = z.infer<typeof HideReaderListRequest>;

/** Readers' book lists: the reader's own, public lists, a list's page, views; staff hiding a public one. */
export const BookListCalls = calls('book-lists', {
  adminReaderBookLists: get('/find/admin/readerBookLists/list', {
    input: AdminReaderListsQuery,
    output: AdminReaderLists,
    access: 'staff',
    summary: "Readers' public lists, or those staff hid, with their readers",
  }),
  adminHideReaderBookList: post('/find/admin/readerBookLists/hide', {
    input: HideReaderListRequest,
    output: AdminReaderList,
    access: 'staff',
    summary: "Hide a reader's list from others, with the reason the reader reads in their inbox",
  }),
  adminShowReaderBookList: post('/find/admin/readerBookLists/show', {
    input: BookListIdRequest,
    output: AdminReaderList,
    access: 'staff',
    summary: "Show again a reader's list staff hid",
  }),
  myBookLists: get('/find/bookList/myLists', {
    input: MyBookListsQuery,
    output: MyBookLists,
    access: 'reader',
    summary: "The reader's book lists, last changed first (with a recordId: whether each holds it)",
  }),
  createBookList: post('/find/bookList/create', {
    input: CreateBookListRequest,
    output: BookListSummary,
    access: 'reader',
    summary: 'Create a book list (title 1–50 characters, description up to 500, public or private; 100 lists at most)',
  }),
  updateBookList: post('/find/bookList/update', {
    input: UpdateBookListRequest,
    output: BookListSummary,
    access: 'reader',
    summary: "Change a list's title, description or public flag (from the version shown; another tab's change is kept)",
  }),
  deleteBookList: post('/find/bookList/delete', {
    input: BookListIdRequest,
    output: BookListDeleted,
    access: 'reader',
    summary: 'Delete one of the reader’s lists with its records and cover',
  }),
  uploadBookListCover: post('/find/bookList/uploadCover', {
    output: BookListSummary,
    access: 'reader',
    summary:
      "Upload a list's cover: `?bookListId=` in the address, the request body the image itself (image/jpeg, " +
      'image/png or application/octet-stream), a JPEG or PNG by its content, at most 2 MB; stored re-encoded ' +
      "as a JPEG within 600×800 without metadata; answers '上传成功！'",
  }),
  deleteBookListCover: post('/find/bookList/deleteCover', {
    input: BookListIdRequest,
    output: BookListSummary,
    access: 'reader',
    summary: "Remove a list's cover",
  }),
  bookListCover: get('/find/bookList/cover', {
    input: BookListCoverQuery,
    output: undefined,
    access: 'public',
    summary: "A list's cover (JPEG) at its unguessable address (new with each upload); 404 once replaced or removed",
  }),
  addBookListRecord: post('/find/bookList/addRecord', {
    input: BookListRecordRequest,
    output: BookListEntry,
    access: 'reader',
    summary: 'Add a record to the end of a list, with a note (up to 200 characters; 500 records at most)',
  }),
  updateBookListNote: post('/find/bookList/updateNote', {
    input: BookListRecordRequest,
    output: BookListEntry,
    access: 'reader',
    summary: "Change a record's note on a list",
  }),
  removeBookListRecord: post('/find/bookList/removeRecord', {
    input: BookListRecordRef,
    output: BookListDeleted,
    access: 'reader',
    summary: 'Take a record off a list',
  }),
  moveBookListRecord: post('/find/bookList/moveRecord', {
    input: MoveBookListRecordRequest,
    output: BookListEntry,
    access: 'reader',
    summary: 'Move a record of a list one place up or down, or to the top or the bottom',
  }),
  bookListDetail: get('/find/bookList/detail', {
    input: BookListDetailQuery,
    output: BookListDetail,
    access: 'public',
    summary:
      "A book list and a page of its records: the library's published lists and readers' public lists for " +
      'anyone, a private list for its reader only (for others the same answer as no list)',
  }),
  publicBookLists: post('/find/bookList/publicLists', {
    input: PublicBookListsRequest,
    output: PublicBookLists,
    access: 'public',
    summary: "Readers' public book lists, most viewed first, found by words of the title or description",
  }),
  recordHotBookList: post('/find/bookList/recordHotBookList', {
    input: BookListIdRequest,
    output: HotBookListView,
    access: 'public',
    summary:
      'Count a view of a book list (the library’s or a public one), once per visitor and day; the home ' +
      'page’s hot book lists are ordered by these views',
  }),
});
