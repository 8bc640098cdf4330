import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { CourseBookSearchRequest, CourseSearchRequest, ReadingKind, ReadingMatch } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import type { BriefRow } from '../record-detail/record-brief.js';

/**
 * Courses, their teachers and reading lists, and readers' marks. Every function is scoped by
 * institution (and a reader's marks by reader): an id of another institution's course names nothing.
 */

type Q = Kysely<Database>;

/** A course as stored, with its reading counts. */
export interface CourseRow {
  id: number;
  code: string;
  name: string;
  name_tw: string;
  name_en: string;
  dept_code: string;
  dept_name: string;
  dept_name_en: string;
  term: string;
  year: number;
  class_hours: number | null;
  description: string;
  required_count: number;
  recommended_count: number;
}

export interface TeacherRow {
  course_id: number;
  teacher_id: number;
  name: string;
  code: string;
}

export interface ReadingRow {
  id: number;
  course_id: number;
  seq: number;
  kind: ReadingKind;
  isbn: string;
  title: string;
  author: string;
  note: string;
  matched_by: ReadingMatch;
  /** The matched record's brief (null when none, or the record is suppressed). */
  record_id: number | null;
  r_title: string | null;
  r_author: string | null;
  publisher: string | null;
  publish_year: string | null;
  isbns: string[] | null;
}

const COURSE_COLUMNS = sql`c.id, c.code, c.name, c.name_tw, c.name_en, c.dept_code, c.dept_name, c.dept_name_en,
  c.term, c.year, c.class_hours, c.description,
  (SELECT count(*)::int FROM course_reading r WHERE r.course_id = c.id AND r.kind = 'required') AS required_count,
  (SELECT count(*)::int FROM course_reading r WHERE r.course_id = c.id AND r.kind = 'recommended') AS recommended_count`;

/** `%words%` for LIKE, its wildcards taken literally. */
const like = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The conditions of a course search, after the tenant's. */
function courseConditions(
  q: Pick<CourseSearchRequest, 'courseName' | 'teacherName' | 'courseCode' | 'year' | 'coCodes'>,
) {
  const parts: RawBuilder<unknown>[] = [];
  if (q.courseName)
    parts.push(
      sql`(lower(c.name) LIKE ${like(q.courseName)} OR lower(c.name_tw) LIKE ${like(q.courseName)} OR lower(c.name_en) LIKE ${like(q.courseName)})`,
    );
  if (q.courseCode) parts.push(sql`lower(c.code) LIKE ${like(q.courseCode)}`);
  if (q.year) parts.push(sql`c.year = ${q.year}`);
  if (q.coCodes.length) parts.push(sql`c.dept_code IN (${sql.join(q.coCodes)})`);
  if (q.teacherName)
    parts.push(sql`EXISTS (SELECT 1 FROM course_teaching g JOIN course_teacher t ON t.id = g.teacher_id
      WHERE g.course_id = c.id AND g.tenant_id = c.tenant_id AND lower(t.name) LIKE ${like(q.teacherName)})`);
  return parts.length ? sql`AND ${sql.join(parts, sql` AND `)}` : sql``;
}

/** A page of the institution's courses matching the search, newest term first, then by code. */
export async function findCourses(
  db: Q,
  tenantId: number,
  q: CourseSearchRequest,
): Promise<{ total: number; rows: CourseRow[] }> {
  const where = courseConditions(q);
  const [{ rows: count }, { rows }] = await Promise.all([
    sql<{ n: number }>`SELECT count(*)::int AS n FROM course c WHERE c.tenant_id = ${tenantId} ${where}`.execute(db),
    sql<CourseRow>`SELECT ${COURSE_COLUMNS} FROM course c WHERE c.tenant_id = ${tenantId} ${where}
      ORDER BY c.term DESC, c.code, c.id LIMIT ${q.size} OFFSET ${(q.page - 1) * q.size}`.execute(db),
  ]);
  return { total: count[0]?.n ?? 0, rows };
}

/** Courses by id (of the institution), in no order. */
export async function findCoursesById(db: Q, tenantId: number, ids: number[]): Promise<CourseRow[]> {
  if (!ids.length) return [];
  const { rows } = await sql<CourseRow>`SELECT ${COURSE_COLUMNS} FROM course c
    WHERE c.tenant_id = ${tenantId} AND c.id IN (${sql.join(ids)})`.execute(db);
  return rows;
}

