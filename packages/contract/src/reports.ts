import { z } from 'zod';
import { calls, get } from './endpoint.js';
import { freeText } from './input.js';
import { Page, Rows } from './records.js';
import { MAX_AUDIT_ROWS, STATS_GROUPINGS } from './values/reports.js';
export * from './values/reports.js';

/**
 * What the staff console reports (issue 28): the dashboard (today and the last 30 days), the
 * statistics of a period, and the institution's audit log. Staff calls (`X-Staff-Token`), reading only.
 */

/** `YYYY-MM-DD`, or '' / absent for none. */
const DateText = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'a date YYYY-MM-DD')
  .optional()
  .transform((v) => v || '');

/** One day's figures of the dashboard. */
export const DashboardDay = z.object({
  /** YYYY-MM-DD. */
  day: z.string(),
  searches: z.number().int(),
  zeroResults: z.number().int(),
  logins: z.number().int(),
  loans: z.number().int(),
  renewals: z.number().int(),
});
export type DashboardDay = z.infer<typeof DashboardDay>;

/** The figures summed over some days. */
export const DashboardTotals = DashboardDay.omit({ day: true });
export type DashboardTotals = z.infer<typeof DashboardTotals>;

/** A searched text and how often it was searched. */
export const SearchCount = z.object({ text: z.string(), n: z.number().int() });
export type SearchCount = z.infer<typeof SearchCount>;

/** `GET /find/admin/reports/dashboard`. */
export const Dashboard = z.object({
  /** YYYY-MM-DD, the server's today. */
  today: z.string(),
  todayTotals: DashboardTotals,
  /** The last 30 days, today included. */
  periodTotals: DashboardTotals,
  /** One row a day, oldest first, days without activity included. */
  days: z.array(DashboardDay),
  /** The texts searched in the 30 days that found nothing, most searched first: what readers look for and the library lacks. */
  zeroSearches: z.array(SearchCount),
  /** What waits for staff now. */
  waiting: z.object({
    /** Requests in a queue for a copy. */
    requests: z.number().int(),
    /** Requests with a copy on the hold shelf, waiting to be picked up. */
    readyRequests: z.number().int(),
    /** Reader comments waiting for moderation. */
    comments: z.number().int(),
  }),
});
export type Dashboard = z.infer<typeof Dashboard>;

/** `GET /find/admin/reports/statistics?from=&to=&by=`: by default the last 30 days by day. */
export const StatisticsQuery = z.object({
  from: DateText,
  to: DateText,
  by: z.enum(STATS_GROUPINGS).default('day'),
});
export type StatisticsQuery = z.infer<typeof StatisticsQuery>;

/** One period's activity. */
export const StatisticsPeriod = z.object({
  /** YYYY-MM-DD by day, YYYY-MM by month. */
  period: z.string(),
  searches: z.number().int(),
  zeroResults: z.number().int(),
  logins: z.number().int(),
  loans: z.number().int(),
  renewals: z.number().int(),
  returns: z.number().int(),
});
export type StatisticsPeriod = z.infer<typeof StatisticsPeriod>;

/** A group and its count ('' is the group of rows without the value). */
export const GroupCount = z.object({ key: z.string(), n: z.number().int() });
export type GroupCount = z.infer<typeof GroupCount>;

export const Statistics = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(STATS_GROUPINGS),
  /** Every period from `from` to `to`, oldest first. */
  periods: z.array(StatisticsPeriod),
  /** The readers now, by department and by reader type, most first. */
  readersByDepartment: z.array(GroupCount),
  readersByType: z.array(GroupCount),
  /** The records now, by the top class of the Chinese Library Classification (A…Z; '' unclassed). */
  recordsByClass: z.array(GroupCount),
  /** Loans made in the period, by the top class of their record. */
  loansByClass: z.array(GroupCount),
});
export type Statistics = z.infer<typeof Statistics>;

/** `GET /find/admin/reports/audit`: the institution's audit log, newest first. */
export const AuditQuery = z.object({
  /** The staff account's username (exact, any case). */
  actor: freeText(64).optional(),
  /** An action or its start: `desk.` lists every desk change. */
  action: freeText(64).optional(),
  /** Text the target contains. */
  target: freeText(200).optional(),
  from: DateText,
  to: DateText,
  page: Page,
  rows: Rows(20, MAX_AUDIT_ROWS),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEntryView = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  /** The state before and after, as recorded (JSON values). */
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
});
export type AuditEntryView = z.infer<typeof AuditEntryView>;

export const AuditPage = z.object({
  totalCount: z.number().int(),
  list: z.array(AuditEntryView),
  /** The actions the institution's log holds (for the filter). */
  actions: z.array(z.string()),
});
export type AuditPage = z.infer<typeof AuditPage>;

/** The staff console's reports: staff calls that read. */
export const ReportsCalls = calls('reports', {
  reportsDashboard: get('/find/admin/reports/dashboard', {
    output: Dashboard,
    access: 'staff',
    summary:
      'The dashboard: today and the last 30 days (searches, zero-result searches, logins, loans, renewals) and what waits',
  }),
  reportsStatistics: get('/find/admin/reports/statistics', {
    input: StatisticsQuery,
    output: Statistics,
    access: 'staff',
    summary:
      'Statistics of a period by day or month: searches, logins, loans; readers by department and type; records by class',
  }),
  reportsAudit: get('/find/admin/reports/audit', {
    input: AuditQuery,
    output: AuditPage,
    access: 'admin',
    summary: "The institution's audit log, newest first, filtered by who, action, target and date",
  }),
});
