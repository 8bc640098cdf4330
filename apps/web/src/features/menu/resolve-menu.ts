import type { Lang, MenuItem } from '@openfind/contract';
import { DEFAULT_MENU, DIGITAL_LIBRARY_NODE } from './default-menu';
import type { DefaultMenuNode } from './default-menu';
import type { NavItem, NavTarget } from './nav-item';

export type ResolveOptions = {
  lang: Lang;
  /** The tenant's router basename, used for in-app paths opened in a new window. */
  basename: string;
  /** Add /digitalLibrary to the default tree (site config digitalLibraryMenu '1'). */
  digitalLibrary: boolean;
  /** In-app paths that always open in a new window (spec §2: /drivePurchas). */
  newWindowPaths?: readonly string[];
};

/** A menu item's name in the language: menuName (zh-CN), complexFont (zh-TW), englishName (en-US). */
export function menuItemName(item: Pick<MenuItem, 'menuName' | 'complexFont' | 'englishName'>, lang: Lang): string {
  const localized = lang === 'zh-TW' ? item.complexFont : lang === 'en-US' ? item.englishName : item.menuName;
  return localized?.trim() || item.menuName;
}

function joinBase(basename: string, path: string): string {
  return basename === '/' ? path : `${basename}${path}`;
}

/** Where a configured url leads: external addresses in a new window, in-app paths by jumpMode. */
export function menuTarget(url: string, jumpMode: string, options: ResolveOptions): NavTarget {
  const value = url.trim();
  if (!value) return { kind: 'none' };
  if (/^(https?:)?\/\//i.test(value) || /^(mailto|tel):/i.test(value)) return { kind: 'window', href: value };
  // Any other scheme (javascript:, data:) is never followed.
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return { kind: 'none' };
  const path = value.startsWith('/') ? value : `/${value}`;
  const bare = path.split(/[?#]/)[0]?.toLowerCase() ?? '';
  const forcedWindow = (options.newWindowPaths ?? []).some((p) => p.toLowerCase() === bare);
  if (jumpMode === '2' || forcedWindow) return { kind: 'window', href: joinBase(options.basename, path) };
  return { kind: 'route', path };
}

function fromServer(items: readonly MenuItem[], options: ResolveOptions): NavItem[] {
  return items
    .filter((item) => item.useFlag === '1')
    .map((item) => ({
      key: `m${item.menuId}`,
      label: menuItemName(item, options.lang),
      target: menuTarget(item.menuUrl, item.jumpMode, options),
      children: fromServer(item.child ?? [], options),
    }));
}

function fromDefault(nodes: readonly DefaultMenuNode[], options: ResolveOptions): NavItem[] {
  return nodes.map((node) => ({
    key: `d-${node.key}`,
    labelKey: `default.${node.key}`,
    target: menuTarget(node.path ?? '', '1', options),
    children: fromDefault(node.children ?? [], options),
  }));
}

/** The header menu: the server's menuA when it has visible entries, else the default tree. */
export function resolveNavItems(menuA: readonly MenuItem[] | undefined, options: ResolveOptions): NavItem[] {
  const server = fromServer(menuA ?? [], options);
  if (server.length > 0) return server;
  const nodes = options.digitalLibrary ? [...DEFAULT_MENU, DIGITAL_LIBRARY_NODE] : DEFAULT_MENU;
  return fromDefault(nodes, options);
}

/** Keys of the entry whose in-app path is the current path, and of its ancestors. */
export function selectedNavKeys(items: readonly NavItem[], pathname: string): string[] {
  const current = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  for (const item of items) {
    const inChildren = selectedNavKeys(item.children, pathname);
    if (inChildren.length) return [item.key, ...inChildren];
    if (item.target.kind === 'route' && item.target.path.split(/[?#]/)[0]?.toLowerCase() === current) return [item.key];
  }
  return [];
}