/** The teachers of the courses, in each course's order. */
export async function findTeachers(db: Q, tenantId: number, courseIds: number[]): Promise<TeacherRow[]> {
  if (!courseIds.length) return [];
  const { rows } = await sql<TeacherRow>`SELECT g.course_id, t.id AS teacher_id, t.name, t.code
    FROM course_teaching g JOIN course_teacher t ON t.id = g.teacher_id AND t.tenant_id = g.tenant_id
    WHERE g.tenant_id = ${tenantId} AND g.course_id IN (${sql.join(courseIds)})
    ORDER BY g.course_id, g.seq`.execute(db);
  return rows;
}

/** The reading lists of the courses, in order, with each matched record's brief (suppressed ones as unmatched). */
export async function findReadings(db: Q, tenantId: number, courseIds: number[]): Promise<ReadingRow[]> {
  if (!courseIds.length) return [];
  const { rows } = await sql<ReadingRow>`SELECT r.id, r.course_id, r.seq, r.kind, r.isbn, r.title, r.author, r.note,
      r.matched_by, b.record_id, b.title AS r_title, b.author AS r_author, b.publisher, b.publish_year, b.isbns
    FROM course_reading r
    LEFT JOIN bib_record b ON b.record_id = r.record_id AND b.tenant_id = r.tenant_id AND NOT b.suppressed
    WHERE r.tenant_id = ${tenantId} AND r.course_id IN (${sql.join(courseIds)})
    ORDER BY r.course_id, r.seq`.execute(db);
  return rows;
}

/** One reading-list entry with its record's brief. */
export async function findReading(db: Q, tenantId: number, readingId: number): Promise<ReadingRow | undefined> {
  const { rows } = await sql<ReadingRow>`SELECT r.id, r.course_id, r.seq, r.kind, r.isbn, r.title, r.author, r.note,
      r.matched_by, b.record_id, b.title AS r_title, b.author AS r_author, b.publisher, b.publish_year, b.isbns
    FROM course_reading r
    LEFT JOIN bib_record b ON b.record_id = r.record_id AND b.tenant_id = r.tenant_id AND NOT b.suppressed
    WHERE r.tenant_id = ${tenantId} AND r.id = ${readingId}`.execute(db);
  return rows[0];
}

/** The years, departments and teachers of the institution's courses. */
export async function findFilters(db: Q, tenantId: number) {
  const [years, depts, teachers] = await Promise.all([
    sql<{ year: number }>`SELECT DISTINCT year FROM course WHERE tenant_id = ${tenantId} ORDER BY year DESC`.execute(
      db,
    ),
    sql<{ code: string; name: string; name_en: string; n: number }>`
      SELECT dept_code AS code, max(dept_name) AS name, max(dept_name_en) AS name_en, count(*)::int AS n
      FROM course WHERE tenant_id = ${tenantId} AND dept_code <> '' GROUP BY dept_code ORDER BY dept_code`.execute(db),
    sql<{ id: number; name: string; n: number }>`
      SELECT t.id, t.name, count(*)::int AS n FROM course_teacher t
      JOIN course_teaching g ON g.teacher_id = t.id AND g.tenant_id = t.tenant_id
      WHERE t.tenant_id = ${tenantId} GROUP BY t.id, t.name ORDER BY t.name, t.id`.execute(db),
  ]);
  return { years: years.rows.map((r) => r.year), depts: depts.rows, teachers: teachers.rows };
}

/** The conditions of a course-book search on the courses (`c`) that use a record. */
function bookConditions(q: Pick<CourseBookSearchRequest, 'teacherIds' | 'departmentIds' | 'courseName'>) {
  const parts: RawBuilder<unknown>[] = [];
  if (q.courseName)
    parts.push(
      sql`(lower(c.name) LIKE ${like(q.courseName)} OR lower(c.name_tw) LIKE ${like(q.courseName)} OR lower(c.name_en) LIKE ${like(q.courseName)})`,
    );
  if (q.departmentIds.length) parts.push(sql`c.dept_code IN (${sql.join(q.departmentIds)})`);
  if (q.teacherIds.length)
    parts.push(sql`EXISTS (SELECT 1 FROM course_teaching g WHERE g.course_id = c.id AND g.tenant_id = c.tenant_id
      AND g.teacher_id IN (${sql.join(q.teacherIds)}))`);
  return parts.length ? sql`AND ${sql.join(parts, sql` AND `)}` : sql``;
}

