import { useId, useState, type FormEvent } from 'react';
import { Button, Checkbox, Empty, Input, Pagination, Popconfirm, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loadNamespace } from '../../lang';
import { AdminPage } from '../components/AdminPage';
import { RecordPicker } from '../components/RecordPicker';
import {
  COURSE_ADMIN_ROWS,
  useAdminCourses,
  useCourseReadings,
  useMatchReading,
  useUnmatched,
  type AdminCourse,
  type AdminReading,
  type CourseListQuery,
  type Unmatched,
} from './courses-api';
import './courses.css';

await loadNamespace('adminCourses');

/**
 * Course reading lists (`/admin/courses`): the entries of the loaded lists that no catalogue record
 * matched, each matched by hand with the record picker; the courses with how many of their entries
 * are matched, and a course's whole list, where a match is changed or cleared. The server writes
 * the audit rows.
 */
export default function CoursesScreen() {
  const { t } = useTranslation('adminCourses');
  return (
    <AdminPage title={t('title')}>
      <p className="of-courses-admin-intro">{t('intro')}</p>
      <UnmatchedSection />
      <CoursesSection />
    </AdminPage>
  );
}

const citationOf = (r: { title: string; author: string; isbn: string }) =>
  [r.title, r.author, r.isbn && `ISBN ${r.isbn}`].filter(Boolean).join(' · ');

function UnmatchedSection() {
  const { t } = useTranslation('adminCourses');
  const [page, setPage] = useState(1);
  const list = useUnmatched(page);
  const items = list.data?.list ?? [];
  const total = list.data?.totalCount ?? 0;
  return (
    <section className="of-courses-admin-section" aria-labelledby="of-courses-unmatched">
      <h2 id="of-courses-unmatched">
        {t('unmatched.title')} {list.data ? <Tag color={total ? 'orange' : 'green'}>{total}</Tag> : null}
      </h2>
      <p className="of-courses-admin-meta">{t('unmatched.note')}</p>
      {list.isPending ? <Spin /> : null}
      {list.isSuccess && !items.length ? <Empty description={t('unmatched.none')} /> : null}
      <ul className="of-courses-admin-list" aria-label={t('unmatched.title')}>
        {items.map((u) => (
          <UnmatchedItem key={u.readingId} entry={u} />
        ))}
      </ul>
      {total > COURSE_ADMIN_ROWS ? (
        <Pagination
          className="of-courses-admin-pager"
          current={page}
          pageSize={COURSE_ADMIN_ROWS}
          total={total}
          onChange={setPage}
          showSizeChanger={false}
        />
      ) : null}
    </section>
  );
}

function KindTag({ kind }: { kind: Unmatched['kind'] }) {
  const { t } = useTranslation('adminCourses');
  return <Tag color={kind === 'required' ? 'red' : 'blue'}>{t(`kind.${kind}`)}</Tag>;
}

function UnmatchedItem({ entry }: { entry: Unmatched }) {
  const { t } = useTranslation('adminCourses');
  const headingId = useId();
  const [picking, setPicking] = useState(false);
  const match = useMatchReading(() => setPicking(false));
  return (
    <li className="of-courses-admin-item" aria-labelledby={headingId} data-testid="unmatched-entry">
      <h3 id={headingId}>{citationOf(entry)}</h3>
      <p className="of-courses-admin-meta">
        <KindTag kind={entry.kind} />
        <Link to={`/courseReferenceDetail?id=${entry.courseId}`} target="_blank" rel="noopener">
          {entry.courseCode} {entry.courseName}
        </Link>{' '}
        · {t('term', { term: entry.term })}
      </p>
      {picking ? (
        <div className="of-courses-admin-picker">
          <RecordPicker
            label={t('match.find')}
            action={t('match.choose')}
            initial={entry.title}
            onPick={(r) => match.mutate({ readingId: entry.readingId, recordId: r.recordId })}
          />
          <Button onClick={() => setPicking(false)}>{t('cancel')}</Button>
        </div>
      ) : (
        <Button type="primary" onClick={() => setPicking(true)}>
          {t('match.open')}
        </Button>
      )}
    </li>
  );
}

