import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { Id, LongId, freeText } from './input.js';
import { Page, Rows } from './records.js';
import {
  DB_ACCESS_KINDS,
  DB_INITIALS,
  DB_KEYWORD_MAX,
  DB_LANGUAGES,
  DB_SORTS,
  DB_TYPES,
  MAX_CAMPUS_NETWORKS,
  NEW_DATABASE_KINDS,
  TRIAL_FEEDBACK_REPLY_MAX,
  TRIAL_FEEDBACK_STATUSES,
} from './values/e-resources.js';
export * from './values/e-resources.js';

/**
 * Databases and e-resources navigation (issue 30; spec §2 `/dataBaseNav`, `/dataBaseNav/details/{id}`,
 * `/newDataBase`, `/newDataBase/details/{recordId}`, §3 "Database screen conditions", §4 "Databases:
 * trial, purchased, formal, open access", §7 `/find/databaseNavigation/*` and `/find/newEle/*`, whose
 * payloads the spec does not show: designed here). Visitors browse the institution's databases by
 * subject, type, A–Z (pinyin initial of the Chinese name), name and access; opening one counts a
 * visit and answers the link — direct on campus, through the institution's proxy off campus. Readers
 * send feedback on a database on trial; staff read it, reply, and see the visits of the last 30 days.
 */

/** Free text up to `max`, trimmed; absent or null is ''. */
const text = (max: number) =>
  z
    .union([freeText(max), z.null()])
    .optional()
    .transform((v) => (v ?? '').trim());

/** An optional choice of `values`; '' and null are none. */
const optionalOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : undefined));

/** A subject of the screen (spec §3): a discipline code, its name and English name. */
export const DbSubject = z.object({
  subId: z.string(),
  subName: z.string(),
  eng: z.string(),
  /** Databases of the institution with this subject (shown to readers). */
  count: z.number().int(),
});
export type DbSubject = z.infer<typeof DbSubject>;

/** A database type of the screen (spec §3). */
export const DbTypeOption = z.object({
  screenId: z.enum(DB_TYPES),
  name: z.string(),
  count: z.number().int(),
});
export type DbTypeOption = z.infer<typeof DbTypeOption>;

/** `GET /find/databaseNavigation/screenList`: the screen conditions with their counts. */
export const DbScreenConditions = z.object({
  subjects: z.array(DbSubject),
  dbTypes: z.array(DbTypeOption),
  /** Letters of the A–Z bar that have databases. */
  initials: z.array(z.object({ letter: z.string(), count: z.number().int() })),
  /** Databases by access kind. */
  accessKinds: z.array(z.object({ accessKind: z.enum(DB_ACCESS_KINDS), count: z.number().int() })),
  totalCount: z.number().int(),
});
export type DbScreenConditions = z.infer<typeof DbScreenConditions>;

/** `POST /find/databaseNavigation/list`: the databases matching the screen, paged. */
export const DbListRequest = z.object({
  /** A discipline code (subId). */
  subId: z
    .union([z.string().trim().max(20), z.null()])
    .optional()
    .transform((v) => v || undefined),
  /** A database type (screenId). */
  screenId: optionalOf(DB_TYPES),
  /** A letter of the A–Z bar (pinyin initial of the Chinese name), '#' for the rest. */
  initial: z
    .union([z.string().trim().toUpperCase().pipe(z.enum(DB_INITIALS)), z.literal(''), z.null()])
    .optional()
    .transform((v) => v || undefined),
  /** Words of a name (any of the three) or of the vendor. */
  keyword: text(DB_KEYWORD_MAX),
  accessKind: optionalOf(DB_ACCESS_KINDS),
  /** Content language (ISO 639-1). */
  language: optionalOf(DB_LANGUAGES),
  sort: z
    .union([z.enum(DB_SORTS), z.literal(''), z.null()])
    .optional()
    .transform((v) => v || 'default'),
  page: Page,
  rows: Rows(20, 100),
});
export type DbListRequest = z.infer<typeof DbListRequest>;

