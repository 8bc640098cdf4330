import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiPath,
  AuthErrCode,
  COURSE_BOOK_ROWS,
  COURSE_PAGE_SIZE,
  CourseErrCode,
  MAX_COURSE_MARKS,
  StaffErrCode,
  type AdminCoursePage,
  type AdminCourseReadings,
  type CourseBookDetail,
  type CourseBookPage,
  type CourseDetail,
  type CourseFilters,
  type CourseMarkResult,
  type CoursePage,
  type CourseReading,
  type MyCourses,
  type UnmatchedReadings,
} from '@openfind/contract';
import { importCourseCsv, parseCourseCsv, teachersOf } from '../src/modules/courses/course-import.js';
import { seedDemoCourses } from '../src/seed/demo-courses.js';
import { TEST_AUTH } from './auth-support.js';
import { createTestApp, envelopeOf, type CallOptions, type TestApp } from './helpers.js';
import { day, makeReader, makeRecords, makeTenant, signIn, type MadeTenant } from './support/factories.js';
import { makeStaff, staffHeader } from './support/staff.js';

/**
 * Course reading lists (issue 30: /courseReference, /courseReferenceDetail, /courseBookResource,
 * /courseBookDetail; My Library key 16): the CSV loader and its matching (ISBN, title and author,
 * none), the two searches with the spec's parameters and sizes, a course's page with its books'
 * copies, the book pages, a reader's marks, staff matching, and the walls between institutions and
 * readers.
 */

type Lang = CallOptions['lang'];

let t: TestApp;
/** Read-only fixtures: tests that change a library (marks, staff matches) make one of their own. */
let home: MadeTenant;
let other: MadeTenant;
/** Records of `home`: a textbook (2 copies, one lent), a classic (1 copy on the shelf), one not cited. */
let textbook: number;
let classic: number;
let otherRecord: number;
let ids: Record<string, number>;

const CSV = [
  '课程代码,课程名称,英文名称,教师,院系,学期,学时,ISBN,书名,作者,类型,备注',
  'CS2101,数据结构,Data Structures,张伟(T1); 李娜(T2),CS 计算机学院,2026-2027-1,64,978-7-302-33064-6,数据结构（C语言版）,严蔚敏,必读,主教材',
  'CS2101,数据结构,Data Structures,张伟(T1); 李娜(T2),CS 计算机学院,2026-2027-1,64,,红楼梦,曹雪芹,选读,',
  'CS2101,数据结构,Data Structures,张伟(T1); 李娜(T2),CS 计算机学院,2026-2027-1,64,,算法导论（不在馆）,Cormen,recommended,',
  'LIT1203,中国现代文学史,History of Modern Chinese Literature,陈静,LIT 文学院,2025-2026-2,54,,红楼梦,曹雪芹,required,',
  'LIT1203,中国现代文学史,,陈静,LIT 文学院,2025-2026-2,,,Missing kind,someone,sometimes,',
  'BAD1,坏学期,,陈静,LIT 文学院,2026-2028-1,,,书,作者,必读,',
  'BAD2,坏 ISBN,,陈静,LIT 文学院,2026-2027-1,,978-7-302-33064-0,书,作者,必读,',
].join('\n');

/** A new institution with the three records and the CSV's two courses, as `home` has them. */
async function makeLibrary() {
  const tenant = await makeTenant(t);
  const [textbook, classic, otherRecord] = await makeRecords(t, tenant.id, [
    {
      title: '数据结构（C语言版）',
      author: '严蔚敏',
      isbn: '9787302330646',
      items: [{ callNo: 'TP311.12/Y45' }, { callNo: 'TP311.12/Y45', processTypeCode: '412', dueDate: day(10) }],
    },
    { title: '红楼梦', author: '(清)曹雪芹著', authors: ['曹雪芹'], items: [{ callNo: 'I242.47/C3' }] },
    { title: '未被引用', items: [{}] },
  ]);
  const report = await importCourseCsv(t.db.kysely, tenant.id, CSV);
  expect(report).toMatchObject({ courses: 2, readings: 4, matchedByIsbn: 1, matchedByTitle: 2 });
  const page = await call<CoursePage>(ApiPath.searchCourses, {}, { to: tenant });
  const ids: Record<string, number> = {};
  for (const c of page.data!.list) ids[c.code] = c.courseId;
  return { tenant, textbook: textbook!, classic: classic!, otherRecord: otherRecord!, ids };
}

