/** Query keys of My Library (per reader: a logout clears the cache). */
export const myLibraryKeys = {
  all: ['myLibrary'] as const,
  requests: (page: number) => [...myLibraryKeys.all, 'requests', page] as const,
  summary: () => [...myLibraryKeys.all, 'summary'] as const,
  loans: (current: boolean, page: number) =>
    [...myLibraryKeys.all, 'loans', current ? 'current' : 'history', page] as const,
};
