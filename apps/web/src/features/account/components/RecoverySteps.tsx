import { useEffect, useState } from 'react';
import { Form, Radio } from 'antd';
import type { FormInstance } from 'antd';
import { AuthErrCode, CaptchaScene } from '@openfind/contract';
import { useTranslation } from 'react-i18next';
import { useCaptcha } from '../../captcha';
import { recoveryApi } from '../api/recovery';
import type { RecoveryContacts, RemainingTimes } from '../api/recovery';
import type { ContactKind } from '../password-rules';
import { AccountField } from './AccountFields';
import { AccountForm } from './AccountForm';
import { CaptchaField, drawAgain } from './CaptchaField';
import { CodeFields } from './CodeFields';
import { NewPasswordFields } from './NewPasswordFields';
import { useFormFailure, useSubmit } from './use-form-failure';

/** A recovery opened for an account: its ticket and where codes can go. */
export type OpenedRecovery = { userName: string; findKey: string; contacts: RecoveryContacts };

/** Steps that find the recovery expired start again from the first one, with the server's message. */
export type OnExpired = (message: string) => void;

/** A step's failure reporter that also starts again when the recovery has expired. */
function useStepFailure(form: FormInstance, fields: readonly string[], onExpired: OnExpired) {
  const failure = useFormFailure(form, fields);
  const fail = (error: unknown) => {
    const f = failure.report(error);
    if (f.errCode === AuthErrCode.recoveryExpired) onExpired(f.message);
  };
  return { ...failure, fail, submit: { clear: failure.clear, report: fail } };
}

/** Step 1: the account and its scene-2 image code (drawn for that account once it is entered). */
export function AccountStep({ onOpened, notice }: { onOpened: (r: OpenedRecovery) => void; notice: string }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<{ userName: string; verifyCode: string }>();
  const failure = useFormFailure(form, ['verifyCode']);
  const [captchaUser, setCaptchaUser] = useState('');
  const { captcha, isLoading, isError, refresh } = useCaptcha({
    scene: CaptchaScene.reset,
    userName: captchaUser,
    enabled: Boolean(captchaUser),
  });
  const { isBusy, run } = useSubmit(failure);
  const { setMessage } = failure;
  useEffect(() => setMessage(notice), [notice, setMessage]);

  const drawFor = (name: string) => {
    const userName = name.trim();
    if (userName && userName !== captchaUser) {
      form.setFieldValue('verifyCode', '');
      setCaptchaUser(userName);
    }
  };
  // Spec §5: asking for a code without an account warns.
  const askForAccount = () => {
    const typed = ((form.getFieldValue('userName') as string | undefined) ?? '').trim();
    if (typed) return drawFor(typed);
    form.setFields([{ name: 'userName', errors: [t('validation.accountForCode')] }]);
    form.focusField('userName');
  };
  const onFinish = async ({ userName, verifyCode }: { userName: string; verifyCode: string }) => {
    const name = userName.trim();
    // The image belongs to the account it was drawn for: a changed account needs a new one.
    if (name !== captchaUser || !captcha) {
      drawFor(name);
      form.setFields([{ name: 'verifyCode', errors: [t('validation.captchaRequired')], value: '' }]);
      form.focusField('verifyCode');
      return;
    }
    const { codeKey } = captcha;
    await run(
      async () => {
        const { findKey } = await recoveryApi.open({ userName: name, verifyCode: verifyCode.trim(), codeKey });
        const contacts = await recoveryApi.contacts(findKey, name);
        onOpened({ userName: name, findKey, contacts });
      },
      () => drawAgain(form, refresh),
    );
  };
  return (
    <AccountForm
      form={form}
      onFinish={(v) => void onFinish(v)}
      submitLabel={t('actions.next')}
      isBusy={isBusy}
      alert={failure.alert}
    >
      <AccountField name="userName" extra={t('reset.accountHint')} onBlur={drawFor} />
      <CaptchaField
        captcha={captcha}
        isLoading={isLoading}
        isError={isError}
        onRefresh={captchaUser ? refresh : askForAccount}
        placeholder={captchaUser ? undefined : t('captcha.afterAccount')}
      />
    </AccountForm>
  );
}