beforeAll(async () => {
  t = await createTestApp({ seed: false, auth: TEST_AUTH });
  other = await makeTenant(t);
  // The other institution has the same book: it must not match home's list, nor home's its.
  await makeRecords(t, other.id, [
    { title: '数据结构（C语言版）', author: '严蔚敏', isbn: '9787302330646', items: [{}] },
  ]);
  ({ tenant: home, textbook, classic, otherRecord, ids } = await makeLibrary());
  // The other institution's course.
  await importCourseCsv(
    t.db.kysely,
    other.id,
    '课程代码,课程名称,学期,书名,作者,类型\nX100,他校课程,2026-2027-1,数据结构（C语言版）,严蔚敏,必读',
  );
});
afterAll(async () => t?.close());

async function call<T>(
  url: string,
  input: Record<string, unknown>,
  opts: { headers?: Record<string, string>; lang?: Lang; to?: MadeTenant; method?: 'GET' | 'POST' } = {},
) {
  const method = opts.method ?? 'POST';
  const res = await t.call({
    url,
    mappingPath: (opts.to ?? home).mappingPath,
    lang: opts.lang,
    headers: opts.headers ?? {},
    ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
  });
  return { status: res.statusCode, ...envelopeOf<T>(res) };
}
const get = <T>(url: string, input: Record<string, unknown>, opts: Parameters<typeof call>[2] = {}) =>
  call<T>(url, input, { ...opts, method: 'GET' });

/** `call` and `get` that go to `tenant` unless told otherwise. */
function on(tenant: MadeTenant) {
  return {
    call: <T>(url: string, input: Record<string, unknown>, opts: Parameters<typeof call>[2] = {}) =>
      call<T>(url, input, { to: tenant, ...opts }),
    get: <T>(url: string, input: Record<string, unknown>, opts: Parameters<typeof call>[2] = {}) =>
      get<T>(url, input, { to: tenant, ...opts }),
  };
}

async function readerOf(tenant = home) {
  const reader = await makeReader(t, tenant.id);
  return { reader, headers: await signIn(t, tenant, reader) };
}

