import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type { CourseCalls, InputOf, OutputOf } from '@openfind/contract';
import { notify } from '../../../lib/antd';
import { staffApi } from '../api/staff-api';
import { adminKeys } from '../query-keys';

type C = typeof CourseCalls;
export type Unmatched = OutputOf<C['adminUnmatchedReadings']>['list'][number];
export type AdminCourse = OutputOf<C['adminCourseList']>['list'][number];
export type AdminReading = OutputOf<C['adminCourseReadings']>['list'][number];
export type CourseListQuery = InputOf<C['adminCourseList']>;

/** Entries and courses shown a page. */
export const COURSE_ADMIN_ROWS = 20;

const courseKeys = {
  all: () => adminKeys.area('courses'),
  unmatched: (page: number) => adminKeys.area('courses', 'unmatched', page),
  list: (q: CourseListQuery) => adminKeys.area('courses', 'list', q),
  readings: (id: number) => adminKeys.area('courses', 'readings', id),
};

export function useUnmatched(page: number) {
  return useQuery({
    queryKey: courseKeys.unmatched(page),
    queryFn: ({ signal }) => staffApi.call(Calls.adminUnmatchedReadings, { page, rows: COURSE_ADMIN_ROWS }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminCourses(q: CourseListQuery) {
  return useQuery({
    queryKey: courseKeys.list(q),
    queryFn: ({ signal }) => staffApi.call(Calls.adminCourseList, q, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCourseReadings(id: number | null) {
  return useQuery({
    queryKey: courseKeys.readings(id ?? 0),
    queryFn: ({ signal }) => staffApi.call(Calls.adminCourseReadings, { id: id! }, { signal }),
    enabled: id !== null,
  });
}

/** Matches an entry to a record (0 clears it); the server's message as a toast, every list asked again. */
export function useMatchReading(onDone?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { readingId: number; recordId: number }) =>
      staffApi.callWithMessage(Calls.adminMatchReading, input),
    onSuccess: ({ message }) => {
      notify('success', message);
      onDone?.();
    },
    onSettled: () => client.invalidateQueries({ queryKey: courseKeys.all() }),
  });
}
