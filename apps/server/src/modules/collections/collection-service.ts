import type { Kysely } from 'kysely';
import {
  CollectionErrCode,
  DICT_HIDDEN_COLLECTION_VENDORS,
  type Ebook,
  type EbookListRequest,
  type EbookPage,
  type Lang,
  type PackageDetail,
  type PackageList,
  type PackageListRequest,
  type PackageRecord,
  type PackageRecordsRequest,
  type RecordPageOf,
  type SpecialPackage,
  type TopicDetail,
  type TopicDetailRequest,
  type TopicPage,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { localName } from '../../lib/localized.js';
import { recordBrief } from '../record-detail/record-brief.js';
import {
  countPackageRecords,
  countSpecialCollections,
  findCollectionNames,
  findEbooks,
  findPackage,
  findPackageRecords,
  findPackages,
  findTopicRecords,
  findTopics,
  viewTopic,
  type MemberRow,
  type PackageRow,
  type TopicRow,
} from './collection-repository.js';

const noSuchPackage = () => new AppError('collectionNoSuchPackage', CollectionErrCode.noSuchPackage);

/** A description in `lang`, the Chinese when none is given. */
function localText(row: { description: string; description_tw: string; description_en: string }, lang: Lang): string {
  if (lang === 'en-US') return row.description_en || row.description;
  if (lang === 'zh-TW') return row.description_tw || row.description;
  return row.description;
}

function memberOf(r: MemberRow): PackageRecord {
  return { ...recordBrief(r), callNo: r.call_no ?? '', hasEcopy: r.has_ecopy };
}

/** Whether a collection name names one of the e-book vendors the dictionary leaves out (spec §9). */
export function isVendorCollection(name: string): boolean {
  return DICT_HIDDEN_COLLECTION_VENDORS.some((v) => name.includes(v));
}

/**
 * Special collections and special libraries (`/find/dPackage/*`), topics (`/find/bookTopic/*`) and
 * the e-books list: everything readers see of the institution, hidden packages and topics left out
 * (as no such package), records suppressed by staff left out.
 */
export class CollectionService {
  constructor(private readonly db: Kysely<Database>) {}

  /** The home page's figures: the special collections readers see and the e-books of the e-books list. */
  async figures(tenantId: number): Promise<{ specialCollections: number; ebooks: number }> {
    const [specialCollections, ebooks] = await Promise.all([
      countSpecialCollections(this.db, tenantId),
      findEbooks(this.db, tenantId, { q: '', classNo: '', letter: '' }, 0, 1),
    ]);
    return { specialCollections, ebooks: ebooks.total };
  }

  private async packageOf(tenantId: number, row: PackageRow, lang: Lang): Promise<SpecialPackage> {
    return {
      id: row.id,
      kind: row.kind,
      code: row.code,
      name: localName(row, lang),
      description: localText(row, lang),
      coverUrl: row.cover_url,
      parentId: row.parent_id,
      recordCount: await countPackageRecords(this.db, tenantId, row),
      childCount: row.child_count,
    };
  }

  async list(tenantId: number, req: PackageListRequest, lang: Lang): Promise<PackageList> {
    if (req.parentId) {
      const parent = await findPackage(this.db, tenantId, req.parentId);
      if (!parent || parent.kind !== req.kind) throw noSuchPackage();
    }
    const rows = await findPackages(this.db, tenantId, req.kind, req.parentId);
    return Promise.all(rows.map((r) => this.packageOf(tenantId, r, lang)));
  }

  async detail(tenantId: number, id: number, lang: Lang): Promise<PackageDetail> {
    const row = await findPackage(this.db, tenantId, id);
    if (!row) throw noSuchPackage();
    const parentRow = row.parent_id ? await findPackage(this.db, tenantId, row.parent_id) : undefined;
    const children = await findPackages(this.db, tenantId, row.kind, row.id);
    return {
      ...(await this.packageOf(tenantId, row, lang)),
      parent: parentRow ? await this.packageOf(tenantId, parentRow, lang) : null,
      children: await Promise.all(children.map((c) => this.packageOf(tenantId, c, lang))),
    };
  }

  async records(tenantId: number, req: PackageRecordsRequest): Promise<RecordPageOf> {
    const row = await findPackage(this.db, tenantId, req.id);
    if (!row) throw noSuchPackage();
    const { total, rows } = await findPackageRecords(
      this.db,
      tenantId,
      row,
      req.q,
      (req.page - 1) * req.rows,
      req.rows,
    );
    return { totalCount: total, list: rows.map(memberOf) };
  }

  private topicOf(row: TopicRow, lang: Lang) {
    return {
      id: row.id,
      title: lang === 'en-US' ? row.title_en || row.title : lang === 'zh-TW' ? row.title_tw || row.title : row.title,
      description: localText(row, lang),
      coverUrl: row.cover_url,
      searchWords: row.search_words,
      viewCount: row.view_count,
      recordCount: row.listed_count,
    };
  }

  async topics(tenantId: number, hot: boolean, page: number, rows: number, lang: Lang): Promise<TopicPage> {
    const found = await findTopics(this.db, tenantId, hot, (page - 1) * rows, rows);
    return { totalCount: found.total, list: found.rows.map((r) => this.topicOf(r, lang)) };
  }

  async topic(tenantId: number, req: TopicDetailRequest, lang: Lang): Promise<TopicDetail> {
    const row = await viewTopic(this.db, tenantId, req.id);
    if (!row) throw new AppError('collectionNoSuchTopic', CollectionErrCode.noSuchTopic);
    const records = await findTopicRecords(this.db, tenantId, row.id, (req.page - 1) * req.rows, req.rows);
    return { ...this.topicOf(row, lang), totalCount: row.listed_count, list: records.map(memberOf) };
  }

  async ebooks(tenantId: number, req: EbookListRequest): Promise<EbookPage> {
    const found = await findEbooks(this.db, tenantId, req, (req.page - 1) * req.rows, req.rows);
    return {
      totalCount: found.total,
      list: found.rows.map((r): Ebook => ({
        source: r.source,
        recordId: r.record_id,
        printRecord: r.source === 'kbart' && r.record_id !== null,
        title: r.title,
        author: r.author,
        publisher: r.publisher,
        publishYear: r.publish_year,
        isbn: r.isbn,
        url: r.url,
        packageName: r.package_name,
        addedAt: new Date(r.added_at).toISOString(),
      })),
    };
  }

  /** The module dictionary's `collections` (see `collectionDictionary`). */
  dictionary(tenantId: number, lang: Lang): Promise<Array<{ recordId: number; collectionName: string }>> {
    return collectionDictionary(this.db, tenantId, lang);
  }
}

/**
 * The module dictionary's `collections` (`POST /find/groupResource/dict`): the visible special
 * collections, those named after the e-book vendors 超星 or 书生 left out (spec §9).
 */
export async function collectionDictionary(
  db: Kysely<Database>,
  tenantId: number,
  lang: Lang,
): Promise<Array<{ recordId: number; collectionName: string }>> {
  const rows = await findCollectionNames(db, tenantId);
  return rows
    .filter((r) => ![r.name, r.name_tw, r.name_en].some(isVendorCollection))
    .map((r) => ({ recordId: r.id, collectionName: localName(r, lang) }));
}
