import type { JobRun, JobTrigger } from './job-repository.js';
import type { JobLog } from '../reminders/reminder-job.js';
import { zonedNow } from '../reminders/zoned-time.js';

/** When a daily job runs: a local time of day in a time zone (REMINDERS_AT, REMINDERS_TIME_ZONE). */
export interface DailySchedule {
  hour: number;
  minute: number;
  timeZone: string;
}

/** What a scheduler needs of a job: its runs of a day (job_run), and a run. */
export interface DailyJob {
  runsOfDay(day: string): Promise<JobRun[]>;
  run(opts: { trigger: JobTrigger; now?: Date }): Promise<{ status: string }>;
}

/** How often a server process looks whether the day's run is due (or to be tried again). */
const CHECK_MS = 5 * 60_000;
/** The first look after start-up: soon (a run missed while the server was down), spread over processes. */
const FIRST_CHECK_MS = 20_000;
/** The pause after a failed run before the next try: doubling from five minutes, at most two hours. */
const FIRST_BACKOFF_MS = 5 * 60_000;
const MAX_BACKOFF_MS = 2 * 60 * 60_000;

/** What a look at the schedule found. */
export type TickOutcome = 'not-yet' | 'done' | 'backoff' | 'ran' | 'failed' | 'busy';

/**
 * Runs a job once a day inside the server (the due-date reminders, the subscription digests): from
 * the scheduled time on, each look (every five minutes, and twenty seconds after start-up, which
 * catches a run missed while the server was down) runs the job unless a run for every institution
 * has succeeded that day; a failed run (a mail server down) is tried again after a pause that
 * doubles. Every server process looks; the job's lease lets one of them run it.
 */
export class DailyJobScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;

  constructor(
    /** The job's name in the log lines (`"job": name`). */
    private readonly name: string,
    private readonly job: DailyJob,
    private readonly schedule: DailySchedule,
    private readonly log: JobLog,
  ) {}

  start(): void {
    this.stopped = false;
    this.next(FIRST_CHECK_MS + Math.floor(Math.random() * 10_000), true);
    const { hour, minute, timeZone } = this.schedule;
    this.log.info(
      { job: this.name, at: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`, timeZone },
      `${this.name} run daily`,
    );
  }

  /** Stops looking; waits for a run under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => {});
  }

  private next(ms: number, startup = false): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick(new Date(), startup)
        .catch((err: unknown) =>
          this.log.warn(
            { job: this.name, err: err instanceof Error ? err.message : String(err) },
            `${this.name} schedule check failed`,
          ),
        )
        .finally(() => this.next(CHECK_MS));
    }, ms);
    this.timer.unref();
  }

  /** One look at the schedule at `now`: runs the job when it is due. */
  async tick(now: Date, startup = false): Promise<TickOutcome> {
    const { hour, minute, timeZone } = this.schedule;
    const local = zonedNow(now, timeZone);
    if (local.minutes < hour * 60 + minute) return 'not-yet';
    const runs = await this.job.runsOfDay(local.day);
    if (runs.some((r) => r.status === 'succeeded')) return 'done';
    const failed = runs.filter((r) => r.status === 'failed' || r.status === 'interrupted');
    const last = failed[0];
    if (last) {
      const wait = Math.min(FIRST_BACKOFF_MS * 2 ** (failed.length - 1), MAX_BACKOFF_MS);
      const since = now.getTime() - (last.finishedAt ?? last.startedAt).getTime();
      if (since < wait) return 'backoff';
    }
    const report = await this.job.run({ trigger: last ? 'retry' : startup ? 'startup' : 'schedule', now });
    return report.status === 'busy' ? 'busy' : report.status === 'succeeded' ? 'ran' : 'failed';
  }
}
