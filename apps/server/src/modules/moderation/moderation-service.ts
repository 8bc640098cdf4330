import type { Kysely } from 'kysely';
import {
  ModerationErrCode,
  type CommentStatus,
  type ModerateRequest,
  type ModerationOutcome,
  type ModerationQueue,
  type ModerationQueueQuery,
  type SaveSensitiveWordsRequest,
  type SavedSensitiveWords,
  type SensitiveWords,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import { addInboxMessage } from '../readers/reader-repository.js';
import type { StaffActor } from '../staff/staff-context.js';
import type { StaffService } from '../staff/staff-service.js';
import {
  countPending,
  decide,
  findPendingTexts,
  findQueue,
  findStates,
  findWords,
  replaceWords,
  setFlags,
  type DecidedRow,
} from './moderation-repository.js';
import { findSensitive, foldWord, type SensitiveWord } from './sensitive-words.js';

/** Waiting comments flagged again per batch when the word list changes. */
const REFLAG_BATCH = 500;

/**
 * The sensitive words of the institution that `content` contains, as the list names them: what a
 * new comment is flagged with (the evaluations module calls it in the comment's transaction).
 */
export async function sensitiveWordsIn(db: Kysely<Database>, tenantId: number, content: string): Promise<string[]> {
  if (!content) return [];
  return findSensitive(content, await findWords(db, tenantId)).words;
}

/** The comment's first words, to name it in a message (the whole of it is under My Library → my comments). */
function excerpt(content: string): string {
  const chars = [...content.replace(/\s+/g, ' ').trim()];
  return chars.length > 30 ? `${chars.slice(0, 30).join('')}…` : chars.join('');
}

/**
 * Tells the reader in their inbox that their comment was published or rejected (with the reason), in
 * the moderation's transaction, in Chinese and English as the library's other inbox notices are.
 */
async function tellReader(
  trx: Kysely<Database>,
  tenantId: number,
  c: DecidedRow,
  reason: string | null,
): Promise<void> {
  const words = excerpt(c.content);
  await addInboxMessage(trx, {
    tenantId,
    readerId: c.reader_id,
    channel: 'inbox',
    target: '',
    ...(reason === null
      ? {
          subject: `评论已发布 Your comment is published: ${c.title}`,
          body:
            `您对《${c.title}》的评论“${words}”已通过审核，现在其他读者可以看到。\n` +
            `Your comment on “${c.title}” (“${words}”) was approved: other readers can see it now.`,
        }
      : {
          subject: `评论未通过审核 Your comment was not published: ${c.title}`,
          body:
            `您对《${c.title}》的评论“${words}”未通过审核，原因：${reason}\n` +
            `Your comment on “${c.title}” (“${words}”) was not published. The reason: ${reason}`,
        }),
  });
}

/**
 * Moderation of readers' comments: the queue, decisions and the sensitive-word list. Every decision
 * is a guarded UPDATE (only comments still in the state the screen showed change, so two moderators
 * never overwrite each other) and writes one audit row per comment in the same transaction.
 */
export class ModerationService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: { staff: StaffService },
  ) {}

  /** A page of the queue, with the sensitive words of each comment marked. */
  async queue(tenantId: number, q: ModerationQueueQuery): Promise<ModerationQueue> {
    const [{ total, rows }, words, pendingCount] = await Promise.all([
      findQueue(this.db, tenantId, {
        status: q.status,
        newestFirst: q.order === 'newest',
        text: q.q.toLowerCase(),
        recordId: q.recordId,
        offset: (q.page - 1) * q.rows,
        rows: q.rows,
      }),
      findWords(this.db, tenantId),
      countPending(this.db, tenantId),
    ]);
    return {
      totalCount: total,
      pendingCount,
      list: rows.map((r) => {
        // Words and marks by the list as it is now (the stored flags order the queue: the same words).
        const found = findSensitive(r.content, words);
        return {
          commentId: Number(r.id),
          recordId: r.record_id,
          title: r.title,
          reader: r.account ?? '',
          readerName: r.reader_name,
          content: r.content,
          score: r.score,
          status: r.status,
          flaggedWords: found.words,
          marks: found.marks,
          rejectReason: r.reject_reason,
          createTime: r.created_at,
          moderatedAt: r.moderated_at,
          moderatedBy: r.moderated_by,
        };
      }),
    };
  }

  /**
   * Approves or rejects the comments named, those still in the state `from`, in one transaction with
   * their audit rows. The others are reported: decided meanwhile (`conflicts`) or not of this
   * institution (`missing`). Nothing changed because all were decided meanwhile: `alreadyModerated`;
   * none is a comment of the institution: `noSuchComment`.
   */
  async decide(actor: StaffActor, input: ModerateRequest, ip: string): Promise<ModerationOutcome> {
    const { tenantId } = actor;
    const reject = input.decision === 'reject';
    if (reject && !input.reason) throw new AppError('moderationReasonRequired', ModerationErrCode.reasonRequired);
    const to: CommentStatus = reject ? 'rejected' : 'approved';
    const reason = reject ? input.reason : null;
    const outcome = await inTransaction(this.db, async (trx) => {
      const changed = await decide(trx, tenantId, {
        ids: input.commentIds,
        from: input.from,
        to,
        reason,
        by: actor.username,
      });
      for (const c of changed) {
        await tellReader(trx, tenantId, c, reason);
        await this.deps.staff.audit(
          {
            tenantId,
            staffId: actor.staffId,
            actor: actor.username,
            action: `moderation.${input.decision}`,
            target: `comment ${c.id}`,
            before: { status: input.from, rejectReason: c.before_reason },
            after: { status: to, rejectReason: reason, recordId: c.record_id, readerId: c.reader_id },
            ip,
          },
          trx,
        );
      }
      const done = new Set(changed.map((c) => Number(c.id)));
      const others = await findStates(
        trx,
        tenantId,
        input.commentIds.filter((id) => !done.has(id)),
      );
      const found = new Set(others.map((o) => o.id));
      return {
        moderated: input.commentIds.filter((id) => done.has(id)),
        conflicts: others.map((o) => ({ commentId: o.id, status: o.status, moderatedBy: o.moderated_by })),
        missing: input.commentIds.filter((id) => !done.has(id) && !found.has(id)),
      };
    });
    if (!outcome.moderated.length && !outcome.conflicts.length)
      throw new AppError('moderationNoSuchComment', ModerationErrCode.noSuchComment);
    return outcome;
  }

  /** The institution's sensitive words. */
  async words(tenantId: number): Promise<SensitiveWords> {
    return { words: (await findWords(this.db, tenantId)).map((w) => w.word) };
  }

  /**
   * Replaces the word list (each word once by its folded form, the first spelling kept) and flags the
   * waiting comments again by it, with the audit row, in one transaction.
   */
  async saveWords(actor: StaffActor, input: SaveSensitiveWordsRequest, ip: string): Promise<SavedSensitiveWords> {
    const { tenantId } = actor;
    const byFolded = new Map<string, SensitiveWord>();
    for (const typed of input.words) {
      const word = typed.trim();
      const folded = foldWord(word);
      if (folded && !byFolded.has(folded)) byFolded.set(folded, { word, folded });
    }
    const list = [...byFolded.values()].sort((a, b) => (a.folded < b.folded ? -1 : a.folded > b.folded ? 1 : 0));
    return inTransaction(this.db, async (trx) => {
      const before = await findWords(trx, tenantId);
      await replaceWords(trx, tenantId, list);
      let reflagged = 0;
      for (let after = 0; ;) {
        const batch = await findPendingTexts(trx, tenantId, after, REFLAG_BATCH);
        for (const c of batch) {
          const words = findSensitive(c.content, list).words;
          if (words.join('\n') === c.flagged_words.join('\n')) continue;
          await setFlags(trx, tenantId, c.id, words);
          reflagged++;
        }
        if (batch.length < REFLAG_BATCH) break;
        after = batch[batch.length - 1]!.id;
      }
      await this.deps.staff.audit(
        {
          tenantId,
          staffId: actor.staffId,
          actor: actor.username,
          action: 'moderation.words',
          target: 'sensitive words',
          before: { words: before.map((w) => w.word) },
          after: { words: list.map((w) => w.word), reflagged },
          ip,
        },
        trx,
      );
      return { words: list.map((w) => w.word), reflagged };
    });
  }
}
