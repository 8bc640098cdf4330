import { useCallback, useState } from 'react';
import { Button, Modal, message } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loadNamespace } from '../../lang';
import { useQueryClient } from '@tanstack/react-query';
import { useConfig } from '../../site-config';
import { useTenant } from '../../tenant';
import type { AfterLogin } from '../login-flow';
import { explanationOf, loginEntry } from '../login-methods';
import { useLeaveFor } from './LoginDialogHost';
import type { LoginMethod } from '../login-methods';
import type { LoginRequest } from './LoginDialogHost';
import { LoginExplain } from './LoginExplain';
import { LoginForm } from './LoginForm';
import { WechatPanel } from './WechatPanel';

// This chunk brings the login texts (the auth namespace is not loaded at start-up).
await loadNamespace('auth');

type Step = 'choose' | 'form' | 'wechat';

/** Spec §2 dialog widths: 640 choosing, 760 with an explanation, 400 without one or for WeChat. */
export const DIALOG_WIDTH = { choose: 640, explained: 760, plain: 400 } as const;

/**
 * The login dialog (spec §2 "Login dialog", §4 "Login-type choice"): the choice of method when
 * several are on, the form (with the explanation beside it), the WeChat view. Closable unless
 * findCoerceLogin is on. The group 200616 variant (loginDialogVariant) has no separate choice
 * step: the institution's name heads the form and the other methods sit above it.
 */
export default function LoginDialog({ request, onClose }: { request: LoginRequest; onClose: () => void }) {
  const { t } = useTranslation('auth');
  const config = useConfig();
  const tenant = useTenant();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const leaveFor = useLeaveFor();
  const isVariant = config.loginDialogVariant === '200616';
  const isForced = config.findCoerceLogin === '1';
  const methods = loginEntry(config);
  const hasChoice = methods.kind === 'choose' && !isVariant;
  const [step, setStep] = useState<Step>(hasChoice ? 'choose' : 'form');
  const [isOpen, setOpen] = useState(true);

  const close = () => setOpen(false);
  const onLoggedIn = (after: AfterLogin) => {
    close();
    if (after.kind === 'forceBinding') return void navigate('/forceBinding');
    void message.success(t('login.success', { name: after.userInfo.name }));
    // What this page shows may depend on the reader (favourites, comments, loans).
    void queryClient.invalidateQueries();
  };
  const onPasswordChange = useCallback(() => {
    setOpen(false);
    void navigate('/modifyPassword');
  }, [navigate]);

  const explanation = explanationOf('normal', config);
  const width =
    step === 'choose'
      ? DIALOG_WIDTH.choose
      : step === 'form' && explanation
        ? DIALOG_WIDTH.explained
        : DIALOG_WIDTH.plain;
  const others = (methods.kind === 'choose' ? methods.methods : []).filter(
    (m): m is Exclude<LoginMethod, 'normal'> => m !== 'normal',
  );

  const footer = (
    <>
      {config.findPasswordFlag === '1' ? (
        <Link to="/resetPassword" onClick={close}>
          {t('login.forgot')}
        </Link>
      ) : null}
      {config.weixinLogin === '1' ? (
        <Button autoInsertSpace={false} type="link" onClick={() => setStep('wechat')}>
          {t('login.wechat')}
        </Button>
      ) : null}
    </>
  );

  const title = step === 'choose' ? t('methods.title') : step === 'wechat' ? t('wechat.title') : t('dialog.title');
  return (
    <Modal
      open={isOpen}
      afterClose={onClose}
      // The modal takes focus while it opens: once it stands, the form's first field gets it back.
      afterOpenChange={(isNowOpen) => {
        if (isNowOpen) document.querySelector<HTMLInputElement>('.of-login-dialog input#username')?.focus();
      }}
      title={isVariant && step === 'form' ? `${tenant.group.name} · ${t('login.heading')}` : title}
      width={width}
      footer={null}
      onCancel={close}
      closable={!isForced}
      mask={{ closable: !isForced }}
      keyboard={!isForced}
      destroyOnHidden
      className={isVariant ? 'of-login-dialog of-login-dialog--200616' : 'of-login-dialog'}
    >
      {request.reason ? <p className="of-login-reason">{t('dialog.reason', { action: request.reason })}</p> : null}
      {step === 'choose' && methods.kind === 'choose' ? (
        <ul className="of-login-methods">
          {methods.methods.map((method) => (
            <li key={method}>
              <button
                type="button"
                className="of-login-method"
                onClick={() => (method === 'normal' ? setStep('form') : leaveFor(method))}
              >
                <strong>{t(`methods.${method}`)}</strong>
                <span>{t(`methods.${method}Hint`)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {step === 'form' ? (
        <div className={explanation ? 'of-login-dialog-body has-explain' : 'of-login-dialog-body'}>
          <div className="of-login-dialog-form">
            {isVariant && others.length ? (
              <div className="of-login-variant-methods">
                {others.map((method) => (
                  <Button
                    autoInsertSpace={false}
                    key={method}
                    block
                    type={method === 'unified' ? 'primary' : 'default'}
                    onClick={() => leaveFor(method)}
                  >
                    {t(`methods.${method}`)}
                  </Button>
                ))}
                <p className="of-login-variant-or">{t('dialog.orAccount')}</p>
              </div>
            ) : null}
            <LoginForm autoFocus onLoggedIn={onLoggedIn} onPasswordChange={onPasswordChange} footer={footer} />
            {hasChoice ? (
              <Button autoInsertSpace={false} type="link" onClick={() => setStep('choose')}>
                {t('methods.back')}
              </Button>
            ) : null}
          </div>
          {explanation ? <LoginExplain html={explanation} /> : null}
        </div>
      ) : null}
      {step === 'wechat' ? <WechatPanel onBack={() => setStep('form')} /> : null}
    </Modal>
  );
}
