import { useEffect, useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BOOK_LIST_MAX_LENGTH, type BookListDetail, type BookListEntry, type BookListMove } from '@openfind/contract';
import { Button } from '../../../components/Button';
import { notify } from '../../../lib/antd';
import { apiAddress } from '../../../lib/api-client';
import { setPageTitle } from '../../../lib/document-title';
import { recordPath } from '../../../lib/record-path';
import {
  recordBookListView,
  useBookListDetail,
  useDeleteBookList,
  useDeleteBookListCover,
  useMoveBookListRecord,
  useRemoveBookListRecord,
  useUpdateBookList,
  useUpdateBookListNote,
  useUploadBookListCover,
} from '../api';
import { Pager } from './BookListsHome';
import { ListForm } from './ListForm';

const ROWS = 50;

/** /personalCenter/bookListDetails?id=: a list's page; its reader edits it here. */
export function BookListView({ id }: { id: number }) {
  const { t, i18n } = useTranslation('bookLists');
  const [page, setPage] = useState(1);
  const detail = useBookListDetail(id, page, ROWS, i18n.language);
  const title = detail.data?.title;
  useEffect(() => {
    if (!title) return;
    setPageTitle(title);
    return () => setPageTitle('');
  }, [title]);
  // One view of the page, counted by the server once per visitor and day.
  const found = detail.isSuccess;
  useEffect(() => {
    if (found) void recordBookListView(id).catch(() => undefined);
  }, [found, id]);

  const back = (
    <p>
      <Link to="/personalCenter/bookListDetails">{t('list.back')}</Link>
    </p>
  );
  if (id <= 0 || detail.isError)
    return (
      <div className="of-page of-bl-page">
        <h1 className="of-bl-title">{t('titles.detail')}</h1>
        <p className="of-bl-quiet" role="alert">
          {t('list.missing')}
        </p>
        {back}
      </div>
    );
  if (!detail.data) return <div className="of-page of-bl-page" aria-busy="true" />;
  const list = detail.data;
  const mine = list.owner === 'me';
  const pages = Math.ceil(list.recordCount / ROWS);
  return (
    <div className="of-page of-bl-page">
      {back}
      <ListHeader list={list} />
      {mine ? <OwnerTools list={list} /> : null}
      <section className="of-bl-section" aria-labelledby="of-bl-records">
        <h2 id="of-bl-records">{t('list.recordsTitle', { count: list.recordCount })}</h2>
        {list.records.length ? (
          <ol className="of-bl-records" start={(page - 1) * ROWS + 1}>
            {list.records.map((r) => (
              <RecordRow key={r.recordId} listId={list.bookListId} entry={r} mine={mine} last={list.recordCount} />
            ))}
          </ol>
        ) : (
          <p className="of-bl-quiet">{mine ? t('list.emptyMine') : t('list.empty')}</p>
        )}
        <Pager page={page} pages={pages} onPage={setPage} />
      </section>
    </div>
  );
}

