import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { Id, freeText } from './input.js';
import { Page, Rows } from './records.js';
import { RICH_TEXT_CONFIG_KEYS } from './rich-text.js';
import {
  ATTACHMENT_KINDS,
  BOOK_LIST_MAX_RECORDS,
  BOOK_LIST_NOTE_MAX,
  COLLECTION_ACCESS_KINDS,
  COLLECTION_MAX_SUBJECTS,
  COLLECTION_VISIBILITY,
  CONTENT_DESCRIPTION_MAX,
  CONTENT_NAME_MAX,
  CONTENT_TEXT_MAX,
  NEWS_CONTENT_MAX,
} from './values/content-admin.js';
export * from './values/content-admin.js';

/**
 * The staff console's content screen (issue 28): what the portal shows besides the catalogue — the
 * e-resources (databases), the library's book lists, donation news, the help and privacy texts, and
 * the files attached to records. Staff calls (`X-Staff-Token`); deleting is for administrators
 * (staff hide or unpublish instead, which can be undone). Every change names the `version` it was
 * made from: a change someone else saved meanwhile is refused (`conflict`), not overwritten.
 */

/** A date, YYYY-MM-DD. */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
/** The version of an item as it was read (a change from another one is refused). */
const Version = z.number().int().min(0).max(2_147_483_647);
/** A name or title, trimmed. */
const Name = (required: boolean) =>
  freeText(CONTENT_NAME_MAX)
    .transform((v) => v.trim())
    .refine((v) => !required || v.length > 0, { message: 'required' });
const Text = (max: number) => freeText(max).transform((v) => v.trim());
/** A link, checked on the server (http(s) only); '' none. */
const Link = z
  .string()
  .max(2048)
  .transform((v) => v.trim());
/** A search text of a staff list. */
const Search = freeText(100)
  .optional()
  .transform((v) => (v ?? '').trim());

/* ---------- E-resources ---------- */

export const AdminCollectionQuery = z.object({
  /** Words of a name (any language). */
  q: Search,
  accessKind: z.enum(COLLECTION_ACCESS_KINDS).optional(),
  visibility: z.enum(COLLECTION_VISIBILITY).default('all'),
  page: Page,
  rows: Rows(20, 100),
});
export type AdminCollectionQuery = z.infer<typeof AdminCollectionQuery>;

/** An e-resource as staff edit it. */
export const AdminCollection = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  nameTw: z.string(),
  description: z.string(),
  descriptionEn: z.string(),
  url: z.string(),
  imageUrl: z.string(),
  accessKind: z.enum(COLLECTION_ACCESS_KINDS),
  /** YYYY-MM-DD, a trial's last day; null otherwise. */
  trialUntil: z.string().nullable(),
  /** Discipline codes (discode1). */
  subjects: z.array(z.string()),
  hidden: z.boolean(),
  seq: z.number().int(),
  visitCount: z.number().int(),
  addedOn: z.string(),
  version: z.number().int(),
});
export type AdminCollection = z.infer<typeof AdminCollection>;

export const AdminCollectionPage = z.object({ totalCount: z.number().int(), list: z.array(AdminCollection) });
export type AdminCollectionPage = z.infer<typeof AdminCollectionPage>;

/** `POST …/collections/save`: a new e-resource (no id) or a change of one (id and version). */
export const SaveCollectionRequest = z.object({
  id: Id.optional(),
  version: Version.optional(),
  name: Name(true),
  nameEn: Name(false).default(''),
  nameTw: Name(false).default(''),
  description: Text(CONTENT_DESCRIPTION_MAX).default(''),
  descriptionEn: Text(CONTENT_DESCRIPTION_MAX).default(''),
  url: Link,
  imageUrl: Link.default(''),
  accessKind: z.enum(COLLECTION_ACCESS_KINDS),
  /** Required for a trial (today or later); ignored otherwise. */
  trialUntil: Day.nullable().optional(),
  subjects: z
    .array(z.string().trim().min(1).max(20))
    .max(COLLECTION_MAX_SUBJECTS)
    .default([])
    .transform((s) => [...new Set(s)]),
});
export type SaveCollectionRequest = z.infer<typeof SaveCollectionRequest>;

/** An item named with the version it was read at. */
export const VersionedId = z.object({ id: Id, version: Version });
export type VersionedId = z.infer<typeof VersionedId>;

export const HideCollectionRequest = VersionedId.extend({ hidden: z.boolean() });
export type HideCollectionRequest = z.infer<typeof HideCollectionRequest>;

