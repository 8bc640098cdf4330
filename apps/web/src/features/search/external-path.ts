import { MATCH_MODES, SEARCH_FIELDS } from '@openfind/contract';
import { EMPTY_SEARCH, setFilter, toField, toMatchMode } from '@openfind/contract';
import type { SearchState } from '@openfind/contract';

const isField = (value: string) => (SEARCH_FIELDS as readonly string[]).includes(value);
const isMatchMode = (value: string) => (MATCH_MODES as readonly string[]).includes(value);

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Reads the part of an external search link after `/searchListExternal/` (spec §2):
 * `{searchType}/{keyword}/{matchType}[/{docType}]`, or the earlier form `{keyword}/{matchType}/{docType}`
 * (told apart by where the match mode stands). Returns null when there is no keyword: the home page is shown.
 */
export function parseExternalPath(rest: string): SearchState | null {
  const parts = rest.split('/').map(decode);
  const [first = '', second = '', third = '', fourth = ''] = parts;
  const isEarlierForm = parts.length === 3 && !isField(first) && isMatchMode(second);
  const [field, keyword, matchMode, docType] = isEarlierForm
    ? ['keyWord', first, second, third]
    : [first, second, third, fourth];
  if (!keyword.trim()) return null;
  const state: SearchState = {
    ...EMPTY_SEARCH,
    field: toField(field),
    text: keyword,
    matchMode: toMatchMode(matchMode),
  };
  return docType.trim() ? setFilter(state, 'docCode', [docType.trim()]) : state;
}

/**
 * Reads `/searchListResource/{searchType}/{keyword}/{matchType}[/{resourceType}]` (spec §2) as a search
 * filtered by resource type; null without a keyword.
 */
export function parseResourcePath(params: {
  searchType?: string;
  keyword?: string;
  matchType?: string;
  resourceType?: string;
}): SearchState | null {
  const keyword = params.keyword ?? '';
  if (!keyword.trim()) return null;
  const state: SearchState = {
    ...EMPTY_SEARCH,
    field: toField(params.searchType),
    text: keyword,
    matchMode: toMatchMode(params.matchType),
  };
  const resourceType = params.resourceType?.trim();
  return resourceType ? setFilter(state, 'resourceType', [resourceType]) : state;
}
