import { useRef } from 'react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { LangSwitch, isLang } from '../../features/lang';
import { LibrarySelector } from '../../features/library';
import { NavMenu, useNavItems } from '../../features/menu';
import { SiteLogo, useConfig } from '../../features/site-config';
import { useTenant } from '../../features/tenant';
import { headerColours } from '../../lib/colour';
import { useMediaQuery } from '../../lib/use-media-query';
import { NEW_WINDOW_PATHS } from '../route-table';
import { HelpButton } from './HelpButton';
import { LoginButton } from './LoginButton';
import { MobileNav } from './MobileNav';
import { useFits } from './use-fits';

/** Below this width the menu always collapses into a drawer. */
export const MOBILE_QUERY = '(max-width: 767.98px)';

/** The 60 px header: logo, menu, library selector, language switch, help and login (spec §2). */
export function Header() {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const tenant = useTenant();
  const isNarrow = useMediaQuery(MOBILE_QUERY);
  const navRef = useRef<HTMLElement>(null);
  const menuFits = useFits(navRef, !isNarrow);
  const isCollapsed = isNarrow || !menuFits;
  const colours = headerColours(config.navBackColor, config.navTextColor);
  const navItems = useNavItems({
    lang: isLang(i18n.language) ? i18n.language : 'zh-CN',
    basename: tenant.basename,
    digitalLibrary: config.digitalLibraryMenu === '1',
    newWindowPaths: NEW_WINDOW_PATHS,
  });
  const style = { '--of-nav-bg': colours.background, '--of-nav-fg': colours.text } as CSSProperties;
  const hasLibraries = config.independentLibCode === '1';
  return (
    <header className="of-header" style={style}>
      {isCollapsed ? (
        <MobileNav
          items={navItems}
          siteName={tenant.group.name}
          showLibraries={hasLibraries && isNarrow}
          colourStyle={style}
        />
      ) : null}
      <SiteLogo siteName={tenant.group.name} />
      {isNarrow ? (
        <div className="of-header-spacer" />
      ) : (
        // Kept in the layout while collapsed, hidden and inert, so that its width can still be measured.
        <nav
          ref={navRef}
          className={isCollapsed ? 'of-header-nav is-collapsed' : 'of-header-nav'}
          aria-label={t('header.mainNav')}
          aria-hidden={isCollapsed || undefined}
          inert={isCollapsed}
        >
          <NavMenu items={navItems} orientation="horizontal" />
        </nav>
      )}
      <div className="of-header-tools">
        {hasLibraries && !isNarrow ? <LibrarySelector className="of-header-libs" /> : null}
        <LangSwitch compact={isNarrow} />
        <HelpButton />
        {config.loginFlag === '0' ? null : <LoginButton compact={isNarrow} />}
      </div>
    </header>
  );
}
