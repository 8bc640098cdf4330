/**
 * CSV files made in the browser from a call's data: RFC 4180 quoting, CRLF line ends, and UTF-8 with
 * a byte order mark, without which Excel reads Chinese text as mojibake. A cell that starts like a
 * formula (= + - @) is prefixed with an apostrophe, so a spreadsheet does not run what a reader typed.
 */

type Cell = string | number | null | undefined;

function cell(value: Cell): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s) && typeof value === 'string') s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The CSV text of a header row and rows, with the byte order mark. */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return `\uFEFF${[header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Has the browser save `csv` as `fileName`. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
