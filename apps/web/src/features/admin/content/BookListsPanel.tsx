import { useState } from 'react';
import { Button, Form, Input, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import * as Calls from '@openfind/contract/calls';
import { useBookList, useBookLists, useContentChange, type BookList, type BookListDetail } from './content-api';
import {
  ContentFilters,
  ContentItem,
  ContentList,
  DeleteButton,
  NameFields,
  PublishedTag,
  useTextFilter,
} from './ContentItems';
import { RecordPicker } from '../components/RecordPicker';

/** The library's book lists: add, edit, publish or take back, their records, delete (administrators). */
export function BookListsPanel({ canDelete }: { canDelete: boolean }) {
  const { t } = useTranslation('adminContent');
  const { draft, setDraft, q, page, setPage, apply } = useTextFilter();
  const [editing, setEditing] = useState<BookList | 'new' | null>(null);
  const [recordsOf, setRecordsOf] = useState<number | null>(null);
  const lists = useBookLists(q, page);
  const publish = useContentChange(Calls.contentBookListPublish);
  const remove = useContentChange(Calls.contentBookListDelete);
  return (
    <div>
      <ContentFilters
        label={t('bookLists.filter')}
        textLabel={t('bookLists.name')}
        text={draft}
        onText={setDraft}
        onSearch={apply}
        addLabel={t('bookLists.add')}
        onAdd={() => setEditing('new')}
      />
      <ContentList label={t('tabs.bookLists')} query={lists} page={page} onPage={setPage}>
        {(l) => (
          <ContentItem
            key={l.id}
            title={l.name}
            meta={
              <>
                <PublishedTag published={l.published} />
                {t('bookLists.count', { count: l.recordCount })} · {l.createdDate}
              </>
            }
          >
            <Button size="small" onClick={() => setEditing(l)}>
              {t('edit')}
            </Button>
            <Button size="small" onClick={() => setRecordsOf(l.id)}>
              {t('bookLists.records')}
            </Button>
            <Button
              size="small"
              loading={publish.isPending && publish.variables?.id === l.id}
              onClick={() => publish.mutate({ id: l.id, version: l.version, published: !l.published })}
            >
              {l.published ? t('unpublish') : t('publish')}
            </Button>
            {canDelete ? (
              <DeleteButton name={l.name} onConfirm={() => remove.mutate({ id: l.id, version: l.version })} />
            ) : null}
          </ContentItem>
        )}
      </ContentList>
      {editing ? <BookListForm item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {recordsOf !== null ? <ListRecords id={recordsOf} onClose={() => setRecordsOf(null)} /> : null}
    </div>
  );
}

type Values = { name: string; nameTw: string; nameEn: string; description: string; descriptionEn: string };

function BookListForm({ item, onClose }: { item: BookList | null; onClose: () => void }) {
  const { t } = useTranslation('adminContent');
  const [form] = Form.useForm<Values>();
  const save = useContentChange(Calls.contentBookListSave, onClose);
  return (
    <Modal
      open
      title={item ? t('bookLists.editTitle', { name: item.name }) : t('bookLists.add')}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          name: item?.name ?? '',
          nameTw: item?.nameTw ?? '',
          nameEn: item?.nameEn ?? '',
          description: item?.description ?? '',
          descriptionEn: item?.descriptionEn ?? '',
        }}
        onFinish={(v) => save.mutate({ ...v, ...(item ? { id: item.id, version: item.version } : {}) })}
      >
        <NameFields />
        <Form.Item name="description" label={t('form.descriptionZh')}>
          <Input.TextArea rows={3} maxLength={4000} />
        </Form.Item>
        <Form.Item name="descriptionEn" label={t('form.descriptionEn')}>
          <Input.TextArea rows={3} maxLength={4000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type Row = BookListDetail['records'][number];

/** A list's records: add from the catalogue, move, annotate, remove; saved together from the version read. */
function ListRecords({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('adminContent');
  const detail = useBookList(id);
  const [rows, setRows] = useState<Row[] | null>(null);
  const save = useContentChange(Calls.contentBookListRecords, (d) => setRows(d.records));
  // The records as saved until staff change them here.
  const list = rows ?? detail.data?.records ?? [];
  const move = (i: number, by: -1 | 1) => {
    const next = [...list];
    const [r] = next.splice(i, 1);
    next.splice(i + by, 0, r!);
    setRows(next);
  };
  const submit = () => {
    if (!detail.data) return;
    save.mutate({
      id,
      version: detail.data.version,
      records: list.map((r) => ({ recordId: r.recordId, note: r.note })),
    });
  };
  return (
    <Modal
      open
      width={720}
      title={detail.data ? t('bookLists.recordsTitle', { name: detail.data.name }) : t('bookLists.records')}
      okText={t('save')}
      cancelText={t('close')}
      onOk={submit}
      okButtonProps={{ disabled: !detail.data }}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {detail.isPending ? <Spin /> : null}
      {!list.length && detail.data ? <p className="of-content-meta">{t('bookLists.empty')}</p> : null}
      <ol className="of-content-records" aria-label={t('bookLists.records')}>
        {list.map((r, i) => (
          <li key={r.recordId}>
            <strong>{r.title}</strong>{' '}
            <span className="of-content-meta">{[r.author, r.isbn].filter(Boolean).join(' · ')}</span>
            <label className="of-content-meta">
              {t('bookLists.note')}
              <Input
                size="small"
                maxLength={500}
                value={r.note}
                onChange={(e) =>
                  setRows(list.map((x) => (x.recordId === r.recordId ? { ...x, note: e.target.value } : x)))
                }
              />
            </label>
            <div className="of-content-actions">
              <Button size="small" disabled={i === 0} onClick={() => move(i, -1)}>
                {t('up')}
              </Button>
              <Button size="small" disabled={i === list.length - 1} onClick={() => move(i, 1)}>
                {t('down')}
              </Button>
              <Button size="small" danger onClick={() => setRows(list.filter((x) => x.recordId !== r.recordId))}>
                {t('remove')}
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <RecordPicker
        label={t('bookLists.addRecord')}
        action={t('add')}
        onPick={(hit) => {
          if (!list.some((x) => x.recordId === hit.recordId)) setRows([...list, { ...hit, note: '' }]);
        }}
      />
    </Modal>
  );
}
