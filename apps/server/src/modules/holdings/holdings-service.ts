import type {
  GroupItemsRequest,
  GroupItemsResponse,
  ItemsByLibrary,
  Lang,
  PhysicalItem,
  RecordPageRequest,
} from '@openfind/contract';
import { safeLinkUrl } from '@openfind/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { capAnswer, HOLDINGS_CAPS, ITEM_CAPS } from '../../lib/answer-caps.js';
import type { DictionaryService } from '../dictionaries/dictionary-service.js';
import { requireRecord } from '../record-detail/record-repository.js';
import { findAttachments, findItems, findLinks, findMainLibraries, type ItemRow } from './holdings-repository.js';

const ON_SHELF = '411';
const ON_LOAN = '412';

/** "On loan, due …" in the three languages; zh-CN is the real API's text. */
const DUE_TEXT: Record<Lang, (due: string) => string> = {
  'zh-CN': (d) => `借出-应还日期:${d}`,
  'zh-TW': (d) => `借出-應還日期:${d}`,
  'en-US': (d) => `On loan - due ${d}`,
};

/** Names of the codes an item carries, in one language. */
interface Names {
  lib: Map<string, string>;
  campus: Map<string, string>;
  location: Map<string, string>;
  circ: Map<string, string>;
  process: Map<string, string>;
}

const asId = (code: string) => (/^\d{1,9}$/.test(code) ? Number(code) : code);
const priceOf = (p: string | null) => {
  const m = /\d+(\.\d+)?/.exec(p ?? '');
  return m ? Number(m[0]) : null;
};

/** One page of a list held in memory, with the list's size. */
function pageOf<T>(list: T[], q: { page: number; rows: number }): { totalCount: number; list: T[] } {
  const start = (q.page - 1) * q.rows;
  return { totalCount: list.length, list: list.slice(start, start + q.rows) };
}

