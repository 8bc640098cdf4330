/** The menus' query keys (TanStack Query). */
export const menuKeys = {
  all: ['menu'] as const,
  /** The tenant's menus. */
  list: () => [...menuKeys.all, 'list'] as const,
};
