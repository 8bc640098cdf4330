import { useEffect, useState } from 'react';
import { Button, Drawer, Menu, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import * as Calls from '@openfind/contract/calls';
import { LANGUAGES } from '@openfind/contract';
import { useTenant } from '../../tenant';
import { isLang, switchLang } from '../../lang';
import { useMediaQuery } from '../../../lib/use-media-query';
import { staffApi } from '../api/staff-api';
import { adminKeys } from '../query-keys';
import { ADMIN_SCREENS, screenHref } from '../screens';
import { roleAtLeast } from '../session/roles';
import { clearStaffSession, updateStaffIdentity } from '../session/staff-session';
import { useStaffIdentity } from '../session/use-staff-identity';

/** The menu entry of a path below /admin: the longest screen path it starts with. */
function selectedKey(pathname: string): string {
  const below = pathname.replace(/^.*?\/admin\/?/, '');
  const match = ADMIN_SCREENS.filter((d) => screenHref(d) !== '')
    .filter((d) => below === screenHref(d) || below.startsWith(`${screenHref(d)}/`))
    .sort((a, b) => screenHref(b).length - screenHref(a).length)[0];
  return match?.key ?? 'dashboard';
}

/**
 * The console's frame: the institution and who is signed in, the language, logout, and the menu of
 * the screens the role may see — beside the content on a wide screen, in a drawer on a phone.
 */
export function AdminShell() {
  const { t, i18n } = useTranslation('admin');
  const tenant = useTenant();
  const staff = useStaffIdentity();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const wide = useMediaQuery('(min-width: 992px)');
  const [drawerOpen, setDrawerOpen] = useState(false);

  // Who the session is now (a role or library changed since the login); a session ended elsewhere
  // answers 401 and the client forgets it.
  const me = useQuery({
    queryKey: adminKeys.me(),
    queryFn: ({ signal }) => staffApi.call(Calls.staffMe, undefined, { signal, silent: true }),
  });
  useEffect(() => {
    if (me.data) updateStaffIdentity(me.data);
  }, [me.data]);

  const items = ADMIN_SCREENS.filter((d) => roleAtLeast(staff.role, d.minRole)).map((d) => ({
    key: d.key,
    label: <Link to={screenHref(d) ? `/admin/${screenHref(d)}` : '/admin'}>{t(`nav.${d.key}`)}</Link>,
  }));
  // A choice in the drawer closes it (the link navigates).
  const menu = (
    <Menu
      mode="inline"
      selectedKeys={[selectedKey(pathname)]}
      items={items}
      className="of-admin-menu"
      onClick={() => setDrawerOpen(false)}
    />
  );
  const lang = isLang(i18n.language) ? i18n.language : 'zh-CN';

  const logout = async () => {
    await staffApi.call(Calls.staffLogout, undefined, { silent: true }).catch(() => undefined);
    clearStaffSession();
    navigate('/admin/login', { replace: true });
  };

  return (
    <div className="of-admin">
      <header className="of-admin-header">
        {wide ? null : (
          <Button
            className="of-admin-menu-button"
            onClick={() => setDrawerOpen(true)}
            aria-expanded={drawerOpen}
            aria-controls="of-admin-drawer"
          >
            {t('shell.menu')}
          </Button>
        )}
        <Link to="/admin" className="of-admin-brand">
          <span className="of-admin-brand-site">{tenant.group.name}</span>
          <span className="of-admin-brand-console">{t('shell.console')}</span>
        </Link>
        <div className="of-admin-header-end">
          <span className="of-admin-who">
            <span className="of-admin-who-name">{staff.name || staff.username}</span>
            <span className="of-admin-role">{t(`roles.${staff.role}`)}</span>
          </span>
          <Select
            size="small"
            value={lang}
            aria-label={t('shell.language')}
            onChange={(next) => next !== lang && switchLang(next)}
            options={LANGUAGES.map((l) => ({ value: l, label: <span lang={l}>{t(`languages.${l}`)}</span> }))}
            popupMatchSelectWidth={false}
          />
          <Button size="small" onClick={() => void logout()}>
            {t('shell.logout')}
          </Button>
        </div>
      </header>
      <div className="of-admin-body">
        {wide ? (
          <nav className="of-admin-side" aria-label={t('shell.navigation')}>
            {menu}
          </nav>
        ) : (
          <Drawer
            id="of-admin-drawer"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            placement="left"
            size={280}
            title={t('shell.console')}
          >
            <nav aria-label={t('shell.navigation')}>{menu}</nav>
          </Drawer>
        )}
        <main id="main" className="of-admin-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
