import { createContext, useContext } from 'react';
import type { PublicSiteConfig } from '@openfind/contract';

export const SiteConfigContext = createContext<PublicSiteConfig | null>(null);

/** The loaded site configuration; only available inside the site-config gate. */
export function useConfig(): PublicSiteConfig {
  const config = useContext(SiteConfigContext);
  if (!config) throw new Error('useConfig outside SiteConfigGate');
  return config;
}
