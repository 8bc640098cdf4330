import type { BibRecord } from '../model/bib-record.js';
import { pushUnique } from './text.js';

/** Normalises a title for an identity key: case-folded, punctuation and spaces removed. */
function titleKey(title: string): string {
  return title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}\s]+/gu, '');
}

/**
 * Completes a mapped record: the identity key (agency + control number, else control number, else
 * first ISBN, else title + year), first publisher/place, and the searchable `allText` (both the
 * romanised and the original-script forms). `extraText` holds texts only search needs, e.g. unpaired 880s.
 */
export function finishBibRecord(bib: BibRecord, extraText: string[] = []): BibRecord {
  const { controlNumber, agency } = bib.identity;
  const firstIsbn = bib.isbns[0];
  bib.identity.key =
    controlNumber && agency
      ? `${agency}:${controlNumber}`
      : controlNumber
        ? `001:${controlNumber}`
        : firstIsbn
          ? `isbn:${firstIsbn}`
          : `title:${titleKey(bib.title)}:${bib.year ?? ''}`;
  const byPublisher = bib.publications.find((publication) => publication.publisher);
  const byPlace = bib.publications.find((publication) => publication.place);
  if (bib.publisher === undefined && byPublisher?.publisherVernacular)
    bib.publisherVernacular = byPublisher.publisherVernacular;
  if (bib.place === undefined && byPlace?.placeVernacular) bib.placeVernacular = byPlace.placeVernacular;
  bib.publisher ??= byPublisher?.publisher;
  bib.place ??= byPlace?.place;
  if (bib.publisher === undefined) delete bib.publisher;
  if (bib.place === undefined) delete bib.place;

  const text: string[] = [];
  for (const value of [
    bib.title,
    bib.titleVernacular,
    ...bib.otherTitles,
    bib.responsibility,
    bib.responsibilityVernacular,
  ]) {
    pushUnique(text, value);
  }
  for (const author of bib.authors) {
    pushUnique(text, author.name);
    pushUnique(text, author.vernacular);
  }
  for (const value of [
    bib.edition,
    bib.publisher,
    ...bib.publications.map((p) => p.publisher),
    ...bib.series,
    ...bib.subjects,
  ]) {
    pushUnique(text, value);
  }
  for (const value of extraText) pushUnique(text, value);
  bib.allText = text;
  return bib;
}
