import type { SearchRecord } from '@openfind/contract';
import type { CitationRecord, CitationType, CiteFormats } from '../record';

/** The formats a folder is exported in. */
export const FOLDER_EXPORT_FORMATS = ['ris', 'bibtex'] as const;
export type FolderExportFormat = (typeof FOLDER_EXPORT_FORMATS)[number];

/** Document type codes and the citation type each is cited as (as the record page's export). */
const TYPE_BY_DOC_CODE: Record<string, CitationType> = {
  '1': 'book',
  '16': 'book',
  '13': 'book',
  '2': 'journal',
  '3': 'thesis',
  '4': 'article',
  '5': 'patent',
  '6': 'standard',
  '7': 'newspaper',
};

/** Cataloguing punctuation left at the end of a value (' /', ' :', ','…). */
function clean(value: string | null | undefined): string | null {
  const text = (value ?? '').replace(/[\s/:;,=，：；]+$/, '').trim();
  return text || null;
}

/** What the export formats need, from a result-list row (the favourites list gives those). */
export function citationOfRow(r: SearchRecord, origin: string, f: Pick<CiteFormats, 'splitAuthors'>): CitationRecord {
  const { names, more } = f.splitAuthors(r.author);
  return {
    recordId: r.recordId,
    type: TYPE_BY_DOC_CODE[String(r.docCode)] ?? 'other',
    title: clean(r.title) ?? '',
    titleRomanized: clean(r.titleRomanized),
    authors: names,
    moreAuthors: more,
    publisher: clean(r.publisher),
    year: /\d{4}/.exec(r.publishYear ?? '')?.[0] ?? null,
    isbns: r.isbns.length ? r.isbns : r.isbn ? [r.isbn] : [],
    issn: r.issn,
    subjects: r.subjectWord ? r.subjectWord.split(/;\s*/).filter(Boolean) : [],
    abstract: r.adstract,
    language: r.langCode,
    callNumber: r.callNoOne,
    url: origin ? `${origin}/searchList/bookDetails/${r.recordId}` : null,
  };
}

/** A folder's records as one RIS or BibTeX file (the record page's formats, `f`): its text, file name and media type. */
export function folderExport(
  rows: SearchRecord[],
  format: FolderExportFormat,
  folderName: string,
  origin: string,
  f: CiteFormats,
): { text: string; fileName: string; mediaType: string } {
  const write = format === 'ris' ? f.toRis : f.toBibtex;
  const text = rows.map((r) => write(citationOfRow(r, origin, f))).join(format === 'ris' ? '' : '\n');
  const safeName = folderName.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 50) || 'favourites';
  const { extension, mediaType } = f.EXPORT_FORMATS[format];
  return { text, fileName: `${safeName}.${extension}`, mediaType };
}
