/**
 * Readers' book lists (issue 29, My Library "Other personal-area content", `/personalCenter/bookListDetails`):
 * codes and limits, plain values free of schemas (book-lists.ts re-exports them), so that the web
 * app's forms check what the server checks without bringing zod along.
 */

/** Error codes of the book-list calls (in `errCode`). */
export const BookListErrCode = {
  /** The title is empty or longer than BOOK_LIST_MAX_LENGTH.title. */
  titleInvalid: 43301,
  /** The description is longer than BOOK_LIST_MAX_LENGTH.description. */
  descriptionTooLong: 43302,
  /** A record's note is longer than BOOK_LIST_MAX_LENGTH.note. */
  noteTooLong: 43303,
  /** The reader has MAX_BOOK_LISTS lists already. */
  tooManyLists: 43304,
  /** The list holds MAX_BOOK_LIST_RECORDS records already. */
  tooManyRecords: 43305,
  /** No such list (or a private list of another reader: the same answer, nothing is revealed). */
  noSuchList: 43306,
  /** No such record in the catalogue (or hidden by staff). */
  noSuchRecord: 43307,
  /** The record is not on the list. */
  recordNotOnList: 43308,
  /** The record is on the list already. */
  recordOnList: 43309,
  /** The list was changed meanwhile (another tab): nothing changed, reload. */
  changedMeanwhile: 43310,
  /** The cover is not a JPEG or PNG by its content. */
  coverType: 43311,
  /** The cover file is larger than BOOK_LIST_COVER_MAX_BYTES. */
  coverTooLarge: 43312,
  /** The cover has more pixels than BOOK_LIST_COVER_MAX_PIXELS. */
  coverTooManyPixels: 43313,
  /** The cover starts like a JPEG or PNG but cannot be decoded. */
  coverUnreadable: 43314,
  /** A reader has a list of this title already. */
  titleTaken: 43315,
  /** Staff: hiding a list needs the reason its reader reads (1 to BOOK_LIST_HIDE_REASON_MAX characters). */
  hideReasonInvalid: 43316,
} as const;

/** Longest reason staff give for hiding a reader's list. */
export const BOOK_LIST_HIDE_REASON_MAX = 200;

/** The staff's list of readers' lists: those others can see now, those staff hid, or both. */
export const BOOK_LIST_MODERATION_STATES = ['shown', 'hidden', 'all'] as const;
export type BookListModerationState = (typeof BOOK_LIST_MODERATION_STATES)[number];

/** Lists one reader may have, and records one list may hold. */
export const MAX_BOOK_LISTS = 100;
export const MAX_BOOK_LIST_RECORDS = 500;

/** Longest value of each text field (the form's `maxLength`, the server's limit). */
export const BOOK_LIST_MAX_LENGTH = {
  title: 50,
  description: 500,
  note: 200,
} as const;

/** The cover: at most 2 MB (spec §5 "Personal area"), a JPEG or PNG by content, at most 40 megapixels. */
export const BOOK_LIST_COVER_MAX_BYTES = 2 * 1024 * 1024;
export const BOOK_LIST_COVER_MAX_PIXELS = 40_000_000;
/** The stored cover fits inside this box (a JPEG, its proportions kept). */
export const BOOK_LIST_COVER_BOX = { width: 600, height: 800 } as const;

/** Where a record moves in its list: one place up or down, to the top or the bottom. */
export const BOOK_LIST_MOVES = ['up', 'down', 'top', 'bottom'] as const;
export type BookListMove = (typeof BOOK_LIST_MOVES)[number];

/** Who a list belongs to, as the one asking sees it: the library, another reader, themselves. */
export const BOOK_LIST_OWNERS = ['library', 'reader', 'me'] as const;
export type BookListOwner = (typeof BOOK_LIST_OWNERS)[number];

/** What is wrong with a title as typed (trimmed): empty or too long; null when fine. */
export function bookListTitleProblem(title: string): 'required' | 'tooLong' | null {
  const v = title.trim();
  if (!v) return 'required';
  if ([...v].length > BOOK_LIST_MAX_LENGTH.title) return 'tooLong';
  return null;
}
