import {
  DONATION_MAX_LENGTH,
  MAX_DONATION_COPIES,
  MAX_DONATION_ITEMS,
  donationContactProblem,
  isValidDonationIsbn,
  normalizeDonationIsbn,
  type DonationDelivery,
} from '@openfind/contract';
import type { OfferDraft } from './api';
import { newSubmitKey as submitKeyOf } from '../../lib/submit-key';

/**
 * The donation form as the page holds it (every field text) and its checks: the same rules the
 * server applies (a title per book, an ISBN checked when given, 1–100 copies, a contact, a name
 * unless anonymous), so the reader learns of a mistake beside the field before sending.
 */

export interface BookRow {
  /** A key of the row for React (rows are added and removed). */
  key: number;
  title: string;
  isbn: string;
  author: string;
  copies: string;
}

export interface OfferForm {
  books: BookRow[];
  donorName: string;
  anonymous: boolean;
  contactPhone: string;
  contactEmail: string;
  delivery: DonationDelivery;
  note: string;
}

/** A problem of one field: its message key (under `donate.errors.`) and the field's id suffix. */
export type OfferErrors = Record<
  string,
  | 'titleRequired'
  | 'isbnInvalid'
  | 'copiesInvalid'
  | 'contactRequired'
  | 'phoneInvalid'
  | 'emailInvalid'
  | 'nameRequired'
>;

let nextKey = 1;
export const emptyBook = (): BookRow => ({ key: nextKey++, title: '', isbn: '', author: '', copies: '1' });

export function emptyOfferForm(prefill: { name?: string; phone?: string; email?: string } = {}): OfferForm {
  return {
    books: [emptyBook()],
    donorName: (prefill.name ?? '').slice(0, DONATION_MAX_LENGTH.donorName),
    anonymous: false,
    contactPhone: prefill.phone ?? '',
    contactEmail: prefill.email ?? '',
    delivery: 'post',
    note: '',
  };
}

const copiesOf = (v: string) => (/^\d{1,3}$/.test(v.trim()) ? Number(v.trim()) : NaN);

/** The problems of the form by field (`book-{key}-title`, `contactPhone`…), in the form's order; none when it may be sent. */
export function offerErrors(f: OfferForm): OfferErrors {
  const errors: OfferErrors = {};
  for (const b of f.books) {
    if (!b.title.trim()) errors[`book-${b.key}-title`] = 'titleRequired';
    const isbn = normalizeDonationIsbn(b.isbn);
    if (isbn && !isValidDonationIsbn(isbn)) errors[`book-${b.key}-isbn`] = 'isbnInvalid';
    const copies = copiesOf(b.copies);
    if (!(copies >= 1 && copies <= MAX_DONATION_COPIES)) errors[`book-${b.key}-copies`] = 'copiesInvalid';
  }
  if (!f.anonymous && !f.donorName.trim()) errors.donorName = 'nameRequired';
  const contact = donationContactProblem(f.contactPhone, f.contactEmail);
  if (contact === 'required') errors.contactPhone = 'contactRequired';
  else if (contact === 'phoneInvalid') errors.contactPhone = 'phoneInvalid';
  else if (contact === 'emailInvalid') errors.contactEmail = 'emailInvalid';
  return errors;
}

/** Whether another book row may be added. */
export const canAddBook = (f: OfferForm) => f.books.length < MAX_DONATION_ITEMS;

/** The offer as the call takes it, with the form's token of this submission. */
export function draftOfForm(f: OfferForm, submitKey: string): OfferDraft {
  return {
    items: f.books.map((b) => ({
      title: b.title.trim(),
      isbn: b.isbn.trim(),
      author: b.author.trim(),
      copies: copiesOf(b.copies),
    })),
    donorName: f.anonymous ? '' : f.donorName.trim(),
    anonymous: f.anonymous,
    contactPhone: f.contactPhone.trim(),
    contactEmail: f.contactEmail.trim(),
    delivery: f.delivery,
    note: f.note.trim(),
    submitKey,
  };
}

/** A token naming one submission of the form (a double click sends it twice: the server makes one donation). */
export const newSubmitKey = (): string => submitKeyOf('don');
