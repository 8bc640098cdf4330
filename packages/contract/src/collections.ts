import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { Id, freeText } from './input.js';
import { Page, RecordBrief, Rows } from './records.js';
import {
  AZ_LETTERS,
  CLC_TOP_CLASSES,
  EBOOK_SOURCES,
  PACKAGE_CODE_PATTERN,
  PACKAGE_KINDS,
  PACKAGE_RULES,
} from './values/collections.js';
export * from './values/collections.js';

/**
 * Special collections, special libraries and topics (spec §2 /collectionNav, /collectionNavDetail,
 * /specialBaseNav…, /specialBaseDetail/{id}/{twoId}, /specialNav[/{id}]; §7 `/find/dPackage/*` and
 * `POST /find/bookTopic/indexHotTopic`, whose payloads the spec does not show: designed here), and
 * the e-books list (/elecBook). Names and descriptions come in the request language.
 */

const words = z
  .union([freeText(100), z.null()])
  .optional()
  .transform((v) => (v ?? '').trim());

/** A special collection or special library, as lists show it. */
export const SpecialPackage = z.object({
  id: z.number().int(),
  kind: z.enum(PACKAGE_KINDS),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  coverUrl: z.string(),
  /** The special library a child base belongs to (null for a top-level package). */
  parentId: z.number().int().nullable(),
  /** Records the readers see in it (listed and by its rule). */
  recordCount: z.number().int(),
  /** Child bases (special libraries only). */
  childCount: z.number().int(),
});
export type SpecialPackage = z.infer<typeof SpecialPackage>;

/** `POST /find/dPackage/list {kind, parentId}`: the packages of a kind, in the library's order. */
export const PackageListRequest = z.object({
  kind: z.enum(PACKAGE_KINDS).default('collection'),
  /** The child bases of this special library; absent or 0: the top-level packages. */
  parentId: z
    .union([Id, z.literal(0), z.literal('0'), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined || v === '' ? 0 : Number(v))),
});
export type PackageListRequest = z.infer<typeof PackageListRequest>;
export const PackageList = z.array(SpecialPackage);
export type PackageList = z.infer<typeof PackageList>;

/** `GET /find/dPackage/detail?id=`: a package with its parent and its child bases. */
export const PackageDetailQuery = z.object({ id: Id });
export const PackageDetail = SpecialPackage.extend({
  parent: SpecialPackage.nullable(),
  children: z.array(SpecialPackage),
});
export type PackageDetail = z.infer<typeof PackageDetail>;

/** `POST /find/dPackage/records {id, q, page, rows}`: a page of a package's records, found by words of the title or author. */
export const PackageRecordsRequest = z.object({ id: Id, q: words, page: Page, rows: Rows(20, 100) });
export type PackageRecordsRequest = z.infer<typeof PackageRecordsRequest>;
export const PackageRecord = RecordBrief.extend({ callNo: z.string(), hasEcopy: z.boolean() });
export type PackageRecord = z.infer<typeof PackageRecord>;
export const RecordPageOf = z.object({ totalCount: z.number().int(), list: z.array(PackageRecord) });
export type RecordPageOf = z.infer<typeof RecordPageOf>;

/** A topic (专题). */
export const BookTopic = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  coverUrl: z.string(),
  /** The saved search of the topic ('' for a topic of listed records). */
  searchWords: z.string(),
  viewCount: z.number().int(),
  recordCount: z.number().int(),
});
export type BookTopic = z.infer<typeof BookTopic>;

/** `POST /find/bookTopic/indexHotTopic {rows}` and `POST /find/bookTopic/list {page, rows}`. */
export const TopicListRequest = z.object({ page: Page, rows: Rows(6, 50) });
export type TopicListRequest = z.infer<typeof TopicListRequest>;
export const TopicPage = z.object({ totalCount: z.number().int(), list: z.array(BookTopic) });
export type TopicPage = z.infer<typeof TopicPage>;

/** `POST /find/bookTopic/detail {id, page, rows}`: a topic with a page of its records; the view is counted. */
export const TopicDetailRequest = z.object({ id: Id, page: Page, rows: Rows(20, 100) });
export type TopicDetailRequest = z.infer<typeof TopicDetailRequest>;
export const TopicDetail = BookTopic.extend({ totalCount: z.number().int(), list: z.array(PackageRecord) });
export type TopicDetail = z.infer<typeof TopicDetail>;

