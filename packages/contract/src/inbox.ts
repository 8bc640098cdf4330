import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { LongId, freeText, yesNo } from './input.js';
import { Page, Rows } from './records.js';
import {
  INBOX_MAX_BATCH,
  INBOX_MAX_ROWS,
  INBOX_PAGE_ROWS,
  MESSAGE_FORMATS,
  MESSAGE_SOURCES,
  NOTICE_BODY_MAX,
  NOTICE_MAX_READER_TYPES,
  NOTICE_STATUSES,
  NOTICE_SUBJECT_MAX,
} from './values/inbox.js';
export * from './values/inbox.js';

/**
 * The reader's inbox (My Library key 13; spec §2 key 13, §6 "union authorisation codes are sent to
 * the inbox", §7 `/find/lspNotice/*` and "messages (get, mark read, delete)", whose paths and
 * payloads the spec does not show: designed here) and the library's notices, written by staff and
 * fanned out to the inbox of every reader of the institution (or of some reader types).
 *
 * The inbox holds what the portal tells a reader (reminders, requests, comments' moderation,
 * re-lend asks, codes) and the library's notices. What the default SMS and mail providers
 * delivered (channels phone and mail) is not a message of the inbox: it went to the phone or the
 * mailbox, and it holds one-time codes a screen should not show again.
 */

const Ids = z.array(LongId).max(INBOX_MAX_BATCH);

/** `GET /find/lspNotice/list`: a page of the reader's messages, newest first. */
export const InboxQuery = z.object({
  page: Page,
  rows: Rows(INBOX_PAGE_ROWS, INBOX_MAX_ROWS),
  /** Only the messages not read yet. */
  unread: yesNo,
});
export type InboxQuery = z.infer<typeof InboxQuery>;

export const InboxMessage = z.object({
  messageId: z.number().int(),
  subject: z.string(),
  /** The body's first words as plain text. */
  preview: z.string(),
  /** `notice`: the library's notice; `system`: the portal's (reminders, requests, comments). */
  source: z.enum(MESSAGE_SOURCES),
  format: z.enum(MESSAGE_FORMATS),
  /** ISO 8601. */
  createdAt: z.string(),
  read: z.boolean(),
});
export type InboxMessage = z.infer<typeof InboxMessage>;

export const InboxPage = z.object({
  totalCount: z.number().int(),
  /** The reader's unread messages (all of them, whatever the page). */
  unreadCount: z.number().int(),
  list: z.array(InboxMessage),
});
export type InboxPage = z.infer<typeof InboxPage>;

/** `GET /find/lspNotice/detail`: one message with its whole body (rich text already cleaned when `format` is html). */
export const InboxMessageDetail = InboxMessage.extend({ body: z.string() });
export type InboxMessageDetail = z.infer<typeof InboxMessageDetail>;

export const MessageIdQuery = z.object({ messageId: LongId });

