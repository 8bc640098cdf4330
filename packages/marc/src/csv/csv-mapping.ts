import type { Holding } from '../model/bib-record.js';

/** Bibliographic fields a CSV column can fill. */
export const CSV_TARGETS = [
  'id',
  'title',
  'subtitle',
  'originalTitle',
  'authors',
  'translators',
  'publisher',
  'place',
  'year',
  'pages',
  'price',
  'binding',
  'isbn',
  'issn',
  'series',
  'edition',
  'language',
  'subjects',
  'clc',
  'callNumber',
  'abstract',
  'status',
] as const;

/** One bibliographic field a CSV column can fill. */
export type CsvTarget = (typeof CSV_TARGETS)[number];

/** The fields of a copy an items file can fill, as the holdings model names them. */
export const COPY_FIELDS = [
  'barcode',
  'callNumber',
  'library',
  'location',
  'shelf',
  'volume',
  'year',
  'status',
  'circAttr',
  'price',
  'inDate',
] as const satisfies ReadonlyArray<keyof Holding>;

/**
 * Fields a column of an items file (`kind: "items"`, one copy a row) can fill: `record` names the
 * bibliographic record the copy belongs to by a number its source system knows it by (001, 035,
 * 901, or the id column of a CSV of records); the others describe the copy.
 */
export const ITEM_TARGETS = ['record', ...COPY_FIELDS] as const;

/** One field of a copy a CSV column can fill. */
export type ItemTarget = (typeof ITEM_TARGETS)[number];

/** How to read a CSV/TSV file of book metadata (the JSON mapping-file format). */
export interface CsvMapping {
  /** What a row is: a bibliographic record (default) or a copy of one (`items`, `ITEM_TARGETS`). */
  kind?: 'records' | 'items';
  /** Target field → column header name or zero-based column index. */
  columns: Partial<Record<CsvTarget | ItemTarget, string | number>>;
  /** Field delimiter (default ","; "\t" for TSV). */
  delimiter?: string;
  /**
   * Character encoding label understood by TextDecoder (e.g. "gb18030"). Without one the file is
   * read as UTF-8 unless its first 64 KiB are not UTF-8 but GB18030 (GBK) Chinese, as spreadsheets
   * saved on Chinese Windows are.
   */
  encoding?: string;
  /** Agency for the identity key of the id column (e.g. "douban" → "douban:1770782"). */
  agency?: string;
  /** Separator between several names in one cell (default " / "). */
  nameSeparator?: string;
  /** Status values that mark a row whose metadata could not be fetched (e.g. "fail"). */
  failedStatuses?: string[];
}

/** Default mapping for the Douban book-metadata export shape (Books_detail.csv). */
export const DOUBAN_MAPPING: CsvMapping = {
  columns: {
    id: 'ID',
    title: 'Title',
    authors: 'author',
    publisher: 'publisher',
    year: 'pub_year',
    pages: 'pages',
    price: 'price',
    binding: 'binding',
    isbn: 'isbn',
    originalTitle: 'original_title',
    translators: 'translator',
    subtitle: 'subtitle',
    series: 'series',
    status: 'crawl_status',
  },
  delimiter: ',',
  agency: 'douban',
  nameSeparator: ' / ',
  failedStatuses: ['fail', 'failed', 'error'],
};

/** Validates a parsed mapping file; returns the mapping or an English reason. */
export function parseCsvMapping(value: unknown): CsvMapping | string {
  if (typeof value !== 'object' || value === null) return 'mapping must be a JSON object';
  const candidate = value as Record<string, unknown>;
  const columns = candidate.columns;
  if (typeof columns !== 'object' || columns === null) return 'mapping needs a "columns" object';
  const kind = candidate.kind ?? 'records';
  if (kind !== 'records' && kind !== 'items') return '"kind" must be "records" or "items"';
  const known: readonly string[] = kind === 'items' ? ITEM_TARGETS : CSV_TARGETS;
  const mapping: CsvMapping = { columns: {}, ...(kind === 'items' ? { kind } : {}) };
  for (const [target, column] of Object.entries(columns)) {
    if (!known.includes(target)) return `unknown target field "${target}" (known: ${known.join(', ')})`;
    if (typeof column !== 'string' && (typeof column !== 'number' || !Number.isInteger(column) || column < 0)) {
      return `column for "${target}" must be a header name or a zero-based index`;
    }
    mapping.columns[target as CsvTarget | ItemTarget] = column;
  }
  const required = kind === 'items' ? 'record' : 'title';
  if (mapping.columns[required] === undefined) return `mapping must name a column for "${required}"`;
  for (const key of ['delimiter', 'encoding', 'agency', 'nameSeparator'] as const) {
    const option = candidate[key];
    if (option === undefined) continue;
    if (typeof option !== 'string' || option.length === 0) return `"${key}" must be a non-empty string`;
    mapping[key] = option;
  }
  if (candidate.encoding !== undefined) {
    try {
      new TextDecoder(String(candidate.encoding));
    } catch {
      return `encoding "${String(candidate.encoding)}" is not supported`;
    }
  }
  if (Array.isArray(candidate.failedStatuses)) mapping.failedStatuses = candidate.failedStatuses.map(String);
  return mapping;
}
