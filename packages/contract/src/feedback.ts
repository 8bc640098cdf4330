import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { Id, freeText, yesNo } from './input.js';
import { Page, Rows } from './records.js';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_KINDS,
  FEEDBACK_MAX_LENGTH,
  FEEDBACK_STATUSES,
  MAX_FEEDBACK_BATCH,
  MAX_FEEDBACK_DAILY_LIMIT,
} from './values/feedback.js';
export * from './values/feedback.js';

/**
 * Problem feedback and e-questions (spec §2 key 12 "problem feedback" and "Other personal-area
 * content … e-questions with replied and unreplied lists, feedback list", §5 "Problem feedback at
 * most 300 characters", §7 "e-questions" named only: no method, path or payload shown, designed
 * here). A reader reports a problem (a category, at most 300 characters, optionally about a record,
 * optionally a contact) or asks the library a question (a subject and at most 1000 characters);
 * staff reply (the reader is told in the inbox) and close; the reader sees the thread and may close
 * it. Both kinds live in one queue of the console.
 */

/** Free text up to `max`, trimmed; absent or null is ''. */
const text = (max: number) =>
  z
    .union([freeText(max), z.null()])
    .optional()
    .transform((v) => (v ?? '').trim());

/**
 * The text of a message: the schema takes more than the limit so that the service refuses a long
 * one with its own translated message ("at most 300 characters"), not a generic bad request.
 */
const body = text(4 * FEEDBACK_MAX_LENGTH.question);

/** The form's token of one submission (the same token twice makes one message: a double click). */
const SubmitKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/)
  .optional();