/** Holdings of a record: copies with their status in the request language, grouped and paged. */
export class HoldingsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dictionaries: DictionaryService,
  ) {}

  private async names(tenantId: number, lang: Lang): Promise<Names> {
    const d = await this.dictionaries.dict(tenantId, lang);
    const map = (list: Array<{ code: string; name: string }>) => new Map(list.map((e) => [e.code, e.name]));
    return {
      lib: map(d.libCode),
      campus: map(d.campusCode),
      location: map(d.locationId),
      circ: map(d.circAttr),
      process: map(d.processTypeList),
    };
  }

  private present(i: ItemRow, n: Names, lang: Lang): PhysicalItem {
    const loc = i.location_id ?? '';
    const cur = i.cur_location_id ?? loc;
    const locationName = n.location.get(loc) ?? i.location_name ?? loc;
    const onLoan = i.process_type_code === ON_LOAN;
    const processType =
      onLoan && i.due_date ? DUE_TEXT[lang](i.due_date) : (n.process.get(i.process_type_code) ?? i.process_type_code);
    const circAttrName = n.circ.get(i.circ_attr) ?? i.circ_attr;
    return {
      itemId: i.item_id,
      callNo: i.call_no ?? '',
      barcode: i.barcode ?? '',
      propNo: i.barcode ?? '',
      libCode: i.lib_code ?? '',
      libName: n.lib.get(i.lib_code ?? '') ?? i.lib_code ?? '',
      locationId: asId(loc),
      locationName,
      realLocationName: locationName,
      curLocationId: asId(cur),
      curLocationName: n.location.get(cur) ?? locationName,
      campusId: i.campus_id ?? '',
      campusName: n.campus.get(i.campus_id ?? '') ?? '',
      shelfNo: i.shelf_no ?? '',
      vol: i.vol ?? '',
      year: i.year ?? '',
      inDate: i.in_date ?? '',
      processType,
      processTypeCode: i.process_type_code,
      circAttr: i.circ_attr,
      circAttrName,
      itemPolicyName: circAttrName,
      listPrice: priceOf(i.price),
      donatorName: null,
      requestable: onLoan && i.circ_attr === '0',
      dueDate: onLoan ? i.due_date : null,
    };
  }

  private async items(tenantId: number, lang: Lang, recordId: number): Promise<PhysicalItem[]> {
    await requireRecord(this.db, tenantId, recordId);
    const [rows, names] = await Promise.all([findItems(this.db, tenantId, recordId), this.names(tenantId, lang)]);
    return rows.map((i) => capAnswer(this.present(i, names, lang), ITEM_CAPS));
  }

  /** `groupitems`: the copies, filtered, sorted and paged. */
  async groupItems(tenantId: number, lang: Lang, q: GroupItemsRequest): Promise<GroupItemsResponse> {
    let list = await this.items(tenantId, lang, q.recordId);
    if (q.callNo) list = list.filter((i) => i.callNo === q.callNo);
    if (q.libCode) list = list.filter((i) => i.libCode === q.libCode);
    const byCall = (a: PhysicalItem, b: PhysicalItem) =>
      a.callNo.localeCompare(b.callNo) || a.barcode.localeCompare(b.barcode);
    const sorters: Record<number, (a: PhysicalItem, b: PhysicalItem) => number> = {
      2: (a, b) => a.libName.localeCompare(b.libName) || a.locationName.localeCompare(b.locationName) || byCall(a, b),
      3: (a, b) => Number(b.processTypeCode === ON_SHELF) - Number(a.processTypeCode === ON_SHELF) || byCall(a, b),
    };
    list.sort(sorters[q.sortType] ?? byCall);
    return pageOf(list, q);
  }

  /** `groupItemsByLibCode`: copies per library, main libraries first (shown even without copies). */
  async byLibrary(tenantId: number, lang: Lang, recordId: number): Promise<ItemsByLibrary> {
    const [list, main, libraries] = await Promise.all([
      this.items(tenantId, lang, recordId),
      findMainLibraries(this.db, tenantId),
      this.dictionaries.libraries(tenantId, lang),
    ]);
    const groups = new Map<string, ItemsByLibrary['sortedList'][string]>();
    const group = (libCode: string, libName: string) => {
      const key = libName || libCode;
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { libName: key, libCode, mainFlag: main.has(libCode) ? '1' : '0', phyItemVo: [] }));
      return g;
    };
    for (const l of libraries) if (main.has(l.libCode)) group(l.libCode, l.libName);
    for (const i of list) group(i.libCode, i.libName).phyItemVo.push(i);
    return capAnswer({ sortedList: Object.fromEntries(groups) }, HOLDINGS_CAPS);
  }

  /** `shelfNos`: where the copies stand, one row per call number, location and shelf. */
  async shelfNos(tenantId: number, lang: Lang, recordId: number) {
    const places = new Map<
      string,
      {
        callNo: string;
        libCode: string;
        libName: string;
        locationId: string;
        locationName: string;
        shelfNo: string;
        itemCount: number;
        onShelfCount: number;
      }
    >();
    for (const i of await this.items(tenantId, lang, recordId)) {
      const key = [i.callNo, i.libCode, i.locationId, i.shelfNo].join('\u0000');
      const p = places.get(key) ?? {
        callNo: i.callNo,
        libCode: i.libCode,
        libName: i.libName,
        locationId: String(i.locationId),
        locationName: i.locationName,
        shelfNo: i.shelfNo,
        itemCount: 0,
        onShelfCount: 0,
      };
      p.itemCount++;
      if (i.processTypeCode === ON_SHELF) p.onShelfCount++;
      places.set(key, p);
    }
    return capAnswer([...places.values()], HOLDINGS_CAPS);
  }

  /**
   * How many copies a record has, on the shelf and lent, and where they stand (one row per library,
   * location, call number and shelf): the course reading lists' availability. Empty for a record
   * suppressed or gone.
   */
  async availability(tenantId: number, lang: Lang, recordId: number) {
    // A record suppressed or deleted meanwhile has no copies to show (recordNotFound, an AppError).
    const list = await this.items(tenantId, lang, recordId).catch((e: unknown) => {
      if (e instanceof AppError) return [] as PhysicalItem[];
      throw e;
    });
    const places = new Map<
      string,
      {
        libName: string;
        locationName: string;
        callNo: string;
        shelfNo: string;
        itemCount: number;
        onShelfCount: number;
      }
    >();
    let onShelf = 0;
    let onLoan = 0;
    for (const i of list) {
      const key = [i.libCode, i.locationId, i.callNo, i.shelfNo].join('\u0000');
      const p = places.get(key) ?? {
        libName: i.libName,
        locationName: i.locationName,
        callNo: i.callNo,
        shelfNo: i.shelfNo,
        itemCount: 0,
        onShelfCount: 0,
      };
      p.itemCount++;
      if (i.processTypeCode === ON_SHELF) {
        p.onShelfCount++;
        onShelf++;
      }
      if (i.processTypeCode === ON_LOAN) onLoan++;
      places.set(key, p);
    }
    return { total: list.length, onShelf, onLoan, places: [...places.values()].slice(0, 20) };
  }

  /** `contiItem/list`: a serial's holdings by year and volume, newest first. */
  async contiItems(tenantId: number, lang: Lang, q: RecordPageRequest) {
    const issues = new Map<
      string,
      { year: string; vol: string; itemCount: number; onShelfCount: number; callNo: string }
    >();
    for (const i of await this.items(tenantId, lang, q.recordId)) {
      if (!i.year && !i.vol) continue;
      const key = `${i.year}\u0000${i.vol}`;
      const e = issues.get(key) ?? { year: i.year, vol: i.vol, itemCount: 0, onShelfCount: 0, callNo: i.callNo };
      e.itemCount++;
      if (i.processTypeCode === ON_SHELF) e.onShelfCount++;
      issues.set(key, e);
    }
    const list = [...issues.values()].sort(
      (a, b) =>
        b.year.localeCompare(a.year, 'en', { numeric: true }) || b.vol.localeCompare(a.vol, 'en', { numeric: true }),
    );
    return pageOf(list, q);
  }

  /** `getDItems`: the record's electronic copies (its links). */
  async digitalItems(tenantId: number, q: RecordPageRequest) {
    await requireRecord(this.db, tenantId, q.recordId);
    // http(s) only, whatever is stored (rows from before links were checked at import).
    const links = (await findLinks(this.db, tenantId, q.recordId)).flatMap((l) => {
      const url = safeLinkUrl(l.url);
      return url ? [{ url, label: l.label }] : [];
    });
    const list = links.map((l, n) => ({
      dItemId: n + 1,
      title: l.label || l.url,
      url: l.url,
      urlName: l.label ?? null,
    }));
    return capAnswer(pageOf(list, q), HOLDINGS_CAPS);
  }

  /** `getAttachmentList`: files attached to the record. */
  async attachments(tenantId: number, q: RecordPageRequest) {
    await requireRecord(this.db, tenantId, q.recordId);
    const { total, rows } = await findAttachments(this.db, tenantId, q.recordId, (q.page - 1) * q.rows, q.rows);
    return {
      totalCount: total,
      list: rows.map((a) => ({
        attachmentId: a.id,
        name: a.name,
        url: a.url,
        kind: a.kind,
        size: a.size === null ? null : Number(a.size),
      })),
    };
  }
}