export interface CourseBookRow extends BriefRow {
  course_count: number;
  required: boolean;
}

const BOOK_ORDER: Record<number, RawBuilder<unknown>> = {
  0: sql`u.course_count DESC, u.required DESC, b.title_sort, b.record_id`,
  1: sql`b.title_sort, b.record_id`,
  2: sql`b.publish_year_int DESC NULLS LAST, b.title_sort, b.record_id`,
  3: sql`b.on_shelf_count DESC, u.course_count DESC, b.title_sort, b.record_id`,
};

/** A page of the records the matching courses use, with how many of them use each. */
export async function findCourseBooks(
  db: Q,
  tenantId: number,
  q: CourseBookSearchRequest,
): Promise<{ total: number; rows: CourseBookRow[] }> {
  const used = sql`SELECT r.record_id, count(DISTINCT r.course_id)::int AS course_count,
      bool_or(r.kind = 'required') AS required
    FROM course_reading r JOIN course c ON c.id = r.course_id AND c.tenant_id = r.tenant_id
    WHERE r.tenant_id = ${tenantId} AND r.record_id IS NOT NULL ${bookConditions(q)}
    GROUP BY r.record_id`;
  const from = sql`(${used}) u JOIN bib_record b ON b.record_id = u.record_id AND b.tenant_id = ${tenantId} AND NOT b.suppressed`;
  const [{ rows: count }, { rows }] = await Promise.all([
    sql<{ n: number }>`SELECT count(*)::int AS n FROM ${from}`.execute(db),
    sql<CourseBookRow>`SELECT b.record_id, b.title, b.author, b.publisher, b.publish_year, b.isbns,
        u.course_count, u.required
      FROM ${from} ORDER BY ${BOOK_ORDER[q.sortType] ?? BOOK_ORDER[0]!}
      LIMIT ${q.rows} OFFSET ${(q.page - 1) * q.rows}`.execute(db),
  ]);
  return { total: count[0]?.n ?? 0, rows };
}

export interface CourseUseRow {
  record_id: number;
  course_id: number;
  kind: ReadingKind;
  note: string;
}

/** The courses that use each record (a record once per course, its strongest kind), newest term first. */
export async function findCourseUses(db: Q, tenantId: number, recordIds: number[]): Promise<CourseUseRow[]> {
  if (!recordIds.length) return [];
  const { rows } = await sql<CourseUseRow>`SELECT DISTINCT ON (r.record_id, c.term, c.code, c.id)
      r.record_id, c.id AS course_id, r.kind, r.note
    FROM course_reading r JOIN course c ON c.id = r.course_id AND c.tenant_id = r.tenant_id
    WHERE r.tenant_id = ${tenantId} AND r.record_id IN (${sql.join(recordIds)})
    ORDER BY r.record_id, c.term DESC, c.code, c.id, (r.kind = 'required') DESC`.execute(db);
  return rows;
}

/** A record of the institution's catalogue (not suppressed), as lists show it. */
export async function findRecordBrief(db: Q, tenantId: number, recordId: number): Promise<BriefRow | undefined> {
  const { rows } = await sql<BriefRow>`SELECT record_id, title, author, publisher, publish_year, isbns
    FROM bib_record WHERE tenant_id = ${tenantId} AND record_id = ${recordId} AND NOT suppressed`.execute(db);
  return rows[0];
}

// --- marks

export async function countMarks(db: Q, tenantId: number, courseId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM course_mark
    WHERE tenant_id = ${tenantId} AND course_id = ${courseId}`.execute(db);
  return rows[0]?.n ?? 0;
}

export async function isMarked(db: Q, tenantId: number, readerId: number, courseId: number): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM course_mark
    WHERE tenant_id = ${tenantId} AND reader_id = ${readerId} AND course_id = ${courseId}`.execute(db);
  return rows.length > 0;
}

/** Locks the reader's row: their marks are added one at a time (the count limit holds). */
export async function lockMarker(db: Q, tenantId: number, readerId: number): Promise<boolean> {
  const { rows } =
    await sql`SELECT id FROM reader WHERE tenant_id = ${tenantId} AND id = ${readerId} FOR UPDATE`.execute(db);
  return rows.length > 0;
}

