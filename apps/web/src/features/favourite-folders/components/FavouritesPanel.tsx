import { Suspense, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  FOLDER_NAME_MAX,
  FAVOURITE_KEYWORD_MAX,
  folderNameProblem,
  type FavouriteFolder,
  type FavouriteRecord,
} from '@openfind/contract';
import { Button } from '../../../components/Button';
import { NativeSelect } from '../../../components/NativeSelect';
import { Tabs } from '../../../components/Tabs';
import { BookListsTab } from '../../book-lists';
import { loadNamespace } from '../../lang';
import { loadCiteFormats } from '../../record';
import { folderExport, type FolderExportFormat } from '../folder-export';
import { fetchFolderExport, useEFavourites, useFolderActions, useFolderRecords, useFolders } from '../panel-api';
import '../favourite-folders.css';

// Its texts load with the panel (My Library's own chunk stays as it was).
await loadNamespace('favourites');

const ROWS = 10;

/** My Library key 2 and /myFav: the reader's favourite folders and records, and their electronic resources. */
export default function FavouritesPanel() {
  const { t } = useTranslation('favourites');
  return (
    <div className="of-fav" data-testid="my-favourites">
      <Tabs
        items={[
          { key: 'records', label: t('tabs.records'), children: <FolderView /> },
          { key: 'e', label: t('tabs.e'), children: <EFavourites /> },
          // The reader's book lists ("other personal-area content" of spec §2), beside the favourites.
          {
            key: 'lists',
            label: t('bookLists', { ns: 'myLibrary' }),
            children: (
              <Suspense fallback={<p aria-busy="true" />}>
                <BookListsTab />
              </Suspense>
            ),
          },
        ]}
      />
    </div>
  );
}

/** A folder's name as shown: the default folder's is translated. */
function useFolderName() {
  const { t } = useTranslation('favourites');
  return (f: Pick<FavouriteFolder, 'isDefault' | 'favoritesName'>) =>
    f.isDefault ? t('defaultFolder') : f.favoritesName;
}

/** The message of a name problem, checked as the server checks it. */
function useNameCheck() {
  const { t } = useTranslation('favourites');
  return (name: string) => {
    const problem = folderNameProblem(name);
    return problem ? t(`nameProblem.${problem}`, { max: FOLDER_NAME_MAX }) : null;
  };
}

function FolderView() {
  const { t } = useTranslation('favourites');
  const folders = useFolders();
  const [selected, setSelected] = useState<number | null>(null);
  const list = folders.data?.list ?? [];
  const current = list.find((f) => f.favoritesId === selected) ?? list[0];
  const nameOf = useFolderName();
  if (!folders.data) {
    if (folders.isPending) return <p aria-busy="true" className="of-fav-quiet" />;
    return (
      <p role="alert" className="of-fav-quiet">
        {t('loadFailed')}{' '}
        <Button size="small" onClick={() => void folders.refetch()}>
          {t('retry')}
        </Button>
      </p>
    );
  }
  return (
    <div className="of-fav-layout">
      <div className="of-fav-folders">
        <h3 className="of-fav-heading">{t('folders.heading')}</h3>
        <p className="of-fav-quiet">
          {t('folders.summary', { count: folders.data.totalCount, folders: list.length, max: folders.data.maxFolders })}
        </p>
        <ul aria-label={t('folders.heading')}>
          {list.map((f) => (
            <li key={f.favoritesId}>
              <button
                type="button"
                className="of-fav-folder"
                aria-pressed={f.favoritesId === current?.favoritesId}
                onClick={() => setSelected(f.favoritesId)}
              >
                <span className="of-fav-folder-name">{nameOf(f)}</span>
                <span className="of-fav-count">{t('folders.count', { count: f.recordCount })}</span>
              </button>
            </li>
          ))}
        </ul>
        {list.length < folders.data.maxFolders ? (
          <NewFolder onCreated={setSelected} />
        ) : (
          <p className="of-fav-quiet">{t('folders.full', { max: folders.data.maxFolders })}</p>
        )}
      </div>
      {current ? (
        <FolderRecords key={current.favoritesId} folder={current} folders={list} />
      ) : (
        <p className="of-fav-quiet">{t('folders.empty')}</p>
      )}
    </div>
  );
}

