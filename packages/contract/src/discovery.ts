import { z } from 'zod';
import { Id, boundedNumber, freeText, pageNumber, pageSize, wholeNumber } from './input.js';
import { SearchRecord } from './search.js';

/**
 * Discovery calls (issue 5): record details, holdings, loan statistics, the lists of the home
 * page, ratings and comments, hot book lists, donation news, and the third-party content calls
 * (behind providers; with none configured they answer success with empty data).
 *
 * Field names follow the real API where captures or public clients show them
 * (`../shared/docs/api-contract.md`); the rest is designed in the same style and marked
 * "OpenFind" in the descriptions.
 */

/** Error codes of the discovery calls (in `errCode`). */
export const DiscoveryErrCode = {
  /** No record with that id in this institution. */
  recordNotFound: 40301,
  /** No book list with that id in this institution. */
  bookListNotFound: 40302,
  /** A comment needs text or a score. */
  commentEmpty: 40303,
  /** The call needs a logged-in reader (HTTP 401). */
  loginRequired: 401,
} as const;

/** Largest page size of the discovery lists; larger `rows` are clamped to it. */
export const MAX_LIST_ROWS = 100;
/** Longest comment accepted, in characters. */
export const MAX_COMMENT_LENGTH = 1000;
/** Ratings are whole stars from 1 to `MAX_SCORE`. */
export const MAX_SCORE = 5;

/** A record id as clients send it: 703048 or '703048' (1…MAX_ID; anything else is refused). */
export const RecordId = Id;

/** 1-based page; 0 and negatives are refused (400). */
export const Page = pageNumber();
/** Page size with a default; 0 is refused, more than `max` is clamped. */
export function Rows(fallback = 10, max = MAX_LIST_ROWS) {
  return pageSize(fallback, max);
}

/** A short optional code (libCode, disCode, docCode…); null and '' mean none. */
const code = z
  .union([z.string().trim().max(100), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? '' : String(v).trim()));

/** A list of codes as sent: an array, a comma-separated string, or null. */
const codes = z
  .union([z.array(z.union([z.string().max(100), z.number()])).max(200), z.string().max(5000), z.null()])
  .optional()
  .transform((v): string[] => {
    const list = Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : [];
    return [...new Set(list.map((s) => s.trim()).filter(Boolean))];
  });

// ---------------------------------------------------------------------------------------------
// Record detail
// ---------------------------------------------------------------------------------------------

/** `?recordId=` of the record-detail GET calls. */
export const RecordIdQuery = z.object({ recordId: RecordId });
export type RecordIdQuery = z.infer<typeof RecordIdQuery>;

/** A record in a list: its id, title, author, publisher, year and first ISBN ('' when unknown). */
export const RecordBrief = z.object({
  recordId: z.number().int(),
  title: z.string(),
  author: z.string(),
  publisher: z.string(),
  publishYear: z.string(),
  isbn: z.string(),
});
export type RecordBrief = z.infer<typeof RecordBrief>;

/** `{recordId}` body of the record POST calls. */
export const RecordIdBody = z.object({ recordId: RecordId });
export type RecordIdBody = z.infer<typeof RecordIdBody>;

/**
 * Keys of the basic-information rows (`bean2List`), in display order. Descriptions follow the
 * request language (zh-CN: the real API's labels).
 */
export const BEAN_KEYS = [
  'cnb01', // 题名/责任者
  'cnb02', // 版本项 (OpenFind: edition)
  'cnb03', // 出版发行项
  'cnb04', // ISBN及定价
  'cnb05', // ISSN (OpenFind)
  'cnb10', // 载体形态项
  'cnb14', // 并列正题名
  'cnb20', // 其它题名
  'cnb46', // 丛编项
  'cnb48', // 个人责任者
  'cnb49', // 个人次要责任者
  'cnb50', // 团体责任者 (OpenFind)
  'cnb52', // 团体次要责任者
  'cnb62', // 学科主题
  'cnb67', // 中图法分类号
  'cnb68', // 其它分类号 (OpenFind)
  'cnb71', // 一般附注
  'cnb78', // 丛编附注
  'cnb81', // 相关题名附注
  'cnb96', // 提要文摘附注
  'cnb98', // 使用对象附注
] as const;
export type BeanKey = (typeof BEAN_KEYS)[number];

/**
 * One row of basic information: `key` (cnb01…), its label in the request language, the value. A
 * value in an original script (MARC 880) comes as a row of its own, just before the row of its
 * romanised form, with the same key: clients that list the rows show both, the original first.
 */
