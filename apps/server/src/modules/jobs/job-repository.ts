import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

// The jobs the server runs on its own (the reminders): who runs one now (job_lease) and what each
// run did (job_run). Installation-wide by nature: one lease per job whatever the institutions, and a
// run covers every institution unless it was started for one (its `tenantId`).

/** How a run ended, and what it did. */
export type JobRunStatus = 'running' | 'succeeded' | 'failed' | 'interrupted';
export type JobTrigger = 'schedule' | 'startup' | 'retry' | 'cli';

/** A run as staff see it (`openfind reminders status`, later the staff console). */
export interface JobRun {
  id: number;
  job: string;
  trigger: JobTrigger;
  /** The institution it ran for; null = all of them. */
  tenantId: number | null;
  /** YYYY-MM-DD in the schedule's time zone. */
  runDay: string;
  status: JobRunStatus;
  startedAt: Date;
  finishedAt: Date | null;
  readers: number;
  messages: number;
  mailsSent: number;
  failures: number;
  /** What it did per institution (the job's own shape). */
  details: unknown;
  error: string | null;
  host: string;
}

/**
 * Takes the job's lease for `seconds` when no one holds it (or it has lapsed): true when taken. On
 * PostgreSQL two processes asking at once are serialised by the row: the second sees the first's
 * lease, not yet lapsed, and gets nothing.
 */
export async function acquireJobLease(
  db: Kysely<Database>,
  job: string,
  holder: string,
  seconds: number,
): Promise<boolean> {
  const res = await sql<{ holder: string }>`
    INSERT INTO job_lease (job, holder, expires_at)
    VALUES (${job}, ${holder}, now() + make_interval(secs => ${seconds}))
    ON CONFLICT (job) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
      WHERE job_lease.expires_at < now() OR job_lease.holder = EXCLUDED.holder
    RETURNING holder`.execute(db);
  return res.rows[0]?.holder === holder;
}

/** Extends the holder's lease by `seconds` from now: false when it is no longer theirs. */
export async function renewJobLease(
  db: Kysely<Database>,
  job: string,
  holder: string,
  seconds: number,
): Promise<boolean> {
  const res = await sql`
    UPDATE job_lease SET expires_at = now() + make_interval(secs => ${seconds})
    WHERE job = ${job} AND holder = ${holder}`.execute(db);
  return Number(res.numAffectedRows ?? 0) > 0;
}

/** Lets the lease go (a run that ended). */
export async function releaseJobLease(db: Kysely<Database>, job: string, holder: string): Promise<void> {
  await db.deleteFrom('job_lease').where('job', '=', job).where('holder', '=', holder).execute();
}

/** Who holds the job's lease now, if anyone. */
export async function findJobLease(
  db: Kysely<Database>,
  job: string,
): Promise<{ holder: string; expiresAt: Date } | undefined> {
  const row = await db
    .selectFrom('job_lease')
    .select(['holder', 'expires_at'])
    .where('job', '=', job)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row && { holder: row.holder, expiresAt: row.expires_at };
}

/**
 * Runs of `job` still marked running when a new run has just taken the lease: their process ended
 * without finishing them (the lease lapsed). Marked interrupted.
 */
export async function markInterruptedRuns(db: Kysely<Database>, job: string): Promise<number> {
  const res = await db
    .updateTable('job_run')
    .set({ status: 'interrupted', finished_at: sql<Date>`now()`, error: 'the process ended before the run did' })
    .where('job', '=', job)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Records the start of a run; its id. */
export async function insertJobRun(
  db: Kysely<Database>,
  run: { job: string; trigger: JobTrigger; tenantId: number | null; runDay: string; host: string },
): Promise<number> {
  const row = await db
    .insertInto('job_run')
    .values({ job: run.job, trigger: run.trigger, tenant_id: run.tenantId, run_day: run.runDay, host: run.host })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Records how a run ended and what it did. */
export async function finishJobRun(
  db: Kysely<Database>,
  id: number,
  result: {
    status: Exclude<JobRunStatus, 'running'>;
    readers: number;
    messages: number;
    mailsSent: number;
    failures: number;
    details: unknown;
    error: string | null;
  },
): Promise<void> {
  await db
    .updateTable('job_run')
    .set({
      status: result.status,
      finished_at: sql<Date>`now()`,
      readers: result.readers,
      messages: result.messages,
      mails_sent: result.mailsSent,
      failures: result.failures,
      details: JSON.stringify(result.details),
      error: result.error === null ? null : result.error.slice(0, 2000),
    })
    .where('id', '=', String(id))
    .execute();
}

/** The runs, with what `JobRun` reads. */
function runs(db: Kysely<Database>) {
  return db
    .selectFrom('job_run')
    .select([
      'id',
      'job',
      'trigger',
      'tenant_id',
      sql<string>`run_day::text`.as('run_day'),
      'status',
      'started_at',
      'finished_at',
      'readers',
      'messages',
      'mails_sent',
      'failures',
      'details',
      'error',
      'host',
    ]);
}
type JobRunRow = Awaited<ReturnType<ReturnType<typeof runs>['execute']>>[number];

function toJobRun(r: JobRunRow): JobRun {
  return {
    id: Number(r.id),
    job: r.job,
    trigger: r.trigger,
    tenantId: r.tenant_id,
    runDay: r.run_day,
    status: r.status,
    startedAt: new Date(r.started_at),
    finishedAt: r.finished_at === null ? null : new Date(r.finished_at),
    readers: r.readers,
    messages: r.messages,
    mailsSent: r.mails_sent,
    failures: r.failures,
    details: typeof r.details === 'string' ? (JSON.parse(r.details) as unknown) : r.details,
    error: r.error,
    host: r.host,
  };
}

/** The latest runs of `job` (all, or one institution's and those for all), newest first. */
export async function findRecentJobRuns(
  db: Kysely<Database>,
  job: string,
  opts: { limit: number; onlyTenant?: number | undefined },
): Promise<JobRun[]> {
  let q = runs(db).where('job', '=', job);
  if (opts.onlyTenant !== undefined) {
    const id = opts.onlyTenant;
    q = q.where((eb) => eb.or([eb('tenant_id', '=', id), eb('tenant_id', 'is', null)]));
  }
  const rows = await q.orderBy('started_at', 'desc').orderBy('id', 'desc').limit(opts.limit).execute();
  return rows.map(toJobRun);
}

/** The runs of `job` for every institution on `runDay` (the schedule's day), newest first. */
export async function findRunsOfDay(db: Kysely<Database>, job: string, runDay: string): Promise<JobRun[]> {
  const rows = await runs(db)
    .where('job', '=', job)
    .where('tenant_id', 'is', null)
    .where('run_day', '=', sql<Date>`${runDay}::date`)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toJobRun);
}
