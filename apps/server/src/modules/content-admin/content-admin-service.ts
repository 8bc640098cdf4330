import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  ApiPath,
  CONTENT_TEXT_MAX,
  ContentAdminErrCode,
  NEWS_CONTENT_MAX,
  RICH_TEXT_CONFIG_KEYS,
  checkLinkUrl,
  type AdminAttachment,
  type AdminAttachments,
  type AdminBookList,
  type AdminBookListDetail,
  type AdminBookListPage,
  type AdminBookListQuery,
  type AdminCollection,
  type AdminCollectionPage,
  type AdminCollectionQuery,
  type AdminNews,
  type AdminNewsPage,
  type AdminNewsQuery,
  type AttachmentKind,
  type AttachmentUploadQuery,
  type ContentRecordHits,
  type ContentTexts,
  type ContentTextKey,
  type HideCollectionRequest,
  type OrderAttachmentsRequest,
  type PublishRequest,
  type SaveBookListRequest,
  type SaveCollectionRequest,
  type SaveContentTextsRequest,
  type SaveListRecordsRequest,
  type SaveNewsRequest,
  type UpdateAttachmentRequest,
  type VersionedId,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import type { MessageKey } from '../../http/messages.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import type { SiteConfigService } from '../site-config/site-config-service.js';
import type { StaffActor } from '../staff/staff-context.js';
import type { StaffService } from '../staff/staff-service.js';
import { attachmentKindOf, contentTypeOf, dispositionOf, kindOfContentType } from './attachment-file.js';
import {
  attachmentIds,
  bookListNameTaken,
  collectionIds,
  collectionNameTaken,
  deleteVersioned,
  exists,
  findAttachment,
  findAttachmentFile,
  findAttachmentRows,
  findBookList,
  findBookListPage,
  findCollection,
  findCollectionPage,
  findListRecords,
  findNews,
  findNewsPage,
  insertAttachment,
  insertBookList,
  insertCollection,
  insertNews,
  knownRecords,
  renumber,
  replaceListRecords,
  searchRecords,
  updateAttachment,
  updateBookList,
  updateVersioned,
  type AttachmentRow,
  type BookListRow,
  type CollectionRow,
  type ListRecordRow,
  type NewsRow,
  type VersionedTable,
} from './content-admin-repository.js';

const E = ContentAdminErrCode;
const err = (key: MessageKey, code: number, params: Record<string, string | number> = {}) =>
  new AppError(key, code, params);

/** The content screen's failures (translated messages, the contract's codes). */
export const ContentAdminErrors = {
  noSuchCollection: () => err('contentNoSuchCollection', E.noSuchCollection),
  noSuchBookList: () => err('contentNoSuchBookList', E.noSuchBookList),
  noSuchNews: () => err('contentNoSuchNews', E.noSuchNews),
  noSuchAttachment: () => err('contentNoSuchAttachment', E.noSuchAttachment),
  noSuchRecord: (recordId: number) => err('contentNoSuchRecord', E.noSuchRecord, { recordId }),
  conflict: () => err('contentConflict', E.conflict),
  trialEndRequired: () => err('contentTrialEndRequired', E.trialEndRequired),
  duplicateName: (name: string) => err('contentDuplicateName', E.duplicateName, { name }),
  fileTooLarge: () => err('contentFileTooLarge', E.fileTooLarge),
  fileTypeRefused: () => err('contentFileTypeRefused', E.fileTypeRefused),
  fileEmpty: () => err('contentFileEmpty', E.fileEmpty),
  badOrder: () => err('contentBadOrder', E.badOrder),
  badLink: (link: string) => err('contentBadLink', E.badLink, { link: link.slice(0, 100) }),
  textTooLong: () => err('contentTextTooLong', E.textTooLong),
};

