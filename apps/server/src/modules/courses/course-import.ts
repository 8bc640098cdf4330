import type { Kysely } from 'kysely';
import { READING_KINDS, TERM_PATTERN, normalizeIsbn, type ReadingKind, type ReadingMatch } from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { parseCsv } from '../readers/reader-service.js';
import {
  matchByIsbn,
  matchByTitle,
  replaceReadings,
  replaceTeaching,
  upsertCourse,
  upsertTeacher,
  type ReadingInput,
} from './course-repository.js';

/**
 * Course reading lists from a CSV file (`openfind courses import`, docs/courses.md) and from the demo
 * seed: one line per book of a course's list; the lines of one course and term are its whole list,
 * in file order, and replace the list stored for it. Each book is matched to a catalogue record by
 * ISBN, else by title and author, else kept unmatched with its citation (reported).
 */

/** One line of a reading list, as read. */
export interface CourseLine {
  /** The line's number in the file (1 is the header). */
  line: number;
  code: string;
  name: string;
  nameTw?: string;
  nameEn?: string;
  /** "张伟(T2001); 李娜" — names with an optional staff number, separated by ; , 、 or /. */
  teachers: string;
  deptCode: string;
  deptName?: string;
  deptNameEn?: string;
  term: string;
  classHours?: number | null;
  description?: string;
  isbn: string;
  title: string;
  author: string;
  kind: ReadingKind;
  note?: string;
}

export interface CourseImportReport {
  courses: number;
  readings: number;
  matchedByIsbn: number;
  matchedByTitle: number;
  unmatched: Array<{ line: number; code: string; term: string; citation: string }>;
  rejected: Array<{ line: number; reason: string }>;
}

/** The columns of the file, by any of their names (Chinese or English, any case). */
const COLUMNS: Record<string, string[]> = {
  code: ['course code', 'coursecode', 'code', '课程代码', '课程号', '课程编号'],
  name: ['course name', 'coursename', 'name', '课程名称', '课程名'],
  nameEn: ['english name', 'name_en', 'nameen', '英文名称', '课程英文名'],
  nameTw: ['name_tw', 'nametw', '繁体名称', '繁體名稱'],
  teachers: ['teacher', 'teachers', 'teachername', '教师', '任课教师', '主讲教师'],
  dept: ['department', 'dept', 'college', '院系', '开课院系', '学院'],
  deptEn: ['department_en', 'dept_en', '院系英文名'],
  term: ['term', 'semester', '学期', '学年学期'],
  hours: ['class hours', 'classhours', 'hours', '学时'],
  description: ['description', '课程简介', '简介'],
  isbn: ['isbn'],
  title: ['title', '书名', '题名'],
  author: ['author', '作者', '责任者'],
  kind: ['required/recommended', 'kind', 'type', '类型', '必读/选读', '参考书类型'],
  note: ['note', '备注', '说明'],
};

const REQUIRED_WORDS = new Set(['required', 'r', '1', '必读', '必修', '指定', '教材', '主教材']);
const RECOMMENDED_WORDS = new Set(['recommended', 'optional', 'o', '2', '选读', '推荐', '参考', '参考书', '']);

/** The kind a cell names, or undefined. */
export function readingKindOf(cell: string): ReadingKind | undefined {
  const v = cell.trim().toLowerCase();
  if (REQUIRED_WORDS.has(v)) return 'required';
  if (RECOMMENDED_WORDS.has(v)) return 'recommended';
  return (READING_KINDS as readonly string[]).includes(v) ? (v as ReadingKind) : undefined;
}

/** "CS 计算机学院" → code CS, name 计算机学院; "计算机学院" → both the name; "CS" → both the code. */
function departmentOf(cell: string): { code: string; name: string } {
  const v = cell.trim();
  const m = /^([A-Za-z0-9_.-]{1,40})\s+(.+)$/.exec(v);
  if (m) return { code: m[1]!, name: m[2]!.trim() };
  return { code: v.slice(0, 40), name: v };
}

/** The teachers of a cell: "张伟(T2001); 李娜（T2002）、王强" → names with staff numbers. */
export function teachersOf(cell: string): Array<{ name: string; code: string }> {
  return cell
    .split(/[;；,，、/]/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const m = /^(.+?)\s*[(（]\s*([^)）]{1,40})\s*[)）]$/.exec(p);
      return m ? { name: m[1]!.trim().slice(0, 60), code: m[2]!.trim() } : { name: p.slice(0, 60), code: '' };
    });
}

