import {
  FavouriteErrCode,
  MAX_FAVOURITES,
  type AddFavouriteResponse,
  type CancelFavouriteRequest,
  type FavouriteListQuery,
  type FavouritePage,
  type Lang,
  type SearchRecord,
} from '@openfind/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import type { DictionaryService } from '../dictionaries/dictionary-service.js';
import { requireRecord } from '../record-detail/record-repository.js';
import { findRecordsByIds } from '../search/search-repository.js';
import { presentRecord } from '../search/search-presenter.js';
import {
  countFavourites,
  deleteFavourites,
  findFavouriteIds,
  findFavouritePage,
  insertFavourite,
} from './favourite-repository.js';

/** A reader's favourites: keep, drop, list, and mark the records a list shows. */
export class FavouriteService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dictionaries: DictionaryService,
    private readonly max = MAX_FAVOURITES,
  ) {}

  /** Keeps a record (again is fine: the same favourite, `added` false). */
  async add(tenantId: number, readerId: number, recordId: number): Promise<AddFavouriteResponse> {
    await requireRecord(this.db, tenantId, recordId);
    return inTransaction(this.db, async (trx) => {
      if ((await countFavourites(trx, tenantId, readerId)) >= this.max) {
        const kept = await findFavouriteIds(trx, tenantId, readerId, [recordId]);
        const id = kept.get(recordId);
        if (id === undefined) throw new AppError('favouritesFull', FavouriteErrCode.favouritesFull, { max: this.max });
        return { favoritesId: id, recordId, added: false };
      }
      const { id, added } = await insertFavourite(trx, { tenantId, readerId, recordId });
      return { favoritesId: id, recordId, added };
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

  /** The reader's favourites, newest first, as result-list rows. */
  async list(tenantId: number, readerId: number, lang: Lang, q: FavouriteListQuery): Promise<FavouritePage> {
    const page = await findFavouritePage(this.db, {
      tenantId,
      readerId,
      offset: (q.page - 1) * q.rows,
      limit: q.rows,
    });
    const [records, docCodes] = await Promise.all([
      findRecordsByIds(
        this.db,
        tenantId,
        page.rows.map((r) => r.record_id),
      ),
      this.dictionaries.codeList(tenantId, 'docCode', lang),
    ]);
    const docNames = new Map(docCodes.map((d) => [d.code, d.name]));
    const byId = new Map(records.map((r) => [r.record_id, r]));
    return {
      totalCount: page.total,
      list: page.rows.flatMap((f) => {
        const r = byId.get(f.record_id);
        if (!r) return [];
        return [
          {
            ...presentRecord(r, docNames),
            myFav: true,
            favoritesId: Number(f.id),
            folderId: f.folder_id === null ? null : Number(f.folder_id),
            createTime: f.created_at,
          },
        ];
      }),
    };
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
}
