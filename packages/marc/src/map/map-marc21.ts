import type { Author, BibRecord, Classification } from '../model/bib-record.js';
import { isControlField, subfieldValue, subfieldValues } from '../model/marc-record.js';
import type { DataField, MarcRecord } from '../model/marc-record.js';
import { documentType } from './doc-code.js';
import { extractHoldings } from './extract-holdings.js';
import { systemNumbersOf } from './system-numbers.js';
import { finishBibRecord } from './finish-bib-record.js';
import { checkIsbn } from './isbn.js';
import { checkIssn } from './issn.js';
import { languageCode, splitLanguageCodes } from './language.js';
import { linkageScript, linkVernacular } from './link-vernacular.js';
import type { VernacularLinks } from './link-vernacular.js';
import { newBibRecord } from './new-bib-record.js';
import { cleanHeading, cleanText, joinSubfields, pushUnique } from './text.js';
import { extractYear, fixedFieldYear } from './year.js';

const NAME_PARTS: Record<Author['kind'], string> = { personal: 'abcq', corporate: 'abcn', meeting: 'acdn' };
const CLC_SOURCES = /^(clc|cct|ztflh|中图法|中國圖書館分類法|中国图书馆分类法)/i;
const SUBDIVISIONS = 'vxyz';
/** Standard subject-access fields (local 69X and 659 are left out). */
const SUBJECT_TAGS = new Set([
  '600',
  '610',
  '611',
  '630',
  '647',
  '648',
  '650',
  '651',
  '653',
  '654',
  '655',
  '656',
  '657',
  '658',
  '662',
  '688',
]);
const NON_HEADING = 'vxyz0123456789e4';
const LATIN = /^[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]*$/u;

/** Text of a name field (100/700 ...) without dates and roles. */
function nameOf(field: DataField, kind: Author['kind']): string {
  return cleanHeading(joinSubfields(field, NAME_PARTS[kind]));
}

function authorOf(field: DataField, kind: Author['kind'], isMain: boolean, links: VernacularLinks): Author | undefined {
  const name = nameOf(field, kind);
  if (!name) return undefined;
  const author: Author = { name, kind, isMain };
  const dates = kind === 'personal' ? subfieldValue(field, 'd') : undefined;
  if (dates) author.dates = cleanHeading(dates);
  const roles = [...subfieldValues(field, kind === 'meeting' ? 'j4' : 'e4')].map(cleanHeading).filter(Boolean);
  if (roles.length) author.roles = roles;
  const vernacular = links.vernacularOf(field);
  if (vernacular) {
    const text = nameOf(vernacular, kind);
    if (text && text !== name) author.vernacular = text;
  }
  return author;
}

/** Two main-entry names in different scripts (dual 100s without 880s) are one author in two forms. */
function mergeDualScriptMainNames(authors: Author[]): void {
  const mains = authors.filter((author) => author.isMain && author.kind === 'personal');
  const [first, second] = mains;
  if (mains.length !== 2 || !first || !second || LATIN.test(first.name) === LATIN.test(second.name)) return;
  const [latin, other] = LATIN.test(first.name) ? [first, second] : [second, first];
  latin.vernacular = other.name;
  authors.splice(authors.indexOf(other), 1);
}

/** A subject heading: the heading proper, then its subdivisions joined with " -- ". */
export function subjectHeading(field: DataField): string {
  const head: string[] = [];
  const parts: string[] = [];
  for (const subfield of field.subfields) {
    if (SUBDIVISIONS.includes(subfield.code)) parts.push(cleanHeading(subfield.value));
    else if (!NON_HEADING.includes(subfield.code)) head.push(subfield.value);
  }
  return [cleanHeading(cleanText(head.join(' '))), ...parts].filter(Boolean).join(' -- ');
}

function titleParts(field: DataField): { title: string; titleProper: string; subtitle: string } {
  return {
    title: cleanHeading(joinSubfields(field, 'abnp')),
    titleProper: cleanHeading(joinSubfields(field, 'a')),
    subtitle: cleanHeading(joinSubfields(field, 'b')),
  };
}

/** Title text of a 245-like field, final period dropped. */
function titleText(field: DataField): string {
  return cleanHeading(joinSubfields(field, 'abnp'));
}

