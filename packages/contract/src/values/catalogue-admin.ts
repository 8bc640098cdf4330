/**
 * The staff console's catalogue (issue 28): plain values, free of schemas (catalogue-admin.ts
 * re-exports them), so the web app takes the codes and limits without zod.
 */

/** Error codes of the catalogue's staff calls (in `errCode`). */
export const CatalogueAdminErrCode = {
  /** No record with this id in the institution. */
  noSuchRecord: 42301,
  /** The upload is larger than the server's limit (`CATALOGUE_IMPORT_MAX_MB`, 200 MB by default). */
  fileTooLarge: 42302,
  /** None of the catalogue readers recognises the file (not MARC, MARCXML, MARC-in-JSON or CSV). */
  unrecognisedFile: 42303,
  /** The file is not of the format chosen (a MARCXML file sent as ISO 2709…). */
  formatMismatch: 42304,
  /** An import of the institution is running: one at a time. */
  importRunning: 42305,
  /** No such import of the institution. */
  noSuchImport: 42306,
  /** The CSV column mapping is not valid JSON or not a mapping. */
  badMapping: 42307,
  /** The record is suppressed (or shown) already: someone else did it meanwhile. */
  alreadyInState: 42308,
  /** The record cannot be deleted: a copy of it is on loan. */
  recordOnLoan: 42309,
  /** The record cannot be deleted: readers' requests for it are open. */
  recordRequested: 42310,
  /** The upload is empty. */
  emptyFile: 42311,
  /** The import has no reject report (nothing was rejected). */
  noReport: 42312,
} as const;

/** The formats staff can choose; `auto` detects the file's (and each record's encoding and flavour). */
export const CATALOGUE_IMPORT_FORMATS = ['auto', 'marc', 'marcxml', 'unimarc', 'json', 'csv'] as const;
export type CatalogueImportFormat = (typeof CATALOGUE_IMPORT_FORMATS)[number];

/** An import's state: running, done, failed (a bad file, an error), interrupted (the server stopped). */
export const CATALOGUE_IMPORT_STATES = ['running', 'done', 'failed', 'interrupted'] as const;
export type CatalogueImportState = (typeof CATALOGUE_IMPORT_STATES)[number];

/** The default upload limit (the server's `CATALOGUE_IMPORT_MAX_MB` changes it). */
export const CATALOGUE_IMPORT_DEFAULT_MAX_MB = 200;

/** What the record finder looks in. */
export const CATALOGUE_FIND_FIELDS = ['any', 'title', 'isbn', 'recordId', 'barcode'] as const;
export type CatalogueFindField = (typeof CATALOGUE_FIND_FIELDS)[number];

/** The file types the upload declares (the content decides, not the declaration). */
export const CATALOGUE_FILE_TYPES = [
  'application/marc',
  'application/marcxml+xml',
  'application/xml',
  'text/xml',
  'application/json',
  'text/csv',
  'text/plain',
  'text/tab-separated-values',
  'application/vnd.ms-excel',
  'application/octet-stream',
] as const;
