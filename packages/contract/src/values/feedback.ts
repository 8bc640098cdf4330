import { isValidEmail, isValidPhone } from './contacts.js';

/**
 * Problem feedback and e-questions (My Library key 12; the staff queue `/admin/feedback`): codes,
 * limits and the rules of a valid message, plain values free of schemas (feedback.ts re-exports
 * them), so that the web app's forms count and check what the server checks without bringing zod.
 */

/** Error codes of the feedback and e-question calls (in `errCode`). */
export const FeedbackErrCode = {
  /** A field is missing or malformed (the message says which). */
  invalid: 42901,
  /** The feedback or the question is empty. */
  contentRequired: 42902,
  /** Longer than allowed: feedback 300 characters, a question 1000, a reply 1000 (spec §5). */
  tooLong: 42903,
  /** The reader has sent as many today as the institution allows (`dailyLimit`). */
  dailyLimit: 42904,
  /** No such feedback or question (of this reader, or of this institution for staff). */
  noSuch: 42905,
  /** It is closed: no reply and no closing any more. */
  closed: 42906,
  /** Every one named was changed meanwhile (another tab, another member of staff): nothing changed. */
  changedMeanwhile: 42907,
  /** A staff reply without text. */
  replyRequired: 42908,
  /** The record the feedback is about is not in the catalogue of this institution. */
  noSuchRecord: 42909,
  /** The contact is neither a phone number nor an e-mail address. */
  contactInvalid: 42910,
  /** A question needs its subject. */
  subjectRequired: 42911,
} as const;

/** What a message is: problem feedback, or an e-question ("ask a librarian"). */
export const FEEDBACK_KINDS = ['feedback', 'question'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];

/** What problem feedback is about. */
export const FEEDBACK_CATEGORIES = ['catalogue', 'website', 'service', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

/** A message's state: waiting for the library, answered, closed (by the reader or by staff). */
export const FEEDBACK_STATUSES = ['submitted', 'replied', 'closed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** Longest value of each text field, in characters (the forms' counters, the server's limits). */
export const FEEDBACK_MAX_LENGTH = {
  /** Problem feedback: 300 characters (spec §5, §9). */
  feedback: 300,
  /** An e-question's text. */
  question: 1000,
  subject: 100,
  contact: 100,
  reply: 1000,
} as const;

/** Messages (feedback and questions together) a reader may send in one day, unless the institution set otherwise. */
export const DEFAULT_FEEDBACK_DAILY_LIMIT = 10;
/** The most an institution may allow. */
export const MAX_FEEDBACK_DAILY_LIMIT = 100;
/** Most messages closed in one staff call, and most rows of an export. */
export const MAX_FEEDBACK_BATCH = 100;
export const MAX_FEEDBACK_EXPORT = 5000;

/** The length of a text as the limits count it: characters (code points), an emoji or a rare 汉字 is one. */
export const feedbackLength = (v: string): number => [...v].length;

/** The limit of the text of a message of `kind`. */
export const feedbackTextLimit = (kind: FeedbackKind): number =>
  kind === 'feedback' ? FEEDBACK_MAX_LENGTH.feedback : FEEDBACK_MAX_LENGTH.question;

/**
 * Whether an optional contact (trimmed) is fine: empty, a mobile number, a landline with its area
 * code (7–12 digits), or an e-mail address.
 */
export function isFeedbackContact(v: string): boolean {
  const c = v.trim();
  if (!c) return true;
  const digits = c.replace(/[\s()-]+/g, '');
  return isValidPhone(digits) || /^0?\d{7,12}$/.test(digits) || isValidEmail(c);
}
