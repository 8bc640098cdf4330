import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import { DIGEST_RECORDS_PER_SUBSCRIPTION, SearchRequest, type Lang } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { localName } from '../../lib/localized.js';
import type { MailSender } from '../delivery/delivery.js';
import {
  acquireJobLease,
  findJobLease,
  findRecentJobRuns,
  findRunsOfDay,
  finishJobRun,
  insertJobRun,
  markInterruptedRuns,
  releaseJobLease,
  renewJobLease,
  type JobRun,
  type JobTrigger,
} from '../jobs/job-repository.js';
import { addInboxMessage } from '../readers/reader-repository.js';
import type { JobLog } from '../reminders/reminder-job.js';
import { localDay } from '../reminders/zoned-time.js';
import type { SearchService } from '../search/search-service.js';
import type { Tenant } from '../tenants/tenant-repository.js';
import type { TenantDirectory } from '../tenants/tenant-directory.js';
import {
  advanceWatermarks,
  findDueSubscriptions,
  findRecordLines,
  markMailFailed,
  type DueRow,
} from './subscription-repository.js';
import { portalBase, type SubscriptionService } from './subscription-service.js';
import { digestMessage, type DigestSection } from './subscription-texts.js';

/** The job's name in job_run and job_lease. */
export const SUBSCRIPTION_JOB = 'subscriptions';
const LEASE_SECONDS = 15 * 60;
const RENEW_AFTER_MS = 60_000;
/**
 * Records are taken up to this long before the run: a record whose import transaction began
 * before the run (its created_at) but committed after it would otherwise be missed for good.
 */
const SETTLE_MS = 5 * 60_000;
/** Searches run at the same time (PostgreSQL: over the pool's connections). */
const PARALLEL_SEARCHES = 4;

/** What a run did for one institution. */
export interface SubscriptionInstitutionReport {
  tenantId: number;
  mappingPath: string;
  name: string;
  /** Subscriptions due, searches run (one per distinct search and watermark), readers sent something. */
  subscriptions: number;
  searches: number;
  readers: number;
  /** Inbox messages written and mails sent. */
  messages: number;
  mailsSent: number;
  /** Mails the mail server did not take (their subscriptions' mail watermark stays: the next run tries again). */
  failures: number;
  /** Records listed in all digests. */
  records: number;
  error: string | null;
}

export interface SubscriptionRunReport {
  ran: boolean;
  status: 'succeeded' | 'failed' | 'busy';
  busy: { holder: string; until: Date } | null;
  runId: number | null;
  runDay: string;
  /** Records added up to this instant were looked at. */
  cutoff: string;
  institutions: SubscriptionInstitutionReport[];
  totals: { readers: number; messages: number; mailsSent: number; failures: number };
  error: string | null;
  ms: number;
}

