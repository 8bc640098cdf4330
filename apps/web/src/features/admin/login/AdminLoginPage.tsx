import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import * as Calls from '@openfind/contract/calls';
import { StaffErrCode } from '@openfind/contract';
import { useTenant } from '../../tenant';
import { ApiError } from '../../../lib/http';
import { setPageTitle } from '../../../lib/document-title';
import { staffApi } from '../api/staff-api';
import { saveStaffSession, useStaffSession } from '../session/staff-session';

type Values = { username: string; password: string; code?: string };

/**
 * The console's login (`/admin/login`): a staff account's username and password at this
 * institution, then, for an account with a second factor, the six-digit code of its authenticator
 * app or one of its recovery codes. Not the readers' login, and no reader session is made or used.
 */
export function AdminLoginPage() {
  const { t } = useTranslation('admin');
  const tenant = useTenant();
  const session = useStaffSession();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from;
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => setPageTitle(t('login.title')), [t]);
  if (session) return <Navigate to={from?.startsWith('/admin') ? from : '/admin'} replace />;

  const submit = async (values: Values) => {
    setBusy(true);
    setError(null);
    try {
      const result = await staffApi.call(
        Calls.staffLogin,
        { username: values.username, password: values.password, ...(needsCode ? { code: values.code?.trim() } : {}) },
        { silent: true },
      );
      saveStaffSession(result);
      navigate(from?.startsWith('/admin') ? from : '/admin', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.errCode === StaffErrCode.secondFactorRequired && !needsCode) {
        setNeedsCode(true);
      } else {
        setError(err instanceof Error && err.message ? err.message : t('login.failed'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <main id="main" className="of-admin-login">
      <div className="of-admin-login-card">
        <p className="of-admin-login-site">{tenant.group.name}</p>
        <h1>{t('login.title')}</h1>
        <p className="of-admin-login-note">{t('login.note')}</p>
        {error ? <Alert type="error" title={error} showIcon className="of-admin-login-error" role="alert" /> : null}
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
          <Form.Item
            name="username"
            label={t('login.username')}
            rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
          >
            <Input autoComplete="username" autoFocus disabled={needsCode} />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('login.passwordRequired') }]}
          >
            <Input.Password autoComplete="current-password" disabled={needsCode} />
          </Form.Item>
          {needsCode ? (
            <Form.Item
              name="code"
              label={t('login.code')}
              extra={t('login.codeHelp')}
              rules={[{ required: true, whitespace: true, message: t('login.codeRequired') }]}
            >
              <Input autoComplete="one-time-code" inputMode="text" autoFocus maxLength={20} />
            </Form.Item>
          ) : null}
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('login.submit')}
          </Button>
        </Form>
      </div>
    </main>
  );
}
