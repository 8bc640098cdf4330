import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { NativeSelect } from '../../../components/NativeSelect';
import { useDepartments, useResearcher, useResearchers } from '../api';
import { Pager, Quiet, RecordItem } from './parts';

const ROWS = 20;
const WORK_ROWS = 10;
const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];

/** /researcher: researchers by words, department and A–Z letter. */
export function ResearcherListPage() {
  const { t, i18n } = useTranslation('subjects');
  const [params] = useSearchParams();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [departmentId, setDepartmentId] = useState(Number(params.get('departmentId')) || 0);
  const [initial, setInitial] = useState('');
  const [page, setPage] = useState(1);
  const departments = useDepartments(i18n.language);
  const list = useResearchers({ q, departmentId: departmentId || undefined, initial, page, rows: ROWS }, i18n.language);
  const counts = new Map((list.data?.initials ?? []).map((x) => [x.initial, x.count]));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQ(draft.trim());
    setPage(1);
  };
  return (
    <div className="of-page of-sub-page">
      <h1 className="of-sub-title">{t('titles.researchers')}</h1>
      <p className="of-sub-intro">{t('researchers.intro')}</p>
      <form className="of-sub-search" role="search" onSubmit={submit}>
        <input
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          aria-label={t('researchers.search')}
          placeholder={t('researchers.search')}
          maxLength={100}
        />
        <NativeSelect
          label={t('researchers.department')}
          value={departmentId}
          onChange={(v) => {
            setDepartmentId(v);
            setPage(1);
          }}
          options={[
            [0, t('researchers.allDepartments')],
            ...(departments.data?.list ?? []).map((d) => [d.id, d.name] as const),
          ]}
        />
        <Button type="submit" variant="primary">
          {t('common.search')}
        </Button>
      </form>
      <div className="of-sub-az" role="group" aria-label={t('researchers.az')}>
        <button type="button" aria-pressed={!initial} onClick={() => (setInitial(''), setPage(1))}>
          {t('researchers.all')}
        </button>
        {LETTERS.map((l) => (
          <button
            key={l}
            type="button"
            aria-pressed={initial === l}
            disabled={!counts.get(l) && initial !== l}
            onClick={() => (setInitial(l), setPage(1))}
          >
            {l}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <p aria-busy="true" className="of-sub-quiet" />
      ) : list.isError || !list.data ? (
        <Quiet text={t('common.failed')} retry={list.refetch} />
      ) : list.data.list.length ? (
        <>
          <p className="of-sub-meta">{t('researchers.found', { count: list.data.totalCount })}</p>
          <ul className="of-sub-people" data-testid="researchers">
            {list.data.list.map((r) => (
              <li key={r.id} className="of-sub-card">
                <h2>
                  <Link to={`/researcherDetail?id=${r.id}`}>{r.name}</Link>
                  <span className="of-sub-meta"> {r.nameEn}</span>
                </h2>
                <p className="of-sub-meta">{[r.title, r.departmentName].filter(Boolean).join(' · ')}</p>
                <p className="of-sub-chips">
                  {r.fields.map((f) => (
                    <span key={f} className="of-sub-chip">
                      {f}
                    </span>
                  ))}
                </p>
                <p className="of-sub-meta">{t('researchers.works', { count: r.worksCount })}</p>
              </li>
            ))}
          </ul>
          <Pager page={page} rows={ROWS} total={list.data.totalCount} onChange={setPage} label={t('common.pages')} />
        </>
      ) : (
        <p className="of-sub-quiet">{t('researchers.none')}</p>
      )}
    </div>
  );
}

/** /researcherDetail?id=: the profile, the counts and the works with their availability. */
export function ResearcherDetailPage() {
  const { t, i18n } = useTranslation('subjects');
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const [page, setPage] = useState(1);
  const detail = useResearcher(id, page, WORK_ROWS, i18n.language);
  const d = detail.data;
  if (!id || (detail.isError && !d))
    return (
      <div className="of-page of-sub-page">
        <Quiet text={t('researchers.missing')} />
        <Link to="/researcher">{t('researchers.back')}</Link>
      </div>
    );
  if (!d) return <div className="of-page of-sub-page" aria-busy="true" />;
  const r = d.researcher;
  return (
    <div className="of-page of-sub-page">
      <p className="of-sub-crumb">
        <Link to="/researcher">{t('titles.researchers')}</Link> / {r.name}
      </p>
      <div className="of-sub-head">
        <div>
          <h1 className="of-sub-title">
            {r.name} <span className="of-sub-meta">{r.nameEn}</span>
          </h1>
          <p>
            {[r.title, r.departmentName].filter(Boolean).join(' · ')}
            {r.departmentId ? (
              <>
                {' '}
                <Link to={`/departmentHome?id=${r.departmentId}`}>{t('researchers.toDepartment')}</Link>
              </>
            ) : null}
          </p>
          {r.fields.length ? <p>{t('researchers.fields', { fields: r.fields.join('、') })}</p> : null}
          {r.orcid ? (
            <p>
              ORCID:{' '}
              <a href={`https://orcid.org/${r.orcid}`} target="_blank" rel="noopener noreferrer">
                {r.orcid}
              </a>
            </p>
          ) : null}
          {r.homepage ? (
            <p>
              <a href={r.homepage} target="_blank" rel="noopener noreferrer">
                {t('researchers.homepage')}
              </a>
            </p>
          ) : null}
        </div>
        <dl className="of-sub-counts of-sub-liaison">
          <div>
            <dt>{t('researchers.countWorks')}</dt>
            <dd data-testid="works-count">{d.counts.works}</dd>
          </div>
          <div>
            <dt>{t('researchers.countAvailable')}</dt>
            <dd>{d.counts.available}</dd>
          </div>
          {d.counts.firstYear ? (
            <div>
              <dt>{t('researchers.years')}</dt>
              <dd>
                {d.counts.firstYear === d.counts.lastYear
                  ? d.counts.firstYear
                  : `${d.counts.firstYear}–${d.counts.lastYear}`}
              </dd>
            </div>
          ) : null}
        </dl>
      </div>
      <section aria-labelledby="of-sub-works">
        <h2 id="of-sub-works">{t('researchers.worksTitle')}</h2>
        <p className="of-sub-meta">{t('researchers.rule')}</p>
        {d.works.list.length ? (
          <>
            <ul className="of-sub-list" data-testid="works">
              {d.works.list.map((w) => (
                <RecordItem key={w.recordId} r={w} />
              ))}
            </ul>
            <Pager
              page={page}
              rows={WORK_ROWS}
              total={d.works.totalCount}
              onChange={setPage}
              label={t('common.pages')}
            />
          </>
        ) : (
          <p className="of-sub-quiet">{t('researchers.noWorks')}</p>
        )}
      </section>
    </div>
  );
}
