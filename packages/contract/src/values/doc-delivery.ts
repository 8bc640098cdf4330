/**
 * Document delivery (My Library key 19): plain values free of schemas (doc-delivery.ts re-exports
 * them), so the web app's form checks what the server checks without bringing zod along.
 */
import { normalizeIsbn } from './isbn.js';

/** Error codes of the document-delivery calls (in `errCode`). */
export const DocDeliveryErrCode = {
  /** The institution has no document-delivery service (no login URL, or switched off). */
  notOffered: 43401,
  /** Neither the publication's name nor the article's title was given. */
  titleRequired: 43402,
  /** The year is not a year (four digits, not after next year). */
  badYear: 43403,
  /** The ISSN is not NNNN-NNNX with a right check digit. */
  badIssn: 43404,
  /** The ISBN is not an ISBN-10 or ISBN-13 with a right check digit. */
  badIsbn: 43405,
  /** The DOI is not 10.<registrant>/<suffix>. */
  badDoi: 43406,
  /** The reader's requests of today reach the daily limit. */
  dailyLimit: 43407,
  /** No such request of the reader's (another reader's, another institution's). */
  noSuch: 43408,
  /** The request has been sent to the service already: it cannot be withdrawn here. */
  notCancellable: 43409,
  /** Staff: a setting is malformed (a link that is not http(s), a secret too short). */
  badSetting: 43410,
  /** Staff: the request is not one that failed to reach the service. */
  notResendable: 43411,
} as const;

/** The 13 fields of the request form (spec §3 "Document delivery form"), in the form's order. */
export const DOC_DELIVERY_FIELDS = [
  'publicationName',
  'articleTitle',
  'author',
  'volumeIssue',
  'edition',
  'place',
  'publisher',
  'year',
  'issn',
  'isbn',
  'pages',
  'doi',
  'remarks',
] as const;
export type DocDeliveryField = (typeof DOC_DELIVERY_FIELDS)[number];

/** The longest each field may be (characters). */
export const DOC_DELIVERY_MAX_LENGTH: Record<DocDeliveryField, number> = {
  publicationName: 200,
  articleTitle: 300,
  author: 200,
  volumeIssue: 50,
  edition: 50,
  place: 100,
  publisher: 200,
  year: 4,
  issn: 9,
  isbn: 17,
  pages: 50,
  doi: 200,
  remarks: 500,
};

/**
 * A request's states: `queued` (kept, not yet accepted by the service: being sent or to be tried
 * again), `sent` (the service took it and named it), `failed` (the service refused it, or every try
 * failed: staff may send it again), `cancelled` (withdrawn by the reader while queued or failed).
 */
export const DOC_DELIVERY_STATUSES = ['queued', 'sent', 'failed', 'cancelled'] as const;
export type DocDeliveryStatus = (typeof DOC_DELIVERY_STATUSES)[number];

/** Requests a reader may make a day. */
export const DOC_DELIVERY_DAILY_LIMIT = 20;
/** Tries to reach the service before a request is marked failed. */
export const DOC_DELIVERY_MAX_ATTEMPTS = 6;
/** The shortest shared secret for signing what is sent (characters). */
export const DOC_DELIVERY_MIN_SECRET = 16;

/** An ISSN as typed ('0028-0836', '0028 0836', '1050124x') as NNNN-NNNX, or undefined when its check digit is wrong. */
export function normalizeIssn(raw: string): string | undefined {
  const s = raw.replace(/[\s-]/g, '').toUpperCase();
  if (!/^\d{7}[\dX]$/.test(s)) return undefined;
  let sum = 0;
  for (let i = 0; i < 7; i += 1) sum += (8 - i) * Number(s[i]);
  const check = (11 - (sum % 11)) % 11;
  if ((check === 10 ? 'X' : String(check)) !== s[7]) return undefined;
  return `${s.slice(0, 4)}-${s.slice(4)}`;
}

/** A DOI: `10.` + a registrant of 4–9 digits (dot-separated parts allowed) + `/` + a suffix without spaces. */
export const isDoi = (s: string): boolean => /^10\.\d{4,9}(\.\d+)*\/\S+$/.test(s);

/** The field of a request that breaks a rule, and which rule; undefined when the request is well formed. */
export function docDeliveryProblem(
  form: Partial<Record<DocDeliveryField, string>>,
  thisYear: number,
): { field: DocDeliveryField; code: keyof typeof DocDeliveryErrCode } | undefined {
  const v = (f: DocDeliveryField) => (form[f] ?? '').trim();
  if (!v('publicationName') && !v('articleTitle')) return { field: 'publicationName', code: 'titleRequired' };
  const year = v('year');
  if (year && (!/^\d{4}$/.test(year) || Number(year) > thisYear + 1 || Number(year) < 1000))
    return { field: 'year', code: 'badYear' };
  if (v('issn') && !normalizeIssn(v('issn'))) return { field: 'issn', code: 'badIssn' };
  if (v('isbn') && !normalizeIsbn(v('isbn'))) return { field: 'isbn', code: 'badIsbn' };
  if (v('doi') && !isDoi(v('doi'))) return { field: 'doi', code: 'badDoi' };
  return undefined;
}