/** A new order: every id of the list, first to last. */
export const OrderRequest = z.object({ ids: z.array(Id).min(1).max(1000) });
export type OrderRequest = z.infer<typeof OrderRequest>;

export const Deleted = z.object({ id: z.number().int() });

/* ---------- Book lists ---------- */

export const AdminBookListQuery = z.object({ q: Search, page: Page, rows: Rows(20, 100) });
export type AdminBookListQuery = z.infer<typeof AdminBookListQuery>;

export const AdminBookList = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  nameTw: z.string(),
  description: z.string(),
  descriptionEn: z.string(),
  imageUrl: z.string(),
  published: z.boolean(),
  recordCount: z.number().int(),
  createdDate: z.string(),
  version: z.number().int(),
});
export type AdminBookList = z.infer<typeof AdminBookList>;

export const AdminBookListPage = z.object({ totalCount: z.number().int(), list: z.array(AdminBookList) });
export type AdminBookListPage = z.infer<typeof AdminBookListPage>;

/** A record of a list as staff see it. */
export const AdminListRecord = z.object({
  recordId: z.number().int(),
  title: z.string(),
  author: z.string(),
  isbn: z.string(),
  publishYear: z.string(),
  note: z.string(),
});
export type AdminListRecord = z.infer<typeof AdminListRecord>;

export const AdminBookListDetail = AdminBookList.extend({ records: z.array(AdminListRecord) });
export type AdminBookListDetail = z.infer<typeof AdminBookListDetail>;

export const IdQuery = z.object({ id: Id });

export const SaveBookListRequest = z.object({
  id: Id.optional(),
  version: Version.optional(),
  name: Name(true),
  nameEn: Name(false).default(''),
  nameTw: Name(false).default(''),
  description: Text(CONTENT_DESCRIPTION_MAX).default(''),
  descriptionEn: Text(CONTENT_DESCRIPTION_MAX).default(''),
  imageUrl: Link.default(''),
});
export type SaveBookListRequest = z.infer<typeof SaveBookListRequest>;

export const PublishRequest = VersionedId.extend({ published: z.boolean() });
export type PublishRequest = z.infer<typeof PublishRequest>;

/** `POST …/booklists/records`: the list's records as they should be, in order, each with its note. */
export const SaveListRecordsRequest = VersionedId.extend({
  records: z
    .array(z.object({ recordId: Id, note: Text(BOOK_LIST_NOTE_MAX).default('') }))
    .max(BOOK_LIST_MAX_RECORDS)
    .refine((r) => new Set(r.map((x) => x.recordId)).size === r.length, { message: 'a record twice' }),
});
export type SaveListRecordsRequest = z.infer<typeof SaveListRecordsRequest>;

/** `GET …/records`: records of the catalogue by title words or ISBN, to add to a list or attach files to. */
export const ContentRecordQuery = z.object({
  q: freeText(100).transform((v) => v.trim()),
  rows: Rows(20, 50),
});
export const ContentRecordHits = z.object({
  list: z.array(AdminListRecord.omit({ note: true })),
});
export type ContentRecordHits = z.infer<typeof ContentRecordHits>;

/* ---------- Donation news ---------- */

export const AdminNewsQuery = z.object({ q: Search, page: Page, rows: Rows(20, 100) });
export type AdminNewsQuery = z.infer<typeof AdminNewsQuery>;

export const AdminNews = z.object({
  id: z.number().int(),
  title: z.string(),
  titleEn: z.string(),
  /** Rich text, cleaned by the allow-list when saved. */
  content: z.string(),
  contentEn: z.string(),
  donorName: z.string(),
  copies: z.number().int(),
  remark: z.string(),
  publishedOn: z.string(),
  published: z.boolean(),
  version: z.number().int(),
});
export type AdminNews = z.infer<typeof AdminNews>;

export const AdminNewsPage = z.object({ totalCount: z.number().int(), list: z.array(AdminNews) });
export type AdminNewsPage = z.infer<typeof AdminNewsPage>;

export const SaveNewsRequest = z.object({
  id: Id.optional(),
  version: Version.optional(),
  title: Name(true),
  titleEn: Name(false).default(''),
  content: z.string().max(NEWS_CONTENT_MAX).default(''),
  contentEn: z.string().max(NEWS_CONTENT_MAX).default(''),
  donorName: Name(false).default(''),
  copies: z.number().int().min(0).max(1_000_000).default(0),
  remark: Text(CONTENT_NAME_MAX).default(''),
  /** The day it is dated (and shown from); today when not given. */
  publishedOn: Day.optional(),
  published: z.boolean().default(false),
});
export type SaveNewsRequest = z.infer<typeof SaveNewsRequest>;

