import { checkLinkUrl } from '@openfind/contract';
import { storedMarcText, type BibRecord, type ElectronicLink, type Holding, type MarcRecord } from '@openfind/marc';
import { storedVernacular } from '../original-script.js';
import type { ItemInput, RecordInput } from '../record-input.js';

/** The tenant's libraries and locations, to turn the names a source uses into codes. */
export interface PlaceDirectory {
  /** Library code by code or name in any language (lower case). */
  libraries: Map<string, string>;
  /** Location by id or name in any language (lower case). */
  locations: Map<string, { locationId: string; campusId: string; libCode: string }>;
}

const ON_SHELF = '411';
const ON_LOAN = '412';

/** Item status words of common library systems → processTypeCode (411 on shelf, 412 on loan, …). */
const STATUS_WORDS: Array<[RegExp, string]> = [
  [/^(411|412|413|414|415|416|417|418|419|420)$/, ''],
  [/在架|可借|available|on ?shelf|^in$|check(ed)? ?in|^-$/i, ON_SHELF],
  [/借出|已借|应还|loan|checked ?out|due|charged/i, ON_LOAN],
  [/预约|hold|reserved/i, '413'],
  [/在途|transit/i, '414'],
  [/修补|repair|bindery/i, '415'],
  [/丢失|遗失|lost|missing/i, '416'],
  [/剔除|withdrawn|discard/i, '417'],
  [/编目|catalog/i, '418'],
  [/闭架|closed ?stack/i, '420'],
];

/** Maps a status as written by the source to a processTypeCode; unknown statuses count as on shelf. */
export function statusToProcessType(status: string | undefined): string {
  const s = (status ?? '').trim();
  if (!s) return ON_SHELF;
  for (const [re, code] of STATUS_WORDS) if (re.test(s)) return code || s;
  return ON_SHELF;
}

/** Maps a circulation attribute as written to circAttr 0-6 (0 loanable when unknown). */
export function toCircAttr(value: string | undefined): string {
  const v = (value ?? '').trim();
  if (/^[0-6]$/.test(v)) return v;
  if (/阅览|reference|ref\b|in[- ]library/i.test(v)) return '1';
  if (/停借|suspend/i.test(v)) return '2';
  if (/保留|reserve/i.test(v)) return '3';
  if (/不外借|非可借|not for loan|non-?circ/i.test(v)) return '5';
  return '0';
}

const ISO_DATE = /^(\d{4})-?(\d{2})-?(\d{2})$/;

