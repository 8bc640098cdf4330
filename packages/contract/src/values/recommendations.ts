/**
 * Resource recommendations (purchase suggestions, My Library key 6, `/personalCenter/freeOrder`, and
 * the staff console's queue): plain values free of schemas (recommendations.ts re-exports them), so
 * the web app's form checks what the server checks without bringing zod along.
 */

/** Error codes of the recommendation calls (in `errCode`). A frozen or lost card answers with the auth codes. */
export const RecommendErrCode = {
  /** The ISBN is not an ISBN-10 or ISBN-13 with a right check digit. */
  invalidIsbn: 42501,
  /** The title (or for an e-resource its name) is missing; a book's look-up needs title and ISBN. */
  titleRequired: 42502,
  /** The reader has neither a verified phone nor a verified e-mail. */
  contactNotVerified: 42503,
  /** The reader's recommendations of today reach the institution's daily quota. */
  quotaUsed: 42504,
  /** The reader has an open recommendation of the same book or resource. */
  duplicate: 42505,
  /** The institution takes no recommendations (or none of this kind). */
  notAllowed: 42506,
  /** No such recommendation (another reader's, another institution's). */
  noSuch: 42507,
  /** The recommendation is no longer unprocessed: the reader cannot cancel it. */
  notCancellable: 42508,
  /** Staff: every recommendation named changed meanwhile (another tab): nothing was changed. */
  conflict: 42509,
  /** Staff: the recommendation cannot go to that state from the one it is in. */
  badTransition: 42510,
  /** Staff: "processed" (declined or answered) needs the reply the reader reads. */
  replyRequired: 42511,
  /** Staff: the record named for a shelved recommendation is not one of the institution. */
  noSuchRecord: 42512,
  /** A field is malformed (a link that is not http(s), a reason not of the list). */
  invalid: 42513,
} as const;

/** What is recommended: a book (by ISBN, the "free" form), a journal or an e-resource (the "custom" form). */
export const RECOMMEND_KINDS = ['book', 'journal', 'eresource'] as const;
export type RecommendKind = (typeof RECOMMEND_KINDS)[number];

/**
 * The kinds of the electronic resources' recommendations (`/find/newEle/recommendBooks/*`: the
 * navigation pages' "recommend a database or journal", a list of the reader's own of these kinds).
 */
export const E_RECOMMEND_KINDS = ['eresource', 'journal'] as const satisfies readonly RecommendKind[];

/** The states of a recommendation (spec behaviour tabs), in the tabs' order. */
export const RECOMMEND_STATUSES = [
  'unprocessed',
  'processed',
  'ordered',
  'unsubscribed',
  'shelved',
  'cancelled',
  'processing',
] as const;
export type RecommendStatus = (typeof RECOMMEND_STATUSES)[number];

/** The list's tabs: all, then each state. */
export const RECOMMEND_TABS = ['all', ...RECOMMEND_STATUSES] as const;
export type RecommendTab = (typeof RECOMMEND_TABS)[number];

/** The states a recommendation is open in: the same one again is refused while one is. */
export const OPEN_RECOMMEND_STATUSES: readonly RecommendStatus[] = ['unprocessed', 'processing', 'ordered'];

/** What staff decide, in the order the console offers it. */
export const RECOMMEND_DECISIONS = ['processing', 'ordered', 'shelved', 'processed', 'unsubscribed'] as const;
export type RecommendDecision = (typeof RECOMMEND_DECISIONS)[number];

/** States staff move a recommendation to (cancelled is the reader's), and from which. */
export const RECOMMEND_TRANSITIONS: Record<RecommendDecision, readonly RecommendStatus[]> = {
  processing: ['unprocessed'],
  ordered: ['unprocessed', 'processing'],
  shelved: ['unprocessed', 'processing', 'ordered'],
  processed: ['unprocessed', 'processing'],
  unsubscribed: ['unprocessed', 'processing', 'ordered'],
};

/** The states that count as adopted (the reader earns the "purchase suggestion adopted" points once). */
export const ADOPTED_STATUSES: readonly RecommendStatus[] = ['ordered', 'shelved'];

/** The reasons a reader picks from (purchaseReasonList), in order; names in three languages come from the server. */
export const PURCHASE_REASONS = [
  'teaching',
  'research',
  'study',
  'collection',
  'newEdition',
  'moreCopies',
  'other',
] as const;
export type PurchaseReason = (typeof PURCHASE_REASONS)[number];

/** A recommendation's language: Chinese or Western (spec §4); '' for not said. */
export const RECOMMEND_LANGUAGES = ['', 'chinese', 'western'] as const;

/** Recommendations a reader may make a day unless the institution says otherwise. */
export const DEFAULT_DAILY_RECOMMEND_QUOTA = 5;
/** The largest daily quota an institution may set. */
export const MAX_DAILY_RECOMMEND_QUOTA = 100;
/** Most recommendations decided in one staff call. */
export const MAX_RECOMMEND_BATCH = 100;
/** Longest reply to a reader. */
export const MAX_RECOMMEND_REPLY = 500;

/** Longest value of each text field (the form's `maxLength`, the server's limit). */
export const RECOMMEND_MAX_LENGTH = {
  title: 200,
  isbn: 20,
  author: 100,
  publisher: 100,
  publishYear: 20,
  price: 20,
  note: 500,
  frequency: 50,
  resourceName: 200,
  subject: 100,
  docTypes: 200,
  url: 500,
} as const;

/** Whether a link is one staff can open safely: http(s) only. */
export function isRecommendUrl(url: string): boolean {
  return /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(url.trim());
}

/**
 * Whether the resource-recommendation entry shows (spec §6): the server allows recommending and at
 * least one of the site flags purderRec, freeRec, customRec, recRecord is not '0'.
 */
export function recommendEntryVisible(
  isAllowRecommend: boolean,
  flags: { purderRec: string; freeRec: string; customRec: string; recRecord: string },
): boolean {
  return isAllowRecommend && [flags.purderRec, flags.freeRec, flags.customRec, flags.recRecord].some((f) => f !== '0');
}

/**
 * The kinds the site flags allow: a book (the ISBN form) with freeRec or purderRec, journals and
 * e-resources (the custom form) with customRec. recRecord governs the reader's list.
 */
export function recommendKindsAllowed(flags: {
  purderRec: string;
  freeRec: string;
  customRec: string;
}): RecommendKind[] {
  const kinds: RecommendKind[] = [];
  if (flags.freeRec !== '0' || flags.purderRec !== '0') kinds.push('book');
  if (flags.customRec !== '0') kinds.push('journal', 'eresource');
  return kinds;
}
