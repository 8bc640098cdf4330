import type { CollectionKind } from '../lists';

/** The home page's query keys (TanStack Query): its lists, in the page's language, batch by batch. */
export const homeKeys = {
  all: ['home'] as const,
  popularSearches: (lang: string) => [...homeKeys.all, 'popular', lang] as const,
  hotLoans: (lang: string, page: number) => [...homeKeys.all, 'hot-loan', lang, page] as const,
  newBooks: (lang: string, page: number) => [...homeKeys.all, 'new-books', lang, page] as const,
  collections: (kind: CollectionKind, lang: string, page: number) =>
    [...homeKeys.all, 'collections', kind, lang, page] as const,
  disciplines: (lang: string) => [...homeKeys.all, 'disciplines', lang] as const,
  hotBookLists: (lang: string, page: number) => [...homeKeys.all, 'book-lists', lang, page] as const,
  donations: (lang: string, page: number) => [...homeKeys.all, 'donations', lang, page] as const,
  /** The home page's figures (`/find/homePage/info`): outside `all`, so that the libraries never wait for them. */
  info: () => ['home-info'] as const,
  /** The fixed icons at the page's right edge, named in `lang`. */
  fixedIcons: (lang: string) => ['fixed-icons', lang] as const,
};
