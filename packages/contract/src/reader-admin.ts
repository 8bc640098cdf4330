import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { Id, freeText } from './input.js';
import { READER_STATUSES } from './auth.js';
import { LoanListResponse } from './circulation.js';
import { BehaviourPage, TotalMoney } from './fines.js';
import { Page, Rows } from './records.js';
import { RequestPage } from './requests.js';
import { READER_ADMIN_STATUSES, READER_ROW_PROBLEMS } from './values/reader-admin.js';
export * from './values/reader-admin.js';

/**
 * The staff console's readers (issue 28): search, a reader's page, freeze / mark lost / restore,
 * a temporary password, ending sessions, and the CSV import (preview, then commit) for
 * administrators. Staff calls (`X-Staff-Token`); every change is in the audit log.
 */

/** Optional search text: '' when absent. */
const Filter = (max: number) =>
  freeText(max)
    .optional()
    .transform((v) => v ?? '');

/** `GET /find/admin/readers/search`: readers by text (account, card, name, phone, e-mail) and filters. */
export const ReaderSearchQuery = z.object({
  q: Filter(100),
  department: Filter(100),
  readerType: Filter(100),
  status: z.enum(READER_STATUSES).optional(),
  page: Page,
  rows: Rows(20, 100),
});
export type ReaderSearchQuery = z.infer<typeof ReaderSearchQuery>;

/** A reader as the list shows one. */
export const ReaderBrief = z.object({
  readerId: z.number().int(),
  account: z.string(),
  cardNo: z.string(),
  name: z.string(),
  department: z.string(),
  readerType: z.string(),
  status: z.enum(READER_STATUSES),
  phone: z.string(),
  email: z.string(),
  /** YYYY-MM-DD, null when the card does not expire. */
  validUntil: z.string().nullable(),
  /** The reader closed the account (My Library key 14): its personal fields are empty, it cannot log in. */
  closed: z.boolean(),
});
export type ReaderBrief = z.infer<typeof ReaderBrief>;

export const ReaderSearchPage = z.object({ totalCount: z.number().int(), list: z.array(ReaderBrief) });
export type ReaderSearchPage = z.infer<typeof ReaderSearchPage>;

/** `GET /find/admin/readers/reader?readerId=`. */
export const ReaderIdQuery = z.object({ readerId: Id });

/** A reader's page: details, status, last login, loans, requests, fines and what is owed. */
export const ReaderDetail = ReaderBrief.extend({
  libCode: z.string(),
  /** YYYY-MM-DD or null. */
  validFrom: z.string().nullable(),
  /** Whether the card's validity has ended (a status of its own at the desk). */
  expired: z.boolean(),
  mustChangePassword: z.boolean(),
  /** ISO 8601, null: never logged in. */
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  /** Current loans (the first 100). */
  loans: LoanListResponse,
  /** Requests (the latest 100). */
  requests: RequestPage,
  /** Fines and suspensions (the latest 100). */
  fines: BehaviourPage,
  money: TotalMoney,
});
export type ReaderDetail = z.infer<typeof ReaderDetail>;

/** `POST /find/admin/readers/status`: freeze, mark lost or restore (ends the reader's sessions). */
export const ReaderStatusRequest = z.object({ readerId: Id, status: z.enum(READER_ADMIN_STATUSES) });
export type ReaderStatusRequest = z.infer<typeof ReaderStatusRequest>;

export const ReaderStatusChange = z.object({
  readerId: z.number().int(),
  status: z.enum(READER_STATUSES),
  /** The status before (the same when it did not change). */
  previous: z.enum(READER_STATUSES),
});
export type ReaderStatusChange = z.infer<typeof ReaderStatusChange>;

/** `POST /find/admin/readers/resetPassword`: a temporary password, shown once, changed at next login. */
export const TemporaryPassword = z.object({ readerId: z.number().int(), password: z.string() });

/** `POST /find/admin/readers/import/preview` (the body is the CSV file) and `…/import/commit` (the same file). */
export const ReaderImportRejectedRow = z.object({
  /** Line of the file (the header is line 1). */
  line: z.number().int(),
  account: z.string(),
  problem: z.enum(READER_ROW_PROBLEMS),
  /** The value at fault ('' when none). */
  value: z.string(),
});
export type ReaderImportRejectedRow = z.infer<typeof ReaderImportRejectedRow>;

export const ReaderImportReport = z.object({
  /** utf-8 or gb18030: how the file was read. */
  encoding: z.string(),
  rows: z.number().int(),
  /** The preview: rows that would add or update readers; the commit: rows that did. */
  added: z.number().int(),
  updated: z.number().int(),
  rejected: z.array(ReaderImportRejectedRow),
  committed: z.boolean(),
});
export type ReaderImportReport = z.infer<typeof ReaderImportReport>;

/** The staff console's readers: staff calls (the import: administrators). */
export const ReaderAdminCalls = calls('reader-admin', {
  adminReaderSearch: get('/find/admin/readers/search', {
    input: ReaderSearchQuery,
    output: ReaderSearchPage,
    access: 'staff',
    summary: 'Readers by account, card number, name, phone or e-mail, department, reader type and status',
  }),
  adminReader: get('/find/admin/readers/reader', {
    input: ReaderIdQuery,
    output: ReaderDetail,
    access: 'staff',
    summary: "A reader's page: details, status, last login, loans, requests, fines and what is owed",
  }),
  adminReaderStatus: post('/find/admin/readers/status', {
    input: ReaderStatusRequest,
    output: ReaderStatusChange,
    access: 'staff',
    summary: "Freeze a reader, mark the card lost, or restore it (the reader's sessions end at once)",
  }),
  adminReaderResetPassword: post('/find/admin/readers/resetPassword', {
    input: ReaderIdQuery,
    output: TemporaryPassword,
    access: 'staff',
    summary: 'A temporary password for the reader, answered once, to be changed at the next login (sessions end)',
  }),
  adminReaderEndSessions: post('/find/admin/readers/endSessions', {
    input: ReaderIdQuery,
    output: z.object({ readerId: z.number().int() }),
    access: 'staff',
    summary: 'End every session of the reader (they log in again)',
  }),
  adminReaderImportPreview: post('/find/admin/readers/import/preview', {
    output: ReaderImportReport,
    access: 'admin',
    summary:
      'Preview a reader import: the body is the CSV file itself (text/csv, UTF-8 or GB18030, at most 2 MB and ' +
      '1,000 rows); answers the rows to add, to update and the rejected ones with their line and reason',
  }),
  adminReaderImportCommit: post('/find/admin/readers/import/commit', {
    output: ReaderImportReport,
    access: 'admin',
    summary:
      'Import a previewed reader file (the body is the same file): every row of the preview in one transaction, once',
  }),
});