describe('the CSV loader', () => {
  it('reads teachers with and without staff numbers', () => {
    expect(teachersOf('张伟(T1); 李娜（T2）、王强')).toEqual([
      { name: '张伟', code: 'T1' },
      { name: '李娜', code: 'T2' },
      { name: '王强', code: '' },
    ]);
  });

  it('refuses lines with a bad kind, term or ISBN, naming the line and why', () => {
    const { lines, rejected } = parseCourseCsv(CSV);
    expect(lines).toHaveLength(4);
    expect(rejected.map((r) => r.line)).toEqual([6, 7, 8]);
    expect(rejected[0]!.reason).toContain('sometimes');
    expect(rejected[1]!.reason).toContain('2026-2028-1');
    expect(rejected[2]!.reason).toContain('ISBN');
  });

  it('refuses a file whose header lacks the needed columns', () => {
    const { lines, rejected } = parseCourseCsv('a,b,c\n1,2,3');
    expect(lines).toEqual([]);
    expect(rejected[0]!.reason).toMatch(/code.*name.*term.*title/);
  });

  it('matches by ISBN, else by title and author, else keeps the citation; a re-import replaces the list', async () => {
    const tenant = await makeTenant(t);
    const [byIsbn, byTitle] = await makeRecords(t, tenant.id, [
      { title: 'Anything', isbn: '9787020002207' },
      { title: 'Database System Concepts', author: 'Silberschatz, Abraham' },
    ]);
    const head = 'course code,course name,teacher,department,term,ISBN,title,author,required/recommended\n';
    const first = await importCourseCsv(
      t.db.kysely,
      tenant.id,
      head +
        'C1,Course,Ann,CS,2026-2027-1,7-02-000220-X,Other title,,required\n' +
        'C1,Course,Ann,CS,2026-2027-1,,database system concepts,Silberschatz,recommended\n' +
        'C1,Course,Ann,CS,2026-2027-1,,Database System Concepts,Someone Else,recommended\n',
    );
    expect(first).toMatchObject({ courses: 1, readings: 3, matchedByIsbn: 1, matchedByTitle: 1 });
    expect(first.unmatched).toEqual([
      { line: 4, code: 'C1', term: '2026-2027-1', citation: 'Someone Else. Database System Concepts' },
    ]);
    const [course] = (await call<CoursePage>(ApiPath.searchCourses, {}, { to: tenant })).data!.list;
    const detail = (await get<CourseDetail>(ApiPath.courseDetail, { id: String(course!.courseId) }, { to: tenant }))
      .data!;
    expect(detail.readings.map((r) => [r.record?.recordId ?? null, r.matchedBy])).toEqual([
      [byIsbn, 'isbn'],
      [byTitle, 'title'],
      [null, 'none'],
    ]);
    const again = await importCourseCsv(
      t.db.kysely,
      tenant.id,
      head + 'C1,Course renamed,Bob,CS,2026-2027-1,,Database System Concepts,,required\n',
    );
    expect(again).toMatchObject({ courses: 1, readings: 1, matchedByTitle: 1 });
    const after = (await get<CourseDetail>(ApiPath.courseDetail, { id: String(course!.courseId) }, { to: tenant }))
      .data!;
    expect(after.name).toBe('Course renamed');
    expect(after.teachers.map((x) => x.name)).toEqual(['Bob']);
    expect(after.readings.map((r) => r.title)).toEqual(['Database System Concepts']);
  });
});

describe('course reference search', () => {
  it('pages 100 courses by default and filters by name, teacher, code, year and department', async () => {
    const all = await call<CoursePage>(ApiPath.searchCourses, {});
    expect(all.data!.totalCount).toBe(2);
    // Newest term first.
    expect(all.data!.list.map((c) => c.code)).toEqual(['CS2101', 'LIT1203']);
    const cs = all.data!.list[0]!;
    expect(cs).toMatchObject({
      name: '数据结构',
      term: '2026-2027-1',
      year: 2026,
      deptCode: 'CS',
      deptName: '计算机学院',
      classHours: 64,
      requiredCount: 1,
      recommendedCount: 2,
    });
    expect(cs.teachers.map((x) => [x.name, x.code])).toEqual([
      ['张伟', 'T1'],
      ['李娜', 'T2'],
    ]);
    const codes = async (q: Record<string, unknown>) =>
      (await call<CoursePage>(ApiPath.searchCourses, q)).data!.list.map((c) => c.code);
    expect(await codes({ courseName: '数据' })).toEqual(['CS2101']);
    expect(await codes({ courseName: 'structures' })).toEqual(['CS2101']);
    expect(await codes({ teacherName: '陈' })).toEqual(['LIT1203']);
    expect(await codes({ courseCode: 'lit' })).toEqual(['LIT1203']);
    expect(await codes({ year: 2025 })).toEqual(['LIT1203']);
    expect(await codes({ coCodes: 'CS,XX' })).toEqual(['CS2101']);
    expect(await codes({ coCodes: ['LIT'] })).toEqual(['LIT1203']);
    expect(await codes({ courseName: '100%' })).toEqual([]);
    const paged = await call<CoursePage>(ApiPath.searchCourses, { page: 2, size: 1 });
    expect(paged.data).toMatchObject({ totalCount: 2, list: [{ code: 'LIT1203' }] });
    // A larger size is clamped to the spec's 100; 0 is refused.
    expect((await call<CoursePage>(ApiPath.searchCourses, { size: 500 })).data!.list).toHaveLength(2);
    expect((await call(ApiPath.searchCourses, { size: 0 })).status).toBe(400);
    expect(COURSE_PAGE_SIZE).toBe(100);
  });

  it('names courses and departments in the caller’s language', async () => {
    const en = await call<CoursePage>(ApiPath.searchCourses, { courseCode: 'CS2101' }, { lang: 'en-US' });
    expect(en.data!.list[0]!.name).toBe('Data Structures');
  });

  it('offers the years, departments and teachers to filter by', async () => {
    const f = (await get<CourseFilters>(ApiPath.courseFilters, {})).data!;
    expect(f.years).toEqual([2026, 2025]);
    expect(f.departments.map((d) => [d.code, d.courseCount])).toEqual([
      ['CS', 1],
      ['LIT', 1],
    ]);
    expect(f.teachers.map((x) => x.name).sort()).toEqual(['张伟', '李娜', '陈静'].sort());
  });

  it('shows no course of another institution', async () => {
    const theirs = await call<CoursePage>(ApiPath.searchCourses, {}, { to: other });
    expect(theirs.data!.list.map((c) => c.code)).toEqual(['X100']);
  });
});

