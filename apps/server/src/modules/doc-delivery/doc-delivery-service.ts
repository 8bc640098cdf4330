import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import {
  DOC_DELIVERY_DAILY_LIMIT,
  DOC_DELIVERY_FIELDS,
  DOC_DELIVERY_MAX_ATTEMPTS,
  DOC_DELIVERY_MAX_LENGTH,
  DOC_DELIVERY_MIN_SECRET,
  DOC_DELIVERY_STATUSES,
  DocDeliveryErrCode,
  docDeliveryProblem,
  normalizeIsbn,
  normalizeIssn,
  type AdminDocDeliveryList,
  type AdminDocDeliveryQuery,
  type AdminDocDeliveryRequest,
  type DocDeliveryInput,
  type DocDeliveryList,
  type DocDeliveryRequest,
  type DocDeliverySettings,
  type DocDeliveryState,
  type Lang,
  type SaveDocDeliverySettingsRequest,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import { t, type MessageKey } from '../../http/messages.js';
import { startOfChinaDay } from '../../lib/china-day.js';
import type { StaffActor } from '../staff/staff-context.js';
import type { StaffService } from '../staff/staff-service.js';
import {
  cancelDocRequest,
  claimDocRequest,
  countDocRequestsByStatus,
  countDocRequestsSince,
  findAdminDocRequests,
  findDocRequest,
  findDocRequestIdByKey,
  findDocSettings,
  findDueDocRequests,
  findReaderDocRequests,
  findRequester,
  insertDocRequest,
  markDocSent,
  markDocTryFailed,
  requeueDocRequest,
  saveDocSettings,
  type AdminDocRequestRow,
  type DocRequestRow,
  type DocRequestValues,
  type DocSettingsRow,
} from './doc-delivery-repository.js';
import { SEND_TIMEOUT_MS, sendToService, signedLoginUrl } from './doc-delivery-sender.js';

const err = (key: MessageKey, code: number, params: Record<string, string | number> = {}) =>
  new AppError(key, code, params);
const noSuch = () => err('docNoSuch', DocDeliveryErrCode.noSuch);

/** The pause before the n-th try again: one minute, doubling, at most two hours. */
export const retryDelaySeconds = (attempts: number): number => Math.min(60 * 2 ** (attempts - 1), 7_200);
/** A claimed request is another sender's for this long (a try takes at most SEND_TIMEOUT_MS). */
const CLAIM_SECONDS = Math.ceil(SEND_TIMEOUT_MS / 1000) * 4;
/** How often a server process looks for requests to try again. */
const SWEEP_MS = 60_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const isHttpUrl = (s: string) => {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

/** The stored columns of each form field. */
const COLUMNS = {
  publicationName: 'publication_name',
  articleTitle: 'article_title',
  author: 'author',
  volumeIssue: 'volume_issue',
  edition: 'edition',
  place: 'place',
  publisher: 'publisher',
  year: 'year',
  issn: 'issn',
  isbn: 'isbn',
  pages: 'pages',
  doi: 'doi',
  remarks: 'remarks',
} as const satisfies Record<(typeof DOC_DELIVERY_FIELDS)[number], keyof DocRequestValues>;

function toRequest(r: DocRequestRow): DocDeliveryRequest {
  const fields = Object.fromEntries(DOC_DELIVERY_FIELDS.map((f) => [f, r[COLUMNS[f]]])) as Record<
    (typeof DOC_DELIVERY_FIELDS)[number],
    string
  >;
  return {
    id: r.id,
    ...fields,
    status: r.status,
    remoteId: r.remote_id,
    createdAt: r.created_at.toISOString(),
    sentAt: iso(r.sent_at),
  };
}

const toAdminRequest = (r: AdminDocRequestRow): AdminDocDeliveryRequest => ({
  ...toRequest(r),
  reader: r.account ?? '',
  readerName: r.reader_name,
  attempts: r.attempts,
  lastError: r.last_error,
});

/** What one sweep of the queue did. */
export interface SweepReport {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Document delivery (My Library key 19; the console's settings and requests). A request is kept
 * first, in the reader's transaction, and then handed to the service: at once after the save, and
 * again by the sweep (every minute in each server process) until the service takes it or
 * `DOC_DELIVERY_MAX_ATTEMPTS` tries fail; a claim on the row keeps two senders off one request.
 */
export class DocDeliveryService {
  private sweeper: NodeJS.Timeout | undefined;
  private sweeping: Promise<unknown> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: { staff: StaffService },
  ) {}

  private async settingsOf(tenantId: number): Promise<DocSettingsRow | undefined> {
    const s = await findDocSettings(this.db, tenantId);
    return s && s.enabled && s.login_url ? s : undefined;
  }

  async state(tenantId: number, readerId: number): Promise<DocDeliveryState> {
    const [s, reader, used] = await Promise.all([
      this.settingsOf(tenantId),
      findRequester(this.db, tenantId, readerId),
      countDocRequestsSince(this.db, tenantId, readerId, startOfChinaDay()),
    ]);
    return {
      offered: Boolean(s && reader),
      loginUrl: s && reader ? signedLoginUrl(s.login_url, s.secret, reader.account) : null,
      acceptsRequests: Boolean(s?.service_url && reader),
      dailyLimit: DOC_DELIVERY_DAILY_LIMIT,
      usedToday: used,
    };
  }

  /**
   * A reader asks for a document: checked, kept (the same form token twice keeps it once; the daily
   * limit counted with the reader's row locked, so two tabs cannot pass it together), then sent.
   */
  async save(tenantId: number, readerId: number, input: DocDeliveryInput): Promise<DocDeliveryRequest> {
    const s = await this.settingsOf(tenantId);
    if (!s) throw err('docNotOffered', DocDeliveryErrCode.notOffered);
    if (!s.service_url) throw err('docFormNotOffered', DocDeliveryErrCode.notOffered);
    for (const f of DOC_DELIVERY_FIELDS)
      if (input[f].length > DOC_DELIVERY_MAX_LENGTH[f])
        throw new AppError('badRequest', 400, { detail: `${f}: at most ${DOC_DELIVERY_MAX_LENGTH[f]}` }, 400);
    const problem = docDeliveryProblem(input, new Date().getFullYear());
    if (problem) {
      const key = `doc${problem.code[0]!.toUpperCase()}${problem.code.slice(1)}` as MessageKey;
      throw err(key, DocDeliveryErrCode[problem.code], { value: input[problem.field] });
    }
    const values = Object.fromEntries(
      DOC_DELIVERY_FIELDS.map((f) => [COLUMNS[f], input[f]]),
    ) as unknown as DocRequestValues;
    if (values.issn) values.issn = normalizeIssn(values.issn)!;
    if (values.isbn) values.isbn = normalizeIsbn(values.isbn)!;
    const id = await inTransaction(this.db, async (trx) => {
      if (!(await findRequester(trx, tenantId, readerId, true))) throw noSuch();
      if (input.submitKey) {
        const made = await findDocRequestIdByKey(trx, tenantId, readerId, input.submitKey);
        if (made !== undefined) return made;
      }
      if ((await countDocRequestsSince(trx, tenantId, readerId, startOfChinaDay())) >= DOC_DELIVERY_DAILY_LIMIT)
        throw err('docDailyLimit', DocDeliveryErrCode.dailyLimit, { max: DOC_DELIVERY_DAILY_LIMIT });
      return insertDocRequest(trx, tenantId, readerId, values, input.submitKey ?? null);
    });
    await this.sendOne(id);
    return toRequest((await findDocRequest(this.db, tenantId, id, readerId))!);
  }

  async list(tenantId: number, readerId: number, page: number, rows: number): Promise<DocDeliveryList> {
    const { total, rows: list } = await findReaderDocRequests(this.db, tenantId, readerId, (page - 1) * rows, rows);
    return { totalCount: total, list: list.map(toRequest) };
  }

  async cancel(tenantId: number, readerId: number, id: number): Promise<DocDeliveryRequest> {
    if (!(await cancelDocRequest(this.db, tenantId, readerId, id))) {
      if (!(await findDocRequest(this.db, tenantId, id, readerId))) throw noSuch();
      throw err('docNotCancellable', DocDeliveryErrCode.notCancellable);
    }
    return toRequest((await findDocRequest(this.db, tenantId, id, readerId))!);
  }

  /**
   * One try to hand a queued, due request to its institution's service, when this sender can claim
   * it: 'sent', 'retrying' (kept for a later try), 'failed' (refused, or the last try), or 'skipped'
   * (not queued or due, or another sender has it).
   */
  async sendOne(id: number): Promise<'sent' | 'retrying' | 'failed' | 'skipped'> {
    const row = await claimDocRequest(this.db, id, CLAIM_SECONDS);
    if (!row) return 'skipped';
    const [s, reader] = await Promise.all([
      findDocSettings(this.db, row.tenant_id),
      findRequester(this.db, row.tenant_id, row.reader_id),
    ]);
    const last = row.attempts >= DOC_DELIVERY_MAX_ATTEMPTS;
    if (!s?.enabled || !s.service_url || !reader) {
      // The library switched the service off meanwhile: kept, and tried again when it is back.
      await markDocTryFailed(this.db, id, 'the service is not set up', last ? null : retryDelaySeconds(row.attempts));
      return last ? 'failed' : 'retrying';
    }
    const request = toRequest(row);
    const outcome = await sendToService(s.service_url, s.secret, {
      requestId: row.id,
      institution: row.tenant_id,
      reader: reader,
      document: Object.fromEntries(DOC_DELIVERY_FIELDS.map((f) => [f, request[f]])),
      submittedAt: request.createdAt,
    });
    if (outcome.ok) {
      await markDocSent(this.db, id, outcome.remoteId);
      return 'sent';
    }
    const giveUp = !outcome.retry || last;
    await markDocTryFailed(this.db, id, outcome.error, giveUp ? null : retryDelaySeconds(row.attempts));
    return giveUp ? 'failed' : 'retrying';
  }

  /** Tries every queued request that is due (at most `limit`), one after another. */
  async sweep(limit = 50): Promise<SweepReport> {
    const report: SweepReport = { sent: 0, retrying: 0, failed: 0 };
    for (const id of await findDueDocRequests(this.db, limit)) {
      const r = await this.sendOne(id);
      if (r !== 'skipped') report[r] += 1;
    }
    return report;
  }

  /** Sweeps the queue every minute in this process (the server starts it; tests call `sweep`). */
  startRetries(log: FastifyBaseLogger, everyMs = SWEEP_MS): void {
    const tick = () => {
      this.sweeping = this.sweep()
        .then((r) => {
          if (r.sent || r.retrying || r.failed)
            log.info({ job: 'docDelivery', ...r }, 'document delivery requests tried');
        })
        .catch((e: unknown) =>
          log.warn(
            { job: 'docDelivery', err: e instanceof Error ? e.message : String(e) },
            'document delivery sweep failed',
          ),
        )
        .finally(() => {
          if (this.sweeper) this.sweeper = setTimeout(tick, everyMs).unref();
        });
    };
    this.sweeper = setTimeout(tick, everyMs).unref();
  }

  async stopRetries(): Promise<void> {
    clearTimeout(this.sweeper);
    this.sweeper = undefined;
    await this.sweeping?.catch(() => {});
  }

  // ---- staff ---------------------------------------------------------------------------------

  async settings(tenantId: number): Promise<DocDeliverySettings> {
    const s = await findDocSettings(this.db, tenantId);
    return {
      enabled: s?.enabled ?? false,
      loginUrl: s?.login_url ?? '',
      serviceUrl: s?.service_url ?? '',
      hasSecret: Boolean(s?.secret),
      updatedAt: iso(s?.updated_at ?? null),
      updatedBy: s?.updated_by ?? null,
    };
  }

  /** Sets the service (links http(s) only; a secret of at least 16 characters, kept when none is typed), audited without the secret. */
  async saveSettings(
    actor: StaffActor,
    input: SaveDocDeliverySettingsRequest,
    lang: Lang,
    ip?: string,
  ): Promise<DocDeliverySettings> {
    for (const [field, value] of [
      ['loginUrl', input.loginUrl],
      ['serviceUrl', input.serviceUrl],
    ] as const)
      if (value && !isHttpUrl(value))
        throw err('docBadUrl', DocDeliveryErrCode.badSetting, { field: t(lang, `docField_${field}`) });
    if (input.secret && input.secret.length < DOC_DELIVERY_MIN_SECRET)
      throw err('docShortSecret', DocDeliveryErrCode.badSetting, { min: DOC_DELIVERY_MIN_SECRET });
    const before = await this.settings(actor.tenantId);
    await inTransaction(this.db, async (trx) => {
      const kept = (await findDocSettings(trx, actor.tenantId))?.secret ?? '';
      const secret = input.clearSecret ? '' : input.secret || kept;
      await saveDocSettings(trx, actor.tenantId, {
        enabled: input.enabled,
        loginUrl: input.loginUrl,
        serviceUrl: input.serviceUrl,
        secret,
        by: actor.username,
      });
      const { updatedAt: _a, updatedBy: _b, ...was } = before;
      await this.deps.staff.audit(
        {
          tenantId: actor.tenantId,
          staffId: actor.staffId,
          actor: actor.username,
          action: 'docDelivery.settings',
          target: 'document delivery',
          before: was,
          after: {
            enabled: input.enabled,
            loginUrl: input.loginUrl,
            serviceUrl: input.serviceUrl,
            hasSecret: Boolean(secret),
            secretChanged: secret !== kept,
          },
          ip,
        },
        trx,
      );
    });
    return this.settings(actor.tenantId);
  }

  async adminList(tenantId: number, q: AdminDocDeliveryQuery): Promise<AdminDocDeliveryList> {
    const [{ total, rows }, counts] = await Promise.all([
      findAdminDocRequests(this.db, tenantId, q, (q.page - 1) * q.rows, q.rows),
      countDocRequestsByStatus(this.db, tenantId),
    ]);
    return {
      totalCount: total,
      counts: Object.fromEntries(
        DOC_DELIVERY_STATUSES.map((s) => [s, counts[s] ?? 0]),
      ) as AdminDocDeliveryList['counts'],
      list: rows.map(toAdminRequest),
    };
  }

  /** Queues a failed request again and tries it at once; audited. */
  async resend(
    actor: StaffActor,
    id: number,
    ip?: string,
  ): Promise<{ request: AdminDocDeliveryRequest; sent: boolean }> {
    if (!(await requeueDocRequest(this.db, actor.tenantId, id))) {
      if (!(await findDocRequest(this.db, actor.tenantId, id))) throw noSuch();
      throw err('docNotResendable', DocDeliveryErrCode.notResendable);
    }
    await this.deps.staff.audit({
      tenantId: actor.tenantId,
      staffId: actor.staffId,
      actor: actor.username,
      action: 'docDelivery.resend',
      target: `doc delivery request ${id}`,
      ip,
    });
    const outcome = await this.sendOne(id);
    const { rows } = await findAdminDocRequests(this.db, actor.tenantId, { status: '', q: '', id }, 0, 1);
    return { request: toAdminRequest(rows[0]!), sent: outcome === 'sent' };
  }
}
