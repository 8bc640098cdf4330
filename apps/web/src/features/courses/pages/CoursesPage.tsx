import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  COURSE_BOOK_PAGE,
  COURSE_BOOK_ROWS,
  COURSE_BOOK_SORT,
  COURSE_BOOK_SORTS,
  COURSE_PAGE_SIZE,
  COURSE_PAGE_SIZE_RESET,
  COURSE_SEARCH_MAX,
  type CourseBrief,
} from '@openfind/contract';
import { Button } from '../../../components/Button';
import { NativeSelect } from '../../../components/NativeSelect';
import { Pagination } from '../../../components/Pagination';
import { notify } from '../../../lib/antd';
import { setPageTitle } from '../../../lib/document-title';
import { recordPath } from '../../../lib/record-path';
import { openLogin, useSession } from '../../auth';
import { loadNamespace } from '../../lang';
import { useCourse, useCourseBook, useCourseBooks, useCourseFilters, useCourseSearch, useMarkCourse } from '../api';
import { Availability, Readings } from '../components/Readings';
import '../courses.css';

// Its texts load with the screen.
await loadNamespace('courses');

const TITLES: Record<string, string> = {
  courseReferences: 'search',
  courseReferenceDetails: 'course',
  courseBooks: 'books',
  courseBookDetails: 'book',
};

/**
 * The course reading-list screens (spec §2 subject service), one chunk: /courseReference (the course
 * search), /courseReferenceDetail?id= (a course and its books), /courseBookResource (the books of all
 * courses) and /courseBookDetail?id= (a book and its courses).
 */
export function CoursesPage({ feature }: { feature: string }) {
  const { t } = useTranslation('courses');
  const title = t(`titles.${TITLES[feature] ?? 'search'}`);
  useEffect(() => {
    setPageTitle(title);
    return () => setPageTitle('');
  }, [title]);
  return (
    <div className="of-page of-crs-page">
      {feature === 'courseReferenceDetails' ? (
        <CourseDetailScreen />
      ) : feature === 'courseBooks' ? (
        <CourseBooksScreen />
      ) : feature === 'courseBookDetails' ? (
        <CourseBookScreen />
      ) : (
        <CourseSearchScreen />
      )}
    </div>
  );
}

/** The two screens' tabs: courses and their books. */
function Tabs({ current }: { current: 'search' | 'books' }) {
  const { t } = useTranslation('courses');
  return (
    <nav className="of-crs-tabs" aria-label={t('tabs.label')}>
      <Link to="/courseReference" aria-current={current === 'search' ? 'page' : undefined}>
        {t('titles.search')}
      </Link>
      <Link to="/courseBookResource" aria-current={current === 'books' ? 'page' : undefined}>
        {t('titles.books')}
      </Link>
    </nav>
  );
}

