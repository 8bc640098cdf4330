import { createContext, useContext } from 'react';
import type { SiteConfig } from '@openfind/contract';

export const SiteConfigContext = createContext<SiteConfig | null>(null);

/** The loaded site configuration; only available inside the site-config gate. */
export function useConfig(): SiteConfig {
  const config = useContext(SiteConfigContext);
  if (!config) throw new Error('useConfig outside SiteConfigGate');
  return config;
}