export async function countReaderMarks(db: Q, tenantId: number, readerId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM course_mark
    WHERE tenant_id = ${tenantId} AND reader_id = ${readerId}`.execute(db);
  return rows[0]?.n ?? 0;
}

/** Marks the course (of the institution) for the reader; false when the course is not the institution's. */
export async function insertMark(db: Q, tenantId: number, readerId: number, courseId: number): Promise<boolean> {
  const { rows } = await sql`INSERT INTO course_mark (tenant_id, reader_id, course_id)
    SELECT ${tenantId}, ${readerId}, c.id FROM course c WHERE c.tenant_id = ${tenantId} AND c.id = ${courseId}
    ON CONFLICT (reader_id, course_id) DO NOTHING RETURNING course_id`.execute(db);
  return rows.length > 0;
}

export async function deleteMark(db: Q, tenantId: number, readerId: number, courseId: number): Promise<void> {
  await sql`DELETE FROM course_mark WHERE tenant_id = ${tenantId} AND reader_id = ${readerId} AND course_id = ${courseId}`.execute(
    db,
  );
}

/** A page of the reader's marks, last marked first. */
export async function findReaderMarks(
  db: Q,
  tenantId: number,
  readerId: number,
  page: number,
  rows: number,
): Promise<{ total: number; rows: Array<{ course_id: number; marked_at: string }> }> {
  const [{ rows: count }, { rows: list }] = await Promise.all([
    sql<{ n: number }>`SELECT count(*)::int AS n FROM course_mark
      WHERE tenant_id = ${tenantId} AND reader_id = ${readerId}`.execute(db),
    sql<{ course_id: number; marked_at: string }>`SELECT course_id,
        to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS marked_at
      FROM course_mark WHERE tenant_id = ${tenantId} AND reader_id = ${readerId}
      ORDER BY created_at DESC, course_id DESC LIMIT ${rows} OFFSET ${(page - 1) * rows}`.execute(db),
  ]);
  return { total: count[0]?.n ?? 0, rows: list };
}

// --- loading and matching

/** The record an entry's ISBN (13 digits) names in the institution's catalogue, if any. */
export async function matchByIsbn(db: Q, tenantId: number, isbn13: string): Promise<number | undefined> {
  const { rows } = await sql<{ record_id: number }>`SELECT record_id FROM bib_record
    WHERE tenant_id = ${tenantId} AND isbns @> ARRAY[${isbn13}]::text[] AND NOT suppressed
    ORDER BY physical_count DESC, record_id LIMIT 1`.execute(db);
  return rows[0]?.record_id;
}

/** The record of this title (any case) whose author statement holds `author` (when given), if any. */
export async function matchByTitle(
  db: Q,
  tenantId: number,
  title: string,
  author: string,
): Promise<number | undefined> {
  const who = author
    ? sql`AND (position(lower(${author}) IN lower(author || ' ' || coalesce(responsibility, ''))) > 0
          OR lower(${author}) = ANY(SELECT lower(a) FROM unnest(authors) a))`
    : sql``;
  const { rows } = await sql<{ record_id: number }>`SELECT record_id FROM bib_record
    WHERE tenant_id = ${tenantId} AND lower(title) = lower(${title}) AND NOT suppressed ${who}
    ORDER BY physical_count DESC, record_id LIMIT 1`.execute(db);
  return rows[0]?.record_id;
}

/** The teacher of this staff number and name, made when new; its id. */
export async function upsertTeacher(
  db: Q,
  tenantId: number,
  t: { code: string; name: string; deptCode: string },
): Promise<number> {
  const { rows } = await sql<{ id: number }>`INSERT INTO course_teacher (tenant_id, code, name, dept_code)
    VALUES (${tenantId}, ${t.code}, ${t.name}, ${t.deptCode})
    ON CONFLICT (tenant_id, code, name) DO UPDATE SET dept_code = CASE WHEN EXCLUDED.dept_code <> ''
      THEN EXCLUDED.dept_code ELSE course_teacher.dept_code END
    RETURNING id`.execute(db);
  return rows[0]!.id;
}

export interface CourseInput {
  code: string;
  name: string;
  nameTw: string;
  nameEn: string;
  deptCode: string;
  deptName: string;
  deptNameEn: string;
  term: string;
  year: number;
  classHours: number | null;
  description: string;
}

/** Saves a course (by code and term: a new one, or the fields of the one there); its id. */
export async function upsertCourse(db: Q, tenantId: number, c: CourseInput): Promise<number> {
  const { rows } = await sql<{ id: number }>`INSERT INTO course (tenant_id, code, name, name_tw, name_en, dept_code,
      dept_name, dept_name_en, term, year, class_hours, description)
    VALUES (${tenantId}, ${c.code}, ${c.name}, ${c.nameTw}, ${c.nameEn}, ${c.deptCode}, ${c.deptName}, ${c.deptNameEn},
      ${c.term}, ${c.year}, ${c.classHours}, ${c.description})
    ON CONFLICT (tenant_id, code, term) DO UPDATE SET name = EXCLUDED.name,
      name_tw = CASE WHEN EXCLUDED.name_tw <> '' THEN EXCLUDED.name_tw ELSE course.name_tw END,
      name_en = CASE WHEN EXCLUDED.name_en <> '' THEN EXCLUDED.name_en ELSE course.name_en END,
      dept_code = EXCLUDED.dept_code,
      dept_name = CASE WHEN EXCLUDED.dept_name <> '' THEN EXCLUDED.dept_name ELSE course.dept_name END,
      dept_name_en = CASE WHEN EXCLUDED.dept_name_en <> '' THEN EXCLUDED.dept_name_en ELSE course.dept_name_en END,
      class_hours = coalesce(EXCLUDED.class_hours, course.class_hours),
      description = CASE WHEN EXCLUDED.description <> '' THEN EXCLUDED.description ELSE course.description END,
      updated_at = now()
    RETURNING id`.execute(db);
  return rows[0]!.id;
}

/** Replaces the course's teachers, in order. */
export async function replaceTeaching(db: Q, tenantId: number, courseId: number, teacherIds: number[]): Promise<void> {
  await sql`DELETE FROM course_teaching WHERE tenant_id = ${tenantId} AND course_id = ${courseId}`.execute(db);
  const unique = [...new Set(teacherIds)];
  if (!unique.length) return;
  await sql`INSERT INTO course_teaching (course_id, teacher_id, tenant_id, seq)
    VALUES ${sql.join(unique.map((t, i) => sql`(${courseId}, ${t}, ${tenantId}, ${i + 1})`))}`.execute(db);
}

export interface ReadingInput {
  kind: ReadingKind;
  isbn: string;
  title: string;
  author: string;
  note: string;
  recordId: number | null;
  matchedBy: ReadingMatch;
}

/** Replaces the course's reading list, in order. */
export async function replaceReadings(db: Q, tenantId: number, courseId: number, list: ReadingInput[]): Promise<void> {
  await sql`DELETE FROM course_reading WHERE tenant_id = ${tenantId} AND course_id = ${courseId}`.execute(db);
  if (!list.length) return;
  await sql`INSERT INTO course_reading (course_id, tenant_id, seq, kind, isbn, title, author, note, record_id, matched_by)
    VALUES ${sql.join(
      list.map(
        (r, i) =>
          sql`(${courseId}, ${tenantId}, ${i + 1}, ${r.kind}, ${r.isbn}, ${r.title}, ${r.author}, ${r.note}, ${r.recordId}, ${r.matchedBy})`,
      ),
    )}`.execute(db);
}

/** Sets an entry's record (or none); false when the entry is not the institution's. */
export async function setReadingRecord(
  db: Q,
  tenantId: number,
  readingId: number,
  recordId: number | null,
): Promise<boolean> {
  const { rows } = await sql`UPDATE course_reading SET record_id = ${recordId},
      matched_by = ${recordId === null ? 'none' : 'staff'}
    WHERE tenant_id = ${tenantId} AND id = ${readingId} RETURNING id`.execute(db);
  return rows.length > 0;
}

/** A page of the entries no record matched, by course (newest term first). */
export async function findUnmatched(db: Q, tenantId: number, page: number, rows: number) {
  const [{ rows: count }, { rows: list }] = await Promise.all([
    sql<{ n: number }>`SELECT count(*)::int AS n FROM course_reading
      WHERE tenant_id = ${tenantId} AND record_id IS NULL`.execute(db),
    sql<{
      id: number;
      course_id: number;
      code: string;
      name: string;
      term: string;
      kind: ReadingKind;
      title: string;
      author: string;
      isbn: string;
    }>`SELECT r.id, r.course_id, c.code, c.name, c.term, r.kind, r.title, r.author, r.isbn
      FROM course_reading r JOIN course c ON c.id = r.course_id AND c.tenant_id = r.tenant_id
      WHERE r.tenant_id = ${tenantId} AND r.record_id IS NULL
      ORDER BY c.term DESC, c.code, r.seq LIMIT ${rows} OFFSET ${(page - 1) * rows}`.execute(db),
  ]);
  return { total: count[0]?.n ?? 0, rows: list };
}

/** A course with its entry counts, for the console (records suppressed since count as unmatched). */
export interface AdminCourseRow {
  id: number;
  code: string;
  name: string;
  name_tw: string;
  name_en: string;
  term: string;
  dept_name: string;
  dept_name_en: string;
  reading_count: number;
  matched_count: number;
}

const ADMIN_COURSE_COLUMNS = sql`c.id, c.code, c.name, c.name_tw, c.name_en, c.term, c.dept_name, c.dept_name_en,
  (SELECT count(*)::int FROM course_reading r WHERE r.course_id = c.id AND r.tenant_id = c.tenant_id) AS reading_count,
  (SELECT count(*)::int FROM course_reading r JOIN bib_record b ON b.record_id = r.record_id
      AND b.tenant_id = r.tenant_id AND NOT b.suppressed
    WHERE r.course_id = c.id AND r.tenant_id = c.tenant_id) AS matched_count`;

/** A page of the institution's courses for the console, newest term first, then by code. */
export async function findAdminCourses(
  db: Q,
  tenantId: number,
  q: { q: string; unmatchedOnly: boolean; page: number; rows: number },
): Promise<{ total: number; rows: AdminCourseRow[] }> {
  const parts: RawBuilder<unknown>[] = [];
  if (q.q)
    parts.push(sql`(lower(c.code) LIKE ${like(q.q)} OR lower(c.name) LIKE ${like(q.q)}
      OR lower(c.name_tw) LIKE ${like(q.q)} OR lower(c.name_en) LIKE ${like(q.q)})`);
  if (q.unmatchedOnly)
    parts.push(sql`EXISTS (SELECT 1 FROM course_reading r
      LEFT JOIN bib_record b ON b.record_id = r.record_id AND b.tenant_id = r.tenant_id AND NOT b.suppressed
      WHERE r.course_id = c.id AND r.tenant_id = c.tenant_id AND b.record_id IS NULL)`);
  const where = parts.length ? sql`AND ${sql.join(parts, sql` AND `)}` : sql``;
  const [{ rows: count }, { rows }] = await Promise.all([
    sql<{ n: number }>`SELECT count(*)::int AS n FROM course c WHERE c.tenant_id = ${tenantId} ${where}`.execute(db),
    sql<AdminCourseRow>`SELECT ${ADMIN_COURSE_COLUMNS} FROM course c WHERE c.tenant_id = ${tenantId} ${where}
      ORDER BY c.term DESC, c.code, c.id LIMIT ${q.rows} OFFSET ${(q.page - 1) * q.rows}`.execute(db),
  ]);
  return { total: count[0]?.n ?? 0, rows };
}

/** One course of the institution with its entry counts. */
export async function findAdminCourse(db: Q, tenantId: number, id: number): Promise<AdminCourseRow | undefined> {
  const { rows } = await sql<AdminCourseRow>`SELECT ${ADMIN_COURSE_COLUMNS} FROM course c
    WHERE c.tenant_id = ${tenantId} AND c.id = ${id}`.execute(db);
  return rows[0];
}

/** The first record whose title holds `word` and that has an ISBN (the demo seed's lists cite real records). */
export async function findBookWithWord(
  db: Q,
  tenantId: number,
  word: string,
): Promise<{ title: string; author: string; isbn: string } | undefined> {
  const { rows } = await sql<{ title: string; author: string; isbn: string }>`SELECT title, author, isbns[1] AS isbn
    FROM bib_record WHERE tenant_id = ${tenantId} AND title LIKE ${like(word)} AND cardinality(isbns) > 0
      AND NOT suppressed
    ORDER BY record_id LIMIT 1`.execute(db);
  return rows[0];
}

/** The institution's courses, one per course code (a course taught in several terms counts once). */
export async function countCourses(db: Q, tenantId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(DISTINCT code)::int AS n FROM course
    WHERE tenant_id = ${tenantId}`.execute(db);
  return rows[0]?.n ?? 0;
}
