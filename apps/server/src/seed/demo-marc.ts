import { MarcRecord, writeIso2709 } from '@openfind/marc';
import type { DataField, MarcField, MarcJson } from '@openfind/marc';
import type { RecordInput } from '../modules/catalogue/record-input.js';

/** MARC country codes (008/15-17) of the demo's ISO countries. */
const MARC_COUNTRY: Record<string, string> = { CN: 'cc ', US: 'xxu', GB: 'enk', RU: 'ru ', JP: 'ja ' };

const field = (tag: string, ind1: string, ind2: string, subfields: Array<[string, string]>): DataField => ({
  tag,
  ind1,
  ind2,
  subfields: subfields.filter(([, value]) => value !== '').map(([code, value]) => ({ code, value })),
});

/** A name heading's first indicator: 1 for an inverted "Surname, Forename", 0 for a name in direct order (Chinese). */
const nameIndicator = (name: string) => (name.includes(',') ? '1' : '0');

/** 008/18-34 of a book: no illustrations… not a conference, festschrift or index; not fiction-coded. */
const BOOK_18_34 = `${' '.repeat(11)}000 0 `;
/** 008/18-34 of a continuing resource: frequency and regularity unknown, a periodical, successive entry. */
const SERIAL_18_34 = `uu p${' '.repeat(7)}0${' '.repeat(4)}0`;

/** 008 of a book, or of a continuing resource for a journal: 40 characters. */
export function fixedField(r: RecordInput, entered: Date, isSerial: boolean): string {
  const date = entered.toISOString().slice(2, 10).replace(/-/g, '');
  const year = (r.publishYear ?? '').padEnd(4, 'u').slice(0, 4);
  const dates = isSerial ? `c${year}9999` : `s${year}    `;
  const country = MARC_COUNTRY[r.countryCode ?? ''] ?? 'xx ';
  const lang = (r.langCode ?? 'und').padEnd(3).slice(0, 3);
  return `${date}${dates}${country}${isSerial ? SERIAL_18_34 : BOOK_18_34}${lang} d`;
}

/**
 * A MARC21 bibliographic record (UTF-8) describing a demo catalogue record, so that the record page's
 * MARC view has something true to show: leader, 001/005/008, 020 ISBN and price, 084 CLC class, 090
 * call number, 100/700 names, 245 title and responsibility, 260 imprint, 300 physical description,
 * 502 for a thesis, 520 summary, 650 subjects, 856 links. Leader lengths are those of the record
 * written as ISO 2709. Everything comes from the record itself; nothing is added.
 */
export function demoMarc(r: RecordInput, controlNumber: string, entered: Date): MarcJson {
  const isSerial = r.docCode === '2';
  const authors = r.authors ?? [];
  const [first, ...others] = authors;
  const fields: MarcField[] = [
    { tag: '001', value: controlNumber },
    { tag: '005', value: `${entered.toISOString().slice(0, 10).replace(/-/g, '')}000000.0` },
    { tag: '008', value: fixedField(r, entered, isSerial) },
  ];
  (r.isbns ?? []).forEach((isbn, i) =>
    fields.push(
      field('020', ' ', ' ', [
        ['a', isbn],
        ['c', i === 0 ? (r.price ?? '') : ''],
      ]),
    ),
  );
  for (const clc of r.clcClasses ?? [])
    fields.push(
      field('084', ' ', ' ', [
        ['a', clc],
        ['2', 'clc'],
      ]),
    );
  for (const callNo of r.callNumbers ?? []) fields.push(field('090', ' ', ' ', [['a', callNo]]));
  if (first) fields.push(field('100', nameIndicator(first), ' ', [['a', first]]));
  const responsibility = r.responsibility ?? '';
  fields.push(
    field('245', first ? '1' : '0', '0', [
      ['a', responsibility ? `${r.title} /` : r.title],
      ['c', responsibility],
    ]),
  );
  const imprint: Array<[string, string]> = [
    ['a', r.publishPlace && r.publisher ? `${r.publishPlace} :` : (r.publishPlace ?? '')],
    ['b', r.publisher && r.publishYear ? `${r.publisher},` : (r.publisher ?? '')],
    ['c', r.publishYear ?? ''],
  ];
  if (imprint.some(([, v]) => v)) fields.push(field('260', ' ', ' ', imprint));
  if (r.physicalDescription) {
    const [extent = '', dimensions = ''] = r.physicalDescription.split(/\s*;\s*/);
    fields.push(
      field('300', ' ', ' ', [
        ['a', dimensions ? `${extent} ;` : extent],
        ['c', dimensions],
      ]),
    );
  }
  if (r.docCode === '3') fields.push(field('502', ' ', ' ', [['a', '学位论文']]));
  if (r.abstract) fields.push(field('520', ' ', ' ', [['a', r.abstract]]));
  for (const subject of r.subjects ?? []) fields.push(field('650', ' ', '4', [['a', subject]]));
  for (const name of others) fields.push(field('700', nameIndicator(name), ' ', [['a', name]]));
  for (const link of r.links ?? [])
    fields.push(
      field('856', '4', '0', [
        ['u', link.url],
        ['y', link.label ?? ''],
      ]),
    );

  const record = new MarcRecord(`00000n${isSerial ? 'as' : 'am'} a2200000 a 4500`, fields);
  // The leader as written: record length (00-04) and base address (12-16) computed by the writer.
  record.leader = new TextDecoder().decode(writeIso2709(record).subarray(0, 24));
  return record.toMarcJson();
}
