import type { Kysely } from 'kysely';
import {
  INBOX_PREVIEW_CHARS,
  InboxErrCode,
  NOTICE_BODY_MAX,
  type DeleteAllMessagesRequest,
  type InboxChange,
  type InboxMessage,
  type InboxMessageDetail,
  type InboxPage,
  type InboxQuery,
  type LibraryNotice,
  type MarkReadRequest,
  type NoticeAudience,
  type NoticeListQuery,
  type NoticePage,
  type SendNoticeRequest,
  type WithdrawnNotice,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import type { StaffActor } from '../staff/staff-context.js';
import type { StaffService } from '../staff/staff-service.js';
import {
  countUnread,
  deleteMessages,
  fanOutNotice,
  findMessage,
  findMessagePage,
  findNotice,
  findNoticeIdByKey,
  findNoticePage,
  findReaderTypes,
  insertNotice,
  markNoticeWithdrawn,
  markRead,
  removeUnreadCopies,
  type MessageRow,
  type NoticeRow,
} from './inbox-repository.js';

export const InboxErrors = {
  noSuchMessage: () => new AppError('inboxNoSuchMessage', InboxErrCode.noSuchMessage),
  noneSelected: () => new AppError('inboxNoneSelected', InboxErrCode.noneSelected),
  noSuchNotice: () => new AppError('noticeNoSuch', InboxErrCode.noSuchNotice),
  withdrawn: () => new AppError('noticeAlreadyWithdrawn', InboxErrCode.noticeWithdrawn),
  empty: () => new AppError('noticeEmpty', InboxErrCode.noticeEmpty),
  tooLong: () => new AppError('noticeTooLong', InboxErrCode.noticeTooLong, { max: NOTICE_BODY_MAX }),
  noRecipients: () => new AppError('noticeNoRecipients', InboxErrCode.noRecipients),
  unknownReaderType: (type: string) =>
    new AppError('noticeUnknownReaderType', InboxErrCode.unknownReaderType, { type }),
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** A body as plain text: rich text without its tags (block ends as spaces), entities read. */
export function plainText(body: string, format: 'text' | 'html'): string {
  const text =
    format === 'html'
      ? body
          .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
          .replace(/<[^>]*>/g, ' ')
          .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '')
      : body;
  return text.replace(/\s+/g, ' ').trim();
}

/** The body's first words, for the list. */
function preview(body: string, format: 'text' | 'html'): string {
  const chars = [...plainText(body, format)];
  return chars.length > INBOX_PREVIEW_CHARS ? `${chars.slice(0, INBOX_PREVIEW_CHARS).join('')}…` : chars.join('');
}

const messageOf = (r: MessageRow): InboxMessage => ({
  messageId: r.id,
  subject: r.subject,
  preview: preview(r.body, r.format),
  source: r.notice_id === null ? 'system' : 'notice',
  format: r.format,
  createdAt: r.created_at,
  read: r.read_at !== null,
});

const noticeOf = (r: NoticeRow): LibraryNotice => ({
  noticeId: r.id,
  subject: r.subject,
  body: r.body,
  format: r.body_format,
  readerTypes: r.reader_types,
  status: r.status,
  recipients: r.recipients,
  readCount: r.read_count,
  sentBy: r.sent_by,
  sentAt: r.created_at,
  withdrawnAt: r.withdrawn_at,
});

/** Enough of a body (html: a little more, for its tags) to make the list's preview from. */
const PREVIEW_SOURCE_CHARS = INBOX_PREVIEW_CHARS * 20;

/**
 * The reader's inbox (My Library key 13) and the library's notices. A reader reads and changes only
 * their own messages; each change is one guarded UPDATE (a second one from another tab changes
 * nothing). A notice is written once and put in every chosen reader's inbox in the same
 * transaction, with its audit row; a repeated send (the same request key) sends nothing twice.
 */
export class InboxService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: { staff: StaffService },
  ) {}

  async list(tenantId: number, readerId: number, q: InboxQuery): Promise<InboxPage> {
    const [{ total, rows }, unreadCount] = await Promise.all([
      findMessagePage(this.db, tenantId, readerId, {
        unreadOnly: q.unread,
        offset: (q.page - 1) * q.rows,
        rows: q.rows,
        bodyChars: PREVIEW_SOURCE_CHARS,
      }),
      countUnread(this.db, tenantId, readerId),
    ]);
    return { totalCount: total, unreadCount, list: rows.map(messageOf) };
  }

  async message(tenantId: number, readerId: number, messageId: number): Promise<InboxMessageDetail> {
    const row = await findMessage(this.db, tenantId, readerId, messageId);
    if (!row) throw InboxErrors.noSuchMessage();
    return { ...messageOf(row), body: row.body };
  }

  async unreadCount(tenantId: number, readerId: number): Promise<{ unreadCount: number }> {
    return { unreadCount: await countUnread(this.db, tenantId, readerId) };
  }

  /** Marks messages read; those already read (another tab) are no error, ids of no message of the reader are. */
  async markRead(tenantId: number, readerId: number, input: MarkReadRequest): Promise<InboxChange> {
    if (!input.all && !input.messageIds.length) throw InboxErrors.noneSelected();
    const which = input.all ? { upToId: input.upToId ?? null } : { ids: input.messageIds };
    const changed = await markRead(this.db, tenantId, readerId, which);
    if (!changed && !input.all && !(await this.anyShown(tenantId, readerId, input.messageIds)))
      throw InboxErrors.noSuchMessage();
    return { changed, unreadCount: await countUnread(this.db, tenantId, readerId) };
  }

  /** Deletes the messages named; when none of them is the reader's any more (deleted in another tab), says so. */
  async delete(tenantId: number, readerId: number, ids: number[]): Promise<InboxChange> {
    if (!ids.length) throw InboxErrors.noneSelected();
    const changed = await deleteMessages(this.db, tenantId, readerId, { ids });
    if (!changed) throw InboxErrors.noSuchMessage();
    return { changed, unreadCount: await countUnread(this.db, tenantId, readerId) };
  }

  /** Deletes every message up to the newest the screen showed (one arriving meanwhile stays). */
  async deleteAll(tenantId: number, readerId: number, input: DeleteAllMessagesRequest): Promise<InboxChange> {
    const changed = await deleteMessages(this.db, tenantId, readerId, { upToId: input.upToId ?? null });
    return { changed, unreadCount: await countUnread(this.db, tenantId, readerId) };
  }

  private async anyShown(tenantId: number, readerId: number, ids: number[]): Promise<boolean> {
    for (const id of ids) if (await findMessage(this.db, tenantId, readerId, id)) return true;
    return false;
  }

  // ---- the library's notices (staff) ---------------------------------------------------------

  async notices(tenantId: number, q: NoticeListQuery): Promise<NoticePage> {
    const { total, rows } = await findNoticePage(this.db, tenantId, { offset: (q.page - 1) * q.rows, rows: q.rows });
    return { totalCount: total, list: rows.map(noticeOf) };
  }

  audience(tenantId: number): Promise<NoticeAudience> {
    return findReaderTypes(this.db, tenantId);
  }

  async send(actor: StaffActor, input: SendNoticeRequest, ip: string): Promise<LibraryNotice> {
    const { tenantId } = actor;
    const body = input.format === 'html' ? await sanitizeRichText(input.body) : input.body.trim();
    if (!input.subject || !plainText(body, input.format)) throw InboxErrors.empty();
    if (body.length > NOTICE_BODY_MAX) throw InboxErrors.tooLong();
    const readerTypes = [...new Set(input.readerTypes.filter(Boolean))];
    if (readerTypes.length) {
      const known = new Set((await findReaderTypes(this.db, tenantId)).types.map((t) => t.readerType));
      const unknown = readerTypes.find((t) => !known.has(t));
      if (unknown !== undefined) throw InboxErrors.unknownReaderType(unknown);
    }
    const id = await inTransaction(this.db, async (trx) => {
      const noticeId = await insertNotice(trx, tenantId, {
        requestKey: input.requestKey,
        subject: input.subject,
        body,
        format: input.format,
        readerTypes,
        staffId: actor.staffId,
        sentBy: actor.name || actor.username,
      });
      // Sent already with this key (a double click, a retry): that notice, nothing sent again.
      if (noticeId === undefined) return (await findNoticeIdByKey(trx, tenantId, input.requestKey))!;
      const recipients = await fanOutNotice(trx, tenantId, noticeId, readerTypes);
      if (!recipients) throw InboxErrors.noRecipients();
      await this.deps.staff.audit(
        {
          tenantId,
          staffId: actor.staffId,
          actor: actor.username,
          ip,
          action: 'notice.send',
          target: `notice ${noticeId}`,
          after: { subject: input.subject, format: input.format, readerTypes, recipients },
        },
        trx,
      );
      return noticeId;
    });
    return noticeOf((await findNotice(this.db, tenantId, id))!);
  }

  /** Withdraws a notice: its unread copies leave the inboxes (those read stay); once (another tab: refused). */
  async withdraw(actor: StaffActor, noticeId: number, ip: string): Promise<WithdrawnNotice> {
    const { tenantId } = actor;
    const removed = await inTransaction(this.db, async (trx) => {
      const before = await findNotice(trx, tenantId, noticeId);
      if (!before) throw InboxErrors.noSuchNotice();
      if (!(await markNoticeWithdrawn(trx, tenantId, noticeId))) throw InboxErrors.withdrawn();
      const removedCopies = await removeUnreadCopies(trx, tenantId, noticeId);
      await this.deps.staff.audit(
        {
          tenantId,
          staffId: actor.staffId,
          actor: actor.username,
          ip,
          action: 'notice.withdraw',
          target: `notice ${noticeId}`,
          before: { status: before.status, recipients: before.recipients, readCount: before.read_count },
          after: { status: 'withdrawn', removed: removedCopies },
        },
        trx,
      );
      return removedCopies;
    });
    return { notice: noticeOf((await findNotice(this.db, tenantId, noticeId))!), removed };
  }
}
