import type { CollectionKind } from './api/lists-api';

/**
 * The list screens' query keys (TanStack Query): each names the list, its parameters and the language
 * (names are translated).
 */
export const listKeys = {
  all: ['lists'] as const,
  hotLoans: (request: object, lang: string) => [...listKeys.all, 'hot-loan', request, lang] as const,
  newBooks: (request: object, lang: string) => [...listKeys.all, 'new-books', request, lang] as const,
  ratings: (request: object, lang: string) => [...listKeys.all, 'ratings', request, lang] as const,
  collections: (kind: CollectionKind, page: number, lang: string) =>
    [...listKeys.all, 'collections', kind, page, lang] as const,
  hotBookLists: (page: number, lang: string) => [...listKeys.all, 'hot-book-lists', page, lang] as const,
  disciplines: (lang: string) => [...listKeys.all, 'disciplines', lang] as const,
  dict: (lang: string) => [...listKeys.all, 'dict', lang] as const,
};
