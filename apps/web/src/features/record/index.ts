export { recordKeys } from './query-keys';
export type { CitationRecord, CitationType } from './cite/citation-record';

/**
 * The record page's export formats and file download, for My Library's favourites to export a folder:
 * loaded when asked (the pages that import this entry for its query keys carry none of it).
 */
export const loadCiteFormats = () => import('./cite/export-kit');
export type CiteFormats = Awaited<ReturnType<typeof loadCiteFormats>>;
