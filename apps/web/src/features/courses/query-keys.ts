/** Query keys of the course screens; the reader's own marks live under My Library's keys (a logout clears them). */
export const coursesKeys = {
  all: ['courses'] as const,
  search: (q: object, lang: string) => [...coursesKeys.all, 'search', q, lang] as const,
  filters: (lang: string) => [...coursesKeys.all, 'filters', lang] as const,
  detail: (id: number, lang: string, loggedIn: boolean) => [...coursesKeys.all, 'detail', id, lang, loggedIn] as const,
  details: () => [...coursesKeys.all, 'detail'] as const,
  books: (q: object, lang: string) => [...coursesKeys.all, 'books', q, lang] as const,
  book: (id: number, lang: string) => [...coursesKeys.all, 'book', id, lang] as const,
  mine: (page: number, lang: string) => ['myLibrary', 'courses', page, lang] as const,
  allMine: () => ['myLibrary', 'courses'] as const,
};
