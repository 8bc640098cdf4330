import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Space, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import * as Calls from '@openfind/contract/calls';
import type { SecondFactorSetup } from '@openfind/contract';
import { notify } from '../../../lib/antd';
import { staffApi } from '../api/staff-api';
import { AdminPage } from '../components/AdminPage';
import { RecoveryCodeList } from '../components/RecoveryCodeList';
import { adminKeys } from '../query-keys';
import { clearStaffSession } from '../session/staff-session';
import { useStaffIdentity } from '../session/use-staff-identity';

const AREA = 'profile';

/** Setting up the second factor: scan (or type) the secret, then confirm with the app's first code. */
function SetUpSecondFactor({ onDone }: { onDone: (codes: string[]) => void }) {
  const { t } = useTranslation('admin');
  const [setup, setSetup] = useState<SecondFactorSetup | null>(null);
  const start = useMutation({ mutationFn: () => staffApi.call(Calls.staffSecondFactorSetup), onSuccess: setSetup });
  const confirm = useMutation({
    mutationFn: (code: string) => staffApi.callWithMessage(Calls.staffSecondFactorConfirm, { code }),
    onSuccess: ({ data, message }) => {
      notify('success', message);
      onDone(data.recoveryCodes);
    },
  });
  if (!setup)
    return (
      <Button type="primary" loading={start.isPending} onClick={() => start.mutate()}>
        {t('profile.setUp')}
      </Button>
    );
  return (
    <div className="of-admin-totp-setup">
      <ol className="of-admin-steps">
        <li>{t('profile.stepScan')}</li>
        <li>{t('profile.stepConfirm')}</li>
      </ol>
      <img
        className="of-admin-qr"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt={t('profile.qrAlt')}
        width={200}
        height={200}
      />
      <p>
        {t('profile.secretLabel')}{' '}
        <code className="of-admin-secret">{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
      </p>
      <Form layout="inline" onFinish={(v: { code: string }) => confirm.mutate(v.code)} className="of-admin-inline-form">
        <Form.Item
          name="code"
          label={t('profile.codeLabel')}
          rules={[{ required: true, pattern: /^\s*\d{3}\s?\d{3}\s*$/, message: t('profile.codeRule') }]}
        >
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} className="of-admin-code-input" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={confirm.isPending}>
          {t('profile.confirm')}
        </Button>
      </Form>
    </div>
  );
}

/** A form that asks for the password again before a change of the second factor. */
function PasswordAction({
  label,
  danger,
  disabled,
  onSubmit,
  pending,
}: {
  label: string;
  danger?: boolean;
  disabled?: boolean;
  onSubmit: (password: string) => void;
  pending: boolean;
}) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Button danger={danger} disabled={disabled} onClick={() => setOpen(true)}>
        {label}
      </Button>
    );
  return (
    <Form layout="inline" onFinish={(v: { password: string }) => onSubmit(v.password)} className="of-admin-inline-form">
      <Form.Item
        name="password"
        label={t('profile.passwordAgain')}
        rules={[{ required: true, message: t('login.passwordRequired') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" danger={danger} htmlType="submit" loading={pending}>
        {label}
      </Button>
      <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
    </Form>
  );
}

/**
 * The signed-in staff member's own account (`/admin/profile`): the second factor — set up, new
 * recovery codes, off where not required — and the password. An account an administrator requires a
 * second factor of comes here first, and can do nothing else until it has one.
 */
export default function ProfileScreen() {
  const { t } = useTranslation('admin');
  const staff = useStaffIdentity();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [codes, setCodes] = useState<string[] | null>(null);
  const state = useQuery({
    queryKey: adminKeys.area(AREA, 'secondFactor'),
    queryFn: ({ signal }) => staffApi.call(Calls.staffSecondFactor, undefined, { signal }),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.area(AREA) });
    void queryClient.invalidateQueries({ queryKey: adminKeys.me() });
  };
  const renew = useMutation({
    mutationFn: (password: string) => staffApi.call(Calls.staffRecoveryCodes, { password }),
    onSuccess: (data) => {
      setCodes(data.recoveryCodes);
      refresh();
    },
  });
  const disable = useMutation({
    mutationFn: (password: string) => staffApi.callWithMessage(Calls.staffSecondFactorDisable, { password }),
    onSuccess: ({ message }) => {
      notify('success', message);
      setCodes(null);
      refresh();
    },
  });
  const changePassword = useMutation({
    mutationFn: (v: { currentPassword: string; password: string }) =>
      staffApi.callWithMessage(Calls.staffChangePassword, v),
    onSuccess: ({ message }) => {
      notify('success', `${message} ${t('profile.loginAgain')}`);
      clearStaffSession();
      navigate('/admin/login', { replace: true });
    },
  });
  const sf = state.data;

  return (
    <AdminPage title={t('nav.profile')}>
      {staff.mustSetUpSecondFactor ? (
        <Alert type="warning" showIcon title={t('profile.requiredFirst')} className="of-admin-block" />
      ) : null}
      <Card title={<h2 className="of-admin-card-title">{t('profile.secondFactor')}</h2>} className="of-admin-block">
        <p className="of-admin-muted">{t('profile.secondFactorWhy')}</p>
        {sf ? (
          <Space wrap className="of-admin-block">
            <Tag color={sf.enabled ? 'green' : 'default'}>{sf.enabled ? t('profile.on') : t('profile.off')}</Tag>
            {sf.required ? <Tag color="blue">{t('profile.required')}</Tag> : null}
            {sf.enabled ? <span>{t('profile.codesLeft', { count: sf.recoveryCodesLeft })}</span> : null}
          </Space>
        ) : null}
        {codes ? <RecoveryCodeList codes={codes} account={staff.username} /> : null}
        {sf && !sf.enabled ? (
          <SetUpSecondFactor
            onDone={(next) => {
              setCodes(next);
              refresh();
            }}
          />
        ) : null}
        {sf?.enabled ? (
          <Space wrap align="start">
            <PasswordAction label={t('profile.newCodes')} onSubmit={(p) => renew.mutate(p)} pending={renew.isPending} />
            <PasswordAction
              label={t('profile.turnOff')}
              danger
              disabled={sf.required}
              onSubmit={(p) => disable.mutate(p)}
              pending={disable.isPending}
            />
          </Space>
        ) : null}
      </Card>
      <Card title={<h2 className="of-admin-card-title">{t('profile.password')}</h2>} className="of-admin-block">
        <Form
          layout="vertical"
          className="of-admin-narrow-form"
          onFinish={(v: { currentPassword: string; password: string }) =>
            changePassword.mutate({ currentPassword: v.currentPassword, password: v.password })
          }
        >
          <Form.Item
            name="currentPassword"
            label={t('profile.currentPassword')}
            rules={[{ required: true, message: t('login.passwordRequired') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('profile.newPassword')}
            extra={t('profile.passwordRule')}
            rules={[{ required: true, min: 8, message: t('profile.passwordRule') }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="repeat"
            label={t('profile.repeatPassword')}
            dependencies={['password']}
            rules={[
              { required: true, message: t('profile.repeatRequired') },
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  !value || value === getFieldValue('password')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('profile.repeatMismatch'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={changePassword.isPending}>
            {t('profile.changePassword')}
          </Button>
        </Form>
      </Card>
    </AdminPage>
  );
}
