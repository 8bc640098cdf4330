import * as Calls from '@openfind/contract/calls';
import { useQuery } from '@tanstack/react-query';
import type { KeyWordSuggestion } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { searchKeys } from '../query-keys';

/** How many suggestions the search box lists. */
const SUGGESTION_COUNT = 8;

/** Suggestions for what is being typed (titles, authors, subjects, popular searches; Chinese or pinyin). */
export function getKeyWord(text: string, signal?: AbortSignal): Promise<KeyWordSuggestion[]> {
  return api.call(Calls.getKeyWord, { keyWord: text, rows: SUGGESTION_COUNT }, { signal, silent: true });
}

/** Suggestions for the (debounced) text; nothing for an empty text; failures are silent. */
export function useKeyWordSuggestions(text: string) {
  const trimmed = text.trim();
  return useQuery({
    queryKey: searchKeys.keyWord(trimmed),
    queryFn: ({ signal }) => getKeyWord(trimmed, signal),
    enabled: trimmed.length > 0,
    staleTime: 5 * 60_000,
  });
}
