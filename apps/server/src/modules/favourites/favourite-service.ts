import {
  FavouriteErrCode,
  FavouriteFolderErrCode,
  FOLDER_NAME_MAX,
  folderNameProblem,
  MAX_E_FAVOURITES,
  MAX_FAVOURITES,
  MAX_FAVOURITE_EXPORT,
  MAX_FOLDERS,
  type AddEFavouriteResponse,
  type AddFavouriteResponse,
  type CancelFavouriteRequest,
  type DeleteFolderResponse,
  type EFavouritePage,
  type EFavouriteQuery,
  type FavouriteExport,
  type FavouriteFolder,
  type FavouriteFolderList,
  type FavouritePage,
  type FavouriteRecordQuery,
  type Lang,
  type MoveFavouritesRequest,
  type RenameFolderRequest,
  type SearchRecord,
} from '@openfind/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import { localName } from '../../lib/localized.js';
import type { DictionaryService } from '../dictionaries/dictionary-service.js';
import { requireRecord } from '../record-detail/record-repository.js';
import { findRecordsByIds } from '../search/search-repository.js';
import { presentRecord } from '../search/search-presenter.js';
import {
  collectionShown,
  countFavourites,
  countFolders,
  deleteEFavourites,
  deleteFavourites,
  deleteFolder,
  ensureDefaultFolder,
  findEFavouriteIds,
  findEFavouritePage,
  findFavouriteIds,
  findFavouritePage,
  findFolder,
  findFolders,
  folderNameTaken,
  insertEFavourite,
  insertFavourite,
  insertFolder,
  moveFavourites,
  moveFolderContents,
  renameFolder,
  type FolderRow,
} from './favourite-repository.js';

const FolderErrors = {
  noSuchFolder: () => new AppError('favouriteFolderNoSuch', FavouriteFolderErrCode.noSuchFolder),
  nameTaken: (name: string) => new AppError('favouriteFolderNameTaken', FavouriteFolderErrCode.nameTaken, { name }),
  tooMany: (max: number) => new AppError('favouriteFoldersFull', FavouriteFolderErrCode.tooManyFolders, { max }),
  defaultFixed: () => new AppError('favouriteFolderDefaultFixed', FavouriteFolderErrCode.defaultFolderFixed),
  changed: () => new AppError('favouriteFolderChanged', FavouriteFolderErrCode.changedMeanwhile),
  noSuchResource: () => new AppError('eFavouriteNoSuchResource', FavouriteFolderErrCode.noSuchResource),
  eFull: (max: number) => new AppError('eFavouritesFull', FavouriteFolderErrCode.eFavouritesFull, { max }),
};

/** Refuses a folder name that is empty or too long, with its own message. */
function checkName(name: string): void {
  const problem = folderNameProblem(name);
  if (problem === 'required') {
    throw new AppError('favouriteFolderNameRequired', FavouriteFolderErrCode.nameInvalid);
  }
  if (problem === 'tooLong') {
    throw new AppError('favouriteFolderNameTooLong', FavouriteFolderErrCode.nameInvalid, { max: FOLDER_NAME_MAX });
  }
}

const isUniqueViolation = (err: unknown) => (err as { code?: unknown }).code === '23505';

const presentFolder = (f: FolderRow): FavouriteFolder => ({
  favoritesId: Number(f.id),
  favoritesName: f.name,
  isDefault: f.is_default,
  recordCount: f.record_count,
  createTime: f.created_at,
  version: f.version,
});

/** Limits of one service (the tests use small ones). */
export interface FavouriteLimits {
  favourites: number;
  folders: number;
  eFavourites: number;
}

/**
 * A reader's favourites: records kept in folders (one default folder per reader, made when first
 * needed), electronic resources kept, and the marks of the records a list shows. Every call acts on
 * the given reader's own rows only: another reader's folder or favourite is no such folder, ignored.
 */