function ListHeader({ list }: { list: BookListDetail }) {
  const { t } = useTranslation('bookLists');
  return (
    <header className="of-bl-head">
      {list.coverUrl ? (
        <img
          className="of-bl-head-cover"
          src={apiAddress(list.coverUrl)}
          alt={t('list.coverOf', { title: list.title })}
        />
      ) : null}
      <div>
        <h1 className="of-bl-title" data-testid="book-list-title">
          {list.title}
        </h1>
        <p className="of-bl-quiet" data-testid="book-list-meta">
          {[
            t(`owner.${list.owner}`),
            list.owner === 'me' ? t(list.isPublic ? 'list.public' : 'list.private') : '',
            t('list.records', { count: list.recordCount }),
            t('list.views', { count: list.viewCount }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {list.description ? <p className="of-bl-description">{list.description}</p> : null}
        {list.owner === 'me' && list.hidden ? (
          <p className="of-bl-hidden" role="status" data-testid="book-list-hidden">
            {t('list.hidden', { reason: list.hidden.reason })}
          </p>
        ) : null}
      </div>
    </header>
  );
}

/** The reader's own tools: edit the fields, the cover, delete the list. */
function OwnerTools({ list }: { list: BookListDetail }) {
  const { t } = useTranslation('bookLists');
  const navigate = useNavigate();
  const coverId = useId();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const [coverError, setCoverError] = useState('');
  const update = useUpdateBookList();
  const remove = useDeleteBookList();
  const upload = useUploadBookListCover();
  const dropCover = useDeleteBookListCover();
  return (
    <section className="of-bl-section of-bl-tools" aria-label={t('tools.label')}>
      {editing ? (
        <ListForm
          initial={{ title: list.title, description: list.description, isPublic: list.isPublic }}
          busy={update.isPending}
          error={error}
          submitLabel={t('form.save')}
          onCancel={() => {
            setEditing(false);
            setError('');
          }}
          onSubmit={(values) =>
            update.mutate(
              { ...values, bookListId: list.bookListId, version: list.version },
              {
                onSuccess: ({ message }) => {
                  notify('success', message);
                  setEditing(false);
                  setError('');
                },
                onError: (err) => setError(err.message || t('home.failed')),
              },
            )
          }
        />
      ) : (
        <p className="of-bl-actions">
          <Button onClick={() => setEditing(true)}>{t('tools.edit')}</Button>
          <Button onClick={() => setConfirming(true)}>{t('tools.delete')}</Button>
        </p>
      )}
      {confirming ? (
        <div className="of-bl-actions" role="group" aria-labelledby={`${coverId}-confirm`}>
          <p id={`${coverId}-confirm`}>{t('tools.confirmDelete', { title: list.title })}</p>
          <Button
            variant="primary"
            autoFocus
            busy={remove.isPending}
            onClick={() =>
              remove.mutate(list.bookListId, {
                onSuccess: ({ message }) => {
                  notify('success', message);
                  void navigate('/personalCenter/bookListDetails');
                },
                onError: (err) => notify('error', err.message || t('home.failed')),
              })
            }
          >
            {t('tools.deleteConfirm')}
          </Button>
          <Button onClick={() => setConfirming(false)}>{t('form.cancel')}</Button>
        </div>
      ) : null}
      <div className="of-bl-cover-tools">
        <label htmlFor={coverId}>{t('tools.cover')}</label>
        <input
          id={coverId}
          type="file"
          accept="image/jpeg,image/png"
          aria-describedby={`${coverId}-hint`}
          disabled={upload.isPending}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            setCoverError('');
            upload.mutate(
              { bookListId: list.bookListId, file },
              {
                onSuccess: ({ message }) => notify('success', message),
                onError: (err) => setCoverError(err.message || t('home.failed')),
              },
            );
          }}
        />
        <span id={`${coverId}-hint`} className="of-bl-quiet">
          {t('tools.coverHint')}
        </span>
        {list.coverUrl ? (
          <Button
            size="small"
            busy={dropCover.isPending}
            onClick={() =>
              dropCover.mutate(list.bookListId, { onSuccess: () => notify('success', t('tools.coverRemoved')) })
            }
          >
            {t('tools.removeCover')}
          </Button>
        ) : null}
        {coverError ? (
          <p className="of-bl-error" role="alert">
            {coverError}
          </p>
        ) : null}
      </div>
    </section>
  );
}

function RecordRow({
  listId,
  entry: r,
  mine,
  last,
}: {
  listId: number;
  entry: BookListEntry;
  mine: boolean;
  last: number;
}) {
  const { t } = useTranslation('bookLists');
  const noteId = useId();
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState(r.note);
  const [error, setError] = useState('');
  const move = useMoveBookListRecord();
  const save = useUpdateBookListNote();
  const remove = useRemoveBookListRecord();
  const moveTo = (to: BookListMove, focus: string) =>
    move.mutate(
      { bookListId: listId, recordId: r.recordId, move: to },
      {
        onSuccess: () => {
          // Keep the keyboard where it was: on the same control of the moved row.
          requestAnimationFrame(() =>
            document.querySelector<HTMLElement>(`[data-record="${r.recordId}"] [data-move="${focus}"]`)?.focus(),
          );
        },
        onError: (err) => notify('error', err.message || t('home.failed')),
      },
    );
  const onKey = (e: KeyboardEvent<HTMLLIElement>) => {
    if (!mine || !e.altKey || move.isPending) return;
    if (e.key === 'ArrowUp' && r.position > 1) {
      e.preventDefault();
      moveTo('up', 'up');
    } else if (e.key === 'ArrowDown' && r.position < last) {
      e.preventDefault();
      moveTo('down', 'down');
    }
  };
  return (
    <li className="of-bl-record" data-record={r.recordId} onKeyDown={onKey}>
      <p className="of-bl-record-title">
        <Link to={recordPath(r.recordId)}>{r.title}</Link>
      </p>
      <p className="of-bl-quiet">{[r.author, r.publisher, r.publishYear].filter(Boolean).join(' · ')}</p>
      {editing ? (
        <form
          className="of-bl-note-form"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(
              { bookListId: listId, recordId: r.recordId, note: note.trim() },
              {
                onSuccess: ({ message }) => {
                  notify('success', message);
                  setEditing(false);
                  setError('');
                },
                onError: (err) => setError(err.message || t('home.failed')),
              },
            );
          }}
        >
          <label htmlFor={noteId}>{t('record.note')}</label>
          <textarea
            id={noteId}
            rows={2}
            value={note}
            maxLength={BOOK_LIST_MAX_LENGTH.note}
            onChange={(e) => setNote(e.target.value)}
          />
          {error ? (
            <span className="of-bl-error" role="alert">
              {error}
            </span>
          ) : null}
          <span className="of-bl-actions">
            <Button size="small" type="submit" variant="primary" busy={save.isPending}>
              {t('form.save')}
            </Button>
            <Button size="small" onClick={() => setEditing(false)}>
              {t('form.cancel')}
            </Button>
          </span>
        </form>
      ) : r.note ? (
        <p className="of-bl-note">{r.note}</p>
      ) : null}
      {mine && !editing ? (
        <p className="of-bl-actions" role="group" aria-label={t('record.tools', { title: r.title })}>
          <Button
            size="small"
            data-move="up"
            disabled={r.position <= 1 || move.isPending}
            aria-label={t('record.up', { title: r.title })}
            aria-keyshortcuts="Alt+ArrowUp"
            onClick={() => moveTo('up', 'up')}
          >
            {t('record.upShort')}
          </Button>
          <Button
            size="small"
            data-move="down"
            disabled={r.position >= last || move.isPending}
            aria-label={t('record.down', { title: r.title })}
            aria-keyshortcuts="Alt+ArrowDown"
            onClick={() => moveTo('down', 'down')}
          >
            {t('record.downShort')}
          </Button>
          <Button
            size="small"
            aria-label={t('record.editNoteOf', { title: r.title })}
            onClick={() => {
              setNote(r.note);
              setEditing(true);
            }}
          >
            {t('record.editNote')}
          </Button>
          <Button
            size="small"
            busy={remove.isPending}
            aria-label={t('record.removeOf', { title: r.title })}
            onClick={() =>
              remove.mutate(
                { bookListId: listId, recordId: r.recordId },
                {
                  onSuccess: () => notify('success', t('record.removed', { title: r.title })),
                  onError: (err) => notify('error', err.message || t('home.failed')),
                },
              )
            }
          >
            {t('record.remove')}
          </Button>
        </p>
      ) : null}
    </li>
  );
}
