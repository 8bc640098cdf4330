import type { Kysely } from 'kysely';
import {
  CourseErrCode,
  MAX_COURSE_MARKS,
  type AdminCourse,
  type AdminCourseListRequest,
  type AdminCoursePage,
  type AdminCourseReadings,
  type CopyAvailability,
  type CourseBookDetail,
  type CourseBookPage,
  type CourseBookSearchRequest,
  type CourseBrief,
  type CourseDetail,
  type CourseFilters,
  type CourseMarkResult,
  type CoursePage,
  type CourseReading,
  type CourseSearchRequest,
  type Lang,
  type MyCourses,
  type UnmatchedReadings,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import type { HoldingsService } from '../holdings/holdings-service.js';
import type { StaffActor } from '../staff/staff-context.js';
import type { StaffService } from '../staff/staff-service.js';
import { recordBrief } from '../record-detail/record-brief.js';
import {
  countCourses,
  countMarks,
  countReaderMarks,
  deleteMark,
  findAdminCourse,
  findAdminCourses,
  findCourseBooks,
  findCourseUses,
  findCourses,
  findCoursesById,
  findFilters,
  findReaderMarks,
  findReading,
  findReadings,
  findRecordBrief,
  findTeachers,
  findUnmatched,
  insertMark,
  isMarked,
  lockMarker,
  setReadingRecord,
  type AdminCourseRow,
  type CourseRow,
  type ReadingRow,
} from './course-repository.js';

const noSuchCourse = () => new AppError('courseNoSuch', CourseErrCode.noSuchCourse);

/** A course's or department's name in `lang`: the Traditional or English one when given, else the Chinese. */
function nameIn(lang: Lang, zh: string, tw: string, en: string): string {
  if (lang === 'en-US' && en) return en;
  if (lang === 'zh-TW' && tw) return tw;
  return zh;
}

const NO_COPIES: CopyAvailability = { total: 0, onShelf: 0, onLoan: 0, places: [] };

/** How an entry is matched, and its record's brief (none when unmatched or the record is suppressed). */
function matchOf(r: ReadingRow): Pick<CourseReading, 'matchedBy' | 'record'> {
  if (!r.record_id) return { matchedBy: 'none', record: null };
  return {
    matchedBy: r.matched_by,
    record: recordBrief({
      record_id: r.record_id,
      title: r.r_title ?? r.title,
      author: r.r_author ?? '',
      publisher: r.publisher,
      publish_year: r.publish_year,
      isbns: r.isbns ?? [],
    }),
  };
}

/**
 * Course reading lists: the course and course-book searches, a course's page with its books' copies
 * (from the holdings service, as the record page shows them), a book's page with its courses, a
 * reader's marked courses, and staff matching of the entries no record matched.
 */
export class CourseService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: { holdings: HoldingsService; staff: StaffService },
  ) {}

  /** The home page's figure: the institution's courses, by course code. */
  count(tenantId: number): Promise<number> {
    return countCourses(this.db, tenantId);
  }

  private get holdings(): HoldingsService {
    return this.deps.holdings;
  }

  /** Briefs of the course rows, in their order, with their teachers. */
  private async briefs(tenantId: number, lang: Lang, rows: CourseRow[]): Promise<CourseBrief[]> {
    const teachers = await findTeachers(
      this.db,
      tenantId,
      rows.map((r) => r.id),
    );
    return rows.map((c) => ({
      courseId: c.id,
      code: c.code,
      name: nameIn(lang, c.name, c.name_tw, c.name_en),
      term: c.term,
      year: c.year,
      deptCode: c.dept_code,
      deptName: lang === 'en-US' && c.dept_name_en ? c.dept_name_en : c.dept_name,
      teachers: teachers
        .filter((t) => t.course_id === c.id)
        .map((t) => ({ teacherId: t.teacher_id, name: t.name, code: t.code })),
      classHours: c.class_hours,
      requiredCount: c.required_count,
      recommendedCount: c.recommended_count,
    }));
  }

  /** The copies of each record, once per record. */
  private async copies(tenantId: number, lang: Lang, recordIds: number[]): Promise<Map<number, CopyAvailability>> {
    const out = new Map<number, CopyAvailability>();
    for (const id of new Set(recordIds)) out.set(id, await this.holdings.availability(tenantId, lang, id));
    return out;
  }

  /** Reading-list entries with their records' briefs and copies. */
  private async readings(tenantId: number, lang: Lang, rows: ReadingRow[]): Promise<CourseReading[]> {
    const copies = await this.copies(
      tenantId,
      lang,
      rows.flatMap((r) => (r.record_id ? [r.record_id] : [])),
    );
    return rows.map((r) => ({
      readingId: r.id,
      seq: r.seq,
      kind: r.kind,
      title: r.title,
      author: r.author,
      isbn: r.isbn,
      note: r.note,
      ...matchOf(r),
      availability: r.record_id ? (copies.get(r.record_id) ?? NO_COPIES) : null,
    }));
  }

  async search(tenantId: number, lang: Lang, q: CourseSearchRequest): Promise<CoursePage> {
    const { total, rows } = await findCourses(this.db, tenantId, q);
    return { totalCount: total, list: await this.briefs(tenantId, lang, rows) };
  }

  async filters(tenantId: number, lang: Lang): Promise<CourseFilters> {
    const f = await findFilters(this.db, tenantId);
    return {
      years: f.years,
      departments: f.depts.map((d) => ({
        code: d.code,
        name: (lang === 'en-US' && d.name_en) || d.name || d.code,
        courseCount: d.n,
      })),
      teachers: f.teachers.map((t) => ({ teacherId: t.id, name: t.name, courseCount: t.n })),
    };
  }

  async detail(tenantId: number, lang: Lang, courseId: number, readerId: number | null): Promise<CourseDetail> {
    const [row] = await findCoursesById(this.db, tenantId, [courseId]);
    if (!row) throw noSuchCourse();
    const [[brief], readings, marked, markCount] = await Promise.all([
      this.briefs(tenantId, lang, [row]),
      findReadings(this.db, tenantId, [courseId]).then((r) => this.readings(tenantId, lang, r)),
      readerId ? isMarked(this.db, tenantId, readerId, courseId) : Promise.resolve(false),
      countMarks(this.db, tenantId, courseId),
    ]);
    return { ...brief!, description: row.description, readings, marked, markCount };
  }

  /** Courses by id in the order given, each with its brief. */
  private async coursesById(tenantId: number, lang: Lang, ids: number[]): Promise<Map<number, CourseBrief>> {
    const briefs = await this.briefs(tenantId, lang, await findCoursesById(this.db, tenantId, ids));
    return new Map(briefs.map((b) => [b.courseId, b]));
  }

  async books(tenantId: number, lang: Lang, q: CourseBookSearchRequest): Promise<CourseBookPage> {
    const { total, rows } = await findCourseBooks(this.db, tenantId, q);
    const ids = rows.map((r) => r.record_id);
    const [uses, copies] = await Promise.all([
      findCourseUses(this.db, tenantId, ids),
      this.copies(tenantId, lang, ids),
    ]);
    const courses = await this.coursesById(tenantId, lang, [...new Set(uses.map((u) => u.course_id))]);
    return {
      totalCount: total,
      list: rows.map((r) => ({
        record: recordBrief(r),
        courseCount: r.course_count,
        required: r.required,
        courses: uses
          .filter((u) => u.record_id === r.record_id && courses.has(u.course_id))
          .slice(0, 3)
          .map((u) => {
            const c = courses.get(u.course_id)!;
            return { courseId: c.courseId, code: c.code, name: c.name, term: c.term, kind: u.kind };
          }),
        availability: copies.get(r.record_id) ?? NO_COPIES,
      })),
    };
  }

  async bookDetail(tenantId: number, lang: Lang, recordId: number): Promise<CourseBookDetail> {
    const [brief, uses] = await Promise.all([
      findRecordBrief(this.db, tenantId, recordId),
      findCourseUses(this.db, tenantId, [recordId]),
    ]);
    if (!brief || !uses.length) throw new AppError('courseBookNoSuch', CourseErrCode.noSuchCourseBook);
    const [courses, availability] = await Promise.all([
      this.coursesById(tenantId, lang, [...new Set(uses.map((u) => u.course_id))]),
      this.holdings.availability(tenantId, lang, recordId),
    ]);
    return {
      record: recordBrief(brief),
      courses: uses.flatMap((u) => {
        const c = courses.get(u.course_id);
        return c
          ? [
              {
                courseId: c.courseId,
                code: c.code,
                name: c.name,
                term: c.term,
                kind: u.kind,
                deptName: c.deptName,
                teachers: c.teachers,
                note: u.note,
              },
            ]
          : [];
      }),
      availability,
    };
  }

  /** Marks a course for the reader (again: nothing changes); at most `MAX_COURSE_MARKS`. */
  async mark(tenantId: number, readerId: number, courseId: number): Promise<CourseMarkResult> {
    return inTransaction(this.db, async (trx) => {
      await lockMarker(trx, tenantId, readerId);
      if (await isMarked(trx, tenantId, readerId, courseId)) return { courseId, marked: true };
      if ((await countReaderMarks(trx, tenantId, readerId)) >= MAX_COURSE_MARKS)
        throw new AppError('courseTooManyMarks', CourseErrCode.tooManyMarks, { max: MAX_COURSE_MARKS });
      if (!(await insertMark(trx, tenantId, readerId, courseId))) throw noSuchCourse();
      return { courseId, marked: true };
    });
  }

  async unmark(tenantId: number, readerId: number, courseId: number): Promise<CourseMarkResult> {
    if (!(await findCoursesById(this.db, tenantId, [courseId])).length) throw noSuchCourse();
    await deleteMark(this.db, tenantId, readerId, courseId);
    return { courseId, marked: false };
  }

  async mine(tenantId: number, lang: Lang, readerId: number, page: number, rows: number): Promise<MyCourses> {
    const marks = await findReaderMarks(this.db, tenantId, readerId, page, rows);
    const ids = marks.rows.map((m) => m.course_id);
    const [courses, readingRows] = await Promise.all([
      this.coursesById(tenantId, lang, ids),
      findReadings(this.db, tenantId, ids),
    ]);
    const readings = await this.readings(tenantId, lang, readingRows);
    return {
      totalCount: marks.total,
      list: marks.rows.flatMap((m) => {
        const course = courses.get(m.course_id);
        if (!course) return [];
        const own = readingRows.flatMap((r, i) => (r.course_id === m.course_id ? [readings[i]!] : []));
        return [{ course, markedAt: m.marked_at, readings: own }];
      }),
    };
  }

  async unmatched(tenantId: number, page: number, rows: number): Promise<UnmatchedReadings> {
    const { total, rows: list } = await findUnmatched(this.db, tenantId, page, rows);
    return {
      totalCount: total,
      list: list.map((r) => ({
        readingId: r.id,
        courseId: r.course_id,
        courseCode: r.code,
        courseName: r.name,
        term: r.term,
        kind: r.kind,
        title: r.title,
        author: r.author,
        isbn: r.isbn,
      })),
    };
  }

  private adminCourse(lang: Lang, c: AdminCourseRow): AdminCourse {
    return {
      courseId: c.id,
      code: c.code,
      name: nameIn(lang, c.name, c.name_tw, c.name_en),
      term: c.term,
      deptName: lang === 'en-US' && c.dept_name_en ? c.dept_name_en : c.dept_name,
      readingCount: c.reading_count,
      matchedCount: c.matched_count,
      unmatchedCount: c.reading_count - c.matched_count,
    };
  }

  /** The institution's courses for the console, with how many entries are matched. */
  async adminCourses(tenantId: number, lang: Lang, q: AdminCourseListRequest): Promise<AdminCoursePage> {
    const { total, rows } = await findAdminCourses(this.db, tenantId, q);
    return { totalCount: total, list: rows.map((c) => this.adminCourse(lang, c)) };
  }

  /** A course's whole reading list with each entry's match, for the console (no copies asked). */
  async adminReadings(tenantId: number, lang: Lang, courseId: number): Promise<AdminCourseReadings> {
    const course = await findAdminCourse(this.db, tenantId, courseId);
    if (!course) throw noSuchCourse();
    const rows = await findReadings(this.db, tenantId, [courseId]);
    return {
      course: this.adminCourse(lang, course),
      list: rows.map((r) => ({
        readingId: r.id,
        seq: r.seq,
        kind: r.kind,
        title: r.title,
        author: r.author,
        isbn: r.isbn,
        ...matchOf(r),
      })),
    };
  }

  /**
   * Staff match an entry to a record of the institution by id (0 clears it), with an audit row in the
   * same transaction; the entry as readers see it.
   */
  async match(actor: StaffActor, lang: Lang, readingId: number, recordId: number, ip: string): Promise<CourseReading> {
    const { tenantId } = actor;
    if (recordId && !(await findRecordBrief(this.db, tenantId, recordId)))
      throw new AppError('courseRecordNoSuch', CourseErrCode.noSuchRecord, { recordId });
    await inTransaction(this.db, async (trx) => {
      const before = await findReading(trx, tenantId, readingId);
      if (!before || !(await setReadingRecord(trx, tenantId, readingId, recordId || null)))
        throw new AppError('courseReadingNoSuch', CourseErrCode.noSuchReading);
      await this.deps.staff.audit(
        {
          tenantId,
          staffId: actor.staffId,
          actor: actor.username,
          action: 'course.match',
          target: `course reading ${readingId}`,
          before: { recordId: before.record_id, matchedBy: before.matched_by },
          after: { recordId: recordId || null, matchedBy: recordId ? 'staff' : 'none' },
          ip,
        },
        trx,
      );
    });
    const row = (await findReading(this.db, tenantId, readingId))!;
    return (await this.readings(tenantId, lang, [row]))[0]!;
  }
}