export const Bean2 = z.object({
  key: z.string(),
  description: z.string(),
  fieldVal: z.string(),
  /** OpenFind addition: 'original' for an original-script value, 'romanized' for the romanised value after it. */
  script: z
    .enum(['original', 'romanized'])
    .optional()
    .describe(
      "OpenFind addition: 'original' on a value in its original script (MARC 880), 'romanized' on the romanised value of the same field that follows it.",
    ),
  /** OpenFind addition: BCP 47 language of an 'original' value ('zh', 'he'…). */
  lang: z.string().optional().describe("OpenFind addition: the language of an 'original' value ('zh', 'he', 'ru'…)."),
});
export type Bean2 = z.infer<typeof Bean2>;

/** `GET /find/searchResultDetail/getBookDetail?recordId=`. */
export const BookDetail = z.object({
  /** The real API sends '' here; the authors are in the rows. */
  author: z.string(),
  bean2List: z.array(Bean2),
});
export type BookDetail = z.infer<typeof BookDetail>;

/** One field of the MARC view: tag, indicators and the field text with `$a` subfield marks. */
export const MarcField = z.object({
  tag: z.string(),
  /** Two indicator characters ('' for control fields). */
  ind: z.string(),
  /** Control fields: the value; data fields: `$a … $b …`. */
  value: z.string(),
  /** The indicators one by one ('' for control fields). */
  ind1: z.string(),
  ind2: z.string(),
  /** Data fields: the subfields in order; control fields: []. */
  subfields: z.array(z.object({ code: z.string(), value: z.string() })),
});
export type MarcField = z.infer<typeof MarcField>;

/** `baseMarcInfoDto` of `getDetail`: the record's essentials for headings, citation and export. */
export const BaseMarcInfo = z.object({
  /** In the original script when the record has it (as `title` of a result row); the other values likewise. */
  title: z.string(),
  /** OpenFind addition: the romanised title when `title` is in the original script; else null. */
  titleRomanized: z
    .string()
    .nullable()
    .describe(
      'OpenFind addition: the romanised title when `title` (and `clearTitle`) is in the original script; else null.',
    ),
  /** Title, parallel and other titles. */
  titles: z.array(z.string()),
  isbn: z.string().nullable(),
  publisher: z.string().nullable(),
  publishYear: z.string().nullable(),
  /** Statement of responsibility as catalogued. */
  author: z.string().nullable(),
  /** Author names without roles or dates. */
  cleanAuthor: z.array(z.string()),
  subject: z.array(z.string()),
  myFav: z.boolean(),
  /** OpenFind: place of publication, edition, series, CLC classes, ISSN, language, doc type (for citations and RIS/BibTeX). */
  publishPlace: z.string().nullable(),
  edition: z.string().nullable(),
  series: z.array(z.string()),
  chiClassNo: z.array(z.string()),
  issn: z.string().nullable(),
  langCode: z.string().nullable(),
  docCode: z.string(),
  docName: z.string().nullable(),
  physicalDescription: z.string().nullable(),
  abstract: z.string().nullable(),
});
export type BaseMarcInfo = z.infer<typeof BaseMarcInfo>;

/** An electronic link of the record (856). */
export const RecordLink = z.object({ url: z.string(), label: z.string().nullable() });
export type RecordLink = z.infer<typeof RecordLink>;

/** `GET /find/searchResultDetail/getDetail?recordId=` (what the web app uses). */
export const RecordDetail = z.object({
  /** The title proper without marks. */
  clearTitle: z.string(),
  /** Other names of responsibility (all but the first author). */
  authorOther: z.array(z.string()),
  bean2List: z.array(Bean2),
  baseMarcInfoDto: BaseMarcInfo,
  link: z.array(RecordLink),
  /** OpenFind: the record as a result list shows it (counts, rating, loans, doc type name). */
  record: SearchRecord,
  /** OpenFind: the kept MARC record for the MARC view tab (empty when the source was not MARC). */
  marc: z.array(MarcField),
  /** OpenFind: the MARC leader ('' when none). */
  leader: z.string(),
});
export type RecordDetail = z.infer<typeof RecordDetail>;