/** A database as the navigation lists it. */
export const DbCard = z.object({
  id: z.number().int(),
  /** The name in the request's language (Chinese when none). */
  name: z.string(),
  /** The Chinese name (what A–Z sorts by). */
  nameZh: z.string(),
  /** A–Z letter of the Chinese name's pinyin, '#' for others. */
  initial: z.string(),
  /** The description in the request's language, whole (lists clamp it). */
  description: z.string(),
  imageUrl: z.string(),
  accessKind: z.enum(DB_ACCESS_KINDS),
  /** YYYY-MM-DD; a trial's first and last day (null when not a trial or not set). */
  trialFrom: z.string().nullable(),
  trialUntil: z.string().nullable(),
  /** A trial whose last day has passed. */
  trialEnded: z.boolean(),
  /** Added in the last NEW_DATABASE_DAYS days. */
  isNew: z.boolean(),
  subjects: z.array(z.object({ subId: z.string(), subName: z.string() })),
  dbTypes: z.array(z.object({ screenId: z.enum(DB_TYPES), name: z.string() })),
  languages: z.array(z.enum(DB_LANGUAGES)),
  vendor: z.string(),
  /** Visits in the last 30 days. */
  visitCount: z.number().int(),
  /** YYYY-MM-DD. */
  addedOn: z.string(),
});
export type DbCard = z.infer<typeof DbCard>;

export const DbPage = z.object({ totalCount: z.number().int(), list: z.array(DbCard) });
export type DbPage = z.infer<typeof DbPage>;

/** `GET /find/databaseNavigation/details?id=` (and `/find/newEle/details?recordId=`): one database. */
export const DbDetailQuery = z.object({ id: Id });
export const NewDbDetailQuery = z.object({ recordId: Id });

/** A database's page. */
export const DbDetail = DbCard.extend({
  /** The usage guide in the request's language (plain text, paragraphs by blank lines). */
  guide: z.string(),
  /** Visits of all time. */
  visitTotal: z.number().int(),
  /** Whether it can be opened off campus (through the institution's proxy or a remote link). */
  offCampus: z.boolean(),
  /** The KBART package its title list came from; '' none. */
  packageCode: z.string(),
  /** Titles of its KBART list: journals (serial) and books (monograph). */
  titleCounts: z.object({ serial: z.number().int(), monograph: z.number().int() }),
});
export type DbDetail = z.infer<typeof DbDetail>;

/** `POST /find/databaseNavigation/visit {id}`: counts the click and answers where to go. */
export const DbVisitRequest = z.object({ id: Id });
export const DbVisit = z.object({
  /** The link to open: direct on campus, through the proxy (or the remote link) off campus. */
  url: z.string(),
  /** Whether the caller's address is on a campus network. */
  onCampus: z.boolean(),
  /** Visits in the last 30 days, this one included. */
  visitCount: z.number().int(),
});
export type DbVisit = z.infer<typeof DbVisit>;

/** `POST /find/databaseNavigation/feedback`: a reader's opinion of a database on trial. */
export const TrialFeedbackRequest = z.object({
  id: Id,
  /** 1–1000 characters (code points), checked by the service to say which limit. */
  content: z.string().max(8000),
  /** 1–5 stars, optional. */
  rating: z
    .union([z.coerce.number().int().min(1).max(5), z.null()])
    .optional()
    .transform((v) => v ?? null),
});
export type TrialFeedbackRequest = z.infer<typeof TrialFeedbackRequest>;

