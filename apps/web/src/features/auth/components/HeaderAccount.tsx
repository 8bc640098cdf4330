import { useState } from 'react';
import { Link, useHref, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { DisclosureMenu } from '../../../components/DisclosureMenu';
import { apiAddress } from '../../../lib/api-client';
import { ChevronDownIcon, UserIcon } from '../../../components/icons';
import { openLogin } from '../login-events';
import { PERSONAL_PATHS } from '../login-methods';
import { logout, useSession } from '../session-store';
import '../auth.css';

/** The reader's avatar, or a person icon when there is none or it fails to load (spec §2). */
function Avatar({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState('');
  if (!url || failed === url) {
    return (
      <span className="of-avatar of-avatar--fallback" aria-hidden="true">
        {name ? name.slice(0, 1) : <UserIcon />}
      </span>
    );
  }
  return (
    <img
      className="of-avatar"
      src={apiAddress(url)}
      alt={t('header.avatar', { name })}
      onError={() => setFailed(url)}
    />
  );
}

/**
 * The header's account entry: the login button (the dialog, or the one outside method), or once
 * logged in the user menu with name, avatar, personal centre and logout (spec §2, §4).
 */
export function HeaderAccount({
  compact,
  loginLabel,
  unread,
}: {
  compact: boolean;
  loginLabel: string;
  /** The reader's unread messages (the inbox), shown on the menu and its My Library entry when any. */
  unread?: { count: number; label: string } | undefined;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const homeHref = useHref('/Home');
  const queryClient = useQueryClient();

  // Without its reader (inactivity expired, a login under way) the session offers the login again.
  if (!session.isLoggedIn || !session.userInfo) {
    // A link to the /login screen (new tab, no script), opening the dialog on a plain click.
    return (
      <Link
        to="/login"
        className="of-header-button of-header-login"
        aria-label={compact ? loginLabel : undefined}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          openLogin();
        }}
      >
        <UserIcon />
        {compact ? null : <span>{loginLabel}</span>}
      </Link>
    );
  }

  const name = session.userInfo?.name ?? '';
  const signOut = async () => {
    // Logging out on a personal page goes home (spec §4), through a unified-auth logout too.
    const isPersonal = PERSONAL_PATHS.test(pathname);
    const isLeaving = await logout(isPersonal ? new URL(homeHref, window.location.origin).href : undefined);
    if (isLeaving) return;
    if (isPersonal) void navigate('/Home');
    void queryClient.invalidateQueries();
  };
  return (
    <DisclosureMenu
      className="of-user-menu"
      buttonClassName="of-header-button of-user-button"
      panelClassName="of-menu-panel"
      align="end"
      ariaLabel={unread ? `${t('header.userMenu', { name })}, ${unread.label}` : t('header.userMenu', { name })}
      label={
        <>
          <Avatar url={session.userInfo?.opacPicUrl ?? ''} name={name} />
          {unread ? <span className="of-unread-dot" aria-hidden="true" /> : null}
          {compact ? null : <span className="of-user-name">{name}</span>}
          {compact ? null : <ChevronDownIcon className="of-nav-chevron" />}
        </>
      }
    >
      {(close) => (
        <ul className="of-menu-list">
          {compact ? <li className="of-user-menu-name">{name}</li> : null}
          <li>
            <Link className="of-menu-item" to="/personalCenter" onClick={close}>
              {t('header.personalCenter')}
              {unread ? (
                <span className="of-unread-badge">
                  <span aria-hidden="true">{unread.count > 99 ? '99+' : unread.count}</span>
                  <span className="of-visually-hidden">{unread.label}</span>
                </span>
              ) : null}
            </Link>
          </li>
          <li>
            <button
              type="button"
              className="of-menu-item"
              onClick={() => {
                close();
                void signOut();
              }}
            >
              {t('header.logout')}
            </button>
          </li>
        </ul>
      )}
    </DisclosureMenu>
  );
}