const num = (v: string | null, fallback: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

function CourseSearchScreen() {
  const { t, i18n } = useTranslation('courses');
  const [params, setParams] = useSearchParams();
  const q = {
    courseName: params.get('courseName') ?? '',
    teacherName: params.get('teacherName') ?? '',
    courseCode: params.get('courseCode') ?? '',
    year: num(params.get('year'), 0),
    coCodes: params.get('coCodes') ?? '',
    page: num(params.get('page'), 1),
    size: num(params.get('size'), COURSE_PAGE_SIZE),
  };
  const [draft, setDraft] = useState(q);
  const filters = useCourseFilters(i18n.language);
  const result = useCourseSearch(q, i18n.language);
  const go = (next: typeof q) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) if (v && !(k === 'page' && v === 1)) p.set(k, String(v));
    setParams(p);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ ...draft, page: 1, size: q.size });
  };
  const reset = () => {
    const cleared = {
      courseName: '',
      teacherName: '',
      courseCode: '',
      year: 0,
      coCodes: '',
      page: 1,
      size: COURSE_PAGE_SIZE_RESET,
    };
    setDraft(cleared);
    go(cleared);
  };
  const hrefOf = (page: number) => {
    const p = new URLSearchParams(params);
    p.set('page', String(page));
    return `?${p.toString()}`;
  };
  return (
    <>
      <h1 className="of-crs-title">{t('titles.search')}</h1>
      <Tabs current="search" />
      <form className="of-crs-form" role="search" aria-label={t('search.label')} onSubmit={submit}>
        <label>
          {t('search.courseName')}
          <input
            value={draft.courseName}
            maxLength={COURSE_SEARCH_MAX.courseName}
            onChange={(e) => setDraft({ ...draft, courseName: e.target.value })}
          />
        </label>
        <label>
          {t('search.teacherName')}
          <input
            value={draft.teacherName}
            maxLength={COURSE_SEARCH_MAX.teacherName}
            onChange={(e) => setDraft({ ...draft, teacherName: e.target.value })}
          />
        </label>
        <label>
          {t('search.courseCode')}
          <input
            value={draft.courseCode}
            maxLength={COURSE_SEARCH_MAX.courseCode}
            onChange={(e) => setDraft({ ...draft, courseCode: e.target.value })}
          />
        </label>
        <span className="of-crs-field">
          <NativeSelect
            label={t('search.year')}
            showLabel
            value={draft.year}
            onChange={(year) => setDraft({ ...draft, year })}
            options={[
              [0, t('search.anyYear')],
              ...(filters.data?.years ?? []).map((y) => [y, `${y}-${y + 1}`] as const),
            ]}
          />
        </span>
        <span className="of-crs-field">
          <NativeSelect
            label={t('search.department')}
            showLabel
            value={draft.coCodes}
            onChange={(coCodes) => setDraft({ ...draft, coCodes })}
            options={[
              ['', t('search.anyDepartment')],
              ...(filters.data?.departments ?? []).map((d) => [d.code, d.name] as const),
            ]}
          />
        </span>
        <span className="of-crs-buttons">
          <Button type="submit" variant="primary">
            {t('search.submit')}
          </Button>
          <Button onClick={reset}>{t('search.reset')}</Button>
        </span>
      </form>
      {result.data ? (
        <>
          <p className="of-crs-quiet" aria-live="polite">
            {t('search.count', { count: result.data.totalCount })}
          </p>
          {result.data.list.length ? (
            <ul className="of-crs-cards">
              {result.data.list.map((c) => (
                <CourseCard key={c.courseId} course={c} />
              ))}
            </ul>
          ) : (
            <p className="of-crs-quiet">{t('search.none')}</p>
          )}
          <Pagination
            current={q.page}
            pageSize={q.size}
            total={result.data.totalCount}
            hrefOf={hrefOf}
            onChange={(page) => go({ ...q, page })}
            label={t('search.pages')}
          />
        </>
      ) : result.isError ? (
        <p className="of-crs-quiet" role="alert">
          {t('loadFailed')}
        </p>
      ) : (
        <p aria-busy="true" className="of-crs-quiet" />
      )}
    </>
  );
}

function CourseCard({ course: c }: { course: CourseBrief }) {
  const { t } = useTranslation('courses');
  return (
    <li className="of-crs-card">
      <h2 className="of-crs-name">
        <Link to={`/courseReferenceDetail?id=${c.courseId}`}>{c.name}</Link>
      </h2>
      <p className="of-crs-quiet">{[c.code, c.term, c.deptName].filter(Boolean).join(' · ')}</p>
      {c.teachers.length ? <p>{t('course.teachers', { names: c.teachers.map((x) => x.name).join('、') })}</p> : null}
      <p>{t('course.books', { required: c.requiredCount, recommended: c.recommendedCount })}</p>
    </li>
  );
}

