import { Suspense, useState } from 'react';
import { lazyAntd } from '../../lib/antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../components/icons';
import type { NavItem } from '../../features/menu';

const NavDrawer = lazyAntd(() => import('./NavDrawer'));

type Props = {
  items: NavItem[];
  siteName: string;
  showLibraries: boolean;
  /** The header's colour variables; the drawer renders outside the header, so it needs them again. */
  colourStyle: CSSProperties;
};

/** The narrow-screen menu: a hamburger button opening a drawer (loaded on first use) with the same entries. */
export function MobileNav({ items, siteName, showLibraries, colourStyle }: Props) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className="of-header-button"
        aria-label={t('header.openMenu')}
        aria-expanded={isOpen}
        onClick={() => {
          setWasOpened(true);
          setOpen(true);
        }}
      >
        <MenuIcon />
      </button>
      {wasOpened ? (
        <Suspense fallback={null}>
          <NavDrawer
            open={isOpen}
            onClose={() => setOpen(false)}
            items={items}
            siteName={siteName}
            showLibraries={showLibraries}
            colourStyle={colourStyle}
          />
        </Suspense>
      ) : null}
    </>
  );
}
