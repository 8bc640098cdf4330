/**
 * Windows of the loan lists:
 * plain values, free of schemas, so that the web app can import them without bringing zod along
 * (the module's own file re-exports them).
 */

/** Windows of the hot lists in days (spec §9: week, month, quarter, year). */
export const STAT_RANGES = [7, 30, 90, 365] as const;
