/**
 * The reader's inbox (My Library key 13) and the library's notices: codes and limits, plain values
 * free of schemas (inbox.ts re-exports them), so the web app can use them without zod.
 */

/** Error codes of the inbox and notice calls (in `errCode`). */
export const InboxErrCode = {
  /** No such message of this reader (another reader's, deleted, or a withdrawn notice). */
  noSuchMessage: 42701,
  /** A batch action named no message: select one row first (spec §5). */
  noneSelected: 42702,
  /** No such notice of the institution. */
  noSuchNotice: 42711,
  /** The notice is withdrawn already (perhaps in another tab). */
  noticeWithdrawn: 42712,
  /** A notice needs a subject and a body. */
  noticeEmpty: 42713,
  /** The body, once cleaned, is longer than allowed. */
  noticeTooLong: 42714,
  /** No reader of the institution (of the chosen types) to send to. */
  noRecipients: 42715,
  /** A chosen reader type has no reader of the institution. */
  unknownReaderType: 42716,
} as const;

/** How a message's body is written: plain text (lines kept), or the shared rich-text allow-list. */
export const MESSAGE_FORMATS = ['text', 'html'] as const;
export type MessageFormat = (typeof MESSAGE_FORMATS)[number];

/** Who a message is from: the library's notice, or the portal itself (reminders, requests, comments). */
export const MESSAGE_SOURCES = ['notice', 'system'] as const;
export type MessageSource = (typeof MESSAGE_SOURCES)[number];

/** Longest subject of a notice. */
export const NOTICE_SUBJECT_MAX = 200;
/** Longest body of a notice, as sent and as cleaned. */
export const NOTICE_BODY_MAX = 20_000;
/** Most reader types a notice is limited to. */
export const NOTICE_MAX_READER_TYPES = 50;
/** Most message ids a batch action names. */
export const INBOX_MAX_BATCH = 100;
/** Messages on a page of the inbox by default, and at most. */
export const INBOX_PAGE_ROWS = 10;
export const INBOX_MAX_ROWS = 50;
/** Characters of a message's body shown in the list. */
export const INBOX_PREVIEW_CHARS = 80;

/** States of a library notice: sent to the inbox, or withdrawn (its unread copies removed). */
export const NOTICE_STATUSES = ['sent', 'withdrawn'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];