function CourseDetailScreen() {
  const { t, i18n } = useTranslation('courses');
  const [params] = useSearchParams();
  const id = num(params.get('id'), 0);
  const session = useSession();
  const course = useCourse(id, i18n.language, session.isLoggedIn);
  const mark = useMarkCourse();
  if (!id || course.isError)
    return (
      <>
        <h1 className="of-crs-title">{t('titles.course')}</h1>
        <p className="of-crs-quiet" role="alert">
          {t('course.notFound')} <Link to="/courseReference">{t('titles.search')}</Link>
        </p>
      </>
    );
  if (!course.data) return <p aria-busy="true" className="of-crs-quiet" />;
  const c = course.data;
  const toggle = () => {
    if (!session.isLoggedIn) return openLogin({ reason: t('mark.reason') });
    mark.mutate(
      { courseId: c.courseId, mark: !c.marked },
      { onSuccess: (r) => notify('success', r.message), onError: (e) => notify('error', e.message) },
    );
  };
  return (
    <>
      <p className="of-crs-crumbs">
        <Link to="/courseReference">{t('titles.search')}</Link> / {c.code}
      </p>
      <h1 className="of-crs-title">{c.name}</h1>
      <dl className="of-crs-facts">
        <dt>{t('course.code')}</dt>
        <dd>{c.code}</dd>
        <dt>{t('course.term')}</dt>
        <dd>{c.term}</dd>
        {c.deptName ? (
          <>
            <dt>{t('course.department')}</dt>
            <dd>{c.deptName}</dd>
          </>
        ) : null}
        {c.teachers.length ? (
          <>
            <dt>{t('course.teacher')}</dt>
            <dd>{c.teachers.map((x) => x.name).join('、')}</dd>
          </>
        ) : null}
        {c.classHours != null ? (
          <>
            <dt>{t('course.hours')}</dt>
            <dd>{c.classHours}</dd>
          </>
        ) : null}
      </dl>
      {c.description ? <p className="of-crs-desc">{c.description}</p> : null}
      <p className="of-crs-actions">
        <Button
          variant={c.marked ? 'default' : 'primary'}
          busy={mark.isPending}
          onClick={toggle}
          aria-pressed={session.isLoggedIn ? c.marked : undefined}
        >
          {session.isLoggedIn ? (c.marked ? t('mark.unmark') : t('mark.mark')) : t('mark.login')}
        </Button>
        <span className="of-crs-quiet">{t('mark.count', { count: c.markCount })}</span>
      </p>
      <Readings list={c.readings} />
    </>
  );
}

function CourseBooksScreen() {
  const { t, i18n } = useTranslation('courses');
  const [params, setParams] = useSearchParams();
  const q = {
    teacherIds: params.get('teacherIds') ?? '',
    departmentIds: params.get('departmentIds') ?? '',
    courseName: params.get('courseName') ?? '',
    sortType: Math.min(num(params.get('sortType'), COURSE_BOOK_SORT), COURSE_BOOK_SORTS.length - 1),
    page: num(params.get('page'), COURSE_BOOK_PAGE),
    rows: COURSE_BOOK_ROWS,
  };
  const [name, setName] = useState(q.courseName);
  const filters = useCourseFilters(i18n.language);
  const books = useCourseBooks(q, i18n.language);
  const go = (next: Partial<typeof q>) => {
    const merged = { ...q, page: 1, ...next };
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(merged))
      if (v && k !== 'rows' && !(k === 'page' && v === 1)) p.set(k, String(v));
    setParams(p);
  };
  const hrefOf = (page: number) => {
    const p = new URLSearchParams(params);
    p.set('page', String(page));
    return `?${p.toString()}`;
  };
  return (
    <>
      <h1 className="of-crs-title">{t('titles.books')}</h1>
      <Tabs current="books" />
      <form
        className="of-crs-form"
        role="search"
        aria-label={t('books.label')}
        onSubmit={(e) => {
          e.preventDefault();
          go({ courseName: name.trim() });
        }}
      >
        <span className="of-crs-field">
          <NativeSelect
            label={t('books.teacher')}
            showLabel
            value={q.teacherIds}
            onChange={(teacherIds) => go({ teacherIds })}
            options={[
              ['', t('books.anyTeacher')],
              ...(filters.data?.teachers ?? []).map((x) => [String(x.teacherId), x.name] as const),
            ]}
          />
        </span>
        <span className="of-crs-field">
          <NativeSelect
            label={t('search.department')}
            showLabel
            value={q.departmentIds}
            onChange={(departmentIds) => go({ departmentIds })}
            options={[
              ['', t('search.anyDepartment')],
              ...(filters.data?.departments ?? []).map((d) => [d.code, d.name] as const),
            ]}
          />
        </span>
        <label>
          {t('search.courseName')}
          <input value={name} maxLength={COURSE_SEARCH_MAX.courseName} onChange={(e) => setName(e.target.value)} />
        </label>
        <span className="of-crs-field">
          <NativeSelect
            label={t('books.sort')}
            showLabel
            value={q.sortType}
            onChange={(sortType) => go({ sortType })}
            options={COURSE_BOOK_SORTS.map((s) => [s, t(`books.sorts.${s}`)] as const)}
          />
        </span>
        <span className="of-crs-buttons">
          <Button type="submit" variant="primary">
            {t('search.submit')}
          </Button>
        </span>
      </form>
      {books.data ? (
        <>
          <p className="of-crs-quiet" aria-live="polite">
            {t('books.count', { count: books.data.totalCount })}
          </p>
          {books.data.list.length ? (
            <ul className="of-crs-cards">
              {books.data.list.map((b) => (
                <li key={b.record.recordId} className="of-crs-card">
                  <h2 className="of-crs-name">
                    <Link to={`/courseBookDetail?id=${b.record.recordId}`}>{b.record.title}</Link>
                  </h2>
                  <p className="of-crs-quiet">
                    {[b.record.author, b.record.publisher, b.record.publishYear].filter(Boolean).join(' · ')}
                  </p>
                  <p>
                    {b.required ? <span className="of-crs-tag">{t('kind.requiredTag')}</span> : null}
                    {t('books.usedBy', { count: b.courseCount })}
                    {b.courses.length ? `：${b.courses.map((c) => c.name).join('、')}` : ''}
                  </p>
                  <Availability copies={b.availability} compact />
                </li>
              ))}
            </ul>
          ) : (
            <p className="of-crs-quiet">{t('books.none')}</p>
          )}
          <Pagination
            current={q.page}
            pageSize={COURSE_BOOK_ROWS}
            total={books.data.totalCount}
            hrefOf={hrefOf}
            onChange={(page) => go({ page })}
            label={t('search.pages')}
          />
        </>
      ) : books.isError ? (
        <p className="of-crs-quiet" role="alert">
          {t('loadFailed')}
        </p>
      ) : (
        <p aria-busy="true" className="of-crs-quiet" />
      )}
    </>
  );
}

