import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  BOOK_LIST_HIDE_REASON_MAX,
  BOOK_LIST_MAX_LENGTH,
  BookListCalls,
  BookListErrCode,
  MAX_BOOK_LISTS,
  MAX_BOOK_LIST_RECORDS,
  bookListTitleProblem,
  type BookListDetail,
  type BookListDetailQuery,
  type BookListEntry,
  type BookListFields,
  type BookListMove,
  type AdminReaderList,
  type AdminReaderLists,
  type AdminReaderListsQuery,
  type BookListSummary,
  type HideReaderListRequest,
  type HotBookListView,
  type Lang,
  type MyBookLists,
  type MyBookListsQuery,
  type PublicBookLists,
  type PublicBookListsRequest,
  type UpdateBookListRequest,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import type { MessageKey } from '../../http/messages.js';
import type { ImageRefusal } from '../../lib/image-upload.js';
import { localName } from '../../lib/localized.js';
import { addInboxMessage } from '../readers/reader-repository.js';
import type { StaffActor } from '../staff/staff-context.js';
import type { StaffService } from '../staff/staff-service.js';
import { recordBrief } from '../record-detail/record-brief.js';
import type { Tenant } from '../tenants/tenant-repository.js';
import { CoverImageError, makeCover } from './book-list-cover.js';
import {
  countListView,
  countReaderLists,
  deleteCover,
  deleteList,
  deleteListRecord,
  findCoverByKey,
  findLibraryList,
  findLibraryListRecords,
  findList,
  findModeratedList,
  findModeratedLists,
  findListEntry,
  findListOrder,
  findListRecords,
  findPublicLists,
  findReaderLists,
  insertList,
  insertListRecord,
  lockReaderLists,
  recordShown,
  saveCover,
  saveListOrder,
  seenByOthers,
  setListHidden,
  titleTaken,
  updateList,
  updateListNote,
  type EntryRow,
  type ListRow,
  type ModeratedListRow,
  type StoredCover,
} from './book-list-repository.js';

const COVER_MESSAGES: Record<ImageRefusal, { key: MessageKey; code: number }> = {
  type: { key: 'bookListCoverType', code: BookListErrCode.coverType },
  pixels: { key: 'bookListCoverTooManyPixels', code: BookListErrCode.coverTooManyPixels },
  unreadable: { key: 'bookListCoverUnreadable', code: BookListErrCode.coverUnreadable },
};

/** The failures of the book-list calls (translated, with their errCode). */
export const BookListErrors = {
  noSuchList: () => new AppError('bookListNoSuch', BookListErrCode.noSuchList),
  coverTooLarge: () => new AppError('bookListCoverTooLarge', BookListErrCode.coverTooLarge, {}, 413),
  cover: (r: ImageRefusal) => new AppError(COVER_MESSAGES[r].key, COVER_MESSAGES[r].code),
};

const iso = (v: Date | string) => new Date(v).toISOString();
const chars = (s: string) => [...s].length;

/** A visitor of a list's page as counted: the reader, or a hash of an anonymous visitor's address and browser. */
export type Visitor = { readerId: number } | { ip: string; userAgent: string };

function entry(r: EntryRow): BookListEntry {
  return { ...recordBrief(r), note: r.note, position: r.position };
}

/**
 * Readers' book lists: a reader's own lists (every change acts on the session's reader's lists only;
 * another reader's list is answered as no list), the public lists and a list's page for anyone, and
 * the views that order the hot lists.
 */
