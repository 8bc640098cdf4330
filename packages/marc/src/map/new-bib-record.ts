import type { BibRecord } from '../model/bib-record.js';
import type { MarcFlavour } from '../model/marc-record.js';

/** An empty bibliographic record to fill in. */
export function newBibRecord(flavour: MarcFlavour | null): BibRecord {
  return {
    recordKind: 'bibliographic',
    flavour,
    identity: { key: '' },
    title: '',
    titleProper: '',
    otherTitles: [],
    authors: [],
    publications: [],
    isbns: [],
    invalidIsbns: [],
    issns: [],
    clc: [],
    classifications: [],
    callNumbers: [],
    subjects: [],
    series: [],
    language: 'und',
    languages: [],
    docCode: '1',
    notes: [],
    links: [],
    holdings: [],
    allText: [],
  };
}
