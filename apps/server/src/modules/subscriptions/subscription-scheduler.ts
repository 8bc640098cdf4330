import { DailyJobScheduler, type DailySchedule } from '../jobs/daily-scheduler.js';
import type { JobLog } from '../reminders/reminder-job.js';
import type { SubscriptionJob } from './subscription-job.js';

/**
 * The daily subscription digests (the job `subscriptions`), as the reminders run: the same time of
 * day and time zone (REMINDERS_AT / REMINDERS_TIME_ZONE), off with REMINDERS_SCHEDULE=off.
 */
export class SubscriptionScheduler extends DailyJobScheduler {
  constructor(job: SubscriptionJob, schedule: DailySchedule, log: JobLog) {
    super('subscriptions', job, schedule, log);
  }
}
