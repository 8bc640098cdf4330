import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { Id, freeText } from './input.js';
import { Page, Rows } from './records.js';
import { CATALOGUE_FIND_FIELDS, CATALOGUE_IMPORT_FORMATS, CATALOGUE_IMPORT_STATES } from './values/catalogue-admin.js';
export * from './values/catalogue-admin.js';

/**
 * The staff console's catalogue (issue 28): importing a catalogue file through the same pipeline as
 * `openfind import` (uploaded, run in the background, watched), the runs and their reject reports,
 * finding a record (suppressed ones too) with its MARC and copies, suppressing, showing and deleting
 * records. Staff find and view; administrators import, suppress and delete.
 */

/**
 * `POST /find/admin/catalogue/import?fileName=…&format=…&mapping=…`: the body is the file itself
 * (streamed to a temporary file, checked by content before the run starts).
 */
export const CatalogueImportParams = z.object({
  fileName: freeText(200)
    .optional()
    .transform((v) => (v ?? '').trim() || 'catalogue'),
  format: z.enum(CATALOGUE_IMPORT_FORMATS).default('auto'),
  /** A CSV column mapping as `openfind import --mapping` takes it (JSON text); the default mapping otherwise. */
  mapping: z.string().max(8000).optional(),
});
export type CatalogueImportParams = z.infer<typeof CatalogueImportParams>;

/** An import started from the console: what it has done so far (polled while it runs). */
export const CatalogueImportJob = z.object({
  jobId: z.number().int(),
  /** The `import_run` row of the run, once it started. */
  runId: z.number().int().nullable(),
  state: z.enum(CATALOGUE_IMPORT_STATES),
  fileName: z.string(),
  fileSize: z.number(),
  /** SHA-256 of the file. */
  fileHash: z.string().nullable(),
  format: z.string(),
  /** The format the content was recognised as (iso2709, marcxml, marc-json, csv, gzip). */
  detected: z.string().nullable(),
  startedBy: z.string(),
  /** ISO 8601. */
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Seconds since the start (to the end once finished). */
  elapsed: z.number(),
  bytesRead: z.number(),
  read: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  /** Why it failed or was interrupted. */
  error: z.string().nullable(),
  /** Whether a reject report can be downloaded. */
  hasReport: z.boolean(),
});
export type CatalogueImportJob = z.infer<typeof CatalogueImportJob>;

export const CatalogueImportJobQuery = z.object({ jobId: Id });

/** `GET /find/admin/catalogue/import/runs`: every import run of the institution (the console's and the command line's), newest first. */
export const CatalogueImportRunsQuery = z.object({ page: Page, rows: Rows(20, 100) });

export const CatalogueImportRun = z.object({
  runId: z.number().int(),
  /** The console's import of the run; null for a run of `openfind import`. */
  jobId: z.number().int().nullable(),
  state: z.enum([...CATALOGUE_IMPORT_STATES, 'unfinished']),
  fileName: z.string(),
  fileSize: z.number(),
  fileHash: z.string().nullable(),
  format: z.string(),
  startedBy: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  read: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  error: z.string().nullable(),
  hasReport: z.boolean(),
});
export type CatalogueImportRun = z.infer<typeof CatalogueImportRun>;

export const CatalogueImportRuns = z.object({
  totalCount: z.number().int(),
  list: z.array(CatalogueImportRun),
  /** The import running now, if any. */
  running: CatalogueImportJob.nullable(),
});
export type CatalogueImportRuns = z.infer<typeof CatalogueImportRuns>;

/** `GET /find/admin/catalogue/import/report`: the reject report of an import, as text. */
export const CatalogueImportReport = z.object({ fileName: z.string(), text: z.string() });
export type CatalogueImportReport = z.infer<typeof CatalogueImportReport>;

/** `GET /find/admin/catalogue/records`: records by title, ISBN, record id or barcode (suppressed ones too). */
export const CatalogueFindQuery = z.object({
  q: freeText(200).transform((v) => v.trim()),
  field: z.enum(CATALOGUE_FIND_FIELDS).default('any'),
  page: Page,
  rows: Rows(20, 100),
});
export type CatalogueFindQuery = z.infer<typeof CatalogueFindQuery>;

export const CatalogueRecordBrief = z.object({
  recordId: z.number().int(),
  title: z.string(),
  author: z.string(),
  publisher: z.string().nullable(),
  publishYear: z.string().nullable(),
  isbns: z.array(z.string()),
  copies: z.number().int(),
  suppressed: z.boolean(),
});
export type CatalogueRecordBrief = z.infer<typeof CatalogueRecordBrief>;

