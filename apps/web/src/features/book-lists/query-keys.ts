/** Query keys of book lists: the reader's own sit under My Library's keys (a logout clears them with the rest). */
export const bookListKeys = {
  all: ['bookLists'] as const,
  mine: () => ['myLibrary', 'bookLists'] as const,
  mineFor: (page: number, recordId: number) => [...bookListKeys.mine(), page, recordId] as const,
  detail: (id: number) => [...bookListKeys.all, 'detail', id] as const,
  detailPage: (id: number, page: number, lang: string) => [...bookListKeys.detail(id), page, lang] as const,
  public: (q: string, page: number) => [...bookListKeys.all, 'public', q, page] as const,
};
