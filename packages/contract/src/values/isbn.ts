/** ISBNs as readers type them, checked as a library's forms check them (recommendations, donations). */

/** The check digit of the first 12 digits of an ISBN-13. */
function isbn13Check(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += (i % 2 === 0 ? 1 : 3) * Number(first12[i]);
  return String((10 - (sum % 10)) % 10);
}

/**
 * An ISBN as typed ('978-7-302-12345-6', '7 5037 1744 0', '0-14-043102-x') as the 13 digits the
 * catalogue keeps, or undefined when it is not an ISBN-10 or ISBN-13 (978/979) with a right check digit.
 */
export function normalizeIsbn(raw: string): string | undefined {
  const s = raw.replace(/[\s-]/g, '').toUpperCase();
  if (/^97[89]\d{10}$/.test(s)) return isbn13Check(s.slice(0, 12)) === s[12] ? s : undefined;
  if (!/^\d{9}[\dX]$/.test(s)) return undefined;
  let sum = 0;
  for (let i = 0; i < 10; i += 1) sum += (10 - i) * (s[i] === 'X' ? 10 : Number(s[i]));
  if (sum % 11 !== 0) return undefined;
  const first12 = `978${s.slice(0, 9)}`;
  return first12 + isbn13Check(first12);
}
