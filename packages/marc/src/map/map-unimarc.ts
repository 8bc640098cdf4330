import type { Author, BibRecord } from '../model/bib-record.js';
import { subfieldValue, subfieldValues } from '../model/marc-record.js';
import type { DataField, MarcRecord } from '../model/marc-record.js';
import { documentType } from './doc-code.js';
import { extractHoldings } from './extract-holdings.js';
import { finishBibRecord } from './finish-bib-record.js';
import { checkIsbn } from './isbn.js';
import { checkIssn } from './issn.js';
import { languageCode } from './language.js';
import { newBibRecord } from './new-bib-record.js';
import { systemNumbersOf } from './system-numbers.js';
import { subjectHeading } from './map-marc21.js';
import { cleanHeading, cleanText, joinSubfields, pushUnique } from './text.js';
import { extractYear, fixedFieldYear } from './year.js';

const PERSONAL = ['700', '701', '702'];
const emptyField: DataField = { tag: '', ind1: ' ', ind2: ' ', subfields: [] };
const CORPORATE = ['710', '711', '712'];

function authorOf(field: DataField): Author | undefined {
  const isPersonal = PERSONAL.includes(field.tag);
  const kind: Author['kind'] = isPersonal ? 'personal' : field.ind1 === '1' ? 'meeting' : 'corporate';
  const surname = cleanHeading(subfieldValue(field, 'a') ?? '');
  const forename = cleanHeading(subfieldValue(field, 'b') ?? '');
  const name = isPersonal ? [surname, forename].filter(Boolean).join(', ') : joinSubfields(field, 'abc');
  if (!name) return undefined;
  const author: Author = { name: cleanHeading(name), kind, isMain: field.tag === '700' || field.tag === '710' };
  const dates = subfieldValue(field, 'f');
  if (dates) author.dates = cleanHeading(dates);
  const roles = subfieldValues(field, '4').map(cleanHeading).filter(Boolean);
  if (roles.length) author.roles = roles;
  return author;
}

/**
 * Maps a UNIMARC/CNMARC record: title 200, edition 205, publication 210/214, physical description
 * 215, ISBN 010, ISSN 011, language 101, country 102, coded data 100, notes 3XX, series 225/410,
 * subjects 60X, CLC 690, names 700-712. CNMARC's upper-case subfields ($A, $F) carry pinyin.
 */