describe('a course’s page', () => {
  it('lists the reading list in order with each matched book’s copies, the unmatched one with its citation', async () => {
    const d = await get<CourseDetail>(ApiPath.courseDetail, { id: String(ids.CS2101) });
    expect(d.success).toBe(true);
    const [first, second, third] = d.data!.readings as [CourseReading, CourseReading, CourseReading];
    expect(first).toMatchObject({
      seq: 1,
      kind: 'required',
      note: '主教材',
      matchedBy: 'isbn',
      record: { recordId: textbook, title: '数据结构（C语言版）' },
      availability: { total: 2, onShelf: 1, onLoan: 1 },
    });
    expect(first.availability!.places).toEqual([
      expect.objectContaining({ callNo: 'TP311.12/Y45', itemCount: 2, onShelfCount: 1 }),
    ]);
    expect(second).toMatchObject({ matchedBy: 'title', record: { recordId: classic } });
    expect(third).toMatchObject({ title: '算法导论（不在馆）', author: 'Cormen', record: null, availability: null });
    expect(d.data).toMatchObject({ marked: false, markCount: 0 });
  });

  it('says so for an unknown course or another institution’s, in each language', async () => {
    const theirs = (await call<CoursePage>(ApiPath.searchCourses, {}, { to: other })).data!.list[0]!.courseId;
    for (const [lang, text] of [
      ['zh-CN', '没有这门课程'],
      ['zh-TW', '沒有這門課程'],
      ['en-US', 'No such course'],
    ] as const) {
      const r = await get(ApiPath.courseDetail, { id: String(theirs) }, { lang });
      expect(r).toMatchObject({ success: false, errCode: CourseErrCode.noSuchCourse, message: text });
    }
    expect((await get(ApiPath.courseDetail, { id: 'x' })).status).toBe(400);
  });

  it('keeps a suppressed record out: the entry shows as unmatched', async () => {
    const tenant = await makeTenant(t);
    const [rid] = await makeRecords(t, tenant.id, [{ title: '隐藏的书', items: [{}] }]);
    await importCourseCsv(t.db.kysely, tenant.id, '课程代码,课程名称,学期,书名,类型\nH1,课,2026-2027-1,隐藏的书,必读');
    await t.db.kysely.updateTable('bib_record').set({ suppressed: true }).where('record_id', '=', rid).execute();
    const [course] = (await call<CoursePage>(ApiPath.searchCourses, {}, { to: tenant })).data!.list;
    const d = await get<CourseDetail>(ApiPath.courseDetail, { id: String(course!.courseId) }, { to: tenant });
    expect(d.data!.readings[0]).toMatchObject({ record: null, matchedBy: 'none', availability: null });
    expect((await call<CourseBookPage>(ApiPath.searchCourseBooks, {}, { to: tenant })).data!.totalCount).toBe(0);
  });
});

