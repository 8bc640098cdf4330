/**
 * Query keys of the folder picker, under My Library's (per reader: a logout clears them with the rest);
 * `features/favourite-folders` (My Library's panel) uses the same ones: they share the answers.
 */
export const favouriteKeys = {
  all: ['myLibrary', 'favourites'] as const,
  folders: () => [...favouriteKeys.all, 'folders'] as const,
};
