export { NavMenu } from './components/NavMenu';
export { useNavItems } from './use-nav-items';
export { resolveNavItems, menuItemName, menuTarget, selectedNavKeys } from './resolve-menu';
export type { NavItem, NavTarget } from './nav-item';
export { menuListQueryOptions, useMenuList } from './api/get-menu-list';
export { menuKeys } from './query-keys';
