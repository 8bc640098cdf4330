import type { DataField } from '../model/marc-record.js';

const SPACES = /\s+/g;
const MESSY_SPACE = /\s\s|[\t\n\r\u00a0\u3000]/;
/** Characters stripped from the end of a value: whitespace and ISBD punctuation, ASCII and full-width. */
const TRAILING = new Set([...' \t\n\r\u00a0\u3000/:;,=+／：；，＝、'].map((c) => c.charCodeAt(0)));
/** Characters stripped from the start of a value. */
const LEADING = new Set([...' \t\n\r\u00a0\u3000:;,=/：；，＝'].map((c) => c.charCodeAt(0)));
/** An initial ("J.") or a common abbreviation whose period must stay. */
const ABBREVIATION =
  /(?:^|[\s.(-])(?:\p{Lu}|Jr|Sr|Dr|St|Co|Inc|Ltd|Bros|etc|ed|eds|no|vol|ca|cm|pp?|ill|Mr|Mrs|Ph\.D|U\.S|D\.C)\.$/u;

/** Collapses whitespace and strips ISBD punctuation left at either end (" /", " :", trailing commas). */
export function cleanText(value: string): string {
  let start = 0;
  let end = value.length;
  while (end > start && TRAILING.has(value.charCodeAt(end - 1))) end -= 1;
  while (start < end && LEADING.has(value.charCodeAt(start))) start += 1;
  const text = start === 0 && end === value.length ? value : value.slice(start, end);
  return MESSY_SPACE.test(text) ? text.replace(SPACES, ' ') : text;
}

/** Like cleanText, and also drops a final period unless it ends an initial or abbreviation ("A.", "Jr."). */
export function cleanHeading(value: string): string {
  const text = cleanText(value);
  if (text.endsWith('．') || text.endsWith('。')) return cleanText(text.slice(0, -1));
  if (!text.endsWith('.') || text.endsWith('...') || ABBREVIATION.test(text)) return text;
  return cleanText(text.slice(0, -1));
}

/** Joins the values of the subfields whose code is in `codes`, in field order, then cleans the result. */
export function joinSubfields(field: DataField, codes: string, separator = ' '): string {
  let joined = '';
  for (const subfield of field.subfields) {
    if (subfield.code.length !== 1 || !codes.includes(subfield.code) || subfield.value.length === 0) continue;
    joined = joined ? `${joined}${separator}${subfield.value}` : subfield.value;
  }
  return cleanText(joined);
}

/** Adds `value` to `list` unless it is empty or already present. */
export function pushUnique(list: string[], value: string | undefined): void {
  if (value && !list.includes(value)) list.push(value);
}
