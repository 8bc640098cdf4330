/**
 * A reader's points (My Library key 8, the spec's "patron score" and `integralRule`): the rules a
 * reader earns or loses points by, and where an event happened. Plain values, free of schemas
 * (points.ts re-exports them).
 */

/**
 * The rules of the points ledger, each an event counted once per reader and reference (a loan, a
 * comment…). `adjustment` is a correction by the library, with its own amount.
 */
export const POINTS_RULES = [
  'firstLogin',
  'bindContact',
  'returnOnTime',
  'returnOverdue',
  'commentApproved',
  'purchaseAdopted',
  'donationAccepted',
  'adjustment',
] as const;
export type PointsRule = (typeof POINTS_RULES)[number];

/**
 * The points of each rule where the institution set none (table `points_rule` overrides them, or
 * turns a rule off): a welcome for the first login and for each contact bound, a little for each
 * loan returned on time, a deduction for each returned late, thanks for an approved comment, an
 * adopted purchase suggestion and an accepted donation.
 */
export const DEFAULT_POINTS: Record<PointsRule, number> = {
  firstLogin: 5,
  bindContact: 5,
  returnOnTime: 2,
  returnOverdue: -5,
  commentApproved: 1,
  purchaseAdopted: 3,
  donationAccepted: 10,
  adjustment: 0,
};

/** Where the event behind an entry happened: the portal, the mobile app, the desk, or the library's system. */
export const POINTS_PLATFORMS = ['web', 'app', 'desk', 'system'] as const;
export type PointsPlatform = (typeof POINTS_PLATFORMS)[number];

/** Largest amount one entry moves (an adjustment included). */
export const MAX_POINTS_CHANGE = 10_000;
