import { normalizeIsbn, normalizeIssn } from '@openfind/contract';

/**
 * KBART title lists (NISO RP-9-2014, KBART Phase II): tab-separated UTF-8 text (with or without a
 * BOM, LF or CRLF line ends) whose first line is the 25 column names below in this order. One line is
 * one coverage range of a title in a package: a title with a gap in its coverage has two lines. Pure
 * functions, no database: the import (e-resource-import.ts) writes what `parseKbart` answers.
 */

/** The 25 columns of KBART Phase II, in their order. */
export const KBART_COLUMNS = [
  'publication_title',
  'print_identifier',
  'online_identifier',
  'date_first_issue_online',
  'num_first_vol_online',
  'num_first_issue_online',
  'date_last_issue_online',
  'num_last_vol_online',
  'num_last_issue_online',
  'title_url',
  'first_author',
  'title_id',
  'embargo_info',
  'coverage_depth',
  'notes',
  'publisher_name',
  'publication_type',
  'date_monograph_published_print',
  'date_monograph_published_online',
  'monograph_volume',
  'monograph_edition',
  'first_editor',
  'parent_publication_title_id',
  'preceding_publication_title_id',
  'access_type',
] as const;
export type KbartColumn = (typeof KBART_COLUMNS)[number];

/** One line of a title list as stored (e_title), identifiers normalised and coverage parsed. */
export interface KbartTitle extends Record<Exclude<KbartColumn, 'publication_type' | 'access_type'>, string | null> {
  line_no: number;
  publication_type: 'serial' | 'monograph';
  publication_title: string;
  access_type: 'F' | 'P' | null;
  /** YYYY-MM-DD: the first day of the first issue's date, the last day of the last one's (null: to the present). */
  coverage_from: string | null;
  coverage_to: string | null;
  embargo_months: number | null;
}

/** A line that was skipped, and why (in English: an operator's report). */
export interface KbartProblem {
  line: number;
  reason: string;
}

export interface KbartParse {
  titles: KbartTitle[];
  problems: KbartProblem[];
}

/** The file cannot be read as KBART at all (no header, a wrong header). */
export class KbartFileError extends Error {}

const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A KBART date (YYYY, YYYY-MM or YYYY-MM-DD) as the first (`end` false) or last day it covers, or
 * undefined when it is not a real date in one of these forms.
 */
export function kbartDate(value: string, end: boolean): string | undefined {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(value);
  if (!m) return undefined;
  const y = Number(m[1]);
  const month = m[2] === undefined ? (end ? 12 : 1) : Number(m[2]);
  if (month < 1 || month > 12) return undefined;
  const day = m[3] === undefined ? (end ? daysIn(y, month) : 1) : Number(m[3]);
  if (day < 1 || day > daysIn(y, month)) return undefined;
  return `${m[1]}-${pad(month)}-${pad(day)}`;
}

/**
 * The length in months of a KBART embargo (`R1Y`: the most recent year is not available; `P6M`:
 * only content older than six months; two parts as `P1Y;R10Y`, the first counted), or undefined when
 * it is not one. Days count as started months.
 */
export function embargoMonths(value: string): number | undefined {
  const parts = value.split(';');
  if (parts.length > 2) return undefined;
  const months: number[] = [];
  for (const p of parts) {
    const m = /^([RP])(\d{1,4})([DMY])$/.exec(p);
    if (!m) return undefined;
    const n = Number(m[2]);
    months.push(m[3] === 'Y' ? n * 12 : m[3] === 'M' ? n : Math.ceil(n / 30));
  }
  return months[0];
}

/** The package of a KBART file name (`Provider_Region/Consortium_PackageName_YYYY-MM-DD.txt`), or undefined. */
export function kbartPackageOfFileName(fileName: string): { packageCode: string; date: string } | undefined {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const m = /^(.+?_.+?_.+)_(\d{4}-\d{2}-\d{2})\.txt$/i.exec(base);
  if (!m || !kbartDate(m[2]!, false)) return undefined;
  return { packageCode: m[1]!, date: m[2]! };
}

/** Reads one data line; a string is the reason it is skipped. */
function readLine(cells: string[], lineNo: number): KbartTitle | string {
  if (cells.length < KBART_COLUMNS.length)
    return `${cells.length} fields, ${KBART_COLUMNS.length} expected (a tab missing?)`;
  const v = {} as Record<KbartColumn, string | null>;
  KBART_COLUMNS.forEach((c, i) => {
    const cell = cells[i]!.trim();
    v[c] = cell === '' ? null : cell;
  });
  const title = v.publication_title;
  if (!title) return 'publication_title is empty';
  const type = v.publication_type?.toLowerCase();
  if (type !== 'serial' && type !== 'monograph')
    return `publication_type "${v.publication_type ?? ''}" is neither serial nor monograph`;
  const id = (column: 'print_identifier' | 'online_identifier'): string | null | { error: string } => {
    const raw = v[column];
    if (!raw) return null;
    const norm = type === 'serial' ? normalizeIssn(raw) : normalizeIsbn(raw);
    return norm ?? { error: `${column} "${raw}" is not a valid ${type === 'serial' ? 'ISSN' : 'ISBN'}` };
  };
  const print = id('print_identifier');
  if (print && typeof print === 'object') return print.error;
  const online = id('online_identifier');
  if (online && typeof online === 'object') return online.error;
  let from: string | null = null;
  let to: string | null = null;
  if (v.date_first_issue_online) {
    from = kbartDate(v.date_first_issue_online, false) ?? null;
    if (!from) return `date_first_issue_online "${v.date_first_issue_online}" is not YYYY, YYYY-MM or YYYY-MM-DD`;
  }
  if (v.date_last_issue_online) {
    to = kbartDate(v.date_last_issue_online, true) ?? null;
    if (!to) return `date_last_issue_online "${v.date_last_issue_online}" is not YYYY, YYYY-MM or YYYY-MM-DD`;
  }
  if (from && to && from > to) return `coverage ends (${to}) before it starts (${from})`;
  let months: number | null = null;
  if (v.embargo_info) {
    months = embargoMonths(v.embargo_info) ?? null;
    if (months === null)
      return `embargo_info "${v.embargo_info}" is not R or P, a number and D, M or Y (e.g. R1Y, P6M)`;
  }
  const access = v.access_type?.toUpperCase() ?? null;
  if (access !== null && access !== 'F' && access !== 'P') return `access_type "${v.access_type}" is neither F nor P`;
  return {
    ...v,
    line_no: lineNo,
    publication_title: title,
    publication_type: type,
    print_identifier: print,
    online_identifier: online,
    access_type: access,
    coverage_from: from,
    coverage_to: to,
    embargo_months: months,
  };
}

/**
 * Parses a KBART file: its titles, and the lines skipped with their reasons. Throws KbartFileError
 * when the first line is not the KBART header (columns after the 25 are allowed and ignored).
 */
export function parseKbart(text: string): KbartParse {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const header = (lines[0] ?? '').split('\t').map((h) => h.trim());
  const wrong = KBART_COLUMNS.findIndex((c, i) => header[i] !== c);
  if (wrong >= 0)
    throw new KbartFileError(
      `not a KBART file: column ${wrong + 1} of the header is "${header[wrong] ?? ''}", "${KBART_COLUMNS[wrong]}" expected`,
    );
  const titles: KbartTitle[] = [];
  const problems: KbartProblem[] = [];
  for (let i = 1; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const out = readLine(line.split('\t'), i + 1);
    if (typeof out === 'string') problems.push({ line: i + 1, reason: out });
    else titles.push(out);
  }
  return { titles, problems };
}