export const UnreadCount = z.object({ unreadCount: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;

/**
 * `POST /find/lspNotice/markRead`: the messages named, or with `all` every message up to `upToId`
 * (the newest the screen showed: one that arrives meanwhile stays unread); none at all is refused.
 */
export const MarkReadRequest = z.object({
  messageIds: Ids.optional().transform((v) => v ?? []),
  all: yesNo,
  upToId: LongId.optional(),
});
export type MarkReadRequest = z.infer<typeof MarkReadRequest>;

/** `POST /find/lspNotice/delete`: the messages named (select one row first). */
export const DeleteMessagesRequest = z.object({ messageIds: Ids });
export type DeleteMessagesRequest = z.infer<typeof DeleteMessagesRequest>;

/** `POST /find/lspNotice/deleteAll`: every message, up to `upToId` when given (the newest the screen showed). */
export const DeleteAllMessagesRequest = z.object({ upToId: LongId.optional() });
export type DeleteAllMessagesRequest = z.infer<typeof DeleteAllMessagesRequest>;

/** What a change did: how many messages it changed, and the unread count after it (the header's badge). */
export const InboxChange = z.object({ changed: z.number().int(), unreadCount: z.number().int() });
export type InboxChange = z.infer<typeof InboxChange>;

/** A logged-in reader's own messages: every call reads and changes only the session reader's. */
export const InboxCalls = calls('inbox', {
  inboxList: get('/find/lspNotice/list', {
    input: InboxQuery,
    output: InboxPage,
    access: 'reader',
    summary: "The reader's messages, newest first (only unread ones on request)",
  }),
  inboxMessage: get('/find/lspNotice/detail', {
    input: MessageIdQuery,
    output: InboxMessageDetail,
    access: 'reader',
    summary: 'One of the reader’s messages with its whole body',
  }),
  inboxUnreadCount: get('/find/lspNotice/unreadCount', {
    output: UnreadCount,
    access: 'reader',
    summary: "How many of the reader's messages are unread (the header's badge)",
  }),
  inboxMarkRead: post('/find/lspNotice/markRead', {
    input: MarkReadRequest,
    output: InboxChange,
    access: 'reader',
    summary: 'Mark messages read: those named, or all up to the newest shown',
  }),
  inboxDelete: post('/find/lspNotice/delete', {
    input: DeleteMessagesRequest,
    output: InboxChange,
    access: 'reader',
    summary: 'Delete the messages named',
  }),
  inboxDeleteAll: post('/find/lspNotice/deleteAll', {
    input: DeleteAllMessagesRequest,
    output: InboxChange,
    access: 'reader',
    summary: 'Delete every message (up to the newest shown)',
  }),
});

// ---- the library's notices (staff) -----------------------------------------------------------

export const NoticeListQuery = z.object({ page: Page, rows: Rows(20, 50) });
export type NoticeListQuery = z.infer<typeof NoticeListQuery>;

export const LibraryNotice = z.object({
  noticeId: z.number().int(),
  subject: z.string(),
  body: z.string(),
  format: z.enum(MESSAGE_FORMATS),
  /** The reader types it was sent to; empty: every reader of the institution. */
  readerTypes: z.array(z.string()),
  status: z.enum(NOTICE_STATUSES),
  /** Readers it was put in the inbox of. */
  recipients: z.number().int(),
  /** Of those, how many have read it. */
  readCount: z.number().int(),
  sentBy: z.string(),
  /** ISO 8601. */
  sentAt: z.string(),
  withdrawnAt: z.string().nullable(),
});
export type LibraryNotice = z.infer<typeof LibraryNotice>;

export const NoticePage = z.object({ totalCount: z.number().int(), list: z.array(LibraryNotice) });
export type NoticePage = z.infer<typeof NoticePage>;

/** `GET /find/admin/notices/readerTypes`: the institution's readers by type, for choosing whom a notice goes to. */
export const NoticeAudience = z.object({
  /** Every reader of the institution. */
  readers: z.number().int(),
  types: z.array(z.object({ readerType: z.string(), readers: z.number().int() })),
});
export type NoticeAudience = z.infer<typeof NoticeAudience>;

/** `POST /find/admin/notices/send`. */
export const SendNoticeRequest = z.object({
  subject: freeText(NOTICE_SUBJECT_MAX).transform((v) => v.trim()),
  /** Plain text, or HTML of the shared rich-text allow-list (cleaned when saved). */
  body: freeText(NOTICE_BODY_MAX),
  format: z.enum(MESSAGE_FORMATS).default('text'),
  /** Limit it to readers of these types; empty: every reader of the institution. */
  readerTypes: z
    .array(freeText(100).transform((v) => v.trim()))
    .max(NOTICE_MAX_READER_TYPES)
    .default([]),
  /**
   * A key the screen makes once per notice written: a second send with it (a double click, a retry
   * after a lost answer) gives the notice sent the first time, nothing sent twice.
   */
  requestKey: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'a request key'),
});
export type SendNoticeRequest = z.infer<typeof SendNoticeRequest>;

export const NoticeIdRequest = z.object({ noticeId: LongId });
export type NoticeIdRequest = z.infer<typeof NoticeIdRequest>;

export const WithdrawnNotice = z.object({
  notice: LibraryNotice,
  /** Unread copies taken out of readers' inboxes (those read stay). */
  removed: z.number().int(),
});
export type WithdrawnNotice = z.infer<typeof WithdrawnNotice>;

/** The library's notices: staff calls (the console's content screen). */
export const NoticeAdminCalls = calls('notices', {
  adminNotices: get('/find/admin/notices/list', {
    input: NoticeListQuery,
    output: NoticePage,
    access: 'staff',
    summary: 'Notices sent, newest first, with how many readers received and read each',
  }),
  adminNoticeAudience: get('/find/admin/notices/readerTypes', {
    output: NoticeAudience,
    access: 'staff',
    summary: "The institution's readers by reader type, for choosing whom a notice goes to",
  }),
  adminNoticeSend: post('/find/admin/notices/send', {
    input: SendNoticeRequest,
    output: LibraryNotice,
    access: 'staff',
    summary: 'Send a notice to the inbox of every reader (of the chosen types), once per request key',
  }),
  adminNoticeWithdraw: post('/find/admin/notices/withdraw', {
    input: NoticeIdRequest,
    output: WithdrawnNotice,
    access: 'staff',
    summary: 'Withdraw a notice: its unread copies leave the inboxes',
  }),
});