function NewFolder({ onCreated }: { onCreated: (id: number) => void }) {
  const { t } = useTranslation('favourites');
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { create } = useFolderActions();
  const check = useNameCheck();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = check(name);
    setError(problem);
    if (problem) return;
    create.mutate(name.trim(), {
      onSuccess: ({ data }) => {
        setName('');
        onCreated(data.favoritesId);
      },
    });
  };
  return (
    <form className="of-fav-new" onSubmit={submit} noValidate>
      <label htmlFor={id}>{t('folders.newLabel')}</label>
      <div className="of-fav-row">
        <input
          id={id}
          className="of-input"
          value={name}
          maxLength={FOLDER_NAME_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" busy={create.isPending}>
          {t('folders.create')}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="of-fav-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function FolderRecords({ folder, folders }: { folder: FavouriteFolder; folders: FavouriteFolder[] }) {
  const { t, i18n } = useTranslation('favourites');
  const nameOf = useFolderName();
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const records = useFolderRecords(folder.favoritesId, keyword, page, ROWS, i18n.language);
  const searchId = useId();
  const { move, cancel } = useFolderActions();
  const others = folders.filter((f) => f.favoritesId !== folder.favoritesId);
  const [picked, setTarget] = useState<number>(others[0]?.favoritesId ?? 0);
  // The folder chosen, or the first other one when it is gone.
  const target = others.some((f) => f.favoritesId === picked) ? picked : (others[0]?.favoritesId ?? 0);
  const rows = records.data?.list ?? [];
  const total = records.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / ROWS));
  const ids = [...chosen];
  const done = () => {
    // A page emptied by a move or a removal: back one.
    if (page > 1 && rows.every((r) => chosen.has(r.favouriteId))) setPage(page - 1);
    setChosen(new Set());
  };
  const toggle = (id: number) =>
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allOnPage = rows.length > 0 && rows.every((r) => chosen.has(r.favouriteId));
  return (
    <section className="of-fav-records" aria-labelledby={`${searchId}-h`}>
      <FolderHeader folder={folder} headingId={`${searchId}-h`} title={nameOf(folder)} />
      <form
        role="search"
        className="of-fav-row"
        onSubmit={(e) => {
          e.preventDefault();
          setKeyword(typed.trim());
          setPage(1);
        }}
      >
        <label htmlFor={searchId} className="of-visually-hidden">
          {t('search.label')}
        </label>
        <input
          id={searchId}
          type="search"
          className="of-input"
          placeholder={t('search.placeholder')}
          maxLength={FAVOURITE_KEYWORD_MAX}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <Button type="submit">{t('search.submit')}</Button>
      </form>
      {records.isPending ? <p aria-busy="true" className="of-fav-quiet" /> : null}
      {records.isError && !records.data ? (
        <p role="alert" className="of-fav-quiet">
          {t('loadFailed')}
        </p>
      ) : null}
      {records.data ? (
        <p className="of-fav-quiet" aria-live="polite">
          {keyword ? t('search.found', { count: total, keyword }) : t('records.count', { count: total })}
        </p>
      ) : null}
      {rows.length ? (
        <>
          <div className="of-fav-toolbar">
            <label className="of-fav-check">
              <input
                type="checkbox"
                checked={allOnPage}
                onChange={() =>
                  setChosen(allOnPage ? new Set() : new Set([...chosen, ...rows.map((r) => r.favouriteId)]))
                }
              />
              {t('records.selectAll')}
            </label>
            {others.length ? (
              <span className="of-fav-row">
                <NativeSelect
                  label={t('records.moveTo')}
                  showLabel
                  value={target}
                  onChange={setTarget}
                  options={others.map((f) => [f.favoritesId, nameOf(f)] as const)}
                />
                <Button
                  disabled={!ids.length}
                  busy={move.isPending}
                  onClick={() => move.mutate({ favouriteIds: ids, favoritesId: target }, { onSuccess: done })}
                >
                  {t('records.move', { count: ids.length })}
                </Button>
              </span>
            ) : null}
            <Button
              disabled={!ids.length}
              busy={cancel.isPending}
              onClick={() => cancel.mutate(ids, { onSuccess: done })}
            >
              {t('records.remove', { count: ids.length })}
            </Button>
          </div>
          <ul className="of-fav-list" aria-label={t('records.listLabel', { folder: nameOf(folder) })}>
            {rows.map((r) => (
              <RecordRow key={r.favouriteId} record={r} chosen={chosen.has(r.favouriteId)} onToggle={toggle} />
            ))}
          </ul>
          {pages > 1 ? (
            <nav className="of-fav-row of-fav-pager" aria-label={t('records.pages')}>
              <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('records.previous')}
              </Button>
              <span>{t('records.page', { page, pages })}</span>
              <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('records.next')}
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function RecordRow({
  record,
  chosen,
  onToggle,
}: {
  record: FavouriteRecord;
  chosen: boolean;
  onToggle: (id: number) => void;
}) {
  const { t } = useTranslation('favourites');
  const checkId = useId();
  return (
    <li className="of-fav-item" data-testid="fav-item">
      <input
        id={checkId}
        type="checkbox"
        checked={chosen}
        onChange={() => onToggle(record.favouriteId)}
        aria-label={t('records.choose', { title: record.title })}
      />
      <div>
        <Link to={`/searchList/bookDetails/${record.recordId}`} className="of-fav-title">
          {record.title}
        </Link>
        <p className="of-fav-quiet">
          {[record.author, record.publisher, record.publishYear].filter(Boolean).join(' · ')}
        </p>
        <p className="of-fav-quiet">
          {record.callNoOne ? `${t('records.callNo')} ${record.callNoOne} · ` : ''}
          {t('records.kept', { date: record.createTime.slice(0, 10) })}
        </p>
      </div>
    </li>
  );
}

function FolderHeader({ folder, headingId, title }: { folder: FavouriteFolder; headingId: string; title: string }) {
  const { t } = useTranslation('favourites');
  const { rename, remove } = useFolderActions();
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [name, setName] = useState(folder.favoritesName);
  const [error, setError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const check = useNameCheck();
  const inputId = useId();
  const exportAs = async (format: FolderExportFormat) => {
    setExporting(true);
    try {
      const [data, formats] = await Promise.all([fetchFolderExport(folder.favoritesId), loadCiteFormats()]);
      const file = folderExport(data.list, format, title, window.location.origin, formats);
      formats.downloadFile(file.fileName, file.text, file.mediaType);
    } finally {
      setExporting(false);
    }
  };
  return (
    <div className="of-fav-header">
      <h3 id={headingId} className="of-fav-heading">
        {title}
      </h3>
      {mode === 'view' ? (
        <div className="of-fav-row">
          {!folder.isDefault ? (
            <>
              <Button size="small" onClick={() => setMode('rename')}>
                {t('folder.rename')}
              </Button>
              <Button size="small" onClick={() => setMode('delete')}>
                {t('folder.delete')}
              </Button>
            </>
          ) : null}
          <Button size="small" busy={exporting} disabled={!folder.recordCount} onClick={() => void exportAs('ris')}>
            {t('folder.exportRis')}
          </Button>
          <Button size="small" busy={exporting} disabled={!folder.recordCount} onClick={() => void exportAs('bibtex')}>
            {t('folder.exportBibtex')}
          </Button>
        </div>
      ) : null}
      {mode === 'rename' ? (
        <form
          className="of-fav-new"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const problem = check(name);
            setError(problem);
            if (problem) return;
            rename.mutate(
              { favoritesId: folder.favoritesId, favoritesName: name.trim(), version: folder.version },
              { onSuccess: () => setMode('view') },
            );
          }}
        >
          <label htmlFor={inputId}>{t('folder.newName')}</label>
          <div className="of-fav-row">
            <input
              id={inputId}
              className="of-input"
              value={name}
              maxLength={FOLDER_NAME_MAX}
              aria-invalid={error ? true : undefined}
              onChange={(e) => setName(e.target.value)}
            />
            <Button type="submit" variant="primary" busy={rename.isPending}>
              {t('folder.save')}
            </Button>
            <Button type="button" onClick={() => setMode('view')}>
              {t('folder.cancel')}
            </Button>
          </div>
          {error ? (
            <p role="alert" className="of-fav-error">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
      {mode === 'delete' ? (
        <div role="group" aria-label={t('folder.delete')} className="of-fav-confirm">
          <p>{t('folder.deleteConfirm', { name: title, count: folder.recordCount })}</p>
          <div className="of-fav-row">
            <Button variant="primary" busy={remove.isPending} onClick={() => remove.mutate(folder.favoritesId)}>
              {t('folder.deleteYes')}
            </Button>
            <Button onClick={() => setMode('view')}>{t('folder.cancel')}</Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function EFavourites() {
  const { t, i18n } = useTranslation('favourites');
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const list = useEFavourites(keyword, page, ROWS, i18n.language);
  const { cancelE } = useFolderActions();
  const searchId = useId();
  const rows = list.data?.list ?? [];
  const total = list.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / ROWS));
  return (
    <section className="of-fav-records" aria-label={t('tabs.e')}>
      <form
        role="search"
        className="of-fav-row"
        onSubmit={(e) => {
          e.preventDefault();
          setKeyword(typed.trim());
          setPage(1);
        }}
      >
        <label htmlFor={searchId} className="of-visually-hidden">
          {t('e.searchLabel')}
        </label>
        <input
          id={searchId}
          type="search"
          className="of-input"
          maxLength={FAVOURITE_KEYWORD_MAX}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <Button type="submit">{t('search.submit')}</Button>
      </form>
      {list.isPending ? <p aria-busy="true" className="of-fav-quiet" /> : null}
      {list.data ? (
        <p className="of-fav-quiet" aria-live="polite">
          {total ? t('e.count', { count: total }) : t('e.empty')}
        </p>
      ) : null}
      <ul className="of-fav-list" aria-label={t('tabs.e')}>
        {rows.map((c) => (
          <li key={c.collectionId} className="of-fav-item" data-testid="e-fav-item">
            <div>
              <a href={c.url} target="_blank" rel="noopener noreferrer" className="of-fav-title">
                {c.collectionName}
              </a>
              {c.description ? <p className="of-fav-quiet">{c.description}</p> : null}
            </div>
            <Button
              size="small"
              aria-label={t('e.removeOf', { name: c.collectionName })}
              busy={cancelE.isPending}
              onClick={() => cancelE.mutate([c.collectionId])}
            >
              {t('e.remove')}
            </Button>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav className="of-fav-row of-fav-pager" aria-label={t('records.pages')}>
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('records.previous')}
          </Button>
          <span>{t('records.page', { page, pages })}</span>
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('records.next')}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
