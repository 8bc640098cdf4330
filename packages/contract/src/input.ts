import { z } from 'zod';

/**
 * The building blocks of every request schema: ids, whole numbers, page sizes, flags and free text.
 * One rule for each, as lenient as the real API on type (numbers may come as strings, flags as
 * 0/1/true/false, page sizes past the maximum are clamped) and strict on meaning (a record id that
 * is not a whole number from 1 to `MAX_ID` is refused with HTTP 400, whatever its form).
 *
 * Text: the free-text fields (search text, names, titles, comments; built with `freeText`) are
 * cleaned: control characters become spaces and unpaired UTF-16 surrogates are dropped. Every other
 * string of a request (codes, ids, account names, passwords, tokens) that holds one of them is
 * refused with HTTP 400 by the server (`hasUnsafeCharacters`). Neither can be stored by PostgreSQL
 * (NUL, lone surrogates) or mean anything in a code.
 */

/** Largest id the catalogue stores (a PostgreSQL integer); larger ids name nothing and are refused. */
export const MAX_ID = 2_147_483_647;
/** Largest id of the 64-bit tables (favourites, search history) a client can name: 2^53 − 1. */
export const MAX_LONG_ID = Number.MAX_SAFE_INTEGER;

/** An id as clients send it, a number or digits (spaces around them ignored), from 1 to `max`. */
const idUpTo = (max: number) =>
  z
    .union([
      z.number().int().min(1).max(max),
      z
        .string()
        .trim()
        .regex(new RegExp(`^\\d{1,${String(max).length}}$`), 'an id'),
    ])
    .transform(Number)
    .pipe(z.number().int().min(1).max(max))
    .describe(`A whole number from 1 to ${max}, as a number or a string of digits.`);

/**
 * An id as clients send it: 703048 or '703048' (digits; spaces around them ignored), 1…MAX_ID.
 * Anything else, '12a', 0, -1, 1.5 or 2147483648, is refused (400).
 */
export const Id = idUpTo(MAX_ID);

/** An id of a 64-bit table (favourite, search-history entry): 1…MAX_LONG_ID, a number or digits. */
export const LongId = idUpTo(MAX_LONG_ID);

/** An id kept as text (for a link back to a record): digits naming 1…MAX_ID. */
export const IdText = z
  .string()
  .trim()
  .regex(/^\d{1,10}$/, 'an id')
  .refine((v) => Number(v) >= 1 && Number(v) <= MAX_ID, 'an id');

/**
 * A whole number as sent: 3, '3' or ' 3 ' (up to 15 digits with an optional sign); absent, null
 * or '' mean `fallback`. Fractions, exponents, 'NaN' and other text are refused (400).
 */
export function wholeNumber(fallback: number) {
  return z
    .union([
      z.number().int(),
      z
        .string()
        .trim()
        .regex(/^[-+]?\d{1,15}$/, 'a whole number'),
      z.literal(''),
      z.null(),
    ])
    .optional()
    .transform((v) => (v === null || v === undefined || v === '' ? fallback : Number(v)));
}

/** A whole number from `min` to `max` (refused outside), with a default. */
export function boundedNumber(fallback: number, min: number, max: number) {
  return wholeNumber(fallback).pipe(z.number().int().min(min).max(max));
}

/** Deepest page the page calls accept (the search calls have their own result window). */
export const MAX_PAGE = 100_000;

/** A 1-based page number; 0 and negatives are refused. `max` defaults to MAX_PAGE. */
export function pageNumber(max = MAX_PAGE) {
  return boundedNumber(1, 1, max).describe(`1-based page, 1…${max}; absent, null or '' mean 1.`);
}

/**
 * A page size with its default: 0 and negatives are refused, anything above `max` is clamped to
 * `max` (the real API answers a large page size with the largest page rather than an error).
 */
export function pageSize(fallback: number, max: number) {
  return wholeNumber(fallback)
    .pipe(z.number().int().min(1))
    .transform((n) => Math.min(n, max))
    .describe(`Page size, default ${fallback}; values above ${max} are clamped to ${max}; 0 or less is refused.`);
}

/**
 * A yes/no flag as sent: true/false, 1/0, '1'/'0', 'true'/'false'; absent, null or '' mean no.
 * Other values (2, 'yes') are refused.
 */
export const yesNo = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false', '']), z.null()])
  .optional()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true')
  .describe("A flag: true/false, 1/0, '1'/'0' or 'true'/'false'; absent, null or '' mean no.");

/** C0 and C1 control characters and DEL, except tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** A UTF-16 surrogate without its other half: no UTF-8 form, so PostgreSQL cannot store it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const CONTROL_ALL = new RegExp(CONTROL.source, 'g');
const LONE_SURROGATE_ALL = new RegExp(LONE_SURROGATE.source, 'g');

/** Whether `s` holds a control character (other than tab, LF, CR) or an unpaired surrogate. */
export function hasUnsafeCharacters(s: string): boolean {
  return CONTROL.test(s) || LONE_SURROGATE.test(s);
}

/** `s` with control characters (other than tab, LF, CR) turned into spaces and unpaired surrogates dropped. */
export function cleanText(s: string): string {
  return hasUnsafeCharacters(s) ? s.replace(CONTROL_ALL, ' ').replace(LONE_SURROGATE_ALL, '') : s;
}

/** Free text (search text, names, titles, comments) of at most `max` characters, cleaned by `cleanText`. */
export function freeText(max: number) {
  return z
    .string()
    .max(max)
    .transform(cleanText)
    .describe(`Free text, at most ${max} characters; control characters become spaces.`);
}