describe('course-book search and a book’s page', () => {
  it('lists the records the courses use, 12 a page, by use, title, year or copies on the shelf, filtered', async () => {
    const page = (await call<CourseBookPage>(ApiPath.searchCourseBooks, {})).data!;
    expect(page.totalCount).toBe(2);
    expect(COURSE_BOOK_ROWS).toBe(12);
    // The classic is used by two courses: first by default.
    expect(page.list.map((b) => [b.record.recordId, b.courseCount, b.required])).toEqual([
      [classic, 2, true],
      [textbook, 1, true],
    ]);
    expect(page.list[0]!.courses.map((c) => c.code)).toEqual(['CS2101', 'LIT1203']);
    expect(page.list[1]!.availability).toMatchObject({ total: 2, onShelf: 1, onLoan: 1 });
    const order = async (q: Record<string, unknown>) =>
      (await call<CourseBookPage>(ApiPath.searchCourseBooks, q)).data!.list.map((b) => b.record.recordId);
    // Title order (by the sort key), newest first (neither has a year: title order), most on the shelf first (1 each: by use).
    expect((await order({ sortType: 1 })).sort()).toEqual([classic, textbook].sort());
    expect(await order({ sortType: 3 })).toEqual([classic, textbook]);
    expect(await order({ courseName: '现代文学' })).toEqual([classic]);
    // Within CS each is used once: the required one first.
    expect(await order({ departmentIds: ['CS'] })).toEqual([textbook, classic]);
    const teacher = (await get<CourseFilters>(ApiPath.courseFilters, {})).data!.teachers.find(
      (x) => x.name === '陈静',
    )!;
    expect(await order({ teacherIds: String(teacher.teacherId) })).toEqual([classic]);
    expect(await order({ teacherIds: [teacher.teacherId], departmentIds: 'CS' })).toEqual([]);
    expect(await order({ rows: 1, page: 2 })).toEqual([textbook]);
    expect((await call(ApiPath.searchCourseBooks, { sortType: 9 })).status).toBe(400);
    expect((await call(ApiPath.searchCourseBooks, { teacherIds: 'a' })).status).toBe(400);
  });

  it('shows a book with every course that uses it and its copies; a record no course uses is refused', async () => {
    const d = await get<CourseBookDetail>(ApiPath.courseBookDetail, { id: String(classic) });
    expect(d.data!.record.title).toBe('红楼梦');
    expect(d.data!.courses.map((c) => [c.code, c.kind, c.teachers.map((x) => x.name).join()])).toEqual([
      ['CS2101', 'recommended', '张伟,李娜'],
      ['LIT1203', 'required', '陈静'],
    ]);
    expect(d.data!.availability).toMatchObject({ total: 1, onShelf: 1, onLoan: 0 });
    const none = await get(ApiPath.courseBookDetail, { id: String(otherRecord) }, { lang: 'en-US' });
    expect(none).toMatchObject({ success: false, errCode: CourseErrCode.noSuchCourseBook });
    expect(none.message).toContain('No course uses this book');
    // Home's record through the other institution: nothing.
    const across = await get(ApiPath.courseBookDetail, { id: String(classic) }, { to: other });
    expect(across).toMatchObject({ success: false, errCode: CourseErrCode.noSuchCourseBook });
  });
});

