import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DisclosureMenu } from '../../../components/DisclosureMenu';
import { ChevronDownIcon } from '../../../components/icons';
import type { NavItem } from '../nav-item';
import { selectedNavKeys } from '../resolve-menu';
import { countNavClick } from '../../home';

type Props = {
  items: NavItem[];
  /** Horizontal in the header (submenus as disclosure panels); vertical in the drawer (all open). */
  orientation: 'horizontal' | 'vertical';
  /** Called after an entry is chosen (the drawer closes). */
  onNavigate?: () => void;
  className?: string;
};

type EntryProps = { item: NavItem; selected: string[]; onNavigate?: () => void; className?: string };

function useItemName(): (item: NavItem) => string {
  const { t } = useTranslation('menu');
  return (item) => (item.labelKey ? t(item.labelKey) : (item.label ?? ''));
}

/** One entry: an in-app link, a new-window link, or plain text for a url-less heading. */
function EntryLink({ item, selected, onNavigate, className }: EntryProps) {
  const { t } = useTranslation('menu');
  const name = useItemName()(item);
  if (item.target.kind === 'route') {
    const target = item.target;
    const isCurrent = selected[selected.length - 1] === item.key;
    return (
      <Link
        className={className}
        to={item.target.path}
        aria-current={isCurrent ? 'page' : undefined}
        onClick={() => {
          countNavClick(item.key, target.path);
          onNavigate?.();
        }}
      >
        {name}
      </Link>
    );
  }
  if (item.target.kind === 'window') {
    return (
      <a
        className={className}
        href={item.target.href}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => {
          countNavClick(item.key, '');
          onNavigate?.();
        }}
      >
        {name}
        <span className="of-visually-hidden"> ({t('opensInNewWindow')})</span>
      </a>
    );
  }
  return <span className={className}>{name}</span>;
}

/** A list of entries; entries with children become labelled groups. */
type ListProps = Omit<EntryProps, 'item'> & { items: NavItem[]; labelledBy?: string };

function EntryList({ items, selected, onNavigate, className, labelledBy }: ListProps) {
  return (
    <ul className={className} aria-labelledby={labelledBy}>
      {items.map((item) => (
        <li key={item.key}>
          {item.children.length ? (
            <EntryGroup item={item} selected={selected} onNavigate={onNavigate} />
          ) : (
            <EntryLink item={item} selected={selected} onNavigate={onNavigate} className="of-nav-link" />
          )}
        </li>
      ))}
    </ul>
  );
}

function EntryGroup({ item, selected, onNavigate }: EntryProps) {
  const id = useId();
  const name = useItemName()(item);
  return (
    <>
      <span id={id} className="of-nav-group">
        {name}
      </span>
      <EntryList
        items={item.children}
        selected={selected}
        onNavigate={onNavigate}
        className="of-nav-sublist"
        labelledBy={id}
      />
    </>
  );
}

/** The header menu: real links (keyboard, middle-click and screen readers work as expected). */
export function NavMenu({ items, orientation, onNavigate, className }: Props) {
  const { pathname } = useLocation();
  const selected = selectedNavKeys(items, pathname);
  const name = useItemName();
  if (orientation === 'vertical') {
    return (
      <EntryList
        items={items}
        selected={selected}
        onNavigate={onNavigate}
        className={`of-nav of-nav--vertical ${className ?? ''}`}
      />
    );
  }
  return (
    <ul className={`of-nav of-nav--horizontal ${className ?? ''}`}>
      {items.map((item) => (
        <li key={item.key} className={selected[0] === item.key ? 'is-active' : undefined}>
          {item.children.length ? (
            <DisclosureMenu
              label={
                <>
                  {name(item)}
                  <ChevronDownIcon className="of-nav-chevron" />
                </>
              }
              buttonClassName="of-nav-top"
              panelClassName="of-nav-panel"
            >
              {(close) => (
                <EntryList
                  items={item.children}
                  selected={selected}
                  onNavigate={() => {
                    close();
                    onNavigate?.();
                  }}
                  className="of-nav-sublist"
                />
              )}
            </DisclosureMenu>
          ) : (
            <EntryLink item={item} selected={selected} onNavigate={onNavigate} className="of-nav-top" />
          )}
        </li>
      ))}
    </ul>
  );
}
