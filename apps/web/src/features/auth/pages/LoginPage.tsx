import { useCallback, useEffect, useState } from 'react';
import type { CSSProperties } from 'react';
import { Alert, Button, Modal } from 'antd';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loadNamespace } from '../../lang';
import { SiteLogo, useConfig } from '../../site-config';
import { useTenant } from '../../tenant';
import { headerColours } from '../../../lib/colour';
import { setPageTitle } from '../../../lib/document-title';
import { LoginExplain } from '../components/LoginExplain';
import { LoginForm } from '../components/LoginForm';
import { WechatPanel } from '../components/WechatPanel';
import type { AfterLogin } from '../login-flow';
import { explanationOf } from '../login-methods';
import { getSession, isBindRequired, readNextPath } from '../session-store';

// This chunk brings the login texts (the auth namespace is not loaded at start-up).
await loadNamespace('auth');

/** The header's colours on the logo strip, so that the logo and name read as they do in the header. */
function brandStyle(back: string, text: string): CSSProperties {
  const colours = headerColours(back, text);
  return { background: colours.background, color: colours.text };
}

/**
 * The /login screen (spec §2 "Login screen"): the form, forgot password (findPasswordFlag), WeChat
 * scan login (weixinLogin, a 400 × 410 dialog) and the collapsible explanation. A reader who is
 * already logged in goes straight to the saved next path.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const config = useConfig();
  const tenant = useTenant();
  const navigate = useNavigate();
  // Already logged in when the screen opened: straight on (the login itself navigates on its own).
  const [wasLoggedIn] = useState(() => getSession().isLoggedIn);
  const [params] = useSearchParams();
  const { state } = useLocation() as { state: { username?: string; next?: string } | null };
  // A screen that sent the reader here may name where to come back to (an in-app path).
  const next = state?.next?.startsWith('/') && !state.next.startsWith('//') ? state.next : readNextPath();
  const [isWechatOpen, setWechatOpen] = useState(false);
  const title = t('login.title');
  useEffect(() => {
    setPageTitle(title);
    return () => setPageTitle('');
  }, [title]);

  const onLoggedIn = useCallback(
    (after: AfterLogin) => void navigate(after.kind === 'forceBinding' ? '/forceBinding' : next, { replace: true }),
    [navigate, next],
  );
  const onPasswordChange = useCallback(() => void navigate('/modifyPassword'), [navigate]);
  if (wasLoggedIn) return <Navigate to={isBindRequired() ? '/forceBinding' : next} replace />;

  const ssoError = params.get('ssoError');
  const explanation = explanationOf('normal', config);
  return (
    <div className="of-login-page">
      <div className={explanation ? 'of-login-card has-explain' : 'of-login-card'}>
        <div className="of-login-main">
          <div className="of-login-brand" style={brandStyle(config.navBackColor, config.navTextColor)}>
            <SiteLogo siteName={tenant.group.name} />
          </div>
          <h1 className="of-login-title">{t('login.heading')}</h1>
          <p className="of-login-intro">{t('login.intro')}</p>
          {ssoError ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={ssoError === 'wechat' ? t('wechat.callbackFailed') : t('login.casFailed')}
              className="of-login-alert"
            />
          ) : null}
          <LoginForm
            autoFocus
            initialUsername={state?.username ?? ''}
            tourReturnPath={next}
            onLoggedIn={onLoggedIn}
            onPasswordChange={onPasswordChange}
            footer={
              <>
                {config.findPasswordFlag === '1' ? <Link to="/resetPassword">{t('login.forgot')}</Link> : null}
                {config.weixinLogin === '1' ? (
                  <Button autoInsertSpace={false} type="link" onClick={() => setWechatOpen(true)}>
                    {t('login.wechat')}
                  </Button>
                ) : null}
              </>
            }
          />
          <p className="of-login-back">
            <Link to="/Home">{t('login.backHome')}</Link>
          </p>
        </div>
        {explanation ? <LoginExplain html={explanation} /> : null}
      </div>
      <Modal
        open={isWechatOpen}
        title={t('wechat.title')}
        width={400}
        footer={null}
        onCancel={() => setWechatOpen(false)}
        destroyOnHidden
      >
        <WechatPanel />
      </Modal>
    </div>
  );
}
