import { z } from 'zod';
import { Page, RecordId, Rows } from './records.js';
import { calls, get, post } from './endpoint.js';
import { Id, LongId, freeText } from './input.js';
import { SearchRecord } from './search.js';
import { Collection } from './home-lists.js';
import {
  FAVOURITE_KEYWORD_MAX,
  FOLDER_NAME_MAX,
  MAX_FAVOURITE_BATCH,
  MAX_FAVOURITE_EXPORT,
} from './values/favourites.js';
export * from './values/favourites.js';

/**
 * Favourites (issue 5: "add to favourites" from results and record pages; issue 29: folders and
 * e-favourites, My Library key 2 and `/myFav`). Paths from the spec's call list (§7 `/find/favorites/*`,
 * `/find/eFavorites/*`); payloads designed here, following the real API where the issue names it:
 * `GET /find/favorites/list` lists the reader's folders, `favoritesId` names a folder, and records
 * live in folders (`POST /find/favorites/recordList`). A record is in one folder of its reader; every
 * reader has a default folder (made with their first favourite), which cannot be renamed or deleted.
 */

/** Error codes of the favourites calls (in `errCode`); the folder calls' are `FavouriteFolderErrCode`. */
export const FavouriteErrCode = {
  /** The reader keeps `MAX_FAVOURITES` records already. */
  favouritesFull: 40401,
} as const;

/** Most records one reader can keep as favourites (in all their folders). */
export const MAX_FAVOURITES = 5000;

/** A folder's name as typed, trimmed; its rule (1–50 characters, `folderNameProblem`) is the server's, with its own message. */
const FolderName = freeText(FOLDER_NAME_MAX * 4).transform((v) => v.trim());

/**
 * `POST /find/record/addmyfav`: keep a record, in the folder `favoritesId` (the default folder when
 * absent); adding it again is not an error (it stays in its folder).
 */
export const AddFavouriteRequest = z.object({ recordId: RecordId, favoritesId: LongId.optional() });
export type AddFavouriteRequest = z.infer<typeof AddFavouriteRequest>;

export const AddFavouriteResponse = z.object({
  /** The folder the record is in. */
  favoritesId: z.number().int(),
  /** The favourite (the record in its folder). */
  favouriteId: z.number().int(),
  recordId: z.number().int(),
  /** False when the record was a favourite already. */
  added: z.boolean(),
});
export type AddFavouriteResponse = z.infer<typeof AddFavouriteResponse>;

const RecordIds = z.array(RecordId).max(MAX_FAVOURITE_BATCH);
const FavouriteIds = z.array(LongId).max(MAX_FAVOURITE_BATCH);

/**
 * `POST /find/favorites/cancel`: stop keeping records, named by record (`recordId` / `recordIds`, as
 * the result and record pages know them: from whichever folder) or by favourite (`favouriteId` /
 * `favouriteIds`, as a folder's list knows them; `favoritesId` / `favoritesIds` are their names from
 * before folders, still taken). Ids that are not the reader's favourites are ignored.
 */
export const CancelFavouriteRequest = z
  .object({
    recordId: RecordId.optional(),
    recordIds: RecordIds.optional(),
    favouriteId: LongId.optional(),
    favouriteIds: FavouriteIds.optional(),
    favoritesId: LongId.optional(),
    favoritesIds: FavouriteIds.optional(),
  })
  .transform((q) => ({
    recordIds: [...(q.recordId === undefined ? [] : [q.recordId]), ...(q.recordIds ?? [])],
    favoritesIds: [
      ...(q.favouriteId === undefined ? [] : [q.favouriteId]),
      ...(q.favouriteIds ?? []),
      ...(q.favoritesId === undefined ? [] : [q.favoritesId]),
      ...(q.favoritesIds ?? []),
    ],
  }))
  .refine((q) => q.recordIds.length + q.favoritesIds.length > 0, 'name a recordId or a favouriteId')
  .refine((q) => q.recordIds.length + q.favoritesIds.length <= MAX_FAVOURITE_BATCH, `at most ${MAX_FAVOURITE_BATCH}`);
export type CancelFavouriteRequest = z.infer<typeof CancelFavouriteRequest>;

export const CancelFavouriteResponse = z.object({ removed: z.number().int() });
export type CancelFavouriteResponse = z.infer<typeof CancelFavouriteResponse>;

/** A folder of the reader's, with how many records it holds. */
export const FavouriteFolder = z.object({
  favoritesId: z.number().int(),
  /** The name as the reader gave it; the default folder's is shown translated by the client. */
  favoritesName: z.string(),
  isDefault: z.boolean(),
  recordCount: z.number().int(),
  /** ISO 8601. */
  createTime: z.string(),
  /** Raised by each rename: a rename from an older version changes nothing. */
  version: z.number().int(),
});
export type FavouriteFolder = z.infer<typeof FavouriteFolder>;