/** A trial feedback as its reader sees it. */
export const TrialFeedback = z.object({
  feedbackId: z.number().int(),
  collectionId: z.number().int(),
  rating: z.number().int().nullable(),
  content: z.string(),
  status: z.enum(TRIAL_FEEDBACK_STATUSES),
  /** The library's reply; '' none. */
  reply: z.string(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TrialFeedback = z.infer<typeof TrialFeedback>;

/** `GET /find/databaseNavigation/myFeedback?id=`: the reader's feedback on one database, newest first. */
export const MyTrialFeedback = z.object({
  list: z.array(TrialFeedback),
  /** Feedbacks the reader may still send today. */
  remainingToday: z.number().int(),
});
export type MyTrialFeedback = z.infer<typeof MyTrialFeedback>;

/** `POST /find/newEle/list`: new and trial databases (`/newDataBase`). */
export const NewDbListRequest = z.object({
  kind: z
    .union([z.enum(NEW_DATABASE_KINDS), z.literal(''), z.null()])
    .optional()
    .transform((v) => v || 'all'),
  page: Page,
  rows: Rows(20, 100),
});
export type NewDbListRequest = z.infer<typeof NewDbListRequest>;

/* ---------- The console ---------- */

/** `GET /find/admin/eresources/feedback`: trial feedback of the institution, newest first. */
export const AdminFeedbackQuery = z.object({
  status: optionalOf(TRIAL_FEEDBACK_STATUSES),
  collectionId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  page: Page,
  rows: Rows(20, 100),
});
export type AdminFeedbackQuery = z.infer<typeof AdminFeedbackQuery>;

export const AdminTrialFeedback = TrialFeedback.extend({
  collectionName: z.string(),
  readerId: z.number().int(),
  account: z.string(),
  readerName: z.string(),
  repliedBy: z.string(),
  version: z.number().int(),
});
export type AdminTrialFeedback = z.infer<typeof AdminTrialFeedback>;

export const AdminFeedbackPage = z.object({
  totalCount: z.number().int(),
  list: z.array(AdminTrialFeedback),
  counts: z.record(z.enum(TRIAL_FEEDBACK_STATUSES), z.number().int()),
});
export type AdminFeedbackPage = z.infer<typeof AdminFeedbackPage>;

/** `POST /find/admin/eresources/feedback/handle`: mark read or handled, or reply (the reader is told). */
export const HandleFeedbackRequest = z.object({
  feedbackId: LongId,
  version: z.number().int().min(0).max(2_147_483_647),
  status: z.enum(['read', 'replied', 'handled']),
  reply: text(TRIAL_FEEDBACK_REPLY_MAX),
});
export type HandleFeedbackRequest = z.infer<typeof HandleFeedbackRequest>;

/** `GET /find/admin/eresources/visits`: visits per database over the last 30 days. */
export const DbVisitFigures = z.object({
  /** YYYY-MM-DD, the first and last day covered. */
  from: z.string(),
  to: z.string(),
  /** Visits of every database per day, oldest first (one entry per day). */
  daily: z.array(z.object({ day: z.string(), visits: z.number().int() })),
  list: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      accessKind: z.enum(DB_ACCESS_KINDS),
      visits: z.number().int(),
      visitTotal: z.number().int(),
    }),
  ),
});
export type DbVisitFigures = z.infer<typeof DbVisitFigures>;

/** The institution's e-resource settings: the proxy prefix and the campus networks. */
export const EResourceSettings = z.object({
  /** e.g. https://ezproxy.example.edu.cn/login?url= ; '' no proxy. */
  proxyPrefix: z.string(),
  /** CIDR blocks (IPv4 or IPv6) whose callers are on campus. */
  campusNetworks: z.array(z.string()),
  version: z.number().int(),
});
export type EResourceSettings = z.infer<typeof EResourceSettings>;

export const SaveEResourceSettings = z.object({
  proxyPrefix: z
    .string()
    .max(500)
    .transform((v) => v.trim()),
  campusNetworks: z.array(z.string().trim().min(1).max(64)).max(MAX_CAMPUS_NETWORKS),
  version: z.number().int().min(0).max(2_147_483_647),
});
export type SaveEResourceSettings = z.infer<typeof SaveEResourceSettings>;

/** `GET /find/admin/eresources/details?id=`, `POST …/details/save`: a database's navigation fields. */
export const AdminDbDetails = z.object({
  id: z.number().int(),
  descriptionTw: z.string(),
  guide: z.string(),
  guideEn: z.string(),
  guideTw: z.string(),
  dbTypes: z.array(z.enum(DB_TYPES)),
  languages: z.array(z.enum(DB_LANGUAGES)),
  /** YYYY-MM-DD or null. */
  trialFrom: z.string().nullable(),
  vendor: z.string(),
  urlOffCampus: z.string(),
  proxied: z.boolean(),
  packageCode: z.string(),
  version: z.number().int(),
});
export type AdminDbDetails = z.infer<typeof AdminDbDetails>;

