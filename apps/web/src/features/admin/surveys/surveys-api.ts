import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { InputOf, OutputOf, SurveyCalls, SurveyStatus } from '@openfind/contract';
import { notify } from '../../../lib/antd';
import { staffApi } from '../api/staff-api';
import { adminKeys } from '../query-keys';

type C = typeof SurveyCalls;
export type AdminSurveyRow = OutputOf<C['adminSurveys']>['list'][number];
export type AdminSurveyFull = OutputOf<C['adminSurvey']>;
export type SurveySaveInput = InputOf<C['adminSurveySave']>;
export type SurveyExportData = OutputOf<C['adminSurveyExport']>;

export const SURVEY_ROWS = 20;
export const TEXT_ROWS = 10;

/** The query keys of the questionnaires tab. */
export const surveyAdminKeys = {
  all: () => adminKeys.area('surveys'),
  list: (status: string, page: number) => adminKeys.area('surveys', 'list', status, page),
  detail: (id: number) => adminKeys.area('surveys', 'detail', id),
  results: (id: number) => adminKeys.area('surveys', 'results', id),
  texts: (id: number, questionId: number, page: number) => adminKeys.area('surveys', 'texts', id, questionId, page),
};

export function useAdminSurveys(status: SurveyStatus | '', page: number) {
  return useQuery({
    queryKey: surveyAdminKeys.list(status, page),
    queryFn: ({ signal }) => staffApi.call(Calls.adminSurveys, { status, page, rows: SURVEY_ROWS }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminSurvey(id: number) {
  return useQuery({
    queryKey: surveyAdminKeys.detail(id),
    queryFn: ({ signal }) => staffApi.call(Calls.adminSurvey, { surveyId: id }, { signal }),
    enabled: id > 0,
  });
}

export function useSurveyResults(id: number) {
  return useQuery({
    queryKey: surveyAdminKeys.results(id),
    queryFn: ({ signal }) => staffApi.call(Calls.adminSurveyResults, { surveyId: id }, { signal }),
    refetchOnMount: 'always',
  });
}

export function useSurveyTexts(id: number, questionId: number, page: number) {
  return useQuery({
    queryKey: surveyAdminKeys.texts(id, questionId, page),
    queryFn: ({ signal }) =>
      staffApi.call(Calls.adminSurveyTexts, { surveyId: id, questionId, page, rows: TEXT_ROWS }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function fetchSurveyExport(id: number): Promise<SurveyExportData> {
  return staffApi.call(Calls.adminSurveyExport, { surveyId: id });
}

/** Every change of the tab: saved, published, closed, deleted; the lists are asked again after each. */
export function useSurveyChanges() {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: surveyAdminKeys.all() });
  const said = ({ message }: { message: string }) => notify('success', message);
  return {
    save: useMutation({
      mutationFn: (input: SurveySaveInput) => staffApi.callWithMessage(Calls.adminSurveySave, input),
      onSuccess: said,
      onSettled: settled,
    }),
    publish: useMutation({
      mutationFn: (s: { surveyId: number; version: number }) => staffApi.callWithMessage(Calls.adminSurveyPublish, s),
      onSuccess: said,
      onSettled: settled,
    }),
    close: useMutation({
      mutationFn: (s: { surveyId: number; version: number }) => staffApi.callWithMessage(Calls.adminSurveyClose, s),
      onSuccess: said,
      onSettled: settled,
    }),
    remove: useMutation({
      mutationFn: (s: { surveyId: number; version: number; confirm: boolean }) =>
        staffApi.callWithMessage(Calls.adminSurveyDelete, s),
      onSuccess: said,
      onSettled: settled,
    }),
  };
}
