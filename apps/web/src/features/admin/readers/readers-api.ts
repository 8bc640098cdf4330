import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { InputOf, OutputOf, ReaderAdminCalls } from '@openfind/contract';
import { staffApi } from '../api/staff-api';
import { adminKeys } from '../query-keys';

export type ReaderSearch = InputOf<typeof ReaderAdminCalls.adminReaderSearch>;
export type ReaderDetail = OutputOf<typeof ReaderAdminCalls.adminReader>;
export type ImportReport = OutputOf<typeof ReaderAdminCalls.adminReaderImportPreview>;

/** The query keys of the readers' screens: invalidating `all()` refreshes the list and every page. */
export const readersKeys = {
  all: () => adminKeys.area('readers'),
  search: (q: ReaderSearch) => adminKeys.area('readers', 'search', q),
  reader: (readerId: number) => adminKeys.area('readers', 'reader', readerId),
};

export function useReaderSearch(q: ReaderSearch) {
  return useQuery({
    queryKey: readersKeys.search(q),
    queryFn: () => staffApi.call(Calls.adminReaderSearch, q),
    placeholderData: keepPreviousData,
  });
}

export function useReader(readerId: number) {
  return useQuery({
    queryKey: readersKeys.reader(readerId),
    queryFn: () => staffApi.call(Calls.adminReader, { readerId }),
  });
}

/** What a reader file is declared as (the server reads its content either way). */
export const READER_FILE_TYPES = ['text/csv', 'text/plain', 'application/vnd.ms-excel'] as const;
