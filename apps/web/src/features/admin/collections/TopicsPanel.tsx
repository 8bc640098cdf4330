import { useId, useState } from 'react';
import { Button, Empty, Form, Input, Modal, Spin, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as Calls from '@openfind/contract/calls';
import { loadNamespace } from '../../lang';
import { usePackageChange, useTopics, type AdminTopic, type TopicInput } from './collections-api';
import { DeleteDialog } from './DeleteDialog';
import { ListedRecords } from './ListedRecords';
import './special-collections.css';

await loadNamespace('adminCollections');

const inputOf = (x: AdminTopic, change: Partial<TopicInput> = {}): TopicInput => ({
  id: x.id,
  version: x.version,
  title: x.title,
  titleTw: x.titleTw,
  titleEn: x.titleEn,
  description: x.description,
  descriptionTw: x.descriptionTw,
  descriptionEn: x.descriptionEn,
  coverUrl: x.coverUrl,
  searchWords: x.searchWords,
  seq: x.seq,
  hidden: x.hidden,
  ...change,
});

const NEW_TOPIC: TopicInput = {
  id: 0,
  version: '',
  title: '',
  titleTw: '',
  titleEn: '',
  description: '',
  descriptionTw: '',
  descriptionEn: '',
  coverUrl: '',
  searchWords: '',
  seq: 0,
  hidden: true,
};

/**
 * Topics (专题, the content screen's tab; readers' /specialNav and the home page's hot topics): every
 * topic, hidden ones too, in the library's order; create and edit (titles and descriptions in three
 * languages, cover, the saved search readers are offered), hide or show, move up or down, the
 * records listed by hand, added with the record picker, and delete (administrators).
 */
export default function TopicsPanel({ canDelete }: { canDelete: boolean }) {
  const { t } = useTranslation('adminCollections');
  const [editing, setEditing] = useState<AdminTopic | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminTopic | null>(null);
  const [records, setRecords] = useState<number | null>(null);
  const list = useTopics();
  const items = list.data ?? [];
  const hide = usePackageChange(Calls.adminTopicSave);
  const order = usePackageChange(Calls.adminTopicOrder);
  const move = (index: number, by: -1 | 1) => {
    const ids = items.map((x) => x.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    order.mutate({ ids });
  };
  return (
    <div>
      <p className="of-special-intro">{t('topics.intro')}</p>
      <div className="of-special-bar">
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('topics.add')}
        </Button>
      </div>
      {list.isPending ? <Spin /> : null}
      {list.isSuccess && !items.length ? <Empty description={t('none')} /> : null}
      <ul className="of-special-list" aria-label={t('topics.list')}>
        {items.map((x, i) => (
          <TopicItem key={x.id} x={x}>
            <Button size="small" onClick={() => setEditing(x)}>
              {t('edit')}
            </Button>
            <Button
              size="small"
              loading={hide.isPending && hide.variables?.id === x.id}
              onClick={() => hide.mutate(inputOf(x, { hidden: !x.hidden }))}
            >
              {x.hidden ? t('show') : t('hide')}
            </Button>
            <Button
              size="small"
              disabled={i === 0 || order.isPending}
              aria-label={`${t('topics.up')}: ${x.title}`}
              onClick={() => move(i, -1)}
            >
              {t('topics.up')}
            </Button>
            <Button
              size="small"
              disabled={i === items.length - 1 || order.isPending}
              aria-label={`${t('topics.down')}: ${x.title}`}
              onClick={() => move(i, 1)}
            >
              {t('topics.down')}
            </Button>
            <Button
              size="small"
              aria-expanded={records === x.id}
              onClick={() => setRecords(records === x.id ? null : x.id)}
            >
              {t('records.open', { count: x.listedCount })}
            </Button>
            {canDelete ? (
              <Button size="small" danger onClick={() => setDeleting(x)}>
                {t('remove.ok')}
              </Button>
            ) : null}
            {records === x.id ? <ListedRecords of="topic" id={x.id} name={x.title} /> : null}
          </TopicItem>
        ))}
      </ul>
      {editing ? <TopicForm x={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteTopic x={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}

function TopicItem({ x, children }: { x: AdminTopic; children: React.ReactNode }) {
  const { t } = useTranslation('adminCollections');
  const headingId = useId();
  return (
    <li className="of-special-item" aria-labelledby={headingId} data-testid="topic">
      <h3 id={headingId}>{x.title}</h3>
      <p className="of-special-meta">
        {x.hidden ? <Tag>{t('hidden')}</Tag> : <Tag color="green">{t('visible')}</Tag>}
        {x.searchWords ? <Tag color="purple">{t('topics.searchTag', { words: x.searchWords })}</Tag> : null}
        {t('listed', { count: x.listedCount })} · {t('topics.views', { count: x.viewCount })}{' '}
        {x.hidden ? null : (
          <Link to={`/specialNav/${x.id}`} target="_blank" rel="noopener">
            {t('publicPage')}
          </Link>
        )}
      </p>
      <div className="of-special-actions">{children}</div>
    </li>
  );
}

function TopicForm({ x, onClose }: { x: AdminTopic | null; onClose: () => void }) {
  const { t } = useTranslation('adminCollections');
  const [form] = Form.useForm<TopicInput>();
  const save = usePackageChange(Calls.adminTopicSave, onClose);
  const initial = x ? inputOf(x) : NEW_TOPIC;
  return (
    <Modal
      open
      title={x ? t('form.editTitle', { name: x.title }) : t('topics.add')}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={640}
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => save.mutate({ ...initial, ...v })}>
        <div className="of-special-grid">
          <Form.Item
            name="title"
            label={t('topics.titleZh')}
            rules={[{ required: true, whitespace: true, message: t('form.required') }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="titleTw" label={t('topics.titleTw')}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="titleEn" label={t('topics.titleEn')}>
            <Input maxLength={100} />
          </Form.Item>
        </div>
        <Form.Item name="description" label={t('form.descriptionZh')}>
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item name="descriptionTw" label={t('form.descriptionTw')}>
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 1, maxRows: 6 }} />
        </Form.Item>
        <Form.Item name="descriptionEn" label={t('form.descriptionEn')}>
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 1, maxRows: 6 }} />
        </Form.Item>
        <Form.Item name="coverUrl" label={t('form.cover')} extra={t('form.coverHelp')}>
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="searchWords" label={t('topics.searchWords')} extra={t('topics.searchWordsHelp')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="hidden" label={t('form.hidden')} valuePropName="checked" extra={t('topics.hiddenHelp')}>
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Deleting a topic: its listed records are unlisted, the catalogue keeps them. */
function DeleteTopic({ x, onClose }: { x: AdminTopic; onClose: () => void }) {
  const { t } = useTranslation('adminCollections');
  const remove = usePackageChange(Calls.adminTopicDelete, onClose);
  return (
    <DeleteDialog
      title={t('remove.title', { name: x.title })}
      pending={remove.isPending}
      onDelete={() => remove.mutate({ id: x.id, version: x.version })}
      onClose={onClose}
    >
      <p>{t('topics.removeRecords', { count: x.listedCount })}</p>
      <p>{t('remove.final')}</p>
    </DeleteDialog>
  );
}
