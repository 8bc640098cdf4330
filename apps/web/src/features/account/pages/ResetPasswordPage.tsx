import { useEffect, useRef, useState } from 'react';
import { Steps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../site-config';
import { AccountFrame } from '../components/AccountFrame';
import { AccountResult } from '../components/AccountResult';
import { AccountStep, NewPasswordStep, VerifyStep } from '../components/RecoverySteps';
import type { OpenedRecovery } from '../components/RecoverySteps';
import '../account.css';

const STEPS = ['account', 'verify', 'password', 'done'] as const;
type Step = (typeof STEPS)[number];

/**
 * /resetPassword: recovery by a code sent to the reader's verified phone or e-mail (spec §7
 * "Password recovery"): account and scene-2 image code → where to send the code (codes left today)
 * → the code → the new password. Not offered when the institution turns it off (findPasswordFlag).
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const { findPasswordFlag } = useConfig();
  const [step, setStep] = useState<Step>('account');
  const [recovery, setRecovery] = useState<OpenedRecovery | null>(null);
  const [notice, setNotice] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isFirstRender = useRef(true);
  useEffect(() => {
    // Each new step is announced by moving focus to its heading (not on arrival).
    if (isFirstRender.current) isFirstRender.current = false;
    else headingRef.current?.focus();
  }, [step]);

  const title = t('titles.resetPassword');
  if (findPasswordFlag !== '1') {
    return (
      <AccountFrame title={title}>
        <AccountResult
          status="info"
          title={t('reset.offTitle')}
          text={t('reset.offText')}
          action={
            <Link className="of-btn of-btn--primary" to="/Home">
              {t('actions.home')}
            </Link>
          }
        />
      </AccountFrame>
    );
  }
  const onExpired = (message: string) => {
    setRecovery(null);
    setNotice(message);
    setStep('account');
  };
  const index = STEPS.indexOf(step);
  return (
    <AccountFrame title={title} lead={step === 'account' ? t('reset.lead') : undefined}>
      {/* The step headings say where the reader is; the bar repeats it for the eye. */}
      <div aria-hidden="true">
        <Steps
          className="of-account-steps"
          size="small"
          titlePlacement="vertical"
          responsive={false}
          current={index}
          items={STEPS.map((s) => ({ title: t(`reset.steps.${s}`) }))}
        />
      </div>
      {step === 'done' ? null : (
        <h2 ref={headingRef} tabIndex={-1} className="of-account-step-title">
          {t('reset.stepHeading', { step: index + 1, total: STEPS.length, name: t(`reset.steps.${step}`) })}
        </h2>
      )}
      {step === 'account' ? (
        <AccountStep
          notice={notice}
          onOpened={(r) => {
            setNotice('');
            setRecovery(r);
            setStep('verify');
          }}
        />
      ) : null}
      {step === 'verify' && recovery ? (
        <VerifyStep recovery={recovery} onVerified={() => setStep('password')} onExpired={onExpired} />
      ) : null}
      {step === 'password' && recovery ? (
        <NewPasswordStep recovery={recovery} onExpired={onExpired} onDone={() => setStep('done')} />
      ) : null}
      {step === 'done' ? (
        <AccountResult
          status="success"
          title={t('modify.done')}
          text={t('reset.doneText')}
          action={
            <Link className="of-btn of-btn--primary" to="/login" state={{ username: recovery?.userName ?? '' }}>
              {t('actions.login')}
            </Link>
          }
        />
      ) : null}
      {step === 'account' ? (
        <p className="of-account-links">
          <Link to="/login">{t('reset.backToLogin')}</Link>
        </p>
      ) : null}
    </AccountFrame>
  );
}
