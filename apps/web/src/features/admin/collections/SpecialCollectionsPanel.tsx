import { useId, useState } from 'react';
import {
  Button,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Pagination,
  Popconfirm,
  Radio,
  Select,
  Spin,
  Switch,
  Tag,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as Calls from '@openfind/contract/calls';
import { PACKAGE_KINDS, PACKAGE_RULES, type PackageKind } from '@openfind/contract';
import { loadNamespace } from '../../lang';
import { RecordPicker } from '../components/RecordPicker';
import {
  LISTED_ROWS,
  useListedRecords,
  usePackageChange,
  usePackages,
  type AdminPackage,
  type PackageInput,
} from './collections-api';
import './special-collections.css';

await loadNamespace('adminCollections');

/** The public page of a package: a collection's, a base's, a child base's (under its parent). */
const publicHref = (p: AdminPackage) =>
  p.kind === 'collection'
    ? `/collectionNavDetail?id=${p.id}`
    : p.parentId
      ? `/specialBaseDetail/${p.parentId}/${p.id}`
      : `/specialBaseNav/specialBaseDetail?id=${p.id}`;

const inputOf = (p: AdminPackage, change: Partial<PackageInput> = {}): PackageInput => ({
  id: p.id,
  version: p.version,
  kind: p.kind,
  code: p.code,
  parentId: p.parentId ?? 0,
  name: p.name,
  nameTw: p.nameTw,
  nameEn: p.nameEn,
  description: p.description,
  descriptionTw: p.descriptionTw,
  descriptionEn: p.descriptionEn,
  coverUrl: p.coverUrl,
  ruleKind: p.ruleKind ?? '',
  ruleValue: p.ruleValue,
  seq: p.seq,
  hidden: p.hidden,
  ...change,
});

/**
 * Special collections and special libraries (the content screen's tab): every package of a kind,
 * hidden ones too, child bases under their library; create and edit (names in three languages,
 * description, cover, order, hidden, parent, the rule that takes records by call number, class or
 * subject), hide or show, and the records listed by hand, added with the record picker.
 */
export default function SpecialCollectionsPanel() {
  const { t } = useTranslation('adminCollections');
  const [kind, setKind] = useState<PackageKind>('collection');
  const [editing, setEditing] = useState<AdminPackage | 'new' | null>(null);
  const [records, setRecords] = useState<number | null>(null);
  const list = usePackages(kind);
  const items = list.data ?? [];
  const bases = items.filter((p) => p.kind === 'base' && p.parentId === null);
  const hide = usePackageChange(Calls.adminPackageSave);
  return (
    <div>
      <p className="of-special-intro">{t('intro')}</p>
      <div className="of-special-bar">
        <Radio.Group
          aria-label={t('kind')}
          optionType="button"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as PackageKind);
            setRecords(null);
          }}
          options={PACKAGE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        />
        <Button type="primary" onClick={() => setEditing('new')}>
          {t(`add.${kind}`)}
        </Button>
      </div>
      {list.isPending ? <Spin /> : null}
      {list.isSuccess && !items.length ? <Empty description={t('none')} /> : null}
      <ul className="of-special-list" aria-label={t(`kinds.${kind}`)}>
        {items.map((p) => (
          <PackageItem key={p.id} p={p}>
            <Button size="small" onClick={() => setEditing(p)}>
              {t('edit')}
            </Button>
            <Button
              size="small"
              loading={hide.isPending && hide.variables?.id === p.id}
              onClick={() => hide.mutate(inputOf(p, { hidden: !p.hidden }))}
            >
              {p.hidden ? t('show') : t('hide')}
            </Button>
            <Button
              size="small"
              aria-expanded={records === p.id}
              onClick={() => setRecords(records === p.id ? null : p.id)}
            >
              {t('records.open', { count: p.listedCount })}
            </Button>
            {records === p.id ? <ListedRecords p={p} /> : null}
          </PackageItem>
        ))}
      </ul>
      {editing ? (
        <PackageForm
          kind={kind}
          p={editing === 'new' ? null : editing}
          bases={bases.filter((b) => editing === 'new' || b.id !== editing.id)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}

function PackageItem({ p, children }: { p: AdminPackage; children: React.ReactNode }) {
  const { t } = useTranslation('adminCollections');
  const headingId = useId();
  return (
    <li
      className={p.parentId ? 'of-special-item of-special-child' : 'of-special-item'}
      aria-labelledby={headingId}
      data-testid="special-package"
    >
      <h3 id={headingId}>
        {p.name} <span className="of-special-code">{p.code}</span>
      </h3>
      <p className="of-special-meta">
        {p.hidden ? <Tag>{t('hidden')}</Tag> : <Tag color="green">{t('visible')}</Tag>}
        {p.parentId ? <Tag color="blue">{t('child')}</Tag> : null}
        {p.ruleKind ? <Tag color="purple">{t(`rules.${p.ruleKind}`) + ' ' + p.ruleValue}</Tag> : null}
        {t('order', { seq: p.seq })} · {t('listed', { count: p.listedCount })}
        {p.childCount ? ` · ${t('children', { count: p.childCount })}` : ''}{' '}
        {p.hidden ? null : (
          <Link to={publicHref(p)} target="_blank" rel="noopener">
            {t('publicPage')}
          </Link>
        )}
      </p>
      <div className="of-special-actions">{children}</div>
    </li>
  );
}

function PackageForm({
  kind,
  p,
  bases,
  onClose,
}: {
  kind: PackageKind;
  p: AdminPackage | null;
  bases: AdminPackage[];
  onClose: () => void;
}) {
  const { t } = useTranslation('adminCollections');
  const [form] = Form.useForm<PackageInput>();
  const save = usePackageChange(Calls.adminPackageSave, onClose);
  const ruleKind = Form.useWatch('ruleKind', form);
  const initial: PackageInput = p
    ? inputOf(p)
    : {
        id: 0,
        version: '',
        kind,
        code: '',
        parentId: 0,
        name: '',
        nameTw: '',
        nameEn: '',
        description: '',
        descriptionTw: '',
        descriptionEn: '',
        coverUrl: '',
        ruleKind: '',
        ruleValue: '',
        seq: 0,
        hidden: true,
      };
  return (
    <Modal
      open
      title={p ? t('form.editTitle', { name: p.name }) : t(`add.${kind}`)}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={640}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => save.mutate({ ...initial, ...values, seq: values.seq ?? 0 })}
      >
        <div className="of-special-grid">
          <Form.Item
            name="code"
            label={t('form.code')}
            extra={t('form.codeHelp')}
            rules={[{ required: true, pattern: /^[A-Za-z0-9._-]{1,40}$/, message: t('form.codeBad') }]}
          >
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="seq" label={t('form.seq')} extra={t('form.seqHelp')}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('form.nameZh')}
            rules={[{ required: true, whitespace: true, message: t('form.required') }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="nameTw" label={t('form.nameTw')}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="nameEn" label={t('form.nameEn')}>
            <Input maxLength={100} />
          </Form.Item>
          {kind === 'base' && !(p && p.childCount > 0) ? (
            <Form.Item name="parentId" label={t('form.parent')}>
              <Select
                options={[
                  { value: 0, label: t('form.topLevel') },
                  ...bases.map((b) => ({ value: b.id, label: `${b.name} (${b.code})` })),
                ]}
              />
            </Form.Item>
          ) : null}
        </div>
        <Form.Item name="description" label={t('form.descriptionZh')}>
          <Input.TextArea maxLength={4000} autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item name="descriptionTw" label={t('form.descriptionTw')}>
          <Input.TextArea maxLength={4000} autoSize={{ minRows: 1, maxRows: 6 }} />
        </Form.Item>
        <Form.Item name="descriptionEn" label={t('form.descriptionEn')}>
          <Input.TextArea maxLength={4000} autoSize={{ minRows: 1, maxRows: 6 }} />
        </Form.Item>
        <Form.Item name="coverUrl" label={t('form.cover')} extra={t('form.coverHelp')}>
          <Input maxLength={500} />
        </Form.Item>
        <div className="of-special-grid">
          <Form.Item name="ruleKind" label={t('form.rule')} extra={t('form.ruleHelp')}>
            <Select
              options={[
                { value: '', label: t('form.noRule') },
                ...PACKAGE_RULES.map((r) => ({ value: r, label: t(`rules.${r}`) })),
              ]}
            />
          </Form.Item>
          <Form.Item
            name="ruleValue"
            label={t('form.ruleValue')}
            rules={[{ required: Boolean(ruleKind), whitespace: true, message: t('form.required') }]}
          >
            <Input
              maxLength={100}
              disabled={!ruleKind}
              placeholder={ruleKind ? t(`form.ruleExample.${ruleKind}`) : ''}
            />
          </Form.Item>
        </div>
        <Form.Item name="hidden" label={t('form.hidden')} valuePropName="checked" extra={t('form.hiddenHelp')}>
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ListedRecords({ p }: { p: AdminPackage }) {
  const { t } = useTranslation('adminCollections');
  const [page, setPage] = useState(1);
  const records = useListedRecords(p.id, page);
  const add = usePackageChange(Calls.adminPackageRecordAdd);
  const remove = usePackageChange(Calls.adminPackageRecordRemove);
  const list = records.data?.list ?? [];
  const total = records.data?.totalCount ?? 0;
  return (
    <div className="of-special-records">
      <RecordPicker
        label={t('records.find')}
        action={t('records.add')}
        onPick={(r) => add.mutate({ id: p.id, recordId: r.recordId })}
      />
      <h4>{t('records.title', { name: p.name })}</h4>
      {records.isPending ? <Spin size="small" /> : null}
      {records.isSuccess && !list.length ? <p className="of-special-meta">{t('records.none')}</p> : null}
      <ol className="of-special-record-list" start={(page - 1) * LISTED_ROWS + 1}>
        {list.map((r) => (
          <li key={r.recordId}>
            <Link to={`/searchList/bookDetails/${r.recordId}`} target="_blank" rel="noopener">
              {r.title}
            </Link>{' '}
            <span className="of-special-meta">{[r.author, r.isbn, `#${r.recordId}`].filter(Boolean).join(' · ')}</span>{' '}
            <Popconfirm
              title={t('records.removeConfirm')}
              okText={t('records.remove')}
              cancelText={t('form.cancel')}
              onConfirm={() => remove.mutate({ id: p.id, recordId: r.recordId })}
            >
              <Button size="small" danger aria-label={`${t('records.remove')}: ${r.title}`}>
                {t('records.remove')}
              </Button>
            </Popconfirm>
          </li>
        ))}
      </ol>
      {total > LISTED_ROWS ? (
        <Pagination current={page} pageSize={LISTED_ROWS} total={total} onChange={setPage} showSizeChanger={false} />
      ) : null}
    </div>
  );
}
