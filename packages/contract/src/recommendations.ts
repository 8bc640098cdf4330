import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { CodeName } from './dictionaries.js';
import { Id, LongId, boundedNumber, freeText, yesNo } from './input.js';
import { Page, Rows } from './records.js';
import {
  MAX_DAILY_RECOMMEND_QUOTA,
  MAX_RECOMMEND_BATCH,
  MAX_RECOMMEND_REPLY,
  RECOMMEND_DECISIONS,
  E_RECOMMEND_KINDS,
  RECOMMEND_KINDS,
  RECOMMEND_LANGUAGES,
  RECOMMEND_MAX_LENGTH,
  RECOMMEND_STATUSES,
  RECOMMEND_TABS,
} from './values/recommendations.js';
export * from './values/recommendations.js';
export * from './values/isbn.js';

/**
 * Resource recommendations, or purchase suggestions (My Library key 6 and `/personalCenter/freeOrder`;
 * spec §4 Recommendation, §5 its checks, §6 the entry's visibility, §7 `/find/recommendBooks/*`, whose
 * paths and payloads the spec does not show: designed here; §8 its messages). A reader looks a book up
 * by ISBN and title first (the catalogue may hold it), then suggests it, or a journal or e-resource;
 * staff work the queue (`/find/admin/recommendations/*`), and the reader is told of each change.
 */

/** A text field as sent: free text up to its limit, trimmed; absent or null is ''. */
const text = (max: number) =>
  z
    .union([freeText(max), z.null()])
    .optional()
    .transform((v) => (v ?? '').trim());

/** `GET /find/recommendBooks/state`: whether and how much the reader may recommend, and the reasons. */
export const RecommendState = z.object({
  /** The institution takes recommendations (its setting; the entry shows when a site flag is on too, spec §6). */
  isAllowRecommend: z.boolean(),
  /** The reader's recommendations of today reach the daily quota. */
  isMaxRecommend: z.boolean(),
  dailyQuota: z.number().int(),
  usedToday: z.number().int(),
  remaining: z.number().int(),
  /** The kinds the site flags allow (freeRec or purderRec: books; customRec: journals and e-resources); none: no form. */
  kinds: z.array(z.enum(RECOMMEND_KINDS)),
  /** The reasons to pick from, in the caller's language. */
  purchaseReasonList: z.array(CodeName),
  /** Why this reader may not recommend now (frozen, lost, no verified contact), translated; null when they may. */
  refusal: z.string().nullable(),
});
export type RecommendState = z.infer<typeof RecommendState>;

/** `POST /find/recommendBooks/lookup`: a book's ISBN and title (both required before a look-up, spec §5). */
export const RecommendLookupRequest = z.object({
  isbn: text(RECOMMEND_MAX_LENGTH.isbn),
  title: text(RECOMMEND_MAX_LENGTH.title),
});
export type RecommendLookupRequest = z.infer<typeof RecommendLookupRequest>;

/** A record of the catalogue the look-up found. */
export const RecommendHeldRecord = z.object({
  recordId: z.number().int(),
  title: z.string(),
  author: z.string(),
  publisher: z.string(),
  publishYear: z.string(),
});

export const RecommendLookup = z.object({
  /** The ISBN as 13 digits. */
  isbn: z.string(),
  /** The catalogue holds it already (by ISBN, or a record of the same title). */
  held: z.boolean(),
  records: z.array(RecommendHeldRecord),
  /** The reader's own open recommendation of it, if any. */
  openRecommendationId: z.number().int().nullable(),
});
export type RecommendLookup = z.infer<typeof RecommendLookup>;

/** `POST /find/recommendBooks/save`: a recommendation as the reader fills it in. */
export const RecommendInput = z.object({
  kind: z.enum(RECOMMEND_KINDS).default('book'),
  title: text(RECOMMEND_MAX_LENGTH.title),
  /** Required for a book (10 or 13 digits, hyphens and spaces ignored, a right check digit). */
  isbn: text(RECOMMEND_MAX_LENGTH.isbn),
  author: text(RECOMMEND_MAX_LENGTH.author),
  publisher: text(RECOMMEND_MAX_LENGTH.publisher),
  publishYear: text(RECOMMEND_MAX_LENGTH.publishYear),
  price: text(RECOMMEND_MAX_LENGTH.price),
  /** A code of `purchaseReasonList`, or ''. */
  reason: text(20),
  note: text(RECOMMEND_MAX_LENGTH.note),
  language: z
    .union([z.enum(RECOMMEND_LANGUAGES), z.null()])
    .optional()
    .transform((v) => v ?? ''),
  /** A journal's publication frequency. */
  frequency: text(RECOMMEND_MAX_LENGTH.frequency),
  /** An e-resource's name (required for one). */
  resourceName: text(RECOMMEND_MAX_LENGTH.resourceName),
  subject: text(RECOMMEND_MAX_LENGTH.subject),
  /** The document types an e-resource includes. */
  docTypes: text(RECOMMEND_MAX_LENGTH.docTypes),
  /** An http(s) link to the journal or e-resource. */
  url: text(RECOMMEND_MAX_LENGTH.url),
});
export type RecommendInput = z.infer<typeof RecommendInput>;

