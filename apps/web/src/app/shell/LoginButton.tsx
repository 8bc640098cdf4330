import { useTranslation } from 'react-i18next';
import { HeaderAccount, useSession } from '../../features/auth';
import { useUnreadCount } from '../../features/inbox';

/**
 * The header's login button, or the user menu once a reader is logged in (features/auth), with the
 * reader's unread messages (features/inbox: asked only once logged in).
 */
export function LoginButton({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const count = useUnreadCount(session.isLoggedIn);
  return (
    <HeaderAccount
      compact={compact}
      loginLabel={t('header.login')}
      unread={count > 0 ? { count, label: t('header.unread', { count }) } : undefined}
    />
  );
}