/** `POST /find/elecBook/list`: e-books of the catalogue and of the KBART title lists. */
export const EbookListRequest = z.object({
  q: words,
  /** A CLC top class ('' for all). */
  classNo: z
    .union([z.enum(CLC_TOP_CLASSES), z.literal(''), z.null()])
    .optional()
    .transform((v) => v ?? ''),
  /** A letter of the A–Z index ('' for all). */
  letter: z
    .union([z.enum(AZ_LETTERS as [string, ...string[]]), z.literal(''), z.null()])
    .optional()
    .transform((v) => v ?? ''),
  page: Page,
  rows: Rows(20, 100),
});
export type EbookListRequest = z.infer<typeof EbookListRequest>;
export const Ebook = z.object({
  source: z.enum(EBOOK_SOURCES),
  /** The catalogue record (source 'catalogue'), or the record of the print edition (same ISBN); else null. */
  recordId: z.number().int().nullable(),
  /** For a KBART line: whether `recordId` names the print edition. */
  printRecord: z.boolean(),
  title: z.string(),
  author: z.string(),
  publisher: z.string(),
  publishYear: z.string(),
  isbn: z.string(),
  url: z.string(),
  /** The package (KBART) or '' (catalogue). */
  packageName: z.string(),
  /** ISO date the record or line arrived (the list's order: newest first). */
  addedAt: z.string(),
});
export type Ebook = z.infer<typeof Ebook>;
export const EbookPage = z.object({ totalCount: z.number().int(), list: z.array(Ebook) });
export type EbookPage = z.infer<typeof EbookPage>;

/** `GET /find/admin/collections/list?kind=`: every package of a kind for the console, hidden ones too. */
export const AdminPackageListRequest = z.object({ kind: z.enum(PACKAGE_KINDS).default('collection') });
export const AdminPackage = z.object({
  id: z.number().int(),
  kind: z.enum(PACKAGE_KINDS),
  code: z.string(),
  /** The special library a child base belongs to (null: top level). */
  parentId: z.number().int().nullable(),
  name: z.string(),
  nameTw: z.string(),
  nameEn: z.string(),
  description: z.string(),
  descriptionTw: z.string(),
  descriptionEn: z.string(),
  coverUrl: z.string(),
  ruleKind: z.enum(PACKAGE_RULES).nullable(),
  ruleValue: z.string(),
  seq: z.number().int(),
  hidden: z.boolean(),
  /** Records listed by hand (the rule's are counted on the public page). */
  listedCount: z.number().int(),
  childCount: z.number().int(),
  /** The version read: a save names it and fails when the package changed since. */
  version: z.string(),
});
export type AdminPackage = z.infer<typeof AdminPackage>;
export const AdminPackageList = z.array(AdminPackage);
export type AdminPackageList = z.infer<typeof AdminPackageList>;

const adminText = (max: number) => freeText(max).default('');

/** `POST /find/admin/collections/save`: create (id 0) or change a package, with the version read. */
export const SaveAdminPackage = z.object({
  /** 0: a new package. */
  id: z.union([Id, z.literal(0)]),
  /** The version read ('' for a new package). */
  version: z.string().max(40).default(''),
  /** A new package's kind (an existing one keeps its own). */
  kind: z.enum(PACKAGE_KINDS).default('collection'),
  code: z.string().trim().regex(PACKAGE_CODE_PATTERN),
  /** The special library a child base belongs to; 0: top level. */
  parentId: z.union([Id, z.literal(0)]).default(0),
  name: freeText(100).pipe(z.string().trim().min(1)),
  nameTw: adminText(100),
  nameEn: adminText(100),
  description: adminText(4000),
  descriptionTw: adminText(4000),
  descriptionEn: adminText(4000),
  coverUrl: adminText(500),
  ruleKind: z.union([z.enum(PACKAGE_RULES), z.literal('')]).default(''),
  ruleValue: adminText(100),
  seq: z.number().int().min(0).max(9999).default(0),
  hidden: z.boolean().default(false),
});
export type SaveAdminPackage = z.infer<typeof SaveAdminPackage>;