export class FavouriteService {
  private readonly limits: FavouriteLimits;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dictionaries: DictionaryService,
    max: number | Partial<FavouriteLimits> = MAX_FAVOURITES,
  ) {
    const given = typeof max === 'number' ? { favourites: max } : max;
    this.limits = { favourites: MAX_FAVOURITES, folders: MAX_FOLDERS, eFavourites: MAX_E_FAVOURITES, ...given };
  }

  /**
   * Keeps a record, in `folderId` or the default folder (again is fine: the same favourite, in the
   * folder it is in, `added` false). The reader's default folder is locked meanwhile: their adds,
   * folder creations and deletions happen one at a time, so the limits hold.
   */
  async add(tenantId: number, readerId: number, recordId: number, folderId?: number): Promise<AddFavouriteResponse> {
    await requireRecord(this.db, tenantId, recordId);
    return inTransaction(this.db, async (trx) => {
      const defaultId = await this.lockDefault(trx, tenantId, readerId);
      let target = defaultId;
      if (folderId !== undefined) {
        const folder = await findFolder(trx, tenantId, readerId, folderId, true);
        if (!folder) throw FolderErrors.noSuchFolder();
        target = folder.id;
      }
      if ((await countFavourites(trx, tenantId, readerId)) >= this.limits.favourites) {
        const kept = await findFavouriteIds(trx, tenantId, readerId, [recordId]);
        if (!kept.has(recordId)) {
          throw new AppError('favouritesFull', FavouriteErrCode.favouritesFull, { max: this.limits.favourites });
        }
      }
      const {
        id,
        folderId: inFolder,
        added,
      } = await insertFavourite(trx, { tenantId, readerId, recordId, folderId: target });
      return { favoritesId: inFolder, favouriteId: id, recordId, added };
    });
  }

  /** Drops favourites by record or favourite id (others' and unknown ids are ignored). */
  async cancel(tenantId: number, readerId: number, q: CancelFavouriteRequest): Promise<{ removed: number }> {
    const removed = await deleteFavourites(this.db, {
      tenantId,
      readerId,
      recordIds: q.recordIds,
      favouriteIds: q.favoritesIds,
    });
    return { removed };
  }

  /**
   * The reader's folders with their counts, the default first. A read changes nothing: a reader who
   * never kept anything has no folder yet (the default one comes with the first favourite or folder).
   */
  async folders(tenantId: number, readerId: number): Promise<FavouriteFolderList> {
    const rows = await findFolders(this.db, tenantId, readerId);
    return {
      list: rows.map(presentFolder),
      totalCount: rows.reduce((n, f) => n + f.record_count, 0),
      maxFolders: this.limits.folders,
      maxFavourites: this.limits.favourites,
    };
  }

  /** A new folder of the reader: names unique per reader (case aside), at most `folders` of them. */
  async createFolder(tenantId: number, readerId: number, name: string): Promise<FavouriteFolder> {
    checkName(name);
    try {
      return await inTransaction(this.db, async (trx) => {
        await this.lockDefault(trx, tenantId, readerId);
        if ((await countFolders(trx, tenantId, readerId)) >= this.limits.folders) {
          throw FolderErrors.tooMany(this.limits.folders);
        }
        if (await folderNameTaken(trx, tenantId, readerId, name)) throw FolderErrors.nameTaken(name);
        const id = await insertFolder(trx, { tenantId, readerId, name });
        return presentFolder((await findFolder(trx, tenantId, readerId, id))!);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw FolderErrors.nameTaken(name);
      throw err;
    }
  }

  /** Renames a folder of the reader (not the default one); from an older `version`, nothing changes. */
  async renameFolder(tenantId: number, readerId: number, q: RenameFolderRequest): Promise<FavouriteFolder> {
    checkName(q.favoritesName);
    try {
      return await inTransaction(this.db, async (trx) => {
        const folder = await findFolder(trx, tenantId, readerId, q.favoritesId, true);
        if (!folder) throw FolderErrors.noSuchFolder();
        if (folder.is_default) throw FolderErrors.defaultFixed();
        if (q.version !== undefined && q.version !== folder.version) throw FolderErrors.changed();
        if (await folderNameTaken(trx, tenantId, readerId, q.favoritesName, folder.id)) {
          throw FolderErrors.nameTaken(q.favoritesName);
        }
        const done = await renameFolder(trx, {
          tenantId,
          readerId,
          folderId: folder.id,
          name: q.favoritesName,
          version: q.version,
        });
        if (!done) throw FolderErrors.changed();
        return presentFolder((await findFolder(trx, tenantId, readerId, folder.id))!);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw FolderErrors.nameTaken(q.favoritesName);
      throw err;
    }
  }

  /** Deletes a folder of the reader (not the default one); its records move to the default folder. */
  async deleteFolder(tenantId: number, readerId: number, folderId: number): Promise<DeleteFolderResponse> {
    return inTransaction(this.db, async (trx) => {
      const defaultId = await this.lockDefault(trx, tenantId, readerId);
      const folder = await findFolder(trx, tenantId, readerId, folderId, true);
      if (!folder) throw FolderErrors.noSuchFolder();
      if (folder.is_default) throw FolderErrors.defaultFixed();
      const moved = await moveFolderContents(trx, { tenantId, readerId, from: folder.id, to: defaultId });
      await deleteFolder(trx, { tenantId, readerId, folderId: folder.id });
      return { moved, defaultFavoritesId: Number(defaultId) };
    });
  }

  /** Moves favourites of the reader to one of their folders (others' ids are ignored). */
  async move(tenantId: number, readerId: number, q: MoveFavouritesRequest): Promise<{ moved: number }> {
    return inTransaction(this.db, async (trx) => {
      const folder = await findFolder(trx, tenantId, readerId, q.favoritesId, true);
      if (!folder) throw FolderErrors.noSuchFolder();
      return { moved: await moveFavourites(trx, { tenantId, readerId, favouriteIds: q.favouriteIds, to: folder.id }) };
    });
  }

  /** The records of one folder (of all when none is named), newest first, as result-list rows. */
  async records(tenantId: number, readerId: number, lang: Lang, q: FavouriteRecordQuery): Promise<FavouritePage> {
    const folderId = q.favoritesId === undefined ? undefined : String(q.favoritesId);
    // The page is the reader's own rows only; whether the folder is theirs is asked only when it shows nothing.
    const page = await findFavouritePage(this.db, {
      tenantId,
      readerId,
      folderId,
      keyword: q.keyword,
      offset: (q.page - 1) * q.rows,
      limit: q.rows,
    });
    if (folderId !== undefined && page.total === 0 && !(await findFolder(this.db, tenantId, readerId, folderId))) {
      throw FolderErrors.noSuchFolder();
    }
    const byId = await this.present(
      tenantId,
      lang,
      page.rows.map((r) => r.record_id),
    );
    return {
      totalCount: page.total,
      list: page.rows.flatMap((f) => {
        const r = byId.get(f.record_id);
        if (!r) return [];
        return [
          {
            ...r,
            myFav: true,
            favouriteId: Number(f.id),
            favoritesId: Number(f.folder_id),
            createTime: f.created_at,
          },
        ];
      }),
    };
  }

  /** Every record of a folder of the reader (at most `MAX_FAVOURITE_EXPORT`), for an export. */
  async exportFolder(tenantId: number, readerId: number, lang: Lang, folderId: number): Promise<FavouriteExport> {
    const folder = await findFolder(this.db, tenantId, readerId, folderId);
    if (!folder) throw FolderErrors.noSuchFolder();
    const page = await findFavouritePage(this.db, {
      tenantId,
      readerId,
      folderId: folder.id,
      offset: 0,
      limit: MAX_FAVOURITE_EXPORT,
    });
    const byId = await this.present(
      tenantId,
      lang,
      page.rows.map((r) => r.record_id),
    );
    return {
      favoritesName: folder.name,
      isDefault: folder.is_default,
      list: page.rows.flatMap((f) => {
        const r = byId.get(f.record_id);
        return r ? [{ ...r, myFav: true }] : [];
      }),
    };
  }

  /** Result-list rows of records, by id. */
  private async present(tenantId: number, lang: Lang, ids: number[]): Promise<Map<number, SearchRecord>> {
    const [records, docCodes] = await Promise.all([
      findRecordsByIds(this.db, tenantId, ids),
      this.dictionaries.codeList(tenantId, 'docCode', lang),
    ]);
    const docNames = new Map(docCodes.map((d) => [d.code, d.name]));
    return new Map(records.map((r) => [r.record_id, presentRecord(r, docNames)]));
  }

  /** The reader's default folder, made if missing and locked for the transaction `trx`. */
  private async lockDefault(trx: Kysely<Database>, tenantId: number, readerId: number): Promise<string> {
    const id = await ensureDefaultFolder(trx, tenantId, readerId);
    await findFolder(trx, tenantId, readerId, id, true);
    return id;
  }

  /** `rows` with `myFav` set for the records the reader keeps (new objects: cached rows stay as they are). */
  async mark<T extends Pick<SearchRecord, 'recordId' | 'myFav'>>(
    tenantId: number,
    readerId: number | null,
    rows: T[],
  ): Promise<T[]> {
    if (readerId === null || !rows.length) return rows;
    const kept = await findFavouriteIds(
      this.db,
      tenantId,
      readerId,
      rows.map((r) => r.recordId),
    );
    return rows.map((r) => (kept.has(r.recordId) ? { ...r, myFav: true } : r));
  }

  /** Whether the reader keeps the record. */
  async isKept(tenantId: number, readerId: number | null, recordId: number): Promise<boolean> {
    if (readerId === null) return false;
    return (await findFavouriteIds(this.db, tenantId, readerId, [recordId])).has(recordId);
  }

  // E-favourites.

  /** Keeps an electronic resource the institution shows (again: `added` false). */
  async addE(tenantId: number, readerId: number, collectionId: number): Promise<AddEFavouriteResponse> {
    return inTransaction(this.db, async (trx) => {
      if (!(await collectionShown(trx, tenantId, collectionId))) throw FolderErrors.noSuchResource();
      await this.lockDefault(trx, tenantId, readerId);
      const kept = await findEFavouriteIds(trx, tenantId, readerId);
      if (kept.includes(collectionId)) return { collectionId, added: false };
      if (kept.length >= this.limits.eFavourites) throw FolderErrors.eFull(this.limits.eFavourites);
      const added = await insertEFavourite(trx, { tenantId, readerId, collectionId });
      return { collectionId, added };
    });
  }

  async cancelE(tenantId: number, readerId: number, collectionIds: number[]): Promise<{ removed: number }> {
    return { removed: await deleteEFavourites(this.db, { tenantId, readerId, collectionIds }) };
  }

  async listE(tenantId: number, readerId: number, lang: Lang, q: EFavouriteQuery): Promise<EFavouritePage> {
    const [{ total, rows }, disciplines] = await Promise.all([
      findEFavouritePage(this.db, {
        tenantId,
        readerId,
        keyword: q.keyword,
        offset: (q.page - 1) * q.rows,
        limit: q.rows,
      }),
      this.dictionaries.codeList(tenantId, 'discode1', lang),
    ]);
    const subjectName = new Map(disciplines.map((d) => [d.code, d.name]));
    return {
      totalCount: total,
      list: rows.map((c) => ({
        collectionId: c.id,
        collectionName: localName(c, lang),
        description: lang === 'en-US' && c.description_en ? c.description_en : c.description,
        url: c.url,
        imageUrl: c.image_url,
        kind: 'normal',
        visitCount: c.visit_count,
        startDate: c.added_on,
        endDate: c.trial_until,
        subjects: c.subjects.map((s) => subjectName.get(s) ?? s),
        accessKind: c.access_kind,
        createTime: c.created_at,
      })),
    };
  }

  async eIds(tenantId: number, readerId: number): Promise<{ collectionIds: number[] }> {
    return { collectionIds: await findEFavouriteIds(this.db, tenantId, readerId) };
  }
}
