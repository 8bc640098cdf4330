import { z } from 'zod';
import { calls, get } from './endpoint.js';
import { freeText } from './input.js';
import { RecordId, RecordIdQuery } from './records.js';
import { SearchRecord } from './search.js';

/**
 * A record's page (issue 5): basic information rows, the MARC view, QR code, usage statistics and
 * the author's entry.
 */

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

/** The record page's calls: open to visitors (a logged-in reader sees which records they keep). */
export const RecordDetailCalls = calls('record', {
  getDetail: get('/find/searchResultDetail/getDetail', {
    input: RecordIdQuery,
    output: RecordDetail,
    access: 'public',
    summary: 'A record for its detail page: basic information in the request language, MARC, links, counts',
  }),
  getBookDetail: get('/find/searchResultDetail/getBookDetail', {
    input: RecordIdQuery,
    output: BookDetail,
    access: 'public',
    summary: 'Basic information rows (bean2List) in the request language',
  }),
  getQrCode: get('/find/searchResultDetail/getQrCode', {
    input: QrCodeQuery,
    output: QrCode,
    access: 'public',
    summary: "A QR code (PNG data URL) that opens the record's page",
  }),
  recordStatistics: get('/find/searchResultDetail/statistics', {
    input: RecordIdQuery,
    output: RecordStatistics,
    access: 'public',
    summary: 'Views, loans, comments, ratings and copies of a record',
  }),
  getAuthorInfo: get('/find/searchResultDetail/getAuthorInfo', {
    input: AuthorInfoQuery,
    output: AuthorInfo,
    access: 'public',
    summary: "The author's records in the catalogue and an encyclopedia entry when a provider has one",
  }),
});