describe('a reader’s marked courses (My Library key 16)', () => {
  it('marks, lists with the reading lists, unmarks; marking twice changes nothing', async () => {
    const lib = await makeLibrary();
    const { call, get } = on(lib.tenant);
    const { headers } = await readerOf(lib.tenant);
    const marked = await call<CourseMarkResult>(ApiPath.markCourse, { courseId: lib.ids.CS2101 }, { headers });
    expect(marked).toMatchObject({ success: true, data: { marked: true } });
    expect(marked.message).toContain('已关注该课程');
    await call(ApiPath.markCourse, { courseId: lib.ids.LIT1203 }, { headers, lang: 'en-US' });
    expect((await call(ApiPath.markCourse, { courseId: lib.ids.CS2101 }, { headers })).success).toBe(true);
    const mine = (await get<MyCourses>(ApiPath.myCourses, {}, { headers })).data!;
    expect(mine.totalCount).toBe(2);
    expect(mine.list.map((m) => m.course.code).sort()).toEqual(['CS2101', 'LIT1203']);
    const cs = mine.list.find((m) => m.course.code === 'CS2101')!;
    expect(cs.readings.map((r) => r.availability?.onShelf ?? null)).toEqual([1, 1, null]);
    const detail = await get<CourseDetail>(ApiPath.courseDetail, { id: String(lib.ids.CS2101) }, { headers });
    expect(detail.data).toMatchObject({ marked: true, markCount: 1 });
    const un = await call<CourseMarkResult>(
      ApiPath.unmarkCourse,
      { courseId: lib.ids.CS2101 },
      { headers, lang: 'zh-TW' },
    );
    expect(un).toMatchObject({ success: true, data: { marked: false }, message: '已取消關注該課程' });
    expect((await get<MyCourses>(ApiPath.myCourses, {}, { headers })).data!.list.map((m) => m.course.code)).toEqual([
      'LIT1203',
    ]);
  });

  it('is for logged-in readers only, each their own, in their own institution', async () => {
    const lib = await makeLibrary();
    const { call, get } = on(lib.tenant);
    expect((await call(ApiPath.markCourse, { courseId: lib.ids.CS2101 })).status).toBe(401);
    expect((await get(ApiPath.myCourses, {})).errCode).toBe(AuthErrCode.loginRequired);
    const a = await readerOf(lib.tenant);
    const b = await readerOf(lib.tenant);
    await call(ApiPath.markCourse, { courseId: lib.ids.CS2101 }, { headers: a.headers });
    expect((await get<MyCourses>(ApiPath.myCourses, {}, { headers: b.headers })).data!.totalCount).toBe(0);
    // b unmarking a's course changes only b's (none).
    await call(ApiPath.unmarkCourse, { courseId: lib.ids.CS2101 }, { headers: b.headers });
    expect((await get<MyCourses>(ApiPath.myCourses, {}, { headers: a.headers })).data!.totalCount).toBe(1);
    // Another institution's course cannot be marked from home.
    const theirs = (await call<CoursePage>(ApiPath.searchCourses, {}, { to: other })).data!.list[0]!.courseId;
    const r = await call(ApiPath.markCourse, { courseId: theirs }, { headers: a.headers });
    expect(r).toMatchObject({ success: false, errCode: CourseErrCode.noSuchCourse });
    expect((await call(ApiPath.unmarkCourse, { courseId: theirs }, { headers: a.headers })).errCode).toBe(
      CourseErrCode.noSuchCourse,
    );
    // A home session is not a session of the other institution.
    expect((await get(ApiPath.myCourses, {}, { headers: a.headers, to: other })).success).toBe(false);
  });

  it(`stops at ${MAX_COURSE_MARKS} marked courses`, async () => {
    const tenant = await makeTenant(t);
    const { reader, headers } = await readerOf(tenant);
    await sql`INSERT INTO course (tenant_id, code, name, term, year)
      SELECT ${tenant.id}, 'M' || g, '课程' || g, '2026-2027-1', 2026 FROM generate_series(1, ${MAX_COURSE_MARKS + 1}) g`.execute(
      t.db.kysely,
    );
    await sql`INSERT INTO course_mark (tenant_id, reader_id, course_id)
      SELECT ${tenant.id}, ${reader.id}, id FROM course WHERE tenant_id = ${tenant.id} AND code <> 'M1'`.execute(
      t.db.kysely,
    );
    const found = (await call<CoursePage>(ApiPath.searchCourses, { courseCode: 'M1' }, { to: tenant })).data!;
    const m1 = found.list.find((c) => c.code === 'M1')!;
    const r = await call(ApiPath.markCourse, { courseId: m1.courseId }, { headers, to: tenant, lang: 'en-US' });
    expect(r).toMatchObject({ success: false, errCode: CourseErrCode.tooManyMarks });
    expect(r.message).toContain(String(MAX_COURSE_MARKS));
  });
});

