import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AZ_LETTERS, CLC_TOP_CLASSES, type PackageRecord, type SpecialPackage } from '@openfind/contract';
import { Pagination } from '../../../components/Pagination';
import { setPageTitle } from '../../../lib/document-title';
import { recordPath } from '../../../lib/record-path';
import { loadNamespace } from '../../lang';
import {
  useEbooks,
  useLibraryBookLists,
  usePackage,
  usePackageRecords,
  usePackages,
  useReaderBookLists,
  useTopic,
  useTopics,
} from '../api';
import '../collections.css';

// Its texts load with the screen.
await loadNamespace('collections');

const ROWS = 20;

/**
 * The navigation screens of special collections, special libraries, topics, e-books and book lists
 * (spec §2), one chunk: /collectionNav, /collectionNavDetail?id=, /specialBaseNav,
 * /specialBaseNav/specialBaseDetail?id=, /specialBaseNav/childBaseList?id=,
 * /specialBaseDetail/{id}/{twoId}, /specialNav[/{id}], /elecBook, /bookListNav.
 */
export function CollectionsPage({ feature }: { feature: string }) {
  const { t } = useTranslation('collections');
  const title = t(`titles.${feature}`);
  useEffect(() => {
    setPageTitle(title);
    return () => setPageTitle('');
  }, [title]);
  switch (feature) {
    case 'collections':
      return <PackageNav kind="collection" />;
    case 'collectionDetails':
      return <PackageByQuery />;
    case 'specialLibraries':
      return <PackageNav kind="base" />;
    case 'specialLibraryDetails':
    case 'specialLibraryChildren':
      return <PackageByQuery />;
    case 'specialNavigation':
      return <Topics />;
    case 'eBooks':
      return <Ebooks />;
    default:
      return <BookListNav />;
  }
}

function Quiet({ children }: { children: string }) {
  return <p className="of-col-quiet">{children}</p>;
}

function detailPath(p: SpecialPackage): string {
  if (p.kind === 'collection') return `/collectionNavDetail?id=${p.id}`;
  return p.parentId ? `/specialBaseDetail/${p.parentId}/${p.id}` : `/specialBaseDetail/${p.id}`;
}

