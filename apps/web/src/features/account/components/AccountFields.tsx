import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type AccountFieldProps = {
  /** The form field name ('username', or 'userName' in the recovery). */
  name?: string;
  extra?: ReactNode;
  onBlur?: (value: string) => void;
};

/** The account (or card number) of a library account: required, as at login (spec §5). */
export function AccountField({ name = 'username', extra, onBlur }: AccountFieldProps) {
  const { t } = useTranslation('account');
  return (
    <Form.Item
      name={name}
      label={t('fields.account')}
      extra={extra}
      rules={[{ required: true, whitespace: true, message: t('validation.accountRequired') }]}
    >
      <Input autoComplete="username" maxLength={64} onBlur={onBlur ? (e) => onBlur(e.target.value) : undefined} />
    </Form.Item>
  );
}

/** Account and password of a library account (binding screens). */
export function AccountPasswordFields() {
  const { t } = useTranslation('account');
  return (
    <>
      <AccountField />
      <Form.Item
        name="password"
        label={t('fields.password')}
        rules={[{ required: true, message: t('validation.passwordRequired') }]}
      >
        <Input.Password autoComplete="current-password" maxLength={128} />
      </Form.Item>
    </>
  );
}
