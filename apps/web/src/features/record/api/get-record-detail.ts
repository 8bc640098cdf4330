import * as Calls from '@openfind/contract/calls';
import { queryOptions, useQuery } from '@tanstack/react-query';

import type { RecordDetail } from '@openfind/contract';
import { api } from '../../../lib/api-client';
import { recordKeys } from '../query-keys';

/** The record's details (`getDetail`): basic-information rows, essentials for citing, MARC. */
export function getRecordDetail(recordId: number, signal?: AbortSignal): Promise<RecordDetail> {
  return api.call(Calls.getDetail, { recordId }, { signal });
}

/** Query options of a record's details; the key also carries the language, since the rows are translated. */
export const recordDetailQueryOptions = (recordId: number, lang: string) =>
  queryOptions({
    queryKey: recordKeys.detailIn(recordId, lang),
    queryFn: ({ signal }) => getRecordDetail(recordId, signal),
    // The page's own answer (a visitor's, put in by the server): the heading paints with the first render.
    initialData: () => api.firstAnswer(Calls.getDetail, { recordId }),
    retry: false,
  });

/** A record's details. */
export function useRecordDetail(recordId: number, lang: string) {
  return useQuery(recordDetailQueryOptions(recordId, lang));
}
