import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { deleteSearchHistory, findSearchHistory, insertSearchHistory } from './search-history-repository.js';
import { tidy } from './search-text.js';

/** A reader's own search history: recorded by the search calls, listed and cleared by the reader. */
export class SearchHistory {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records a search of a reader. */
  async record(e: {
    tenantId: number;
    readerId: number;
    searchType: string;
    summary: string;
    request: unknown;
    numFound: number;
  }): Promise<void> {
    await insertSearchHistory(this.db, { ...e, summary: tidy(e.summary, 200) });
  }

  /** A page of the reader's searches, newest first. */
  async list(tenantId: number, readerId: number, page: number, rows: number) {
    const { total, rows: list } = await findSearchHistory(this.db, tenantId, readerId, (page - 1) * rows, rows);
    return {
      totalCount: total,
      list: list.map((r) => ({
        id: r.id,
        searchType: r.search_type,
        summary: r.summary,
        request: r.request,
        numFound: r.num_found,
        createdAt: r.created_at,
      })),
    };
  }

  /** Deletes the given entries of the reader, or all of them. */
  async remove(tenantId: number, readerId: number, ids: number[] | null): Promise<number> {
    return deleteSearchHistory(this.db, tenantId, readerId, ids);
  }
}
