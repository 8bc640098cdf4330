import type { CitationRecord, CitationType } from './citation-record';
import { citedTitle, fullTitle, hasCjk, oneLine } from './citation-record';

/** The export formats offered, with their file extension and media type. */
export const EXPORT_FORMATS = {
  ris: { extension: 'ris', mediaType: 'application/x-research-info-systems' },
  bibtex: { extension: 'bib', mediaType: 'application/x-bibtex' },
  endnote: { extension: 'enw', mediaType: 'application/x-endnote-refer' },
} as const;
export type ExportFormat = keyof typeof EXPORT_FORMATS;

/** RIS reference types (the RIS specification's TY values). */
const RIS_TYPE: Record<CitationType, string> = {
  book: 'BOOK',
  journal: 'JFULL',
  article: 'JOUR',
  thesis: 'THES',
  newspaper: 'NEWS',
  standard: 'STAND',
  patent: 'PAT',
  other: 'GEN',
};

/**
 * RIS: one `TG  - value` line per field (CRLF), repeatable tags for authors, ISBNs and keywords,
 * closed by `ER  - `. RIS has no escaping, so values are put on one line. A title in its original
 * script is TI, its romanised form TT (the translated-title field, which reference managers keep
 * beside the title and styles print after it in brackets).
 */
export function toRis(record: CitationRecord): string {
  const lines: string[] = [`TY  - ${RIS_TYPE[record.type]}`];
  const add = (tag: string, value: string | null | undefined) => {
    const text = oneLine(value ?? '');
    if (text) lines.push(`${tag}  - ${text}`);
  };
  add('TI', fullTitle(record));
  add('TT', record.titleRomanized);
  record.authors.forEach((name) => add('AU', name));
  add('PY', record.year);
  add('ET', record.edition);
  add('CY', record.place);
  add('PB', record.publisher);
  record.isbns?.forEach((isbn) => add('SN', isbn));
  add('SN', record.issn);
  add('SP', record.pages);
  record.series?.forEach((s) => add('T3', s));
  record.subjects?.forEach((s) => add('KW', s));
  add('AB', record.abstract);
  record.notes?.forEach((n) => add('N1', n));
  add('LA', record.language);
  add('CN', record.callNumber);
  add('UR', record.url);
  add('ID', String(record.recordId));
  lines.push('ER  - ');
  return `${lines.join('\r\n')}\r\n`;
}

/** BibTeX entry types. */
const BIBTEX_TYPE: Record<CitationType, string> = {
  book: 'book',
  journal: 'periodical',
  article: 'article',
  thesis: 'phdthesis',
  newspaper: 'misc',
  standard: 'misc',
  patent: 'misc',
  other: 'misc',
};

/** LaTeX's special characters and how to write them literally inside a braced value. */
const BIBTEX_ESCAPES: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '^': '\\^{}',
  '~': '\\~{}',
};

/** Escapes a value for a braced BibTeX field: every brace in the output is balanced. */
export function escapeBibtex(value: string): string {
  return oneLine(value).replace(/[\\{}&%$#_^~]/g, (ch) => BIBTEX_ESCAPES[ch]!);
}

/**
 * A BibTeX name: 'Family, Given' stays as it is; a Chinese name or a body is braced so that BibTeX
 * does not split it into first and last names (and an 'and' inside a body's name is not a separator).
 */
function bibtexName(name: string): string {
  const escaped = escapeBibtex(name);
  const isFamilyGiven = !hasCjk(name) && /^[^,]+,[^,]+$/.test(name) && !/\band\b/i.test(name);
  return isFamilyGiven ? escaped : `{${escaped}}`;
}

/**
 * BibTeX: `@book{openfind123, title = {…}, …}` with every value braced and escaped. BibTeX has no
 * field for a romanised title that styles print, so it follows the original in brackets, as in the
 * citations.
 */
export function toBibtex(record: CitationRecord): string {
  const fields: Array<[string, string]> = [];
  const add = (name: string, value: string | null | undefined, raw = false) => {
    const text = oneLine(value ?? '');
    if (text) fields.push([name, raw ? text : escapeBibtex(text)]);
  };
  add('title', citedTitle(record));
  if (record.authors.length) add('author', record.authors.map(bibtexName).join(' and '), true);
  add('edition', record.edition);
  add('address', record.place);
  add(record.type === 'thesis' ? 'school' : 'publisher', record.publisher);
  add('year', record.year);
  add('isbn', record.isbns?.join(', '));
  add('issn', record.issn);
  add('pagetotal', record.pages);
  add('series', record.series?.join('; '));
  add('keywords', record.subjects?.join(', '));
  add('abstract', record.abstract);
  add('note', record.notes?.join('; '));
  add('language', record.language);
  add('url', record.url);
  const body = fields.map(([name, value]) => `  ${name} = {${value}}`).join(',\n');
  return `@${BIBTEX_TYPE[record.type]}{openfind${record.recordId},\n${body}\n}\n`;
}

/** EndNote's reference types (%0). */
const ENDNOTE_TYPE: Record<CitationType, string> = {
  book: 'Book',
  journal: 'Journal',
  article: 'Journal Article',
  thesis: 'Thesis',
  newspaper: 'Newspaper Article',
  standard: 'Standard',
  patent: 'Patent',
  other: 'Generic',
};

/** EndNote tagged import format (.enw): `%X value` lines, a blank line after the record; a romanised title is %Q (translated title). */
export function toEndNote(record: CitationRecord): string {
  const lines: string[] = [`%0 ${ENDNOTE_TYPE[record.type]}`];
  const add = (tag: string, value: string | null | undefined) => {
    const text = oneLine(value ?? '');
    if (text) lines.push(`%${tag} ${text}`);
  };
  add('T', fullTitle(record));
  add('Q', record.titleRomanized);
  record.authors.forEach((name) => add('A', name));
  add('D', record.year);
  add('7', record.edition);
  add('C', record.place);
  add('I', record.publisher);
  add('@', [...(record.isbns ?? []), ...(record.issn ? [record.issn] : [])].join('; '));
  add('P', record.pages);
  add('B', record.series?.join('; '));
  record.subjects?.forEach((s) => add('K', s));
  add('X', record.abstract);
  add('Z', record.notes?.join('; '));
  add('G', record.language);
  add('L', record.callNumber);
  add('U', record.url);
  return `${lines.join('\n')}\n\n`;
}

/** The file text of a record in an export format. */
export function exportRecord(record: CitationRecord, format: ExportFormat): string {
  if (format === 'ris') return toRis(record);
  if (format === 'bibtex') return toBibtex(record);
  return toEndNote(record);
}

/** The download's file name: 'record-123.ris'. */
export function exportFileName(record: CitationRecord, format: ExportFormat): string {
  return `record-${record.recordId}.${EXPORT_FORMATS[format].extension}`;
}
