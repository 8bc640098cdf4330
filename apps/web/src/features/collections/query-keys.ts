/** Query keys of the collection screens. */
export const collectionKeys = {
  all: ['collections'] as const,
  packages: (kind: string, parentId: number, lang: string) =>
    [...collectionKeys.all, 'packages', kind, parentId, lang] as const,
  detail: (id: number, lang: string) => [...collectionKeys.all, 'detail', id, lang] as const,
  records: (id: number, q: string, page: number) => [...collectionKeys.all, 'records', id, q, page] as const,
  topics: (page: number, lang: string) => [...collectionKeys.all, 'topics', page, lang] as const,
  topic: (id: number, page: number, lang: string) => [...collectionKeys.all, 'topic', id, page, lang] as const,
  ebooks: (q: string, classNo: string, letter: string, page: number) =>
    [...collectionKeys.all, 'ebooks', q, classNo, letter, page] as const,
  bookLists: (kind: string, q: string, page: number, lang: string) =>
    [...collectionKeys.all, 'bookLists', kind, q, page, lang] as const,
};