function CoursesSection() {
  const { t } = useTranslation('adminCourses');
  const [draft, setDraft] = useState({ q: '', unmatchedOnly: false });
  const [query, setQuery] = useState<CourseListQuery>({
    q: '',
    unmatchedOnly: false,
    page: 1,
    rows: COURSE_ADMIN_ROWS,
  });
  const [open, setOpen] = useState<number | null>(null);
  const list = useAdminCourses(query);
  const items = list.data?.list ?? [];
  const total = list.data?.totalCount ?? 0;
  const search = (e: FormEvent) => {
    e.preventDefault();
    setQuery({ ...query, ...draft, q: draft.q.trim(), page: 1 });
  };
  return (
    <section className="of-courses-admin-section" aria-labelledby="of-courses-list">
      <h2 id="of-courses-list">{t('courses.title')}</h2>
      <form className="of-courses-admin-filters" role="search" aria-label={t('courses.filter')} onSubmit={search}>
        <label>
          {t('courses.words')}
          <Input
            className="of-courses-admin-field"
            value={draft.q}
            placeholder={t('courses.placeholder')}
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
          />
        </label>
        <Checkbox
          checked={draft.unmatchedOnly}
          onChange={(e) => setDraft({ ...draft, unmatchedOnly: e.target.checked })}
        >
          {t('courses.unmatchedOnly')}
        </Checkbox>
        <Button htmlType="submit">{t('search')}</Button>
      </form>
      {list.isPending ? <Spin /> : null}
      {list.isSuccess && !items.length ? <Empty description={t('courses.none')} /> : null}
      <ul className="of-courses-admin-list" aria-label={t('courses.title')}>
        {items.map((c) => (
          <CourseItem
            key={c.courseId}
            course={c}
            open={open === c.courseId}
            onToggle={() => setOpen(open === c.courseId ? null : c.courseId)}
          />
        ))}
      </ul>
      {total > COURSE_ADMIN_ROWS ? (
        <Pagination
          className="of-courses-admin-pager"
          current={Number(query.page ?? 1)}
          pageSize={COURSE_ADMIN_ROWS}
          total={total}
          onChange={(page) => setQuery({ ...query, page })}
          showSizeChanger={false}
        />
      ) : null}
    </section>
  );
}

function CourseItem({ course, open, onToggle }: { course: AdminCourse; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation('adminCourses');
  const headingId = useId();
  const panelId = useId();
  return (
    <li className="of-courses-admin-item" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {course.code} {course.name}
      </h3>
      <p className="of-courses-admin-meta">
        {[t('term', { term: course.term }), course.deptName].filter(Boolean).join(' · ')}
      </p>
      <p className="of-courses-admin-counts">
        <span>{t('courses.readings', { count: course.readingCount })}</span>
        <Tag color="green">{t('courses.matched', { count: course.matchedCount })}</Tag>
        <Tag color={course.unmatchedCount ? 'orange' : 'default'}>
          {t('courses.unmatched', { count: course.unmatchedCount })}
        </Tag>
      </p>
      <div className="of-courses-admin-actions">
        <Button aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
          {open ? t('courses.hide') : t('courses.show')}
        </Button>
        <Link to={`/courseReferenceDetail?id=${course.courseId}`} target="_blank" rel="noopener">
          {t('courses.public')}
        </Link>
      </div>
      <div id={panelId}>{open ? <CourseReadings courseId={course.courseId} /> : null}</div>
    </li>
  );
}

function CourseReadings({ courseId }: { courseId: number }) {
  const { t } = useTranslation('adminCourses');
  const readings = useCourseReadings(courseId);
  if (readings.isPending) return <Spin />;
  const list = readings.data?.list ?? [];
  if (!list.length) return <Empty description={t('courses.empty')} />;
  return (
    <ol className="of-courses-admin-readings" aria-label={t('courses.listOf', { name: readings.data!.course.name })}>
      {list.map((r) => (
        <ReadingItem key={r.readingId} reading={r} />
      ))}
    </ol>
  );
}

function ReadingItem({ reading }: { reading: AdminReading }) {
  const { t } = useTranslation('adminCourses');
  const [picking, setPicking] = useState(false);
  const match = useMatchReading(() => setPicking(false));
  return (
    <li>
      <div className="of-courses-admin-reading">
        <span className="of-courses-admin-cite">
          <KindTag kind={reading.kind} /> {citationOf(reading)}
        </span>
        <span className="of-courses-admin-meta">
          {reading.record ? (
            <>
              <Tag color={reading.matchedBy === 'staff' ? 'purple' : 'green'}>{t(`by.${reading.matchedBy}`)}</Tag>
              <Link to={`/searchList/bookDetails/${reading.record.recordId}`} target="_blank" rel="noopener">
                {reading.record.title}
              </Link>{' '}
              #{reading.record.recordId}
            </>
          ) : (
            <Tag color="orange">{t('by.none')}</Tag>
          )}
        </span>
      </div>
      <div className="of-courses-admin-actions">
        <Button size="small" onClick={() => setPicking(!picking)} aria-expanded={picking}>
          {reading.record ? t('match.change') : t('match.open')}
        </Button>
        {reading.record ? (
          <Popconfirm
            title={t('match.clearConfirm')}
            okText={t('match.clear')}
            cancelText={t('cancel')}
            onConfirm={() => match.mutate({ readingId: reading.readingId, recordId: 0 })}
          >
            <Button size="small" danger loading={match.isPending}>
              {t('match.clear')}
            </Button>
          </Popconfirm>
        ) : null}
      </div>
      {picking ? (
        <div className="of-courses-admin-picker">
          <RecordPicker
            label={t('match.find')}
            action={t('match.choose')}
            initial={reading.title}
            onPick={(r) => match.mutate({ readingId: reading.readingId, recordId: r.recordId })}
          />
        </div>
      ) : null}
    </li>
  );
}
