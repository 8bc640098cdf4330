import { foldText, sortKey, toSimplified } from '@openfind/text';

/**
 * The form field checks compare: folded (NFKC, lower case, Simplified) with everything that is
 * not a letter or digit removed. The SQL twin is `of_fold()` (migration 0003).
 */
export function matchKey(text: string): string {
  return foldText(text).replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The record's `title_sort` for a title (the catalogue's formula), so an exact title is one comparison. */
export const titleSortKey = sortKey;

let variants: Map<string, string> | undefined;

/** Simplified character → its Traditional forms, from the same OpenCC data the index folds with. */
function traditionalVariants(): Map<string, string> {
  if (variants) return variants;
  const chars: string[] = [];
  for (let c = 0x3400; c <= 0x9fff; c++) chars.push(String.fromCodePoint(c));
  const folded = toSimplified(chars.join('\n')).split('\n');
  const map = new Map<string, string>();
  chars.forEach((ch, i) => {
    const s = folded[i];
    if (s && s !== ch && [...s].length === 1) map.set(s, (map.get(s) ?? '') + ch);
  });
  variants = map;
  return map;
}

/** Builds the table `foldPairFor` reads (tens of milliseconds, once) before a search needs it. */
export function prepareFolding(): void {
  traditionalVariants();
}

/**
 * The `translate()` arguments that fold, in stored text, the Traditional forms of the characters of
 * `key` (a match key) to Simplified. Only those characters matter for comparing with `key`, and a
 * short list keeps the SQL translation cheap.
 */
export function foldPairFor(key: string): { trad: string; simp: string } {
  const map = traditionalVariants();
  let trad = '';
  let simp = '';
  for (const ch of new Set(key)) {
    for (const t of map.get(ch) ?? '') {
      trad += t;
      simp += ch;
    }
  }
  return { trad, simp };
}

/** The check digit of the first 12 digits of an ISBN-13. */
function isbn13Check(first12: string): string {
  const sum = [...first12].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return String((10 - (sum % 10)) % 10);
}

/** Whether a 10-character ISBN (digits, last may be X) has a valid check digit. */
function isValidIsbn10(s: string): boolean {
  if (!/^\d{9}[\dX]$/.test(s)) return false;
  const sum = [...s].reduce((acc, c, i) => acc + (c === 'X' ? 10 : Number(c)) * (10 - i), 0);
  return sum % 11 === 0;
}

/** An ISBN as typed (hyphens, spaces, 10 or 13 digits) as the 13 digits the catalogue stores; undefined if not one. */
export function toIsbn13(raw: string): string | undefined {
  const s = raw.replace(/[\s-]/g, '').toUpperCase();
  if (/^97[89]\d{10}$/.test(s)) return isbn13Check(s.slice(0, 12)) === s[12] ? s : undefined;
  if (isValidIsbn10(s)) {
    const first12 = '978' + s.slice(0, 9);
    return first12 + isbn13Check(first12);
  }
  return undefined;
}

/** Digits (and a final X) of an ISBN or part of one. */
export function isbnDigits(raw: string): string {
  return raw.replace(/[^\dXx]/g, '').toUpperCase();
}

/** Whether `raw` looks like an ISBN a reader typed (so a keyword search treats it as one). */
export function looksLikeIsbn(raw: string): boolean {
  return /^[\d-\s]{9,17}[\dXx]$/.test(raw.trim()) && toIsbn13(raw) !== undefined;
}

/** An ISSN as typed as its 8 characters without the hyphen, or undefined. */
export function toIssn(raw: string): string | undefined {
  const s = raw.replace(/[\s-]/g, '').toUpperCase();
  return /^\d{7}[\dX]$/.test(s) ? s : undefined;
}

/** Escapes LIKE wildcards so that `text` matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => '\\' + c);
}

/** Text normalised for display in a log or a history list: NFKC, single spaces, at most `max` characters. */
export function tidy(text: string, max = 100): string {
  return text.normalize('NFKC').replace(/\s+/g, ' ').trim().slice(0, max);
}
