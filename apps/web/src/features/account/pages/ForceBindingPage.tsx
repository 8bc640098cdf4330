import { useState } from 'react';
import { Button, Form, Input, Segmented } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoginType } from '@openfind/contract';
import { clearBindRequired, isBindRequired, loadUserInfo, readNextPath, useSession } from '../../auth';
import { bindingApi } from '../api/binding';
import { AccountFrame } from '../components/AccountFrame';
import { AccountResult } from '../components/AccountResult';
import { AccountForm } from '../components/AccountForm';
import { CodeFields } from '../components/CodeFields';
import { useFormFailure, useSubmit } from '../components/use-form-failure';
import { contactIssue } from '../password-rules';
import type { ContactKind } from '../password-rules';
import type { RemainingTimes } from '../api/recovery';
import { useReader } from '../use-reader';
import { accountKeys } from '../query-keys';
import '../account.css';

type Values = { target: string; code: string; password?: string };
/** The fields a server failure can be shown on; `password` only where the form asks for it. */
const SERVER_FIELDS = ['target', 'code', 'password'] as const;
const SSO_SERVER_FIELDS = ['target', 'code'] as const;

/** Where to go once bound: the `next` of the navigation state, else where the login would have gone. */
function nextPathOf(state: unknown): string {
  const next = state && typeof state === 'object' ? (state as { next?: unknown }).next : undefined;
  return typeof next === 'string' && next.startsWith('/') && !next.startsWith('//') ? next : readNextPath();
}

/**
 * /forceBinding: bind a verified e-mail or phone (spec §4: required after login when the institution
 * sets bindMailOrPhone and the reader has neither). A code goes to the new address first; a reader
 * who has a verified phone replaces it with resetPhone. The binding changes left today are shown.
 * The current password is asked for every binding, the forced one after login too: the server cannot
 * tell the reader who just logged in from someone holding a stolen session, and a first verified
 * contact is what password recovery trusts. Readers signed in elsewhere (single sign-on) are not
 * asked; the server takes a recent sign-in from them instead.
 */
export default function ForceBindingPage() {
  const { t } = useTranslation('account');
  const location = useLocation();
  const navigate = useNavigate();
  const { isLoggedIn, user, isFailed } = useReader();
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
  const [kind, setKind] = useState<ContactKind>('mail');
  const [times, setTimes] = useState<RemainingTimes | undefined>(undefined);
  const [sentTo, setSentTo] = useState('');
  const { isBusy, run } = useSubmit(failure);
  const [boundTo, setBoundTo] = useState('');
  const next = nextPathOf(location.state);
  const title = t('titles.forceBinding');

  if (!isLoggedIn || isFailed) {
    return (
      <AccountFrame title={title}>
        <AccountResult
          status="info"
          title={t('binding.loginFirst')}
          action={
            <Link className="of-btn of-btn--primary" to="/login" state={{ next: '/forceBinding' }}>
              {t('actions.login')}
            </Link>
          }
        />
      </AccountFrame>
    );
  }
  if (boundTo) {
    return (
      <AccountFrame title={title}>
        <AccountResult
          status="success"
          title={t('binding.done')}
          text={t(kind === 'mail' ? 'binding.doneMail' : 'binding.donePhone', { target: boundTo })}
          action={
            <Button autoInsertSpace={false} type="primary" onClick={() => void navigate(next, { replace: true })}>
              {t('actions.continue')}
            </Button>
          }
        />
      </AccountFrame>
    );
  }

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
      setBoundTo(address);
    });
  const verified = kind === 'mail' ? user?.emailCheckFlag === '1' : user?.mobileCheckFlag === '1';
  const current = kind === 'mail' ? user?.email : user?.mobile;
  return (
    <AccountFrame title={title} lead={t('binding.lead')}>
      <Segmented<ContactKind>
        className="of-account-kind"
        block
        value={kind}
        aria-label={t('binding.kind')}
        options={[
          { value: 'mail', label: t('fields.email') },
          { value: 'phone', label: t('fields.phone') },
        ]}
        onChange={(value) => {
          setKind(value);
          setSentTo('');
          form.resetFields();
          failure.clear();
        }}
      />
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
    </AccountFrame>
  );
}
