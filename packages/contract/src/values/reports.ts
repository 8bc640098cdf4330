/**
 * The staff console's dashboard, statistics and audit log (issue 28): plain values, free of schemas
 * (reports.ts re-exports them), so the web app can import them without zod.
 */

/** Error codes of the reports' calls (in `errCode`). */
export const ReportsErrCode = {
  /** A period whose end is before its start, or longer than the call allows. */
  badPeriod: 42001,
} as const;

/** Days the dashboard looks back over (today included). */
export const DASHBOARD_DAYS = 30;

/** Zero-result searches the dashboard lists, most frequent first. */
export const DASHBOARD_ZERO_SEARCHES = 20;

/** The longest period the statistics cover at once, in days (by day: one row a day). */
export const MAX_STATS_DAYS_BY_DAY = 366;
/** The longest period the statistics cover at once by month, in days (ten years). */
export const MAX_STATS_DAYS_BY_MONTH = 3660;

/** How the statistics group their periods. */
export const STATS_GROUPINGS = ['day', 'month'] as const;
export type StatsGrouping = (typeof STATS_GROUPINGS)[number];

/** Rows of the audit log a page may hold at most (the CSV export pages through them). */
export const MAX_AUDIT_ROWS = 500;
/** Rows the audit log's CSV export takes at most. */
export const MAX_AUDIT_EXPORT = 10_000;
