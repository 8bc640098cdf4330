import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BOOK_LIST_MAX_LENGTH } from '@openfind/contract';
import { Button } from '../../../components/Button';
import { notify } from '../../../lib/antd';
import { loadNamespace } from '../../lang';
import { useAddBookListRecord, useCreateBookList, useMyBookLists } from '../api';
import { listPath } from './BookListsHome';
import { ListForm } from './ListForm';
import '../book-lists.css';

// Its texts load with the dialog (the record page's chunk stays as it was).
await loadNamespace('bookLists');

/**
 * The record page's "add to book list": the reader's lists, each saying whether it holds the
 * record, an optional note, and a new list made on the spot. A native modal dialog (focus kept
 * inside, Escape closes), so that the record page carries no Ant Design for it.
 */
export default function AddToBookListDialog({
  recordId,
  title,
  open,
  onClose,
}: {
  recordId: number;
  title: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('bookLists');
  const noteId = useId();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    else if (!open && d.open) d.close();
  }, [open]);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [creating, setCreating] = useState(false);
  const lists = useMyBookLists(1, 100, recordId, open);
  const add = useAddBookListRecord();
  const create = useCreateBookList();
  const addTo = (bookListId: number) =>
    add.mutate(
      { bookListId, recordId, note: note.trim() },
      {
        onSuccess: ({ message }) => {
          notify('success', message);
          setError('');
        },
        onError: (err) => setError(err.message || t('home.failed')),
      },
    );
  const data = lists.data;
  return (
    <dialog ref={dialog} className="of-bl-dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId} className="of-bl-dialog-title">
        {t('add.title', { title })}
      </h2>
      <div className="of-bl-add">
        <p className="of-bl-field">
          <label htmlFor={noteId}>{t('add.note')}</label>
          <textarea
            id={noteId}
            rows={2}
            value={note}
            maxLength={BOOK_LIST_MAX_LENGTH.note}
            onChange={(e) => setNote(e.target.value)}
          />
        </p>
        {error ? (
          <p className="of-bl-error" role="alert">
            {error}
          </p>
        ) : null}
        {!data ? (
          <p aria-busy="true" className="of-bl-quiet" />
        ) : data.list.length ? (
          <ul className="of-bl-add-lists" aria-label={t('home.mine')}>
            {data.list.map((l) => (
              <li key={l.bookListId}>
                <Link to={listPath(l.bookListId)}>{l.title}</Link>
                <span className="of-bl-quiet"> {t('list.records', { count: l.recordCount })}</span>
                {l.hasRecord ? (
                  <span className="of-bl-added">{t('add.added')}</span>
                ) : (
                  <Button
                    size="small"
                    variant="primary"
                    busy={add.isPending && add.variables?.bookListId === l.bookListId}
                    aria-label={t('add.addTo', { list: l.title })}
                    onClick={() => addTo(l.bookListId)}
                  >
                    {t('add.add')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="of-bl-quiet">{t('add.noLists')}</p>
        )}
        {creating ? (
          <ListForm
            busy={create.isPending}
            error=""
            submitLabel={t('form.create')}
            onCancel={() => setCreating(false)}
            onSubmit={(values) =>
              create.mutate(values, {
                onSuccess: ({ data: made }) => {
                  setCreating(false);
                  addTo(made.bookListId);
                },
                onError: (err) => setError(err.message || t('home.failed')),
              })
            }
          />
        ) : data && data.totalCount < data.maxLists ? (
          <p>
            <Button onClick={() => setCreating(true)}>{t('add.newList')}</Button>
          </p>
        ) : null}
      </div>
      <p className="of-bl-actions of-bl-dialog-foot">
        <Button onClick={onClose}>{t('add.close')}</Button>
      </p>
    </dialog>
  );
}
