import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Lang } from '@openfind/contract';
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
import type { Tenant } from '../tenants/tenant-repository.js';
import type { TenantDirectory } from '../tenants/tenant-directory.js';
import {
  findPendingMails,
  findReminderCandidates,
  insertNotices,
  markMails,
  type CandidateRow,
  type NoticeKey,
  type PendingMailRow,
} from './reminder-repository.js';
import type { ReminderService } from './reminder-service.js';
import { reminderMessage, type ReminderLine } from './reminder-texts.js';
import { localDay } from './zoned-time.js';

/** The job's name in job_run and job_lease. */
export const REMINDER_JOB = 'reminders';
/** How long a run holds the lease without renewing it, and how often it renews it while it works. */
const LEASE_SECONDS = 15 * 60;
const RENEW_AFTER_MS = 60_000;
/** A mail is given up after this many failed attempts, or this long after its reminder was recorded. */
const MAX_MAIL_ATTEMPTS = 8;
const GIVE_UP_AFTER_MS = 3 * 86_400_000;

/** What the job logs with (the app's pino logger, or the command's). */
export type JobLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** What a dry run would send one reader. */
export interface ReaderPlan {
  readerId: number;
  readerName: string;
  cardNo: string;
  inbox: boolean;
  mail: boolean;
  loans: ReminderLine[];
}

/** What a run did for one institution. */
export interface InstitutionReport {
  tenantId: number;
  mappingPath: string;
  name: string;
  /** Why it was left out: reminders turned off, or its loans are in the library's own system (SIP2). */
  skipped: 'disabled' | 'sip2' | null;
  /** Readers sent something (an inbox message or a mail). */
  readers: number;
  /** Inbox messages written. */
  messages: number;
  mailsSent: number;
  /** Mails the mail server did not take (and an error of the institution's run). */
  failures: number;
  /** Reminders whose mail is still to send (a later run tries again). */
  pendingMails: number;
  /** Reminders whose mail was given up (refused for good, or failing for three days). */
  givenUp: number;
  error: string | null;
  /** A dry run: what each reader would get. */
  plans?: ReaderPlan[];
}

export interface RunReport {
  /** False when another process holds the job's lease (a run is under way there) or it was a dry run. */
  ran: boolean;
  status: 'succeeded' | 'failed' | 'busy' | 'dry-run';
  busy: { holder: string; until: Date } | null;
  runId: number | null;
  runDay: string;
  institutions: InstitutionReport[];
  totals: { readers: number; messages: number; mailsSent: number; failures: number };
  error: string | null;
}

class LeaseLost extends Error {
  override name = 'LeaseLost';
}

/** The lease of one run, renewed while it works. */
class Lease {
  private renewedAt = Date.now();

  constructor(
    private readonly db: Kysely<Database>,
    readonly holder: string,
  ) {}

  async keep(): Promise<void> {
    if (Date.now() - this.renewedAt < RENEW_AFTER_MS) return;
    if (!(await renewJobLease(this.db, REMINDER_JOB, this.holder, LEASE_SECONDS)))
      throw new LeaseLost('the reminder lease lapsed and another process took it');
    this.renewedAt = Date.now();
  }
}

const lineOf = (r: ReminderLine): ReminderLine => ({ title: r.title, dueDate: r.dueDate, daysLate: r.daysLate });

const keyOf = (n: NoticeKey) => `${n.loanId}/${n.reason}/${n.dueDate}/${n.step}`;

function groupByReader<R extends { readerId: number }>(rows: readonly R[]): Map<number, R[]> {
  const out = new Map<number, R[]>();
  for (const r of rows) {
    const list = out.get(r.readerId);
    if (list) list.push(r);
    else out.set(r.readerId, [r]);
  }
  return out;
}