/** `GET /find/searchResultDetail/getQrCode?recordId=&url=`. */
export const QrCodeQuery = z.object({
  recordId: RecordId,
  /**
   * The page's path on this site ('/beiling/searchList/bookDetails/12'); absent: the record's
   * detail page of the request's institution. Only a path is accepted, never another site.
   */
  url: z
    .string()
    .trim()
    .max(500)
    .regex(/^\/(?![/\\])[^\s]*$/, 'a path on this site')
    .optional(),
});
export type QrCodeQuery = z.infer<typeof QrCodeQuery>;
/** `GET /find/searchResultDetail/getQrCode?recordId=`: a QR code that opens the record's page on a phone. */
export const QrCode = z.object({
  /** The record's public address the code holds. */
  url: z.string(),
  /** A PNG image as a data URL, usable as `<img src>`. */
  qrCode: z.string(),
});
export type QrCode = z.infer<typeof QrCode>;

/** `GET /find/searchResultDetail/statistics?recordId=`: how the record is used. */
export const RecordStatistics = z.object({
  recordId: z.number().int(),
  /** Detail-page views. */
  viewCount: z.number().int(),
  /** Loans ever recorded. */
  loanCount: z.number().int(),
  /** Approved comments. */
  commentCount: z.number().int(),
  /** Ratings and their average (null when none). */
  ratingCount: z.number().int(),
  avgScore: z.number().nullable(),
  physicalCount: z.number().int(),
  onShelfCount: z.number().int(),
  onLoanCount: z.number().int(),
});
export type RecordStatistics = z.infer<typeof RecordStatistics>;

/** Loans in one period (a year 'YYYY' or a month 'YYYY-MM'). */
export const LoanPeriod = z.object({ period: z.string(), loanCount: z.number().int() });
export type LoanPeriod = z.infer<typeof LoanPeriod>;

/** `GET /find/searchResultDetail/getLoanAnalysis?recordId=`. */
export const LoanAnalysis = z.object({
  recordId: z.number().int(),
  totalLoans: z.number().int(),
  /** Loans in the last 365 days. */
  loansLastYear: z.number().int(),
  itemCount: z.number().int(),
  onLoanCount: z.number().int(),
  /** Loans in the last 365 days per copy (0 when there is no copy). */
  loanRate: z.number(),
  /** Average days a loan lasted (returned loans; null when none). */
  averageLoanDays: z.number().nullable(),
  /** YYYY-MM-DD, null when never lent. */
  lastLoanDate: z.string().nullable(),
  /** The last 12 months, oldest first, months without loans included. */
  byMonth: z.array(LoanPeriod),
});
export type LoanAnalysis = z.infer<typeof LoanAnalysis>;

/** `GET /find/loanInfo/getNearTenYearLoan?recordId=`: loans of each of the last ten years, oldest first. */
export const NearTenYearLoan = z.array(z.object({ year: z.string(), loanCount: z.number().int() }));
export type NearTenYearLoan = z.infer<typeof NearTenYearLoan>;

/** `GET /find/searchResultDetail/getAuthorInfo?author=&recordId=`. */
export const AuthorInfoQuery = z.object({
  author: freeText(200)
    .transform((v) => v.trim())
    .optional(),
  recordId: RecordId.optional(),
});
export type AuthorInfoQuery = z.infer<typeof AuthorInfoQuery>;
/** An encyclopedia entry from a content provider. */
export const EncyclopediaEntry = z.object({
  title: z.string(),
  summary: z.string(),
  url: z.string().nullable(),
  image: z.string().nullable(),
  /** Who supplied it, for the credit line. */
  source: z.string(),
});
export type EncyclopediaEntry = z.infer<typeof EncyclopediaEntry>;
export const AuthorInfo = z.object({
  /** The name looked up (from `author`, else the record's first author). */
  author: z.string(),
  /** Records by this name in the catalogue. */
  recordCount: z.number().int(),
  /** From the encyclopedia provider; null when none is configured or it knows nothing. */
  baike: EncyclopediaEntry.nullable(),
});
export type AuthorInfo = z.infer<typeof AuthorInfo>;

// ---------------------------------------------------------------------------------------------
// Third-party content (Duxiu, JD, CADAL, Chaoxing, WoS, LanBo…)
// ---------------------------------------------------------------------------------------------

