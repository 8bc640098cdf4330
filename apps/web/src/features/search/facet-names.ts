import type { DictResponse, FacetDimension } from '@openfind/contract';

/**
 * The facet dimensions the results page offers, in the order shown (customSub has no data yet; verifyStatus,
 * the staff's review of researchers' works, is a filter for the console, not a reader's facet).
 */
export const SHOWN_FACETS: readonly FacetDimension[] = [
  'docCode',
  'resourceType',
  'libCode',
  'campusId',
  'locationId',
  'curLocationId',
  'discode1',
  'kindNo',
  'coreInclude',
  'ddType',
  'eCollectionIds',
  'collectionName',
  'langCode',
  'countryCode',
  'author',
  'publisher',
  'subject',
];

type CodeListName = {
  [K in keyof DictResponse]: DictResponse[K] extends Array<{ code: string; name: string }> ? K : never;
}[keyof DictResponse];

/** Which code lists name a dimension's keys; dimensions without one show their keys (names, subjects). */
const CODE_LISTS: Partial<Record<FacetDimension, CodeListName | CodeListName[]>> = {
  docCode: 'docCode',
  resourceType: 'resourceType',
  libCode: 'libCode',
  campusId: 'campusCode',
  locationId: 'locationId',
  curLocationId: 'locationId',
  discode1: 'discode1',
  kindNo: 'classNo',
  langCode: 'langCode',
  countryCode: 'countryCode',
  // The standard core lists and the library's own.
  coreInclude: ['coreInclude', 'customCoreList'],
  ddType: 'ddType',
  eCollectionIds: 'databaseFindDtoList',
};

/** Names facet keys with the institution's code lists (in the page's language); unknown keys stay as they are. */
export function facetNamer(dict: DictResponse | undefined): (dim: FacetDimension, key: string) => string {
  const maps = new Map<FacetDimension, Map<string, string>>();
  return (dim, key) => {
    // Special collections are named by id in their own list.
    if (dim === 'collectionName') return (dict && collectionNames(dict).get(key)) ?? key;
    const listName = CODE_LISTS[dim];
    if (!dict || !listName) return key;
    let names = maps.get(dim);
    if (!names) {
      names = new Map(
        (Array.isArray(listName) ? listName : [listName]).flatMap((n) =>
          dict[n].map((entry): [string, string] => [entry.code, entry.name]),
        ),
      );
      maps.set(dim, names);
    }
    const name = names.get(key);
    // A class number reads better with its code: "I 文学".
    if (name && dim === 'kindNo') return `${key} ${name}`;
    return name ?? key;
  };
}

const collectionNamesOf = new WeakMap<DictResponse, Map<string, string>>();

/** The special collections' names by id (the dictionary's `collections`). */
function collectionNames(dict: DictResponse): Map<string, string> {
  let names = collectionNamesOf.get(dict);
  if (!names) {
    names = new Map(dict.collections.map((c) => [String(c.recordId), c.collectionName]));
    collectionNamesOf.set(dict, names);
  }
  return names;
}