/** `GET /find/admin/collections/records?id=`: the records listed in a package by hand, in order. */
export const AdminPackageRecordsRequest = z.object({ id: Id, page: Page, rows: Rows(20, 100) });
export const AdminPackageRecords = z.object({ totalCount: z.number().int(), list: z.array(RecordBrief) });
export type AdminPackageRecords = z.infer<typeof AdminPackageRecords>;

/** `POST /find/admin/collections/records/add|remove {id, recordId}`. */
export const AdminPackageRecordChange = z.object({ id: Id, recordId: Id });
export type AdminPackageRecordChange = z.infer<typeof AdminPackageRecordChange>;
export const AdminPackageListed = z.object({ id: z.number().int(), listedCount: z.number().int() });
export type AdminPackageListed = z.infer<typeof AdminPackageListed>;

/** `POST /find/admin/collections/delete {id, version}`: a package's version read, as a save names it. */
export const AdminDeleteRequest = z.object({ id: Id, version: z.string().max(40) });
export type AdminDeleteRequest = z.infer<typeof AdminDeleteRequest>;
/** A package deleted: how many listed records were unlisted with it (the catalogue keeps them). */
export const AdminPackageDeleted = z.object({ id: z.number().int(), unlistedCount: z.number().int() });
export type AdminPackageDeleted = z.infer<typeof AdminPackageDeleted>;

/** `GET /find/admin/collections/topics/list`: every topic of the institution for the console, hidden ones too. */
export const AdminTopic = z.object({
  id: z.number().int(),
  title: z.string(),
  titleTw: z.string(),
  titleEn: z.string(),
  description: z.string(),
  descriptionTw: z.string(),
  descriptionEn: z.string(),
  coverUrl: z.string(),
  /** The saved search readers are offered ('' for none). */
  searchWords: z.string(),
  seq: z.number().int(),
  hidden: z.boolean(),
  viewCount: z.number().int(),
  /** Records listed by hand. */
  listedCount: z.number().int(),
  /** The version read: a save or a delete names it and fails when the topic changed since. */
  version: z.string(),
});
export type AdminTopic = z.infer<typeof AdminTopic>;
export const AdminTopicList = z.array(AdminTopic);
export type AdminTopicList = z.infer<typeof AdminTopicList>;

/** `POST /find/admin/collections/topics/save`: create (id 0) or change a topic, with the version read. */
export const SaveAdminTopic = z.object({
  /** 0: a new topic. */
  id: z.union([Id, z.literal(0)]),
  /** The version read ('' for a new topic). */
  version: z.string().max(40).default(''),
  title: freeText(100).pipe(z.string().trim().min(1)),
  titleTw: adminText(100),
  titleEn: adminText(100),
  description: adminText(2000),
  descriptionTw: adminText(2000),
  descriptionEn: adminText(2000),
  coverUrl: adminText(500),
  searchWords: adminText(200).transform((v) => v.trim()),
  seq: z.number().int().min(0).max(9999).default(0),
  hidden: z.boolean().default(false),
});
export type SaveAdminTopic = z.infer<typeof SaveAdminTopic>;

/** `POST /find/admin/collections/topics/order {ids}`: every topic of the institution once, in the new order. */
export const AdminTopicOrder = z.object({ ids: z.array(Id).min(1).max(1000) });
export type AdminTopicOrder = z.infer<typeof AdminTopicOrder>;

/** `POST /find/admin/collections/topics/delete {id, version}`. */
export const AdminTopicDeleted = z.object({ id: z.number().int() });
export type AdminTopicDeleted = z.infer<typeof AdminTopicDeleted>;

