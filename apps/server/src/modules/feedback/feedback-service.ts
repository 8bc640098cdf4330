import type { Kysely } from 'kysely';
import {
  DEFAULT_FEEDBACK_DAILY_LIMIT,
  FEEDBACK_MAX_LENGTH,
  FEEDBACK_STATUSES,
  FeedbackErrCode,
  MAX_FEEDBACK_EXPORT,
  feedbackLength,
  feedbackTextLimit,
  isFeedbackContact,
  type CloseFeedbackRequest,
  type FeedbackCategory,
  type FeedbackCloseOutcome,
  type FeedbackExport,
  type FeedbackItem,
  type FeedbackKind,
  type FeedbackQueue,
  type FeedbackQueueQuery,
  type FeedbackSettings,
  type FeedbackStatus,
  type FeedbackSubmit,
  type MyFeedback,
  type MyQuestions,
  type QuestionAsk,
  type ReplyFeedbackRequest,
  type StaffFeedback,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import { addInboxMessage } from '../readers/reader-repository.js';
import type { StaffActor } from '../staff/staff-context.js';
import type { StaffService } from '../staff/staff-service.js';
import {
  addReply,
  closeByReader,
  closeByStaff,
  countByStatus,
  countQuestions,
  countSentSince,
  findDailyLimit,
  findExport,
  findFeedback,
  findIdByKey,
  findQueue,
  findReaderFeedback,
  findReplies,
  findStates,
  insertFeedback,
  lockReader,
  recordExists,
  saveDailyLimit,
  type FeedbackRow,
  type ReplyRow,
  type StaffFilter,
} from './feedback-repository.js';

const noSuch = () => new AppError('feedbackNoSuch', FeedbackErrCode.noSuch);

/** Today's start in the institution's day (the daily limit's day): China time, as the other quotas'. */
function startOfToday(now = new Date()): Date {
  const offsetMs = 8 * 3_600_000;
  const local = new Date(now.getTime() + offsetMs);
  local.setUTCHours(0, 0, 0, 0);
  return new Date(local.getTime() - offsetMs);
}

/** What the inbox calls each kind, in Chinese and English as the library's other notices are. */
const KIND_WORDS: Record<FeedbackKind, [string, string]> = {
  feedback: ['问题反馈', 'feedback'],
  question: ['咨询', 'question'],
};

/** The first words of a text, to name a message in a notice. */
const gist = (v: string) => ([...v].length > 30 ? `${[...v].slice(0, 30).join('')}…` : v);

function toItem(r: FeedbackRow, replies: ReplyRow[]): FeedbackItem {
  return {
    feedbackId: r.id,
    kind: r.kind,
    category: r.kind === 'feedback' ? (r.category as FeedbackCategory) : '',
    subject: r.subject,
    content: r.content,
    contact: r.contact,
    record: r.record_id === null ? null : { recordId: r.record_id, title: r.record_title ?? '' },
    status: r.status,
    replies: replies.map((x) => ({ replyId: x.id, body: x.body, createdAt: x.created_at })),
    version: r.version,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    repliedAt: r.replied_at,
    closedAt: r.closed_at,
    closedBy: r.closed_by,
  };
}

function toStaffItem(r: FeedbackRow, replies: ReplyRow[]): StaffFeedback {
  return {
    ...toItem(r, replies),
    replies: replies.map((x) => ({ replyId: x.id, body: x.body, createdAt: x.created_at, staffName: x.staff_name })),
    readerId: r.reader_id,
    account: r.account,
    readerName: r.reader_name,
    handledBy: r.handled_by,
  };
}

/** Refuses an empty or too long text with its own message (feedback 300 characters, a question 1000). */
function checkText(kind: FeedbackKind, content: string): void {
  if (!content) throw new AppError('feedbackContentRequired', FeedbackErrCode.contentRequired, {}, 400);
  const max = feedbackTextLimit(kind);
  if (feedbackLength(content) > max)
    throw new AppError(
      kind === 'feedback' ? 'feedbackTooLong' : 'questionTooLong',
      FeedbackErrCode.tooLong,
      { max, length: feedbackLength(content) },
      400,
    );
}

function checkContact(contact: string): void {
  if (feedbackLength(contact) > FEEDBACK_MAX_LENGTH.contact || !isFeedbackContact(contact))
    throw new AppError('feedbackContactInvalid', FeedbackErrCode.contactInvalid, {}, 400);
}

const filterOf = (q: Pick<FeedbackQueueQuery, 'kind' | 'status' | 'from' | 'to' | 'q'>): StaffFilter => ({
  kind: q.kind,
  status: q.status,
  from: q.from,
  to: q.to,
  text: q.q.toLowerCase(),
});

/**
 * Problem feedback and e-questions: a reader's messages (any logged-in reader; at most the
 * institution's daily limit a day, counted with the reader's row locked so two tabs cannot pass it
 * together; a form token sent twice makes one), their lists and closing, and the staff queue. Every
 * staff change is guarded by the message's version and state, audited, and — a reply — told to the
 * reader in the inbox, in the same transaction.
 */
export class FeedbackService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: { staff: StaffService },
  ) {}

  async settings(tenantId: number): Promise<FeedbackSettings> {
    return { dailyLimit: (await findDailyLimit(this.db, tenantId)) ?? DEFAULT_FEEDBACK_DAILY_LIMIT };
  }

  async saveSettings(actor: StaffActor, input: FeedbackSettings, ip: string): Promise<FeedbackSettings> {
    return inTransaction(this.db, async (trx) => {
      const before = (await findDailyLimit(trx, actor.tenantId)) ?? DEFAULT_FEEDBACK_DAILY_LIMIT;
      await saveDailyLimit(trx, actor.tenantId, input.dailyLimit);
      await this.deps.staff.audit(
        {
          tenantId: actor.tenantId,
          staffId: actor.staffId,
          actor: actor.username,
          action: 'feedback.settings',
          target: 'feedback settings',
          before: { dailyLimit: before },
          after: { dailyLimit: input.dailyLimit },
          ip,
        },
        trx,
      );
      return { dailyLimit: input.dailyLimit };
    });
  }

  /** A reader reports a problem: at most 300 characters, optionally about a record of the catalogue. */
  async submit(tenantId: number, readerId: number, input: FeedbackSubmit): Promise<FeedbackItem> {
    checkText('feedback', input.content);
    checkContact(input.contact);
    if (input.recordId !== null && !(await recordExists(this.db, tenantId, input.recordId)))
      throw new AppError('feedbackNoSuchRecord', FeedbackErrCode.noSuchRecord);
    return this.create(tenantId, readerId, {
      kind: 'feedback',
      category: input.category,
      subject: '',
      content: input.content,
      contact: input.contact,
      recordId: input.recordId,
      submitKey: input.submitKey ?? null,
    });
  }

  /** A reader asks the library a question: a subject and at most 1000 characters. */
  async ask(tenantId: number, readerId: number, input: QuestionAsk): Promise<FeedbackItem> {
    if (!input.subject) throw new AppError('questionSubjectRequired', FeedbackErrCode.subjectRequired, {}, 400);
    if (feedbackLength(input.subject) > FEEDBACK_MAX_LENGTH.subject)
      throw new AppError('questionSubjectTooLong', FeedbackErrCode.tooLong, { max: FEEDBACK_MAX_LENGTH.subject }, 400);
    checkText('question', input.content);
    checkContact(input.contact);
    return this.create(tenantId, readerId, {
      kind: 'question',
      category: '',
      subject: input.subject,
      content: input.content,
      contact: input.contact,
      recordId: null,
      submitKey: input.submitKey ?? null,
    });
  }

  private async create(
    tenantId: number,
    readerId: number,
    m: {
      kind: FeedbackKind;
      category: string;
      subject: string;
      content: string;
      contact: string;
      recordId: number | null;
      submitKey: string | null;
    },
  ): Promise<FeedbackItem> {
    const id = await inTransaction(this.db, async (trx) => {
      if (!(await lockReader(trx, tenantId, readerId))) throw noSuch();
      if (m.submitKey) {
        const made = await findIdByKey(trx, tenantId, readerId, m.submitKey);
        // The same form sent again: what it made the first time (a token of the other form is not this one).
        if (made && made.kind === m.kind) return made.id;
        if (made) throw new AppError('feedbackInvalid', FeedbackErrCode.invalid);
      }
      const limit = (await findDailyLimit(trx, tenantId)) ?? DEFAULT_FEEDBACK_DAILY_LIMIT;
      if (limit === 0) throw new AppError('feedbackNotTaken', FeedbackErrCode.dailyLimit);
      if ((await countSentSince(trx, tenantId, readerId, startOfToday())) >= limit)
        throw new AppError('feedbackDailyLimit', FeedbackErrCode.dailyLimit, { max: limit });
      return insertFeedback(trx, { tenantId, readerId, ...m });
    });
    return this.readerItem(tenantId, readerId, id);
  }

  private async allowance(tenantId: number, readerId: number) {
    const [limit, sentToday] = await Promise.all([
      findDailyLimit(this.db, tenantId),
      countSentSince(this.db, tenantId, readerId, startOfToday()),
    ]);
    return { sentToday, dailyLimit: limit ?? DEFAULT_FEEDBACK_DAILY_LIMIT };
  }

  private async withReplies(rows: FeedbackRow[], tenantId: number): Promise<FeedbackItem[]> {
    const replies = await findReplies(
      this.db,
      tenantId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toItem(r, replies.get(r.id) ?? []));
  }

  /** A page of the reader's problem feedback, newest first, and how many they may still send today. */
  async myFeedback(tenantId: number, readerId: number, page: number, rows: number): Promise<MyFeedback> {
    const [{ total, rows: list }, allowance] = await Promise.all([
      findReaderFeedback(this.db, tenantId, readerId, { kind: 'feedback', offset: (page - 1) * rows, rows }),
      this.allowance(tenantId, readerId),
    ]);
    return { totalCount: total, list: await this.withReplies(list, tenantId), ...allowance };
  }

  /** A page of the reader's questions the library replied to (or not yet), newest first, and both counts. */
  async myQuestions(
    tenantId: number,
    readerId: number,
    q: { replied: boolean; page: number; rows: number },
  ): Promise<MyQuestions> {
    const [{ total, rows: list }, counts, allowance] = await Promise.all([
      findReaderFeedback(this.db, tenantId, readerId, {
        kind: 'question',
        replied: q.replied,
        offset: (q.page - 1) * q.rows,
        rows: q.rows,
      }),
      countQuestions(this.db, tenantId, readerId),
      this.allowance(tenantId, readerId),
    ]);
    return {
      totalCount: total,
      list: await this.withReplies(list, tenantId),
      repliedCount: counts.replied,
      unrepliedCount: counts.unreplied,
      ...allowance,
    };
  }

  /** The reader closes their own message (nothing more to ask or report). */
  async close(tenantId: number, readerId: number, id: number): Promise<FeedbackItem> {
    if (!(await closeByReader(this.db, tenantId, readerId, id))) {
      if (!(await findFeedback(this.db, tenantId, id, readerId))) throw noSuch();
      throw new AppError('feedbackClosed', FeedbackErrCode.closed);
    }
    return this.readerItem(tenantId, readerId, id);
  }

  private async readerItem(tenantId: number, readerId: number, id: number): Promise<FeedbackItem> {
    const row = await findFeedback(this.db, tenantId, id, readerId);
    if (!row) throw noSuch();
    return (await this.withReplies([row], tenantId))[0]!;
  }

  /** A page of the staff queue and the counts by state under the filter's kind, dates and words. */
  async queue(tenantId: number, q: FeedbackQueueQuery): Promise<FeedbackQueue> {
    const f = filterOf(q);
    const [{ total, rows }, counted] = await Promise.all([
      findQueue(this.db, tenantId, { ...f, offset: (q.page - 1) * q.rows, rows: q.rows }),
      countByStatus(this.db, tenantId, f),
    ]);
    const replies = await findReplies(
      this.db,
      tenantId,
      rows.map((r) => r.id),
    );
    const counts = Object.fromEntries(FEEDBACK_STATUSES.map((s) => [s, counted[s] ?? 0])) as Record<
      FeedbackStatus,
      number
    >;
    return { totalCount: total, list: rows.map((r) => toStaffItem(r, replies.get(r.id) ?? [])), counts };
  }

  async detail(tenantId: number, id: number, db: Kysely<Database> = this.db): Promise<StaffFeedback> {
    const row = await findFeedback(db, tenantId, id);
    if (!row) throw noSuch();
    const replies = await findReplies(db, tenantId, [id]);
    return toStaffItem(row, replies.get(id) ?? []);
  }

  /**
   * Replies to a message (and closes it when asked), if it is still at the version the screen showed
   * and open: the reply, the reader's notice and the audit row in one transaction.
   */
  async reply(actor: StaffActor, input: ReplyFeedbackRequest, ip: string): Promise<StaffFeedback> {
    const { tenantId } = actor;
    if (!input.reply) throw new AppError('feedbackReplyRequired', FeedbackErrCode.replyRequired, {}, 400);
    if (feedbackLength(input.reply) > FEEDBACK_MAX_LENGTH.reply)
      throw new AppError('feedbackReplyTooLong', FeedbackErrCode.tooLong, { max: FEEDBACK_MAX_LENGTH.reply }, 400);
    return inTransaction(this.db, async (trx) => {
      const before = await addReply(trx, tenantId, {
        id: input.feedbackId,
        version: input.version,
        body: input.reply,
        by: actor.username,
        close: input.close,
      });
      if (!before) {
        const now = await findFeedback(trx, tenantId, input.feedbackId);
        if (!now) throw noSuch();
        if (now.status === 'closed') throw new AppError('feedbackClosed', FeedbackErrCode.closed);
        throw new AppError('feedbackChangedMeanwhile', FeedbackErrCode.changedMeanwhile, {
          who: now.handled_by ?? '—',
        });
      }
      const after = await this.detail(tenantId, input.feedbackId, trx);
      const [zh, en] = KIND_WORDS[after.kind];
      const about = gist(after.kind === 'question' ? after.subject : after.content);
      await addInboxMessage(trx, {
        tenantId,
        readerId: before.reader_id,
        channel: 'inbox',
        target: '',
        subject: `图书馆回复了您的${zh} The library replied to your ${en}: ${about}`,
        body:
          `您的${zh}“${about}”（第 ${after.feedbackId} 号）有了回复：\n${input.reply}\n` +
          `The library replied to your ${en} “${about}” (no. ${after.feedbackId}).\n` +
          `详情见“我的图书馆 → 问题反馈”。See My Library → Feedback.`,
      });
      await this.deps.staff.audit(
        {
          tenantId,
          staffId: actor.staffId,
          actor: actor.username,
          action: input.close ? 'feedback.replyClose' : 'feedback.reply',
          target: `feedback ${after.feedbackId}`,
          before: { status: before.status, version: input.version },
          after: { status: after.status, version: after.version, readerId: before.reader_id, reply: input.reply },
          ip,
        },
        trx,
      );
      return after;
    });
  }

  /**
   * Closes messages in one transaction: each still at the version named and open, with its audit row.
   * The others are reported: changed meanwhile or closed already (`conflicts`), or not of this
   * institution (`missing`).
   */
  async closeMany(actor: StaffActor, input: CloseFeedbackRequest, ip: string): Promise<FeedbackCloseOutcome> {
    const { tenantId } = actor;
    const named = [...new Map(input.items.map((d) => [d.feedbackId, d])).values()];
    const outcome = await inTransaction(this.db, async (trx) => {
      const changed: number[] = [];
      for (const d of named) {
        const before = await closeByStaff(trx, tenantId, { id: d.feedbackId, version: d.version, by: actor.username });
        if (!before) continue;
        changed.push(d.feedbackId);
        await this.deps.staff.audit(
          {
            tenantId,
            staffId: actor.staffId,
            actor: actor.username,
            action: 'feedback.close',
            target: `feedback ${d.feedbackId}`,
            before: { status: before.status, version: d.version },
            after: { status: 'closed', version: d.version + 1, readerId: before.reader_id },
            ip,
          },
          trx,
        );
      }
      const done = new Set(changed);
      const rest = named.map((d) => d.feedbackId).filter((id) => !done.has(id));
      const others = await findStates(trx, tenantId, rest);
      const found = new Set(others.map((o) => o.id));
      return {
        changed,
        conflicts: others.map((o) => ({ feedbackId: o.id, status: o.status, handledBy: o.handled_by })),
        missing: rest.filter((id) => !found.has(id)),
      };
    });
    if (!outcome.changed.length && !outcome.conflicts.length) throw noSuch();
    return outcome;
  }

  /** The filtered messages, newest first, at most `MAX_FEEDBACK_EXPORT`. */
  async exportRows(
    tenantId: number,
    q: Pick<FeedbackQueueQuery, 'kind' | 'status' | 'from' | 'to' | 'q'>,
  ): Promise<FeedbackExport> {
    const rows = await findExport(this.db, tenantId, filterOf(q), MAX_FEEDBACK_EXPORT + 1);
    return {
      capped: rows.length > MAX_FEEDBACK_EXPORT,
      list: rows.slice(0, MAX_FEEDBACK_EXPORT).map((r) => ({
        feedbackId: r.id,
        kind: r.kind,
        category: r.category,
        status: r.status,
        createdAt: r.created_at,
        account: r.account,
        readerName: r.reader_name,
        contact: r.contact,
        recordId: r.record_id,
        subject: r.subject,
        content: r.content,
        replies: r.replies,
        repliedAt: r.replied_at,
        closedAt: r.closed_at,
      })),
    };
  }
}