/** `GET /find/favorites/list`: the reader's folders, the default first, then by creation. */
export const FavouriteFolderList = z.object({
  list: z.array(FavouriteFolder),
  /** Records in all folders. */
  totalCount: z.number().int(),
  maxFolders: z.number().int(),
  maxFavourites: z.number().int(),
});
export type FavouriteFolderList = z.infer<typeof FavouriteFolderList>;

/** Search within favourites: title, author, publisher, ISBN or call number, as typed; '' = all. */
const Keyword = z
  .union([freeText(FAVOURITE_KEYWORD_MAX), z.null()])
  .optional()
  .transform((v) => (v ?? '').trim());

/**
 * `POST /find/favorites/recordList {favoritesId?, keyword?, page, rows}`: the records of a folder
 * (of every folder when `favoritesId` is absent), newest first, those matching `keyword` only.
 */
export const FavouriteRecordQuery = z.object({
  favoritesId: LongId.optional(),
  keyword: Keyword,
  page: Page,
  rows: Rows(10),
});
export type FavouriteRecordQuery = z.infer<typeof FavouriteRecordQuery>;

/** Kept for the clients of before folders: `GET /find/favorites/list` took these and answered records. */
export const FavouriteListQuery = z.object({ page: Page, rows: Rows(10) });
export type FavouriteListQuery = z.infer<typeof FavouriteListQuery>;

/** A kept record: the result-list row, with its favourite, its folder and when it was kept. */
export const FavouriteRecord = SearchRecord.extend({
  favouriteId: z.number().int(),
  /** The folder it is in. */
  favoritesId: z.number().int(),
  /** ISO 8601. */
  createTime: z.string(),
});
export type FavouriteRecord = z.infer<typeof FavouriteRecord>;

export const FavouritePage = z.object({ totalCount: z.number().int(), list: z.array(FavouriteRecord) });
export type FavouritePage = z.infer<typeof FavouritePage>;

/** `POST /find/favorites/add {favoritesName}`: a new folder. */
export const CreateFolderRequest = z.object({ favoritesName: FolderName });
export type CreateFolderRequest = z.infer<typeof CreateFolderRequest>;

