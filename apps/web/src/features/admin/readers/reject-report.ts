/** One cell of a CSV file: quoted when it holds a comma, a quote or a line break (RFC 4180). */
function cell(value: string | number): string {
  const s = String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * The reject report of a reader import as CSV text (with a BOM, so that spreadsheets read it as
 * UTF-8): the header row, then a row per rejected line.
 */
export function rejectReportCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return `\uFEFF${[header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}