/** A link staff typed: '' stays '' when allowed, else an http(s) address or refused. */
function httpLink(raw: string, required: boolean): string {
  if (!raw && !required) return '';
  const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(raw)?.[1]?.toLowerCase();
  const checked = checkLinkUrl(raw);
  // Identifier rewrites (doi:…) are for catalogue data; staff give the address itself.
  if (!checked.url || (scheme !== 'http' && scheme !== 'https')) throw ContentAdminErrors.badLink(raw);
  return checked.url;
}

/** Today in UTC, YYYY-MM-DD. */
const today = () => new Date().toISOString().slice(0, 10);

const collectionOf = (r: CollectionRow): AdminCollection => ({
  id: r.id,
  name: r.name,
  nameEn: r.name_en,
  nameTw: r.name_tw,
  description: r.description,
  descriptionEn: r.description_en,
  url: r.url,
  imageUrl: r.image_url ?? '',
  accessKind: r.access_kind,
  trialUntil: r.trial_until,
  subjects: r.subjects,
  hidden: r.hidden,
  seq: r.seq,
  visitCount: r.visit_count,
  addedOn: r.added_on,
  version: r.version,
});

const bookListOf = (r: BookListRow): AdminBookList => ({
  id: r.id,
  name: r.name,
  nameEn: r.name_en,
  nameTw: r.name_tw,
  description: r.description,
  descriptionEn: r.description_en,
  imageUrl: r.image_url ?? '',
  published: r.published,
  recordCount: r.record_count,
  createdDate: r.created_date,
  version: r.version,
});

const recordOf = (r: Omit<ListRecordRow, 'note'>) => ({
  recordId: r.record_id,
  title: r.title,
  author: r.author,
  isbn: r.isbns[0] ?? '',
  publishYear: r.publish_year ?? '',
});

const newsOf = (r: NewsRow): AdminNews => ({
  id: r.id,
  title: r.title,
  titleEn: r.title_en,
  content: r.content,
  contentEn: r.content_en,
  donorName: r.donor_name,
  copies: r.copies,
  remark: r.remark,
  publishedOn: r.published_on,
  published: r.published,
  version: r.version,
});

const attachmentOf = (r: AttachmentRow): AdminAttachment => ({
  attachmentId: r.id,
  name: r.name,
  kind: r.kind as AttachmentKind,
  url: r.url,
  size: r.size === null ? null : Number(r.size),
  contentType: r.content_type ?? '',
  seq: r.seq,
  version: r.version,
});

/** The address readers download an uploaded attachment at. */
export const attachmentFileUrl = (mappingPath: string, id: number) =>
  `${ApiPath.attachmentFile}?${new URLSearchParams({ mappingPath, attachmentId: String(id) }).toString()}`;

/** The digest of the texts as read: what a save must name. */
const textsVersion = (texts: Record<string, string>) =>
  createHash('sha256')
    .update(JSON.stringify(RICH_TEXT_CONFIG_KEYS.map((k) => texts[k] ?? '')))
    .digest('hex')
    .slice(0, 32);

/** What saving, hiding or publishing and deleting one kind of content needs to know of it. */
interface ContentKind<Row, View> {
  table: VersionedTable;
  /** The audit log's action prefix (`content.news`) and its target's noun (`donation news 7`). */
  action: string;
  noun: string;
  find: (db: Kysely<Database>, tenantId: number, id: number) => Promise<Row | undefined>;
  view: (row: Row) => View;
  missing: () => AppError;
}

const COLLECTION: ContentKind<CollectionRow, AdminCollection> = {
  table: 'e_collection',
  action: 'content.collection',
  noun: 'e-resource',
  find: findCollection,
  view: collectionOf,
  missing: ContentAdminErrors.noSuchCollection,
};
const BOOK_LIST: ContentKind<BookListRow, AdminBookList> = {
  table: 'book_list',
  action: 'content.bookList',
  noun: 'book list',
  find: findBookList,
  view: bookListOf,
  missing: ContentAdminErrors.noSuchBookList,
};
const NEWS: ContentKind<NewsRow, AdminNews> = {
  table: 'donate_news',
  action: 'content.news',
  noun: 'donation news',
  find: findNews,
  view: newsOf,
  missing: ContentAdminErrors.noSuchNews,
};

