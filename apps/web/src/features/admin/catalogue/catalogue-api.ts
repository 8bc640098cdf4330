import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { CatalogueAdminCalls, InputOf, OutputOf } from '@openfind/contract';
import { staffApi } from '../api/staff-api';
import { adminKeys } from '../query-keys';

export type FindQuery = InputOf<typeof CatalogueAdminCalls.catalogueFindRecords>;
export type FindPage = OutputOf<typeof CatalogueAdminCalls.catalogueFindRecords>;
export type RecordView = OutputOf<typeof CatalogueAdminCalls.catalogueRecord>;
export type ImportJob = OutputOf<typeof CatalogueAdminCalls.catalogueImportStatus>;
export type ImportRuns = OutputOf<typeof CatalogueAdminCalls.catalogueImportRuns>;

/** The query keys of the catalogue screens: invalidating `all()` refreshes everything they show. */
export const catalogueKeys = {
  all: () => adminKeys.area('catalogue'),
  find: (q: FindQuery) => adminKeys.area('catalogue', 'find', q),
  record: (recordId: number) => adminKeys.area('catalogue', 'record', recordId),
  job: (jobId: number) => adminKeys.area('catalogue', 'job', jobId),
  runs: (page: number) => adminKeys.area('catalogue', 'runs', page),
};

/** Records found (suppressed ones too); nothing is asked until there is text. */
export function useFind(q: FindQuery) {
  return useQuery({
    queryKey: catalogueKeys.find(q),
    queryFn: ({ signal }) => staffApi.call(Calls.catalogueFindRecords, q, { signal }),
    enabled: q.q.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

export function useRecord(recordId: number) {
  return useQuery({
    queryKey: catalogueKeys.record(recordId),
    queryFn: ({ signal }) => staffApi.call(Calls.catalogueRecord, { recordId }, { signal }),
    enabled: recordId > 0,
  });
}

/** An import's progress, asked every second while it runs (plain polling: it works behind every proxy). */
export function useImportJob(jobId: number | null) {
  return useQuery({
    queryKey: catalogueKeys.job(jobId ?? 0),
    queryFn: ({ signal }) => staffApi.call(Calls.catalogueImportStatus, { jobId: jobId! }, { signal, silent: true }),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data?.state === 'running' || !query.state.data ? 1000 : false),
  });
}

/** The institution's import runs, and the one running. */
export function useImportRuns(page: number, enabled: boolean) {
  return useQuery({
    queryKey: catalogueKeys.runs(page),
    queryFn: ({ signal }) => staffApi.call(Calls.catalogueImportRuns, { page, rows: 10 }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** What a catalogue file is declared as (the server reads its content either way). */
export const CATALOGUE_UPLOAD_TYPES = [
  'application/marc',
  'application/marcxml+xml',
  'application/xml',
  'text/xml',
  'application/json',
  'text/csv',
  'text/plain',
  'application/vnd.ms-excel',
] as const;

/** Starts an import: the file is the body, its name, format and CSV mapping are in the query. */
export function uploadCatalogue(file: File, format: string, mapping: string) {
  const query = new URLSearchParams({ fileName: file.name, format });
  if (mapping.trim()) query.set('mapping', mapping.trim());
  const call = { ...Calls.catalogueImportUpload, path: `${Calls.catalogueImportUpload.path}?${query.toString()}` };
  // A large file takes long to send: the usual timeout would cut it.
  return staffApi.upload(call, file, CATALOGUE_UPLOAD_TYPES, { timeoutMs: 60 * 60_000 });
}

/** Downloads an import's reject report as a text file. */
export async function downloadReport(jobId: number): Promise<void> {
  const report = await staffApi.call(Calls.catalogueImportReport, { jobId });
  const url = URL.createObjectURL(new Blob([report.text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = report.fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A number of bytes as people read it. */
export function bytesText(n: number, lang: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v.toLocaleString(lang, { maximumFractionDigits: u ? 1 : 0 })} ${units[u]}`;
}
