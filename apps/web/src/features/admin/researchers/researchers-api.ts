import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { InputOf, OutputOf, SubjectCalls, WorkDecision, WorkState } from '@openfind/contract';
import { notify } from '../../../lib/antd';
import { staffApi } from '../api/staff-api';
import { adminKeys } from '../query-keys';

type C = typeof SubjectCalls;
export type AdminResearcher = OutputOf<C['adminResearcherList']>['list'][number];
export type AdminWork = OutputOf<C['adminResearcherWorks']>['list'][number];
export type ResearcherQuery = InputOf<C['adminResearcherList']>;
type Works = OutputOf<C['adminResearcherWorks']>;

/** Researchers and works shown a page. */
export const RESEARCHER_ADMIN_ROWS = 20;
export const WORK_ADMIN_ROWS = 10;

const researcherKeys = {
  all: () => adminKeys.area('researchers'),
  list: (q: ResearcherQuery) => adminKeys.area('researchers', 'list', q),
  works: (id: number) => adminKeys.area('researchers', 'works', id),
  worksPage: (id: number, state: WorkState | '', page: number) =>
    adminKeys.area('researchers', 'works', id, state, page),
};

export function useAdminResearchers(q: ResearcherQuery) {
  return useQuery({
    queryKey: researcherKeys.list(q),
    queryFn: ({ signal }) => staffApi.call(Calls.adminResearcherList, q, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A page of a researcher's works; read again when the tab comes back (another tab may have decided meanwhile). */
export function useResearcherWorks(id: number, state: WorkState | '', page: number) {
  return useQuery({
    queryKey: researcherKeys.worksPage(id, state, page),
    queryFn: ({ signal }) =>
      staffApi.call(Calls.adminResearcherWorks, { id, state, page, rows: WORK_ADMIN_ROWS }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/**
 * Confirms, excludes or releases a work. The row shows the state the server gives at once; then the
 * researcher's works and the counts are asked again (a released work the rule does not find leaves
 * the list; another tab's decisions show too). The server's message as a toast.
 */
export function useDecideWork(researcherId: number, onDone?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { recordId: number; decision: WorkDecision }) =>
      staffApi.callWithMessage(Calls.adminDecideWork, { researcherId, ...input }),
    onSuccess: ({ data, message }) => {
      client.setQueriesData<Works>({ queryKey: researcherKeys.works(researcherId) }, (page) =>
        page
          ? { ...page, list: page.list.map((w) => (w.recordId === data.recordId ? { ...w, state: data.state } : w)) }
          : page,
      );
      notify('success', message);
      onDone?.();
    },
    onSettled: () => client.invalidateQueries({ queryKey: researcherKeys.all() }),
  });
}
