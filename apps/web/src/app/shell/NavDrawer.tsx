import { Drawer } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { LibrarySelector } from '../../features/library';
import { NavMenu } from '../../features/menu';
import type { NavItem } from '../../features/menu';

type Props = {
  open: boolean;
  onClose: () => void;
  items: NavItem[];
  siteName: string;
  showLibraries: boolean;
  colourStyle: CSSProperties;
};

/** The drawer of the narrow-screen menu (Ant Design Drawer: focus trap, Escape, close button). */
export default function NavDrawer({ open, onClose, items, siteName, showLibraries, colourStyle }: Props) {
  const { t } = useTranslation();
  return (
    <Drawer
      rootClassName="of-drawer"
      rootStyle={colourStyle}
      placement="left"
      size={300}
      open={open}
      onClose={onClose}
      title={siteName}
    >
      <nav aria-label={t('header.mainNav')}>
        <NavMenu items={items} orientation="vertical" onNavigate={onClose} />
      </nav>
      {showLibraries ? (
        <div className="of-drawer-libs">
          <LibrarySelector />
        </div>
      ) : null}
    </Drawer>
  );
}
