import type { Kysely } from 'kysely';
import {
  ADOPTED_STATUSES,
  DEFAULT_DAILY_RECOMMEND_QUOTA,
  PURCHASE_REASONS,
  RECOMMEND_KINDS,
  RECOMMEND_TABS,
  RECOMMEND_TRANSITIONS,
  RecommendErrCode,
  isRecommendUrl,
  normalizeIsbn,
  recommendKindsAllowed,
  type AdminRecommendList,
  type AdminRecommendQuery,
  type AdminRecommendation,
  type CodeName,
  type Lang,
  type PurchaseReason,
  type RecommendCounts,
  type RecommendDecideOutcome,
  type RecommendDecideRequest,
  type RecommendInput,
  type RecommendKind,
  type RecommendList,
  type RecommendListQuery,
  type RecommendLookup,
  type RecommendLookupRequest,
  type RecommendSettings,
  type RecommendState,
  type RecommendStatus,
  type Recommendation,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import { t, type MessageKey } from '../../http/messages.js';
import { standingRefusal } from '../auth/reader-standing.js';
import { awardPoints } from '../points/points-service.js';
import { startOfChinaDay } from '../../lib/china-day.js';
import { addInboxMessage } from '../readers/reader-repository.js';
import type { SiteConfigService } from '../site-config/site-config-service.js';
import type { StaffActor } from '../staff/staff-context.js';
import type { StaffService } from '../staff/staff-service.js';
import {
  cancelUnprocessed,
  countSince,
  decideOne,
  findHeldRecords,
  findOne,
  findOpen,
  findPage,
  findSettings,
  findStates,
  insertRecommendation,
  lockReader,
  recordExists,
  saveSettings,
  type AdminRow,
  type ListedRow,
  type RecommendationRow,
  type RecommendationValues,
} from './recommendation-repository.js';

const REASON_KEYS: Record<PurchaseReason, MessageKey> = {
  teaching: 'recReasonTeaching',
  research: 'recReasonResearch',
  study: 'recReasonStudy',
  collection: 'recReasonCollection',
  newEdition: 'recReasonNewEdition',
  moreCopies: 'recReasonMoreCopies',
  other: 'recReasonOther',
};
const isReason = (v: string): v is PurchaseReason => (PURCHASE_REASONS as readonly string[]).includes(v);

/** What the reader is told of each state, in Chinese and English as the library's other inbox notices are. */
const STATUS_WORDS: Record<RecommendStatus, { zh: string; en: string }> = {
  unprocessed: { zh: '未处理', en: 'unprocessed' },
  processing: { zh: '处理中', en: 'being processed' },
  processed: { zh: '已处理', en: 'processed' },
  ordered: { zh: '已订购', en: 'ordered' },
  unsubscribed: { zh: '未订购', en: 'not ordered' },
  shelved: { zh: '已上架', en: 'on the shelf' },
  cancelled: { zh: '已取消', en: 'cancelled' },
};

const err = (key: MessageKey, code: number, params?: Record<string, string | number>) =>
  new AppError(key, code, params);

/** Tells the reader in their inbox what became of their recommendation, in the decision's transaction. */
async function tellReader(trx: Kysely<Database>, tenantId: number, r: RecommendationRow): Promise<void> {
  const w = STATUS_WORDS[r.status];
  const reply = r.reply ? `\n答复 Reply: ${r.reply}` : '';
  await addInboxMessage(trx, {
    tenantId,
    readerId: r.reader_id,
    channel: 'inbox',
    target: '',
    subject: `荐购${w.zh} Your recommendation is ${w.en}: ${r.title}`,
    body:
      `您荐购的《${r.title}》${r.isbn ? `（ISBN ${r.isbn}）` : ''}状态已更新为“${w.zh}”。\n` +
      `Your recommendation “${r.title}”${r.isbn ? ` (ISBN ${r.isbn})` : ''} is now ${w.en}.` +
      reply,
  });
}

/**
 * Resource recommendations: the reader's form, look-up, list and cancel, and the staff's queue.
 * The reader's save runs with the reader's row locked (the quota and the same suggestion twice hold
 * against a double submit or two tabs); staff decisions are guarded by each row's version and state,
 * with the inbox message, the adopted points and the audit row in the same transaction.
 */
export class RecommendationService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: { staff: StaffService; siteConfig: SiteConfigService },
  ) {}

  async settings(tenantId: number): Promise<RecommendSettings> {
    const s = await findSettings(this.db, tenantId);
    return { allow: s?.allow ?? true, dailyQuota: s?.daily_quota ?? DEFAULT_DAILY_RECOMMEND_QUOTA };
  }

  async saveSettings(actor: StaffActor, input: RecommendSettings, ip: string): Promise<RecommendSettings> {
    return inTransaction(this.db, async (trx) => {
      const before = await this.settingsIn(trx, actor.tenantId);
      await saveSettings(trx, actor.tenantId, input);
      await this.deps.staff.audit(
        {
          tenantId: actor.tenantId,
          staffId: actor.staffId,
          actor: actor.username,
          action: 'recommendation.settings',
          target: 'recommendation settings',
          before,
          after: input,
          ip,
        },
        trx,
      );
      return { allow: input.allow, dailyQuota: input.dailyQuota };
    });
  }

  private async settingsIn(db: Kysely<Database>, tenantId: number): Promise<RecommendSettings> {
    const s = await findSettings(db, tenantId);
    return { allow: s?.allow ?? true, dailyQuota: s?.daily_quota ?? DEFAULT_DAILY_RECOMMEND_QUOTA };
  }

  private async kinds(tenantId: number) {
    return recommendKindsAllowed((await this.deps.siteConfig.settings(tenantId)).config);
  }

  reasons(lang: Lang): CodeName[] {
    return PURCHASE_REASONS.map((code) => ({ code, name: t(lang, REASON_KEYS[code]) }));
  }

  /** `only`: the kinds a caller offers (the electronic resources' calls): the allowed ones among them. */
  async state(
    tenantId: number,
    readerId: number,
    lang: Lang,
    only: readonly RecommendKind[] = RECOMMEND_KINDS,
  ): Promise<RecommendState> {
    const [settings, allowed, used, reader] = await Promise.all([
      this.settings(tenantId),
      this.kinds(tenantId),
      countSince(this.db, tenantId, readerId, startOfChinaDay()),
      lockReader(this.db, tenantId, readerId, false),
    ]);
    const kinds = allowed.filter((k) => only.includes(k));
    let refusal: string | null = null;
    const standing = reader ? standingRefusal(reader.status, 'recommend') : null;
    if (standing) refusal = t(lang, standing.key);
    else if (reader && !reader.email_verified && !reader.phone_verified) refusal = t(lang, 'recContactNotVerified');
    return {
      isAllowRecommend: settings.allow,
      isMaxRecommend: used >= settings.dailyQuota,
      dailyQuota: settings.dailyQuota,
      usedToday: used,
      remaining: Math.max(0, settings.dailyQuota - used),
      kinds,
      purchaseReasonList: this.reasons(lang),
      refusal,
    };
  }

  /** Looks a book up in the catalogue before it is recommended: title and a valid ISBN required. */
  async lookup(tenantId: number, readerId: number, input: RecommendLookupRequest): Promise<RecommendLookup> {
    if (!input.title || !input.isbn) throw err('recLookupNeedsBoth', RecommendErrCode.titleRequired);
    const isbn = normalizeIsbn(input.isbn);
    if (!isbn) throw err('recInvalidIsbn', RecommendErrCode.invalidIsbn);
    const [records, open] = await Promise.all([
      findHeldRecords(this.db, tenantId, isbn, input.title),
      findOpen(this.db, tenantId, readerId, isbn),
    ]);
    return {
      isbn,
      held: records.length > 0,
      records: records.map((r) => ({
        recordId: r.record_id,
        title: r.title,
        author: r.author,
        publisher: r.publisher ?? '',
        publishYear: r.publish_year ?? '',
      })),
      openRecommendationId: open ?? null,
    };
  }

  async save(tenantId: number, readerId: number, input: RecommendInput, lang: Lang): Promise<Recommendation> {
    const settings = await this.settings(tenantId);
    if (!settings.allow) throw err('recNotAllowed', RecommendErrCode.notAllowed);
    if (!(await this.kinds(tenantId)).includes(input.kind)) throw err('recKindNotAllowed', RecommendErrCode.notAllowed);
    const values = checked(input);
    const row = await inTransaction(this.db, async (trx) => {
      const reader = await lockReader(trx, tenantId, readerId);
      if (!reader) throw err('recNoSuch', RecommendErrCode.noSuch);
      const standing = standingRefusal(reader.status, 'recommend');
      if (standing) throw standing;
      if (!reader.email_verified && !reader.phone_verified)
        throw err('recContactNotVerified', RecommendErrCode.contactNotVerified);
      if ((await findOpen(trx, tenantId, readerId, values.matchKey)) !== undefined)
        throw err('recDuplicate', RecommendErrCode.duplicate);
      if ((await countSince(trx, tenantId, readerId, startOfChinaDay())) >= settings.dailyQuota)
        throw err('recQuotaUsed', RecommendErrCode.quotaUsed, { quota: settings.dailyQuota });
      return insertRecommendation(trx, tenantId, readerId, values);
    });
    return this.toRecommendation((await findOne(this.db, tenantId, row.id, readerId))!, lang);
  }

  /** `kinds`: only these (the electronic resources' list); all by default. */
  async list(
    tenantId: number,
    readerId: number,
    q: RecommendListQuery,
    lang: Lang,
    kinds?: readonly RecommendKind[],
  ): Promise<RecommendList> {
    const { rows, total, counts } = await findPage(this.db, tenantId, {
      readerId,
      kinds,
      status: q.status,
      offset: (q.page - 1) * q.rows,
      rows: q.rows,
    });
    return { totalCount: total, counts: countsOf(counts), list: rows.map((r) => this.toRecommendation(r, lang)) };
  }

  /** `kinds`: only one of these is cancelled (the electronic resources' call); another is "no such". */
  async cancel(
    tenantId: number,
    readerId: number,
    id: number,
    lang: Lang,
    kinds: readonly RecommendKind[] = RECOMMEND_KINDS,
  ): Promise<Recommendation> {
    const done = await cancelUnprocessed(this.db, tenantId, readerId, id, kinds);
    const row = await findOne(this.db, tenantId, id, readerId);
    if (!row || !kinds.includes(row.kind)) throw err('recNoSuch', RecommendErrCode.noSuch);
    if (!done) throw err('recNotCancellable', RecommendErrCode.notCancellable);
    return this.toRecommendation(row, lang);
  }

  // --- staff

  async adminList(tenantId: number, q: AdminRecommendQuery, lang: Lang): Promise<AdminRecommendList> {
    const { rows, total, counts } = await findPage(this.db, tenantId, {
      status: q.status,
      kind: q.kind,
      from: q.from,
      to: q.to,
      text: q.q,
      offset: (q.page - 1) * q.rows,
      rows: q.rows,
      oldestFirst: q.status === 'unprocessed' || q.status === 'processing',
    });
    return { totalCount: total, counts: countsOf(counts), list: rows.map((r) => this.toAdmin(r, lang)) };
  }

  async adminOne(tenantId: number, id: number, lang: Lang): Promise<AdminRecommendation> {
    const row = await findOne(this.db, tenantId, id);
    if (!row) throw err('recNoSuch', RecommendErrCode.noSuch);
    return this.toAdmin(row, lang);
  }

  /**
   * Moves the recommendations named to a state, each from the version the screen read, with the
   * reader's inbox message, the adopted points (ordered or shelved, once per recommendation) and an
   * audit row each, in one transaction. Those changed meanwhile or in a state that cannot go there are
   * reported in `conflicts`, ids of no recommendation of the institution in `missing`.
   */
  async decide(actor: StaffActor, input: RecommendDecideRequest, ip: string): Promise<RecommendDecideOutcome> {
    const { tenantId } = actor;
    const to = input.status;
    if (to === 'processed' && !input.reply) throw err('recReplyRequired', RecommendErrCode.replyRequired);
    const recordId = to === 'shelved' && input.recordId !== undefined ? input.recordId : null;
    if (recordId !== null && !(await recordExists(this.db, tenantId, recordId)))
      throw err('recNoSuchRecord', RecommendErrCode.noSuchRecord, { recordId });
    const items = [...new Map(input.items.map((i) => [i.id, i])).values()];
    const outcome = await inTransaction(this.db, async (trx) => {
      const changed: number[] = [];
      for (const item of items) {
        const done = await decideOne(trx, tenantId, {
          id: item.id,
          version: item.version,
          from: RECOMMEND_TRANSITIONS[to],
          to,
          reply: input.reply || null,
          recordId,
          by: actor.username,
        });
        if (!done) continue;
        changed.push(item.id);
        await tellReader(trx, tenantId, done.after);
        if (ADOPTED_STATUSES.includes(to))
          await awardPoints(trx, {
            tenantId,
            readerId: done.after.reader_id,
            rule: 'purchaseAdopted',
            ref: done.after.id,
            note: done.after.title,
          });
        await this.deps.staff.audit(
          {
            tenantId,
            staffId: actor.staffId,
            actor: actor.username,
            action: `recommendation.${to}`,
            target: `recommendation ${item.id}`,
            before: { status: done.before.status, reply: done.before.reply, recordId: done.before.record_id },
            after: {
              status: to,
              reply: done.after.reply,
              recordId: done.after.record_id,
              readerId: done.after.reader_id,
            },
            ip,
          },
          trx,
        );
      }
      const done = new Set(changed);
      const others = await findStates(
        trx,
        tenantId,
        items.map((i) => i.id).filter((id) => !done.has(id)),
      );
      const found = new Set(others.map((o) => o.id));
      return {
        changed,
        conflicts: others.map((o) => ({ id: o.id, status: o.status, version: o.version })),
        missing: items.map((i) => i.id).filter((id) => !done.has(id) && !found.has(id)),
      };
    });
    if (!outcome.changed.length && !outcome.conflicts.length) throw err('recNoSuch', RecommendErrCode.noSuch);
    return outcome;
  }

  private toRecommendation(r: ListedRow, lang: Lang): Recommendation {
    return {
      id: r.id,
      kind: r.kind,
      title: r.title,
      isbn: r.isbn,
      author: r.author,
      publisher: r.publisher,
      publishYear: r.publish_year,
      price: r.price,
      reason: r.reason,
      reasonName: isReason(r.reason) ? t(lang, REASON_KEYS[r.reason]) : '',
      note: r.note,
      language: r.language,
      frequency: r.frequency,
      resourceName: r.resource_name,
      subject: r.subject,
      docTypes: r.doc_types,
      url: r.url,
      status: r.status,
      reply: r.reply,
      held: r.held_record_id !== null,
      recordId: r.held_record_id,
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
      version: r.version,
    };
  }

  private toAdmin(r: AdminRow, lang: Lang): AdminRecommendation {
    return {
      ...this.toRecommendation(r, lang),
      readerId: r.reader_id,
      reader: r.account ?? '',
      readerName: r.reader_name,
      decidedBy: r.decided_by,
      decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
    };
  }
}

