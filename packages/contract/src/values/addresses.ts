import { isValidPhone } from './contacts.js';

/**
 * A reader's delivery addresses (My Library key 9): codes, limits and the rules of a valid address,
 * plain values free of schemas (addresses.ts re-exports them), so that the web app's form checks
 * what the server checks, field by field, without bringing zod along.
 */

/** Error codes of the address calls (in `errCode`). */
export const AddressErrCode = {
  /** A field is missing or malformed (the message says which and how). */
  invalid: 41501,
  /** The reader has as many addresses as allowed (`MAX_ADDRESSES`). */
  tooMany: 41502,
  /** No such address of this reader (another reader's, or deleted). */
  noSuchAddress: 41503,
} as const;

/** Most addresses one reader keeps. */
export const MAX_ADDRESSES = 20;

/**
 * The address types of an installation, in order (the code list `addressType`: an institution may
 * rename or hide them); the first one the institution shows is the default.
 */
export const ADDRESS_TYPES = ['home', 'work', 'campus', 'other'] as const;

/** The fields of an address a reader fills in, in the form's order. */
export const ADDRESS_FIELDS = ['addressType', 'recipient', 'phone', 'region', 'detail', 'postcode'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** Longest value of each field (the form's `maxLength`, the server's limit). */
export const ADDRESS_MAX_LENGTH: Record<AddressField, number> = {
  addressType: 20,
  recipient: 50,
  phone: 20,
  region: 100,
  detail: 200,
  postcode: 10,
};

/** What is wrong with a field: left empty, or not in a form the library can deliver to. */
export type AddressProblem = 'required' | 'invalid';

/** An address as a form holds it (every field text). */
export type AddressFields = Record<AddressField, string>;

/** A phone number as typed, without the spaces and hyphens people group digits with ('139 1234-5678'). */
export function normalizePhone(v: string): string {
  return v.trim().replace(/[\s-]+/g, '');
}

/** Whether `phone` is an international number (+…): its address may be outside mainland China. */
const isInternational = (phone: string) => normalizePhone(phone).startsWith('+');

/**
 * Whether `postcode` fits the address: six digits in mainland China; with an international phone
 * number (an address abroad, or in Hong Kong, Macao or Taiwan), 3–10 letters, digits, spaces or
 * hyphens ('10617', 'SW1A 1AA', '100-0001').
 */
export function isValidPostcode(postcode: string, phone: string): boolean {
  const v = postcode.trim();
  if (/^\d{6}$/.test(v)) return true;
  return isInternational(phone) && /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/.test(v);
}

/**
 * The problems of an address, by field in the form's order (spec §5: region, detail, postcode,
 * recipient and phone are required, and the phone must be a valid number); none when it is valid.
 * The address type is checked by the server against the institution's list.
 */
export function addressProblems(a: Omit<AddressFields, 'addressType'>): Partial<Record<AddressField, AddressProblem>> {
  const problems: Partial<Record<AddressField, AddressProblem>> = {};
  if (!a.recipient.trim()) problems.recipient = 'required';
  const phone = normalizePhone(a.phone);
  if (!phone) problems.phone = 'required';
  else if (!isValidPhone(phone)) problems.phone = 'invalid';
  if (!a.region.trim()) problems.region = 'required';
  if (!a.detail.trim()) problems.detail = 'required';
  if (!a.postcode.trim()) problems.postcode = 'required';
  else if (!isValidPostcode(a.postcode, phone)) problems.postcode = 'invalid';
  return problems;
}
