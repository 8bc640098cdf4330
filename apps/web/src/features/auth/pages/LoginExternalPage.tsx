import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loadNamespace } from '../../lang';
import { useQueryClient } from '@tanstack/react-query';
import { FullPageSpin } from '../../../components/FullPageSpin';
import { ResultPage } from '../../../components/ResultPage';
import { setPageTitle } from '../../../lib/document-title';
import { useConfig } from '../../site-config';
import { postLoginExternal } from '../auth-api';
import { completeLogin } from '../login-flow';
import { endLocalSession, readNextPath } from '../session-store';

// This chunk brings the login texts (the auth namespace is not loaded at start-up).
await loadNamespace('auth');

/** /loginExternal/{jwt}/{jwtHeader}: a trusted outside system's token becomes a session, then the saved next path. */
export function LoginExternalPage() {
  const { t } = useTranslation('auth');
  const { jwt = '', jwtHeader = '' } = useParams();
  const config = useConfig();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isFailed, setFailed] = useState(false);
  const isStarted = useRef(false);
  const title = t('login.title');
  useEffect(() => {
    setPageTitle(title);
    return () => setPageTitle('');
  }, [title]);
  useEffect(() => {
    if (isStarted.current) return;
    isStarted.current = true;
    void (async () => {
      try {
        const result = await postLoginExternal(jwt, jwtHeader);
        const after = await completeLogin(result, config, '/Home');
        void queryClient.invalidateQueries();
        void navigate(after.kind === 'forceBinding' ? '/forceBinding' : readNextPath(), { replace: true });
      } catch {
        endLocalSession();
        setFailed(true);
      }
    })();
  }, [jwt, jwtHeader, config, navigate, queryClient]);
  if (!isFailed) return <FullPageSpin inline />;
  return (
    <ResultPage
      status="warning"
      title={t('entry.failed')}
      extra={
        <Link className="of-btn of-btn--primary" to="/login" replace>
          {t('entry.retry')}
        </Link>
      }
    />
  );
}
