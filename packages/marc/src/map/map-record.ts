import type { BibRecord } from '../model/bib-record.js';
import type { MarcRecord } from '../model/marc-record.js';
import { mapMarc21 } from './map-marc21.js';
import { mapUnimarc } from './map-unimarc.js';

/** A record mapped to the bibliographic model, with notes on anything guessed. */
export interface MappedRecord {
  /** The bibliographic model. */
  bib: BibRecord;
  /** English notes on data that had to be interpreted or left out. */
  warnings: string[];
}

/** Maps a MARC21 or UNIMARC/CNMARC record to the one bibliographic model. */
export function mapRecord(record: MarcRecord): MappedRecord {
  const warnings: string[] = [];
  const bib = record.flavour === 'unimarc' ? mapUnimarc(record, warnings) : mapMarc21(record, warnings);
  return { bib, warnings };
}