/* ---------- Help and privacy texts ---------- */

export const CONTENT_TEXT_KEYS = RICH_TEXT_CONFIG_KEYS;
export type ContentTextKey = (typeof RICH_TEXT_CONFIG_KEYS)[number];

/** The institution's rich texts of the site configuration (one per institution, not per language). */
export const ContentTexts = z.object({
  texts: z.record(z.enum(RICH_TEXT_CONFIG_KEYS), z.string()),
  /** A digest of the texts as read: a save from another one is refused. */
  version: z.string(),
});
export type ContentTexts = z.infer<typeof ContentTexts>;

export const SaveContentTextsRequest = z.object({
  version: z.string().max(128),
  texts: z.partialRecord(z.enum(RICH_TEXT_CONFIG_KEYS), z.string().max(CONTENT_TEXT_MAX)),
});
export type SaveContentTextsRequest = z.infer<typeof SaveContentTextsRequest>;

/* ---------- Attachments of records ---------- */

export const AdminAttachment = z.object({
  attachmentId: z.number().int(),
  name: z.string(),
  kind: z.enum(ATTACHMENT_KINDS),
  /** Where readers get it: the file route for uploaded files, or the link it was imported with. */
  url: z.string(),
  size: z.number().int().nullable(),
  /** The stored file's type ('' for a link). */
  contentType: z.string(),
  seq: z.number().int(),
  version: z.number().int(),
});
export type AdminAttachment = z.infer<typeof AdminAttachment>;

export const RecordAttachmentsQuery = z.object({ recordId: Id });
export const AdminAttachments = z.object({
  record: AdminListRecord.omit({ note: true }),
  list: z.array(AdminAttachment),
});
export type AdminAttachments = z.infer<typeof AdminAttachments>;

/** The query string of an upload (the body is the file itself). */
export const AttachmentUploadQuery = z.object({
  recordId: z.coerce.number().int().min(1).max(2_147_483_647),
  name: z
    .string()
    .max(CONTENT_NAME_MAX)
    .transform((v) => v.trim())
    .refine((v) => v.length > 0, { message: 'required' }),
  kind: z.enum(ATTACHMENT_KINDS).default('other'),
});
export type AttachmentUploadQuery = z.infer<typeof AttachmentUploadQuery>;

export const UpdateAttachmentRequest = z.object({
  attachmentId: Id,
  version: Version,
  name: Name(true),
  kind: z.enum(ATTACHMENT_KINDS),
});
export type UpdateAttachmentRequest = z.infer<typeof UpdateAttachmentRequest>;

export const OrderAttachmentsRequest = z.object({ recordId: Id, ids: z.array(Id).min(1).max(1000) });
export type OrderAttachmentsRequest = z.infer<typeof OrderAttachmentsRequest>;

export const DeleteAttachmentRequest = z.object({ attachmentId: Id, version: Version });

