import type { Relation } from './api/get-related-records';

/** The record page's query keys (TanStack Query); everything about one record starts with `one(recordId)`. */
export const recordKeys = {
  all: ['record'] as const,
  /** Everything cached about one record (a new comment refreshes it all). */
  one: (recordId: number) => [...recordKeys.all, recordId] as const,
  /** A record's details in any language (favourites mark them all). */
  detail: (recordId: number) => [...recordKeys.one(recordId), 'detail'] as const,
  /** A record's details in one language (the rows are translated). */
  detailIn: (recordId: number, lang: string) => [...recordKeys.detail(recordId), lang] as const,
  holdings: (recordId: number, lang: string) => [...recordKeys.one(recordId), 'holdings', lang] as const,
  digital: (recordId: number) => [...recordKeys.one(recordId), 'digital'] as const,
  attachments: (recordId: number) => [...recordKeys.one(recordId), 'attachments'] as const,
  qr: (recordId: number) => [...recordKeys.one(recordId), 'qr'] as const,
  /** Where a requested copy can be picked up (the institution's libraries). */
  pickupLibraries: (recordId: number) => [...recordKeys.one(recordId), 'pickupLibraries'] as const,
  /** Whether the reader may ask for the record to be re-lent (asked afresh each time the dialog opens). */
  relendCheck: (recordId: number) => [...recordKeys.one(recordId), 'relendCheck'] as const,
  /** The logged-in reader's delivery addresses (a home delivery goes to one of them). */
  readerAddresses: () => [...recordKeys.all, 'readerAddresses'] as const,
  /** Related records, keyed by what relates them (the record is not known until its details are). */
  related: (relation: Relation | null) =>
    [...recordKeys.all, relation?.recordId, 'related', relation?.subjects, relation?.classes] as const,
  score: (recordId: number) => [...recordKeys.one(recordId), 'score'] as const,
  comments: (recordId: number, page: number) => [...recordKeys.one(recordId), 'comments', page] as const,
};
