import { queryOptions, useQuery } from '@tanstack/react-query';
import { RecordDetailCalls } from '@openfind/contract';
import type { RecordDetail } from '@openfind/contract';
import { api } from '../../../lib/api-client';

/** The record's details (`getDetail`): basic-information rows, essentials for citing, MARC. */
export function getRecordDetail(recordId: number, signal?: AbortSignal): Promise<RecordDetail> {
  return api.call(RecordDetailCalls.getDetail, { recordId }, { signal });
}

/** Query options of a record's details; the key also carries the language, since the rows are translated. */
export const recordDetailQueryOptions = (recordId: number, lang: string) =>
  queryOptions({
    queryKey: ['record', recordId, 'detail', lang],
    queryFn: ({ signal }) => getRecordDetail(recordId, signal),
    retry: false,
  });

/** A record's details. */
export function useRecordDetail(recordId: number, lang: string) {
  return useQuery(recordDetailQueryOptions(recordId, lang));
}