function CourseBookScreen() {
  const { t, i18n } = useTranslation('courses');
  const [params] = useSearchParams();
  const id = num(params.get('id'), 0);
  const book = useCourseBook(id, i18n.language);
  if (!id || book.isError)
    return (
      <>
        <h1 className="of-crs-title">{t('titles.book')}</h1>
        <p className="of-crs-quiet" role="alert">
          {t('books.notFound')} <Link to="/courseBookResource">{t('titles.books')}</Link>
        </p>
      </>
    );
  if (!book.data) return <p aria-busy="true" className="of-crs-quiet" />;
  const { record: r, courses, availability } = book.data;
  return (
    <>
      <p className="of-crs-crumbs">
        <Link to="/courseBookResource">{t('titles.books')}</Link>
      </p>
      <h1 className="of-crs-title">{r.title}</h1>
      <p className="of-crs-quiet">
        {[r.author, r.publisher, r.publishYear, r.isbn && `ISBN ${r.isbn}`].filter(Boolean).join(' · ')}
      </p>
      <p>
        <Link to={recordPath(r.recordId)}>{t('books.record')}</Link>
      </p>
      <h2 className="of-crs-kind">{t('books.copies')}</h2>
      <Availability copies={availability} />
      <h2 className="of-crs-kind">{t('books.courses', { count: courses.length })}</h2>
      <ul className="of-crs-cards">
        {courses.map((c) => (
          <li key={c.courseId} className="of-crs-card">
            <h3 className="of-crs-name">
              <Link to={`/courseReferenceDetail?id=${c.courseId}`}>{c.name}</Link>
            </h3>
            <p className="of-crs-quiet">{[c.code, c.term, c.deptName].filter(Boolean).join(' · ')}</p>
            {c.teachers.length ? (
              <p>{t('course.teachers', { names: c.teachers.map((x) => x.name).join('、') })}</p>
            ) : null}
            <p>
              <span className="of-crs-tag">{t(`kind.${c.kind}Tag`)}</span>
              {c.note ? t('reading.note', { note: c.note }) : null}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
