import type { SearchBody, SearchKind } from '@openfind/contract';

/** The search's query keys (TanStack Query); `all` names every cached search answer (favourites mark them). */
export const searchKeys = {
  all: ['search'] as const,
  /** One search call: its page of results or its facet counts, keyed by the request itself. */
  call: (part: 'results' | 'facets', kind: SearchKind, body: SearchBody) =>
    [...searchKeys.all, part, kind, body] as const,
  classTree: () => [...searchKeys.all, 'classTree'] as const,
  dict: () => [...searchKeys.all, 'dict'] as const,
  /** Suggestions for a typed text. */
  keyWord: (text: string) => [...searchKeys.all, 'keyWord', text] as const,
};