/**
 * The staff console's content: e-resources, book lists, donation news, the help and privacy texts,
 * and records' attachments. Each change is one transaction with its audit row (before and after;
 * never a file's bytes), guarded by the version the screen read: a change someone saved meanwhile
 * is refused with `conflict`, nothing overwritten.
 */
export class ContentAdmin {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: { staff: StaffService; siteConfig: SiteConfigService },
  ) {}

  private audit(
    db: Kysely<Database>,
    actor: StaffActor,
    ip: string,
    e: { action: string; target: string; before?: unknown; after?: unknown },
  ) {
    return this.deps.staff.audit(
      { tenantId: actor.tenantId, staffId: actor.staffId, actor: actor.username, ip, ...e },
      db,
    );
  }

  /** After a guarded change changed nothing: the item is gone (`missing`) or someone changed it first. */
  private async missingOrConflict(
    db: Kysely<Database>,
    table: VersionedTable,
    tenantId: number,
    id: number,
    missing: () => AppError,
  ): Promise<never> {
    throw (await exists(db, table, tenantId, id)) ? ContentAdminErrors.conflict() : missing();
  }

  /**
   * Adds an item of `kind` (`insert`) or changes one read at `input.version` to `fields`, in `trx`,
   * with its audit row (before and after); the item as it is now.
   */
  private async saveItem<Row, View>(
    trx: Kysely<Database>,
    kind: ContentKind<Row, View>,
    actor: StaffActor,
    ip: string,
    input: { id?: number | undefined; version?: number | undefined },
    fields: Record<string, unknown>,
    insert: () => Promise<number>,
  ): Promise<View> {
    const { tenantId } = actor;
    let id = input.id;
    let before: Row | undefined;
    if (id === undefined) id = await insert();
    else {
      before = await kind.find(trx, tenantId, id);
      if (!before) throw kind.missing();
      if (!(await updateVersioned(trx, kind.table, tenantId, id, input.version ?? -1, fields)))
        await this.missingOrConflict(trx, kind.table, tenantId, id, kind.missing);
    }
    const after = (await kind.find(trx, tenantId, id))!;
    await this.audit(trx, actor, ip, {
      action: `${kind.action}.${before ? 'update' : 'add'}`,
      target: `${kind.noun} ${id}`,
      before: before && kind.view(before),
      after: kind.view(after),
    });
    return kind.view(after);
  }

  /** Sets one flag of an item read at `input.version` (hidden, published), audited as `verb`. */
  private toggle<Row, View>(
    kind: ContentKind<Row, View>,
    actor: StaffActor,
    ip: string,
    input: VersionedId,
    flag: { hidden: boolean } | { published: boolean },
    verb: string,
  ): Promise<View> {
    const { tenantId } = actor;
    const [[name, value]] = Object.entries(flag) as [[string, boolean]];
    return inTransaction(this.db, async (trx) => {
      if (!(await updateVersioned(trx, kind.table, tenantId, input.id, input.version, flag)))
        await this.missingOrConflict(trx, kind.table, tenantId, input.id, kind.missing);
      await this.audit(trx, actor, ip, {
        action: `${kind.action}.${verb}`,
        target: `${kind.noun} ${input.id}`,
        before: { [name]: !value },
        after: { [name]: value },
      });
      return kind.view((await kind.find(trx, tenantId, input.id))!);
    });
  }

  /** Deletes an item read at `input.version`; the audit row keeps what it was (`beforeOf`: more of it). */
  private deleteItem<Row, View>(
    kind: ContentKind<Row, View>,
    actor: StaffActor,
    ip: string,
    input: VersionedId,
    beforeOf: (trx: Kysely<Database>, view: View) => Promise<unknown> = async (_, view) => view,
  ): Promise<{ id: number }> {
    const { tenantId } = actor;
    return inTransaction(this.db, async (trx) => {
      const row = await kind.find(trx, tenantId, input.id);
      if (!row) throw kind.missing();
      const before = await beforeOf(trx, kind.view(row));
      if (!(await deleteVersioned(trx, kind.table, tenantId, input.id, input.version)))
        throw ContentAdminErrors.conflict();
      await this.audit(trx, actor, ip, { action: `${kind.action}.delete`, target: `${kind.noun} ${input.id}`, before });
      return { id: input.id };
    });
  }

  // ---- e-resources ----------------------------------------------------------------------------

  async collections(tenantId: number, q: AdminCollectionQuery): Promise<AdminCollectionPage> {
    const { total, rows } = await findCollectionPage(this.db, tenantId, {
      text: q.q.toLowerCase(),
      accessKind: q.accessKind,
      hidden: q.visibility === 'all' ? undefined : q.visibility === 'hidden',
      offset: (q.page - 1) * q.rows,
      rows: q.rows,
    });
    return { totalCount: total, list: rows.map(collectionOf) };
  }

  async saveCollection(actor: StaffActor, input: SaveCollectionRequest, ip: string): Promise<AdminCollection> {
    const { tenantId } = actor;
    const trial = input.accessKind === 'trial';
    if (trial && (!input.trialUntil || input.trialUntil < today())) throw ContentAdminErrors.trialEndRequired();
    const fields = {
      name: input.name,
      name_en: input.nameEn,
      name_tw: input.nameTw,
      description: input.description,
      description_en: input.descriptionEn,
      url: httpLink(input.url, true),
      image_url: httpLink(input.imageUrl, false) || null,
      access_kind: input.accessKind,
      trial_until: trial ? input.trialUntil! : null,
      subjects: input.subjects,
    };
    return inTransaction(this.db, async (trx) => {
      if (await collectionNameTaken(trx, tenantId, fields.name, input.id ?? 0))
        throw ContentAdminErrors.duplicateName(fields.name);
      return this.saveItem(trx, COLLECTION, actor, ip, input, fields, () => insertCollection(trx, tenantId, fields));
    });
  }

  hideCollection(actor: StaffActor, input: HideCollectionRequest, ip: string): Promise<AdminCollection> {
    return this.toggle(COLLECTION, actor, ip, input, { hidden: input.hidden }, input.hidden ? 'hide' : 'show');
  }

  async orderCollections(actor: StaffActor, ids: number[], ip: string): Promise<{ ids: number[] }> {
    const { tenantId } = actor;
    return inTransaction(this.db, async (trx) => {
      const before = await collectionIds(trx, tenantId);
      if (!sameMembers(before, ids)) throw ContentAdminErrors.badOrder();
      await renumber(trx, 'e_collection', tenantId, ids);
      await this.audit(trx, actor, ip, {
        action: 'content.collection.order',
        target: 'e-resources',
        before: { ids: before },
        after: { ids },
      });
      return { ids };
    });
  }

  deleteCollection(actor: StaffActor, input: VersionedId, ip: string): Promise<{ id: number }> {
    return this.deleteItem(COLLECTION, actor, ip, input);
  }

  // ---- book lists -----------------------------------------------------------------------------

  async bookLists(tenantId: number, q: AdminBookListQuery): Promise<AdminBookListPage> {
    const { total, rows } = await findBookListPage(this.db, tenantId, {
      text: q.q.toLowerCase(),
      offset: (q.page - 1) * q.rows,
      rows: q.rows,
    });
    return { totalCount: total, list: rows.map(bookListOf) };
  }

  async bookList(tenantId: number, id: number, db: Kysely<Database> = this.db): Promise<AdminBookListDetail> {
    const row = await findBookList(db, tenantId, id);
    if (!row) throw ContentAdminErrors.noSuchBookList();
    const records = await findListRecords(db, tenantId, id);
    return { ...bookListOf(row), records: records.map((r) => ({ ...recordOf(r), note: r.note })) };
  }

  async saveBookList(actor: StaffActor, input: SaveBookListRequest, ip: string): Promise<AdminBookList> {
    const { tenantId } = actor;
    const fields = {
      name: input.name,
      name_en: input.nameEn,
      name_tw: input.nameTw,
      description: input.description,
      description_en: input.descriptionEn,
      image_url: httpLink(input.imageUrl, false) || null,
    };
    return inTransaction(this.db, async (trx) => {
      if (await bookListNameTaken(trx, tenantId, fields.name, input.id ?? 0))
        throw ContentAdminErrors.duplicateName(fields.name);
      return this.saveItem(trx, BOOK_LIST, actor, ip, input, fields, () => insertBookList(trx, tenantId, fields));
    });
  }

  publishBookList(actor: StaffActor, input: PublishRequest, ip: string): Promise<AdminBookList> {
    const published = input.published;
    return this.toggle(BOOK_LIST, actor, ip, input, { published }, published ? 'publish' : 'unpublish');
  }

  async saveListRecords(actor: StaffActor, input: SaveListRecordsRequest, ip: string): Promise<AdminBookListDetail> {
    const { tenantId } = actor;
    return inTransaction(this.db, async (trx) => {
      const known = await knownRecords(
        trx,
        tenantId,
        input.records.map((r) => r.recordId),
      );
      const unknown = input.records.find((r) => !known.has(r.recordId));
      if (unknown) throw ContentAdminErrors.noSuchRecord(unknown.recordId);
      const before = await findListRecords(trx, tenantId, input.id);
      // The guarded update first: it locks the list, so two saves of its records queue up.
      if (!(await updateBookList(trx, tenantId, input.id, input.version, {})))
        await this.missingOrConflict(trx, 'book_list', tenantId, input.id, ContentAdminErrors.noSuchBookList);
      await replaceListRecords(trx, tenantId, input.id, input.records);
      await this.audit(trx, actor, ip, {
        action: 'content.bookList.records',
        target: `book list ${input.id}`,
        before: { records: before.map((r) => ({ recordId: r.record_id, note: r.note })) },
        after: { records: input.records },
      });
      return this.bookList(tenantId, input.id, trx);
    });
  }

  deleteBookList(actor: StaffActor, input: VersionedId, ip: string): Promise<{ id: number }> {
    // The list's records go with it: the audit row keeps them.
    return this.deleteItem(BOOK_LIST, actor, ip, input, async (trx, view) => ({
      ...view,
      records: (await findListRecords(trx, actor.tenantId, input.id)).map((r) => ({
        recordId: r.record_id,
        note: r.note,
      })),
    }));
  }

  async searchRecords(tenantId: number, q: { q: string; rows: number }): Promise<ContentRecordHits> {
    if (!q.q) return { list: [] };
    return { list: (await searchRecords(this.db, tenantId, q.q, q.rows)).map(recordOf) };
  }

  // ---- donation news --------------------------------------------------------------------------

  async news(tenantId: number, q: AdminNewsQuery): Promise<AdminNewsPage> {
    const { total, rows } = await findNewsPage(this.db, tenantId, {
      text: q.q.toLowerCase(),
      offset: (q.page - 1) * q.rows,
      rows: q.rows,
    });
    return { totalCount: total, list: rows.map(newsOf) };
  }

  async saveNews(actor: StaffActor, input: SaveNewsRequest, ip: string): Promise<AdminNews> {
    const { tenantId } = actor;
    const [content, contentEn] = await Promise.all([
      sanitizeRichText(input.content),
      sanitizeRichText(input.contentEn),
    ]);
    // Cleaning can lengthen a text (closing tags, escaped characters).
    if (content.length > NEWS_CONTENT_MAX || contentEn.length > NEWS_CONTENT_MAX)
      throw ContentAdminErrors.textTooLong();
    const fields = {
      title: input.title,
      title_en: input.titleEn,
      content,
      content_en: contentEn,
      donor_name: input.donorName,
      copies: input.copies,
      remark: input.remark,
      published_on: input.publishedOn ?? today(),
    };
    return inTransaction(this.db, (trx) =>
      this.saveItem(trx, NEWS, actor, ip, input, fields, () =>
        insertNews(trx, tenantId, { ...fields, published: input.published }),
      ),
    );
  }

  publishNews(actor: StaffActor, input: PublishRequest, ip: string): Promise<AdminNews> {
    const published = input.published;
    return this.toggle(NEWS, actor, ip, input, { published }, published ? 'publish' : 'unpublish');
  }

  deleteNews(actor: StaffActor, input: VersionedId, ip: string): Promise<{ id: number }> {
    return this.deleteItem(NEWS, actor, ip, input);
  }

  // ---- help and privacy texts -----------------------------------------------------------------

  async texts(tenantId: number): Promise<ContentTexts> {
    const { config } = await this.deps.siteConfig.settings(tenantId);
    const texts = Object.fromEntries(RICH_TEXT_CONFIG_KEYS.map((k) => [k, config[k]])) as Record<
      ContentTextKey,
      string
    >;
    return { texts, version: textsVersion(texts) };
  }

  /**
   * Saves some of the texts, cleaned by the allow-list, if they are still as the screen read them
   * (the digest). The site configuration's own store: the readers' shell shows them at once.
   */
  async saveTexts(actor: StaffActor, input: SaveContentTextsRequest, ip: string): Promise<ContentTexts> {
    const { tenantId } = actor;
    const current = await this.texts(tenantId);
    if (current.version !== input.version) throw ContentAdminErrors.conflict();
    const patch: Partial<Record<ContentTextKey, string>> = {};
    for (const key of RICH_TEXT_CONFIG_KEYS) {
      const value = input.texts[key];
      if (value === undefined) continue;
      const clean = await sanitizeRichText(value);
      if (clean.length > CONTENT_TEXT_MAX) throw ContentAdminErrors.textTooLong();
      if (clean !== current.texts[key]) patch[key] = clean;
    }
    if (Object.keys(patch).length) {
      await this.deps.siteConfig.updateConfig(tenantId, patch);
      await this.audit(this.db, actor, ip, {
        action: 'content.texts.update',
        target: Object.keys(patch).join(', '),
        before: Object.fromEntries(Object.keys(patch).map((k) => [k, current.texts[k as ContentTextKey]])),
        after: patch,
      });
    }
    return this.texts(tenantId);
  }

  // ---- attachments ----------------------------------------------------------------------------

  async attachments(tenantId: number, recordId: number): Promise<AdminAttachments> {
    const [record] = await searchRecords(this.db, tenantId, String(recordId), 1);
    if (!record || record.record_id !== recordId) throw ContentAdminErrors.noSuchRecord(recordId);
    const rows = await findAttachmentRows(this.db, tenantId, recordId);
    return { record: recordOf(record), list: rows.map(attachmentOf) };
  }

  /** Stores an uploaded file as a new attachment of the record, if its content is an accepted kind. */
  async upload(
    actor: StaffActor,
    mappingPath: string,
    q: AttachmentUploadQuery,
    bytes: Buffer,
    ip: string,
  ): Promise<AdminAttachment> {
    const { tenantId } = actor;
    if (!bytes.length) throw ContentAdminErrors.fileEmpty();
    const kind = attachmentKindOf(bytes);
    if (!kind) throw ContentAdminErrors.fileTypeRefused();
    if (!(await knownRecords(this.db, tenantId, [q.recordId])).has(q.recordId))
      throw ContentAdminErrors.noSuchRecord(q.recordId);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const contentType = contentTypeOf(kind);
    return inTransaction(this.db, async (trx) => {
      const id = await insertAttachment(trx, tenantId, {
        recordId: q.recordId,
        name: q.name,
        kind: q.kind,
        size: bytes.length,
        contentType,
        sha256,
        bytes,
        by: actor.username,
        urlOf: (n) => attachmentFileUrl(mappingPath, n),
      });
      const after = attachmentOf((await findAttachment(trx, tenantId, id))!);
      await this.audit(trx, actor, ip, {
        action: 'content.attachment.upload',
        target: `record ${q.recordId} attachment ${id}`,
        after: { ...after, sha256 },
      });
      return after;
    });
  }

  async updateAttachment(actor: StaffActor, input: UpdateAttachmentRequest, ip: string): Promise<AdminAttachment> {
    const { tenantId } = actor;
    return inTransaction(this.db, async (trx) => {
      const before = await findAttachment(trx, tenantId, input.attachmentId);
      if (!before) throw ContentAdminErrors.noSuchAttachment();
      if (!(await updateAttachment(trx, tenantId, input.attachmentId, input.version, input)))
        throw ContentAdminErrors.conflict();
      const after = attachmentOf((await findAttachment(trx, tenantId, input.attachmentId))!);
      await this.audit(trx, actor, ip, {
        action: 'content.attachment.update',
        target: `record ${before.record_id} attachment ${before.id}`,
        before: { name: before.name, kind: before.kind },
        after: { name: after.name, kind: after.kind },
      });
      return after;
    });
  }

  async orderAttachments(actor: StaffActor, input: OrderAttachmentsRequest, ip: string): Promise<{ ids: number[] }> {
    const { tenantId } = actor;
    return inTransaction(this.db, async (trx) => {
      if (!(await knownRecords(trx, tenantId, [input.recordId])).has(input.recordId))
        throw ContentAdminErrors.noSuchRecord(input.recordId);
      const before = await attachmentIds(trx, tenantId, input.recordId);
      if (!sameMembers(before, input.ids)) throw ContentAdminErrors.badOrder();
      await renumber(trx, 'record_attachment', tenantId, input.ids);
      await this.audit(trx, actor, ip, {
        action: 'content.attachment.order',
        target: `record ${input.recordId}`,
        before: { ids: before },
        after: { ids: input.ids },
      });
      return { ids: input.ids };
    });
  }

  async deleteAttachment(
    actor: StaffActor,
    input: { attachmentId: number; version: number },
    ip: string,
  ): Promise<{ id: number }> {
    const { tenantId } = actor;
    return inTransaction(this.db, async (trx) => {
      const before = await findAttachment(trx, tenantId, input.attachmentId);
      if (!before) throw ContentAdminErrors.noSuchAttachment();
      if (!(await deleteVersioned(trx, 'record_attachment', tenantId, input.attachmentId, input.version)))
        throw ContentAdminErrors.conflict();
      await this.audit(trx, actor, ip, {
        action: 'content.attachment.delete',
        target: `record ${before.record_id} attachment ${before.id}`,
        before: attachmentOf(before),
      });
      return { id: input.attachmentId };
    });
  }

  /** An uploaded file to serve: bytes, type, the download's disposition and an ETag. */
  async file(
    tenantId: number,
    id: number,
  ): Promise<{ bytes: Buffer; contentType: string; disposition: string; etag: string } | undefined> {
    const f = await findAttachmentFile(this.db, tenantId, id);
    if (!f) return undefined;
    return {
      bytes: f.bytes,
      contentType: f.content_type,
      disposition: dispositionOf(f.name, kindOfContentType(f.content_type)),
      etag: `"${f.sha256.slice(0, 32)}"`,
    };
  }
}

/** Whether `b` names exactly the members of `a`, each once. */
function sameMembers(a: number[], b: number[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return new Set(b).size === b.length && b.every((id) => set.has(id));
}