class LeaseLost extends Error {
  override name = 'LeaseLost';
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Runs `fn` over `items`, `n` at a time. */
async function eachLimited<T>(items: readonly T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/**
 * The subscription digests (issue 29, My Library key 3), built like the reminders: once a day (the
 * reminders' schedule) or by `openfind subscriptions run`, one process at a time (`job_lease`), each
 * run a row of `job_run` and log lines with its counts. For each institution, the active
 * subscriptions due (daily: a day since the last digest, weekly: a week) run their search over the
 * records added since their watermark (one search per distinct search and watermark); each reader
 * gets one inbox message and one mail listing the new records per subscription, in their language.
 * A channel's watermark moves only when its digest was delivered: the inbox's in the transaction that
 * writes the message, the mail's once the mail server took it; a failed mail leaves the run failed,
 * and the retry (or the next run) sends it again with whatever arrived since.
 */
export class SubscriptionJob {
  log: JobLog | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: {
      subscriptions: SubscriptionService;
      search: SearchService;
      tenants: TenantDirectory;
      mail: MailSender | null;
      timeZone: string;
      /** How long before the run records are taken (default five minutes; tests: 0). */
      settleMs?: number | undefined;
    },
  ) {}

  recentRuns(limit = 20, tenantId?: number): Promise<JobRun[]> {
    return findRecentJobRuns(this.db, SUBSCRIPTION_JOB, { limit, onlyTenant: tenantId });
  }

  runsOfDay(day: string): Promise<JobRun[]> {
    return findRunsOfDay(this.db, SUBSCRIPTION_JOB, day);
  }

  async run(opts: { trigger: JobTrigger; tenantId?: number | undefined; now?: Date }): Promise<SubscriptionRunReport> {
    const started = Date.now();
    const now = opts.now ?? new Date();
    const cutoff = new Date(now.getTime() - (this.deps.settleMs ?? SETTLE_MS));
    const runDay = localDay(now, this.deps.timeZone);
    const tenants = (await this.deps.tenants.list()).filter(
      (t) => opts.tenantId === undefined || t.id === opts.tenantId,
    );
    const report: SubscriptionRunReport = {
      ran: false,
      status: 'busy',
      busy: null,
      runId: null,
      runDay,
      cutoff: cutoff.toISOString(),
      institutions: [],
      totals: { readers: 0, messages: 0, mailsSent: 0, failures: 0 },
      error: null,
      ms: 0,
    };
    const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    if (!(await acquireJobLease(this.db, SUBSCRIPTION_JOB, holder, LEASE_SECONDS))) {
      const lease = await findJobLease(this.db, SUBSCRIPTION_JOB);
      report.busy = lease ? { holder: lease.holder, until: lease.expiresAt } : { holder: '', until: now };
      this.log?.info({ job: SUBSCRIPTION_JOB, heldBy: report.busy.holder }, 'subscription run skipped: busy');
      return report;
    }
    let renewedAt = Date.now();
    const keep = async () => {
      if (Date.now() - renewedAt < RENEW_AFTER_MS) return;
      if (!(await renewJobLease(this.db, SUBSCRIPTION_JOB, holder, LEASE_SECONDS)))
        throw new LeaseLost('the subscription lease lapsed and another process took it');
      renewedAt = Date.now();
    };
    try {
      const interrupted = await markInterruptedRuns(this.db, SUBSCRIPTION_JOB);
      if (interrupted)
        this.log?.warn({ job: SUBSCRIPTION_JOB, interrupted }, 'earlier subscription runs had stopped half-way');
      report.runId = await insertJobRun(this.db, {
        job: SUBSCRIPTION_JOB,
        trigger: opts.trigger,
        tenantId: opts.tenantId ?? null,
        runDay,
        host: `${hostname()}:${process.pid}`,
      });
      report.ran = true;
      this.log?.info({ job: SUBSCRIPTION_JOB, runId: report.runId, trigger: opts.trigger }, 'subscription run started');
      for (const tenant of tenants) {
        const inst: SubscriptionInstitutionReport = {
          tenantId: tenant.id,
          mappingPath: tenant.mappingPath,
          name: tenant.name,
          subscriptions: 0,
          searches: 0,
          readers: 0,
          messages: 0,
          mailsSent: 0,
          failures: 0,
          records: 0,
          error: null,
        };
        report.institutions.push(inst);
        try {
          await this.institution(tenant, cutoff, inst, keep);
        } catch (e) {
          if (e instanceof LeaseLost) throw e;
          inst.error = messageOf(e);
          inst.failures++;
          this.log?.error(
            { job: SUBSCRIPTION_JOB, tenant: tenant.mappingPath, err: inst.error },
            'subscriptions of an institution failed',
          );
        }
        this.log?.info(
          { job: SUBSCRIPTION_JOB, runId: report.runId, tenant: tenant.mappingPath, ...inst },
          'subscriptions of an institution',
        );
      }
      this.total(report);
      const failed = report.institutions.filter((i) => i.error !== null || i.failures > 0);
      report.status = failed.length ? 'failed' : 'succeeded';
      report.error = failed.length
        ? failed
            .map((i) => `${i.mappingPath || '(default)'}: ${i.error ?? `${i.failures} digest mail(s) to try again`}`)
            .join('; ')
        : null;
      await finishJobRun(this.db, report.runId, {
        status: report.status,
        ...report.totals,
        details: report.institutions,
        error: report.error,
      });
      report.ms = Date.now() - started;
      this.log?.info(
        { job: SUBSCRIPTION_JOB, runId: report.runId, status: report.status, ms: report.ms, ...report.totals },
        'subscription run finished',
      );
      return report;
    } catch (e) {
      this.total(report);
      report.status = 'failed';
      report.error = messageOf(e);
      report.ms = Date.now() - started;
      this.log?.error({ job: SUBSCRIPTION_JOB, runId: report.runId, err: report.error }, 'subscription run failed');
      if (report.runId !== null)
        await finishJobRun(this.db, report.runId, {
          status: 'failed',
          ...report.totals,
          details: report.institutions,
          error: report.error,
        }).catch(() => {});
      return report;
    } finally {
      await releaseJobLease(this.db, SUBSCRIPTION_JOB, holder).catch(() => {});
    }
  }

  private total(report: SubscriptionRunReport): void {
    const sum = (k: 'readers' | 'messages' | 'mailsSent' | 'failures') =>
      report.institutions.reduce((n, i) => n + i[k], 0);
    report.totals = {
      readers: sum('readers'),
      messages: sum('messages'),
      mailsSent: sum('mailsSent'),
      failures: sum('failures'),
    };
  }

  private async institution(
    tenant: Tenant,
    cutoff: Date,
    report: SubscriptionInstitutionReport,
    keep: () => Promise<void>,
  ): Promise<void> {
    const due = await findDueSubscriptions(this.db, tenant.id, cutoff);
    report.subscriptions = due.length;
    if (!due.length) return;

    // 1. One search per distinct search and watermark (readers following the same search, as most
    //    watermarks are the last run's cutoff, share it).
    const found = new Map<string, { total: number; ids: number[] }>();
    const searchKey = (s: DueRow, since: Date) => `${s.queryKey}|${since.toISOString()}`;
    const wanted = new Map<string, { row: DueRow; since: Date }>();
    for (const s of due) {
      if (s.inboxDue) wanted.set(searchKey(s, s.inboxUpTo), { row: s, since: s.inboxUpTo });
      if (s.mailDue) wanted.set(searchKey(s, s.mailUpTo), { row: s, since: s.mailUpTo });
    }
    report.searches = wanted.size;
    await eachLimited([...wanted], PARALLEL_SEARCHES, async ([key, { row, since }]) => {
      await keep();
      try {
        const req = SearchRequest.parse(JSON.parse(row.query));
        found.set(
          key,
          await this.deps.search.addedBetween(tenant.id, req, {
            after: since,
            upTo: cutoff,
            limit: DIGEST_RECORDS_PER_SUBSCRIPTION,
          }),
        );
      } catch (e) {
        // A search that no longer parses (a scope renamed): nothing new for it, logged.
        this.log?.warn(
          { job: SUBSCRIPTION_JOB, subscription: row.id, err: messageOf(e) },
          'a subscription search failed',
        );
        found.set(key, { total: 0, ids: [] });
      }
    });
    const allIds = [...new Set([...found.values()].flatMap((f) => f.ids))];
    const lines = await findRecordLines(this.db, tenant.id, allIds);

    // 2. One digest per reader and channel.
    const byReader = new Map<number, DueRow[]>();
    for (const s of due) {
      const list = byReader.get(s.readerId);
      if (list) list.push(s);
      else byReader.set(s.readerId, [s]);
    }
    const mailer = this.deps.mail;
    const section = (s: DueRow, since: Date, unsubscribeUrl: string): DigestSection | null => {
      const f = found.get(searchKey(s, since));
      if (!f || f.total === 0) return null;
      const base = portalBase(s.siteUrl, tenant);
      return {
        title: s.title,
        total: f.total,
        records: f.ids.flatMap((id) => {
          const r = lines.get(id);
          return r ? [{ title: r.title, url: `${base}/searchList/bookDetails/${id}` }] : [];
        }),
        unsubscribeUrl,
      };
    };
    for (const [readerId, subs] of byReader) {
      await keep();
      const first = subs[0]!;
      const lang: Lang = first.readerLang ?? first.lang;
      const library = localName(tenant, lang);
      let touched = false;

      // The inbox: the message and the watermarks in one transaction.
      const inboxSubs = subs.filter((s) => s.inboxDue);
      if (inboxSubs.length) {
        const sections: DigestSection[] = [];
        const moves = inboxSubs.map((s) => {
          const sec = section(s, s.inboxUpTo, '');
          if (sec) sections.push(sec);
          return { id: s.id, from: s.inboxUpTo, count: sec?.total ?? 0 };
        });
        await inTransaction(this.db, async (trx) => {
          const moved = await advanceWatermarks(trx, tenant.id, 'inbox', moves, cutoff);
          // Another run moved them meanwhile: it sent this digest.
          if (!sections.length || moved === 0) return;
          const message = digestMessage(lang, { library, readerName: first.readerName, sections, forMail: false });
          await addInboxMessage(trx, {
            tenantId: tenant.id,
            readerId,
            channel: 'inbox',
            target: '',
            subject: message.subject,
            body: message.text,
          });
          report.messages++;
          report.records += sections.reduce((n, x) => n + x.records.length, 0);
          touched = true;
        });
      }

      // The mail: sent first, its watermarks moved once the mail server took it.
      const mailSubs = subs.filter((s) => s.mailDue);
      if (mailSubs.length) {
        const canMail = mailer !== null && first.emailVerified && first.email.trim() !== '';
        const sections: DigestSection[] = [];
        const moves: Array<{ id: number; from: Date; count: number }> = [];
        for (const s of mailSubs) {
          const sec = canMail ? section(s, s.mailUpTo, (await this.deps.subscriptions.links(s)).unsubscribe) : null;
          if (sec) sections.push(sec);
          moves.push({ id: s.id, from: s.mailUpTo, count: sec?.total ?? 0 });
        }
        if (!sections.length) {
          // Nothing new, or no way to mail (no verified address, no mail server): nothing to deliver.
          await advanceWatermarks(this.db, tenant.id, 'mail', moves, cutoff);
        } else {
          const message = digestMessage(lang, { library, readerName: first.readerName, sections, forMail: true });
          try {
            await mailer!.send({
              tenantId: tenant.id,
              readerId,
              to: first.email,
              subject: message.subject,
              text: message.text,
            });
            await advanceWatermarks(this.db, tenant.id, 'mail', moves, cutoff);
            report.mailsSent++;
            touched = true;
          } catch (e) {
            report.failures++;
            await markMailFailed(
              this.db,
              tenant.id,
              moves.map((m) => m.id),
              messageOf(e),
            );
            this.log?.warn(
              { job: SUBSCRIPTION_JOB, tenant: tenant.mappingPath, readerId, err: messageOf(e) },
              'subscription digest mail failed; the next run tries again',
            );
          }
        }
      }
      if (touched) report.readers++;
    }
  }
}
