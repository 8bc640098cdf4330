import { isValidEmail, isValidPhone } from './contacts.js';
import { normalizeIsbn } from './isbn.js';

/**
 * Book donations (My Library key 11, `/donate`, `/bookDonate`; the staff queue of the console):
 * codes, limits and the rules of a valid offer, plain values free of schemas (donations.ts re-exports
 * them), so that the web app's form checks what the server checks without bringing zod along.
 */

/** Error codes of the donation calls (in `errCode`). */
export const DonationErrCode = {
  /** A field of the offer is missing or malformed (the message says which and how). */
  invalid: 42601,
  /** Neither a phone number nor an e-mail address: the library could not reach the donor. */
  contactRequired: 42602,
  /** An ISBN given that is not a valid ISBN-10 or ISBN-13 (its check digit). */
  isbnInvalid: 42603,
  /** The reader has as many donations waiting as allowed (`MAX_OPEN_DONATIONS`). */
  tooManyOpen: 42604,
  /** No such donation (of this reader, or of this institution for staff). */
  noSuchDonation: 42605,
  /** The donation is no longer submitted (received, decided or cancelled): it cannot be cancelled. */
  notCancellable: 42606,
  /** Every donation named was changed meanwhile (another tab, another member of staff): nothing changed. */
  changedMeanwhile: 42607,
  /** Declining needs the reply the reader will read. */
  replyRequired: 42608,
  /** No such donation news item (or not published). */
  noSuchNews: 42609,
  /** A name to show on the donors list, unless the donor chose to be anonymous. */
  donorNameRequired: 42610,
} as const;

/** A donation's state: offered, the books arrived, taken into the collection, refused, withdrawn by the reader. */
export const DONATION_STATUSES = ['submitted', 'received', 'accepted', 'declined', 'cancelled'] as const;
export type DonationStatus = (typeof DONATION_STATUSES)[number];

/** How the books reach the library: sent by post, or brought to a desk. */
export const DONATION_DELIVERIES = ['post', 'inPerson'] as const;
export type DonationDelivery = (typeof DONATION_DELIVERIES)[number];

/** The states staff move a donation to. */
export const DONATION_DECISIONS = ['received', 'accepted', 'declined'] as const;
export type DonationDecision = (typeof DONATION_DECISIONS)[number];

/** The states a donation may be in to move to each decision (a decided one stays decided). */
export const DONATION_FROM: Record<DonationDecision, readonly DonationStatus[]> = {
  received: ['submitted'],
  accepted: ['submitted', 'received'],
  declined: ['submitted', 'received'],
};

/** Whether a donation in `status` is still open (waiting for staff). */
export const isOpenDonation = (status: DonationStatus) => status === 'submitted' || status === 'received';

/** Books in one donation, and copies of one book. */
export const MAX_DONATION_ITEMS = 50;
export const MAX_DONATION_COPIES = 100;
/** Donations of one reader waiting for staff (submitted or received) at one time. */
export const MAX_OPEN_DONATIONS = 10;
/** Most donations decided in one staff call, and most rows of an export. */
export const MAX_DONATION_BATCH = 100;
export const MAX_DONATION_EXPORT = 5000;

/** Longest value of each text field (the form's `maxLength`, the server's limit). */
export const DONATION_MAX_LENGTH = {
  donorName: 50,
  contactPhone: 20,
  contactEmail: 100,
  note: 500,
  reply: 500,
  title: 200,
  isbn: 17,
  author: 100,
} as const;

/** An ISBN as typed, without spaces and hyphens, upper case ('978-7-111-5' → '97871115'). */
export function normalizeDonationIsbn(v: string): string {
  return v
    .trim()
    .replace(/[\s-]+/g, '')
    .toUpperCase();
}

/** Whether `v` (normalised) is an ISBN-10 or an ISBN-13 with a right check digit. */
export function isValidDonationIsbn(v: string): boolean {
  return normalizeIsbn(v) !== undefined;
}

/** What is wrong with the contact of an offer: none given, or one not in a form the library can use. */
export type DonationContactProblem = 'required' | 'phoneInvalid' | 'emailInvalid';

/** The problem of an offer's contact (a phone number or an e-mail address, at least one, each valid); none when fine. */
export function donationContactProblem(phone: string, email: string): DonationContactProblem | null {
  const p = phone.trim().replace(/[\s-]+/g, '');
  const e = email.trim();
  if (!p && !e) return 'required';
  if (p && !isValidPhone(p)) return 'phoneInvalid';
  if (e && !isValidEmail(e)) return 'emailInvalid';
  return null;
}