/** `GET /find/attachment/file?mappingPath=&attachmentId=`: an uploaded attachment's file. */
export const AttachmentFileQuery = z.object({
  mappingPath: z.string().max(64).optional().default(''),
  attachmentId: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** The content screen: staff calls (deleting: administrators); the attachment file: public. */
export const ContentAdminCalls = calls('content-admin', {
  contentCollections: get('/find/admin/content/collections', {
    input: AdminCollectionQuery,
    output: AdminCollectionPage,
    access: 'staff',
    summary: 'E-resources (databases) of the institution, by name, access kind and whether hidden, in their order',
  }),
  contentCollectionSave: post('/find/admin/content/collections/save', {
    input: SaveCollectionRequest,
    output: AdminCollection,
    access: 'staff',
    summary: 'Add an e-resource or change one (its version as read): names, links (http(s)), access kind, trial end',
  }),
  contentCollectionHide: post('/find/admin/content/collections/hide', {
    input: HideCollectionRequest,
    output: AdminCollection,
    access: 'staff',
    summary: 'Hide an e-resource from readers or show it again',
  }),
  contentCollectionOrder: post('/find/admin/content/collections/order', {
    input: OrderRequest,
    output: z.object({ ids: z.array(z.number().int()) }),
    access: 'staff',
    summary: "A new order of the institution's e-resources (every id once)",
  }),
  contentCollectionDelete: post('/find/admin/content/collections/delete', {
    input: VersionedId,
    output: Deleted,
    access: 'admin',
    summary: 'Delete an e-resource (administrators; staff hide it instead)',
  }),
  contentBookLists: get('/find/admin/content/booklists', {
    input: AdminBookListQuery,
    output: AdminBookListPage,
    access: 'staff',
    summary: "The library's book lists, published or not, newest first",
  }),
  contentBookList: get('/find/admin/content/booklists/detail', {
    input: IdQuery,
    output: AdminBookListDetail,
    access: 'staff',
    summary: 'A book list with its records in order and their notes',
  }),
  contentBookListSave: post('/find/admin/content/booklists/save', {
    input: SaveBookListRequest,
    output: AdminBookList,
    access: 'staff',
    summary: 'Add a book list (unpublished) or change its names and description',
  }),
  contentBookListPublish: post('/find/admin/content/booklists/publish', {
    input: PublishRequest,
    output: AdminBookList,
    access: 'staff',
    summary: 'Publish a book list to readers or take it back',
  }),
  contentBookListRecords: post('/find/admin/content/booklists/records', {
    input: SaveListRecordsRequest,
    output: AdminBookListDetail,
    access: 'staff',
    summary: "Set a book list's records: which, in what order, with what note",
  }),
  contentBookListDelete: post('/find/admin/content/booklists/delete', {
    input: VersionedId,
    output: Deleted,
    access: 'admin',
    summary: 'Delete a book list (administrators; staff unpublish it instead)',
  }),
  contentRecordSearch: get('/find/admin/content/records', {
    input: ContentRecordQuery,
    output: ContentRecordHits,
    access: 'staff',
    summary: 'Records of the catalogue by title words, ISBN or record id (to add to a list or attach files to)',
  }),
  contentNews: get('/find/admin/content/news', {
    input: AdminNewsQuery,
    output: AdminNewsPage,
    access: 'staff',
    summary: 'Donation news, published or not, newest first',
  }),
  contentNewsSave: post('/find/admin/content/news/save', {
    input: SaveNewsRequest,
    output: AdminNews,
    access: 'staff',
    summary: 'Add or change a donation news item; its content is rich text cleaned by the allow-list',
  }),
  contentNewsPublish: post('/find/admin/content/news/publish', {
    input: PublishRequest,
    output: AdminNews,
    access: 'staff',
    summary: 'Publish a donation news item to readers or take it back',
  }),
  contentNewsDelete: post('/find/admin/content/news/delete', {
    input: VersionedId,
    output: Deleted,
    access: 'admin',
    summary: 'Delete a donation news item (administrators; staff unpublish it instead)',
  }),
  contentTexts: get('/find/admin/content/texts', {
    output: ContentTexts,
    access: 'staff',
    summary: 'The help, privacy and login explanation texts (rich text of the site configuration)',
  }),
  contentTextsSave: post('/find/admin/content/texts/save', {
    input: SaveContentTextsRequest,
    output: ContentTexts,
    access: 'staff',
    summary: 'Save some of the help, privacy and login texts (cleaned by the allow-list; from the version read)',
  }),
  contentAttachments: get('/find/admin/content/attachments', {
    input: RecordAttachmentsQuery,
    output: AdminAttachments,
    access: 'staff',
    summary: "A record's attachments in order",
  }),
  contentAttachmentUpload: post('/find/admin/content/attachments/upload', {
    output: AdminAttachment,
    access: 'staff',
    summary:
      'Attach a file to a record: the body is the file itself, `?recordId=&name=&kind=`; PDF, JPEG, PNG, WebP, ' +
      'UTF-8 text, DOCX or XLSX by its content, at most 20 MB',
  }),
  contentAttachmentUpdate: post('/find/admin/content/attachments/update', {
    input: UpdateAttachmentRequest,
    output: AdminAttachment,
    access: 'staff',
    summary: 'Rename an attachment or change its kind',
  }),
  contentAttachmentOrder: post('/find/admin/content/attachments/order', {
    input: OrderAttachmentsRequest,
    output: z.object({ ids: z.array(z.number().int()) }),
    access: 'staff',
    summary: "A new order of a record's attachments (every id once)",
  }),
  contentAttachmentDelete: post('/find/admin/content/attachments/delete', {
    input: DeleteAttachmentRequest,
    output: Deleted,
    access: 'admin',
    summary: 'Delete an attachment and its file (administrators)',
  }),
  attachmentFile: get('/find/attachment/file', {
    input: AttachmentFileQuery,
    output: undefined,
    access: 'public',
    summary:
      "An uploaded attachment's file, as a download (Content-Disposition: attachment, X-Content-Type-Options: nosniff)",
  }),
});
