import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AntdSettings } from '../lib/antd';
import { setHttpHandlers } from '../lib/api-client';
import { clearSession, LOGIN_REQUIRED_EVENT } from '../lib/session';

type Feedback = typeof import('./feedback');
let feedback: Promise<Feedback> | null = null;

/** Ant Design's message and Modal load with the first failure, not with the home page. */
function loadFeedback(settings: AntdSettings): Promise<Feedback> {
  feedback ??= import('./feedback').then(async (m) => {
    await m.configureFeedback(settings);
    return m;
  });
  return feedback;
}

/**
 * The global handler of spec §8: failures become error toasts with the server's message; an expired
 * session (401 or the 'xxx' message) clears the session and shows the session-expired dialog once.
 */
export function HttpFeedback({ settings }: { settings: AntdSettings }) {
  const { t } = useTranslation();
  useEffect(() => {
    let isExpiredOpen = false;
    setHttpHandlers({
      onError: (error) => {
        const text = error.message || t(`errors.${error.kind}`, { status: error.status ?? '' });
        void loadFeedback(settings).then((m) => m.showError(text));
      },
      onUnauthorized: () => {
        clearSession();
        if (isExpiredOpen) return;
        isExpiredOpen = true;
        void loadFeedback(settings).then((m) =>
          m.showSessionExpired(t('session.expiredTitle'), t('session.expired'), () => {
            isExpiredOpen = false;
            // The accounts screens listen for this to reopen the login.
            window.dispatchEvent(new Event(LOGIN_REQUIRED_EVENT));
          }),
        );
      },
    });
    return () => setHttpHandlers(null);
  }, [settings, t]);
  return null;
}