export class BookListService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: { staff: StaffService },
  ) {}

  private summary(tenant: Tenant, r: ListRow): BookListSummary {
    return {
      bookListId: r.id,
      title: r.title,
      description: r.description,
      isPublic: r.is_public,
      coverUrl: r.cover_key ? coverAddress(tenant.mappingPath, r.cover_key) : null,
      viewCount: r.view_count,
      recordCount: r.record_count,
      version: r.version,
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
      hidden: r.hidden_at === null ? null : { at: iso(r.hidden_at), reason: r.hidden_reason },
    };
  }

  /** The title and description checked: each failure its own translated message. */
  private fields(f: BookListFields): BookListFields {
    const problem = bookListTitleProblem(f.title);
    if (problem === 'required') throw new AppError('bookListTitleRequired', BookListErrCode.titleInvalid);
    if (problem === 'tooLong')
      throw new AppError('bookListTitleTooLong', BookListErrCode.titleInvalid, { max: BOOK_LIST_MAX_LENGTH.title });
    if (chars(f.description) > BOOK_LIST_MAX_LENGTH.description)
      throw new AppError('bookListDescriptionTooLong', BookListErrCode.descriptionTooLong, {
        max: BOOK_LIST_MAX_LENGTH.description,
      });
    return { title: f.title.trim(), description: f.description.trim(), isPublic: f.isPublic };
  }

  private note(note: string): string {
    if (chars(note) > BOOK_LIST_MAX_LENGTH.note)
      throw new AppError('bookListNoteTooLong', BookListErrCode.noteTooLong, { max: BOOK_LIST_MAX_LENGTH.note });
    return note;
  }

  /** The reader's own list (locked with `lock`), or "no such list" (another reader's too). */
  private async own(db: Kysely<Database>, tenantId: number, readerId: number, id: number, lock = false) {
    const row = await findList(db, tenantId, id, lock);
    if (!row || row.reader_id !== readerId) throw BookListErrors.noSuchList();
    return row;
  }

  private async reread(tenant: Tenant, id: number): Promise<BookListSummary> {
    const row = await findList(this.db, tenant.id, id);
    if (!row) throw BookListErrors.noSuchList();
    return this.summary(tenant, row);
  }

  async mine(tenant: Tenant, readerId: number, q: MyBookListsQuery): Promise<MyBookLists> {
    const { total, rows } = await findReaderLists(
      this.db,
      tenant.id,
      readerId,
      (q.page - 1) * q.rows,
      q.rows,
      q.recordId ?? 0,
    );
    return {
      totalCount: total,
      list: rows.map((r) => ({ ...this.summary(tenant, r), hasRecord: r.has_record })),
      maxLists: MAX_BOOK_LISTS,
      maxRecords: MAX_BOOK_LIST_RECORDS,
    };
  }

  async create(tenant: Tenant, readerId: number, input: BookListFields): Promise<BookListSummary> {
    const f = this.fields(input);
    const id = await inTransaction(this.db, async (trx) => {
      // One creation at a time per reader: the count and the title stay true.
      if (!(await lockReaderLists(trx, tenant.id, readerId))) throw BookListErrors.noSuchList();
      if ((await countReaderLists(trx, tenant.id, readerId)) >= MAX_BOOK_LISTS)
        throw new AppError('bookListTooMany', BookListErrCode.tooManyLists, { max: MAX_BOOK_LISTS });
      if (await titleTaken(trx, tenant.id, readerId, f.title))
        throw new AppError('bookListTitleTaken', BookListErrCode.titleTaken, { title: f.title });
      return insertList(trx, tenant.id, readerId, f);
    });
    return this.reread(tenant, id);
  }

  async update(tenant: Tenant, readerId: number, input: UpdateBookListRequest): Promise<BookListSummary> {
    const f = this.fields(input);
    await inTransaction(this.db, async (trx) => {
      const row = await this.own(trx, tenant.id, readerId, input.bookListId, true);
      if (row.version !== input.version)
        throw new AppError('bookListChangedMeanwhile', BookListErrCode.changedMeanwhile);
      if (await titleTaken(trx, tenant.id, readerId, f.title, row.id))
        throw new AppError('bookListTitleTaken', BookListErrCode.titleTaken, { title: f.title });
      if (!(await updateList(trx, tenant.id, readerId, row.id, input.version, f)))
        throw new AppError('bookListChangedMeanwhile', BookListErrCode.changedMeanwhile);
    });
    return this.reread(tenant, input.bookListId);
  }

  async remove(tenant: Tenant, readerId: number, id: number): Promise<{ bookListId: number }> {
    await inTransaction(this.db, async (trx) => {
      await this.own(trx, tenant.id, readerId, id, true);
      await deleteList(trx, tenant.id, readerId, id);
    });
    return { bookListId: id };
  }

  /** Re-encodes and stores an uploaded cover under a new address. */
  async uploadCover(tenant: Tenant, readerId: number, id: number, upload: Buffer): Promise<BookListSummary> {
    await this.own(this.db, tenant.id, readerId, id);
    let made;
    try {
      made = await makeCover(upload);
    } catch (err) {
      if (err instanceof CoverImageError) throw BookListErrors.cover(err.refusal);
      throw err;
    }
    const key = randomBytes(24).toString('base64url');
    const etag = `"${createHash('sha256').update(made.bytes).digest('base64url').slice(0, 32)}"`;
    await inTransaction(this.db, async (trx) => {
      await this.own(trx, tenant.id, readerId, id, true);
      await saveCover(trx, tenant.id, id, { key, etag, contentType: made.contentType, bytes: made.bytes });
    });
    return this.reread(tenant, id);
  }

  async removeCover(tenant: Tenant, readerId: number, id: number): Promise<BookListSummary> {
    await inTransaction(this.db, async (trx) => {
      await this.own(trx, tenant.id, readerId, id, true);
      await deleteCover(trx, tenant.id, id);
    });
    return this.reread(tenant, id);
  }

  /** The cover at an address of the institution, or undefined. */
  async cover(tenant: Tenant, key: string): Promise<StoredCover | undefined> {
    if (!/^[A-Za-z0-9_-]{20,64}$/.test(key)) return undefined;
    return findCoverByKey(this.db, tenant.id, key);
  }

  async addRecord(
    tenant: Tenant,
    readerId: number,
    input: { bookListId: number; recordId: number; note: string },
  ): Promise<{ entry: BookListEntry; title: string }> {
    const note = this.note(input.note);
    return inTransaction(this.db, async (trx) => {
      const row = await this.own(trx, tenant.id, readerId, input.bookListId, true);
      if (!(await recordShown(trx, tenant.id, input.recordId)))
        throw new AppError('bookListNoSuchRecord', BookListErrCode.noSuchRecord);
      if (row.record_count >= MAX_BOOK_LIST_RECORDS)
        throw new AppError('bookListTooManyRecords', BookListErrCode.tooManyRecords, { max: MAX_BOOK_LIST_RECORDS });
      if (!(await insertListRecord(trx, tenant.id, row.id, input.recordId, note)))
        throw new AppError('bookListRecordOnList', BookListErrCode.recordOnList);
      const found = await findListEntry(trx, tenant.id, row.id, input.recordId);
      return { entry: entry(found!), title: row.title };
    });
  }

  async updateNote(
    tenant: Tenant,
    readerId: number,
    input: { bookListId: number; recordId: number; note: string },
  ): Promise<BookListEntry> {
    const note = this.note(input.note);
    return inTransaction(this.db, async (trx) => {
      const row = await this.own(trx, tenant.id, readerId, input.bookListId, true);
      if (!(await updateListNote(trx, tenant.id, row.id, input.recordId, note)))
        throw new AppError('bookListRecordNotOnList', BookListErrCode.recordNotOnList);
      return entry((await findListEntry(trx, tenant.id, row.id, input.recordId))!);
    });
  }

  async removeRecord(
    tenant: Tenant,
    readerId: number,
    input: { bookListId: number; recordId: number },
  ): Promise<{ bookListId: number; recordId: number }> {
    await inTransaction(this.db, async (trx) => {
      const row = await this.own(trx, tenant.id, readerId, input.bookListId, true);
      if (!(await deleteListRecord(trx, tenant.id, row.id, input.recordId)))
        throw new AppError('bookListRecordNotOnList', BookListErrCode.recordNotOnList);
    });
    return { bookListId: input.bookListId, recordId: input.recordId };
  }

  async moveRecord(
    tenant: Tenant,
    readerId: number,
    input: { bookListId: number; recordId: number; move: BookListMove },
  ): Promise<BookListEntry> {
    return inTransaction(this.db, async (trx) => {
      const row = await this.own(trx, tenant.id, readerId, input.bookListId, true);
      const order = await findListOrder(trx, tenant.id, row.id);
      const at = order.indexOf(input.recordId);
      if (at < 0) throw new AppError('bookListRecordNotOnList', BookListErrCode.recordNotOnList);
      const to =
        input.move === 'up'
          ? Math.max(0, at - 1)
          : input.move === 'down'
            ? Math.min(order.length - 1, at + 1)
            : input.move === 'top'
              ? 0
              : order.length - 1;
      if (to !== at) {
        order.splice(at, 1);
        order.splice(to, 0, input.recordId);
        await saveListOrder(trx, tenant.id, row.id, order);
      }
      return entry((await findListEntry(trx, tenant.id, row.id, input.recordId))!);
    });
  }

  /**
   * A list's page: the library's published list, a reader's public list, or the asking reader's own
   * (private too). Another reader's private list is answered as no list at all.
   */
  async detail(tenant: Tenant, readerId: number | null, lang: Lang, q: BookListDetailQuery): Promise<BookListDetail> {
    const offset = (q.page - 1) * q.rows;
    const own = await findList(this.db, tenant.id, q.bookListId);
    if (own) {
      const mine = readerId !== null && own.reader_id === readerId;
      if (!seenByOthers(own) && !mine) throw BookListErrors.noSuchList();
      const records = await findListRecords(this.db, tenant.id, own.id, offset, q.rows);
      return { ...this.summary(tenant, own), owner: mine ? 'me' : 'reader', records: records.map(entry) };
    }
    const lib = await findLibraryList(this.db, tenant.id, q.bookListId);
    if (!lib) throw BookListErrors.noSuchList();
    const records = await findLibraryListRecords(this.db, tenant.id, lib.id, offset, q.rows);
    const created = iso(lib.created_at);
    return {
      bookListId: lib.id,
      title: localName(lib, lang),
      description: lang === 'en-US' && lib.description_en ? lib.description_en : lib.description,
      isPublic: true,
      coverUrl: lib.image_url,
      viewCount: lib.view_count,
      recordCount: lib.record_count,
      version: lib.version,
      createdAt: created,
      updatedAt: created,
      hidden: null,
      owner: 'library',
      records: records.map(entry),
    };
  }

  // --- staff: readers' lists others can see, hidden and shown again

  private moderated(tenant: Tenant, r: ModeratedListRow): AdminReaderList {
    return {
      ...this.summary(tenant, r),
      readerId: r.reader_id,
      reader: r.account,
      readerName: r.name,
      hiddenBy: r.hidden_at === null ? null : r.hidden_by_account,
    };
  }

  async adminLists(tenant: Tenant, q: AdminReaderListsQuery): Promise<AdminReaderLists> {
    const found = await findModeratedLists(this.db, tenant.id, {
      state: q.state,
      q: q.q,
      offset: (q.page - 1) * q.rows,
      rows: q.rows,
    });
    return {
      totalCount: found.total,
      counts: { shown: found.shown, hidden: found.hidden },
      list: found.rows.map((r) => this.moderated(tenant, r)),
    };
  }

  /**
   * Hides a reader's list from others (`input.reason`, which its reader reads) or shows it again (`null`):
   * the reader is told in their inbox and an audit row is written, in one transaction. A list already
   * in that state (a second click, another tab) changes nothing and tells no one.
   */
  async setHidden(
    tenant: Tenant,
    actor: StaffActor,
    input: HideReaderListRequest | { bookListId: number; reason: null },
    ip: string,
  ): Promise<AdminReaderList> {
    const reason = input.reason;
    if (reason !== null && (!reason || chars(reason) > BOOK_LIST_HIDE_REASON_MAX))
      throw new AppError('bookListHideReason', BookListErrCode.hideReasonInvalid, { max: BOOK_LIST_HIDE_REASON_MAX });
    await inTransaction(this.db, async (trx) => {
      const before = await findModeratedList(trx, tenant.id, input.bookListId);
      if (!before) throw BookListErrors.noSuchList();
      const changed = await setListHidden(
        trx,
        tenant.id,
        input.bookListId,
        reason === null ? null : { reason, staffId: actor.staffId },
      );
      if (!changed) return;
      await addInboxMessage(trx, {
        tenantId: tenant.id,
        readerId: changed.reader_id,
        channel: 'inbox',
        target: '',
        ...(reason === null
          ? {
              subject: `书单已恢复公开 Your book list is shown again: ${changed.title}`,
              body:
                `图书馆已恢复您的书单《${changed.title}》，其他读者可以再次看到它。\n` +
                `The library shows your book list “${changed.title}” to other readers again.`,
            }
          : {
              subject: `书单已被隐藏 Your book list was hidden: ${changed.title}`,
              body:
                `图书馆已对其他读者隐藏您的书单《${changed.title}》。原因：${reason}\n` +
                `The library hid your book list “${changed.title}” from other readers. Reason: ${reason}`,
            }),
      });
      await this.deps.staff.audit(
        {
          tenantId: tenant.id,
          staffId: actor.staffId,
          actor: actor.username,
          action: reason === null ? 'bookList.show' : 'bookList.hide',
          target: `reader book list ${input.bookListId}`,
          before: { hidden: before.hidden_at !== null, reason: before.hidden_reason },
          after: { hidden: reason !== null, reason: reason ?? '' },
          ip,
        },
        trx,
      );
    });
    return this.moderated(tenant, (await findModeratedList(this.db, tenant.id, input.bookListId))!);
  }

  async publicLists(tenant: Tenant, q: PublicBookListsRequest): Promise<PublicBookLists> {
    const { total, rows } = await findPublicLists(this.db, tenant.id, q.q, (q.page - 1) * q.rows, q.rows);
    return { totalCount: total, list: rows.map((r) => this.summary(tenant, r)) };
  }

  /**
   * `recordHotBookList`: a view of a list anyone may see, counted once per visitor and day (a
   * reader's views of their own list are not counted). The library's lists' counts order the home
   * page's hot lists; readers' public lists are ordered by theirs in `publicLists`.
   */
  async recordView(tenant: Tenant, id: number, visitor: Visitor): Promise<HotBookListView> {
    const who =
      'readerId' in visitor
        ? `r:${visitor.readerId}`
        : `a:${createHash('sha256')
            .update(`${tenant.id}\n${visitor.ip}\n${visitor.userAgent}`)
            .digest('base64url')
            .slice(0, 32)}`;
    const own = await findList(this.db, tenant.id, id);
    if (own) {
      const mine = 'readerId' in visitor && visitor.readerId === own.reader_id;
      if (!seenByOthers(own) && !mine) throw BookListErrors.noSuchList();
      const counted = !mine && (await countListView(this.db, tenant.id, id, 'reader', who));
      return { counted, viewCount: own.view_count + (counted ? 1 : 0) };
    }
    const lib = await findLibraryList(this.db, tenant.id, id);
    if (!lib) throw BookListErrors.noSuchList();
    const counted = await countListView(this.db, tenant.id, id, 'library', who);
    return { counted, viewCount: lib.view_count + (counted ? 1 : 0) };
  }
}

/** The address of a cover: the institution and the cover's random key (an `<img>` sends no API headers). */
export function coverAddress(mappingPath: string, key: string): string {
  return `${BookListCalls.bookListCover.path}?${new URLSearchParams({ mappingPath, key }).toString()}`;
}
