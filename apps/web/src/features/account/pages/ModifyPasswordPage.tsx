import { useId, useMemo, useState } from 'react';
import { Alert, Form, Input } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { clearPendingPasswordChange, endLocalSession, readPendingPasswordChange } from '../../auth';
import { useConfig } from '../../site-config';
import { useChangePassword } from '../api/change-password';
import { AccountField } from '../components/AccountFields';
import { AccountForm } from '../components/AccountForm';
import { AccountFrame } from '../components/AccountFrame';
import { AccountResult } from '../components/AccountResult';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { useFormFailure } from '../components/use-form-failure';
import { useReader } from '../use-reader';
import '../account.css';

type Values = { username: string; password: string; newPassword: string; confirmPassword: string };
const SERVER_FIELDS = ['newPassword', 'confirmPassword'] as const;

/**
 * /modifyPassword: change a password with the current one. Forced after a login answered `data:false`
 * or `data:10000` (the pending change: account, server message and, until a reload, the password
 * typed), or chosen by a logged-in reader; anyone who knows their current password can use it.
 */
export default function ModifyPasswordPage() {
  const { t } = useTranslation('account');
  const { findPasswordFlag } = useConfig();
  const pending = useMemo(() => readPendingPasswordChange(), []);
  const { user } = useReader(!pending);
  const [form] = Form.useForm<Values>();
  const failure = useFormFailure(form, SERVER_FIELDS);
  const change = useChangePassword();
  const [changedFor, setChangedFor] = useState('');
  const accountId = useId();
  const knownAccount = pending?.username || user?.account || '';
  const typedAccount = (Form.useWatch('username', form) as string | undefined) ?? '';
  const accounts = [knownAccount || typedAccount.trim(), pending ? '' : (user?.cardNo ?? '')];

  const onFinish = (values: Values) => {
    failure.clear();
    const username = (knownAccount || values.username).trim();
    change.mutate(
      { ...values, username },
      {
        onSuccess: () => {
          // The server ended every session of the reader, this one too.
          clearPendingPasswordChange();
          endLocalSession();
          setChangedFor(username);
        },
        onError: (error) => void failure.report(error),
      },
    );
  };

  if (changedFor) {
    return (
      <AccountFrame title={t('titles.modifyPassword')}>
        <AccountResult
          status="success"
          title={t('modify.done')}
          text={t('modify.doneText')}
          action={
            <Link className="of-btn of-btn--primary" to="/login" state={{ username: changedFor }}>
              {t('actions.loginAgain')}
            </Link>
          }
        />
      </AccountFrame>
    );
  }

  return (
    <AccountFrame title={t('titles.modifyPassword')} lead={pending ? undefined : t('modify.lead')}>
      {pending?.message ? <Alert className="of-account-alert" type="warning" showIcon title={pending.message} /> : null}
      <AccountForm<Values>
        form={form}
        submitLabel={change.isPending ? t('actions.saving') : t('modify.submit')}
        isBusy={change.isPending}
        alert={failure.alert}
        initialValues={{ username: knownAccount, password: pending?.password ?? '' }}
        onFinish={onFinish}
        onValuesChange={failure.clear}
      >
        {knownAccount ? (
          <Form.Item label={t('fields.account')} htmlFor={accountId}>
            <Input id={accountId} value={knownAccount} readOnly variant="filled" autoComplete="username" />
          </Form.Item>
        ) : (
          <AccountField />
        )}
        <Form.Item
          name="password"
          label={t('fields.currentPassword')}
          rules={[{ required: true, message: t('validation.currentPasswordRequired') }]}
        >
          <Input.Password autoComplete="current-password" maxLength={128} />
        </Form.Item>
        <NewPasswordFields accounts={accounts} currentPasswordField="password" />
      </AccountForm>
      {pending || findPasswordFlag !== '1' ? null : (
        <p className="of-account-links">
          <Link to="/resetPassword">{t('modify.forgot')}</Link>
        </p>
      )}
    </AccountFrame>
  );
}
