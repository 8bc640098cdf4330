import { decodeHTML } from 'entities';
import { finishBibRecord } from '../map/finish-bib-record.js';
import { checkIsbn } from '../map/isbn.js';
import { checkIssn } from '../map/issn.js';
import { newBibRecord } from '../map/new-bib-record.js';
import { pushUnique } from '../map/text.js';
import { extractYear } from '../map/year.js';
import type { Author, BibRecord, Holding } from '../model/bib-record.js';
import { COPY_FIELDS } from './csv-mapping.js';
import type { CsvMapping, CsvTarget, ItemTarget } from './csv-mapping.js';

/** Nationality or dynasty prefix in Chinese metadata: "[美]", "（英）", "【日】". */
const NATIONALITY = /^\s*[[［(（【〔]\s*([^\]］)）】〕]{1,12})\s*[\]］)）】〕]\s*/;
/** Role words written after a name: 著, 编, 译, 编著, 主编, 绘, 等. */
const ROLE_SUFFIX = /\s*(编著|主编|原著|改编|编译|译注|校注|著|编|译|绘|撰|等)\s*$/;

/** Cleans a cell: HTML entities decoded (&#39; &amp;), whitespace collapsed, NFC. */
export function cleanCell(value: string | undefined): string {
  if (!value) return '';
  return decodeHTML(value).replace(/\s+/g, ' ').trim().normalize('NFC');
}

function splitNames(value: string, separator: string, isMain: boolean, defaultRole?: string): Author[] {
  const authors: Author[] = [];
  for (const part of value.split(separator)) {
    let name = part.trim();
    if (!name) continue;
    const author: Author = { name, kind: 'personal', isMain };
    const nationality = NATIONALITY.exec(name);
    if (nationality?.[1]) {
      author.nationality = nationality[1].trim();
      name = name.slice(nationality[0].length);
    }
    const role = ROLE_SUFFIX.exec(name);
    if (role?.[1] && role.index > 0) {
      author.roles = [role[1]];
      name = name.slice(0, role.index);
    } else if (defaultRole) {
      author.roles = [defaultRole];
    }
    author.name = name.trim();
    if (author.name) authors.push(author);
  }
  return authors;
}

/** Guesses the language of a title from its script: Han → chi, Kana → jpn, Hangul → kor. */
function languageFromScript(text: string): string {
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return 'jpn';
  if (/\p{Script=Hangul}/u.test(text)) return 'kor';
  if (/\p{Script=Han}/u.test(text)) return 'chi';
  return 'und';
}

/**
 * Maps one CSV row to the bibliographic model with a column mapping. Returns a reason when the
 * row has no title; a row with little more than an id and a title is kept with a warning.
 */
export function mapCsvRow(
  cell: (target: CsvTarget) => string,
  mapping: CsvMapping,
): { bib: BibRecord; warnings: string[] } | { reason: string } {
  const warnings: string[] = [];
  const title = cell('title');
  const id = cell('id');
  if (!title) return { reason: id ? `row ${id} has no title` : 'row has no title and no id' };
  const bib = newBibRecord(null);
  bib.title = title;
  bib.titleProper = title;
  if (id) {
    bib.identity.controlNumber = id;
    // Copies listed in an items file name their record by it.
    bib.identity.systemNumbers = [id];
    if (mapping.agency) bib.identity.agency = mapping.agency;
  }
  const subtitle = cell('subtitle');
  if (subtitle) {
    bib.subtitle = subtitle;
    bib.title = `${title} : ${subtitle}`;
  }
  pushUnique(bib.otherTitles, cell('originalTitle'));
  const separator = mapping.nameSeparator ?? ' / ';
  bib.authors.push(...splitNames(cell('authors'), separator, true));
  bib.authors.push(...splitNames(cell('translators'), separator, false, '译'));
  if (bib.authors.length > 0) bib.responsibility = cell('authors') || undefined;
  if (!bib.responsibility) delete bib.responsibility;

  const publisher = cell('publisher');
  const place = cell('place');
  const date = cell('year');
  if (publisher || place || date)
    bib.publications.push({ ...(place && { place }), ...(publisher && { publisher }), ...(date && { date }) });
  const year = extractYear(date);
  if (year !== undefined) bib.year = year;
  if (date) bib.yearRaw = date;

  const pages = cell('pages').replace(/；/g, '; ');
  const binding = cell('binding');
  const physical = [pages && (/^[\d;\s]+$/.test(pages) ? `${pages}页` : pages), binding].filter(Boolean).join(' ; ');
  if (physical) bib.physicalDescription = physical;
  const price = cell('price');
  if (price) bib.price = price;

  const isbnText = cell('isbn').replace(/\.0+$/, '');
  if (isbnText) {
    const check = checkIsbn(isbnText);
    if (check.isbn13) bib.isbns.push(check.isbn13);
    else if (check.invalid) {
      bib.invalidIsbns.push(check.invalid);
      warnings.push(`ISBN "${isbnText}" fails validation; kept in invalidIsbns`);
    }
  }
  const issn = checkIssn(cell('issn'));
  if (issn.issn) bib.issns.push(issn.issn);
  pushUnique(bib.series, cell('series'));
  const edition = cell('edition');
  if (edition) bib.edition = edition;
  for (const subject of cell('subjects').split(/[;；]/)) pushUnique(bib.subjects, subject.trim());
  const clc = cell('clc');
  if (clc) {
    bib.clc.push(clc);
    bib.classifications.push({ scheme: 'clc', value: clc });
  }
  pushUnique(bib.callNumbers, cell('callNumber'));
  const abstract = cell('abstract');
  if (abstract) bib.abstract = abstract;
  const language = cell('language').toLowerCase();
  bib.language = /^[a-z]{3}$/.test(language) ? language : languageFromScript(`${title} ${subtitle}`);
  bib.languages = bib.language === 'und' ? [] : [bib.language];

  const status = cell('status').toLowerCase();
  const hasMetadata =
    bib.authors.length > 0 || bib.publications.length > 0 || bib.isbns.length + bib.invalidIsbns.length > 0;
  if (!hasMetadata) {
    warnings.push(
      mapping.failedStatuses?.includes(status)
        ? `row has only an id and a title (its status is "${status}")`
        : 'row has only an id and a title',
    );
  }
  return { bib: finishBibRecord(bib), warnings };
}

/**
 * Maps one row of an items file (one copy) to a holdings record of one copy, linked to its
 * bibliographic record by the `record` column. Its identity is the barcode, or, for a copy without
 * one, its record, call number, volume and place: importing the file again replaces those copies.
 */
export function mapItemRow(
  cell: (target: ItemTarget) => string,
): { bib: BibRecord; warnings: string[] } | { reason: string } {
  const record = cell('record');
  const holding: Holding = {};
  for (const field of COPY_FIELDS) {
    const value = cell(field);
    if (value) holding[field] = value;
  }
  if (!record) return { reason: holding.barcode ? `copy ${holding.barcode} names no record` : 'row names no record' };
  if (!holding.barcode && !holding.callNumber && !holding.library && !holding.location) {
    return { reason: `copy of record ${record} has no barcode, call number, library or location` };
  }
  const bib = newBibRecord(null);
  bib.recordKind = 'holdings';
  bib.linkedRecordId = record;
  bib.identity.key = holding.barcode
    ? `item:${holding.barcode}`
    : `item:${[record, holding.callNumber, holding.volume, holding.library, holding.location].map((v) => v ?? '').join('|')}`;
  bib.holdings.push(holding);
  return { bib, warnings: [] };
}
