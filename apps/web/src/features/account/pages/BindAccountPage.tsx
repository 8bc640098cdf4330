import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { bindWechat } from '../api/bind-identity';
import { AccountPasswordFields } from '../components/AccountFields';
import { AccountFrame } from '../components/AccountFrame';
import { AccountResult } from '../components/AccountResult';
import { BindForm } from '../components/BindForm';
import '../account.css';

type Values = { username: string; password: string; verifyCode: string };

/** Seconds the success message stays before the login screen. */
const TO_LOGIN_MS = 3_000;

/** The success of spec §2: 'Account binding is successful! please login again!', then /login. */
function BoundToLogin({ username }: { username: string }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate('/login', { replace: true, state: { username } }), TO_LOGIN_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, username]);
  return (
    <AccountFrame title={t('titles.bindAccount')} bare>
      <AccountResult
        status="success"
        title={t('bind.accountDone')}
        text={t('bind.toLogin')}
        action={
          <Link className="of-btn of-btn--primary" to="/login" replace state={{ username }}>
            {t('actions.login')}
          </Link>
        }
      />
    </AccountFrame>
  );
}

/** /bindAccount: after a WeChat login with no library account bound, bind one (account, password, image code). */
export default function BindAccountPage() {
  const { t } = useTranslation('account');
  const [boundAs, setBoundAs] = useState('');
  return (
    <BindForm<Values>
      title={t('titles.bindAccount')}
      lead={t('bind.accountLead')}
      ticketName="openId"
      submitLabel={t('bind.submit')}
      fields={<AccountPasswordFields />}
      done={boundAs ? <BoundToLogin username={boundAs} /> : undefined}
      onBind={async (values, openId, captcha) => {
        const username = values.username.trim();
        await bindWechat({
          username,
          password: values.password,
          verifyCode: values.verifyCode.trim(),
          codeKey: captcha.codeKey,
          openId,
        });
        setBoundAs(username);
      }}
    />
  );
}
