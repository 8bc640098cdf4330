import {
  NEW_BOOK_WINDOWS,
  SearchRequest,
  type BookListPage,
  type BookListRequest,
  type CollectionPage,
  type DonateNewsPage,
  type Lang,
  type NewBookRequest,
  type PageRequest,
  type SearchResponse,
} from '@openfind/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { Errors } from '../../http/errors.js';
import { localName } from '../../lib/localized.js';
import type { DictionaryService } from '../dictionaries/dictionary-service.js';
import { recordBrief } from '../record-detail/record-brief.js';
import type { WindowedSearchRequest } from '../search/search-query.js';
import type { SearchContext, SearchService } from '../search/search-service.js';
import {
  countByDiscipline,
  countByLibrary,
  findBookListRecords,
  findBookLists,
  findCollections,
  findDonateNews,
  type CollectionList,
} from './home-lists-repository.js';

/** Text in `lang`: English when asked and given, else the Chinese. */
const inLang = (lang: Lang, zh: string, en: string) => (lang === 'en-US' && en ? en : zh);

/** The lists of the home page and the list screens: collections, disciplines, libraries, book lists, donation news, new books. */
export class HomeListsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: { dictionaries: DictionaryService; search: SearchService },
  ) {}

  /** `getNewBook`: new arrivals, answered by the search engine (browse by filters, newest first). */
  async newBooks(ctx: SearchContext, q: NewBookRequest, today = new Date()): Promise<SearchResponse> {
    const days = q.time ? NEW_BOOK_WINDOWS[q.time] : undefined;
    const inDateFrom = days ? new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10) : '0001-01-01';
    const sortField = (q.sortField ?? '').trim() || 'inDate';
    const req: WindowedSearchRequest = {
      ...SearchRequest.parse({
        page: q.page,
        rows: q.rows,
        sortField,
        sortClause: (q.sortClause ?? '').trim() || 'desc',
        discode1: q.disCode ? [q.disCode] : [],
        kindNo: q.callNo ? [q.callNo] : [],
        docCode: q.docCode,
        campusId: q.campusId,
        libCode: q.libCode,
        locationId: q.locationId,
        facet: '0',
      }),
      inDateFrom,
    };
    return this.deps.search.search(ctx, 'search', req);
  }

  /** `getHotCollection`, `getNewCollection`, `getTryCollection`. */
  async collections(tenantId: number, lang: Lang, list: CollectionList, q: PageRequest): Promise<CollectionPage> {
    const [{ total, rows }, disciplines] = await Promise.all([
      findCollections(this.db, tenantId, list, (q.page - 1) * q.rows, q.rows),
      this.deps.dictionaries.codeList(tenantId, 'discode1', lang),
    ]);
    const subjectName = new Map(disciplines.map((d) => [d.code, d.name]));
    return {
      totalCount: total,
      list: rows.map((c) => ({
        collectionId: c.id,
        collectionName: localName(c, lang),
        description: inLang(lang, c.description, c.description_en),
        url: c.url,
        imageUrl: c.image_url,
        kind: list,
        visitCount: c.visit_count,
        startDate: c.added_on,
        endDate: c.trial_until,
        subjects: c.subjects.map((s) => subjectName.get(s) ?? s),
        accessKind: c.access_kind,
      })),
    };
  }

  /** `getDiscipline`: disciplines that have records, in code-list order, with their counts. */
  async disciplines(tenantId: number, lang: Lang) {
    const [list, counts] = await Promise.all([
      this.deps.dictionaries.codeList(tenantId, 'discode1', lang),
      countByDiscipline(this.db, tenantId),
    ]);
    return list.map((d) => ({ ...d, count: counts.get(d.code) ?? 0 })).filter((d) => d.count > 0);
  }

  /** `getLibrary`: the libraries with their holdings counts. */
  async libraries(tenantId: number, lang: Lang) {
    const [names, counts] = await Promise.all([
      this.deps.dictionaries.libraries(tenantId, lang),
      countByLibrary(this.db, tenantId),
    ]);
    const name = new Map(names.map((l) => [l.libCode, l.libName]));
    return counts.map((c) => ({
      libCode: c.lib_code,
      libName: name.get(c.lib_code) ?? c.lib_code,
      mainFlag: c.is_main ? '1' : '0',
      recordCount: c.record_count,
      itemCount: c.item_count,
      onShelfCount: c.on_shelf_count,
    }));
  }

  /**
   * `index/bookList` (newest first) and `indexHotBookList` (most viewed first), each list with its
   * first records; with `bookListId`, that list alone and its records paged by `page`/`recordRows`.
   */
  async bookLists(tenantId: number, lang: Lang, q: BookListRequest, hot: boolean): Promise<BookListPage> {
    const one = q.bookListId > 0;
    const { total, rows: lists } = await findBookLists(this.db, tenantId, {
      hot,
      id: q.bookListId,
      offset: one ? 0 : (q.page - 1) * q.rows,
      rows: one ? 1 : q.rows,
    });
    if (one && !lists.length) throw Errors.bookListNotFound(q.bookListId);
    const records = await findBookListRecords(
      this.db,
      tenantId,
      lists.map((l) => l.id),
      one ? (q.page - 1) * q.recordRows : 0,
      q.recordRows,
    );
    return {
      totalCount: total,
      list: lists.map((l) => ({
        bookListId: l.id,
        name: localName(l, lang),
        description: inLang(lang, l.description, l.description_en),
        imageUrl: l.image_url,
        viewCount: l.view_count,
        recordCount: l.record_count,
        createdDate: l.created_date,
        records: records.filter((r) => r.book_list_id === l.id).map((r) => ({ ...recordBrief(r), note: r.note })),
      })),
    };
  }

  /** `searchDonateNews`: donation news, newest first. */
  async donateNews(tenantId: number, lang: Lang, q: PageRequest): Promise<DonateNewsPage> {
    const { total, rows } = await findDonateNews(this.db, tenantId, (q.page - 1) * q.rows, q.rows);
    return {
      totalCount: total,
      list: rows.map((n) => ({
        id: n.id,
        title: inLang(lang, n.title, n.title_en),
        content: inLang(lang, n.content, n.content_en),
        donorName: n.donor_name,
        copies: n.copies,
        remark: n.remark,
        publishTime: n.publish_time,
      })),
    };
  }
}
