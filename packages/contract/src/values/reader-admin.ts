/**
 * The staff console's readers (issue 28): plain values, free of schemas (reader-admin.ts re-exports
 * them), so the web app takes the codes and limits without zod.
 */

/** Error codes of the readers' staff calls (in `errCode`). */
export const ReaderAdminErrCode = {
  /** No reader with this id in the institution. */
  noSuchReader: 41701,
  /** The upload is larger than `READER_IMPORT_MAX_BYTES`. */
  fileTooLarge: 41702,
  /** The upload is not text in UTF-8 or GB18030 (a spreadsheet, an image, another encoding). */
  notText: 41703,
  /** The header row lacks `account`, or names a column the import does not know. */
  badHeader: 41704,
  /** More data rows than `READER_IMPORT_MAX_ROWS`. */
  tooManyRows: 41705,
  /** No data rows. */
  emptyFile: 41706,
  /** The file was not previewed (or its preview lapsed), or it is imported already. */
  notPreviewed: 41707,
  /** The file's rows no longer import as previewed (another change came between): preview again. */
  changedSincePreview: 41708,
} as const;

/** The statuses staff set: normal (restore), frozen, lost (the card is reported lost). */
export const READER_ADMIN_STATUSES = ['normal', 'frozen', 'lost'] as const;

/** A reader import's upload: at most 2 MB, 1,000 data rows (each new reader's password is hashed at commit). */
export const READER_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const READER_IMPORT_MAX_ROWS = 1000;
/** How long a preview can be committed. */
export const READER_IMPORT_PREVIEW_MINUTES = 60;

/** The columns of a reader import (header names, any order; `account` is required). */
export const READER_CSV_COLUMNS = [
  'account',
  'password',
  'name',
  'cardNo',
  'libCode',
  'email',
  'phone',
  'status',
  'department',
  'readerType',
  'validFrom',
  'validUntil',
] as const;
export type ReaderCsvColumn = (typeof READER_CSV_COLUMNS)[number];

/**
 * Why a row of an import is rejected (the web app says it in the staff member's language, with the
 * value): a field that is not valid (too long or with control characters: the value names the
 * field), a new reader without a password, a password too short, an account or card number twice in
 * the file, a card number another reader has.
 */
export const READER_ROW_PROBLEMS = [
  'account',
  'cardNo',
  'email',
  'phone',
  'status',
  'date',
  'tooLong',
  'characters',
  'needsPassword',
  'password',
  'duplicateAccount',
  'duplicateCardNo',
  'cardNoTaken',
] as const;
export type ReaderRowProblem = (typeof READER_ROW_PROBLEMS)[number];

/** Characters of a temporary password staff hand out: no 0/O, 1/l/I look-alikes. */
export const TEMPORARY_PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
export const TEMPORARY_PASSWORD_LENGTH = 10;
