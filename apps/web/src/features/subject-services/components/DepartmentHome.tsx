import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DepartmentResource } from '@openfind/contract';
import { Tabs } from '../../../components/Tabs';
import { useDepartment, useDepartmentResources } from '../api';
import { Pager, Quiet, RecordItem, ThesisItem } from './parts';

const ROWS = 10;
const TABS: DepartmentResource[] = ['newBooks', 'hotBooks', 'databases', 'researchers', 'theses'];

/** /departmentHome?id=: a department's subjects, liaison librarian and resources in tabs. */
export function DepartmentHome() {
  const { t, i18n } = useTranslation('subjects');
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const department = useDepartment(id, i18n.language);
  const d = department.data;
  if (!id || department.isError)
    return (
      <div className="of-page of-sub-page">
        <Quiet text={t('departments.missing')} />
        <Link to="/departmentList">{t('departments.back')}</Link>
      </div>
    );
  if (!d) return <div className="of-page of-sub-page" aria-busy="true" />;
  return (
    <div className="of-page of-sub-page">
      <p className="of-sub-crumb">
        <Link to="/departmentList">{t('titles.departments')}</Link> / {d.name}
      </p>
      <div className="of-sub-head">
        <div>
          <h1 className="of-sub-title">{d.name}</h1>
          {i18n.language !== 'en-US' && d.nameEn ? <p className="of-sub-meta">{d.nameEn}</p> : null}
          {d.description ? <p className="of-sub-intro">{d.description}</p> : null}
          <p className="of-sub-chips">
            {d.disciplines.map((x) => (
              <span key={x.code} className="of-sub-chip">
                {x.name}
              </span>
            ))}
            {d.clcClasses.map((c) => (
              <span key={c} className="of-sub-chip of-sub-chip--class">
                {t('departments.clc', { code: c })}
              </span>
            ))}
          </p>
        </div>
        <aside className="of-sub-liaison" aria-labelledby="of-sub-liaison">
          <h2 id="of-sub-liaison">{t('departments.liaison')}</h2>
          {d.liaison.name ? (
            <>
              <p>
                <strong>{d.liaison.name}</strong>
              </p>
              {d.liaison.email ? (
                <p>
                  {t('departments.email')} <a href={`mailto:${d.liaison.email}`}>{d.liaison.email}</a>
                </p>
              ) : null}
              {d.liaison.phone ? (
                <p>
                  {t('departments.phone')} <a href={`tel:${d.liaison.phone.replace(/\s/g, '')}`}>{d.liaison.phone}</a>
                </p>
              ) : null}
            </>
          ) : (
            <p>{t('departments.noLiaison')}</p>
          )}
        </aside>
      </div>
      <Tabs
        className="of-sub-tabs"
        items={TABS.map((type) => ({
          key: type,
          label: `${t(`tabs.${type}`)}${type === 'newBooks' || type === 'hotBooks' ? '' : ` (${d.counts[type === 'databases' ? 'databases' : type === 'researchers' ? 'researchers' : 'theses']})`}`,
          children: <ResourceTab id={d.id} type={type} />,
        }))}
      />
    </div>
  );
}

function ResourceTab({ id, type }: { id: number; type: DepartmentResource }) {
  const { t, i18n } = useTranslation('subjects');
  const [page, setPage] = useState(1);
  const res = useDepartmentResources(id, type, page, ROWS, i18n.language);
  const data = res.data;
  if (res.isPending) return <p aria-busy="true" className="of-sub-quiet" />;
  if (res.isError || !data) return <Quiet text={t('common.failed')} retry={res.refetch} />;
  if (!data.totalCount) return <p className="of-sub-quiet">{t('common.empty')}</p>;
  return (
    <div data-testid={`tab-${type}`}>
      {type === 'newBooks' || type === 'hotBooks' ? (
        <ul className="of-sub-list">
          {data.records.map((r) => (
            <RecordItem key={r.recordId} r={r} />
          ))}
        </ul>
      ) : type === 'databases' ? (
        <ul className="of-sub-list">
          {data.databases.map((x) => (
            <li key={x.id} className="of-sub-record">
              <a href={x.url} target="_blank" rel="noopener noreferrer" className="of-sub-record-title">
                {x.name}
              </a>
              <span className="of-sub-meta">
                {[t(`access.${x.accessKind}`, { defaultValue: '' }), x.subjects.join('、')].filter(Boolean).join(' · ')}
              </span>
              {x.description ? <span className="of-sub-meta">{x.description}</span> : null}
            </li>
          ))}
        </ul>
      ) : type === 'researchers' ? (
        <ul className="of-sub-list">
          {data.researchers.map((r) => (
            <li key={r.id} className="of-sub-record">
              <Link to={`/researcherDetail?id=${r.id}`} className="of-sub-record-title">
                {r.name}
              </Link>
              <span className="of-sub-meta">
                {[r.nameEn, r.title, r.fields.join('、'), t('researchers.works', { count: r.worksCount })]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <ul className="of-sub-list">
          {data.theses.map((x) => (
            <ThesisItem key={x.recordId} thesis={x} />
          ))}
        </ul>
      )}
      <Pager page={page} rows={ROWS} total={data.totalCount} onChange={setPage} label={t('common.pages')} />
    </div>
  );
}
