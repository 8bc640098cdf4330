import { DailyJobScheduler, type DailySchedule } from '../jobs/daily-scheduler.js';
import type { JobLog, ReminderJob } from './reminder-job.js';

export type { TickOutcome } from '../jobs/daily-scheduler.js';
/** When the reminders run: a local time of day in a time zone (REMINDERS_AT, REMINDERS_TIME_ZONE). */
export type ReminderSchedule = DailySchedule;

/** The daily due-date reminders (the job `reminders`), on the schedule of REMINDERS_AT. */
export class ReminderScheduler extends DailyJobScheduler {
  constructor(job: ReminderJob, schedule: ReminderSchedule, log: JobLog) {
    super('reminders', job, schedule, log);
  }
}
