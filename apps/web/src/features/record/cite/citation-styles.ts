import type { CitationRecord, CitationType } from './citation-record';
import { citedTitle, initials, isChineseRecord, parseName } from './citation-record';

/** A piece of a formatted citation; titles are italic in APA and MLA. */
export type CitationPart = { text: string; italic?: boolean };

/** The citation styles offered. */
export const CITATION_STYLES = ['gbt7714', 'apa', 'mla'] as const;
export type CitationStyle = (typeof CITATION_STYLES)[number];

/** The plain text of a citation (what "copy" puts on the clipboard). */
export function citationText(parts: CitationPart[]): string {
  return parts.map((p) => p.text).join('');
}

/** Ends a sentence with a full stop unless it already ends with one (or ? !). */
function sentence(text: string): string {
  return /[.?!。？！]$/.test(text) ? text : `${text}.`;
}

/** Joins non-empty pieces. */
function join(pieces: Array<string | null | undefined>, separator: string): string {
  return pieces.filter((p): p is string => Boolean(p && p.trim())).join(separator);
}

/** GB/T 7714-2015 document type identifiers (table B.1). */
const GBT_TYPE: Record<CitationType, string> = {
  book: 'M',
  journal: 'J',
  article: 'J',
  thesis: 'D',
  newspaper: 'N',
  standard: 'S',
  patent: 'P',
  other: 'Z',
};

/** GB/T 7714 §8.1.2: western family names in capitals, given names as initials without full stops. */
function gbtName(name: string): string {
  const parsed = parseName(name);
  if ('literal' in parsed) return parsed.literal;
  return `${parsed.family.toUpperCase()} ${initials(parsed.given).join(' ')}`;
}

/**
 * GB/T 7714-2015 (sequential-numbering system, monograph form §4.1):
 * 主要责任者. 题名: 其他题名信息[文献类型标识]. 版本项. 出版地: 出版者, 出版年. 获取和访问路径.
 * At most three authors, then ", 等" (Chinese) or ", et al." (§8.1.2).
 */
export function formatGbt7714(record: CitationRecord): CitationPart[] {
  const chinese = isChineseRecord(record);
  const names = record.authors.slice(0, 3).map(gbtName);
  const more = record.authors.length > 3 || record.moreAuthors;
  const authors = names.length ? join([names.join(', '), more ? (chinese ? '等' : 'et al') : null], ', ') : '';
  const title = `${citedTitle(record)}[${GBT_TYPE[record.type]}${record.url && record.type !== 'book' ? '/OL' : ''}]`;
  const publication = join([join([record.place, record.publisher], ': '), record.year], ', ');
  const text = [authors, title, record.edition, publication]
    .filter((p): p is string => Boolean(p))
    .map(sentence)
    .join(' ');
  return [{ text }];
}

/** APA 7: 'Family, G. A.'; names without a family/given split as they are. */
function apaName(name: string): string {
  const parsed = parseName(name);
  if ('literal' in parsed) return parsed.literal;
  return `${parsed.family}, ${initials(parsed.given)
    .map((i) => `${i}.`)
    .join(' ')}`;
}

/** APA 7 §9.8: up to 20 authors, '&' before the last; beyond 20, the first 19, an ellipsis and the last. */
function apaAuthors(authors: string[]): string {
  const names = authors.map(apaName);
  if (names.length === 0) return '';
  if (names.length === 1) return names[0]!;
  if (names.length > 20) return `${names.slice(0, 19).join(', ')}, . . . ${names[names.length - 1]}`;
  return `${names.slice(0, -1).join(', ')}, & ${names[names.length - 1]}`;
}

/** APA 7 reference of a book (or any record, as a book-like work): Author. (Year). *Title* (Edition). Publisher. URL */
export function formatApa(record: CitationRecord): CitationPart[] {
  const authors = apaAuthors(record.authors);
  const date = `(${record.year || 'n.d.'}).`;
  const title = citedTitle(record);
  const edition = record.edition ? ` (${record.edition})` : '';
  const tail = join([record.publisher ? sentence(record.publisher) : null, record.url], ' ');
  if (!authors) {
    // §9.12: without an author the title moves to the author position.
    return [{ text: title, italic: true }, { text: `${edition}. ${date}${tail ? ` ${tail}` : ''}` }];
  }
  return [
    { text: `${sentence(authors)} ${date} ` },
    { text: title, italic: true },
    { text: `${edition}.${tail ? ` ${tail}` : ''}` },
  ];
}

/** MLA 9: the first author inverted ('Family, Given'), the second in natural order ('Given Family'). */
function mlaAuthors(authors: string[], more: boolean): string {
  if (authors.length === 0) return '';
  const first = authors[0]!;
  if (authors.length >= 3 || (more && authors.length >= 1)) return `${first}, et al`;
  if (authors.length === 1) return first;
  const second = parseName(authors[1]!);
  const secondText = 'literal' in second ? second.literal : `${second.given} ${second.family}`;
  return `${first}, and ${secondText}`;
}

/** MLA 9 works-cited entry: Author. *Title*. Edition, Publisher, Year. */
export function formatMla(record: CitationRecord): CitationPart[] {
  const authors = mlaAuthors(record.authors, Boolean(record.moreAuthors));
  const tail = join([record.edition, record.publisher, record.year], ', ');
  const parts: CitationPart[] = [];
  if (authors) parts.push({ text: `${sentence(authors)} ` });
  parts.push({ text: citedTitle(record), italic: true });
  parts.push({ text: tail ? `. ${sentence(tail)}` : '.' });
  if (record.url) parts.push({ text: ` ${record.url}.` });
  return parts;
}

/** The citation of a record in a style. */
export function formatCitation(record: CitationRecord, style: CitationStyle): CitationPart[] {
  if (style === 'gbt7714') return formatGbt7714(record);
  if (style === 'apa') return formatApa(record);
  return formatMla(record);
}