/** The script of the record's paired 880s: the title's first, else the first one's ('' when unnamed). */
function vernacularScript(record: MarcRecord, links: VernacularLinks): string | undefined {
  let first: string | undefined;
  for (const field of record.fields) {
    if (isControlField(field) || field.tag === '880') continue;
    const partner = links.vernacularOf(field);
    if (!partner) continue;
    const script = linkageScript(partner);
    if (field.tag === '245') return script;
    first ??= script;
  }
  return first;
}

/** Maps a MARC21 bibliographic, holdings or authority record to the bibliographic model. */
export function mapMarc21(record: MarcRecord, warnings: string[]): BibRecord {
  const bib = newBibRecord('marc21');
  const links = linkVernacular(record);
  const extraText: string[] = [];
  const f008 = record.controlField('008') ?? '';
  // A field known only in its original script (unlinked 880, "260-00") stands in for the missing romanised one.
  const fieldsOr880 = (...tags: string[]): DataField[] => {
    const main = record.dataFields(...tags);
    if (main.length > 0) return main;
    return links.unpaired.filter((entry) => tags.includes(entry.tag)).map((entry) => entry.field);
  };

  const controlNumber = record.controlField('001')?.trim();
  const agency = record.controlField('003')?.trim();
  if (controlNumber) bib.identity.controlNumber = controlNumber;
  if (agency) bib.identity.agency = agency;
  const systemNumbers = systemNumbersOf(record, 'marc21');
  if (systemNumbers.length) bib.identity.systemNumbers = systemNumbers;
  const linked = record.controlField('004')?.trim();
  if (linked) bib.linkedRecordId = linked;

  // Titles: the first 245; a second 245 in another script (dual-script records) is the vernacular title.
  const titles = record.dataFields('245');
  const main = titles[0];
  if (main) {
    const parts = titleParts(main);
    bib.title = parts.title;
    bib.titleProper = parts.titleProper || parts.title;
    if (parts.subtitle) bib.subtitle = parts.subtitle;
    const responsibility = joinSubfields(main, 'c');
    if (responsibility) bib.responsibility = responsibility;
    const vernacular = links.vernacularOf(main);
    if (vernacular) {
      const text = titleText(vernacular);
      if (text && text !== bib.title) bib.titleVernacular = text;
      const statement = joinSubfields(vernacular, 'c');
      if (statement) bib.responsibilityVernacular = statement;
    }
    for (const other of titles.slice(1)) {
      const text = titleText(other);
      if (!text) continue;
      if (!bib.titleVernacular && LATIN.test(bib.title) !== LATIN.test(text)) {
        if (LATIN.test(bib.title)) bib.titleVernacular = text;
        else {
          bib.titleVernacular = bib.title;
          bib.title = text;
          bib.titleProper = joinSubfields(other, 'a') || text;
        }
      } else {
        pushUnique(bib.otherTitles, text);
      }
    }
  }
  const orphanTitle = links.unpaired.find((entry) => entry.tag === '245');
  if (orphanTitle && !bib.titleVernacular) {
    const text = titleText(orphanTitle.field);
    if (text && !bib.title) {
      bib.title = text;
      bib.titleProper = joinSubfields(orphanTitle.field, 'a') || text;
    } else if (text) bib.titleVernacular = text;
  }
  for (const field of record.dataFields('130', '240', '242', '246', '247', '730', '740')) {
    const codes = field.tag === '740' || field.tag === '730' ? 'anp' : 'abnp';
    pushUnique(bib.otherTitles, cleanHeading(joinSubfields(field, codes)));
    const vernacular = links.vernacularOf(field);
    if (vernacular) pushUnique(bib.otherTitles, cleanHeading(joinSubfields(vernacular, codes)));
  }
  if (!bib.title) {
    const heading = record.dataFields('100', '110', '111', '130', '150', '151', '155')[0];
    const fallback = bib.otherTitles[0] ?? (heading && record.leader.charAt(6) === 'z' ? subjectHeading(heading) : '');
    bib.title = fallback;
    bib.titleProper = fallback;
    if (!fallback && 'acdefgijkmoprt'.includes(record.leader.charAt(6))) {
      warnings.push('record has no title (no 245, 246, 240 or 880 title)');
    }
  }

  // Names.
  const kinds: Record<string, Author['kind']> = { '100': 'personal', '110': 'corporate', '111': 'meeting' };
  for (const field of fieldsOr880('100', '110', '111', '700', '710', '711', '720')) {
    const tag = field.tag === '880' ? (subfieldValue(field, '6') ?? '').slice(0, 3) : field.tag;
    const kind = kinds[tag] ?? kinds[`1${tag.slice(1)}`] ?? 'personal';
    const author = authorOf(field, kind, tag.startsWith('1'), links);
    if (author) bib.authors.push(author);
  }

  mergeDualScriptMainNames(bib.authors);

  const edition = fieldsOr880('250')[0];
  if (edition) {
    bib.edition = joinSubfields(edition, 'ab');
    const vernacular = links.vernacularOf(edition);
    if (vernacular) {
      const text = joinSubfields(vernacular, 'ab');
      extraText.push(text);
      if (text && text !== bib.edition) bib.editionVernacular = text;
    }
  }

  // Publication: 260, then 264 with second indicator 1 (publication); other 264s only supply a fallback date.
  const statements = fieldsOr880('260', '264').filter(
    (f) => f.tag === '260' || f.ind2 === '1' || f.ind2 === ' ' || f.tag === '880',
  );
  for (const field of statements) {
    const place = cleanText(subfieldValue(field, 'a') ?? '');
    const publisher = cleanText(subfieldValue(field, 'b') ?? '');
    const date = cleanText(subfieldValue(field, 'c') ?? '');
    const vernacular = links.vernacularOf(field);
    const placeVernacular = vernacular ? cleanText(subfieldValue(vernacular, 'a') ?? '') : '';
    const publisherVernacular = vernacular ? cleanText(subfieldValue(vernacular, 'b') ?? '') : '';
    bib.publications.push({
      ...(place && { place }),
      ...(publisher && { publisher }),
      ...(date && { date }),
      ...(placeVernacular && placeVernacular !== place && { placeVernacular }),
      ...(publisherVernacular && publisherVernacular !== publisher && { publisherVernacular }),
    });
    if (vernacular) extraText.push(joinSubfields(vernacular, 'ab'));
  }
  const dateText =
    bib.publications.find((p) => p.date)?.date ??
    subfieldValue(record.dataFields('264')[0] ?? { tag: '', ind1: '', ind2: '', subfields: [] }, 'c');
  const fixedYear = f008.length >= 11 ? fixedFieldYear(f008.slice(7, 11)) : undefined;
  const year = fixedYear ?? extractYear(dateText);
  if (year !== undefined) bib.year = year;
  const rawYear = dateText ? cleanText(dateText) : f008.slice(7, 11).trim();
  if (rawYear) bib.yearRaw = rawYear;

  const physical = record.dataFields('300')[0];
  if (physical) bib.physicalDescription = joinSubfields(physical, 'abce3');

  for (const field of record.dataFields('020')) {
    for (const value of subfieldValues(field, 'a')) {
      const check = checkIsbn(value);
      if (check.isbn13) pushUnique(bib.isbns, check.isbn13);
      else pushUnique(bib.invalidIsbns, check.invalid);
    }
    for (const value of subfieldValues(field, 'z'))
      pushUnique(bib.invalidIsbns, checkIsbn(value).invalid ?? checkIsbn(value).isbn13);
    const price = subfieldValue(field, 'c');
    if (price && !bib.price) bib.price = cleanText(price);
  }
  for (const field of record.dataFields('022')) {
    for (const value of subfieldValues(field, 'a')) {
      const check = checkIssn(value);
      if (check.issn) pushUnique(bib.issns, check.issn);
      else if (check.invalid) warnings.push(`ISSN "${check.invalid}" has a wrong check digit; kept out of issns`);
    }
  }

  // Classification and call numbers.
  const classify = (scheme: Classification['scheme'], value: string): void => {
    if (!value) return;
    if (!bib.classifications.some((c) => c.scheme === scheme && c.value === value))
      bib.classifications.push({ scheme, value });
    if (scheme === 'clc') pushUnique(bib.clc, value);
  };
  for (const field of record.dataFields('050')) {
    classify('lcc', joinSubfields(field, 'a'));
    pushUnique(bib.callNumbers, joinSubfields(field, 'ab'));
  }
  for (const field of record.dataFields('082'))
    classify('ddc', cleanText((subfieldValue(field, 'a') ?? '').replace(/\//g, '')));
  for (const field of record.dataFields('080')) classify('udc', joinSubfields(field, 'a'));
  for (const field of record.dataFields('084')) {
    const source = subfieldValue(field, '2') ?? '';
    for (const value of subfieldValues(field, 'a'))
      classify(CLC_SOURCES.test(source) ? 'clc' : 'other', cleanText(value));
  }
  for (const field of record.dataFields('093')) classify('clc', joinSubfields(field, 'a'));
  for (const field of record.dataFields('090', '096', '099')) pushUnique(bib.callNumbers, joinSubfields(field, 'ab'));

  // Subjects, series, notes, links.
  for (const field of record.fields) {
    if (isControlField(field) || !SUBJECT_TAGS.has(field.tag)) continue;
    const heading = subjectHeading(field);
    pushUnique(bib.subjects, heading);
    const vernacular = links.vernacularOf(field);
    if (vernacular) {
      const text = subjectHeading(vernacular);
      extraText.push(text);
      if (heading && text && text !== heading)
        (bib.subjectsVernacular ??= []).push({ romanized: heading, vernacular: text });
    }
  }
  for (const field of fieldsOr880('490', '440', '800', '810', '811', '830')) {
    const codes = ['490', '440'].includes(field.tag) ? 'anpv' : 'abcdtnpv';
    const statement = cleanHeading(joinSubfields(field, codes));
    pushUnique(bib.series, statement);
    const vernacular = links.vernacularOf(field);
    if (vernacular) {
      extraText.push(cleanHeading(joinSubfields(vernacular, 'abcdtnpv')));
      const text = cleanHeading(joinSubfields(vernacular, codes));
      if (statement && text && text !== statement)
        (bib.seriesVernacular ??= []).push({ romanized: statement, vernacular: text });
    }
  }
  for (const field of record.fields) {
    if (isControlField(field) || !/^5([0-8]\d|90)$/.test(field.tag) || field.tag === '520') continue;
    const text = joinSubfields(field, 'abcdefghijklmnopqrstuvwxyz');
    if (text) bib.notes.push(text);
  }
  const summary = record.dataFields('520')[0];
  if (summary) bib.abstract = joinSubfields(summary, 'ab');
  for (const field of record.dataFields('856')) {
    const label = subfieldValue(field, 'y') ?? subfieldValue(field, 'z') ?? subfieldValue(field, '3');
    for (const url of subfieldValues(field, 'u')) {
      bib.links.push({ url: url.trim(), ...(label ? { label: cleanText(label) } : {}) });
    }
  }

  // Language and country: 008 first; shifted or fill-character values fall back to 041, then "und".
  const fixedLanguage = languageCode(f008.slice(35, 38));
  if (fixedLanguage) pushUnique(bib.languages, fixedLanguage);
  else if (f008.length >= 38 && f008.slice(35, 38).trim() && f008.slice(35, 38) !== '|||') {
    warnings.push(`008/35-37 language "${f008.slice(35, 38)}" is not a language code; used 041 or "und"`);
  }
  for (const field of record.dataFields('041'))
    for (const value of subfieldValues(field, 'ad'))
      for (const code of splitLanguageCodes(value)) pushUnique(bib.languages, code);
  bib.language = bib.languages[0] ?? 'und';
  const country = f008.slice(15, 18).replace(/[\s|]+$/, '');
  if (/^[a-z]{2,3}$/.test(country) && country !== 'xx') bib.country = country;

  const type = documentType(record.leader, 'marc21', {
    isThesis: record.hasField('502'),
    isNewspaper: f008.charAt(21) === 'n',
  });
  bib.recordKind = type.recordKind;
  bib.docCode = type.docCode;
  bib.holdings = extractHoldings(record);
  for (const holding of bib.holdings) pushUnique(bib.callNumbers, holding.callNumber);

  const script = vernacularScript(record, links);
  if (script !== undefined) bib.vernacularScript = script;

  let withoutLinkage = 0;
  for (const { tag, field } of links.unpaired) {
    const text = joinSubfields(field, 'abcdefghijklmnopqrstuvwxyz');
    if (text) extraText.push(text);
    if (!tag) withoutLinkage += 1;
  }
  if (withoutLinkage > 0)
    warnings.push(`${withoutLinkage} 880 field(s) have no $6 linkage; their text is kept for search only`);
  return finishBibRecord(bib, extraText);
}
