import { parseMarc } from '../record-detail/bean-list.js';
import type { OaiRecordColumns } from './open-interfaces-repository.js';
import { el, xml } from './xml-text.js';

/** The metadata formats every record can be had in (ListMetadataFormats), `marc21` only where MARC 21 is kept. */
export const METADATA_FORMATS = {
  oai_dc: {
    schema: 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd',
    namespace: 'http://www.openarchives.org/OAI/2.0/oai_dc/',
  },
  marc21: {
    schema: 'http://www.loc.gov/standards/marcxml/schema/MARC21slim.xsd',
    namespace: 'http://www.loc.gov/MARC21/slim',
  },
} as const;
export type MetadataPrefix = keyof typeof METADATA_FORMATS;

export function isMetadataPrefix(value: string): value is MetadataPrefix {
  return Object.hasOwn(METADATA_FORMATS, value);
}

/** Whether the record's kept MARC record is MARC 21 (UNIMARC/CNMARC and CSV records have none to give). */
export function hasMarc21(record: Pick<OaiRecordColumns, 'marc' | 'sourceFormat'>): boolean {
  return record.marc !== null && record.marc !== undefined && record.marc !== '' && record.sourceFormat !== 'unimarc';
}

/** DCMI Type of a document type (the contract's docCode); text for everything else. */
const DCMI_TYPE: Record<string, string> = {
  '8': 'InteractiveResource',
  '10': 'Dataset',
  '17': 'Text',
  '18': 'StillImage',
  '19': 'Sound',
  '20': 'MovingImage',
};

/** The English name of a document type as the record's dc:type (after its DCMI type). */
export const DOC_TYPE_NAME: Record<string, string> = {
  '1': 'Book',
  '2': 'Journal',
  '3': 'Thesis',
  '4': 'Journal article',
  '5': 'Patent',
  '6': 'Standard',
  '7': 'Newspaper',
  '8': 'Multimedia',
  '11': 'Conference paper',
  '13': 'Yearbook',
  '16': 'Ancient book',
  '17': 'Music score',
  '18': 'Map',
  '19': 'Sound recording',
  '20': 'Video recording',
  '21': 'Electronic resource',
  '22': 'Report',
};

/**
 * Simple Dublin Core of a record (`oai_dc`), from the record model: title, creators (the catalogued
 * names, else the statement of responsibility), subjects and CLC classes, abstract, publisher, year,
 * type, extent, ISBN/ISSN as URNs, the record page, language, series.
 */
export function oaiDc(r: OaiRecordColumns, docCode: string, clcClasses: string[], pageUrl: string): string {
  const creators = r.authors.length ? r.authors : r.author ? [r.author] : [];
  const parts = [
    el('dc:title', r.title),
    ...creators.map((c) => el('dc:creator', c)),
    ...r.subjects.map((s) => el('dc:subject', s)),
    ...clcClasses.map((c) => el('dc:subject', `CLC: ${c}`)),
    el('dc:description', r.abstract),
    el('dc:publisher', r.publisher),
    el('dc:date', r.publishYear),
    el('dc:type', DCMI_TYPE[docCode] ?? 'Text'),
    el('dc:type', DOC_TYPE_NAME[docCode]),
    el('dc:format', r.physicalDescription),
    ...r.isbns.map((i) => el('dc:identifier', `URN:ISBN:${i}`)),
    el('dc:identifier', r.issn ? `URN:ISSN:${r.issn}` : ''),
    el('dc:identifier', pageUrl),
    el('dc:language', r.langCode),
    ...r.series.map((s) => el('dc:relation', s)),
  ];
  return (
    '<oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" xmlns:dc="http://purl.org/dc/elements/1.1/"' +
    ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"' +
    ' xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/oai_dc/ http://www.openarchives.org/OAI/2.0/oai_dc.xsd">' +
    parts.filter(Boolean).join('') +
    '</oai_dc:dc>'
  );
}

const LEADER = /^[\d ]{5}[\dA-Za-z ][\dA-Za-z][\dA-Za-z ]{3}(2| )(2| )[\d ]{5}[\dA-Za-z ]{3}(4500| {4})$/;
const CONTROL_TAG = /^00[1-9A-Za-z]$/;
const DATA_TAG = /^(0([1-9A-Z][0-9A-Z])|0([1-9a-z][0-9a-z]))$|^(([1-9A-Z][0-9A-Z]{2})|([1-9a-z][0-9a-z]{2}))$/;
const INDICATOR = /^[\da-z ]$/;
const SUBFIELD_CODE = /^[\dA-Za-z!"#$%&'()*+,\-./:;<=>?{}_^`~[\]\\]$/;

/** A leader the MARC 21 slim schema takes: the kept one when it is, else the kept one mended. */
function leaderOf(kept: string): string {
  if (LEADER.test(kept)) return kept;
  const l = (kept + ' '.repeat(24)).slice(0, 24).split('');
  for (const i of [0, 1, 2, 3, 4, 12, 13, 14, 15, 16]) if (!/[\d ]/.test(l[i]!)) l[i] = '0';
  for (const i of [5, 7, 8, 9, 17, 18, 19]) if (!/[\dA-Za-z ]/.test(l[i]!)) l[i] = ' ';
  if (!/[\dA-Za-z]/.test(l[6]!)) l[6] = 'a';
  for (const i of [10, 11]) if (!/[2 ]/.test(l[i]!)) l[i] = '2';
  if (!/^(4500| {4})$/.test(l.slice(20).join(''))) l.splice(20, 4, '4', '5', '0', '0');
  return l.join('');
}

/**
 * The kept MARC 21 record as MARCXML (`marc21`, http://www.loc.gov/MARC21/slim): fields in record order;
 * a tag, indicator or subfield code the schema does not take is left out or read as blank.
 * Undefined when the record has no MARC 21 kept.
 */
export function marcXml(marc: unknown): string | undefined {
  const record = parseMarc(marc);
  if (!record.leader && record.fields.length === 0) return undefined;
  let out =
    '<marc:record xmlns:marc="http://www.loc.gov/MARC21/slim" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"' +
    ' xsi:schemaLocation="http://www.loc.gov/MARC21/slim http://www.loc.gov/standards/marcxml/schema/MARC21slim.xsd">' +
    `<marc:leader>${xml(leaderOf(record.leader))}</marc:leader>`;
  for (const f of record.fields) {
    if (f.control) {
      if (CONTROL_TAG.test(f.tag))
        out += `<marc:controlfield tag="${xml(f.tag)}">${xml(f.subfields[0]?.[1] ?? '')}</marc:controlfield>`;
      continue;
    }
    if (!DATA_TAG.test(f.tag)) continue;
    const subfields = f.subfields.filter(([code]) => SUBFIELD_CODE.test(code));
    if (subfields.length === 0) continue;
    const ind = (v: string) => (INDICATOR.test(v) ? v : ' ');
    out += `<marc:datafield tag="${xml(f.tag)}" ind1="${ind(f.ind1)}" ind2="${ind(f.ind2)}">`;
    for (const [code, value] of subfields) out += `<marc:subfield code="${xml(code)}">${xml(value)}</marc:subfield>`;
    out += '</marc:datafield>';
  }
  return `${out}</marc:record>`;
}