/** `POST /find/newEle/recommendBooks/save`: a journal or an e-resource (an e-resource when the kind is left out). */
export const ERecommendInput = RecommendInput.extend({ kind: z.enum(E_RECOMMEND_KINDS).default('eresource') });
export type ERecommendInput = z.infer<typeof ERecommendInput>;

/** A recommendation as its reader sees it. */
export const Recommendation = z.object({
  id: z.number().int(),
  kind: z.enum(RECOMMEND_KINDS),
  title: z.string(),
  isbn: z.string(),
  author: z.string(),
  publisher: z.string(),
  publishYear: z.string(),
  price: z.string(),
  reason: z.string(),
  /** The reason's name in the caller's language. */
  reasonName: z.string(),
  note: z.string(),
  language: z.string(),
  frequency: z.string(),
  resourceName: z.string(),
  subject: z.string(),
  docTypes: z.string(),
  url: z.string(),
  status: z.enum(RECOMMEND_STATUSES),
  reply: z.string(),
  /** The catalogue holds it now ('already holds this book'; false: 'no holdings'). */
  held: z.boolean(),
  /** The record it is held as: the one staff named when shelving it, or one found by its ISBN. */
  recordId: z.number().int().nullable(),
  /** ISO 8601: the suggest date, and the last change. */
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Recommendation = z.infer<typeof Recommendation>;

/** Count of each tab. */
export const RecommendCounts = z.record(z.enum(RECOMMEND_TABS), z.number().int());
export type RecommendCounts = z.infer<typeof RecommendCounts>;

/** `GET /find/recommendBooks/list?status=&page=&rows=`: the reader's own, newest first. */
export const RecommendListQuery = z.object({
  status: z.enum(RECOMMEND_TABS).default('all'),
  page: Page,
  rows: Rows(10, 50),
});
export type RecommendListQuery = z.infer<typeof RecommendListQuery>;

export const RecommendList = z.object({
  totalCount: z.number().int(),
  counts: RecommendCounts,
  list: z.array(Recommendation),
});
export type RecommendList = z.infer<typeof RecommendList>;

/** `POST /find/recommendBooks/cancel`: an unprocessed recommendation of the reader's. */
export const RecommendIdRequest = z.object({ id: LongId });

// --- staff

const DateText = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'a date YYYY-MM-DD')
  .optional()
  .transform((v) => v || '');

/** `GET /find/admin/recommendations/list`: the institution's queue, filtered, oldest first among the unprocessed. */
export const AdminRecommendQuery = z.object({
  status: z.enum(RECOMMEND_TABS).default('unprocessed'),
  kind: z
    .union([z.enum(RECOMMEND_KINDS), z.literal('')])
    .optional()
    .transform((v) => v ?? ''),
  /** Suggested on or after / on or before (YYYY-MM-DD). */
  from: DateText,
  to: DateText,
  /** Words of the title, ISBN, author, publisher, resource name or the reader's account or name. */
  q: text(100),
  page: Page,
  rows: Rows(20, 200),
});
export type AdminRecommendQuery = z.infer<typeof AdminRecommendQuery>;

export const AdminRecommendation = Recommendation.extend({
  readerId: z.number().int(),
  reader: z.string(),
  readerName: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type AdminRecommendation = z.infer<typeof AdminRecommendation>;

export const AdminRecommendList = z.object({
  totalCount: z.number().int(),
  counts: RecommendCounts,
  list: z.array(AdminRecommendation),
});
export type AdminRecommendList = z.infer<typeof AdminRecommendList>;

export const AdminRecommendIdQuery = z.object({ id: LongId });

/**
 * `POST /find/admin/recommendations/decide`: move recommendations to a state, each from the version
 * the screen read: one changed meanwhile (another tab) is reported, not overwritten.
 */
export const RecommendDecideRequest = z.object({
  items: z
    .array(z.object({ id: LongId, version: boundedNumber(0, 0, 2_147_483_647) }))
    .min(1)
    .max(MAX_RECOMMEND_BATCH),
  status: z.enum(RECOMMEND_DECISIONS),
  /** The reply the reader reads (required for "processed"). */
  reply: text(MAX_RECOMMEND_REPLY),
  /** For "shelved": the record the library holds it as. */
  recordId: Id.optional(),
});
export type RecommendDecideRequest = z.infer<typeof RecommendDecideRequest>;

export const RecommendDecideOutcome = z.object({
  changed: z.array(z.number().int()),
  /** Changed meanwhile, or in a state that cannot go there: their state and version now. */
  conflicts: z.array(z.object({ id: z.number().int(), status: z.enum(RECOMMEND_STATUSES), version: z.number().int() })),
  missing: z.array(z.number().int()),
});
export type RecommendDecideOutcome = z.infer<typeof RecommendDecideOutcome>;

/** The institution's recommendation settings. */
export const RecommendSettings = z.object({
  allow: z.boolean(),
  dailyQuota: z.number().int(),
});
export type RecommendSettings = z.infer<typeof RecommendSettings>;

export const SaveRecommendSettingsRequest = z.object({
  allow: yesNo,
  dailyQuota: boundedNumber(5, 0, MAX_DAILY_RECOMMEND_QUOTA),
});

/** A reader's own recommendations (every call reads and changes only the session reader's). */
export const RecommendationCalls = calls('recommendations', {
  recommendState: get('/find/recommendBooks/state', {
    output: RecommendState,
    access: 'reader',
    summary: 'Whether the reader may recommend (isAllowRecommend, isMaxRecommend, the quota) and the reasons list',
  }),
  recommendLookup: post('/find/recommendBooks/lookup', {
    input: RecommendLookupRequest,
    output: RecommendLookup,
    access: 'reader',
    summary: 'Look a book up in the catalogue by ISBN and title before recommending it',
  }),
  recommendSave: post('/find/recommendBooks/save', {
    input: RecommendInput,
    output: Recommendation,
    access: 'reader',
    summary: 'Recommend a book, journal or e-resource for purchase',
  }),
  recommendList: get('/find/recommendBooks/list', {
    input: RecommendListQuery,
    output: RecommendList,
    access: 'reader',
    summary: "The reader's recommendations by state, with each tab's count",
  }),
  recommendCancel: post('/find/recommendBooks/cancel', {
    input: RecommendIdRequest,
    output: Recommendation,
    access: 'reader',
    summary: 'Cancel an unprocessed recommendation',
  }),
  eRecommendState: get('/find/newEle/recommendBooks/state', {
    output: RecommendState,
    access: 'reader',
    summary: 'As /find/recommendBooks/state, with the kinds of electronic resources only (journals, e-resources)',
  }),
  eRecommendSave: post('/find/newEle/recommendBooks/save', {
    input: ERecommendInput,
    output: Recommendation,
    access: 'reader',
    summary: 'Recommend an e-resource (database) or a journal, from the navigation pages',
  }),
  eRecommendList: get('/find/newEle/recommendBooks/list', {
    input: RecommendListQuery,
    output: RecommendList,
    access: 'reader',
    summary: "The reader's recommendations of e-resources and journals by state, with each tab's count",
  }),
  eRecommendCancel: post('/find/newEle/recommendBooks/cancel', {
    input: RecommendIdRequest,
    output: Recommendation,
    access: 'reader',
    summary: 'Cancel an unprocessed recommendation of an e-resource or journal',
  }),
  adminRecommendations: get('/find/admin/recommendations/list', {
    input: AdminRecommendQuery,
    output: AdminRecommendList,
    access: 'staff',
    summary: "The institution's recommendations by state, kind, date and text",
  }),
  adminRecommendation: get('/find/admin/recommendations/detail', {
    input: AdminRecommendIdQuery,
    output: AdminRecommendation,
    access: 'staff',
    summary: 'One recommendation',
  }),
  adminRecommendDecide: post('/find/admin/recommendations/decide', {
    input: RecommendDecideRequest,
    output: RecommendDecideOutcome,
    access: 'staff',
    summary: 'Move recommendations to processing, ordered, shelved, processed (with a reply) or unsubscribed',
  }),
  adminRecommendSettings: get('/find/admin/recommendations/settings', {
    output: RecommendSettings,
    access: 'staff',
    summary: 'Whether the institution takes recommendations, and the daily quota per reader',
  }),
  adminRecommendSaveSettings: post('/find/admin/recommendations/settings', {
    input: SaveRecommendSettingsRequest,
    output: RecommendSettings,
    access: 'admin',
    summary: 'Change whether the institution takes recommendations and the daily quota',
  }),
});