function countsOf(counts: Map<string, number>): RecommendCounts {
  const out = {} as RecommendCounts;
  for (const tab of RECOMMEND_TABS)
    out[tab] = tab === 'all' ? [...counts.values()].reduce((a, b) => a + b, 0) : (counts.get(tab) ?? 0);
  return out;
}

/** The recommendation as stored, or the translated refusal of its first problem (spec §5). */
function checked(input: RecommendInput): RecommendationValues {
  let isbn = '';
  if (input.kind === 'book') {
    if (!input.title) throw err('recTitleRequired', RecommendErrCode.titleRequired);
    const n = normalizeIsbn(input.isbn);
    if (!n) throw err('recInvalidIsbn', RecommendErrCode.invalidIsbn);
    isbn = n;
  } else {
    if (input.kind === 'eresource' && !input.resourceName)
      throw err('recResourceNameRequired', RecommendErrCode.titleRequired);
    if (input.kind === 'journal' && !input.title) throw err('recTitleRequired', RecommendErrCode.titleRequired);
    if (input.isbn) {
      const n = normalizeIsbn(input.isbn);
      if (!n) throw err('recInvalidIsbn', RecommendErrCode.invalidIsbn);
      isbn = n;
    }
  }
  if (input.url && !isRecommendUrl(input.url)) throw err('recInvalidUrl', RecommendErrCode.invalid);
  if (input.reason && !isReason(input.reason)) throw err('recInvalidReason', RecommendErrCode.invalid);
  const title = input.title || input.resourceName;
  return {
    kind: input.kind,
    title,
    isbn,
    author: input.author,
    publisher: input.publisher,
    publishYear: input.publishYear,
    price: input.price,
    reason: input.reason,
    note: input.note,
    language: input.language,
    frequency: input.kind === 'journal' ? input.frequency : '',
    resourceName: input.kind === 'eresource' ? input.resourceName : '',
    subject: input.subject,
    docTypes: input.kind === 'eresource' ? input.docTypes : '',
    url: input.url,
    matchKey: isbn || `${input.kind}:${title.toLowerCase().replace(/\s+/g, ' ')}`,
  };
}
