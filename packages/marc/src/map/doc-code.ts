import type { RecordKind } from '../model/bib-record.js';
import type { MarcFlavour } from '../model/marc-record.js';

/** What leader/06-07 (and a thesis note) say a record describes, as OpenFind's docCode. */
export interface DocumentType {
  /** Bibliographic, authority or holdings record. */
  recordKind: RecordKind;
  /** docCode of the reference data ("1" book ... "21" electronic resource; "" for non-bibliographic records). */
  docCode: string;
}

const MARC21_HOLDINGS = 'uvxy';

/**
 * Maps leader/06 (type of record) and leader/07 (bibliographic level) to a docCode:
 * 1 book, 2 journal, 3 thesis, 4 journal article, 7 newspaper, 8 multimedia, 17 score, 18 map,
 * 19 sound recording, 20 video, 21 electronic resource.
 */
export function documentType(
  leader: string,
  flavour: MarcFlavour,
  signals: { isThesis: boolean; isNewspaper: boolean },
): DocumentType {
  const type = leader.charAt(6);
  const level = leader.charAt(7);
  if (flavour === 'marc21') {
    if (type === 'z') return { recordKind: 'authority', docCode: '' };
    if (MARC21_HOLDINGS.includes(type) && type !== '') return { recordKind: 'holdings', docCode: '' };
  } else if (type === 'x' || type === 'y' || type === 'z') {
    return { recordKind: 'authority', docCode: '' };
  }
  const bibliographic = (docCode: string): DocumentType => ({ recordKind: 'bibliographic', docCode });
  const isSerial = level === 's' || level === 'i';
  switch (type) {
    case 'c':
    case 'd':
      return bibliographic('17');
    case 'e':
    case 'f':
      return bibliographic('18');
    case 'i':
    case 'j':
      return bibliographic('19');
    case 'g':
      return bibliographic('20');
    case 'm':
      return bibliographic(flavour === 'marc21' ? '21' : '8');
    case 'l':
      return bibliographic(flavour === 'unimarc' ? '21' : '1');
    case 'k':
    case 'o':
    case 'p':
    case 'r':
      return bibliographic('8');
    default:
      if (signals.isThesis) return bibliographic('3');
      if (isSerial) return bibliographic(signals.isNewspaper ? '7' : '2');
      if (level === 'b') return bibliographic('4');
      return bibliographic('1');
  }
}
