import type { DbListQuery, NewDbKind } from './api';

/** The query keys of the databases navigation (the one place they are made). */
export const dbKeys = {
  all: ['databases'] as const,
  screen: (lang: string) => [...dbKeys.all, 'screen', lang] as const,
  list: (q: DbListQuery, lang: string) => [...dbKeys.all, 'list', q, lang] as const,
  newList: (kind: NewDbKind, page: number, lang: string) => [...dbKeys.all, 'new', kind, page, lang] as const,
  detail: (id: number, lang: string) => [...dbKeys.all, 'detail', id, lang] as const,
  myFeedback: (id: number) => ['myLibrary', 'dbFeedback', id] as const,
  kept: () => ['myLibrary', 'eFavoriteIds'] as const,
  /** Everything of My Library (a database kept or let go changes its e-favourites). */
  myLibrary: ['myLibrary'] as const,
};