/** Reads a reading-list CSV (UTF-8, a header line naming the columns): its lines and the lines refused. */
export function parseCourseCsv(text: string): { lines: CourseLine[]; rejected: CourseImportReport['rejected'] } {
  const rows = parseCsv(text.replace(/^\uFEFF/, ''));
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const at: Record<string, number> = {};
  for (const [key, names] of Object.entries(COLUMNS)) at[key] = header.findIndex((h) => names.includes(h));
  const missing = ['code', 'name', 'term', 'title'].filter((k) => at[k]! < 0);
  if (missing.length)
    return {
      lines: [],
      rejected: [{ line: 1, reason: `the header names no column for ${missing.join(', ')} (see docs/courses.md)` }],
    };
  const lines: CourseLine[] = [];
  const rejected: CourseImportReport['rejected'] = [];
  rows.slice(1).forEach((cells, i) => {
    const line = i + 2;
    const cell = (key: string) => (at[key]! >= 0 ? (cells[at[key]!] ?? '').trim() : '');
    if (cells.every((c) => !c.trim())) return;
    const problem = (reason: string) => rejected.push({ line, reason });
    const code = cell('code');
    const name = cell('name');
    const term = cell('term');
    const title = cell('title');
    if (!code || code.length > 40) return problem('a course code of 1–40 characters is needed');
    if (!name || name.length > 200) return problem('a course name of 1–200 characters is needed');
    const tm = TERM_PATTERN.exec(term);
    if (!tm || Number(tm[2]) !== Number(tm[1]) + 1) return problem(`the term "${term}" is not like 2026-2027-1`);
    if (!title || title.length > 300) return problem('a title of 1–300 characters is needed');
    const kind = readingKindOf(cell('kind'));
    if (!kind) return problem(`"${cell('kind')}" is neither required (必读) nor recommended (选读)`);
    const rawIsbn = cell('isbn');
    const isbn = rawIsbn ? normalizeIsbn(rawIsbn) : '';
    if (isbn === undefined) return problem(`the ISBN "${rawIsbn}" is not a valid ISBN-10 or ISBN-13`);
    const hoursCell = cell('hours');
    const hours = hoursCell ? Number(hoursCell) : null;
    if (hours !== null && (!Number.isInteger(hours) || hours < 0 || hours > 10000))
      return problem(`the class hours "${hoursCell}" are not a whole number`);
    const dept = departmentOf(cell('dept'));
    lines.push({
      line,
      code,
      name,
      nameEn: cell('nameEn').slice(0, 200),
      nameTw: cell('nameTw').slice(0, 200),
      teachers: cell('teachers'),
      deptCode: dept.code,
      deptName: dept.name.slice(0, 100),
      deptNameEn: cell('deptEn').slice(0, 100),
      term,
      classHours: hours,
      description: cell('description').slice(0, 2000),
      isbn,
      title,
      author: cell('author').slice(0, 200),
      kind,
      note: cell('note').slice(0, 500),
    });
  });
  return { lines, rejected };
}

/** Matches a book to the catalogue: by ISBN, else by title and author, else none. */
async function match(
  db: Kysely<Database>,
  tenantId: number,
  l: CourseLine,
): Promise<{ recordId: number | null; matchedBy: ReadingMatch }> {
  if (l.isbn) {
    const id = await matchByIsbn(db, tenantId, l.isbn);
    if (id) return { recordId: id, matchedBy: 'isbn' };
  }
  const id = await matchByTitle(db, tenantId, l.title.replace(/[\s.:;,/=]+$/, ''), l.author);
  return id ? { recordId: id, matchedBy: 'title' } : { recordId: null, matchedBy: 'none' };
}

/**
 * Saves the courses of the lines, in one transaction: each course (code and term) with its teachers
 * and its reading list in the lines' order; the report of what matched and what did not.
 */
export async function importCourseLines(
  db: Kysely<Database>,
  tenantId: number,
  lines: CourseLine[],
  rejected: CourseImportReport['rejected'] = [],
): Promise<CourseImportReport> {
  const report: CourseImportReport = {
    courses: 0,
    readings: 0,
    matchedByIsbn: 0,
    matchedByTitle: 0,
    unmatched: [],
    rejected: [...rejected],
  };
  const byCourse = new Map<string, CourseLine[]>();
  for (const l of lines) {
    const key = `${l.code}\u0000${l.term}`;
    const list = byCourse.get(key) ?? [];
    if (list.length >= 500) {
      report.rejected.push({ line: l.line, reason: 'a course lists at most 500 books' });
      continue;
    }
    list.push(l);
    byCourse.set(key, list);
  }
  await inTransaction(db, async (trx) => {
    for (const list of byCourse.values()) {
      const first = list[0]!;
      const last = list.at(-1)!;
      const courseId = await upsertCourse(trx, tenantId, {
        code: first.code,
        name: first.name,
        nameTw: first.nameTw ?? '',
        nameEn: first.nameEn ?? '',
        deptCode: first.deptCode,
        deptName: first.deptName ?? first.deptCode,
        deptNameEn: first.deptNameEn ?? '',
        term: first.term,
        year: Number(first.term.slice(0, 4)),
        classHours: list.find((l) => l.classHours != null)?.classHours ?? null,
        description: list.find((l) => l.description)?.description ?? '',
      });
      const teacherIds: number[] = [];
      for (const t of teachersOf(list.find((l) => l.teachers)?.teachers ?? last.teachers))
        teacherIds.push(await upsertTeacher(trx, tenantId, { ...t, deptCode: first.deptCode }));
      await replaceTeaching(trx, tenantId, courseId, teacherIds);
      const readings: ReadingInput[] = [];
      for (const l of list) {
        const m = await match(trx, tenantId, l);
        if (m.matchedBy === 'isbn') report.matchedByIsbn++;
        else if (m.matchedBy === 'title') report.matchedByTitle++;
        else
          report.unmatched.push({
            line: l.line,
            code: l.code,
            term: l.term,
            citation: [l.author, l.title, l.isbn && `ISBN ${l.isbn}`].filter(Boolean).join('. '),
          });
        readings.push({
          kind: l.kind,
          isbn: l.isbn,
          title: l.title,
          author: l.author,
          note: l.note ?? '',
          ...m,
        });
      }
      await replaceReadings(trx, tenantId, courseId, readings);
      report.courses++;
      report.readings += readings.length;
    }
  });
  return report;
}

/** Reads and saves a reading-list CSV (see `parseCourseCsv`, `importCourseLines`). */
export async function importCourseCsv(
  db: Kysely<Database>,
  tenantId: number,
  text: string,
): Promise<CourseImportReport> {
  const { lines, rejected } = parseCourseCsv(text);
  return importCourseLines(db, tenantId, lines, rejected);
}
