import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { CALENDAR_FEED_ACTIONS } from './values/reminders.js';
export * from './values/reminders.js';

/**
 * A reader's due-date reminders and the calendar of their due dates (issue 27; OpenFind additions:
 * the spec has no such calls). Reminders go to the reader's inbox and, with a verified e-mail
 * address and a mail server, by e-mail, a number of days before the due date (the institution's)
 * and when a loan is overdue; each reader may turn either off. The calendar feed is an address with
 * a secret token, for a phone's or a desktop's calendar to subscribe to.
 */

/** `GET /find/loanInfo/reminderSettings`. */
export const ReminderSettings = z.object({
  /** The reader's choices (both on until the reader turns one off). */
  emailReminders: z.boolean(),
  inboxReminders: z.boolean(),
  /** The institution's: days before the due date, and the days between overdue reminders (0 = once). */
  daysBefore: z.number().int(),
  overdueEvery: z.number().int(),
  /**
   * Whether the institution sends reminders: false when it has turned them off, or when its loans
   * are in the library's own system (SIP2), which sends its own notices.
   */
  active: z.boolean(),
  /** Whether e-mail can reach the reader: a verified address and a mail server. */
  emailAvailable: z.boolean(),
  /** The verified address, masked ('' none). */
  email: z.string(),
  /**
   * The calendar feed: whether one is on, when it was made and last read (ISO 8601). Its address
   * is shown once, when it is made (`calendarFeed`): only a hash of its token is kept.
   */
  feedActive: z.boolean(),
  feedCreatedAt: z.string().nullable(),
  feedUsedAt: z.string().nullable(),
});
export type ReminderSettings = z.infer<typeof ReminderSettings>;

/** A flag as sent (true/false, 1/0, '1'/'0', 'true'/'false'); absent = unchanged. */
const flagInput = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === true || v === 1 || v === '1' || v === 'true'));

/** `POST /find/loanInfo/updateReminderSettings`: what the reader changes; what is left out stays. */
export const UpdateReminderSettings = z.object({
  emailReminders: flagInput,
  inboxReminders: flagInput,
});
export type UpdateReminderSettings = z.infer<typeof UpdateReminderSettings>;

/** `POST /find/loanInfo/calendarFeed`. */
export const CalendarFeedRequest = z.object({ action: z.enum(CALENDAR_FEED_ACTIONS) });
export type CalendarFeedRequest = z.infer<typeof CalendarFeedRequest>;

export const CalendarFeed = z.object({
  /** The new feed's address (https://…/find/loanInfo/calendar/<token>.ics); null once revoked. */
  feedUrl: z.string().nullable(),
  feedCreatedAt: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof CalendarFeed>;

/** The reminder calls of a logged-in reader. */
export const ReminderCalls = calls('reminders', {
  reminderSettings: get('/find/loanInfo/reminderSettings', {
    output: ReminderSettings,
    access: 'reader',
    summary:
      "The reader's due-date reminders (e-mail, inbox) and the institution's days before the due date; whether a " +
      'calendar feed is on (OpenFind addition)',
  }),
  updateReminderSettings: post('/find/loanInfo/updateReminderSettings', {
    input: UpdateReminderSettings,
    output: ReminderSettings,
    access: 'reader',
    summary: 'Turn e-mail or inbox reminders on or off; answers the new settings (OpenFind addition)',
  }),
  calendarFeed: post('/find/loanInfo/calendarFeed', {
    input: CalendarFeedRequest,
    output: CalendarFeed,
    access: 'reader',
    summary:
      'Make a new address of the calendar of due dates (an iCalendar feed; the old address stops working), shown ' +
      'only in this answer, or revoke it (OpenFind addition)',
  }),
});
