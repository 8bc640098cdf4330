/**
 * Databases and e-resources navigation (issue 30, `/dataBaseNav`, `/newDataBase`; the console's
 * trial feedback, visit figures and proxy settings): codes, value lists and limits, free of schemas
 * (e-resources.ts re-exports them), so that the web app checks what the server checks without zod.
 */

/** Error codes of the e-resource calls (in `errCode`): 43501–43599. */
export const EResourceErrCode = {
  /** A field is missing or malformed (the message says which). */
  invalid: 43501,
  /** No such database in the institution (or hidden from readers). */
  noSuchDatabase: 43502,
  /** The feedback is empty. */
  feedbackEmpty: 43503,
  /** The feedback is longer than `TRIAL_FEEDBACK_MAX` characters. */
  feedbackTooLong: 43504,
  /** The reader sent `TRIAL_FEEDBACK_DAILY_LIMIT` feedbacks today already. */
  feedbackDailyLimit: 43505,
  /** Feedback is taken for databases on trial only. */
  notOnTrial: 43506,
  /** No such feedback in the institution. */
  noSuchFeedback: 43507,
  /** Someone else changed the feedback since it was read: nothing was saved. */
  changedMeanwhile: 43508,
  /** A campus network is not an IPv4 or IPv6 CIDR block. */
  badNetwork: 43509,
  /** The proxy prefix is not an http(s) address. */
  badProxyPrefix: 43510,
  /** A reply is required to mark feedback replied. */
  replyRequired: 43511,
  /** An import file: unknown kind, wrong header, no package code (the message says which). */
  importInvalid: 43520,
} as const;

/**
 * The database types of the screen ("dbTypes": name, screenId): full text, abstracts and indexes,
 * e-books, e-journals, theses, newspapers, patents and standards, audio and video, data and facts,
 * reference tools.
 */
export const DB_TYPES = [
  'fulltext',
  'abstracts',
  'ebooks',
  'ejournals',
  'theses',
  'newspapers',
  'patents',
  'multimedia',
  'data',
  'reference',
] as const;
export type DbType = (typeof DB_TYPES)[number];

/** The names of the database types, as the server answers them (zh-CN, zh-TW, en-US). */
export const DB_TYPE_NAMES: Record<DbType, [string, string, string]> = {
  fulltext: ['全文数据库', '全文資料庫', 'Full text'],
  abstracts: ['文摘索引', '文摘索引', 'Abstracts and indexes'],
  ebooks: ['电子图书', '電子圖書', 'E-books'],
  ejournals: ['电子期刊', '電子期刊', 'E-journals'],
  theses: ['学位论文', '學位論文', 'Theses and dissertations'],
  newspapers: ['报纸', '報紙', 'Newspapers'],
  patents: ['专利标准', '專利標準', 'Patents and standards'],
  multimedia: ['音视频', '音視頻', 'Audio and video'],
  data: ['数据事实', '數據事實', 'Data and facts'],
  reference: ['工具书', '工具書', 'Reference tools'],
};

/** Languages of a database's content (ISO 639-1, 'other' for the rest). */
export const DB_LANGUAGES = ['zh', 'en', 'ja', 'ko', 'de', 'fr', 'ru', 'other'] as const;
export type DbLanguage = (typeof DB_LANGUAGES)[number];

/** How readers may use a database (as `COLLECTION_ACCESS_KINDS`). */
export const DB_ACCESS_KINDS = ['trial', 'purchased', 'formal', 'open'] as const;
export type DbAccessKind = (typeof DB_ACCESS_KINDS)[number];

/** The A–Z bar: a letter, or '#' for names that start with a digit or another sign. */
export const DB_INITIALS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '#'] as const;

/** Orders of the navigation list: the library's order, name (pinyin), most visited, newest. */
export const DB_SORTS = ['default', 'name', 'visits', 'newest'] as const;
export type DbSort = (typeof DB_SORTS)[number];

/** Which databases `/newDataBase` lists: new ones (added in `NEW_DATABASE_DAYS`), trials, or both. */
export const NEW_DATABASE_KINDS = ['all', 'new', 'trial'] as const;
export type NewDatabaseKind = (typeof NEW_DATABASE_KINDS)[number];
/** A database is new for this many days after it was added. */
export const NEW_DATABASE_DAYS = 180;

/** Trial feedback: at most this many characters (code points), this many a reader sends a day. */
export const TRIAL_FEEDBACK_MAX = 1000;
export const TRIAL_FEEDBACK_DAILY_LIMIT = 5;
/** A staff reply: at most this many characters. */
export const TRIAL_FEEDBACK_REPLY_MAX = 1000;
/** States of trial feedback: new, read by staff, replied to, handled. */
export const TRIAL_FEEDBACK_STATUSES = ['new', 'read', 'replied', 'handled'] as const;
export type TrialFeedbackStatus = (typeof TRIAL_FEEDBACK_STATUSES)[number];

/** Visit figures: the days a staff chart covers (the hot list counts the last 30). */
export const VISIT_WINDOW_DAYS = 30;
/** Campus networks an institution may list. */
export const MAX_CAMPUS_NETWORKS = 100;
/** The longest search text of the navigation. */
export const DB_KEYWORD_MAX = 100;

/** Characters of `s` counted as a reader sees them (code points, so an emoji is one). */
export function codePointLength(s: string): number {
  return [...s].length;
}