/** `POST /find/feedback/submit`: a reader reports a problem. */
export const FeedbackSubmit = z.object({
  category: z.enum(FEEDBACK_CATEGORIES),
  /** At most 300 characters. */
  content: body,
  /** The record the problem is about (sent from a record's page). */
  recordId: z
    .union([Id, z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  /** A phone number or an e-mail address, optional. */
  contact: text(4 * FEEDBACK_MAX_LENGTH.contact),
  submitKey: SubmitKey,
});
export type FeedbackSubmit = z.infer<typeof FeedbackSubmit>;

/** `POST /find/eQuestion/ask`: a reader asks the library a question. */
export const QuestionAsk = z.object({
  subject: text(4 * FEEDBACK_MAX_LENGTH.subject),
  /** At most 1000 characters. */
  content: body,
  contact: text(4 * FEEDBACK_MAX_LENGTH.contact),
  submitKey: SubmitKey,
});
export type QuestionAsk = z.infer<typeof QuestionAsk>;

/** A reply of the library, as its reader sees it. */
export const FeedbackReply = z.object({
  replyId: z.number().int(),
  body: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type FeedbackReply = z.infer<typeof FeedbackReply>;

/** A message (problem feedback or an e-question) as its reader sees it, with the library's replies. */
export const FeedbackItem = z.object({
  feedbackId: z.number().int(),
  kind: z.enum(FEEDBACK_KINDS),
  /** Problem feedback's category; '' for a question. */
  category: z.union([z.enum(FEEDBACK_CATEGORIES), z.literal('')]),
  /** A question's subject; '' for feedback. */
  subject: z.string(),
  content: z.string(),
  contact: z.string(),
  /** The record the feedback is about, with its title; null when none. */
  record: z.object({ recordId: z.number().int(), title: z.string() }).nullable(),
  status: z.enum(FEEDBACK_STATUSES),
  replies: z.array(FeedbackReply),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the library first replied; null while unreplied. */
  repliedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** Who closed it: the reader, or the library; null while open. */
  closedBy: z.enum(['reader', 'staff']).nullable(),
});
export type FeedbackItem = z.infer<typeof FeedbackItem>;

/** How many messages the reader has sent today and may send in a day. */
const Allowance = {
  sentToday: z.number().int(),
  dailyLimit: z.number().int(),
};

/** `GET /find/feedback/myFeedback`: the reader's problem feedback, newest first. */
export const MyFeedbackQuery = z.object({ page: Page, rows: Rows(10, 50) });
export const MyFeedback = z.object({
  totalCount: z.number().int(),
  list: z.array(FeedbackItem),
  ...Allowance,
});
export type MyFeedback = z.infer<typeof MyFeedback>;

/** `GET /find/eQuestion/myQuestions?replied=1|0`: the reader's questions the library replied to, or not yet. */
export const MyQuestionsQuery = z.object({
  replied: yesNo,
  page: Page,
  rows: Rows(10, 50),
});
export const MyQuestions = z.object({
  totalCount: z.number().int(),
  list: z.array(FeedbackItem),
  repliedCount: z.number().int(),
  unrepliedCount: z.number().int(),
  ...Allowance,
});
export type MyQuestions = z.infer<typeof MyQuestions>;

/** `POST /find/feedback/close`: the reader closes their feedback or question (nothing more to say). */
export const FeedbackIdRequest = z.object({ feedbackId: Id });
export const FeedbackIdQuery = z.object({ feedbackId: Id });

// --- staff

const DateText = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'a date YYYY-MM-DD')
  .optional()
  .transform((v) => v || '');

/** `GET /find/admin/feedback/list`: the institution's feedback and questions, filtered. */
export const FeedbackQueueQuery = z.object({
  kind: z
    .union([z.enum(FEEDBACK_KINDS), z.literal('')])
    .optional()
    .transform((v) => v || undefined),
  status: z
    .union([z.enum(FEEDBACK_STATUSES), z.literal('')])
    .optional()
    .transform((v) => v || undefined),
  /** Sent on or after / on or before (YYYY-MM-DD, the institution's day). */
  from: DateText,
  to: DateText,
  /** Words of the text, subject, contact, or the reader's account or name. */
  q: text(100),
  page: Page,
  rows: Rows(20, MAX_FEEDBACK_BATCH),
});
export type FeedbackQueueQuery = z.infer<typeof FeedbackQueueQuery>;

/** A reply as staff see it: with who wrote it. */
export const StaffFeedbackReply = FeedbackReply.extend({ staffName: z.string() });

/** A message as staff see it: with its reader and who handled it last. */
export const StaffFeedback = FeedbackItem.extend({
  replies: z.array(StaffFeedbackReply),
  readerId: z.number().int(),
  account: z.string(),
  readerName: z.string(),
  handledBy: z.string().nullable(),
});
export type StaffFeedback = z.infer<typeof StaffFeedback>;

export const FeedbackQueue = z.object({
  totalCount: z.number().int(),
  list: z.array(StaffFeedback),
  /** Messages of the institution in each state, under the kind and dates of the filter. */
  counts: z.record(z.enum(FEEDBACK_STATUSES), z.number().int()),
});
export type FeedbackQueue = z.infer<typeof FeedbackQueue>;

/**
 * `POST /find/admin/feedback/reply`: a reply the reader reads (in My Library and the inbox); with
 * `close` it closes the message too. Names the version the screen showed: a message changed
 * meanwhile is refused (`changedMeanwhile`), not answered twice.
 */
export const ReplyFeedbackRequest = z.object({
  feedbackId: Id,
  version: z.coerce.number().int().min(0),
  reply: body,
  close: yesNo,
});
export type ReplyFeedbackRequest = z.infer<typeof ReplyFeedbackRequest>;

/** `POST /find/admin/feedback/close`: close messages (one, or many at once). */
export const CloseFeedbackRequest = z.object({
  items: z
    .array(z.object({ feedbackId: Id, version: z.coerce.number().int().min(0) }))
    .min(1)
    .max(MAX_FEEDBACK_BATCH),
});
export type CloseFeedbackRequest = z.infer<typeof CloseFeedbackRequest>;

export const FeedbackCloseOutcome = z.object({
  changed: z.array(z.number().int()),
  /** Not closed: changed meanwhile, or closed already. */
  conflicts: z.array(
    z.object({ feedbackId: z.number().int(), status: z.enum(FEEDBACK_STATUSES), handledBy: z.string().nullable() }),
  ),
  /** Ids that name no message of the institution. */
  missing: z.array(z.number().int()),
});
export type FeedbackCloseOutcome = z.infer<typeof FeedbackCloseOutcome>;

/** `GET /find/admin/feedback/export`: the filtered messages, one row each, for a CSV file. */
export const FeedbackExportQuery = FeedbackQueueQuery.pick({ kind: true, status: true, from: true, to: true, q: true });
export const FeedbackExportRow = z.object({
  feedbackId: z.number().int(),
  kind: z.enum(FEEDBACK_KINDS),
  category: z.string(),
  status: z.enum(FEEDBACK_STATUSES),
  createdAt: z.string(),
  account: z.string(),
  readerName: z.string(),
  contact: z.string(),
  recordId: z.number().int().nullable(),
  subject: z.string(),
  content: z.string(),
  /** The replies, oldest first, one a line. */
  replies: z.string(),
  repliedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type FeedbackExportRow = z.infer<typeof FeedbackExportRow>;
export const FeedbackExport = z.object({ list: z.array(FeedbackExportRow), capped: z.boolean() });
export type FeedbackExport = z.infer<typeof FeedbackExport>;

/** The institution's feedback settings: messages a reader may send in one day (0 stops them). */
export const FeedbackSettings = z.object({
  dailyLimit: z.coerce.number().int().min(0).max(MAX_FEEDBACK_DAILY_LIMIT),
});
export type FeedbackSettings = z.infer<typeof FeedbackSettings>;

/** Problem feedback and e-questions: the reader's own, the staff queue. */
export const FeedbackCalls = calls('feedback', {
  submitFeedback: post('/find/feedback/submit', {
    input: FeedbackSubmit,
    output: FeedbackItem,
    access: 'reader',
    summary: 'Report a problem (a category, at most 300 characters, optionally about a record)',
  }),
  myFeedback: get('/find/feedback/myFeedback', {
    input: MyFeedbackQuery,
    output: MyFeedback,
    access: 'reader',
    summary: "The reader's problem feedback with its state and the library's replies, newest first",
  }),
  closeFeedback: post('/find/feedback/close', {
    input: FeedbackIdRequest,
    output: FeedbackItem,
    access: 'reader',
    summary: "Close the reader's own feedback or question",
  }),
  askQuestion: post('/find/eQuestion/ask', {
    input: QuestionAsk,
    output: FeedbackItem,
    access: 'reader',
    summary: 'Ask the library a question (a subject and at most 1000 characters)',
  }),
  myQuestions: get('/find/eQuestion/myQuestions', {
    input: MyQuestionsQuery,
    output: MyQuestions,
    access: 'reader',
    summary: "The reader's e-questions the library replied to, or not yet, newest first",
  }),
  adminFeedback: get('/find/admin/feedback/list', {
    input: FeedbackQueueQuery,
    output: FeedbackQueue,
    access: 'staff',
    summary: 'Feedback and questions of the institution by kind, state and date, those waiting first',
  }),
  adminFeedbackDetail: get('/find/admin/feedback/detail', {
    input: FeedbackIdQuery,
    output: StaffFeedback,
    access: 'staff',
    summary: 'One feedback or question with its replies and reader',
  }),
  adminReplyFeedback: post('/find/admin/feedback/reply', {
    input: ReplyFeedbackRequest,
    output: StaffFeedback,
    access: 'staff',
    summary: 'Reply to a feedback or question, and close it if asked (the reader is told)',
  }),
  adminCloseFeedback: post('/find/admin/feedback/close', {
    input: CloseFeedbackRequest,
    output: FeedbackCloseOutcome,
    access: 'staff',
    summary: 'Close feedback and questions, one or many',
  }),
  adminExportFeedback: get('/find/admin/feedback/export', {
    input: FeedbackExportQuery,
    output: FeedbackExport,
    access: 'staff',
    summary: 'The filtered feedback and questions, for a CSV file',
  }),
  adminFeedbackSettings: get('/find/admin/feedback/settings', {
    output: FeedbackSettings,
    access: 'staff',
    summary: 'How many feedback messages and questions a reader may send in a day',
  }),
  adminSaveFeedbackSettings: post('/find/admin/feedback/settings', {
    input: FeedbackSettings,
    output: FeedbackSettings,
    access: 'admin',
    summary: 'Change how many feedback messages and questions a reader may send in a day',
  }),
});
