/**
 * Course reading lists (课程参考书: /courseReference, /courseReferenceDetail, /courseBookResource,
 * /courseBookDetail; My Library key 16 "my courses"): codes, sizes and value lists free of schemas
 * (courses.ts re-exports them), so the web app uses them without bringing zod along.
 */

/** Error codes of the course calls (in `errCode`), 43901–43999. */
export const CourseErrCode = {
  /** No such course in this institution. */
  noSuchCourse: 43901,
  /** No course of this institution uses this record (or it is not in the catalogue any more). */
  noSuchCourseBook: 43902,
  /** The reader marked as many courses as allowed (`MAX_COURSE_MARKS`). */
  tooManyMarks: 43903,
  /** No such reading-list entry in this institution (staff matching). */
  noSuchReading: 43904,
  /** The record named to match an entry is not in this institution's catalogue. */
  noSuchRecord: 43905,
} as const;

/** Spec §9: the course reference search's page size, and the size the search's reset sets. */
export const COURSE_PAGE_SIZE = 100;
export const COURSE_PAGE_SIZE_RESET = 21;
/** Spec §9: the course-book search's first page, page size and sort. */
export const COURSE_BOOK_PAGE = 1;
export const COURSE_BOOK_ROWS = 12;
export const COURSE_BOOK_SORT = 0;

/**
 * The course-book search's sorts: 0 used by the most courses (required ones first), 1 title,
 * 2 newest publication first, 3 most copies on the shelf first.
 */
export const COURSE_BOOK_SORTS = [0, 1, 2, 3] as const;
export type CourseBookSort = (typeof COURSE_BOOK_SORTS)[number];

/** A reading-list entry is required reading (必读) or recommended (选读). */
export const READING_KINDS = ['required', 'recommended'] as const;
export type ReadingKind = (typeof READING_KINDS)[number];

/** How an entry found its catalogue record: by ISBN, by title and author, by staff, or not at all. */
export const READING_MATCHES = ['isbn', 'title', 'staff', 'none'] as const;
export type ReadingMatch = (typeof READING_MATCHES)[number];

/** Courses one reader may mark, and the marked courses shown per page in My Library. */
export const MAX_COURSE_MARKS = 200;
export const MY_COURSE_ROWS = 10;

/** Longest search words of each field. */
export const COURSE_SEARCH_MAX = { courseName: 100, teacherName: 60, courseCode: 40 } as const;

/** Most teachers or departments one course-book search filters by. */
export const MAX_COURSE_FILTERS = 50;

/** A term as courses carry it: 2026-2027-1 (the academic year's first term). */
export const TERM_PATTERN = /^(\d{4})-(\d{4})-([1-3])$/;
