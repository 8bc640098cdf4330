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

/** How to read a CSV/TSV file of book metadata (the JSON mapping-file format). */
export interface CsvMapping {
  /** Target field → column header name or zero-based column index. */
  columns: Partial<Record<CsvTarget, string | number>>;
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
  const mapping: CsvMapping = { columns: {} };
  for (const [target, column] of Object.entries(columns)) {
    if (!(CSV_TARGETS as readonly string[]).includes(target))
      return `unknown target field "${target}" (known: ${CSV_TARGETS.join(', ')})`;
    if (typeof column !== 'string' && (typeof column !== 'number' || !Number.isInteger(column) || column < 0)) {
      return `column for "${target}" must be a header name or a zero-based index`;
    }
    mapping.columns[target as CsvTarget] = column;
  }
  if (mapping.columns.title === undefined) return 'mapping must name a column for "title"';
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