/** Special collections, special libraries, topics and e-books. */
export const CollectionCalls = calls('collections', {
  packageList: post('/find/dPackage/list', {
    input: PackageListRequest,
    output: PackageList,
    access: 'public',
    summary: 'Special collections or special libraries (top level, or the child bases of one), in the library’s order',
  }),
  packageDetail: get('/find/dPackage/detail', {
    input: PackageDetailQuery,
    output: PackageDetail,
    access: 'public',
    summary: 'A special collection or special library with its parent and child bases',
  }),
  packageRecords: post('/find/dPackage/records', {
    input: PackageRecordsRequest,
    output: RecordPageOf,
    access: 'public',
    summary: 'A page of the records of a special collection or base: listed ones and those its rule takes',
  }),
  indexHotTopic: post('/find/bookTopic/indexHotTopic', {
    input: TopicListRequest,
    output: TopicPage,
    access: 'public',
    summary: 'Hot topics for the home page: most viewed first',
  }),
  topicList: post('/find/bookTopic/list', {
    input: TopicListRequest,
    output: TopicPage,
    access: 'public',
    summary: 'The topics of the institution in the library’s order',
  }),
  topicDetail: post('/find/bookTopic/detail', {
    input: TopicDetailRequest,
    output: TopicDetail,
    access: 'public',
    summary: 'A topic with a page of its records (listed, or found by its saved search); the view is counted',
  }),
  ebookList: post('/find/elecBook/list', {
    input: EbookListRequest,
    output: EbookPage,
    access: 'public',
    summary:
      'E-books: catalogue records with an electronic link and KBART monograph lines, newest first, by words, ' +
      'CLC class and A–Z; a KBART line links the print edition the catalogue holds',
  }),
  adminPackages: get('/find/admin/collections/list', {
    input: AdminPackageListRequest,
    output: AdminPackageList,
    access: 'staff',
    summary: 'Every special collection or special library of the institution for the console, hidden ones too',
  }),
  adminPackageSave: post('/find/admin/collections/save', {
    input: SaveAdminPackage,
    output: AdminPackage,
    access: 'staff',
    summary: "Create a package or change one's names, description, order, hidden flag, parent and rule (version read)",
  }),
  adminPackageRecords: get('/find/admin/collections/records', {
    input: AdminPackageRecordsRequest,
    output: AdminPackageRecords,
    access: 'staff',
    summary: 'The records listed in a package by hand, in order',
  }),
  adminPackageRecordAdd: post('/find/admin/collections/records/add', {
    input: AdminPackageRecordChange,
    output: AdminPackageListed,
    access: 'staff',
    summary: 'List a record of the catalogue in a package (at the end; once)',
  }),
  adminPackageRecordRemove: post('/find/admin/collections/records/remove', {
    input: AdminPackageRecordChange,
    output: AdminPackageListed,
    access: 'staff',
    summary: 'Take a listed record out of a package',
  }),
  adminPackageDelete: post('/find/admin/collections/delete', {
    input: AdminDeleteRequest,
    output: AdminPackageDeleted,
    access: 'admin',
    summary:
      'Delete a package read at its version: its listed records are unlisted (the catalogue keeps them); ' +
      'a special library with child bases is refused',
  }),
  adminTopics: get('/find/admin/collections/topics/list', {
    input: z.object({}),
    output: AdminTopicList,
    access: 'staff',
    summary: 'Every topic of the institution for the console, hidden ones too, in the library’s order',
  }),
  adminTopicSave: post('/find/admin/collections/topics/save', {
    input: SaveAdminTopic,
    output: AdminTopic,
    access: 'staff',
    summary:
      "Create a topic or change one's titles, descriptions, cover, saved search, order and hidden flag (version read)",
  }),
  adminTopicOrder: post('/find/admin/collections/topics/order', {
    input: AdminTopicOrder,
    output: AdminTopicList,
    access: 'staff',
    summary: "A new order of the institution's topics (every id once); readers' list follows it",
  }),
  adminTopicDelete: post('/find/admin/collections/topics/delete', {
    input: AdminDeleteRequest,
    output: AdminTopicDeleted,
    access: 'admin',
    summary: 'Delete a topic read at its version; its listed records are unlisted (the catalogue keeps them)',
  }),
  adminTopicRecords: get('/find/admin/collections/topics/records', {
    input: AdminPackageRecordsRequest,
    output: AdminPackageRecords,
    access: 'staff',
    summary: 'The records listed in a topic, in order',
  }),
  adminTopicRecordAdd: post('/find/admin/collections/topics/records/add', {
    input: AdminPackageRecordChange,
    output: AdminPackageListed,
    access: 'staff',
    summary: 'List a record of the catalogue in a topic (at the end; once)',
  }),
  adminTopicRecordRemove: post('/find/admin/collections/topics/records/remove', {
    input: AdminPackageRecordChange,
    output: AdminPackageListed,
    access: 'staff',
    summary: 'Take a listed record out of a topic',
  }),
});