export const SaveAdminDbDetails = z.object({
  id: Id,
  version: z.number().int().min(0).max(2_147_483_647),
  descriptionTw: text(4000),
  guide: text(8000),
  guideEn: text(8000),
  guideTw: text(8000),
  dbTypes: z
    .array(z.enum(DB_TYPES))
    .max(DB_TYPES.length)
    .default([])
    .transform((s) => [...new Set(s)]),
  languages: z
    .array(z.enum(DB_LANGUAGES))
    .max(DB_LANGUAGES.length)
    .default([])
    .transform((s) => [...new Set(s)]),
  trialFrom: z
    .union([z.string().regex(/^\d{4}-\d{2}-\d{2}$/), z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  vendor: text(200),
  urlOffCampus: text(2048),
  proxied: z.boolean().default(false),
  packageCode: text(200),
});
export type SaveAdminDbDetails = z.infer<typeof SaveAdminDbDetails>;

/** Database navigation (public, feedback: readers) and the console's e-resource calls. */
export const EResourceCalls = calls('e-resources', {
  dbScreenList: get('/find/databaseNavigation/screenList', {
    input: z.object({}),
    output: DbScreenConditions,
    access: 'public',
    summary:
      'The screen conditions of the database navigation: subjects, types, A–Z letters, access kinds, with counts',
  }),
  dbList: post('/find/databaseNavigation/list', {
    input: DbListRequest,
    output: DbPage,
    access: 'public',
    summary: 'Databases by subject, type, pinyin initial, name, access kind and language, paged',
  }),
  dbDetails: get('/find/databaseNavigation/details', {
    input: DbDetailQuery,
    output: DbDetail,
    access: 'public',
    summary: "One database's page: descriptions, usage guide, subjects, types, languages, trial dates",
  }),
  dbVisit: post('/find/databaseNavigation/visit', {
    input: DbVisitRequest,
    output: DbVisit,
    access: 'public',
    summary: 'Count a visit and answer the link: direct on campus, through the proxy off campus',
  }),
  dbFeedback: post('/find/databaseNavigation/feedback', {
    input: TrialFeedbackRequest,
    output: TrialFeedback,
    access: 'reader',
    summary: 'Send feedback on a database on trial (1–1000 characters, a few a day)',
  }),
  dbMyFeedback: get('/find/databaseNavigation/myFeedback', {
    input: DbDetailQuery,
    output: MyTrialFeedback,
    access: 'reader',
    summary: "The reader's feedback on one database with the library's replies",
  }),
  newDbList: post('/find/newEle/list', {
    input: NewDbListRequest,
    output: DbPage,
    access: 'public',
    summary: 'New databases (added recently) and databases on trial, newest first',
  }),
  newDbDetails: get('/find/newEle/details', {
    input: NewDbDetailQuery,
    output: DbDetail,
    access: 'public',
    summary: 'One new or trial database (as databaseNavigation/details)',
  }),
  adminDbFeedback: get('/find/admin/eresources/feedback', {
    input: AdminFeedbackQuery,
    output: AdminFeedbackPage,
    access: 'staff',
    summary: 'Trial feedback of the institution by state and database, newest first',
  }),
  adminDbFeedbackHandle: post('/find/admin/eresources/feedback/handle', {
    input: HandleFeedbackRequest,
    output: AdminTrialFeedback,
    access: 'staff',
    summary: 'Mark trial feedback read or handled, or reply (the reader is told in the inbox)',
  }),
  adminDbVisits: get('/find/admin/eresources/visits', {
    input: z.object({}),
    output: DbVisitFigures,
    access: 'staff',
    summary: 'Visits per database and per day over the last 30 days',
  }),
  adminDbDetails: get('/find/admin/eresources/details', {
    input: DbDetailQuery,
    output: AdminDbDetails,
    access: 'staff',
    summary: "A database's navigation fields: guide, types, languages, trial start, vendor, off-campus link",
  }),
  adminDbDetailsSave: post('/find/admin/eresources/details/save', {
    input: SaveAdminDbDetails,
    output: AdminDbDetails,
    access: 'staff',
    summary: "Change a database's navigation fields (its version as read)",
  }),
  adminEResourceSettings: get('/find/admin/eresources/settings', {
    input: z.object({}),
    output: EResourceSettings,
    access: 'staff',
    summary: "The institution's proxy prefix and campus networks",
  }),
  adminEResourceSettingsSave: post('/find/admin/eresources/settings/save', {
    input: SaveEResourceSettings,
    output: EResourceSettings,
    access: 'admin',
    summary: "Set the institution's proxy prefix and campus networks (administrators)",
  }),
});