describe('staff matching', () => {
  it('lists the unmatched entries and matches one to a record by id, audited; other institutions refused', async () => {
    const lib = await makeLibrary();
    const { call, get } = on(lib.tenant);
    const staff = await staffHeader(t, await makeStaff(t, lib.tenant.id, { role: 'staff' }));
    const list = await get<UnmatchedReadings>(ApiPath.adminUnmatchedReadings, {}, { headers: staff });
    expect(list.data!.list.map((u) => [u.courseCode, u.title])).toEqual([['CS2101', '算法导论（不在馆）']]);
    const readingId = list.data!.list[0]!.readingId;
    // A record of another institution is refused.
    const foreign = await t.db.kysely
      .selectFrom('bib_record')
      .select('record_id')
      .where('tenant_id', '=', other.id)
      .executeTakeFirstOrThrow();
    const refused = await call(
      ApiPath.adminMatchReading,
      { readingId, recordId: foreign.record_id },
      { headers: staff },
    );
    expect(refused).toMatchObject({ success: false, errCode: CourseErrCode.noSuchRecord });
    const done = await call<CourseReading>(
      ApiPath.adminMatchReading,
      { readingId, recordId: lib.otherRecord },
      { headers: staff },
    );
    expect(done.data).toMatchObject({
      matchedBy: 'staff',
      record: { recordId: lib.otherRecord },
      availability: { total: 1 },
    });
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('tenant_id', '=', lib.tenant.id)
      .where('action', '=', 'course.match')
      .execute();
    expect(audit).toEqual([{ action: 'course.match', target: `course reading ${readingId}` }]);
    expect(
      (await get<UnmatchedReadings>(ApiPath.adminUnmatchedReadings, {}, { headers: staff })).data!.totalCount,
    ).toBe(0);
    // Cleared again (0): unmatched once more.
    await call(ApiPath.adminMatchReading, { readingId, recordId: 0 }, { headers: staff });
    expect(
      (await get<UnmatchedReadings>(ApiPath.adminUnmatchedReadings, {}, { headers: staff })).data!.totalCount,
    ).toBe(1);
    // Another institution's staff cannot touch home's entry, nor see home's list.
    const theirs = await staffHeader(t, await makeStaff(t, other.id, { role: 'admin' }));
    const across = await call(ApiPath.adminMatchReading, { readingId, recordId: 0 }, { headers: theirs, to: other });
    expect(across).toMatchObject({ success: false, errCode: CourseErrCode.noSuchReading });
    const cross = await get(ApiPath.adminUnmatchedReadings, {}, { headers: theirs });
    expect(cross.errCode).toBe(StaffErrCode.otherInstitution);
    // Readers and visitors are refused.
    const { headers } = await readerOf(lib.tenant);
    expect((await get(ApiPath.adminUnmatchedReadings, {}, { headers })).status).toBe(403);
    expect((await get(ApiPath.adminUnmatchedReadings, {})).status).toBe(401);
  });
});

