/**
 * Query keys of My Library's favourites, under My Library's (per reader: a logout clears them with the
 * rest). The folders' key is the one the folder picker of `features/favourites` uses: they share it.
 */
export const favouriteKeys = {
  all: ['myLibrary', 'favourites'] as const,
  folders: () => [...favouriteKeys.all, 'folders'] as const,
  records: (folderId: number | null, keyword: string, page: number, lang: string) =>
    [...favouriteKeys.all, 'records', folderId, keyword, page, lang] as const,
  eList: (keyword: string, page: number, lang: string) => [...favouriteKeys.all, 'e', keyword, page, lang] as const,
};