/** Query of the third-party GET calls: the record, optionally its ISBN and title. */
export const ExternalQuery = z.object({
  recordId: RecordId.optional(),
  isbn: z.string().trim().max(100).optional(),
  title: freeText(500)
    .transform((v) => v.trim())
    .optional(),
});
export type ExternalQuery = z.infer<typeof ExternalQuery>;
/** Body of the third-party POST calls. */
export const ExternalBody = ExternalQuery.extend({}).passthrough();
export type ExternalBody = z.infer<typeof ExternalBody>;
/** One resource a provider offers for the record. */
export const ExternalResource = z.object({
  title: z.string(),
  url: z.string().nullable(),
  image: z.string().nullable(),
  summary: z.string().nullable(),
  /** Citation counts, prices… as the provider gives them. */
  extra: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type ExternalResource = z.infer<typeof ExternalResource>;
/** Answer of every third-party content call; `provider` null and an empty `list` when none is configured. */
export const ExternalContent = z.object({
  provider: z.string().nullable(),
  list: z.array(ExternalResource),
});
export type ExternalContent = z.infer<typeof ExternalContent>;

// ---------------------------------------------------------------------------------------------
// Holdings
// ---------------------------------------------------------------------------------------------

/** A copy as the holdings table shows it (captures `holding_*.json`, plus OpenFind's names and due date). */
export const PhysicalItem = z.object({
  itemId: z.number().int(),
  callNo: z.string(),
  barcode: z.string(),
  /** Property number (the barcode here). */
  propNo: z.string(),
  libCode: z.string(),
  libName: z.string(),
  /** A number when the code is numeric, as the real API sends it. */
  locationId: z.union([z.number().int(), z.string()]),
  locationName: z.string(),
  realLocationName: z.string(),
  curLocationId: z.union([z.number().int(), z.string()]),
  curLocationName: z.string(),
  campusId: z.string(),
  campusName: z.string(),
  shelfNo: z.string(),
  vol: z.string(),
  year: z.string(),
  /** YYYY-MM-DD or ''. */
  inDate: z.string(),
  /** Display text in the request language: 在架, 借出-应还日期:YYYY-MM-DD. */
  processType: z.string(),
  /** 411 on shelf, 412 on loan. */
  processTypeCode: z.string(),
  /** 0 可借, 1 阅览, 2 停借 … 6 (circAttr). */
  circAttr: z.string(),
  /** OpenFind: the circulation attribute's name in the request language. */
  circAttrName: z.string(),
  itemPolicyName: z.string(),
  listPrice: z.number().nullable(),
  donatorName: z.string().nullable(),
  /** Whether a reader may place a request on it (on loan and loanable). */
  requestable: z.boolean(),
  /** OpenFind: due date YYYY-MM-DD when on loan, else null. */
  dueDate: z.string().nullable(),
});
export type PhysicalItem = z.infer<typeof PhysicalItem>;

/** `POST /find/physical/groupitems`. */
export const GroupItemsRequest = z.object({
  recordId: RecordId,
  page: Page,
  rows: Rows(10, 500),
  /** Kept for compatibility (where the call came from); not used. */
  entrance: z.union([z.string().max(50), z.number(), z.null()]).optional(),
  isUnify: z.union([z.string().max(10), z.number(), z.boolean(), z.null()]).optional(),
  /** 1 by call number and barcode (default), 2 by library and location, 3 on shelf first (others: 1). */
  sortType: wholeNumber(1),
  /** Only copies with this call number. */
  callNo: code,
  /** OpenFind: only copies of this library. */
  libCode: code,
});
export type GroupItemsRequest = z.infer<typeof GroupItemsRequest>;
export const GroupItemsResponse = z.object({ totalCount: z.number().int(), list: z.array(PhysicalItem) });
export type GroupItemsResponse = z.infer<typeof GroupItemsResponse>;

/** One library's copies in `groupItemsByLibCode`. */
export const LibraryItems = z.object({
  libName: z.string(),
  libCode: z.string(),
  /** '1' for the institution's main library. */
  mainFlag: z.string(),
  phyItemVo: z.array(PhysicalItem),
});
export type LibraryItems = z.infer<typeof LibraryItems>;
/** `POST /find/physical/groupItemsByLibCode {recordId}`: copies grouped by library name (main library first). */
export const ItemsByLibrary = z.object({ sortedList: z.record(z.string(), LibraryItems) });
export type ItemsByLibrary = z.infer<typeof ItemsByLibrary>;

/** `POST /find/physical/shelfNos {recordId}`: where the copies stand (call number, location, shelf). */
export const ShelfNo = z.object({
  callNo: z.string(),
  libCode: z.string(),
  libName: z.string(),
  locationId: z.string(),
  locationName: z.string(),
  shelfNo: z.string(),
  /** Copies at this place and how many are on shelf. */
  itemCount: z.number().int(),
  onShelfCount: z.number().int(),
});
export type ShelfNo = z.infer<typeof ShelfNo>;
export const ShelfNosResponse = z.array(ShelfNo);
export type ShelfNosResponse = z.infer<typeof ShelfNosResponse>;

/** Paged record calls: `{recordId, page, rows}`. */
export const RecordPageRequest = z.object({ recordId: RecordId, page: Page, rows: Rows(20) });
export type RecordPageRequest = z.infer<typeof RecordPageRequest>;

/** A digital / electronic copy (`POST /find/dItem/getDItems {recordId}`): the record's links. */
export const DigitalItem = z.object({
  dItemId: z.number().int(),
  title: z.string(),
  url: z.string(),
  /** Label of the link ('电子全文'…), else null. */
  urlName: z.string().nullable(),
});
export type DigitalItem = z.infer<typeof DigitalItem>;
export const DigitalItemsResponse = z.object({ totalCount: z.number().int(), list: z.array(DigitalItem) });
export type DigitalItemsResponse = z.infer<typeof DigitalItemsResponse>;

/** Issues of a serial (`POST /find/contiItem/list {recordId, page, rows}`), from the copies' year and volume. */
export const ContiItem = z.object({
  year: z.string(),
  vol: z.string(),
  itemCount: z.number().int(),
  onShelfCount: z.number().int(),
  callNo: z.string(),
});
export type ContiItem = z.infer<typeof ContiItem>;
export const ContiItemsResponse = z.object({ totalCount: z.number().int(), list: z.array(ContiItem) });
export type ContiItemsResponse = z.infer<typeof ContiItemsResponse>;

/** Files attached to a record (`POST /find/attachment/getAttachmentList {recordId}`): tables of contents, covers… */
export const Attachment = z.object({
  attachmentId: z.number().int(),
  name: z.string(),
  url: z.string(),
  /** 'toc', 'cover', 'preview', 'other'. */
  kind: z.string(),
  size: z.number().int().nullable(),
});
export type Attachment = z.infer<typeof Attachment>;
export const AttachmentsResponse = z.object({ totalCount: z.number().int(), list: z.array(Attachment) });
export type AttachmentsResponse = z.infer<typeof AttachmentsResponse>;

// ---------------------------------------------------------------------------------------------
// Lists of the home page
// ---------------------------------------------------------------------------------------------

/** Windows of the hot lists in days (spec §9: week, month, quarter, year). */
export const STAT_RANGES = [7, 30, 90, 365] as const;

/** `POST /find/index/getHotLoan`. */
export const HotLoanRequest = z.object({
  libCode: code,
  /** Discipline (discode1). */
  disCode: code,
  /** Window in days: 7, 30 (default), 90 or 365; other values take the nearest. */
  statRange: wholeNumber(30).transform((n) =>
    STAT_RANGES.reduce((a, b) => (Math.abs(b - n) < Math.abs(a - n) ? b : a)),
  ),
  page: Page,
  rows: Rows(10),
  /** 1 by loans (default), 2 by loan ratio (loans per copy). */
  sortType: boundedNumber(1, 1, 2),
  /** CLC class prefix ('I', 'TP'). */
  classNo: code,
});
export type HotLoanRequest = z.infer<typeof HotLoanRequest>;
export const HotLoanEntry = z.object({
  recordId: z.number().int(),
  title: z.string(),
  author: z.string(),
  isbn: z.string(),
  /** Publisher. */
  publish: z.string(),
  pubDate: z.string(),
  callNo: z.string(),
  /** Loans in the window. */
  loanCount: z.number().int(),
  /** Loans in the window per copy, two decimals. */
  loanRate: z.number(),
  /** OpenFind: copies and the document type, for the row's badges. */
  physicalCount: z.number().int(),
  docCode: z.string(),
});
export type HotLoanEntry = z.infer<typeof HotLoanEntry>;
export const HotLoanResponse = z.object({
  result: z.array(HotLoanEntry),
  /** OpenFind: records with loans in the window (for paging). */
  totalCount: z.number().int(),
  /** OpenFind: the window actually used, in days. */
  statRange: z.number().int(),
});
export type HotLoanResponse = z.infer<typeof HotLoanResponse>;

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
  disCode: code,
  /** CLC class letter(s). */
  callNo: code,
  /** Only 'in_date' (arrival) is meaningful; other search sort fields are accepted. */
  sortField: z.union([z.string().max(50), z.null()]).optional(),
  /** 'desc' (default: newest first) or 'asc'. */
  sortClause: z.union([z.string().max(10), z.null()]).optional(),
  /** '1' week … '7' two years (NEW_BOOK_WINDOWS); absent: every dated arrival. */
  time: z
    .union([z.enum(['1', '2', '3', '4', '5', '6', '7']), z.number().int().min(1).max(7), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined || v === '' ? undefined : String(v))),
  docCode: codes,
  campusId: codes,
  libCode: codes,
  locationId: codes,
});
export type NewBookRequest = z.infer<typeof NewBookRequest>;

