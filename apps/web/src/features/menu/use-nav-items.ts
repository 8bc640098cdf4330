import { useMemo } from 'react';
import type { Lang } from '@openfind/contract';
import { useMenuList } from './api/get-menu-list';
import type { NavItem } from './nav-item';
import { resolveNavItems } from './resolve-menu';

type Options = { lang: Lang; basename: string; digitalLibrary: boolean; newWindowPaths: readonly string[] };

/** The header menu entries for the current tenant and language (default tree until menus arrive). */
export function useNavItems({ lang, basename, digitalLibrary, newWindowPaths }: Options): NavItem[] {
  const { data } = useMenuList();
  return useMemo(
    () => resolveNavItems(data?.menuA, { lang, basename, digitalLibrary, newWindowPaths }),
    [data, lang, basename, digitalLibrary, newWindowPaths],
  );
}
