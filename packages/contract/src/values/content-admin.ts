/**
 * The staff console's content screen (issue 28): plain values, free of schemas (content-admin.ts
 * re-exports them), so the web app takes the codes and limits without zod.
 */

/** Error codes of the content calls (in `errCode`). */
export const ContentAdminErrCode = {
  /** No e-resource with this id in the institution. */
  noSuchCollection: 42201,
  /** No book list with this id in the institution. */
  noSuchBookList: 42202,
  /** No donation news item with this id in the institution. */
  noSuchNews: 42203,
  /** No attachment with this id in the institution. */
  noSuchAttachment: 42204,
  /** A record named is not a record of the institution. */
  noSuchRecord: 42205,
  /** Someone else (another tab) changed the item since it was read: nothing was saved. */
  conflict: 42206,
  /** A trial needs the day it ends (today or later). */
  trialEndRequired: 42207,
  /** Another item of the institution has this name already. */
  duplicateName: 42208,
  /** The file is larger than `ATTACHMENT_MAX_BYTES`. */
  fileTooLarge: 42209,
  /** The file's content is none of the accepted kinds (whatever its name or declared type). */
  fileTypeRefused: 42210,
  /** The upload is empty. */
  fileEmpty: 42211,
  /** A new order must name every item of the list exactly once. */
  badOrder: 42212,
  /** A link is not an http(s) address. */
  badLink: 42213,
  /** A text is longer than allowed once cleaned. */
  textTooLong: 42214,
} as const;

/** How readers may use an e-resource: on trial (until a day), bought, formally subscribed, open access. */
export const COLLECTION_ACCESS_KINDS = ['trial', 'purchased', 'formal', 'open'] as const;
export type CollectionAccessKind = (typeof COLLECTION_ACCESS_KINDS)[number];

/** Filter of hidden e-resources in the staff list. */
export const COLLECTION_VISIBILITY = ['all', 'shown', 'hidden'] as const;

/** What an attachment is to readers (the `record_attachment.kind` values). */
export const ATTACHMENT_KINDS = ['toc', 'cover', 'preview', 'other'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/** The file kinds an attachment may be, judged by content: their MIME types. */
export const ATTACHMENT_TYPES = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  text: 'text/plain; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
export type AttachmentFileKind = keyof typeof ATTACHMENT_TYPES;

/** The types a browser may declare for an upload (the content decides in the end). */
export const ATTACHMENT_UPLOAD_TYPES: readonly string[] = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'text/plain',
  ATTACHMENT_TYPES.docx,
  ATTACHMENT_TYPES.xlsx,
];

/** An attachment's file: at most 20 MB. */
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;

/** Limits of the texts staff write. */
export const CONTENT_NAME_MAX = 200;
export const CONTENT_DESCRIPTION_MAX = 4000;
/** A donation news item's rich text (per language). */
export const NEWS_CONTENT_MAX = 20000;
export const BOOK_LIST_NOTE_MAX = 500;
/** Most records in one book list. */
export const BOOK_LIST_MAX_RECORDS = 500;
/** Most subjects of an e-resource. */
export const COLLECTION_MAX_SUBJECTS = 30;
/** A help or privacy text (the site configuration's own limit, `SiteConfig`). */
export const CONTENT_TEXT_MAX = 20_000;
