import { useId, useState } from 'react';
import { Button, Empty, Form, Input, InputNumber, Modal, Radio, Select, Spin, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as Calls from '@openfind/contract/calls';
import { PACKAGE_KINDS, PACKAGE_RULES, type PackageKind } from '@openfind/contract';
import { loadNamespace } from '../../lang';
import { usePackageChange, usePackages, type AdminPackage, type PackageInput } from './collections-api';
import { DeleteDialog } from './DeleteDialog';
import { ListedRecords } from './ListedRecords';
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
 * subject), hide or show, the records listed by hand, added with the record picker, and delete
 * (administrators; a library's child bases first).
 */
export default function SpecialCollectionsPanel({ canDelete }: { canDelete: boolean }) {
  const { t } = useTranslation('adminCollections');
  const [kind, setKind] = useState<PackageKind>('collection');
  const [editing, setEditing] = useState<AdminPackage | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminPackage | null>(null);
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
            {canDelete ? (
              <Button size="small" danger onClick={() => setDeleting(p)}>
                {t('remove.ok')}
              </Button>
            ) : null}
            {records === p.id ? <ListedRecords of="package" id={p.id} name={p.name} /> : null}
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
      {deleting ? <DeletePackage p={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}

/**
 * Deleting a package: its listed records are unlisted (the catalogue keeps them). A special library
 * with child bases is not deleted with them: each is a librarian's work of its own, so the dialog
 * says to delete or move them first, and the server refuses too.
 */
function DeletePackage({ p, onClose }: { p: AdminPackage; onClose: () => void }) {
  const { t } = useTranslation('adminCollections');
  const remove = usePackageChange(Calls.adminPackageDelete, onClose);
  return (
    <DeleteDialog
      title={t('remove.title', { name: p.name })}
      blocked={p.childCount > 0}
      pending={remove.isPending}
      onDelete={() => remove.mutate({ id: p.id, version: p.version })}
      onClose={onClose}
    >
      {p.childCount > 0 ? (
        <p>{t('remove.hasChildren', { count: p.childCount })}</p>
      ) : (
        <>
          <p>{t('remove.records', { count: p.listedCount })}</p>
          <p>{t('remove.final')}</p>
        </>
      )}
    </DeleteDialog>
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
