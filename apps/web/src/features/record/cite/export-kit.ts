// The record page's export formats and file download in one module, loaded on demand by other
// features (My Library's favourites exports a folder as RIS or BibTeX): see `loadCiteFormats`.
export { EXPORT_FORMATS, toBibtex, toRis } from './export-formats';
export { splitAuthors } from './citation-record';
export { downloadFile } from '../download-file';
