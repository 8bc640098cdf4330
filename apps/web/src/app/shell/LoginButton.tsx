import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UserIcon } from '../../components/icons';

/** The login entry; accounts arrive in a later issue, so it leads to the /login screen. */
export function LoginButton({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/login" className="of-header-button of-header-login" aria-label={compact ? t('header.login') : undefined}>
      <UserIcon />
      {compact ? null : <span>{t('header.login')}</span>}
    </Link>
  );
}
