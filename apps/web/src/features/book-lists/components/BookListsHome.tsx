import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BookListSummary } from '@openfind/contract';
import { Button } from '../../../components/Button';
import { notify } from '../../../lib/antd';
import { apiAddress } from '../../../lib/api-client';
import { useSession } from '../../auth';
import { useCreateBookList, useMyBookLists, usePublicBookLists } from '../api';
import { ListForm } from './ListForm';

const MY_ROWS = 20;
const PUBLIC_ROWS = 12;

export const listPath = (id: number) => `/personalCenter/bookListDetails?id=${id}`;

/** /personalCenter/bookListDetails without a list: the reader's own lists (logged in), and the public lists. */
export function BookListsHome() {
  const { t } = useTranslation('bookLists');
  const { isLoggedIn } = useSession();
  return (
    <div className="of-page of-bl-page">
      <h1 className="of-bl-title">{t('titles.home')}</h1>
      {isLoggedIn ? (
        <MyLists />
      ) : (
        <p className="of-bl-quiet">
          <Link to="/login" state={{ next: '/personalCenter/bookListDetails' }}>
            {t('home.loginToMake')}
          </Link>
        </p>
      )}
      <PublicLists />
    </div>
  );
}

/** The reader's lists: a page of them and the new-list form. */
export function MyLists() {
  const { t } = useTranslation('bookLists');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState('');
  const mine = useMyBookLists(page, MY_ROWS);
  const create = useCreateBookList();
  const data = mine.data;
  const pages = data ? Math.ceil(data.totalCount / MY_ROWS) : 0;
  return (
    <section className="of-bl-section" aria-labelledby="of-bl-mine">
      <h2 id="of-bl-mine">{t('home.mine')}</h2>
      {!data ? (
        mine.isPending ? (
          <p aria-busy="true" className="of-bl-quiet" />
        ) : (
          <p className="of-bl-quiet" role="alert">
            {t('home.loadFailed')}{' '}
            <Button size="small" onClick={() => void mine.refetch()}>
              {t('home.retry')}
            </Button>
          </p>
        )
      ) : (
        <>
          <div className="of-bl-bar">
            <p className="of-bl-quiet">
              {data.totalCount ? t('home.count', { count: data.totalCount, max: data.maxLists }) : t('home.empty')}
            </p>
            {!creating && data.totalCount < data.maxLists ? (
              <Button variant="primary" onClick={() => setCreating(true)}>
                {t('home.create')}
              </Button>
            ) : null}
          </div>
          {creating ? (
            <ListForm
              busy={create.isPending}
              error={error}
              submitLabel={t('form.create')}
              onCancel={() => {
                setCreating(false);
                setError('');
              }}
              onSubmit={(values) =>
                create.mutate(values, {
                  onSuccess: ({ message }) => {
                    notify('success', message);
                    setCreating(false);
                    setError('');
                  },
                  onError: (err) => setError(err.message || t('home.failed')),
                })
              }
            />
          ) : null}
          {data.list.length ? (
            <ul className="of-bl-cards" aria-label={t('home.mine')}>
              {data.list.map((l) => (
                <ListCard key={l.bookListId} list={l} showPrivacy />
              ))}
            </ul>
          ) : null}
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function PublicLists() {
  const { t } = useTranslation('bookLists');
  const [q, setQ] = useState('');
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState(1);
  const lists = usePublicBookLists(q, page, PUBLIC_ROWS);
  const search = (e: FormEvent) => {
    e.preventDefault();
    setQ(typed.trim());
    setPage(1);
  };
  const pages = lists.data ? Math.ceil(lists.data.totalCount / PUBLIC_ROWS) : 0;
  return (
    <section className="of-bl-section" aria-labelledby="of-bl-public">
      <h2 id="of-bl-public">{t('home.public')}</h2>
      <form className="of-bl-search" role="search" onSubmit={search}>
        <label htmlFor="of-bl-q">{t('home.searchLabel')}</label>
        <input id="of-bl-q" type="search" value={typed} maxLength={100} onChange={(e) => setTyped(e.target.value)} />
        <Button type="submit">{t('home.search')}</Button>
      </form>
      {!lists.data ? (
        lists.isPending ? (
          <p aria-busy="true" className="of-bl-quiet" />
        ) : (
          <p className="of-bl-quiet" role="alert">
            {t('home.loadFailed')}
          </p>
        )
      ) : lists.data.list.length ? (
        <ul className="of-bl-cards" aria-label={t('home.public')}>
          {lists.data.list.map((l) => (
            <ListCard key={l.bookListId} list={l} />
          ))}
        </ul>
      ) : (
        <p className="of-bl-quiet">{q ? t('home.noneFound') : t('home.nonePublic')}</p>
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </section>
  );
}

function ListCard({ list: l, showPrivacy = false }: { list: BookListSummary; showPrivacy?: boolean }) {
  const { t } = useTranslation('bookLists');
  return (
    <li className="of-bl-card" data-testid={`book-list-${l.bookListId}`}>
      {l.coverUrl ? <img className="of-bl-cover" src={apiAddress(l.coverUrl)} alt="" width={60} height={80} /> : null}
      <div>
        <h3 className="of-bl-card-title">
          <Link to={listPath(l.bookListId)}>{l.title}</Link>
        </h3>
        <p className="of-bl-quiet">
          {[
            showPrivacy ? t(l.isPublic ? 'list.public' : 'list.private') : '',
            showPrivacy && l.hidden ? t('list.hiddenShort') : '',
            t('list.records', { count: l.recordCount }),
            t('list.views', { count: l.viewCount }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {l.description ? <p className="of-bl-card-text">{l.description}</p> : null}
      </div>
    </li>
  );
}

export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('bookLists');
  if (pages <= 1) return null;
  return (
    <p className="of-bl-actions">
      <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </Button>
      <span className="of-bl-quiet">{t('pager.page', { page, pages })}</span>
      <Button size="small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </p>
  );
}
