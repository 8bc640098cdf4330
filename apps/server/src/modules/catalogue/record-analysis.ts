import { buildTsVector, sortKey } from '@openfind/text';
import type { RecordInput } from './record-input.js';
import { disciplinesOfClasses } from './discipline.js';

/** What the database stores beside the record's own fields: analysed text, sort keys, disciplines. */
export interface RecordAnalysis {
  searchVector: string;
  titleSort: string;
  /** Sort key of the first author (pinyin first, like the title's). */
  authorSort: string;
  discode1: string[];
}

/** The name that orders a record by author: the first author without role words, else the statement. */
export function sortAuthorOf(r: Pick<RecordInput, 'authors' | 'author'>): string {
  return r.authors?.[0] ?? r.author ?? '';
}

const flat = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * Analyses a record for search: title (with pinyin) weighs most, then authors, then subjects
 * and classes, then everything else; vernacular and romanised forms are both indexed.
 */
export function analyseRecord(r: RecordInput): RecordAnalysis {
  const v = r.vernacular ?? {};
  const searchVector = buildTsVector([
    { text: [r.title, r.titleVernacular, ...flat(v.title)].filter(Boolean).join(' \n '), weight: 'A', pinyin: true },
    { text: (r.otherTitles ?? []).join(' \n '), weight: 'A', pinyin: true },
    {
      text: [r.author, ...(r.authors ?? []), r.responsibility, ...flat(v.authors)].filter(Boolean).join(' \n '),
      weight: 'B',
    },
    { text: [...(r.subjects ?? []), ...(r.series ?? []), ...flat(v.subjects)].join(' \n '), weight: 'C' },
    {
      text: [
        r.publisher,
        ...flat(v.publisher),
        r.publishPlace,
        r.edition,
        r.abstract,
        ...(r.notes ?? []),
        ...(r.extraText ?? []),
      ]
        .filter(Boolean)
        .join(' \n '),
      weight: 'D',
    },
  ]);
  const titleSort = sortKey(r.title);
  const authorSort = sortKey(sortAuthorOf(r));
  return { searchVector, titleSort, authorSort, discode1: disciplinesOfClasses(r.clcClasses ?? []) };
}