/** Paged list calls with nothing else: `{page, rows}`. */
export const PageRequest = z.object({ page: Page, rows: Rows(10) });
export type PageRequest = z.infer<typeof PageRequest>;

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

// ---------------------------------------------------------------------------------------------
// Ratings and comments
// ---------------------------------------------------------------------------------------------

/** `POST /find/findUserEvaluation/userRatings`: records by rating (the /grade screen, top 100 best and worst). */
export const UserRatingsRequest = z.object({
  page: Page,
  rows: Rows(10),
  /** 1 best first (default), 2 worst first. */
  sortType: boundedNumber(1, 1, 2),
  docCode: code,
  /** Only records with at least this many ratings (default 1). */
  minRatings: boundedNumber(1, 1, 1000),
});
export type UserRatingsRequest = z.infer<typeof UserRatingsRequest>;
export const RatedRecord = RecordBrief.extend({
  docCode: z.string(),
  /** Average of the ratings, one decimal. */
  avgScore: z.number(),
  ratingCount: z.number().int(),
});
export type RatedRecord = z.infer<typeof RatedRecord>;
/** At most the top 100 (spec §9): `totalCount` is capped at 100. */
export const UserRatingsResponse = z.object({ totalCount: z.number().int(), list: z.array(RatedRecord) });
export type UserRatingsResponse = z.infer<typeof UserRatingsResponse>;