/** Whether a mail server refused for good (an SMTP 5xx answer: no such mailbox…), not for now. */
function refusedForGood(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The reminder run: for each institution on OpenFind's own circulation, the loans due within its
 * `daysBefore` days or overdue (on the first overdue day, then every `overdueEvery` days), one
 * message per reader listing them, in the reader's language: to the inbox (unless the reader turned
 * it off) and by e-mail (a verified address, a mail server, and the reader's consent). What was sent
 * is recorded per loan and occasion (`reminder_notice`, with the inbox message in one transaction),
 * so a run that stops half-way and is run again sends the rest and nothing twice; a mail that failed
 * stays to send, and the next run tries it again. One process runs it at a time (`job_lease`); each
 * run is a row of `job_run` and log lines with its counts.
 */
export class ReminderJob {
  /** The app's logger (set when the routes are registered), or the command's. */
  log: JobLog | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: {
      reminders: ReminderService;
      tenants: TenantDirectory;
      /** The mail server, or null when none is configured (reminders go to the inbox only). */
      mail: MailSender | null;
      /** The schedule's time zone: a run's day is its date there. */
      timeZone: string;
    },
  ) {}

  /** The runs of the job, newest first (all institutions', or those for all and for `tenantId`). */
  recentRuns(limit = 20, tenantId?: number): Promise<JobRun[]> {
    return findRecentJobRuns(this.db, REMINDER_JOB, { limit, onlyTenant: tenantId });
  }

  /** The runs for every institution on `day` (the schedule's date), newest first. */
  runsOfDay(day: string): Promise<JobRun[]> {
    return findRunsOfDay(this.db, REMINDER_JOB, day);
  }

  /** Runs the job now: every institution, or one (`tenantId`); a dry run only says what it would send. */
  async run(opts: {
    trigger: JobTrigger;
    tenantId?: number | undefined;
    dryRun?: boolean;
    now?: Date;
  }): Promise<RunReport> {
    const now = opts.now ?? new Date();
    const runDay = localDay(now, this.deps.timeZone);
    const tenants = (await this.deps.tenants.list()).filter(
      (t) => opts.tenantId === undefined || t.id === opts.tenantId,
    );
    const report: RunReport = {
      ran: false,
      status: 'dry-run',
      busy: null,
      runId: null,
      runDay,
      institutions: [],
      totals: { readers: 0, messages: 0, mailsSent: 0, failures: 0 },
      error: null,
    };
    if (opts.dryRun) {
      for (const tenant of tenants) report.institutions.push(await this.plan(tenant));
      return report;
    }

    const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    if (!(await acquireJobLease(this.db, REMINDER_JOB, holder, LEASE_SECONDS))) {
      const lease = await findJobLease(this.db, REMINDER_JOB);
      report.status = 'busy';
      report.busy = lease ? { holder: lease.holder, until: lease.expiresAt } : { holder: '', until: now };
      this.log?.info(
        { job: REMINDER_JOB, heldBy: report.busy.holder },
        'reminder run skipped: another process is running it',
      );
      return report;
    }
    const lease = new Lease(this.db, holder);
    try {
      const interrupted = await markInterruptedRuns(this.db, REMINDER_JOB);
      if (interrupted) this.log?.warn({ job: REMINDER_JOB, interrupted }, 'earlier reminder runs had stopped half-way');
      report.runId = await insertJobRun(this.db, {
        job: REMINDER_JOB,
        trigger: opts.trigger,
        tenantId: opts.tenantId ?? null,
        runDay,
        host: `${hostname()}:${process.pid}`,
      });
      report.ran = true;
      this.log?.info({ job: REMINDER_JOB, runId: report.runId, trigger: opts.trigger, runDay }, 'reminder run started');
      for (const tenant of tenants) {
        const inst = this.emptyReport(tenant);
        report.institutions.push(inst);
        try {
          await this.institution(tenant, report.runId, lease, inst, now);
        } catch (err) {
          if (err instanceof LeaseLost) throw err;
          inst.error = messageOf(err);
          inst.failures++;
          this.log?.error(
            { job: REMINDER_JOB, tenant: tenant.mappingPath, err: inst.error },
            'reminders of an institution failed',
          );
        }
        this.log?.info(
          {
            job: REMINDER_JOB,
            runId: report.runId,
            tenant: tenant.mappingPath,
            skipped: inst.skipped,
            readers: inst.readers,
            messages: inst.messages,
            mailsSent: inst.mailsSent,
            failures: inst.failures,
            pendingMails: inst.pendingMails,
            givenUp: inst.givenUp,
          },
          'reminders of an institution',
        );
      }
      this.total(report);
      const retry = report.institutions.some((i) => i.error !== null || i.pendingMails > 0);
      report.status = retry ? 'failed' : 'succeeded';
      report.error = retry ? this.summaryError(report) : null;
      await finishJobRun(this.db, report.runId, {
        status: report.status,
        ...report.totals,
        details: report.institutions,
        error: report.error,
      });
      this.log?.info(
        { job: REMINDER_JOB, runId: report.runId, status: report.status, ...report.totals },
        'reminder run finished',
      );
      return report;
    } catch (err) {
      // The database went away, or the lease was lost: what was recorded stands, the rest is for the next run.
      this.total(report);
      report.status = 'failed';
      report.error = messageOf(err);
      this.log?.error({ job: REMINDER_JOB, runId: report.runId, err: report.error }, 'reminder run failed');
      if (report.runId !== null) {
        await finishJobRun(this.db, report.runId, {
          status: 'failed',
          ...report.totals,
          details: report.institutions,
          error: report.error,
        }).catch(() => {});
      }
      return report;
    } finally {
      await releaseJobLease(this.db, REMINDER_JOB, holder).catch(() => {});
    }
  }

  private emptyReport(tenant: Tenant): InstitutionReport {
    return {
      tenantId: tenant.id,
      mappingPath: tenant.mappingPath,
      name: tenant.name,
      skipped: null,
      readers: 0,
      messages: 0,
      mailsSent: 0,
      failures: 0,
      pendingMails: 0,
      givenUp: 0,
      error: null,
    };
  }

  private total(report: RunReport): void {
    const sum = (k: 'readers' | 'messages' | 'mailsSent' | 'failures') =>
      report.institutions.reduce((n, i) => n + i[k], 0);
    report.totals = {
      readers: sum('readers'),
      messages: sum('messages'),
      mailsSent: sum('mailsSent'),
      failures: sum('failures'),
    };
  }

  private summaryError(report: RunReport): string {
    return report.institutions
      .filter((i) => i.error !== null || i.pendingMails > 0)
      .map((i) =>
        i.error !== null
          ? `${i.mappingPath || '(default)'}: ${i.error}`
          : `${i.mappingPath || '(default)'}: ${i.pendingMails} reminder mail(s) to try again`,
      )
      .join('; ');
  }

  /** Whether the institution takes part: reminders on, and its loans in OpenFind's own circulation. */
  private async skipReason(tenantId: number): Promise<'disabled' | 'sip2' | null> {
    if (!(await this.deps.reminders.settings(tenantId)).enabled) return 'disabled';
    // The library's own system holds the loans, and it sends its own notices: asking it about every
    // reader each day is not what SIP2 is for.
    if (await this.deps.reminders.onLibrarySystem(tenantId)) return 'sip2';
    return null;
  }

  /** Whether a reader's reminders can go by e-mail. */
  private canMail(r: Pick<CandidateRow, 'emailReminders' | 'emailVerified' | 'email'>): boolean {
    return this.deps.mail !== null && r.emailReminders && r.emailVerified && r.email.trim() !== '';
  }

  private async institution(
    tenant: Tenant,
    runId: number,
    lease: Lease,
    report: InstitutionReport,
    now: Date,
  ): Promise<void> {
    report.skipped = await this.skipReason(tenant.id);
    if (report.skipped) return;
    const setting = await this.deps.reminders.settings(tenant.id);
    const touched = new Set<number>();

    // 1. New reminders: the notices and the inbox message of each reader, in one transaction.
    const candidates = await findReminderCandidates(this.db, tenant.id, setting);
    for (const [readerId, rows] of groupByReader(candidates)) {
      await lease.keep();
      const first = rows[0]!;
      const inbox = first.inboxReminders;
      const mail = this.canMail(first);
      // Nothing can reach the reader (no inbox, no mail): nothing is recorded, so a later address counts.
      if (!inbox && !mail) continue;
      const lang: Lang = first.lang ?? 'zh-CN';
      const written = await inTransaction(this.db, async (trx) => {
        const inserted = new Set(
          (await insertNotices(trx, tenant.id, readerId, rows, { runId, inbox, mail })).map(keyOf),
        );
        if (!inserted.size) return false;
        if (inbox) {
          const message = reminderMessage(lang, {
            library: localName(tenant, lang),
            readerName: first.readerName,
            lines: rows.filter((r) => inserted.has(keyOf(r))),
          });
          await addInboxMessage(trx, {
            tenantId: tenant.id,
            readerId,
            channel: 'inbox',
            target: '',
            subject: message.subject,
            body: message.text,
          });
        }
        return true;
      });
      if (!written) continue;
      touched.add(readerId);
      if (inbox) report.messages++;
    }

    // 2. Mails: every reminder whose mail is still to send (this run's and those a failure left), one mail a reader.
    const pending = await findPendingMails(this.db, tenant.id);
    for (const [readerId, rows] of groupByReader(pending)) {
      await lease.keep();
      await this.mailReader(tenant, readerId, rows, report, touched, now);
    }
    report.readers = touched.size;
  }

  private async mailReader(
    tenant: Tenant,
    readerId: number,
    rows: PendingMailRow[],
    report: InstitutionReport,
    touched: Set<number>,
    now: Date,
  ): Promise<void> {
    const first = rows[0]!;
    const mailer = this.deps.mail;
    const ids = (list: PendingMailRow[]) => list.map((r) => r.id);
    // No longer wanted: the loan returned or renewed, or the reader's address or choice changed.
    const live = rows.filter((r) => r.current);
    if (!mailer || !this.canMail(first)) {
      await markMails(this.db, tenant.id, ids(rows), { state: 'dropped', attempted: false });
      return;
    }
    await markMails(this.db, tenant.id, ids(rows.filter((r) => !r.current)), { state: 'dropped', attempted: false });
    if (!live.length) return;
    const lang: Lang = first.lang ?? 'zh-CN';
    const message = reminderMessage(lang, {
      library: localName(tenant, lang),
      readerName: first.readerName,
      lines: live,
    });
    try {
      await mailer.send({
        tenantId: tenant.id,
        readerId,
        to: first.email,
        subject: message.subject,
        text: message.text,
      });
    } catch (err) {
      const error = messageOf(err);
      const forGood = refusedForGood(err);
      const giveUp = live.filter(
        (r) =>
          forGood || r.attempts + 1 >= MAX_MAIL_ATTEMPTS || now.getTime() - r.createdAt.getTime() > GIVE_UP_AFTER_MS,
      );
      const retry = live.filter((r) => !giveUp.includes(r));
      await markMails(this.db, tenant.id, ids(giveUp), { state: 'failed', attempted: true, error });
      await markMails(this.db, tenant.id, ids(retry), { state: 'pending', attempted: true, error });
      report.failures++;
      report.pendingMails += retry.length;
      report.givenUp += giveUp.length;
      // The reader's id, not the address: the log is read by more people than the reader list.
      this.log?.warn(
        { job: REMINDER_JOB, tenant: tenant.mappingPath, readerId, err: error, retry: retry.length > 0 },
        retry.length ? 'reminder mail failed; the next run tries again' : 'reminder mail failed; given up',
      );
      return;
    }
    await markMails(this.db, tenant.id, ids(live), { state: 'sent', attempted: true });
    report.mailsSent++;
    touched.add(readerId);
  }

  /** A dry run of one institution: what each reader would be sent, nothing written. */
  private async plan(tenant: Tenant): Promise<InstitutionReport> {
    const report = this.emptyReport(tenant);
    report.skipped = await this.skipReason(tenant.id);
    report.plans = [];
    if (report.skipped) return report;
    const setting = await this.deps.reminders.settings(tenant.id);
    const candidates = await findReminderCandidates(this.db, tenant.id, setting);
    const pending = groupByReader(await findPendingMails(this.db, tenant.id));
    for (const [readerId, rows] of groupByReader(candidates)) {
      const first = rows[0]!;
      const inbox = first.inboxReminders;
      const mail = this.canMail(first);
      if (!inbox && !mail) continue;
      report.plans.push({
        readerId,
        readerName: first.readerName,
        cardNo: first.cardNo,
        inbox,
        mail,
        loans: rows.map(lineOf),
      });
      pending.delete(readerId);
    }
    // Readers with only a mail left from an earlier run.
    for (const [readerId, rows] of pending) {
      const live = rows.filter((r) => r.current);
      if (!live.length || !this.canMail(rows[0]!)) continue;
      report.plans.push({
        readerId,
        readerName: rows[0]!.readerName,
        cardNo: rows[0]!.cardNo,
        inbox: false,
        mail: true,
        loans: live.map(lineOf),
      });
    }
    report.readers = report.plans.length;
    report.messages = report.plans.filter((p) => p.inbox).length;
    return report;
  }
}
