import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type {
  DepartmentDetail,
  DepartmentNav,
  DepartmentResource,
  DepartmentResources,
  InputOf,
  ResearcherDetail,
  ResearcherList,
  SubjectCalls,
  ThesisSearch,
} from '@openfind/contract';
import { api } from '../../lib/api-client';
import { subjectKeys } from './query-keys';

/** The subject-service calls: public look-ups, each said in place when it fails (no toast). */

export function useDepartments(lang: string) {
  return useQuery({
    queryKey: subjectKeys.departments(lang),
    queryFn: ({ signal }): Promise<DepartmentNav> => api.call(Calls.collegeNavInfo, {}, { signal, silent: true }),
  });
}

export function useDepartment(id: number, lang: string) {
  return useQuery({
    queryKey: subjectKeys.department(id, lang),
    queryFn: ({ signal }): Promise<DepartmentDetail> => api.call(Calls.collegeDetail, { id }, { signal, silent: true }),
    enabled: id > 0,
    retry: false,
  });
}

export function useDepartmentResources(id: number, type: DepartmentResource, page: number, rows: number, lang: string) {
  return useQuery({
    queryKey: subjectKeys.resources(id, type, page, lang),
    queryFn: ({ signal }): Promise<DepartmentResources> =>
      api.call(Calls.collegeResourceList, { id, type, page, rows }, { signal, silent: true }),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  });
}

export type ResearcherFilter = InputOf<typeof SubjectCalls.getResearcherList>;

export function useResearchers(filter: ResearcherFilter, lang: string) {
  return useQuery({
    queryKey: subjectKeys.researchers(filter, lang),
    queryFn: ({ signal }): Promise<ResearcherList> =>
      api.call(Calls.getResearcherList, filter, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useResearcher(id: number, page: number, rows: number, lang: string) {
  return useQuery({
    queryKey: subjectKeys.researcher(id, page, lang),
    queryFn: ({ signal }): Promise<ResearcherDetail> =>
      api.call(Calls.researcherDetails, { id, page, rows }, { signal, silent: true }),
    enabled: id > 0,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export type ThesisFilter = InputOf<typeof SubjectCalls.localDissertations>;

export function useTheses(filter: ThesisFilter, lang: string) {
  return useQuery({
    queryKey: subjectKeys.theses(filter, lang),
    queryFn: ({ signal }): Promise<ThesisSearch> =>
      api.call(Calls.localDissertations, filter, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}
