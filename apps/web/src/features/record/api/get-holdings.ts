import * as Calls from '@openfind/contract/calls';
import { queryOptions } from '@tanstack/react-query';

import type { AttachmentsResponse, DigitalItemsResponse, ItemsByLibrary } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { useQueryAfterPaint } from '../../../lib/first-paint';
import { recordKeys } from '../query-keys';

/** Print copies grouped by library (`groupItemsByLibCode`), main library first. */
export function getItemsByLibrary(recordId: number, signal?: AbortSignal): Promise<ItemsByLibrary> {
  return api.call(Calls.groupItemsByLibCode, { recordId }, { signal });
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
  return useQueryAfterPaint(itemsByLibraryQueryOptions(recordId, lang));
}

/** Electronic copies (`getDItems`); silent, since a record without them is the common case. */
export function getDigitalItems(recordId: number, signal?: AbortSignal): Promise<DigitalItemsResponse> {
  return api.call(Calls.getDItems, { recordId, page: 1, rows: 50 }, { signal, silent: true });
}

/** A record's electronic copies. */
export function useDigitalItems(recordId: number) {
  return useQueryAfterPaint({
    queryKey: recordKeys.digital(recordId),
    queryFn: ({ signal }) => getDigitalItems(recordId, signal),
    retry: false,
  });
}

/** Files attached to the record (`getAttachmentList`): contents, covers, previews; silent, most records have none. */
export function getAttachments(recordId: number, signal?: AbortSignal): Promise<AttachmentsResponse> {
  return api.call(Calls.getAttachmentList, { recordId, page: 1, rows: 50 }, { signal, silent: true });
}

/** A record's attachments. */
export function useAttachments(recordId: number) {
  return useQueryAfterPaint({
    queryKey: recordKeys.attachments(recordId),
    queryFn: ({ signal }) => getAttachments(recordId, signal),
    retry: false,
  });
}
