/** Input formats the readers understand. */
export type CatalogueFormat = 'iso2709' | 'marcxml' | 'marc-json' | 'csv' | 'gzip';

const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * Recognises a file's format from its first bytes (never from a single header byte alone), with the
 * file name only as a tie-breaker for delimited text. Returns undefined when nothing fits.
 */
export function detectFormat(head: Uint8Array, fileName = ''): CatalogueFormat | undefined {
  if (head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1]) return 'gzip';
  let at = 0;
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) at = 3;
  while (at < head.length && (head[at] === 0x20 || head[at] === 0x0a || head[at] === 0x0d || head[at] === 0x09))
    at += 1;
  const first = head[at];
  if (first === 0x3c) return 'marcxml';
  if (first === 0x7b || first === 0x5b) return 'marc-json';
  let digits = 0;
  while (digits < 5 && (head[at + digits] ?? 0) >= 0x30 && (head[at + digits] ?? 0) <= 0x39) digits += 1;
  const hasTerminator = head.indexOf(0x1e) > at + 24 || head.indexOf(0x1d) > at + 24;
  if (digits === 5 && hasTerminator) return 'iso2709';
  if (/\.(csv|tsv|txt)$/i.test(fileName)) return 'csv';
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head.subarray(at, Math.min(head.length, at + 4096)));
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  if (firstLine.includes(',') || firstLine.includes('\t')) return 'csv';
  if (digits === 5) return 'iso2709';
  return undefined;
}
