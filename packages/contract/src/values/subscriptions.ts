/**
 * Subscriptions and alerts (My Library key 3): codes and limits, plain values free of schemas
 * (subscriptions.ts re-exports them), so the web app can use them without zod.
 */

/** Error codes of the subscription calls (in `errCode`). */
export const SubscriptionErrCode = {
  /** A field is missing or malformed (the message says which). */
  invalid: 43201,
  /** The reader has as many subscriptions as allowed (`MAX_SUBSCRIPTIONS`). */
  tooMany: 43202,
  /** The reader is subscribed to the same search already. */
  duplicate: 43203,
  /** No such subscription of this reader. */
  noSuchSubscription: 43204,
  /** E-mail chosen, but the reader has no verified e-mail address. */
  emailNotVerified: 43205,
  /** Neither e-mail nor inbox chosen: the digest would reach no one. */
  noChannel: 43206,
  /** The search has nothing to look for (no words, class number or journal). */
  emptyQuery: 43207,
  /** A signed link (unsubscribe, feed) whose signature does not check, or whose subscription is gone. */
  badSignature: 43208,
  /** Changed meanwhile (another tab): reload and try again. */
  changedMeanwhile: 43209,
} as const;

/** What a subscription follows: a search as typed on the results page, a class number, a journal. */
export const SUBSCRIPTION_KINDS = ['search', 'class', 'journal'] as const;
export type SubscriptionKind = (typeof SUBSCRIPTION_KINDS)[number];

/** How often its digest is sent. */
export const SUBSCRIPTION_FREQUENCIES = ['daily', 'weekly'] as const;
export type SubscriptionFrequency = (typeof SUBSCRIPTION_FREQUENCIES)[number];

/** Subscriptions one reader may have. */
export const MAX_SUBSCRIPTIONS = 50;
/** Longest name of a subscription (what the digest and My Library show). */
export const SUBSCRIPTION_TITLE_MAX = 100;
/** New records listed per subscription in one digest (the rest are counted, one link away). */
export const DIGEST_RECORDS_PER_SUBSCRIPTION = 20;
/** Entries of a subscription's Atom feed. */
export const FEED_ENTRIES = 30;

/** The address of a subscription's Atom feed (`?sig=` added) and of the unsubscribe page. */
export const SUBSCRIPTION_FEED_PATH = '/find/subscribe/feed/';
export const SUBSCRIPTION_UNSUBSCRIBE_PATH = '/find/subscribe/unsubscribe/';
