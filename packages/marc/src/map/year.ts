const YEAR = /(?:^|[^\d])(1[0-9]{3}|20[0-9]{2})(?![\d])/;

/** Latest plausible publication year: a little into the future for forthcoming titles. */
const LATEST_YEAR = new Date().getUTCFullYear() + 5;

/** First plausible four-digit year (1000 to a few years ahead) in free text such as "c1998.", "[1850?]", "2006-5". */
export function extractYear(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const match = YEAR.exec(text);
  if (!match?.[1]) return undefined;
  const year = Number(match[1]);
  return year <= LATEST_YEAR ? year : undefined;
}

/** A year from a fixed-field date ("1998"; "19uu", "9999", blanks and fill characters give nothing). */
export function fixedFieldYear(value: string | undefined): number | undefined {
  if (!value || !/^\d{4}$/.test(value) || value === '9999') return undefined;
  const year = Number(value);
  return year >= 1000 && year <= LATEST_YEAR ? year : undefined;
}
