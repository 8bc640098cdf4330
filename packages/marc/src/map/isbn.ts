/** An ISBN as found in a record, validated. */
export interface IsbnCheck {
  /** ISBN-13 without hyphens when the check digit is right. */
  isbn13?: string;
  /** The candidate as written (hyphens and qualifiers removed) when it fails validation. */
  invalid?: string;
}

const CANDIDATE = /[0-9][0-9\- ]{8,16}[0-9Xx]/;

/** True when a 10-character ISBN has a correct mod-11 check digit. */
export function isValidIsbn10(isbn: string): boolean {
  if (!/^\d{9}[\dX]$/.test(isbn)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i += 1) sum += (10 - i) * (isbn[i] === 'X' ? 10 : Number(isbn[i]));
  return sum % 11 === 0;
}

/** True when a 13-digit ISBN (978/979 prefix) has a correct mod-10 check digit. */
export function isValidIsbn13(isbn: string): boolean {
  if (!/^97[89]\d{10}$/.test(isbn)) return false;
  let sum = 0;
  for (let i = 0; i < 13; i += 1) sum += (i % 2 === 0 ? 1 : 3) * Number(isbn[i]);
  return sum % 10 === 0;
}

/** Converts a valid ISBN-10 to ISBN-13 (978 prefix, new check digit). */
export function isbn10To13(isbn10: string): string {
  const body = `978${isbn10.slice(0, 9)}`;
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += (i % 2 === 0 ? 1 : 3) * Number(body[i]);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/**
 * Validates the ISBN in a subfield such as "0-14-043102-0 (pbk.) :" or "7-5037-1744-0": qualifiers and
 * hyphens are dropped, ISBN-10 becomes ISBN-13. Returns nothing when the text holds no ISBN-like number.
 */
export function checkIsbn(raw: string): IsbnCheck {
  const match = CANDIDATE.exec(raw);
  if (!match) {
    const compact = raw
      .replace(/[\s-]/g, '')
      .replace(/\(.*$/, '')
      .replace(/[:;,.]+$/, '');
    return compact ? { invalid: compact } : {};
  }
  const candidate = match[0].replace(/[\s-]/g, '').toUpperCase();
  if (candidate.length === 10 && isValidIsbn10(candidate)) return { isbn13: isbn10To13(candidate) };
  if (candidate.length === 13 && isValidIsbn13(candidate)) return { isbn13: candidate };
  return { invalid: candidate };
}
