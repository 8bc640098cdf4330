import { z } from 'zod';
import { calls, get, post } from './endpoint.js';
import { Id, MAX_ID, freeText, wholeNumber } from './input.js';
import { Page, PageRequest, RecordBrief, Rows } from './records.js';
import {
  COURSE_BOOK_ROWS,
  COURSE_BOOK_SORTS,
  COURSE_PAGE_SIZE,
  COURSE_SEARCH_MAX,
  MAX_COURSE_FILTERS,
  READING_KINDS,
  READING_MATCHES,
} from './values/courses.js';
export * from './values/courses.js';

/**
 * Course reading lists (spec §2 subject service: /courseReference, /courseReferenceDetail,
 * /courseBookResource, /courseBookDetail; key 16 "my courses"; §3 the two searches and their
 * parameters; §7 `/find/course/*` and `/find/courseMark/*`, whose paths and answers the spec does not
 * show: designed here; §9 the page sizes). Courses of a term with teachers and a department, their
 * reading lists matched to catalogue records with the copies' availability, and the courses a
 * reader marked.
 */

/** Search words: trimmed, absent or null is ''. */
const words = (max: number) =>
  z
    .union([freeText(max), z.null()])
    .optional()
    .transform((v) => (v ?? '').trim());

/** A list of codes as an array or one comma-separated string ('CS,MATH'); each trimmed, empty ones dropped. */
const codeList = z
  .union([z.array(z.union([z.string(), z.number()])), z.string(), z.null()])
  .optional()
  .transform((v) => (Array.isArray(v) ? v.map(String) : (v ?? '').split(',')).map((c) => c.trim()).filter(Boolean))
  .pipe(z.array(z.string().max(40)).max(MAX_COURSE_FILTERS));

/** A list of ids as an array or one comma-separated string ('3,7'). */
const idList = z
  .union([z.array(z.union([z.string(), z.number()])), z.string(), z.null()])
  .optional()
  .transform((v) => (Array.isArray(v) ? v.map(String) : (v ?? '').split(',')).map((c) => c.trim()).filter(Boolean))
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^\d{1,10}$/, 'an id')
          .transform(Number)
          .pipe(z.number().int().min(1).max(MAX_ID)),
      )
      .max(MAX_COURSE_FILTERS),
  );

/** `POST /find/course/search` (spec §3 course reference search). */
export const CourseSearchRequest = z.object({
  courseName: words(COURSE_SEARCH_MAX.courseName),
  teacherName: words(COURSE_SEARCH_MAX.teacherName),
  courseCode: words(COURSE_SEARCH_MAX.courseCode),
  /** The academic year's first year (2026 for 2026-2027); absent, '' or 0 for any. */
  year: wholeNumber(0).pipe(z.number().int().min(0).max(2999)),
  /** Department (college) codes; none for all. */
  coCodes: codeList,
  page: Page,
  size: Rows(COURSE_PAGE_SIZE, COURSE_PAGE_SIZE),
});
export type CourseSearchRequest = z.infer<typeof CourseSearchRequest>;

export const CourseTeacher = z.object({ teacherId: z.number().int(), name: z.string(), code: z.string() });
export type CourseTeacher = z.infer<typeof CourseTeacher>;

/** A course as lists show it, its name in the caller's language. */
export const CourseBrief = z.object({
  courseId: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** 2026-2027-1. */
  term: z.string(),
  year: z.number().int(),
  deptCode: z.string(),
  deptName: z.string(),
  teachers: z.array(CourseTeacher),
  classHours: z.number().int().nullable(),
  requiredCount: z.number().int(),
  recommendedCount: z.number().int(),
});
export type CourseBrief = z.infer<typeof CourseBrief>;

export const CoursePage = z.object({ totalCount: z.number().int(), list: z.array(CourseBrief) });
export type CoursePage = z.infer<typeof CoursePage>;

/** `GET /find/course/filters`: what the search screens offer to filter by. */
export const CourseFilters = z.object({
  years: z.array(z.number().int()),
  departments: z.array(z.object({ code: z.string(), name: z.string(), courseCount: z.number().int() })),
  teachers: z.array(z.object({ teacherId: z.number().int(), name: z.string(), courseCount: z.number().int() })),
});
export type CourseFilters = z.infer<typeof CourseFilters>;

/** Where a record's copies stand: one row per library, location, call number and shelf. */
export const CopyPlace = z.object({
  libName: z.string(),
  locationName: z.string(),
  callNo: z.string(),
  shelfNo: z.string(),
  itemCount: z.number().int(),
  onShelfCount: z.number().int(),
});

