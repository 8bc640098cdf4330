import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Pagination } from 'antd';
import {
  DB_ACCESS_KINDS,
  DB_INITIALS,
  DB_KEYWORD_MAX,
  DB_SORTS,
  type DbAccessKind,
  type DbSort,
} from '@openfind/contract';
import { useDbList, useDbScreen, type DbListQuery } from '../api';
import { DbCardView } from './DbCardView';

const ROWS = 20;

/** The screen as the address holds it (so a filtered list can be shared and the back button works). */
type NavQuery = DbListQuery & { sort: DbSort; page: number };

/** Reads the screen from the address. */
function queryOf(p: URLSearchParams): NavQuery {
  const page = Number(p.get('page'));
  const access = p.get('access') ?? '';
  const sort = p.get('sort') ?? '';
  const initial = (p.get('az') ?? '').toUpperCase();
  return {
    subId: p.get('sub') || undefined,
    screenId: (p.get('type') || undefined) as DbListQuery['screenId'],
    initial: (DB_INITIALS as readonly string[]).includes(initial) ? (initial as DbListQuery['initial']) : undefined,
    keyword: (p.get('q') ?? '').slice(0, DB_KEYWORD_MAX),
    accessKind: (DB_ACCESS_KINDS as readonly string[]).includes(access) ? (access as DbAccessKind) : undefined,
    sort: (DB_SORTS as readonly string[]).includes(sort) ? (sort as DbSort) : 'default',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    rows: ROWS,
  };
}

/** /dataBaseNav: the filters (a panel beside the list, folded on a phone), the A–Z bar, search, the list. */
export function DatabaseNav() {
  const { t, i18n } = useTranslation('databases');
  const [params, setParams] = useSearchParams();
  const q = queryOf(params);
  const screen = useDbScreen(i18n.language);
  const list = useDbList(q, i18n.language);
  const [words, setWords] = useState(q.keyword ?? '');

  /** Sets (or clears) one filter and goes back to the first page. */
  const set = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next);
  };
  const search = (e: FormEvent) => {
    e.preventDefault();
    set('q', words.trim() || undefined);
  };
  const letters = new Map((screen.data?.initials ?? []).map((i) => [i.letter, i.count]));

  const option = (
    key: string,
    value: string | undefined,
    label: string,
    count: number | undefined,
    active: boolean,
  ) => (
    <li key={`${key}-${value ?? 'all'}`}>
      <button
        type="button"
        className={`of-db-option${active ? ' of-db-option--on' : ''}`}
        aria-pressed={active}
        onClick={() => set(key, value)}
      >
        {label}
        {count !== undefined ? <span className="of-db-count">{count}</span> : null}
      </button>
    </li>
  );

  const filters = (
    <>
      <section className="of-db-filter" aria-labelledby="of-db-f-subject">
        <h2 id="of-db-f-subject">{t('filters.subject')}</h2>
        <ul>
          {option('sub', undefined, t('filters.all'), screen.data?.totalCount, !q.subId)}
          {(screen.data?.subjects ?? []).map((s) => option('sub', s.subId, s.subName, s.count, q.subId === s.subId))}
        </ul>
      </section>
      <section className="of-db-filter" aria-labelledby="of-db-f-type">
        <h2 id="of-db-f-type">{t('filters.type')}</h2>
        <ul>
          {option('type', undefined, t('filters.all'), undefined, !q.screenId)}
          {(screen.data?.dbTypes ?? [])
            .filter((d) => d.count > 0)
            .map((d) => option('type', d.screenId, d.name, d.count, q.screenId === d.screenId))}
        </ul>
      </section>
      <section className="of-db-filter" aria-labelledby="of-db-f-access">
        <h2 id="of-db-f-access">{t('filters.access')}</h2>
        <ul>
          {option('access', undefined, t('filters.all'), undefined, !q.accessKind)}
          {(screen.data?.accessKinds ?? [])
            .filter((a) => a.count > 0)
            .map((a) =>
              option('access', a.accessKind, t(`access.${a.accessKind}`), a.count, q.accessKind === a.accessKind),
            )}
        </ul>
      </section>
    </>
  );

  const data = list.data;
  return (
    <div className="of-page of-db-page">
      <h1 className="of-db-title">{t('titles.nav')}</h1>
      <form className="of-db-search" role="search" onSubmit={search}>
        <label htmlFor="of-db-q" className="of-visually-hidden">
          {t('search.label')}
        </label>
        <input
          id="of-db-q"
          type="search"
          value={words}
          maxLength={DB_KEYWORD_MAX}
          placeholder={t('search.placeholder')}
          onChange={(e) => setWords(e.target.value)}
        />
        <button type="submit" className="of-btn of-btn--primary">
          {t('search.submit')}
        </button>
      </form>
      <nav className="of-db-az" aria-label={t('az.label')}>
        <button
          type="button"
          aria-pressed={!q.initial}
          className={!q.initial ? 'of-db-az--on' : ''}
          onClick={() => set('az', undefined)}
        >
          {t('az.all')}
        </button>
        {DB_INITIALS.map((l) => (
          <button
            key={l}
            type="button"
            disabled={!letters.has(l)}
            aria-pressed={q.initial === l}
            className={q.initial === l ? 'of-db-az--on' : ''}
            onClick={() => set('az', l)}
          >
            {l}
          </button>
        ))}
      </nav>
      <div className="of-db-layout">
        <aside className="of-db-side">
          <details className="of-db-fold">
            <summary>{t('filters.toggle')}</summary>
            {filters}
          </details>
          <div className="of-db-wide">{filters}</div>
        </aside>
        <section className="of-db-main" aria-labelledby="of-db-results" aria-busy={list.isFetching}>
          <div className="of-db-toolbar">
            <h2 id="of-db-results" className="of-db-found">
              {data ? t('list.found', { count: data.totalCount }) : t('list.loading')}
            </h2>
            <label>
              {t('sort.label')}{' '}
              <select
                value={q.sort}
                onChange={(e) => set('sort', e.target.value === 'default' ? undefined : e.target.value)}
              >
                {DB_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {t(`sort.${s}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {list.isError ? (
            <p role="alert">{t('list.failed')}</p>
          ) : data && data.list.length === 0 ? (
            <p className="of-db-quiet">{t('list.empty')}</p>
          ) : (
            <ul className="of-db-list">
              {(data?.list ?? []).map((d) => (
                <DbCardView key={d.id} db={d} to={`/dataBaseNav/details/${d.id}`} />
              ))}
            </ul>
          )}
          {/* Not here: a reader recommends the library acquire it (the e-resource form of /personalCenter/freeOrder). */}
          <p className="of-db-quiet">
            {t('recommend.text')} <Link to="/personalCenter/freeOrder?kind=eresource">{t('recommend.link')}</Link>
          </p>
          {data && data.totalCount > ROWS ? (
            <Pagination
              className="of-db-pager"
              current={q.page}
              pageSize={ROWS}
              total={data.totalCount}
              showSizeChanger={false}
              size="small"
              onChange={(p) => set('page', p > 1 ? String(p) : undefined)}
            />
          ) : null}
        </section>
      </div>
    </div>
  );
}
