/** A search scope of spec §3 "Search scopes": its label key and the searchField code it sends. */
export type SearchScope = { key: string; field: string };

/** The scopes offered by the home search box, in the spec's order; 'all' is the default. */
export const SEARCH_SCOPES: readonly SearchScope[] = [
  { key: 'all', field: 'keyWord' },
  { key: 'anyWord', field: 'anyWord' },
  { key: 'subject', field: 'subject' },
  { key: 'title', field: 'title' },
  { key: 'journalName', field: 'periName' },
  { key: 'author', field: 'author' },
  { key: 'publisher', field: 'publisher' },
  { key: 'classNo', field: 'kindNo' },
  { key: 'abstract', field: 'abstract' },
  { key: 'callNo', field: 'callNo' },
  { key: 'barcode', field: 'barcode' },
  { key: 'standardNo', field: 'toolNumber' },
  { key: 'issn', field: 'issn' },
  { key: 'unifiedBookNo', field: 'uniformBookNo' },
  { key: 'institution', field: 'institution' },
  { key: 'authorInstitution', field: 'authorUnit' },
  { key: 'keyword', field: 'subjectWord' },
  { key: 'seriesName', field: 'series' },
];

/** The default scope's searchField. */
export const DEFAULT_SEARCH_FIELD = 'keyWord';

/** Match modes of the home box ('1' exact, '2' any order — spec §9 default, '3' prefix, '4' suffix). */
export const MATCH_MODE_OPTIONS = ['2', '1', '3', '4'] as const;
/** Spec §9: match mode '2' unless chosen otherwise. */
export const DEFAULT_MATCH_MODE = '2';

/**
 * The results URL for a home search, in the parameters the results page reads (searchField,
 * searchFieldContent, matchMode; the default match mode is left out).
 */
export function buildSearchUrl(field: string, keyword: string, matchMode: string = DEFAULT_MATCH_MODE): string {
  const params = new URLSearchParams({ searchField: field, searchFieldContent: keyword.trim() });
  if (matchMode !== DEFAULT_MATCH_MODE) params.set('matchMode', matchMode);
  return `/searchList?${params.toString()}`;
}