/** A date as YYYY-MM-DD when the source gives one that can be read, else null. */
function toDate(value: string | undefined): string | null {
  const m = ISO_DATE.exec((value ?? '').trim());
  if (!m) return null;
  const [, y, mo, d] = m;
  const date = new Date(`${y}-${mo}-${d}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(d) ? null : `${y}-${mo}-${d}`;
}

/** The due date a loan status states ('借出-应还日期:2026-12-01', 'Due 2026/12/01'), else null. */
export function dueDateIn(status: string | undefined): string | null {
  const m = /(\d{4})[-/.]?(\d{2})[-/.]?(\d{2})/.exec(status ?? '');
  return m ? toDate(`${m[1]}-${m[2]}-${m[3]}`) : null;
}

/** An item of the record from one holding of the source; nothing the source did not say is added. */
/** The copies a record's holdings describe. A holdings statement alone (866 summary) says what is held, not a copy: no item for it. */
export function holdingsToItems(holdings: Holding[], places: PlaceDirectory): ItemInput[] {
  return holdings
    .filter((h) => h.barcode || h.callNumber || h.location || h.library)
    .map((h) => holdingToItem(h, places));
}

export function holdingToItem(h: Holding, places: PlaceDirectory): ItemInput {
  const loc = h.location ? places.locations.get(h.location.trim().toLowerCase()) : undefined;
  const lib = h.library ? places.libraries.get(h.library.trim().toLowerCase()) : undefined;
  return {
    barcode: h.barcode ?? null,
    callNo: h.callNumber ?? null,
    libCode: loc?.libCode ?? lib ?? h.library ?? null,
    campusId: loc?.campusId ?? null,
    locationId: loc?.locationId ?? null,
    locationName: loc ? null : (h.location ?? null),
    curLocationId: loc?.locationId ?? null,
    shelfNo: h.shelf ?? null,
    vol: h.volume ?? null,
    year: h.year ?? null,
    processTypeCode: statusToProcessType(h.status),
    dueDate: statusToProcessType(h.status) === ON_LOAN ? dueDateIn(h.status) : null,
    circAttr: toCircAttr(h.circAttr),
    price: h.price ?? null,
    inDate: toDate(h.inDate),
  };
}

/** Searchable text of the record that no mapped field already holds (vernacular forms, contents notes, …). */
function extraTextOf(bib: BibRecord): string[] {
  const covered = new Set<string>([
    bib.title,
    bib.titleProper,
    bib.subtitle ?? '',
    bib.titleVernacular ?? '',
    bib.responsibility ?? '',
    bib.edition ?? '',
    bib.publisher ?? '',
    bib.place ?? '',
    bib.abstract ?? '',
    ...bib.otherTitles,
    ...bib.authors.flatMap((a) => [a.name, a.vernacular ?? '']),
    ...bib.subjects,
    // Indexed with the subjects from `vernacular`.
    ...(bib.subjectsVernacular ?? []).map((p) => p.vernacular),
    ...bib.series,
    ...bib.notes,
  ]);
  return [...new Set(bib.allText)].filter((t) => t && !covered.has(t));
}

/**
 * The record's e-copy links a patron may follow: http(s) only, doi:/hdl:/urn:nbn: rewritten to their
 * resolvers (see `checkLinkUrl`). What was dropped or rewritten is told in `notes`.
 */
export function safeLinks(links: ElectronicLink[], notes: string[]): Array<{ url: string; label: string | null }> {
  const kept: Array<{ url: string; label: string | null }> = [];
  for (const link of links) {
    const checked = checkLinkUrl(link.url);
    const shown = JSON.stringify(link.url.length > 200 ? `${link.url.slice(0, 200)}…` : link.url);
    if (checked.url === null) notes.push(`856 $u ${shown} dropped: ${checked.reason}`);
    else {
      if (checked.isRewritten) notes.push(`856 $u ${shown} linked as ${checked.url}`);
      kept.push({ url: checked.url, label: link.label ?? null });
    }
  }
  return kept;
}

/**
 * The record model of the catalogue from a record read by @openfind/marc. Notes on what was left
 * out (an unsafe link) go to `notes` when given.
 */
export function bibToRecord(
  bib: BibRecord,
  marc: MarcRecord | null,
  places: PlaceDirectory,
  notes: string[] = [],
): RecordInput {
  const names = bib.authors.map((a) => a.name);
  return {
    sourceKey: bib.identity.key,
    ...(bib.identity.systemNumbers?.length ? { systemNumbers: bib.identity.systemNumbers } : {}),
    sourceFormat: bib.flavour ?? 'csv',
    title: bib.title || bib.titleVernacular || '',
    titleVernacular: bib.titleVernacular ?? null,
    otherTitles: bib.otherTitles,
    responsibility: bib.responsibility ?? null,
    author: bib.responsibility || names.join('; '),
    authors: names,
    edition: bib.edition ?? null,
    publisher: bib.publisher ?? null,
    publishPlace: bib.place ?? null,
    publishYear: bib.yearRaw ?? (bib.year ? String(bib.year) : null),
    publishYearInt: bib.year && bib.year > 0 && bib.year < 10000 ? bib.year : null,
    physicalDescription: bib.physicalDescription ?? null,
    isbns: bib.isbns,
    invalidIsbns: bib.invalidIsbns,
    issn: bib.issns[0] ?? null,
    price: bib.price ?? null,
    clcClasses: bib.clc,
    otherClasses: bib.classifications.filter((c) => c.scheme !== 'clc').map((c) => `${c.scheme}:${c.value}`),
    callNumbers: bib.callNumbers,
    subjects: bib.subjects,
    series: bib.series,
    langCode: bib.language === 'und' ? null : bib.language,
    countryCode: bib.country ?? null,
    docCode: bib.docCode,
    abstract: bib.abstract ?? null,
    notes: bib.notes,
    links: safeLinks(bib.links, notes),
    vernacular: storedVernacular(bib),
    extraText: extraTextOf(bib),
    // As text, stored as it is: hashing or sending text to a worker is cheaper than an object tree.
    marc: marc ? storedMarcText(marc) : undefined,
    items: holdingsToItems(bib.holdings, places),
  };
}