/** `POST /find/favorites/update {favoritesId, favoritesName, version?}`: rename a folder. */
export const RenameFolderRequest = z.object({
  favoritesId: LongId,
  favoritesName: FolderName,
  version: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export type RenameFolderRequest = z.infer<typeof RenameFolderRequest>;

/** `POST /find/favorites/delete {favoritesId}`: delete a folder; its records move to the default folder. */
export const DeleteFolderRequest = z.object({ favoritesId: LongId });
export type DeleteFolderRequest = z.infer<typeof DeleteFolderRequest>;

export const DeleteFolderResponse = z.object({ moved: z.number().int(), defaultFavoritesId: z.number().int() });
export type DeleteFolderResponse = z.infer<typeof DeleteFolderResponse>;

/** `POST /find/favorites/move {favouriteIds, favoritesId}`: move favourites to the folder `favoritesId`. */
export const MoveFavouritesRequest = z.object({
  favouriteIds: z.array(LongId).min(1).max(MAX_FAVOURITE_BATCH),
  favoritesId: LongId,
});
export type MoveFavouritesRequest = z.infer<typeof MoveFavouritesRequest>;

export const MoveFavouritesResponse = z.object({ moved: z.number().int() });
export type MoveFavouritesResponse = z.infer<typeof MoveFavouritesResponse>;

/**
 * `GET /find/favorites/exportList?favoritesId`: every record of a folder (at most
 * `MAX_FAVOURITE_EXPORT`), newest first, for the client to write as RIS or BibTeX.
 */
export const FavouriteExportQuery = z.object({ favoritesId: LongId });
export type FavouriteExportQuery = z.infer<typeof FavouriteExportQuery>;

export const FavouriteExport = z.object({
  favoritesName: z.string(),
  isDefault: z.boolean(),
  list: z.array(SearchRecord).max(MAX_FAVOURITE_EXPORT),
});
export type FavouriteExport = z.infer<typeof FavouriteExport>;

/** `POST /find/eFavorites/add {collectionId}`: keep an electronic resource (again: kept already). */
export const AddEFavouriteRequest = z.object({ collectionId: Id });
export type AddEFavouriteRequest = z.infer<typeof AddEFavouriteRequest>;

export const AddEFavouriteResponse = z.object({ collectionId: z.number().int(), added: z.boolean() });
export type AddEFavouriteResponse = z.infer<typeof AddEFavouriteResponse>;

/** `POST /find/eFavorites/cancel {collectionId | collectionIds}`. */
export const CancelEFavouriteRequest = z
  .object({ collectionId: Id.optional(), collectionIds: z.array(Id).max(MAX_FAVOURITE_BATCH).optional() })
  .transform((q) => [...(q.collectionId === undefined ? [] : [q.collectionId]), ...(q.collectionIds ?? [])])
  .refine((ids) => ids.length > 0, 'name a collectionId');
export type CancelEFavouriteRequest = z.infer<typeof CancelEFavouriteRequest>;

/** A kept electronic resource: the collection as the home page lists it, and when it was kept. */
export const EFavourite = Collection.extend({ createTime: z.string() });
export type EFavourite = z.infer<typeof EFavourite>;

export const EFavouritePage = z.object({ totalCount: z.number().int(), list: z.array(EFavourite) });
export type EFavouritePage = z.infer<typeof EFavouritePage>;

/** `GET /find/eFavorites/list?page&rows&keyword`: newest first. */
export const EFavouriteQuery = z.object({ keyword: Keyword, page: Page, rows: Rows(10) });
export type EFavouriteQuery = z.infer<typeof EFavouriteQuery>;

/** `GET /find/eFavorites/ids`: the ids of every electronic resource the reader keeps (to mark lists). */
export const EFavouriteIds = z.object({ collectionIds: z.array(z.number().int()) });
export type EFavouriteIds = z.infer<typeof EFavouriteIds>;

/** The favourites calls of a logged-in reader. */
export const FavouriteCalls = calls('favourites', {
  addMyFav: post('/find/record/addmyfav', {
    input: AddFavouriteRequest,
    output: AddFavouriteResponse,
    access: 'reader',
    summary: 'Keep a record in a folder, the default one unless favoritesId names another (again: added false)',
  }),
  favoritesCancel: post('/find/favorites/cancel', {
    input: CancelFavouriteRequest,
    output: CancelFavouriteResponse,
    access: 'reader',
    summary: 'Stop keeping records, by recordId(s) or favouriteId(s) (open to frozen and lost accounts too)',
  }),
  favoritesList: get('/find/favorites/list', {
    input: z.object({}),
    output: FavouriteFolderList,
    access: 'reader',
    summary: "The reader's favourite folders with their record counts, the default first",
  }),
  favoritesRecordList: post('/find/favorites/recordList', {
    input: FavouriteRecordQuery,
    output: FavouritePage,
    access: 'reader',
    summary: 'The records of one folder (or all), newest first, searched within by keyword',
  }),
  favoritesAdd: post('/find/favorites/add', {
    input: CreateFolderRequest,
    output: FavouriteFolder,
    access: 'reader',
    summary: 'Create a folder (names unique per reader, at most MAX_FOLDERS)',
  }),
  favoritesUpdate: post('/find/favorites/update', {
    input: RenameFolderRequest,
    output: FavouriteFolder,
    access: 'reader',
    summary: 'Rename a folder (not the default one)',
  }),
  favoritesDelete: post('/find/favorites/delete', {
    input: DeleteFolderRequest,
    output: DeleteFolderResponse,
    access: 'reader',
    summary: 'Delete a folder (not the default one); its records move to the default folder',
  }),
  favoritesMove: post('/find/favorites/move', {
    input: MoveFavouritesRequest,
    output: MoveFavouritesResponse,
    access: 'reader',
    summary: 'Move favourites to another folder of the reader',
  }),
  favoritesExport: get('/find/favorites/exportList', {
    input: FavouriteExportQuery,
    output: FavouriteExport,
    access: 'reader',
    summary: 'Every record of a folder, for an export as RIS or BibTeX',
  }),
  eFavoritesAdd: post('/find/eFavorites/add', {
    input: AddEFavouriteRequest,
    output: AddEFavouriteResponse,
    access: 'reader',
    summary: 'Keep an electronic resource (database) as a favourite',
  }),
  eFavoritesCancel: post('/find/eFavorites/cancel', {
    input: CancelEFavouriteRequest,
    output: CancelFavouriteResponse,
    access: 'reader',
    summary: 'Stop keeping electronic resources',
  }),
  eFavoritesList: get('/find/eFavorites/list', {
    input: EFavouriteQuery,
    output: EFavouritePage,
    access: 'reader',
    summary: "The reader's electronic resources, newest first",
  }),
  eFavoritesIds: get('/find/eFavorites/ids', {
    input: z.object({}),
    output: EFavouriteIds,
    access: 'reader',
    summary: 'The ids of the electronic resources the reader keeps',
  }),
});
