import { z } from 'zod';
import { Page, RecordId, Rows } from './records.js';
import { calls, get, post } from './endpoint.js';
import { LongId } from './input.js';
import { SearchRecord } from './search.js';

/**
 * Favourites (issue 5: "add to favourites" from results and record pages). Paths from the spec's
 * call list; payloads designed here. Folders, moving between them and notes come with My Library:
 * every favourite is kept in the reader's default folder until then (`folderId` null).
 */

/** Error codes of the favourites calls (in `errCode`). */
export const FavouriteErrCode = {
  /** The reader keeps `MAX_FAVOURITES` records already. */
  favouritesFull: 40401,
} as const;

/** Most records one reader can keep as favourites. */
export const MAX_FAVOURITES = 5000;

/** `POST /find/record/addmyfav`: keep a record; adding it again is not an error. */
export const AddFavouriteRequest = z.object({ recordId: RecordId });
export type AddFavouriteRequest = z.infer<typeof AddFavouriteRequest>;

export const AddFavouriteResponse = z.object({
  favoritesId: z.number().int(),
  recordId: z.number().int(),
  /** False when the record was a favourite already. */
  added: z.boolean(),
});
export type AddFavouriteResponse = z.infer<typeof AddFavouriteResponse>;

const RecordIds = z.array(RecordId).max(500);
const FavouriteIds = z.array(LongId).max(500);

/**
 * `POST /find/favorites/cancel`: stop keeping records, named by record (`recordId` / `recordIds`, as
 * the result and record pages know them) or by favourite (`favoritesId` / `favoritesIds`, as the
 * favourites list knows them). Ids that are not the reader's favourites are ignored.
 */
export const CancelFavouriteRequest = z
  .object({
    recordId: RecordId.optional(),
    recordIds: RecordIds.optional(),
    favoritesId: LongId.optional(),
    favoritesIds: FavouriteIds.optional(),
  })
  .transform((q) => ({
    recordIds: [...(q.recordId === undefined ? [] : [q.recordId]), ...(q.recordIds ?? [])],
    favoritesIds: [...(q.favoritesId === undefined ? [] : [q.favoritesId]), ...(q.favoritesIds ?? [])],
  }))
  .refine((q) => q.recordIds.length + q.favoritesIds.length > 0, 'name a recordId or a favoritesId');
export type CancelFavouriteRequest = z.infer<typeof CancelFavouriteRequest>;

export const CancelFavouriteResponse = z.object({ removed: z.number().int() });
export type CancelFavouriteResponse = z.infer<typeof CancelFavouriteResponse>;

/** `GET /find/favorites/list?page&rows`: newest first. */
export const FavouriteListQuery = z.object({ page: Page, rows: Rows(10) });
export type FavouriteListQuery = z.infer<typeof FavouriteListQuery>;

/** A kept record: the result-list row, with its favourite id and when it was kept. */
export const FavouriteRecord = SearchRecord.extend({
  favoritesId: z.number().int(),
  /** Folder; null = the default folder (folders come with My Library). */
  folderId: z.number().int().nullable(),
  /** ISO 8601. */
  createTime: z.string(),
});
export type FavouriteRecord = z.infer<typeof FavouriteRecord>;

export const FavouritePage = z.object({ totalCount: z.number().int(), list: z.array(FavouriteRecord) });
export type FavouritePage = z.infer<typeof FavouritePage>;

/** The favourites calls of a logged-in reader. */
export const FavouriteCalls = calls('favourites', {
  addMyFav: post('/find/record/addmyfav', {
    input: AddFavouriteRequest,
    output: AddFavouriteResponse,
    access: 'reader',
    summary: 'Keep a record as a favourite (again: the same favourite, added false)',
  }),
  favoritesCancel: post('/find/favorites/cancel', {
    input: CancelFavouriteRequest,
    output: CancelFavouriteResponse,
    access: 'reader',
    summary: 'Stop keeping records, by recordId(s) or favoritesId(s) (open to frozen and lost accounts too)',
  }),
  favoritesList: get('/find/favorites/list', {
    input: FavouriteListQuery,
    output: FavouritePage,
    access: 'reader',
    summary: "The reader's favourites, newest first, as result-list rows",
  }),
});