type VerifyProps = { recovery: OpenedRecovery; onVerified: () => void; onExpired: OnExpired };

/** Step 2: choose the verified phone or e-mail (with the codes left today), send a code there, enter it. */
export function VerifyStep({ recovery, onVerified, onExpired }: VerifyProps) {
  const { t } = useTranslation('account');
  const { contacts, findKey } = recovery;
  const target = (c: ContactKind) => (c === 'mail' ? contacts.email : contacts.phone);
  const channels = (['mail', 'phone'] as const).filter((c) =>
    c === 'mail' ? contacts.emailFlag === '1' : contacts.phoneFlag === '1',
  );
  const [form] = Form.useForm<{ channel: ContactKind; code: string }>();
  const failure = useStepFailure(form, ['code'], onExpired);
  const channel = (Form.useWatch('channel', form) as ContactKind | undefined) ?? channels[0] ?? 'mail';
  const [remaining, setRemaining] = useState<Partial<Record<ContactKind, RemainingTimes>>>({});
  const [sentTo, setSentTo] = useState('');
  const { isBusy, run } = useSubmit(failure.submit);

  useEffect(() => {
    let isCurrent = true;
    recoveryApi.times(findKey, channel).then(
      (times) => isCurrent && setRemaining((r) => ({ ...r, [channel]: times })),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [findKey, channel]);

  const send = async () => {
    failure.clear();
    try {
      const times = await recoveryApi.send(findKey, channel);
      setRemaining((r) => ({ ...r, [channel]: times }));
      setSentTo(target(channel));
      return true;
    } catch (error) {
      failure.fail(error);
      return false;
    }
  };
  const onFinish = ({ code }: { code: string }) =>
    run(async () => {
      await recoveryApi.check(findKey, channel, code.trim());
      onVerified();
    });
  return (
    <AccountForm
      form={form}
      initialValues={{ channel: channels[0] }}
      onFinish={(v) => void onFinish(v)}
      onValuesChange={(changed: { channel?: ContactKind }) => {
        if (changed.channel) setSentTo('');
      }}
      submitLabel={t('actions.next')}
      isBusy={isBusy}
      alert={failure.alert}
    >
      <Form.Item name="channel" label={t('reset.channel')}>
        <Radio.Group className="of-account-choices">
          {channels.map((c) => (
            <Radio key={c} value={c}>
              {t(c === 'mail' ? 'reset.byMail' : 'reset.byPhone', { target: target(c) })}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <CodeFields onSend={send} remaining={remaining[channel]} sentTo={sentTo} channel={channel} />
    </AccountForm>
  );
}

type PasswordProps = { recovery: OpenedRecovery; onDone: () => void; onExpired: OnExpired };

/** Step 3: the new password, twice, under the institution's rule. */
export function NewPasswordStep({ recovery, onDone, onExpired }: PasswordProps) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<{ newPassword: string; confirmPassword: string }>();
  const failure = useStepFailure(form, ['newPassword', 'confirmPassword'], onExpired);
  const { isBusy, run } = useSubmit(failure.submit);
  const onFinish = ({ newPassword, confirmPassword }: { newPassword: string; confirmPassword: string }) =>
    run(async () => {
      await recoveryApi.finish(recovery.findKey, newPassword, confirmPassword);
      onDone();
    });
  return (
    <AccountForm
      form={form}
      onFinish={(v) => void onFinish(v)}
      submitLabel={t('reset.submit')}
      isBusy={isBusy}
      alert={failure.alert}
    >
      <NewPasswordFields accounts={[recovery.userName]} />
    </AccountForm>
  );
}