export function mapUnimarc(record: MarcRecord, warnings: string[]): BibRecord {
  const bib = newBibRecord('unimarc');
  const extraText: string[] = [];
  const controlNumber = record.controlField('001')?.trim();
  if (controlNumber) bib.identity.controlNumber = controlNumber;
  const agency = record.controlField('003')?.trim() ?? subfieldValue(record.dataFields('801')[0] ?? emptyField, 'b');
  if (agency) bib.identity.agency = agency.trim();
  const systemNumbers = systemNumbersOf(record, 'unimarc');
  if (systemNumbers.length) bib.identity.systemNumbers = systemNumbers;

  const title = record.dataFields('200')[0];
  if (title) {
    bib.title = joinSubfields(title, 'aehi');
    bib.titleProper = joinSubfields(title, 'a') || bib.title;
    const subtitle = joinSubfields(title, 'e');
    if (subtitle) bib.subtitle = subtitle;
    const responsibility = joinSubfields(title, 'fg', ' ; ');
    if (responsibility) bib.responsibility = responsibility;
    for (const parallel of subfieldValues(title, 'd')) pushUnique(bib.otherTitles, cleanText(parallel));
    pushUnique(extraText, joinSubfields(title, 'AEHI'));
    pushUnique(extraText, joinSubfields(title, 'FG'));
  } else {
    warnings.push('UNIMARC record has no 200 title');
  }
  for (const field of record.dataFields('500', '510', '512', '513', '514', '515', '516', '517', '518', '540', '541')) {
    pushUnique(bib.otherTitles, joinSubfields(field, 'aehi'));
    pushUnique(extraText, joinSubfields(field, 'A'));
  }
  if (!bib.title && bib.otherTitles[0]) bib.title = bib.titleProper = bib.otherTitles[0];

  for (const field of record.dataFields(...PERSONAL, ...CORPORATE)) {
    const author = authorOf(field);
    if (author) bib.authors.push(author);
    pushUnique(extraText, cleanHeading(joinSubfields(field, 'AB')));
  }
  const edition = record.dataFields('205')[0];
  if (edition) bib.edition = joinSubfields(edition, 'abdf');

  for (const field of record.dataFields('210', '214')) {
    const place = cleanText(subfieldValue(field, 'a') ?? '');
    const publisher = cleanText(subfieldValue(field, 'c') ?? '');
    const date = cleanText(subfieldValue(field, 'd') ?? '');
    bib.publications.push({ ...(place && { place }), ...(publisher && { publisher }), ...(date && { date }) });
  }
  const coded = subfieldValue(record.dataFields('100')[0] ?? emptyField, 'a') ?? '';
  const dateText = bib.publications.find((p) => p.date)?.date;
  const year = extractYear(dateText) ?? (coded.length >= 13 ? fixedFieldYear(coded.slice(9, 13)) : undefined);
  if (year !== undefined) bib.year = year;
  const rawYear = dateText ?? coded.slice(9, 13).trim();
  if (rawYear) bib.yearRaw = rawYear;

  const physical = record.dataFields('215')[0];
  if (physical) bib.physicalDescription = joinSubfields(physical, 'acde', ' ; ');

  for (const field of record.dataFields('010')) {
    for (const value of subfieldValues(field, 'a')) {
      const check = checkIsbn(value);
      if (check.isbn13) pushUnique(bib.isbns, check.isbn13);
      else pushUnique(bib.invalidIsbns, check.invalid);
    }
    for (const value of subfieldValues(field, 'z'))
      pushUnique(bib.invalidIsbns, checkIsbn(value).invalid ?? checkIsbn(value).isbn13);
    const price = subfieldValue(field, 'd');
    if (price && !bib.price) bib.price = cleanText(price);
  }
  for (const field of record.dataFields('011')) {
    for (const value of subfieldValues(field, 'a')) {
      const check = checkIssn(value);
      if (check.issn) pushUnique(bib.issns, check.issn);
      else if (check.invalid) warnings.push(`ISSN "${check.invalid}" has a wrong check digit; kept out of issns`);
    }
  }

  for (const field of record.dataFields('690')) {
    const value = joinSubfields(field, 'a');
    if (!value) continue;
    pushUnique(bib.clc, value);
    bib.classifications.push({ scheme: 'clc', value });
  }
  for (const field of record.dataFields('675')) {
    const value = joinSubfields(field, 'a');
    if (value) bib.classifications.push({ scheme: 'udc', value });
  }
  for (const field of record.dataFields('676')) {
    const value = joinSubfields(field, 'a');
    if (value) bib.classifications.push({ scheme: 'ddc', value });
  }
  for (const field of record.dataFields('680')) {
    const value = joinSubfields(field, 'ab');
    if (value) bib.classifications.push({ scheme: 'lcc', value });
  }
  for (const field of record.dataFields('686', '692')) {
    const value = joinSubfields(field, 'a');
    if (value) bib.classifications.push({ scheme: 'other', value });
  }
  for (const field of record.dataFields('090', '905')) {
    const classNumber = subfieldValue(field, field.tag === '090' ? 'a' : 'd');
    const bookNumber = subfieldValue(field, field.tag === '090' ? 'b' : 'e');
    const callNumber = field.tag === '905' ? subfieldValue(field, 's') : undefined;
    pushUnique(bib.callNumbers, cleanText(callNumber ?? [classNumber, bookNumber].filter(Boolean).join('/')));
  }

  for (const field of record.fields) {
    if (!('subfields' in field) || !/^6(0\d|10)$/.test(field.tag)) continue;
    pushUnique(bib.subjects, subjectHeading(field));
  }
  for (const field of record.dataFields('225', '410')) {
    pushUnique(bib.series, cleanHeading(joinSubfields(field, field.tag === '225' ? 'aehiv' : 'atv')));
    pushUnique(extraText, joinSubfields(field, 'A'));
  }
  for (const field of record.fields) {
    if (!('subfields' in field) || !/^3\d\d$/.test(field.tag) || field.tag === '330') continue;
    const text = joinSubfields(field, 'abcdefghijklmnopqrstuvwxyz');
    if (text) bib.notes.push(text);
  }
  const summary = record.dataFields('330')[0];
  if (summary) bib.abstract = joinSubfields(summary, 'a');
  for (const field of record.dataFields('856')) {
    const label = subfieldValue(field, 'y') ?? subfieldValue(field, 'z') ?? subfieldValue(field, '2');
    for (const url of subfieldValues(field, 'u'))
      bib.links.push({ url: url.trim(), ...(label ? { label: cleanText(label) } : {}) });
  }

  for (const field of record.dataFields('101'))
    for (const value of subfieldValues(field, 'a')) pushUnique(bib.languages, languageCode(value));
  bib.language = bib.languages[0] ?? 'und';
  const country = subfieldValue(record.dataFields('102')[0] ?? emptyField, 'a')?.trim();
  if (country) bib.country = country;

  const formOfContents = subfieldValue(record.dataFields('105')[0] ?? emptyField, 'a')?.slice(4, 8) ?? '';
  const type = documentType(record.leader, 'unimarc', {
    isThesis: record.hasField('328') || formOfContents.includes('m'),
    isNewspaper: (subfieldValue(record.dataFields('110')[0] ?? emptyField, 'a') ?? '').charAt(0) === 'c',
  });
  bib.recordKind = type.recordKind;
  bib.docCode = type.docCode;
  bib.holdings = extractHoldings(record);
  for (const holding of bib.holdings) pushUnique(bib.callNumbers, holding.callNumber);
  return finishBibRecord(bib, extraText);
}
