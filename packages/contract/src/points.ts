import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { Page, Rows } from './records.js';
import { POINTS_PLATFORMS, POINTS_RULES } from './values/points.js';
export * from './values/points.js';

/**
 * A reader's points (My Library key 8; spec §3 Points: name, change, date, platform, type; §7
 * "patron score" and `integralRule`, whose payloads the spec does not show: designed here). A
 * ledger of events, each counted once, and the balance they add up to.
 */

/** `POST /find/patronScore/list`: a page of the ledger, newest first. */
export const PointsListRequest = z.object({ page: Page, rows: Rows(20, 100) });
export type PointsListRequest = z.infer<typeof PointsListRequest>;

export const PointsEntry = z.object({
  entryId: z.number().int(),
  /** The rule (the entry's type). */
  rule: z.enum(POINTS_RULES),
  /** The rule's name in the caller's language. */
  name: z.string(),
  /** What it was for: a title, a comment's record, the library's reason ('' when nothing more). */
  note: z.string(),
  /** Points gained (positive) or lost (negative). */
  change: z.number().int(),
  /** The balance after this entry. */
  balance: z.number().int(),
  platform: z.enum(POINTS_PLATFORMS),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type PointsEntry = z.infer<typeof PointsEntry>;

export const PointsPage = z.object({
  /** The reader's points now. */
  balance: z.number().int(),
  totalCount: z.number().int(),
  list: z.array(PointsEntry),
});
export type PointsPage = z.infer<typeof PointsPage>;

/** One way to earn (or lose) points, as the reader is told it. */
export const PointsRuleInfo = z.object({
  rule: z.enum(POINTS_RULES),
  name: z.string(),
  /** When it applies, in the caller's language. */
  description: z.string(),
  /** Points each time (negative: a deduction). */
  points: z.number().int(),
});
export type PointsRuleInfo = z.infer<typeof PointsRuleInfo>;

/** `GET /find/patronScore/rules`: the institution's rules in force ("how to earn points"). */
export const PointsRules = z.array(PointsRuleInfo);

/** A logged-in reader's points. */
export const PointsCalls = calls('points', {
  patronScoreList: post('/find/patronScore/list', {
    input: PointsListRequest,
    output: PointsPage,
    access: 'reader',
    summary: "The reader's points: the balance and a page of the ledger, newest first",
  }),
  integralRule: get('/find/patronScore/rules', {
    output: PointsRules,
    access: 'reader',
    summary: 'How points are earned and lost at the institution',
  }),
});
