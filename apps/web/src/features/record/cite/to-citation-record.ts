import type { RecordDetail } from '@openfind/contract';
import type { CitationRecord, CitationType } from './citation-record';
import { splitAuthors } from './citation-record';

/** Document type codes (dictionary docCode) and the citation type each is cited as. */
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

/**
 * Cataloguing punctuation left at the end of a field: ' /', ' :', ',', ';', and the ISBD full stop
 * after Chinese ('初版.', from an 880), which is never part of the text.
 */
function clean(value: string | null | undefined): string | null {
  const text = (value ?? '')
    .replace(/[\s/:;,=，：；]+$/, '')
    .replace(/(\p{Script=Han})\.$/u, '$1')
    .trim();
  return text || null;
}

/** The first four-digit year in a catalogued date ('c2016.6' → '2016'). */
export function yearOf(value: string | null | undefined): string | null {
  return /\d{4}/.exec(value ?? '')?.[0] ?? null;
}

/** What the citation and export formats need, from the record-detail answer. */
export function toCitationRecord(detail: RecordDetail, url: string | null): CitationRecord {
  const info = detail.baseMarcInfoDto;
  const fromStatement = splitAuthors(info.author);
  const authors = info.cleanAuthor.length ? info.cleanAuthor : fromStatement.names;
  const title = clean(detail.clearTitle) ?? clean(info.title) ?? '';
  return {
    recordId: detail.record.recordId,
    type: TYPE_BY_DOC_CODE[info.docCode] ?? 'other',
    title,
    titleRomanized: clean(info.titleRomanized),
    authors,
    moreAuthors: fromStatement.more,
    edition: clean(info.edition),
    place: clean(info.publishPlace),
    publisher: clean(info.publisher),
    year: yearOf(info.publishYear),
    isbns: detail.record.isbns.length ? detail.record.isbns : info.isbn ? [info.isbn] : [],
    issn: info.issn,
    pages: clean(info.physicalDescription),
    series: info.series.map((s) => clean(s) ?? '').filter(Boolean),
    subjects: info.subject,
    abstract: info.abstract,
    language: info.langCode,
    callNumber: detail.record.callNoOne,
    url,
  };
}
