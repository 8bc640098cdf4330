import {
  FEEDBACK_MAX_LENGTH,
  feedbackLength,
  feedbackTextLimit,
  isFeedbackContact,
  type FeedbackCategory,
  type FeedbackKind,
} from '@openfind/contract';
import { newSubmitKey as submitKeyOf } from '../../lib/submit-key';

/**
 * The feedback and question forms as the panel holds them and their checks: the same rules the
 * server applies (a text, at most 300 characters for feedback and 1000 for a question, counted in
 * characters; a subject for a question; a contact that is a phone number or an e-mail address).
 */

export interface FeedbackForm {
  category: FeedbackCategory;
  content: string;
  contact: string;
}

export interface QuestionForm {
  subject: string;
  content: string;
  contact: string;
}

/** A problem of one field: its message key under `form.errors.`. */
export type FormErrors = Partial<Record<'subject' | 'content' | 'contact', 'required' | 'tooLong' | 'contactInvalid'>>;

/** Characters left of a text of `kind` (negative when over). */
export const charactersLeft = (kind: FeedbackKind, text: string): number =>
  feedbackTextLimit(kind) - feedbackLength(text.trim());

function textErrors(kind: FeedbackKind, content: string, contact: string): FormErrors {
  const errors: FormErrors = {};
  if (!content.trim()) errors.content = 'required';
  else if (charactersLeft(kind, content) < 0) errors.content = 'tooLong';
  if (!isFeedbackContact(contact) || feedbackLength(contact.trim()) > FEEDBACK_MAX_LENGTH.contact)
    errors.contact = 'contactInvalid';
  return errors;
}

export function feedbackErrors(f: FeedbackForm): FormErrors {
  return textErrors('feedback', f.content, f.contact);
}

export function questionErrors(f: QuestionForm): FormErrors {
  const errors: FormErrors = {};
  if (!f.subject.trim()) errors.subject = 'required';
  else if (feedbackLength(f.subject.trim()) > FEEDBACK_MAX_LENGTH.subject) errors.subject = 'tooLong';
  return { ...errors, ...textErrors('question', f.content, f.contact) };
}

/** A record id from the address (`?recordId=`, a feedback sent from a record's page), or null. */
export function recordIdOf(v: string | null): number | null {
  if (!v || !/^\d{1,10}$/.test(v)) return null;
  const n = Number(v);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** A new token of one filled-in form: sending it twice (a double click, a retry) makes one message. */
export const newSubmitKey = (): string => submitKeyOf('fb');
