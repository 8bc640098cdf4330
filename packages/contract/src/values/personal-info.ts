/**
 * A reader's personal information (My Library key 1): the certificate (ID) number rules, the avatar's
 * limits and error codes. Plain values and functions, free of schemas (personal-info.ts re-exports
 * them), so that the web app's forms check what the server checks without bringing zod along.
 */

/** Error codes of the personal-information calls (in `errCode`). */
export const PersonalInfoErrCode = {
  /** The certificate (ID) number does not have the form of its type (spec §5 'ID number format incorrect'). */
  idNumberInvalid: 41301,
  /** The avatar is not a JPEG or PNG image (by its content, whatever its name or declared type). */
  avatarType: 41302,
  /** The avatar file is larger than AVATAR_MAX_BYTES. */
  avatarTooLarge: 41303,
  /** The avatar has more pixels than AVATAR_MAX_PIXELS (a decompression bomb, or a huge scan). */
  avatarTooManyPixels: 41304,
  /** The avatar starts like a JPEG or PNG but cannot be decoded (cut short, corrupt). */
  avatarUnreadable: 41305,
  /** The card is reported lost: the account's details cannot be changed until the loss is lifted. */
  readerLost: 41306,
} as const;

/**
 * Kinds of certificate a reader can give: the mainland resident identity card (居民身份证; the
 * residence permits of Hong Kong, Macao and Taiwan residents and the foreigner's permanent residence
 * card have the same 18-character form), a passport, the mainland travel permit of Hong Kong and
 * Macao residents (港澳居民来往内地通行证), that of Taiwan residents (台湾居民来往大陆通行证), and
 * any other document the library accepts.
 */
export const ID_TYPES = ['resident', 'passport', 'hkmo', 'tw', 'other'] as const;
export type IdType = (typeof ID_TYPES)[number];

/** Longest certificate number stored. */
export const MAX_ID_NUMBER_LENGTH = 30;

/**
 * Why a certificate number is refused: `required` empty; `format` not the form of its type;
 * `oldFormat` a 15-digit first-generation number (those cards ceased to be valid on 1 January 2013
 * and the number has no check digit: the 18-digit number of the current card is asked for);
 * `checkDigit` the last character is not the GB 11643 check character of the other seventeen (a
 * mistyped digit); `birthDate` the date of birth in it is not a real date, before 1900 or in the future.
 */
export type IdNumberProblem = 'required' | 'format' | 'oldFormat' | 'checkDigit' | 'birthDate';

/** A certificate number as typed, normalised: spaces and hyphens-with-spaces dropped, upper case. */
export function normaliseIdNumber(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

/** GB 11643-1999: the weights of the first seventeen digits, and the check character of their sum mod 11. */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CHARACTERS = '10X98765432';

/** The GB 11643 check character of the first seventeen digits of `id`. */
export function residentIdCheckCharacter(id: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * WEIGHTS[i]!;
  return CHECK_CHARACTERS[sum % 11]!;
}

/**
 * The first two digits: a province-level division of GB/T 2260 (11–15, 21–23, 31–37, 41–46, 50–54,
 * 61–65), Taiwan (71), the residence permits of Hong Kong, Macao and Taiwan residents (81–83), or a
 * foreigner's permanent residence card (9 and the province's first digit).
 */
const REGION = /^(1[1-5]|2[1-3]|3[1-7]|4[1-6]|5[0-4]|6[1-5]|71|8[1-3]|9[1-6])/;

/** Whether YYYYMMDD is a real date from 1900-01-01 to `today`. */
function isBirthDate(yyyymmdd: string, today: Date): boolean {
  const y = Number(yyyymmdd.slice(0, 4));
  const m = Number(yyyymmdd.slice(4, 6));
  const d = Number(yyyymmdd.slice(6, 8));
  if (y < 1900 || m < 1 || m > 12 || d < 1) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  // The reader's today, written as a date: a child born today has a valid number.
  const now = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return date.getTime() <= now;
}

/**
 * Checks an 18-character resident identity number (GB 11643-1999): six digits of region, eight of
 * birth date, three of sequence and the check character (a digit or X) of the other seventeen.
 * `id` normalised (normaliseIdNumber). A 15-digit first-generation number is `oldFormat`.
 */
export function residentIdProblem(id: string, today: Date = new Date()): IdNumberProblem | null {
  if (!id) return 'required';
  if (/^\d{15}$/.test(id)) return 'oldFormat';
  if (!/^\d{17}[\dX]$/.test(id) || !REGION.test(id)) return 'format';
  if (!isBirthDate(id.slice(6, 14), today)) return 'birthDate';
  if (residentIdCheckCharacter(id) !== id[17]) return 'checkDigit';
  return null;
}

/** The forms of the other certificates (after normalisation). */
const FORMS: Record<Exclude<IdType, 'resident'>, RegExp> = {
  // Passports of every country: the machine-readable zone holds up to nine characters; some
  // countries print longer numbers. Letters and digits only.
  passport: /^[A-Z0-9]{5,17}$/,
  // H (Hong Kong) or M (Macao) and 8 digits; the booklet permits before 2013 had 10 digits.
  hkmo: /^[HM]\d{8}(\d{2})?$/,
  // 8 digits since the 2015 card; the booklet permits had 10.
  tw: /^\d{8}(\d{2})?$/,
  // Anything the library accepts: letters, digits and hyphens.
  other: /^[A-Z0-9][A-Z0-9-]{2,29}$/,
};

/**
 * What is wrong with a certificate number of `type` as typed, or null when it is good: the one check
 * of the web form and the server (spec §5 'ID number format incorrect').
 */
export function idNumberProblem(type: IdType, raw: string, today: Date = new Date()): IdNumberProblem | null {
  const id = normaliseIdNumber(raw);
  if (!id) return 'required';
  if (id.length > MAX_ID_NUMBER_LENGTH) return 'format';
  if (type === 'resident') return residentIdProblem(id, today);
  return FORMS[type].test(id) ? null : 'format';
}

/**
 * A certificate number as shown to the reader: 110105********123X. The whole number never leaves
 * the server; the first three and the last four characters (one and two of a short number) let the
 * reader recognise theirs.
 */
export function maskIdNumber(id: string): string {
  if (!id) return '';
  if (id.length <= 4) return '*'.repeat(id.length);
  if (id.length <= 8) return `${id.slice(0, 1)}${'*'.repeat(id.length - 3)}${id.slice(-2)}`;
  return `${id.slice(0, 3)}${'*'.repeat(id.length - 7)}${id.slice(-4)}`;
}

/** Spec §5 and §9: an avatar is a JPEG or PNG of at most 5M (5 × 1024 × 1024 bytes). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** The most pixels an avatar may have (8192 × 6144, a 50-megapixel photograph): more is refused before decoding. */
export const AVATAR_MAX_PIXELS = 8192 * 6144;
/** The side of the square the server makes of an avatar (JPEG, metadata removed). */
export const AVATAR_SIZE = 256;
/** The content types an upload may declare (not trusted: the content decides). */
export const AVATAR_UPLOAD_TYPES = ['image/jpeg', 'image/png'] as const;

/**
 * What the first bytes of a file say it is: a JPEG (FF D8 FF), a PNG (the eight-byte signature), or
 * neither. The name and the declared type of a file say nothing: a GIF renamed .jpg is a GIF.
 */
export function imageKindOf(head: Uint8Array): 'jpeg' | 'png' | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= png.length && png.every((b, i) => head[i] === b)) return 'png';
  return null;
}
