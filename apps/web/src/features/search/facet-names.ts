import type { DictResponse, FacetDimension } from '@openfind/contract';

/** The facet dimensions the results page offers, in the order shown (customSub has no data yet). */
export const SHOWN_FACETS: readonly FacetDimension[] = [
  'docCode',
  'resourceType',
  'libCode',
  'campusId',
  'locationId',
  'curLocationId',
  'discode1',
  'kindNo',
  'langCode',
  'countryCode',
  'author',
  'publisher',
  'subject',
];

/** Which code list names a dimension's keys; dimensions without one show their keys (names, subjects). */
const CODE_LISTS: Partial<Record<FacetDimension, keyof DictResponse>> = {
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
};

/** Names facet keys with the institution's code lists (in the page's language); unknown keys stay as they are. */
export function facetNamer(dict: DictResponse | undefined): (dim: FacetDimension, key: string) => string {
  const maps = new Map<FacetDimension, Map<string, string>>();
  return (dim, key) => {
    const listName = CODE_LISTS[dim];
    if (!dict || !listName) return key;
    let names = maps.get(dim);
    if (!names) {
      const list = dict[listName] as Array<{ code: string; name: string }>;
      names = new Map(list.map((entry) => [entry.code, entry.name]));
      maps.set(dim, names);
    }
    const name = names.get(key);
    // A class number reads better with its code: "I 文学".
    if (name && dim === 'kindNo') return `${key} ${name}`;
    return name ?? key;
  };
}
