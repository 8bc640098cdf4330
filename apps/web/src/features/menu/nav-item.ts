/** Where a menu entry leads. */
export type NavTarget =
  /** In-app navigation to a path below the tenant's basename. */
  | { kind: 'route'; path: string }
  /** A new window: external addresses and jumpMode '2' entries. */
  | { kind: 'window'; href: string }
  /** A heading that only opens its children. */
  | { kind: 'none' };

/** A header menu entry, from the server's menuA or the default tree. */
export type NavItem = {
  key: string;
  /** The server's name in the current language. */
  label?: string;
  /** For default entries: the key of the name in the 'menu' namespace. */
  labelKey?: string;
  target: NavTarget;
  children: NavItem[];
};
