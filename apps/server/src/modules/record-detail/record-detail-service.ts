import { safeLinkUrl } from '@openfind/contract';
import type { AuthorInfo, BookDetail, Lang, QrCode, RecordDetail, RecordStatistics } from '@openfind/contract';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import type { Database } from '../../db/schema.js';
import { capAnswer, RECORD_CAPS, RECORD_PART_CAPS } from '../../lib/answer-caps.js';
import { Errors } from '../../http/errors.js';
import type { DictionaryService } from '../dictionaries/dictionary-service.js';
import { originalScriptOf, type OriginalScript } from '../catalogue/original-script.js';
import type { ContentProviders } from '../providers/content-providers.js';
import { presentRecord } from '../search/search-presenter.js';
import { findRecordsByIds } from '../search/search-repository.js';
import { beanList, marcView, parseMarc } from './bean-list.js';
import {
  countRecordsByAuthor,
  countView,
  findRecordDetail,
  findStatistics,
  requireRecord,
  type DetailRow,
} from './record-repository.js';

/** A name without roles, dates and punctuation around it ('余华,,1960-,著' → '余华'). */
function cleanName(name: string): string {
  return (
    name
      .split(/[,，]/)[0]!
      .replace(/^[([（［【][^)\]）］】]*[)\]）］】]/u, '')
      .trim() || name.trim()
  );
}

/** Record details: basic information in the request language, MARC view, QR code, usage, author. */
export class RecordDetailService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: { dictionaries: DictionaryService; providers: ContentProviders },
  ) {}

  private async load(tenantId: number, recordId: number): Promise<DetailRow> {
    const row = await findRecordDetail(this.db, tenantId, recordId);
    if (!row) throw Errors.recordNotFound(recordId);
    return row;
  }

  /** The record's values in their original script (MARC 880), from the stored forms or the kept MARC. */
  private original(row: DetailRow): OriginalScript | null {
    return originalScriptOf({ ...row, marc: typeof row.marc === 'string' ? row.marc : null });
  }

  /** `getBookDetail`: the basic-information rows. */
  async bookDetail(tenantId: number, lang: Lang, recordId: number): Promise<BookDetail> {
    const row = await this.load(tenantId, recordId);
    return capAnswer(
      { author: '', bean2List: beanList(row, parseMarc(row.marc).fields, lang, this.original(row)) },
      RECORD_CAPS,
    );
  }

  /** `getDetail`: what the detail page shows; counts the view. */
  async detail(tenantId: number, lang: Lang, recordId: number): Promise<RecordDetail> {
    const row = await this.load(tenantId, recordId);
    const [listed, docCodes] = await Promise.all([
      findRecordsByIds(this.db, tenantId, [recordId]),
      this.deps.dictionaries.codeList(tenantId, 'docCode', lang),
      countView(this.db, tenantId, recordId),
    ]);
    const docNames = new Map(docCodes.map((d) => [d.code, d.name]));
    const record = presentRecord(listed[0]!, docNames);
    const { leader, fields } = parseMarc(row.marc);
    // Original script first (what the book prints and the reader reads), as the result row does.
    const original = this.original(row);
    const pairedName = (name: string) => original?.names.find((n) => n.romanized === name)?.vernacular ?? name;
    const names = (row.authors.length ? row.authors : row.author ? [row.author] : []).map(pairedName);
    const title = record.title;
    const titles = [title, ...(record.titleRomanized ? [record.titleRomanized] : [])];
    for (const other of [row.title_vernacular, ...row.other_titles])
      if (other && !titles.includes(other)) titles.push(other);
    const answer: RecordDetail = {
      clearTitle: title.replace(/[\s/:;,.=]+$/u, '').trim(),
      authorOther: names.slice(1),
      bean2List: beanList(row, fields, lang, original),
      baseMarcInfoDto: {
        title,
        titleRomanized: record.titleRomanized,
        titles,
        isbn: row.isbns[0] ?? null,
        publisher: original?.publisher ?? row.publisher,
        publishYear: row.publish_year,
        author: original?.responsibility ?? row.responsibility ?? (row.author || null),
        cleanAuthor: names.map(cleanName),
        subject: row.subjects,
        myFav: false,
        publishPlace: original?.place ?? row.publish_place,
        edition: original?.edition ?? row.edition,
        series: row.series.map((s) => original?.series.find((p) => p.romanized === s)?.vernacular ?? s),
        chiClassNo: row.clc_classes,
        issn: row.issn,
        langCode: row.lang_code,
        docCode: row.doc_code,
        docName: docNames.get(row.doc_code) ?? null,
        physicalDescription: row.physical_description,
        abstract: row.abstract,
      },
      // Rows stored before links were checked at import (or written another way) serve http(s) only.
      link: row.links.flatMap((l) => {
        const url = safeLinkUrl(l.url);
        return url ? [{ url, label: l.label ?? null }] : [];
      }),
      record,
      marc: marcView(fields),
      leader,
    };
    // Small whatever is stored (rows from before the import's size limits, or written another way):
    // each large part capped on its own, so that one over the limits leaves room for the others.
    const { authorOther, bean2List, baseMarcInfoDto, link, marc } = answer;
    return capAnswer(
      {
        ...answer,
        authorOther: capAnswer(authorOther, RECORD_PART_CAPS),
        bean2List: capAnswer(bean2List, RECORD_PART_CAPS),
        baseMarcInfoDto: capAnswer(baseMarcInfoDto, RECORD_PART_CAPS),
        link: capAnswer(link, RECORD_PART_CAPS),
        marc: capAnswer(marc, RECORD_PART_CAPS),
      },
      RECORD_CAPS,
    );
  }

  /** `getQrCode`: a PNG QR code of the record's public address (`pageUrl`). */
  async qrCode(tenantId: number, recordId: number, pageUrl: string): Promise<QrCode> {
    await requireRecord(this.db, tenantId, recordId);
    const qrCode = await QRCode.toDataURL(pageUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
    return { url: pageUrl, qrCode };
  }

  /** `statistics`: views, loans, comments, ratings and copies. */
  async statistics(tenantId: number, recordId: number): Promise<RecordStatistics> {
    await requireRecord(this.db, tenantId, recordId);
    const s = await findStatistics(this.db, tenantId, recordId);
    return {
      recordId,
      viewCount: s.view_count,
      loanCount: s.loan_count,
      commentCount: s.comment_count,
      ratingCount: s.rating_count,
      avgScore: s.avg_score,
      physicalCount: s.physical_count,
      onShelfCount: s.on_shelf_count,
      onLoanCount: s.on_loan_count,
    };
  }

  /** `getAuthorInfo`: the catalogue's records by the name, and an encyclopedia entry when a provider has one. */
  async authorInfo(tenantId: number, lang: Lang, q: { author?: string | undefined; recordId?: number | undefined }) {
    let name = q.author?.trim() ?? '';
    if (!name && q.recordId !== undefined) {
      const row = await this.load(tenantId, q.recordId);
      name = row.authors[0] ?? cleanName(row.author);
    }
    const recordCount = name ? await countRecordsByAuthor(this.db, tenantId, name) : 0;
    const baike = name ? await this.deps.providers.encyclopedia(name, { tenantId, lang, recordId: q.recordId }) : null;
    return { author: name, recordCount, baike } satisfies AuthorInfo;
  }
}
