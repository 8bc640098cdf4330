import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDepartments } from '../api';
import { Quiet } from './parts';

/** /departmentList: a card for each department with its disciplines and counts. */
export function DepartmentList() {
  const { t, i18n } = useTranslation('subjects');
  const departments = useDepartments(i18n.language);
  const list = departments.data?.list ?? [];
  return (
    <div className="of-page of-sub-page">
      <h1 className="of-sub-title">{t('titles.departments')}</h1>
      <p className="of-sub-intro">{t('departments.intro')}</p>
      {departments.isPending ? (
        <p aria-busy="true" className="of-sub-quiet" />
      ) : departments.isError ? (
        <Quiet text={t('common.failed')} retry={departments.refetch} />
      ) : list.length ? (
        <ul className="of-sub-cards" data-testid="department-cards">
          {list.map((d) => (
            <li key={d.id} className="of-sub-card">
              <h2>
                <Link to={`/departmentHome?id=${d.id}`}>{d.name}</Link>
              </h2>
              {i18n.language !== 'en-US' && d.nameEn ? <p className="of-sub-meta">{d.nameEn}</p> : null}
              <p className="of-sub-chips">
                {d.disciplines.map((x) => (
                  <span key={x.code} className="of-sub-chip">
                    {x.name}
                  </span>
                ))}
              </p>
              <dl className="of-sub-counts">
                {(['books', 'databases', 'researchers', 'theses'] as const).map((k) => (
                  <div key={k}>
                    <dt>{t(`counts.${k}`)}</dt>
                    <dd>{d.counts[k]}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      ) : (
        <p className="of-sub-quiet">{t('departments.none')}</p>
      )}
    </div>
  );
}
