/** A search scope of spec §3 "Search scopes": its label key and the searchField code it sends. */
export type SearchScope = { key: string; field: string };

/** The scopes offered by the home search box, in the spec's order; 'all' is the default. */
export const SEARCH_SCOPES: readonly SearchScope[] = [
  { key: 'all', field: 'keyWord' },
  { key: 'anyWord', field: 'anyWords' },
  { key: 'subject', field: 'subject' },
  { key: 'title', field: 'title' },
  { key: 'journalName', field: 'journalTitle' },
  { key: 'author', field: 'author' },
  { key: 'publisher', field: 'publisher' },
  { key: 'classNo', field: 'kindNo' },
  { key: 'abstract', field: 'abstract' },
  { key: 'callNo', field: 'callNo' },
  { key: 'barcode', field: 'barcode' },
  { key: 'standardNo', field: 'isbn' },
  { key: 'issn', field: 'issn' },
  { key: 'unifiedBookNo', field: 'toolNumber' },
  { key: 'institution', field: 'institution' },
  { key: 'authorInstitution', field: 'authorOrganization' },
  { key: 'keyword', field: 'keywords' },
  { key: 'seriesName', field: 'seriesName' },
];

/** The default scope's searchField. */
export const DEFAULT_SEARCH_FIELD = 'keyWord';

/** The results URL for a home search; the results page reads searchField and searchFieldContent. */
export function buildSearchUrl(field: string, keyword: string): string {
  const params = new URLSearchParams({ searchField: field, searchFieldContent: keyword.trim() });
  return `/searchList?${params.toString()}`;
}
