import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoginType } from '@openfind/contract';
import { clearBindRequired, isBindRequired, loadUserInfo, useSession } from '../../auth';
import { bindingApi } from '../api/binding';
import type { RemainingTimes } from '../api/recovery';
import { contactIssue } from '../password-rules';
import type { ContactKind } from '../password-rules';
import { accountKeys } from '../query-keys';
import { useReader } from '../use-reader';
import { AccountForm } from './AccountForm';
import { CodeFields } from './CodeFields';
import { useFormFailure, useSubmit } from './use-form-failure';
import '../account.css';

type Values = { target: string; code: string; password?: string };
/** The fields a server failure can be shown on; `password` only where the form asks for it. */
const SERVER_FIELDS = ['target', 'code', 'password'] as const;
const SSO_SERVER_FIELDS = ['target', 'code'] as const;

export type ContactBindingFormProps = {
  /** What is bound: an e-mail address or a phone number (a new value of `kind` needs a new form: `key`). */
  kind: ContactKind;
  /** Called once the new address is bound and the reader's info is read again. */
  onBound: (target: string) => void;
  /** Inline use (My Library): a button that leaves the form without binding, and its label. */
  onCancel?: () => void;
  cancelLabel?: string;
};

/**
 * Binding a verified e-mail address or phone number (spec §4, §5: "Phone and e-mail must be valid,
 * and a verification code is required"): the new address, a code sent there, and the current
 * password. A reader with a verified phone replaces it with resetPhone. The binding changes left
 * today are shown. The current password is asked for every binding: the server cannot tell the reader
 * at the keyboard from someone holding a stolen session, and a verified contact is what password
 * recovery trusts. Readers signed in elsewhere (single sign-on) are not asked; the server takes a
 * recent sign-in from them instead. Used by /forceBinding and by My Library's personal information.
 */
export function ContactBindingForm({ kind, onBound, onCancel, cancelLabel }: ContactBindingFormProps) {
  const { t } = useTranslation('account');
  const { isLoggedIn, user } = useReader();
  const { loginType } = useSession();
  const asksPassword = (user?.loginType ?? loginType ?? LoginType.normal) === LoginType.normal;
  const { data: changes } = useQuery({
    queryKey: accountKeys.bindTimes(user?.userId),
    queryFn: bindingApi.times,
    enabled: isLoggedIn,
    retry: false,
  });
  const [form] = Form.useForm<Values>();
  // After single sign-on the password is not asked for: "sign in again" then goes above the button.
  const failure = useFormFailure(form, asksPassword ? SERVER_FIELDS : SSO_SERVER_FIELDS);
  const [times, setTimes] = useState<RemainingTimes | undefined>(undefined);
  const [sentTo, setSentTo] = useState('');
  const { isBusy, run } = useSubmit(failure);

  const readTarget = () => ((form.getFieldValue('target') as string | undefined) ?? '').trim();
  const send = async () => {
    failure.clear();
    try {
      await form.validateFields(['target']);
    } catch {
      return false;
    }
    try {
      const target = readTarget();
      setTimes(await bindingApi.sendCode(kind, target));
      setSentTo(target);
      return true;
    } catch (error) {
      failure.report(error);
      return false;
    }
  };
  const onFinish = ({ target, code, password = '' }: Values) =>
    run(async () => {
      const address = target.trim();
      if (kind === 'phone' && user?.mobileCheckFlag === '1')
        await bindingApi.resetPhone(address, code.trim(), password);
      else await bindingApi.bind(kind, address, code.trim(), password);
      // The reader now has a verified contact: the hold of the login (bindMailOrPhone) ends.
      if (isBindRequired()) clearBindRequired();
      await loadUserInfo().catch(() => undefined);
      onBound(address);
    });
  const verified = kind === 'mail' ? user?.emailCheckFlag === '1' : user?.mobileCheckFlag === '1';
  const current = kind === 'mail' ? user?.email : user?.mobile;
  return (
    <>
      {changes ? (
        <p className="of-account-note">{t('binding.changesLeft', { times: changes.times, limit: changes.limit })}</p>
      ) : null}
      {verified && current ? <p className="of-account-note">{t('binding.current', { target: current })}</p> : null}
      <AccountForm<Values>
        form={form}
        onFinish={(v) => void onFinish(v)}
        submitLabel={t('binding.submit')}
        isBusy={isBusy}
        alert={failure.alert}
      >
        <Form.Item
          name="target"
          label={t(kind === 'mail' ? 'fields.newEmail' : 'fields.newPhone')}
          validateTrigger="onBlur"
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const issue = contactIssue(kind, value ?? '');
                return issue ? Promise.reject(new Error(t(`validation.${issue}`))) : Promise.resolve();
              },
            },
          ]}
        >
          {kind === 'mail' ? (
            <Input type="email" autoComplete="email" maxLength={200} />
          ) : (
            <Input type="tel" autoComplete="tel" inputMode="tel" maxLength={16} />
          )}
        </Form.Item>
        <CodeFields onSend={send} remaining={times} sentTo={sentTo} channel={kind} />
        {asksPassword ? (
          <Form.Item
            name="password"
            label={t('fields.currentPassword')}
            extra={t('binding.passwordNote')}
            rules={[{ required: true, message: t('validation.currentPasswordRequired') }]}
          >
            <Input.Password autoComplete="current-password" maxLength={128} />
          </Form.Item>
        ) : null}
      </AccountForm>
      {onCancel ? (
        <Button className="of-account-cancel" autoInsertSpace={false} block onClick={onCancel}>
          {cancelLabel}
        </Button>
      ) : null}
    </>
  );
}

/** The form as a module's default export (My Library loads it with Ant Design when a reader changes a contact). */
export default ContactBindingForm;
