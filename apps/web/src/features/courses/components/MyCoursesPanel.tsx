import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MY_COURSE_ROWS } from '@openfind/contract';
import { Button } from '../../../components/Button';
import { notify } from '../../../lib/antd';
import { loadNamespace } from '../../lang';
import { useMarkCourse, useMyCourses } from '../api';
import { Readings } from './Readings';
import '../courses.css';

// Its texts load with the panel (My Library's own chunk stays as it was).
await loadNamespace('courses');

/** My Library key 16 (my courses): the courses the reader marked, each with its reading list and copies. */
export default function MyCoursesPanel() {
  const { t, i18n } = useTranslation('courses');
  const [page, setPage] = useState(1);
  const mine = useMyCourses(page, MY_COURSE_ROWS, i18n.language);
  const mark = useMarkCourse();
  if (!mine.data) {
    if (mine.isPending) return <p aria-busy="true" className="of-crs-quiet" />;
    return (
      <p className="of-crs-quiet" role="alert">
        {t('mine.loadFailed')}{' '}
        <Button size="small" onClick={() => void mine.refetch()}>
          {t('retry')}
        </Button>
      </p>
    );
  }
  const { list, totalCount } = mine.data;
  const pages = Math.ceil(totalCount / MY_COURSE_ROWS);
  const unmark = (courseId: number) =>
    mark.mutate(
      { courseId, mark: false },
      { onSuccess: (r) => notify('success', r.message), onError: (e) => notify('error', e.message) },
    );
  return (
    <div className="of-crs-mine" data-testid="my-courses">
      <p className="of-crs-quiet">
        {totalCount ? t('mine.count', { count: totalCount }) : t('mine.empty')}{' '}
        <Link to="/courseReference">{t('mine.find')}</Link>
      </p>
      {list.map(({ course, readings }) => (
        <article key={course.courseId} className="of-crs-card" aria-labelledby={`crs-${course.courseId}`}>
          <h3 id={`crs-${course.courseId}`} className="of-crs-name">
            <Link to={`/courseReferenceDetail?id=${course.courseId}`}>{course.name}</Link>
          </h3>
          <p className="of-crs-quiet">
            {[course.code, course.term, course.deptName, course.teachers.map((x) => x.name).join('、')]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <Readings list={readings} compact />
          <p>
            <Button
              size="small"
              busy={mark.isPending && mark.variables?.courseId === course.courseId}
              onClick={() => unmark(course.courseId)}
            >
              {t('mark.unmark')}
            </Button>
          </p>
        </article>
      ))}
      {pages > 1 ? (
        <p className="of-crs-actions">
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('previous')}
          </Button>
          <span className="of-crs-quiet">{t('page', { page, pages })}</span>
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('next')}
          </Button>
        </p>
      ) : null}
    </div>
  );
}