/** The cards of packages: a collection's or a base's name, description and counts. */
function PackageCards({ list }: { list: SpecialPackage[] }) {
  const { t } = useTranslation('collections');
  return (
    <ul className="of-col-cards">
      {list.map((p) => (
        <li key={p.id} className="of-col-card">
          <h2>
            <Link to={detailPath(p)}>{p.name}</Link>
          </h2>
          {p.description ? <p>{p.description}</p> : null}
          <p className="of-col-meta">
            {t('records', { count: p.recordCount })}
            {p.childCount ? ` · ${t('children', { count: p.childCount })}` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}

function PackageNav({ kind }: { kind: 'collection' | 'base' }) {
  const { t, i18n } = useTranslation('collections');
  const list = usePackages(kind, 0, i18n.language);
  const heading = kind === 'collection' ? t('titles.collections') : t('titles.specialLibraries');
  return (
    <div className="of-page of-col-page">
      <h1 className="of-col-title">{heading}</h1>
      <p className="of-col-intro">{kind === 'collection' ? t('intro.collections') : t('intro.bases')}</p>
      {list.isPending ? (
        <p aria-busy="true" />
      ) : list.data?.length ? (
        <PackageCards list={list.data} />
      ) : (
        <Quiet>{list.isError ? t('failed') : t('none')}</Quiet>
      )}
    </div>
  );
}

/** A package named by `?id=` or by the path's {id}/{twoId} (the child base when given). */
function PackageByQuery() {
  const [params] = useSearchParams();
  const { id, twoId } = useParams();
  const chosen = Number(twoId || id || params.get('id') || 0);
  // /specialBaseDetail/{id}/{twoId}: the child base must belong to the special library {id}.
  const parent = twoId ? Number(id) : undefined;
  return <PackageView id={Number.isInteger(chosen) && chosen > 0 ? chosen : 0} parent={parent} />;
}

function PackageView({ id, parent }: { id: number; parent?: number }) {
  const { t, i18n } = useTranslation('collections');
  const pkg = usePackage(id, i18n.language);
  if (!id) return <NotFound />;
  if (pkg.isPending) return <div className="of-page" aria-busy="true" />;
  if (!pkg.data || (parent !== undefined && pkg.data.parentId !== parent)) return <NotFound />;
  const p = pkg.data;
  const navPath = p.kind === 'collection' ? '/collectionNav' : '/specialBaseNav';
  return (
    <div className="of-page of-col-page">
      <nav aria-label={t('breadcrumb')} className="of-col-crumbs">
        <Link to={navPath}>{p.kind === 'collection' ? t('titles.collections') : t('titles.specialLibraries')}</Link>
        {p.parent ? (
          <>
            {' / '}
            <Link to={detailPath(p.parent)}>{p.parent.name}</Link>
          </>
        ) : null}
      </nav>
      <h1 className="of-col-title" data-testid="package-name">
        {p.name}
      </h1>
      {p.description ? <p className="of-col-intro">{p.description}</p> : null}
      {p.children.length ? (
        <section aria-labelledby="of-col-children">
          <h2 id="of-col-children">{t('childBases')}</h2>
          <PackageCards list={p.children} />
        </section>
      ) : null}
      <PackageRecords id={p.id} />
    </div>
  );
}

function NotFound() {
  const { t } = useTranslation('collections');
  return (
    <div className="of-page of-col-page">
      <h1 className="of-col-title">{t('notFound')}</h1>
      <p>
        <Link to="/collectionNav">{t('titles.collections')}</Link> ·{' '}
        <Link to="/specialBaseNav">{t('titles.specialLibraries')}</Link>
      </p>
    </div>
  );
}

function RecordRows({ list }: { list: PackageRecord[] }) {
  const { t } = useTranslation('collections');
  return (
    <ol className="of-col-records" data-testid="package-records">
      {list.map((r) => (
        <li key={r.recordId}>
          <Link to={recordPath(r.recordId)}>{r.title}</Link>
          <span className="of-col-meta">
            {[r.author, r.publisher, r.publishYear, r.callNo && `${t('callNo')} ${r.callNo}`]
              .filter(Boolean)
              .join(' · ')}
            {r.hasEcopy ? <span className="of-col-tag">{t('ecopy')}</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

function SearchBox({ label, value, onSearch }: { label: string; value: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation('collections');
  const [draft, setDraft] = useState(value);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form role="search" className="of-col-search" onSubmit={submit}>
      <input
        aria-label={label}
        value={draft}
        maxLength={100}
        onChange={(e) => setDraft(e.target.value)}
        placeholder={label}
      />
      <button type="submit" className="of-btn of-btn--primary">
        {t('search')}
      </button>
    </form>
  );
}

function PackageRecords({ id }: { id: number }) {
  const { t } = useTranslation('collections');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const records = usePackageRecords(id, q, page, ROWS);
  return (
    <section aria-labelledby="of-col-recs">
      <h2 id="of-col-recs">
        {t('recordsHeading')}{' '}
        <span className="of-col-meta">{t('records', { count: records.data?.totalCount ?? 0 })}</span>
      </h2>
      <SearchBox
        label={t('searchIn')}
        value={q}
        onSearch={(v) => {
          setQ(v);
          setPage(1);
        }}
      />
      {records.data?.list.length ? (
        <RecordRows list={records.data.list} />
      ) : records.isPending ? null : (
        <Quiet>{t('noRecords')}</Quiet>
      )}
      <Pagination
        current={page}
        pageSize={ROWS}
        total={records.data?.totalCount ?? 0}
        hrefOf={(n) => `?id=${id}&page=${n}`}
        onChange={setPage}
        label={t('pages')}
      />
    </section>
  );
}

function Topics() {
  const { id } = useParams();
  const topicId = Number(id ?? 0);
  return topicId > 0 ? <TopicView id={topicId} /> : <TopicList />;
}

function TopicList() {
  const { t, i18n } = useTranslation('collections');
  const [page, setPage] = useState(1);
  const topics = useTopics(page, 12, i18n.language);
  return (
    <div className="of-page of-col-page">
      <h1 className="of-col-title">{t('titles.specialNavigation')}</h1>
      <p className="of-col-intro">{t('intro.topics')}</p>
      {topics.data?.list.length ? (
        <ul className="of-col-cards">
          {topics.data.list.map((x) => (
            <li key={x.id} className="of-col-card">
              <h2>
                <Link to={`/specialNav/${x.id}`}>{x.title}</Link>
              </h2>
              {x.description ? <p>{x.description}</p> : null}
              <p className="of-col-meta">
                {t('records', { count: x.recordCount })} · {t('views', { count: x.viewCount })}
              </p>
            </li>
          ))}
        </ul>
      ) : topics.isPending ? null : (
        <Quiet>{t('none')}</Quiet>
      )}
      <Pagination
        current={page}
        pageSize={12}
        total={topics.data?.totalCount ?? 0}
        hrefOf={(n) => `/specialNav?page=${n}`}
        onChange={setPage}
        label={t('pages')}
      />
    </div>
  );
}

function TopicView({ id }: { id: number }) {
  const { t, i18n } = useTranslation('collections');
  const [page, setPage] = useState(1);
  const topic = useTopic(id, page, ROWS, i18n.language);
  if (topic.isPending) return <div className="of-page" aria-busy="true" />;
  if (!topic.data) return <NotFound />;
  const x = topic.data;
  return (
    <div className="of-page of-col-page">
      <nav aria-label={t('breadcrumb')} className="of-col-crumbs">
        <Link to="/specialNav">{t('titles.specialNavigation')}</Link>
      </nav>
      <h1 className="of-col-title">{x.title}</h1>
      {x.description ? <p className="of-col-intro">{x.description}</p> : null}
      {x.searchWords ? (
        <p>
          <Link className="of-btn" to={`/searchList?searchWord=${encodeURIComponent(x.searchWords)}`}>
            {t('savedSearch', { words: x.searchWords })}
          </Link>
        </p>
      ) : null}
      {x.list.length ? <RecordRows list={x.list} /> : <Quiet>{t('noRecords')}</Quiet>}
      <Pagination
        current={page}
        pageSize={ROWS}
        total={x.totalCount}
        hrefOf={(n) => `/specialNav/${id}?page=${n}`}
        onChange={setPage}
        label={t('pages')}
      />
    </div>
  );
}

function Ebooks() {
  const { t } = useTranslation('collections');
  const [q, setQ] = useState('');
  const [classNo, setClassNo] = useState('');
  const [letter, setLetter] = useState('');
  const [page, setPage] = useState(1);
  const books = useEbooks(q, classNo, letter, page, ROWS);
  const reset = () => setPage(1);
  return (
    <div className="of-page of-col-page">
      <h1 className="of-col-title">{t('titles.eBooks')}</h1>
      <p className="of-col-intro">{t('intro.ebooks')}</p>
      <SearchBox
        label={t('searchEbooks')}
        value={q}
        onSearch={(v) => {
          setQ(v);
          reset();
        }}
      />
      <div className="of-col-filters">
        <label>
          {t('subject')}{' '}
          <select
            value={classNo}
            onChange={(e) => {
              setClassNo(e.target.value);
              reset();
            }}
          >
            <option value="">{t('all')}</option>
            {CLC_TOP_CLASSES.map((c) => (
              <option key={c} value={c}>
                {c} {t(`clc.${c}`)}
              </option>
            ))}
          </select>
        </label>
        <div role="group" aria-label={t('az')} className="of-col-az">
          {['', ...AZ_LETTERS].map((l) => (
            <button
              key={l || 'all'}
              type="button"
              aria-pressed={letter === l}
              onClick={() => {
                setLetter(l);
                reset();
              }}
            >
              {l || t('all')}
            </button>
          ))}
        </div>
      </div>
      <p className="of-col-meta">{t('ebookCount', { count: books.data?.totalCount ?? 0 })}</p>
      {books.data?.list.length ? (
        <ol className="of-col-records" data-testid="ebook-list">
          {books.data.list.map((b) => (
            <li key={`${b.source}-${b.url}-${b.recordId ?? ''}-${b.title}`}>
              <a href={b.url} target="_blank" rel="noopener noreferrer">
                {b.title}
              </a>
              <span className="of-col-meta">
                {[b.author, b.publisher, b.publishYear, b.packageName].filter(Boolean).join(' · ')}
              </span>
              {b.recordId ? (
                <Link className="of-col-print" to={recordPath(b.recordId)}>
                  {b.printRecord ? t('printEdition') : t('recordPage')}
                </Link>
              ) : null}
            </li>
          ))}
        </ol>
      ) : books.isPending ? null : (
        <Quiet>{t('noEbooks')}</Quiet>
      )}
      <Pagination
        current={page}
        pageSize={ROWS}
        total={books.data?.totalCount ?? 0}
        hrefOf={(n) => `/elecBook?page=${n}`}
        onChange={setPage}
        label={t('pages')}
      />
    </div>
  );
}

const listPath = (id: number) => `/personalCenter/bookListDetails?id=${id}`;

function BookListNav() {
  const { t, i18n } = useTranslation('collections');
  const [libPage, setLibPage] = useState(1);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const library = useLibraryBookLists(libPage, 8, i18n.language);
  const readers = useReaderBookLists(q, page, 12, i18n.language);
  return (
    <div className="of-page of-col-page">
      <h1 className="of-col-title">{t('titles.bookLists')}</h1>
      <p className="of-col-intro">{t('intro.bookLists')}</p>
      <section aria-labelledby="of-col-lib-lists">
        <h2 id="of-col-lib-lists">{t('libraryLists')}</h2>
        {library.data?.list.length ? (
          <ul className="of-col-cards" data-testid="library-lists">
            {library.data.list.map((l) => (
              <li key={l.bookListId} className="of-col-card">
                <h3>
                  <Link to={listPath(l.bookListId)}>{l.name}</Link>
                </h3>
                {l.description ? <p>{l.description}</p> : null}
                <p className="of-col-meta">
                  {t('records', { count: l.recordCount })} · {t('views', { count: l.viewCount })}
                </p>
                <ul className="of-col-mini">
                  {l.records.map((r) => (
                    <li key={r.recordId}>
                      <Link to={recordPath(r.recordId)}>{r.title}</Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        ) : library.isPending ? null : (
          <Quiet>{t('none')}</Quiet>
        )}
        <Pagination
          current={libPage}
          pageSize={8}
          total={library.data?.totalCount ?? 0}
          hrefOf={(n) => `/bookListNav?page=${n}`}
          onChange={setLibPage}
          label={t('pages')}
        />
      </section>
      <section aria-labelledby="of-col-reader-lists">
        <h2 id="of-col-reader-lists">{t('readerLists')}</h2>
        <SearchBox
          label={t('searchLists')}
          value={q}
          onSearch={(v) => {
            setQ(v);
            setPage(1);
          }}
        />
        {readers.data?.list.length ? (
          <ul className="of-col-cards" data-testid="reader-lists">
            {readers.data.list.map((l) => (
              <li key={l.bookListId} className="of-col-card">
                <h3>
                  <Link to={listPath(l.bookListId)}>{l.title}</Link>
                </h3>
                {l.description ? <p>{l.description}</p> : null}
                <p className="of-col-meta">
                  {t('records', { count: l.recordCount })} · {t('views', { count: l.viewCount })}
                </p>
              </li>
            ))}
          </ul>
        ) : readers.isPending ? null : (
          <Quiet>{t('noReaderLists')}</Quiet>
        )}
        <Pagination
          current={page}
          pageSize={12}
          total={readers.data?.totalCount ?? 0}
          hrefOf={(n) => `/bookListNav?readersPage=${n}`}
          onChange={setPage}
          label={t('pages')}
        />
      </section>
    </div>
  );
}
