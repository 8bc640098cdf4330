/**
 * Due-date reminders and the calendar feed of a reader's loans (issue 27): plain values, free of
 * schemas (reminders.ts re-exports them).
 */

/** Days before the due date a reminder goes out, unless the institution sets otherwise. */
export const DEFAULT_REMINDER_DAYS_BEFORE = 3;
/** An overdue loan is reminded of on its first overdue day, then every this many days. */
export const DEFAULT_OVERDUE_EVERY_DAYS = 7;
/** Limits of the institution's settings (`openfind reminders settings`). */
export const MAX_REMINDER_DAYS_BEFORE = 30;
export const MAX_OVERDUE_EVERY_DAYS = 365;

/**
 * Where a reader's calendar feed is answered: `${CALENDAR_FEED_PATH}<token>.ics`, no session, no
 * headers (a phone's calendar asks for it); the token names the reader and their institution.
 */
export const CALENDAR_FEED_PATH = '/find/loanInfo/calendar/';

/** `calendarFeed`'s actions: make a new address (the old one stops working), or stop the feed. */
export const CALENDAR_FEED_ACTIONS = ['create', 'revoke'] as const;
export type CalendarFeedAction = (typeof CALENDAR_FEED_ACTIONS)[number];
