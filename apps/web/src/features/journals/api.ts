import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type {
  HotJournals,
  JournalCarrier,
  JournalDetail,
  JournalNavInfo,
  JournalPage,
  JournalSort,
} from '@openfind/contract';
import { api } from '../../lib/api-client';

/** Journal navigation's calls (public: a failure is said in place, quietly). */

export const journalKeys = {
  all: ['journals'] as const,
  nav: (carrier: string, lang: string) => [...journalKeys.all, 'nav', carrier, lang] as const,
  list: (q: JournalQuery, lang: string) => [...journalKeys.all, 'list', q, lang] as const,
  detail: (id: string, lang: string) => [...journalKeys.all, 'detail', id, lang] as const,
  hot: (lang: string) => [...journalKeys.all, 'hot', lang] as const,
};

/** What the browse page asks: it is the page's address. */
export type JournalQuery = {
  core: string;
  edition: string;
  classCode: string;
  initial: string;
  q: string;
  carrier: JournalCarrier;
  sort: JournalSort;
  page: number;
};

export const JOURNAL_ROWS = 20;

export function useJournalNav(carrier: JournalCarrier, lang: string) {
  return useQuery({
    queryKey: journalKeys.nav(carrier, lang),
    queryFn: ({ signal }): Promise<JournalNavInfo> =>
      api.call(Calls.journalNavInfo, { carrier }, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useJournalList(q: JournalQuery, lang: string) {
  return useQuery({
    queryKey: journalKeys.list(q, lang),
    queryFn: ({ signal }): Promise<JournalPage> =>
      api.call(Calls.journalList, { ...q, rows: JOURNAL_ROWS }, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useHotJournals(lang: string) {
  return useQuery({
    queryKey: journalKeys.hot(lang),
    queryFn: ({ signal }): Promise<HotJournals> =>
      api.call(Calls.journalHotBrowsers, { window: 'month', rows: 10 }, { signal, silent: true }),
  });
}

export function useJournal(id: string, lang: string) {
  return useQuery({
    queryKey: journalKeys.detail(id, lang),
    queryFn: ({ signal }): Promise<JournalDetail> => api.call(Calls.journalDetail, { id }, { signal, silent: true }),
    enabled: id !== '',
    retry: false,
  });
}

/** Counts a view of a journal's page (once per visitor and day on the server); failures are ignored. */
export function countJournalView(id: string): void {
  api.call(Calls.journalView, { id }, { silent: true }).catch(() => undefined);
}