/** `POST /find/findUserEvaluation/getUserScore {recordId}`. */
export const UserScore = z.object({
  recordId: z.number().int(),
  /** Average, one decimal; null when nobody rated it. */
  avgScore: z.number().nullable(),
  ratingCount: z.number().int(),
  /** Ratings per star: index 0 is one star. */
  distribution: z.array(z.number().int()),
  /** The logged-in reader's own rating (null when anonymous or not rated). */
  myScore: z.number().int().nullable(),
});
export type UserScore = z.infer<typeof UserScore>;

/** `POST /find/findUserEvaluation/userCommentList {recordId, page, rows}`: approved comments, newest first. */
export const Comment = z.object({
  commentId: z.number().int(),
  recordId: z.number().int(),
  /** The reader's display name, partly masked ('张*'). */
  userName: z.string(),
  content: z.string(),
  /** The reader's rating of the record, when they gave one. */
  score: z.number().int().nullable(),
  /** ISO date-time. */
  createTime: z.string(),
});
export type Comment = z.infer<typeof Comment>;
export const CommentPage = z.object({ totalCount: z.number().int(), list: z.array(Comment) });
export type CommentPage = z.infer<typeof CommentPage>;

/** `POST /find/findUserEvaluation/userComment`: a reader's comment and/or rating (needs login). */
export const UserCommentRequest = z.object({
  recordId: RecordId,
  content: z
    .union([freeText(MAX_COMMENT_LENGTH), z.null()])
    .optional()
    .transform((v) => (v ?? '').trim()),
  /** 1…MAX_SCORE; a later rating of the same record replaces the earlier one. */
  score: z
    .union([z.number().int(), z.string().trim().regex(/^\d$/), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined ? null : Number(v)))
    .pipe(z.number().int().min(1).max(MAX_SCORE).nullable()),
});
export type UserCommentRequest = z.infer<typeof UserCommentRequest>;
/** Answer: the comment waits for staff approval ('pending') before it is listed. */
export const UserCommentResponse = z.object({
  commentId: z.number().int().nullable(),
  /** 'pending' until staff approve it. */
  status: z.enum(['pending', 'approved', 'rejected']).nullable(),
  /** The reader's rating now in force. */
  score: z.number().int().nullable(),
});
export type UserCommentResponse = z.infer<typeof UserCommentResponse>;
