import { useState } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RecordDetail, SearchResponse } from '@openfind/contract';
import { notify } from '../../lib/antd';
import { recordKeys } from '../record';
import { searchKeys } from '../search';
import { addFavourite, cancelFavourite } from './favourites-api';

/** Marks the record kept (or not) in every cached answer that shows it: result pages and its detail. */
export function markCached(client: QueryClient, recordId: number, kept: boolean): void {
  client.setQueriesData<SearchResponse>({ queryKey: searchKeys.all }, (old) =>
    old && Array.isArray(old.searchResult)
      ? {
          ...old,
          searchResult: old.searchResult.map((r) => (r.recordId === recordId ? { ...r, myFav: kept } : r)),
        }
      : old,
  );
  client.setQueriesData<RecordDetail>({ queryKey: recordKeys.detail(recordId) }, (old) =>
    old
      ? { ...old, baseMarcInfoDto: { ...old.baseMarcInfoDto, myFav: kept }, record: { ...old.record, myFav: kept } }
      : old,
  );
}

/**
 * Whether the logged-in reader keeps a record, and the toggle. `kept` is what the server said with
 * the page; a toggle shows at once when it succeeds, and a second click while one is on its way does
 * nothing (the server keeps one favourite per record anyway).
 */
export function useFavourite(recordId: number, kept: boolean) {
  const client = useQueryClient();
  // The answer of the last toggle, for as long as the page still says what it said before it.
  const [local, setLocal] = useState<{ over: boolean; kept: boolean } | null>(null);
  const mutation = useMutation({
    mutationFn: async (keep: boolean): Promise<{ message: string }> =>
      keep ? addFavourite(recordId) : cancelFavourite(recordId),
    onSuccess: ({ message: text }, keep) => {
      setLocal({ over: kept, kept: keep });
      markCached(client, recordId, keep);
      if (text) notify('success', text);
    },
  });
  const isKept = local && local.over === kept ? local.kept : kept;
  return {
    isKept,
    isPending: mutation.isPending,
    toggle: () => {
      if (!mutation.isPending) mutation.mutate(!isKept);
    },
  };
}
