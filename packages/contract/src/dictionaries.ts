import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { freeText, pageNumber, pageSize, yesNo } from './input.js';

/** One entry of a code list: `code` and its `name` in the request language. */
export const CodeName = z.object({ code: z.string(), name: z.string() });
export type CodeName = z.infer<typeof CodeName>;

export const Campus = z.object({ campusId: z.string(), campusName: z.string() });
export const LocationType = z.object({ locationTypeCode: z.string(), locationTypeName: z.string() });

/** A configured search field (capture `opac_search_field_para_list.json`). */
export const SearchFieldPara = z.object({
  id: z.number().int(),
  /** The label in the request language. */
  searchField: z.string(),
  /** The field key sent as `searchField` in a search. */
  searchFieldCode: z.string(),
  /** 1 exact, 2 any, 3 prefix, 4 suffix (a number, as the real API sends it). */
  defaultMatchMode: z.number().int(),
  useFlag: z.string(),
  seq: z.number().int(),
});
export type SearchFieldPara = z.infer<typeof SearchFieldPara>;

/** Names of the code lists `POST /find/groupResource/dict` returns as `[{code, name}]`. */
export const CODE_LIST_NAMES = [
  'docCode',
  'countryCode',
  'langCode',
  'classNo',
  'coreInclude',
  'publFreqCode',
  'resourceType',
  'ddType',
  'verifyStatus',
  'claimStatus',
  'needVerify',
  'discode1',
  'materialTypeCode',
  'circAttr',
  'processTypeList',
  'documentTypeList',
  'customCoreList',
  'commentDocCode',
  'majors',
] as const;
export type CodeListName = (typeof CODE_LIST_NAMES)[number];

const codeLists = Object.fromEntries(CODE_LIST_NAMES.map((n) => [n, z.array(CodeName)])) as {
  [K in CodeListName]: z.ZodArray<typeof CodeName>;
};

/** `POST /find/groupResource/dict` answer. */
export const DictResponse = z.object({
  ...codeLists,
  libCode: z.array(CodeName),
  campusCode: z.array(Campus.extend({ code: z.string(), name: z.string() })),
  locationId: z.array(CodeName.extend({ campusId: z.string(), libCode: z.string() })),
  collections: z.array(z.object({ recordId: z.number().int(), collectionName: z.string() })),
  findOpacSearchFieldParaList: z.array(SearchFieldPara),
  databaseFindDtoList: z.array(CodeName),
});
export type DictResponse = z.infer<typeof DictResponse>;

/** `GET /find/category/getConditionList` answer. */
export const ConditionList = z.object({
  documentTypeList: z.array(CodeName),
  countryList: z.array(CodeName),
  languageList: z.array(CodeName),
});
export type ConditionList = z.infer<typeof ConditionList>;

/** `GET /find/location/dict` answer. */
export const LocationDict = z.object({
  campusCodes: z.array(Campus),
  locationTypeSelectiveDtos: z.array(LocationType),
});
export type LocationDict = z.infer<typeof LocationDict>;

/** Codes as sent: an array (of strings or numbers) or a comma-separated string. */
const stringList = z
  .union([z.array(z.union([z.string().max(50), z.number()]).transform(String)).max(100), z.string().max(2000)])
  .optional();

/** Largest page of `POST /find/location/list`; larger `rows` (the real client asks 2000) are clamped to it. */
export const MAX_LOCATION_ROWS = 500;

/** `POST /find/location/list` request. */
export const LocationListRequest = z.object({
  page: pageNumber(10_000),
  rows: pageSize(20, MAX_LOCATION_ROWS),
  /** Part of the location's name (any language); '' or null: all. */
  locationName: freeText(100).optional().nullable(),
  campusIds: stringList.nullable(),
  locationTypeCodes: stringList.nullable(),
  /** Only locations that accept entrusted pickup (0, false or absent: no such filter). */
  entrust: yesNo,
  /** Only locations that accept reservations (0, false or absent: no such filter). */
  subscribe: yesNo,
});
export type LocationListRequest = z.infer<typeof LocationListRequest>;

export const LocationListItem = z.object({
  locationId: z.string(),
  locationName: z.string(),
  campusId: z.string(),
  campusName: z.string(),
  libCode: z.string(),
  locationTypeCode: z.string(),
  entrust: z.string(),
  subscribe: z.string(),
});
/** `POST /find/location/list` answer (the real API names the list `donateList`). */
export const LocationListResponse = z.object({
  donateList: z.array(LocationListItem),
  totalCount: z.number().int(),
});

/** A library of the tenant (spec §3 "Library list item"). */
export const LibraryItem = z.object({ libCode: z.string(), libName: z.string() });
export type LibraryItem = z.infer<typeof LibraryItem>;
export const SaveLastLibCodeRequest = z.object({ libCode: z.string().min(1).max(50) });
/** `POST /oga/opaclibcode/savelastlibcode`: the library remembered. */
export const SavedLibCode = z.object({ libCode: z.string() });

/** Libraries, locations, code lists and search fields of the request's institution. */
export const DictionaryCalls = calls('dictionaries', {
  getLibraryList: get('/find/findConfig/getLibraryList', {
    output: z.array(LibraryItem),
    access: 'public',
    summary: "The institution's libraries",
  }),
  getLibs: get('/oga/opaclibcode/getlibs', {
    output: z.array(LibraryItem),
    access: 'public',
    summary: 'Libraries a reader can choose (independent library selection)',
  }),
  saveLastLibCode: post('/oga/opaclibcode/savelastlibcode', {
    input: SaveLastLibCodeRequest,
    output: SavedLibCode,
    access: 'public',
    summary: "Remember the visitor's library choice",
  }),
  dict: post('/find/groupResource/dict', {
    input: z.object({}).passthrough(),
    output: DictResponse,
    access: 'public',
    summary: 'All code lists of the institution',
  }),
  searchFieldParaList: get('/find/groupResource/getFindOpacSearchFieldParaList', {
    output: z.array(SearchFieldPara),
    access: 'public',
    summary: 'Configured search fields',
  }),
  conditionList: get('/find/category/getConditionList', {
    output: ConditionList,
    access: 'public',
    summary: 'Document types, countries and languages for browsing',
  }),
  locationDict: get('/find/location/dict', {
    output: LocationDict,
    access: 'public',
    summary: 'Campuses and location types',
  }),
  locationList: post('/find/location/list', {
    input: LocationListRequest,
    output: LocationListResponse,
    access: 'public',
    summary: 'Locations, filtered and paged',
  }),
});
