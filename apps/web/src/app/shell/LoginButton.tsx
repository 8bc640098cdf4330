import { useTranslation } from 'react-i18next';
import { HeaderAccount } from '../../features/auth';

/** The header's login button, or the user menu once a reader is logged in (features/auth). */
export function LoginButton({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  return <HeaderAccount compact={compact} loginLabel={t('header.login')} />;
}
