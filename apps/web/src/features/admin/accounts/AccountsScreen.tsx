import { useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as Calls from '@openfind/contract/calls';
import type { StaffAccountView } from '@openfind/contract';
import { useLibs } from '../../library';
import { notify } from '../../../lib/antd';
import { staffApi } from '../api/staff-api';
import { AdminPage } from '../components/AdminPage';
import { adminKeys } from '../query-keys';
import { useStaffIdentity } from '../session/use-staff-identity';

const AREA = 'accounts';

type EditValues = {
  username?: string;
  name: string;
  role: 'staff' | 'admin';
  libCodes: string[];
  password?: string;
  totpRequired: boolean;
  disabled?: boolean;
};

/** The add and edit form of an account (the username and first password only when adding). */
function AccountForm({
  account,
  open,
  onClose,
}: {
  account: StaffAccountView | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<EditValues>();
  const queryClient = useQueryClient();
  const libs = useLibs(true).data ?? [];
  const role = Form.useWatch('role', form);
  const save = useMutation({
    mutationFn: (v: EditValues) =>
      account
        ? staffApi.callWithMessage(Calls.staffAccountUpdate, {
            staffId: account.staffId,
            name: v.name,
            role: v.role,
            libCodes: v.role === 'staff' ? v.libCodes : [],
            totpRequired: v.totpRequired,
            disabled: v.disabled,
          })
        : staffApi.callWithMessage(Calls.staffAccountAdd, {
            username: v.username ?? '',
            name: v.name,
            role: v.role,
            libCodes: v.role === 'staff' ? v.libCodes : [],
            password: v.password ?? '',
            totpRequired: v.totpRequired,
          }),
  });
  const submit = async (v: EditValues) => {
    const { message } = await save.mutateAsync(v);
    notify('success', message);
    await queryClient.invalidateQueries({ queryKey: adminKeys.area(AREA) });
    onClose();
  };
  const initial: EditValues = account
    ? {
        name: account.name,
        role: account.role === 'admin' ? 'admin' : 'staff',
        libCodes: account.libCodes,
        totpRequired: account.totpRequired,
        disabled: account.disabled,
      }
    : { name: '', role: 'staff', libCodes: [], totpRequired: false };
  return (
    <Modal
      open={open}
      title={account ? t('accounts.editTitle', { username: account.username }) : t('accounts.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('accounts.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => void submit(v).catch(() => undefined)}
        preserve={false}
      >
        {account ? null : (
          <Form.Item
            name="username"
            label={t('login.username')}
            extra={t('accounts.usernameRule')}
            rules={[{ required: true, pattern: /^[\p{L}\p{N}._@-]{1,64}$/u, message: t('accounts.usernameRule') }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('accounts.name')} rules={[{ max: 100 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="role" label={t('accounts.role')}>
          <Select options={(['staff', 'admin'] as const).map((r) => ({ value: r, label: t(`roles.${r}`) }))} />
        </Form.Item>
        {role === 'staff' ? (
          <Form.Item name="libCodes" label={t('accounts.libraries')} extra={t('accounts.librariesHelp')}>
            <Select mode="multiple" allowClear options={libs.map((l) => ({ value: l.libCode, label: l.libName }))} />
          </Form.Item>
        ) : null}
        {account ? null : (
          <Form.Item
            name="password"
            label={t('accounts.firstPassword')}
            extra={t('profile.passwordRule')}
            rules={[{ required: true, min: 8, message: t('profile.passwordRule') }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item name="totpRequired" label={t('accounts.requireSecondFactor')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {account ? (
          <Form.Item
            name="disabled"
            label={t('accounts.disabled')}
            valuePropName="checked"
            extra={t('accounts.disabledHelp')}
          >
            <Switch />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}

/** Sets an account's password (a forgotten one): its sessions end. */
function PasswordForm({ account, onClose }: { account: StaffAccountView | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<{ password: string }>();
  const save = useMutation({
    mutationFn: (password: string) =>
      staffApi.callWithMessage(Calls.staffAccountPassword, { staffId: account?.staffId ?? 0, password }),
  });
  return (
    <Modal
      open={account !== null}
      title={account ? t('accounts.passwordTitle', { username: account.username }) : ''}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('accounts.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) =>
          void save.mutateAsync(v.password).then(
            ({ message }) => {
              notify('success', message);
              onClose();
            },
            () => undefined,
          )
        }
      >
        <Form.Item
          name="password"
          label={t('profile.newPassword')}
          extra={`${t('profile.passwordRule')} ${t('accounts.passwordEnds')}`}
          rules={[{ required: true, min: 8, message: t('profile.passwordRule') }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The institution's staff accounts (`/admin/accounts`, administrators): who may use the console,
 * with which role and libraries; add one, change it, disable it (its sessions end), set its
 * password, require or reset its second factor. The installation's operators are not listed.
 */
export default function AccountsScreen() {
  const { t, i18n } = useTranslation('admin');
  const me = useStaffIdentity();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<StaffAccountView | 'new' | null>(null);
  const [password, setPassword] = useState<StaffAccountView | null>(null);
  const list = useQuery({
    queryKey: adminKeys.area(AREA, 'list'),
    queryFn: ({ signal }) => staffApi.call(Calls.staffAccounts, undefined, { signal }),
  });
  const reset = useMutation({
    mutationFn: (staffId: number) => staffApi.callWithMessage(Calls.staffAccountResetSecondFactor, { staffId }),
    onSuccess: ({ message }) => {
      notify('success', message);
      void queryClient.invalidateQueries({ queryKey: adminKeys.area(AREA) });
    },
  });
  const when = (iso: string | null) =>
    iso
      ? new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
      : t('accounts.never');

  const columns: TableColumnsType<StaffAccountView> = [
    {
      title: t('login.username'),
      dataIndex: 'username',
      render: (_, a) => (
        <span>
          <strong>{a.username}</strong>
          {a.name ? <span className="of-admin-muted"> · {a.name}</span> : null}
        </span>
      ),
    },
    { title: t('accounts.role'), dataIndex: 'role', render: (r: StaffAccountView['role']) => t(`roles.${r}`) },
    {
      title: t('accounts.libraries'),
      dataIndex: 'libCodes',
      render: (codes: string[]) => (codes.length ? codes.join(', ') : t('accounts.allLibraries')),
      responsive: ['md'],
    },
    {
      title: t('accounts.state'),
      key: 'state',
      render: (_, a) => (
        <Space size={4} wrap>
          {a.disabled ? (
            <Tag color="red">{t('accounts.disabled')}</Tag>
          ) : (
            <Tag color="green">{t('accounts.active')}</Tag>
          )}
          {a.lockedSeconds > 0 ? <Tag color="orange">{t('accounts.locked')}</Tag> : null}
          {a.totpEnabled ? <Tag color="blue">{t('accounts.secondFactorOn')}</Tag> : null}
          {a.totpRequired && !a.totpEnabled ? <Tag color="gold">{t('accounts.secondFactorPending')}</Tag> : null}
        </Space>
      ),
    },
    { title: t('accounts.lastLogin'), dataIndex: 'lastLoginAt', render: when, responsive: ['lg'] },
    {
      title: t('accounts.actions'),
      key: 'actions',
      render: (_, a) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => setEditing(a)}>
            {t('accounts.edit')}
          </Button>
          <Button size="small" onClick={() => setPassword(a)}>
            {t('accounts.setPassword')}
          </Button>
          {a.totpEnabled && a.staffId !== me.staffId ? (
            <Popconfirm
              title={t('accounts.resetConfirm', { username: a.username })}
              okText={t('accounts.reset')}
              cancelText={t('common.cancel')}
              onConfirm={() => reset.mutate(a.staffId)}
            >
              <Button size="small" danger>
                {t('accounts.resetSecondFactor')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('nav.accounts')}
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('accounts.add')}
        </Button>
      }
    >
      <Table<StaffAccountView>
        rowKey="staffId"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        size="middle"
      />
      <AccountForm
        key={editing === 'new' ? 'new' : (editing?.staffId ?? 'none')}
        account={editing === 'new' ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
      />
      <PasswordForm account={password} onClose={() => setPassword(null)} />
    </AdminPage>
  );
}