describe('the console’s course list', () => {
  it('lists courses with matched and unmatched counts, by words and unmatched only; a course’s whole list', async () => {
    const lib = await makeLibrary();
    const { call, get } = on(lib.tenant);
    const staff = await staffHeader(t, await makeStaff(t, lib.tenant.id, { role: 'staff' }));
    const all = (await get<AdminCoursePage>(ApiPath.adminCourseList, {}, { headers: staff, lang: 'en-US' })).data!;
    expect(all.list.map((c) => [c.code, c.name, c.readingCount, c.matchedCount, c.unmatchedCount])).toEqual([
      ['CS2101', 'Data Structures', 3, 2, 1],
      ['LIT1203', 'History of Modern Chinese Literature', 1, 1, 0],
    ]);
    const unmatchedOnly = await get<AdminCoursePage>(
      ApiPath.adminCourseList,
      { unmatchedOnly: 'true' },
      { headers: staff },
    );
    expect(unmatchedOnly.data!.list.map((c) => c.code)).toEqual(['CS2101']);
    const byWords = await get<AdminCoursePage>(ApiPath.adminCourseList, { q: '文学' }, { headers: staff });
    expect(byWords.data!.list.map((c) => c.code)).toEqual(['LIT1203']);
    const readings = (
      await get<AdminCourseReadings>(ApiPath.adminCourseReadings, { id: lib.ids.CS2101 }, { headers: staff })
    ).data!;
    expect(readings.course).toMatchObject({ code: 'CS2101', unmatchedCount: 1 });
    expect(readings.list.map((r) => [r.title, r.matchedBy, r.record?.recordId ?? null])).toEqual([
      ['数据结构（C语言版）', 'isbn', lib.textbook],
      ['红楼梦', 'title', lib.classic],
      ['算法导论（不在馆）', 'none', null],
    ]);
    // A match cleared by staff shows as unmatched in the counts and the list.
    const first = readings.list[0]!.readingId;
    await call(ApiPath.adminMatchReading, { readingId: first, recordId: 0 }, { headers: staff });
    const after = (
      await get<AdminCourseReadings>(ApiPath.adminCourseReadings, { id: lib.ids.CS2101 }, { headers: staff })
    ).data!;
    expect(after.course).toMatchObject({ matchedCount: 1, unmatchedCount: 2 });
    expect(after.list[0]).toMatchObject({ matchedBy: 'none', record: null });
    await call(ApiPath.adminMatchReading, { readingId: first, recordId: lib.textbook }, { headers: staff });
    // Another institution's course is no such course; their staff see only their own courses.
    const theirs = await staffHeader(t, await makeStaff(t, other.id, { role: 'staff' }));
    const across = await get(ApiPath.adminCourseReadings, { id: lib.ids.CS2101 }, { headers: theirs, to: other });
    expect(across).toMatchObject({ success: false, errCode: CourseErrCode.noSuchCourse });
    const theirList = (await get<AdminCoursePage>(ApiPath.adminCourseList, {}, { headers: theirs, to: other })).data!;
    expect(theirList.list.map((c) => c.code)).toEqual(['X100']);
    expect((await get(ApiPath.adminCourseList, {}, { headers: theirs })).errCode).toBe(StaffErrCode.otherInstitution);
    const { headers } = await readerOf(lib.tenant);
    expect((await get(ApiPath.adminCourseList, {}, { headers })).status).toBe(403);
    expect((await get(ApiPath.adminCourseReadings, { id: lib.ids.CS2101 })).status).toBe(401);
    expect((await get(ApiPath.adminCourseReadings, { id: 'x' }, { headers: staff })).status).toBe(400);
  });
});

describe('the demo seed', () => {
  it('gives an institution with the demo catalogue eight or more courses with matched books and one unmatched', async () => {
    const tenant = await makeTenant(t);
    await makeRecords(t, tenant.id, [
      { title: '呐喊', author: '鲁迅著', authors: ['鲁迅'], items: [{}] },
      { title: '数据结构教程', author: '李明', isbn: '9787302123453', items: [{}] },
    ]);
    await seedDemoCourses(t.db.kysely, tenant.id);
    const page = (await call<CoursePage>(ApiPath.searchCourses, {}, { to: tenant })).data!;
    expect(page.totalCount).toBeGreaterThanOrEqual(8);
    const books = (await call<CourseBookPage>(ApiPath.searchCourseBooks, {}, { to: tenant })).data!;
    expect(books.list.map((b) => b.record.title).sort()).toEqual(['呐喊', '数据结构教程']);
    const staff = await staffHeader(t, await makeStaff(t, tenant.id, { role: 'staff' }));
    const unmatched = (
      await get<UnmatchedReadings>(ApiPath.adminUnmatchedReadings, { rows: 100 }, { headers: staff, to: tenant })
    ).data!;
    expect(unmatched.list.some((u) => u.title === '中国现代文学三十年')).toBe(true);
  });
});
