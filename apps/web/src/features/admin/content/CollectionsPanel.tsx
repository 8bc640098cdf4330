import { Suspense, lazy, useState } from 'react';
import { Button, Form, Input, Modal, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import * as Calls from '@openfind/contract/calls';
import { COLLECTION_ACCESS_KINDS, COLLECTION_VISIBILITY, type CollectionAccessKind } from '@openfind/contract';
import {
  useCollections,
  useContentChange,
  type Collection,
  type CollectionInput,
  type CollectionQuery,
} from './content-api';
import { ContentFilters, ContentItem, ContentList, DeleteButton, NameFields } from './ContentItems';

/** A database's navigation fields (guide, types, languages, proxy…): the e-resources screen's dialog, its own chunk. */
const DbDetailsDialog = lazy(() => import('../eresources/DbDetailsDialog'));

type Visibility = (typeof COLLECTION_VISIBILITY)[number];
type Filter = { q: string; accessKind: CollectionAccessKind | ''; visibility: Visibility };
const START: Filter = { q: '', accessKind: '', visibility: 'all' };
/** Every e-resource on one page: the order is the whole list's. */
const ROWS = 100;

const queryOf = (f: Filter): CollectionQuery => ({
  q: f.q.trim(),
  visibility: f.visibility,
  ...(f.accessKind ? { accessKind: f.accessKind } : {}),
  page: 1,
  rows: ROWS,
});

/** E-resources (databases): filter, add, edit, hide or show, move up or down, delete (administrators). */
export function CollectionsPanel({ canDelete }: { canDelete: boolean }) {
  const { t } = useTranslation('adminContent');
  const [draft, setDraft] = useState<Filter>(START);
  const [filter, setFilter] = useState<Filter>(START);
  const [editing, setEditing] = useState<Collection | 'new' | null>(null);
  const [navigating, setNavigating] = useState<Collection | null>(null);
  const list = useCollections(queryOf(filter));
  const hide = useContentChange(Calls.contentCollectionHide);
  const order = useContentChange(Calls.contentCollectionOrder);
  const remove = useContentChange(Calls.contentCollectionDelete);
  const items = list.data?.list ?? [];
  // Moving needs the whole list in view: no filter, one page.
  const canMove = filter === START || (!filter.q && !filter.accessKind && filter.visibility === 'all');
  const movable = canMove && (list.data?.totalCount ?? 0) <= ROWS;

  const move = (index: number, by: -1 | 1) => {
    const ids = items.map((c) => c.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    order.mutate({ ids });
  };

  return (
    <div>
      <ContentFilters
        label={t('collections.filter')}
        textLabel={t('collections.name')}
        text={draft.q}
        onText={(q) => setDraft({ ...draft, q })}
        onSearch={() => setFilter(draft)}
        addLabel={t('collections.add')}
        onAdd={() => setEditing('new')}
      >
        <label>
          {t('collections.accessKind')}
          <Select
            className="of-content-field"
            aria-label={t('collections.accessKind')}
            value={draft.accessKind}
            onChange={(accessKind) => setDraft({ ...draft, accessKind })}
            options={[
              { value: '', label: t('any') },
              ...COLLECTION_ACCESS_KINDS.map((k) => ({ value: k, label: t(`accessKinds.${k}`) })),
            ]}
          />
        </label>
        <label>
          {t('collections.visibility')}
          <Select
            className="of-content-field"
            aria-label={t('collections.visibility')}
            value={draft.visibility}
            onChange={(visibility) => setDraft({ ...draft, visibility })}
            options={COLLECTION_VISIBILITY.map((v) => ({ value: v, label: t(`visibility.${v}`) }))}
          />
        </label>
      </ContentFilters>
      <ContentList label={t('tabs.collections')} query={list}>
        {(c, i) => (
          <ContentItem
            key={c.id}
            title={c.name}
            meta={
              <>
                <Tag color={c.accessKind === 'trial' ? 'orange' : 'blue'}>{t(`accessKinds.${c.accessKind}`)}</Tag>
                {c.hidden ? <Tag>{t('collections.hidden')}</Tag> : null}
                {c.trialUntil ? t('collections.trialUntil', { date: c.trialUntil }) : null}{' '}
                <a href={c.url} target="_blank" rel="noopener noreferrer">
                  {c.url}
                </a>
              </>
            }
          >
            <Button size="small" onClick={() => setEditing(c)}>
              {t('edit')}
            </Button>
            <Button size="small" onClick={() => setNavigating(c)} data-testid="collection-navigation">
              {t('collections.navigation')}
            </Button>
            <Button
              size="small"
              loading={hide.isPending && hide.variables?.id === c.id}
              onClick={() => hide.mutate({ id: c.id, version: c.version, hidden: !c.hidden })}
            >
              {c.hidden ? t('collections.show') : t('collections.hide')}
            </Button>
            {movable ? (
              <>
                <Button size="small" disabled={i === 0 || order.isPending} onClick={() => move(i, -1)}>
                  {t('up')}
                </Button>
                <Button size="small" disabled={i === items.length - 1 || order.isPending} onClick={() => move(i, 1)}>
                  {t('down')}
                </Button>
              </>
            ) : null}
            {canDelete ? (
              <DeleteButton name={c.name} onConfirm={() => remove.mutate({ id: c.id, version: c.version })} />
            ) : null}
          </ContentItem>
        )}
      </ContentList>
      {editing ? <CollectionForm item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {navigating ? (
        <Suspense fallback={null}>
          <DbDetailsDialog id={navigating.id} name={navigating.name} onClose={() => setNavigating(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}

type Values = {
  name: string;
  nameTw: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  url: string;
  imageUrl: string;
  accessKind: CollectionAccessKind;
  trialUntil: string;
  subjects: string[];
};

/** Adding or editing an e-resource; a trial needs its last day. */
function CollectionForm({ item, onClose }: { item: Collection | null; onClose: () => void }) {
  const { t } = useTranslation('adminContent');
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('accessKind', form);
  const save = useContentChange(Calls.contentCollectionSave, onClose);
  const initial: Values = {
    name: item?.name ?? '',
    nameTw: item?.nameTw ?? '',
    nameEn: item?.nameEn ?? '',
    description: item?.description ?? '',
    descriptionEn: item?.descriptionEn ?? '',
    url: item?.url ?? 'https://',
    imageUrl: item?.imageUrl ?? '',
    accessKind: item?.accessKind ?? 'purchased',
    trialUntil: item?.trialUntil ?? '',
    subjects: item?.subjects ?? [],
  };
  const submit = (v: Values) => {
    const input: CollectionInput = {
      ...v,
      trialUntil: v.accessKind === 'trial' && v.trialUntil ? v.trialUntil : null,
      ...(item ? { id: item.id, version: item.version } : {}),
    };
    save.mutate(input);
  };
  const http = { pattern: /^https?:\/\/\S+$/i, message: t('form.httpOnly') };
  return (
    <Modal
      open
      title={item ? t('collections.editTitle', { name: item.name }) : t('collections.add')}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        <div className="of-content-grid">
          <NameFields />
        </div>
        <Form.Item name="description" label={t('form.descriptionZh')}>
          <Input.TextArea rows={2} maxLength={4000} />
        </Form.Item>
        <Form.Item name="descriptionEn" label={t('form.descriptionEn')}>
          <Input.TextArea rows={2} maxLength={4000} />
        </Form.Item>
        <Form.Item name="url" label={t('form.url')} rules={[{ required: true, message: t('form.required') }, http]}>
          <Input inputMode="url" />
        </Form.Item>
        <Form.Item name="imageUrl" label={t('form.imageUrl')} rules={[http]}>
          <Input inputMode="url" />
        </Form.Item>
        <div className="of-content-grid">
          <Form.Item name="accessKind" label={t('collections.accessKind')}>
            <Select options={COLLECTION_ACCESS_KINDS.map((k) => ({ value: k, label: t(`accessKinds.${k}`) }))} />
          </Form.Item>
          {kind === 'trial' ? (
            <Form.Item
              name="trialUntil"
              label={t('collections.trialEnd')}
              rules={[{ required: true, message: t('form.trialEndRequired') }]}
            >
              <Input type="date" />
            </Form.Item>
          ) : null}
        </div>
        <Form.Item name="subjects" label={t('collections.subjects')} extra={t('collections.subjectsHelp')}>
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