/** The copies of a matched record: how many, how many on the shelf, how many lent, and where. */
export const CopyAvailability = z.object({
  total: z.number().int(),
  onShelf: z.number().int(),
  onLoan: z.number().int(),
  places: z.array(CopyPlace),
});
export type CopyAvailability = z.infer<typeof CopyAvailability>;

/** An entry of a course's reading list: the citation as listed and, when matched, the record and its copies. */
export const CourseReading = z.object({
  readingId: z.number().int(),
  seq: z.number().int(),
  kind: z.enum(READING_KINDS),
  title: z.string(),
  author: z.string(),
  isbn: z.string(),
  note: z.string(),
  matchedBy: z.enum(READING_MATCHES),
  record: RecordBrief.nullable(),
  availability: CopyAvailability.nullable(),
});
export type CourseReading = z.infer<typeof CourseReading>;

export const CourseIdQuery = z.object({ id: Id });

/** `GET /find/course/detail?id=`: a course, its teachers, its reading list, whether the reader marked it. */
export const CourseDetail = CourseBrief.extend({
  description: z.string(),
  readings: z.array(CourseReading),
  /** The logged-in reader marked it (false for visitors). */
  marked: z.boolean(),
  markCount: z.number().int(),
});
export type CourseDetail = z.infer<typeof CourseDetail>;

/** `POST /find/course/books` (spec §3 course-book search): the records the courses use. */
export const CourseBookSearchRequest = z.object({
  teacherIds: idList,
  /** Department codes. */
  departmentIds: codeList,
  courseName: words(COURSE_SEARCH_MAX.courseName),
  /** 0 used by the most courses, 1 title, 2 newest, 3 most on the shelf (`COURSE_BOOK_SORTS`). */
  sortType: wholeNumber(0).pipe(
    z
      .number()
      .int()
      .min(0)
      .max(COURSE_BOOK_SORTS.length - 1),
  ),
  page: Page,
  rows: Rows(COURSE_BOOK_ROWS, 48),
});
export type CourseBookSearchRequest = z.infer<typeof CourseBookSearchRequest>;

/** A course that uses a record, as the book pages name it. */
export const CourseUse = z.object({
  courseId: z.number().int(),
  code: z.string(),
  name: z.string(),
  term: z.string(),
  kind: z.enum(READING_KINDS),
});

/** One record of the course-book list. */
export const CourseBook = z.object({
  record: RecordBrief,
  courseCount: z.number().int(),
  /** Required reading in at least one course. */
  required: z.boolean(),
  /** The first courses that use it. */
  courses: z.array(CourseUse),
  availability: CopyAvailability,
});
export type CourseBook = z.infer<typeof CourseBook>;

export const CourseBookPage = z.object({ totalCount: z.number().int(), list: z.array(CourseBook) });
export type CourseBookPage = z.infer<typeof CourseBookPage>;

/** `GET /find/course/bookDetail?id=` (a record id): the book, every course that uses it, its copies. */
export const CourseBookDetail = z.object({
  record: RecordBrief,
  courses: z.array(CourseUse.extend({ deptName: z.string(), teachers: z.array(CourseTeacher), note: z.string() })),
  availability: CopyAvailability,
});
export type CourseBookDetail = z.infer<typeof CourseBookDetail>;

export const CourseMarkRequest = z.object({ courseId: Id });
export const CourseMarkResult = z.object({ courseId: z.number().int(), marked: z.boolean() });
export type CourseMarkResult = z.infer<typeof CourseMarkResult>;

/** `GET /find/courseMark/list`: the reader's marked courses, last marked first, with their reading lists. */
export const MyCourses = z.object({
  totalCount: z.number().int(),
  list: z.array(
    z.object({
      course: CourseBrief,
      /** ISO 8601. */
      markedAt: z.string(),
      readings: z.array(CourseReading),
    }),
  ),
});
export type MyCourses = z.infer<typeof MyCourses>;

/** `GET /find/admin/courses/unmatched`: reading-list entries no record matched, for staff to fix. */
export const UnmatchedReading = z.object({
  readingId: z.number().int(),
  courseId: z.number().int(),
  courseCode: z.string(),
  courseName: z.string(),
  term: z.string(),
  kind: z.enum(READING_KINDS),
  title: z.string(),
  author: z.string(),
  isbn: z.string(),
});
export const UnmatchedReadings = z.object({ totalCount: z.number().int(), list: z.array(UnmatchedReading) });
export type UnmatchedReadings = z.infer<typeof UnmatchedReadings>;

/** `POST /find/admin/courses/match`: staff match an entry to a record by its id (or clear it: recordId 0). */
export const MatchReadingRequest = z.object({
  readingId: Id,
  recordId: z.coerce.number().int().min(0).max(2_147_483_647),
});

