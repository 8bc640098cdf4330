import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import type { InputRef } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { passwordProblem } from '@openfind/contract';
import { useConfig } from '../../site-config';
import { useTenant } from '../../tenant';
import { ApiError } from '../../../lib/http';
import { postLogin } from '../auth-api';
import { completeLogin, PASSWORD_EXPIRY_REDIRECT_MS } from '../login-flow';
import type { AfterLogin } from '../login-flow';
import { endLocalSession, readNextPath, storePendingPasswordChange } from '../session-store';
import { useCaptcha } from '../../captcha';
import { CaptchaButton } from '../../../components/CaptchaButton';
import { busy } from '../../../components/busy';

type Values = { username: string; password: string; verifyCode: string; privacy: boolean };

type Props = {
  /** A new session is in place (after the after-login rules). */
  onLoggedIn: (after: AfterLogin) => void;
  /** The login answered that the password must be changed: go to /modifyPassword. */
  onPasswordChange: () => void;
  /** Extra entries under the button (forgot password, WeChat). */
  footer?: React.ReactNode;
  initialUsername?: string;
  autoFocus?: boolean;
  /** Where the guided tour of a first login returns to (default: the current page). */
  tourReturnPath?: string;
};

/**
 * Account, password, image code and the privacy box (spec §2 "Login screen", §5 "Login"). Enter
 * submits; the button shows the logging-in state; a failure shows the server's message, clears
 * the session and brings a new image code (spec §8).
 */
export function LoginForm({
  onLoggedIn,
  onPasswordChange,
  footer,
  initialUsername = '',
  autoFocus,
  tourReturnPath,
}: Props) {
  const { t } = useTranslation('auth');
  const config = useConfig();
  const tenant = useTenant();
  const { pathname, search } = useLocation();
  const { captcha, codeKey, isLoading: isDrawing, isError: drawFailed, refresh: drawAgain } = useCaptcha();
  const [form] = Form.useForm<Values>();
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [expiry, setExpiry] = useState<{ message: string; seconds: number } | null>(null);
  const accountRef = useRef<InputRef>(null);
  const captchaRef = useRef<InputRef>(null);

  useEffect(() => {
    if (autoFocus) accountRef.current?.focus();
  }, [autoFocus]);

  // Spec §4: the 'password too old' answer shows its message, then moves on after 3 s.
  useEffect(() => {
    if (!expiry) return undefined;
    if (expiry.seconds <= 0) {
      onPasswordChange();
      return undefined;
    }
    const timer = setTimeout(() => setExpiry({ ...expiry, seconds: expiry.seconds - 1 }), 1000);
    return () => clearTimeout(timer);
  }, [expiry, onPasswordChange]);

  const passwordRule = config.isPasswordProtect === '1' ? null : config.passwordCheck;

  const submit = async (values: Values) => {
    setBusy(true);
    setError('');
    try {
      const answer = await postLogin({
        username: values.username.trim(),
        password: values.password,
        verifyCode: values.verifyCode.trim(),
        codeKey,
        mappingPath: tenant.mappingPath,
        nextpath: readNextPath(),
      });
      if (answer.kind !== 'session') {
        const isTooOld = answer.kind === 'passwordTooOld';
        storePendingPasswordChange({
          username: values.username.trim(),
          password: values.password,
          message: isTooOld ? t('expiry.tooOld') : answer.message || t('expiry.mustChange'),
          isTooOld,
        });
        if (isTooOld) setExpiry({ message: t('expiry.tooOld'), seconds: PASSWORD_EXPIRY_REDIRECT_MS / 1000 });
        else onPasswordChange();
        return;
      }
      onLoggedIn(await completeLogin(answer.result, config, tourReturnPath ?? `${pathname}${search}`));
    } catch (cause) {
      endLocalSession();
      setError((cause instanceof ApiError && cause.message) || t('login.failed'));
      form.setFieldValue('verifyCode', '');
      drawAgain();
      captchaRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      className="of-login-form"
      initialValues={{ username: initialUsername, password: '', verifyCode: '', privacy: false }}
      onFinish={(values) => void submit(values)}
      disabled={Boolean(expiry)}
    >
      <Form.Item
        name="username"
        label={t('login.account')}
        rules={[{ required: true, whitespace: true, message: t('validation.account') }]}
      >
        <Input ref={accountRef} autoComplete="username" placeholder={t('login.accountPlaceholder')} maxLength={64} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('login.password')}
        rules={[
          { required: true, message: t('validation.password') },
          // The institution's rule is shown but not enforced here: a password set before the rule still
          // logs in, and the server then asks for a change (data:false).
          {
            warningOnly: true,
            validator: async (_, value: string) => {
              if (!value || !passwordRule) return;
              const problem = passwordProblem(value, passwordRule, form.getFieldValue('username') ?? '');
              if (problem) throw new Error(t(`validation.rule${passwordRule}`));
            },
          },
        ]}
      >
        <Input.Password autoComplete="current-password" placeholder={t('login.passwordPlaceholder')} maxLength={128} />
      </Form.Item>
      <Form.Item label={t('login.captcha')} required>
        <div className="of-captcha-row">
          <Form.Item
            name="verifyCode"
            noStyle
            rules={[{ required: true, whitespace: true, message: t('validation.captcha') }]}
          >
            <Input
              ref={captchaRef}
              aria-label={t('login.captcha')}
              autoComplete="off"
              placeholder={t('login.captchaPlaceholder')}
              maxLength={8}
              className="of-captcha-input"
            />
          </Form.Item>
          <CaptchaButton
            image={captcha?.verifyCode}
            isLoading={isDrawing}
            label={drawFailed ? t('login.captchaFailed') : t('login.captchaImage')}
            placeholder={drawFailed ? t('login.captchaFailed') : t('login.captchaLoading')}
            onRefresh={drawAgain}
          />
        </div>
      </Form.Item>
      <Form.Item
        name="privacy"
        valuePropName="checked"
        rules={[
          {
            validator: async (_, checked: boolean) => {
              if (!checked) throw new Error(t('validation.privacy'));
            },
          },
        ]}
      >
        <Checkbox>
          {t('login.privacyBefore')}
          <Link to="/privacy" target="_blank" rel="noopener">
            {t('login.privacyLink')}
          </Link>
        </Checkbox>
      </Form.Item>
      <div aria-live="assertive">
        {error ? <Alert type="error" showIcon title={error} className="of-login-alert" /> : null}
        {expiry ? (
          <Alert
            type="warning"
            showIcon
            title={expiry.message}
            description={t('expiry.countdown', { seconds: expiry.seconds })}
            action={
              <Button autoInsertSpace={false} size="small" disabled={false} onClick={onPasswordChange}>
                {t('expiry.now')}
              </Button>
            }
            className="of-login-alert"
          />
        ) : null}
      </div>
      <Button autoInsertSpace={false} type="primary" htmlType="submit" block size="large" loading={busy(isBusy)}>
        {isBusy ? t('login.submitting') : t('login.submit')}
      </Button>
      {footer ? <div className="of-login-footer">{footer}</div> : null}
    </Form>
  );
}
