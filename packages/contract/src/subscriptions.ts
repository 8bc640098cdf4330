import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { LongId, freeText, yesNo } from './input.js';
import { SearchRequest } from './search.js';
import { SUBSCRIPTION_FREQUENCIES, SUBSCRIPTION_KINDS, SUBSCRIPTION_TITLE_MAX } from './values/subscriptions.js';
export * from './values/subscriptions.js';

/**
 * Subscriptions and alerts (spec §2 key 3 "subscriptions", the state slot `subscribeList`, §7
 * `/find/subscribe/*`, whose paths and payloads the spec does not show: designed here). A reader
 * subscribes to a search (from the results page), a class number or a journal (ISSN or title); a
 * scheduled job sends a digest of the records added since the last one, daily or weekly, to the
 * inbox and/or by e-mail; each subscription has an Atom feed and a signed unsubscribe link that works
 * without logging in.
 */

const title = freeText(SUBSCRIPTION_TITLE_MAX).transform((v) => v.trim());
const channels = {
  /** Digest by e-mail (only with a verified e-mail address). */
  byEmail: yesNo,
  /** Digest to the inbox. */
  byInbox: yesNo,
};

/** `POST /find/subscribe/add`. */
export const SubscribeRequest = z.object({
  kind: z.enum(SUBSCRIPTION_KINDS),
  /** kind `search`: the results page's search request (paging, sort and facet mode are ignored). */
  search: SearchRequest.optional(),
  /** kind `class`: a CLC class number (its records and those of its subclasses). */
  classNo: z.string().trim().max(40).optional(),
  /** kind `journal`: an ISSN or a journal title. */
  journal: z.string().trim().max(200).optional(),
  /** The name shown in My Library and the digest; default: what was searched. */
  title: title.optional(),
  frequency: z.enum(SUBSCRIPTION_FREQUENCIES).default('weekly'),
  ...channels,
});
export type SubscribeRequest = z.infer<typeof SubscribeRequest>;

/** One subscription as its reader sees it. */
export const Subscription = z.object({
  subscriptionId: z.number().int(),
  kind: z.enum(SUBSCRIPTION_KINDS),
  title: z.string(),
  /** What it looks for, in words (the search text, the class number, the ISSN or title). */
  query: z.string(),
  frequency: z.enum(SUBSCRIPTION_FREQUENCIES),
  byEmail: z.boolean(),
  byInbox: z.boolean(),
  paused: z.boolean(),
  /** The Atom feed's address (signed: a feed reader needs no login). */
  feedUrl: z.string(),
  /** ISO 8601: the last digest delivered, and the newest record time it covered; null before the first. */
  lastSentAt: z.string().nullable(),
  sentUpTo: z.string(),
  /** Records in the last digest. */
  lastCount: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type Subscription = z.infer<typeof Subscription>;

/** `GET /find/subscribe/list`: the reader's subscriptions, newest first (the spec's subscribeList). */
export const SubscriptionList = z.object({
  list: z.array(Subscription),
  max: z.number().int(),
  /** Whether the reader has a verified e-mail address (e-mail digests need one). */
  emailVerified: z.boolean(),
});
export type SubscriptionList = z.infer<typeof SubscriptionList>;

/** `POST /find/subscribe/update`: frequency, channels, paused; `version` as the screen showed it. */
export const UpdateSubscriptionRequest = z.object({
  subscriptionId: LongId,
  version: z.coerce.number().int().min(0),
  title: title.optional(),
  frequency: z.enum(SUBSCRIPTION_FREQUENCIES).optional(),
  byEmail: z.boolean().optional(),
  byInbox: z.boolean().optional(),
  paused: z.boolean().optional(),
});
export type UpdateSubscriptionRequest = z.infer<typeof UpdateSubscriptionRequest>;

/** `POST /find/subscribe/delete`. */
export const SubscriptionIdRequest = z.object({ subscriptionId: LongId });

export const SubscriptionCalls = calls('subscriptions', {
  subscriptionList: get('/find/subscribe/list', {
    output: SubscriptionList,
    access: 'reader',
    summary: "The reader's subscriptions with frequency, channels, the feed address and the last digest",
  }),
  subscribe: post('/find/subscribe/add', {
    input: SubscribeRequest,
    output: Subscription,
    access: 'reader',
    summary: 'Subscribe to a search, a class number or a journal (daily or weekly digest, e-mail and/or inbox)',
  }),
  updateSubscription: post('/find/subscribe/update', {
    input: UpdateSubscriptionRequest,
    output: Subscription,
    access: 'reader',
    summary: "Change a subscription's name, frequency or channels, pause or resume it",
  }),
  deleteSubscription: post('/find/subscribe/delete', {
    input: SubscriptionIdRequest,
    output: z.object({ subscriptionId: z.number().int() }),
    access: 'reader',
    summary: 'Unsubscribe',
  }),
});
