import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../site-config';
import { confirmIssue, newPasswordIssue } from '../password-rules';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

type Props = {
  /** Account and card number the password may not equal. */
  accounts: readonly string[];
  /** Name of the form's current-password field, when it has one (the new one may not equal it). */
  currentPasswordField?: string;
};

/**
 * New password and its confirmation (`newPassword`, `confirmPassword`) under the institution's rule
 * (`passwordCheck`), with the rule shown up front and the strength meter of spec §5.
 */
export function NewPasswordFields({ accounts, currentPasswordField }: Props) {
  const { t } = useTranslation('account');
  const { passwordCheck } = useConfig();
  const form = Form.useFormInstance();
  const password = (Form.useWatch('newPassword', form) as string | undefined) ?? '';
  return (
    <>
      <Form.Item
        name="newPassword"
        label={t('fields.newPassword')}
        validateTrigger="onBlur"
        dependencies={currentPasswordField ? [currentPasswordField] : []}
        extra={
          <>
            <span className="of-account-rule">{t(`rules.rule${passwordCheck}`)}</span>
            <PasswordStrengthMeter password={password} />
          </>
        }
        rules={[
          { required: true, message: t('validation.newPasswordRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) => {
              if (!value) return Promise.resolve();
              const current = currentPasswordField ? (getFieldValue(currentPasswordField) as string) : '';
              const issue = newPasswordIssue(value, { rule: passwordCheck, accounts, currentPassword: current });
              return issue ? Promise.reject(new Error(t(`validation.${issue}`))) : Promise.resolve();
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={128} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('fields.confirmPassword')}
        validateTrigger="onBlur"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('validation.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) => {
              if (!value) return Promise.resolve();
              const issue = confirmIssue(getFieldValue('newPassword') as string, value);
              return issue ? Promise.reject(new Error(t(`validation.${issue}`))) : Promise.resolve();
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={128} />
      </Form.Item>
    </>
  );
}
