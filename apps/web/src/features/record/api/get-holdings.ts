import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@openfind/contract';
import type { ItemsByLibrary } from '@openfind/contract';
import type { DigitalItemsResponse } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../query-keys';

/** Electronic holdings as the server answers them. */
export type DigitalItems = ReturnType<typeof DigitalItemsResponse.parse>;

/** Print copies grouped by library (`groupItemsByLibCode`), main library first. */
export function getItemsByLibrary(recordId: number, signal?: AbortSignal): Promise<ItemsByLibrary> {
  return api.post<ItemsByLibrary>(ApiPath.groupItemsByLibCode, { recordId }, { signal });
}

/** Query options of a record's print holdings. */
export const itemsByLibraryQueryOptions = (recordId: number, lang: string) =>
  queryOptions({
    queryKey: recordKeys.holdings(recordId, lang),
    queryFn: ({ signal }) => getItemsByLibrary(recordId, signal),
    retry: false,
  });

/** A record's print holdings. */
export function useItemsByLibrary(recordId: number, lang: string) {
  return useQuery(itemsByLibraryQueryOptions(recordId, lang));
}

/** Electronic copies (`getDItems`); silent, since a record without them is the common case. */
export function getDigitalItems(recordId: number, signal?: AbortSignal): Promise<DigitalItems> {
  return api.post<DigitalItems>(ApiPath.getDItems, { recordId, page: 1, rows: 50 }, { signal, silent: true });
}

/** A record's electronic copies. */
export function useDigitalItems(recordId: number) {
  return useQuery({
    queryKey: recordKeys.digital(recordId),
    queryFn: ({ signal }) => getDigitalItems(recordId, signal),
    retry: false,
  });
}
