/**
 * Favourite folders and e-favourites (My Library key 2, `/myFav`): codes and limits as plain values,
 * free of schemas (favourites.ts re-exports them), so that the web app checks what the server checks
 * without bringing zod along.
 */

/** Error codes of the favourite-folder and e-favourite calls (in `errCode`; 404xx are the older ones). */
export const FavouriteFolderErrCode = {
  /** No such folder among the reader's own (another reader's folder is no such folder). */
  noSuchFolder: 43101,
  /** A folder name must have 1 to `FOLDER_NAME_MAX` characters. */
  nameInvalid: 43102,
  /** The reader has a folder of that name already. */
  nameTaken: 43103,
  /** The reader has `MAX_FOLDERS` folders already. */
  tooManyFolders: 43104,
  /** The default folder cannot be deleted or renamed. */
  defaultFolderFixed: 43105,
  /** No such electronic resource (or hidden). */
  noSuchResource: 43106,
  /** The reader keeps `MAX_E_FAVOURITES` electronic resources already. */
  eFavouritesFull: 43107,
  /** The folder was changed meanwhile (another tab): nothing changed. */
  changedMeanwhile: 43108,
} as const;

/** Longest folder name (characters, after trimming; at least 1). */
export const FOLDER_NAME_MAX = 50;
/** Most folders one reader has, the default one included. */
export const MAX_FOLDERS = 50;
/** Most electronic resources one reader keeps. */
export const MAX_E_FAVOURITES = 500;
/** Most favourites moved or removed in one call. */
export const MAX_FAVOURITE_BATCH = 500;
/** Longest search within favourites. */
export const FAVOURITE_KEYWORD_MAX = 100;
/** Most records of one folder an export gives. */
export const MAX_FAVOURITE_EXPORT = 5000;

/** What is wrong with a folder name as typed; null when fine. */
export function folderNameProblem(name: string): 'required' | 'tooLong' | null {
  const v = name.trim();
  if (!v) return 'required';
  if ([...v].length > FOLDER_NAME_MAX) return 'tooLong';
  return null;
}
