import type { Kysely } from 'kysely';
import {
  CODE_LIST_NAMES,
  type CodeName,
  type ConditionList,
  type DictResponse,
  type Lang,
  type LibraryItem,
  type LocationDict,
  type LocationListRequest,
  type SearchFieldPara,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { localName } from '../../lib/localized.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { collectionDictionary } from '../collections/collection-service.js';
import { databaseDictionary } from '../e-resources/e-resource-service.js';
import {
  findCampuses,
  findDictEntries,
  findLibraries,
  findLocations,
  findLocationTypes,
  findSearchFieldParas,
  type CampusRow,
  type DictEntryRow,
  type LibraryRow,
  type LocationRow,
  type LocationTypeRow,
  type SearchFieldParaRow,
} from './dictionary-repository.js';

/** A tenant's reference data in all languages, as read from the database. */
interface ReferenceData {
  dicts: Map<string, DictEntryRow[]>;
  libraries: LibraryRow[];
  campuses: CampusRow[];
  locationTypes: LocationTypeRow[];
  locations: LocationRow[];
  searchFields: SearchFieldParaRow[];
}

/** Code lists, libraries, campuses and locations of a tenant, localised per request. */
export class DictionaryService {
  private readonly cache: TtlCache<number, ReferenceData>;

  constructor(
    private readonly db: Kysely<Database>,
    ttlMs: number,
  ) {
    this.cache = new TtlCache(ttlMs);
  }

  private data(tenantId: number): Promise<ReferenceData> {
    return this.cache.get(tenantId, async () => {
      const [entries, libraries, campuses, locationTypes, locations, searchFields] = await Promise.all([
        findDictEntries(this.db, tenantId),
        findLibraries(this.db, tenantId),
        findCampuses(this.db, tenantId),
        findLocationTypes(this.db, tenantId),
        findLocations(this.db, tenantId),
        findSearchFieldParas(this.db, tenantId),
      ]);
      const dicts = new Map<string, DictEntryRow[]>();
      for (const e of entries) dicts.set(e.dict_name, [...(dicts.get(e.dict_name) ?? []), e]);
      return { dicts, libraries, campuses, locationTypes, locations, searchFields };
    });
  }

  /** Forgets cached data (after an import or an operator's change). */
  invalidate(tenantId?: number): void {
    if (tenantId === undefined) this.cache.clear();
    else this.cache.delete(tenantId);
  }

  /** The tenant's libraries. */
  async libraries(tenantId: number, lang: Lang): Promise<LibraryItem[]> {
    return (await this.data(tenantId)).libraries.map((l) => ({ libCode: l.lib_code, libName: localName(l, lang) }));
  }

  /** Whether the tenant has a library with this code. */
  async hasLibrary(tenantId: number, libCode: string): Promise<boolean> {
    return (await this.data(tenantId)).libraries.some((l) => l.lib_code === libCode);
  }

  /** One code list. */
  async codeList(tenantId: number, name: string, lang: Lang): Promise<CodeName[]> {
    return ((await this.data(tenantId)).dicts.get(name) ?? []).map((e) => ({ code: e.code, name: localName(e, lang) }));
  }

  /** The answer of POST /find/groupResource/dict. */
  async dict(tenantId: number, lang: Lang): Promise<DictResponse> {
    const d = await this.data(tenantId);
    const list = (name: string): CodeName[] =>
      (d.dicts.get(name) ?? []).map((e) => ({ code: e.code, name: localName(e, lang) }));
    const lists = Object.fromEntries(CODE_LIST_NAMES.map((n) => [n, list(n)])) as Record<
      (typeof CODE_LIST_NAMES)[number],
      CodeName[]
    >;
    const campusLib = new Map(d.campuses.map((c) => [c.campus_id, c.lib_code]));
    return {
      ...lists,
      documentTypeList: lists.documentTypeList.length ? lists.documentTypeList : lists.docCode,
      libCode: d.libraries.map((l) => ({ code: l.lib_code, name: localName(l, lang) })),
      campusCode: d.campuses.map((c) => {
        const name = localName(c, lang);
        return { campusId: c.campus_id, campusName: name, code: c.campus_id, name };
      }),
      locationId: d.locations.map((l) => ({
        code: l.location_id,
        name: localName(l, lang),
        campusId: l.campus_id,
        libCode: campusLib.get(l.campus_id) ?? '',
      })),
      // The special collections, the e-book vendors' left out (spec §9; modules/collections).
      collections: await collectionDictionary(this.db, tenantId, lang),
      // The databases readers see (modules/e-resources), code = the database's id.
      databaseFindDtoList: await databaseDictionary(this.db, tenantId, lang),
      findOpacSearchFieldParaList: this.toSearchFields(d.searchFields, lang),
    };
  }

  /** The configured search fields. */
  async searchFields(tenantId: number, lang: Lang): Promise<SearchFieldPara[]> {
    return this.toSearchFields((await this.data(tenantId)).searchFields, lang);
  }

  private toSearchFields(rows: SearchFieldParaRow[], lang: Lang): SearchFieldPara[] {
    return rows.map((r) => ({
      id: r.id,
      searchField: localName(r, lang),
      searchFieldCode: r.field_code,
      defaultMatchMode: Number(r.default_match_mode),
      useFlag: r.use_flag,
      seq: r.seq,
    }));
  }

  /** The answer of GET /find/category/getConditionList. */
  async conditionList(tenantId: number, lang: Lang): Promise<ConditionList> {
    const [documentTypeList, countryList, languageList] = await Promise.all([
      this.codeList(tenantId, 'documentTypeList', lang),
      this.codeList(tenantId, 'countryCode', lang),
      this.codeList(tenantId, 'langCode', lang),
    ]);
    return {
      documentTypeList: documentTypeList.length ? documentTypeList : await this.codeList(tenantId, 'docCode', lang),
      countryList,
      languageList,
    };
  }

  /** The answer of GET /find/location/dict. */
  async locationDict(tenantId: number, lang: Lang): Promise<LocationDict> {
    const d = await this.data(tenantId);
    return {
      campusCodes: d.campuses.map((c) => ({ campusId: c.campus_id, campusName: localName(c, lang) })),
      locationTypeSelectiveDtos: d.locationTypes.map((t) => ({
        locationTypeCode: t.code,
        locationTypeName: localName(t, lang),
      })),
    };
  }

  /** The answer of POST /find/location/list: filtered, paged locations. */
  async locationList(tenantId: number, lang: Lang, q: LocationListRequest) {
    const d = await this.data(tenantId);
    const campusName = new Map(d.campuses.map((c) => [c.campus_id, localName(c, lang)]));
    const campusLib = new Map(d.campuses.map((c) => [c.campus_id, c.lib_code]));
    const campusIds = toSet(q.campusIds);
    const typeCodes = toSet(q.locationTypeCodes);
    const needle = (q.locationName ?? '').trim().toLowerCase();
    const matches = d.locations.filter(
      (l) =>
        (!campusIds || campusIds.has(l.campus_id)) &&
        (!typeCodes || typeCodes.has(l.location_type_code)) &&
        (!q.entrust || l.entrust) &&
        (!q.subscribe || l.subscribe) &&
        (!needle || [l.name, l.name_en, l.name_tw].some((n) => n.toLowerCase().includes(needle))),
    );
    const start = (q.page - 1) * q.rows;
    return {
      totalCount: matches.length,
      donateList: matches.slice(start, start + q.rows).map((l) => ({
        locationId: l.location_id,
        locationName: localName(l, lang),
        campusId: l.campus_id,
        campusName: campusName.get(l.campus_id) ?? '',
        libCode: campusLib.get(l.campus_id) ?? '',
        locationTypeCode: l.location_type_code,
        entrust: l.entrust ? '1' : '0',
        subscribe: l.subscribe ? '1' : '0',
      })),
    };
  }
}

/** A list filter sent as an array or a comma-separated string; empty means no filter. */
function toSet(v: string[] | string | null | undefined): Set<string> | undefined {
  const items = (Array.isArray(v) ? v : (v ?? '').split(',')).map((s) => s.trim()).filter(Boolean);
  return items.length ? new Set(items) : undefined;
}
