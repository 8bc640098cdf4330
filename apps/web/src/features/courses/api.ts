import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Calls from '@openfind/contract/calls';
import type {
  CourseBookDetail,
  CourseBookPage,
  CourseCalls,
  CourseDetail,
  CourseFilters,
  CourseMarkResult,
  CoursePage,
  InputOf,
  MyCourses,
} from '@openfind/contract';
import { api } from '../../lib/api-client';
import { coursesKeys } from './query-keys';

export type CourseSearch = InputOf<typeof CourseCalls.searchCourses>;
export type CourseBookSearch = InputOf<typeof CourseCalls.searchCourseBooks>;

export function useCourseSearch(q: CourseSearch, lang: string) {
  return useQuery({
    queryKey: coursesKeys.search(q, lang),
    queryFn: ({ signal }): Promise<CoursePage> => api.call(Calls.searchCourses, q, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCourseFilters(lang: string) {
  return useQuery({
    queryKey: coursesKeys.filters(lang),
    queryFn: ({ signal }): Promise<CourseFilters> => api.call(Calls.courseFilters, undefined, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });
}

export function useCourse(id: number, lang: string, loggedIn: boolean) {
  return useQuery({
    queryKey: coursesKeys.detail(id, lang, loggedIn),
    queryFn: ({ signal }): Promise<CourseDetail> => api.call(Calls.courseDetail, { id }, { signal }),
    enabled: id > 0,
    retry: false,
  });
}

export function useCourseBooks(q: CourseBookSearch, lang: string) {
  return useQuery({
    queryKey: coursesKeys.books(q, lang),
    queryFn: ({ signal }): Promise<CourseBookPage> => api.call(Calls.searchCourseBooks, q, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCourseBook(id: number, lang: string) {
  return useQuery({
    queryKey: coursesKeys.book(id, lang),
    queryFn: ({ signal }): Promise<CourseBookDetail> => api.call(Calls.courseBookDetail, { id }, { signal }),
    enabled: id > 0,
    retry: false,
  });
}

export function useMyCourses(page: number, rows: number, lang: string) {
  return useQuery({
    queryKey: coursesKeys.mine(page, lang),
    queryFn: ({ signal }): Promise<MyCourses> => api.call(Calls.myCourses, { page, rows }, { signal }),
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
}

/** Marks or unmarks a course; the course's page and the reader's list are asked again. */
export function useMarkCourse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      courseId,
      mark,
    }: {
      courseId: number;
      mark: boolean;
    }): Promise<{
      data: CourseMarkResult;
      message: string;
    }> =>
      mark
        ? api.callWithMessage(Calls.markCourse, { courseId })
        : api.callWithMessage(Calls.unmarkCourse, { courseId }),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: coursesKeys.details() }),
        client.invalidateQueries({ queryKey: coursesKeys.allMine() }),
      ]);
    },
  });
}