/** `GET /find/admin/courses/list`: the institution's courses for the console, with how many entries are matched. */
export const AdminCourseListRequest = z.object({
  /** Words of the code or name (any language). */
  q: z
    .union([freeText(100), z.null()])
    .optional()
    .transform((v) => (v ?? '').trim()),
  /** Only the courses with an unmatched entry. */
  unmatchedOnly: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .optional()
    .transform((v) => v === true || v === 'true'),
  page: Page,
  rows: Rows(20, 100),
});
export type AdminCourseListRequest = z.infer<typeof AdminCourseListRequest>;
export const AdminCourse = z.object({
  courseId: z.number().int(),
  code: z.string(),
  name: z.string(),
  term: z.string(),
  deptName: z.string(),
  readingCount: z.number().int(),
  /** Entries with a record readers see (by ISBN, title and author, or staff). */
  matchedCount: z.number().int(),
  /** Entries without one (never matched, or the record suppressed since). */
  unmatchedCount: z.number().int(),
});
export type AdminCourse = z.infer<typeof AdminCourse>;
export const AdminCoursePage = z.object({ totalCount: z.number().int(), list: z.array(AdminCourse) });
export type AdminCoursePage = z.infer<typeof AdminCoursePage>;

/** `GET /find/admin/courses/readings?id=`: a course's whole reading list as staff match it. */
export const AdminCourseReading = z.object({
  readingId: z.number().int(),
  seq: z.number().int(),
  kind: z.enum(READING_KINDS),
  title: z.string(),
  author: z.string(),
  isbn: z.string(),
  matchedBy: z.enum(READING_MATCHES),
  record: RecordBrief.nullable(),
});
export type AdminCourseReading = z.infer<typeof AdminCourseReading>;
export const AdminCourseReadings = z.object({ course: AdminCourse, list: z.array(AdminCourseReading) });
export type AdminCourseReadings = z.infer<typeof AdminCourseReadings>;

/** Course reading lists: the public searches and pages, the reader's marks, staff matching. */
export const CourseCalls = calls('courses', {
  searchCourses: post('/find/course/search', {
    input: CourseSearchRequest,
    output: CoursePage,
    access: 'public',
    summary: 'Course reference search: courses by name, teacher, code, year and department (100 a page)',
  }),
  courseFilters: get('/find/course/filters', {
    output: CourseFilters,
    access: 'public',
    summary: 'The years, departments and teachers the course searches filter by',
  }),
  courseDetail: get('/find/course/detail', {
    input: CourseIdQuery,
    output: CourseDetail,
    access: 'public',
    summary: "A course with its teachers and reading list, each matched book's copies and where they stand",
  }),
  searchCourseBooks: post('/find/course/books', {
    input: CourseBookSearchRequest,
    output: CourseBookPage,
    access: 'public',
    summary: 'Course-book search: the catalogue records the courses use, by teacher, department and course name',
  }),
  courseBookDetail: get('/find/course/bookDetail', {
    input: CourseIdQuery,
    output: CourseBookDetail,
    access: 'public',
    summary: 'A record used by courses (id: the record id): the courses and its copies',
  }),
  markCourse: post('/find/courseMark/mark', {
    input: CourseMarkRequest,
    output: CourseMarkResult,
    access: 'reader',
    summary: 'Mark a course (My Library key 16); marking it again changes nothing',
  }),
  unmarkCourse: post('/find/courseMark/unmark', {
    input: CourseMarkRequest,
    output: CourseMarkResult,
    access: 'reader',
    summary: 'Unmark a course',
  }),
  myCourses: get('/find/courseMark/list', {
    input: PageRequest,
    output: MyCourses,
    access: 'reader',
    summary: "The reader's marked courses, last marked first, with their reading lists and copies",
  }),
  adminUnmatchedReadings: get('/find/admin/courses/unmatched', {
    input: z.object({ page: Page, rows: Rows(20, 100) }),
    output: UnmatchedReadings,
    access: 'staff',
    summary: 'Reading-list entries no catalogue record matched, by course',
  }),
  adminMatchReading: post('/find/admin/courses/match', {
    input: MatchReadingRequest,
    output: CourseReading,
    access: 'staff',
    summary: 'Match a reading-list entry to a record by id (0 clears the match)',
  }),
  adminCourseList: get('/find/admin/courses/list', {
    input: AdminCourseListRequest,
    output: AdminCoursePage,
    access: 'staff',
    summary: 'The courses for the console, newest term first, with matched and unmatched entry counts',
  }),
  adminCourseReadings: get('/find/admin/courses/readings', {
    input: CourseIdQuery,
    output: AdminCourseReadings,
    access: 'staff',
    summary: "A course's reading list with each entry's match (by ISBN, title and author, staff, or none)",
  }),
});