export const CatalogueFindPage = z.object({ totalCount: z.number().int(), list: z.array(CatalogueRecordBrief) });
export type CatalogueFindPage = z.infer<typeof CatalogueFindPage>;

export const CatalogueRecordQuery = z.object({ recordId: Id });

/** A field of the MARC view: a control field has `value`, a data field indicators and subfields. */
export const CatalogueMarcField = z.object({
  tag: z.string(),
  value: z.string().nullable(),
  ind1: z.string(),
  ind2: z.string(),
  subfields: z.array(z.object({ code: z.string(), value: z.string() })),
});
export type CatalogueMarcField = z.infer<typeof CatalogueMarcField>;

export const CatalogueCopy = z.object({
  barcode: z.string().nullable(),
  callNo: z.string().nullable(),
  libCode: z.string().nullable(),
  location: z.string().nullable(),
  /** 411 on shelf, 412 on loan… (processTypeList). */
  status: z.string(),
  dueDate: z.string().nullable(),
});

export const CatalogueRecordView = CatalogueRecordBrief.extend({
  sourceKey: z.string(),
  sourceFormat: z.string(),
  /** ISO 8601: when the record was last stored (the version the screen acts on). */
  updatedAt: z.string(),
  /** The kept MARC: null for a record imported before it was kept (or too large to show). */
  leader: z.string().nullable(),
  fields: z.array(CatalogueMarcField),
  items: z.array(CatalogueCopy),
  /** Copies on loan and open requests: a record with either cannot be deleted. */
  onLoan: z.number().int(),
  openRequests: z.number().int(),
});
export type CatalogueRecordView = z.infer<typeof CatalogueRecordView>;

/** `POST /find/admin/catalogue/suppress`: hide a record from readers (`suppressed: true`) or show it again. */
export const CatalogueSuppressRequest = z.object({ recordId: Id, suppressed: z.boolean() });
export type CatalogueSuppressRequest = z.infer<typeof CatalogueSuppressRequest>;

export const CatalogueSuppressed = z.object({ recordId: z.number().int(), suppressed: z.boolean() });

/** `POST /find/admin/catalogue/delete`: delete a record with its copies, ratings, comments and favourites. */
export const CatalogueDeleteRequest = z.object({ recordId: Id });

/** The catalogue: staff calls (import, suppress and delete: administrators). */
export const CatalogueAdminCalls = calls('catalogue-admin', {
  catalogueImportUpload: post('/find/admin/catalogue/import', {
    output: CatalogueImportJob,
    access: 'admin',
    summary:
      'Start importing a catalogue file (the body is the file: MARC21/UNIMARC ISO 2709, MARCXML, MARC-in-JSON or CSV; ' +
      'fileName, format and a CSV mapping in the query); checked by content, run in the background, one at a time',
  }),
  catalogueImportStatus: get('/find/admin/catalogue/import/status', {
    input: CatalogueImportJobQuery,
    output: CatalogueImportJob,
    access: 'admin',
    summary: 'The progress of an import: bytes and records read, created, updated, unchanged, skipped, elapsed',
  }),
  catalogueImportRuns: get('/find/admin/catalogue/import/runs', {
    input: CatalogueImportRunsQuery,
    output: CatalogueImportRuns,
    access: 'admin',
    summary: "The institution's import runs with their figures, newest first, and the one running",
  }),
  catalogueImportReport: get('/find/admin/catalogue/import/report', {
    input: CatalogueImportJobQuery,
    output: CatalogueImportReport,
    access: 'admin',
    summary: 'The reject report of an import (what was skipped and why)',
  }),
  catalogueFindRecords: get('/find/admin/catalogue/records', {
    input: CatalogueFindQuery,
    output: CatalogueFindPage,
    access: 'staff',
    summary: 'Records by title, ISBN, record id or barcode, suppressed ones too',
  }),
  catalogueRecord: get('/find/admin/catalogue/record', {
    input: CatalogueRecordQuery,
    output: CatalogueRecordView,
    access: 'staff',
    summary: 'A record with its MARC (tags, indicators, subfields) and its copies',
  }),
  catalogueSuppress: post('/find/admin/catalogue/suppress', {
    input: CatalogueSuppressRequest,
    output: CatalogueSuppressed,
    access: 'admin',
    summary: 'Hide a record from readers (search, record page, lists, counts) or show it again',
  }),
  catalogueDelete: post('/find/admin/catalogue/delete', {
    input: CatalogueDeleteRequest,
    output: z.object({ recordId: z.number().int() }),
    access: 'admin',
    summary: 'Delete a record with its copies, ratings, comments and favourites (refused while on loan or requested)',
  }),
});
