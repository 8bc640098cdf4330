import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { Lang } from '@openfind/contract';
import { fontFamily, useConfig } from '../features/site-config';
import { AntdSettingsContext } from '../lib/antd';
import { HttpFeedback } from './HttpFeedback';

type Props = { queryClient: QueryClient; lang: Lang; children: ReactNode };

/**
 * Query cache, what Ant Design's components will take from the page (language, font) and the global
 * HTTP feedback. Ant Design itself loads with the first screen or dialog that uses it (`lazyAntd`).
 */
export function AppProviders({ queryClient, lang, children }: Props) {
  const settings = useMemo(() => ({ lang, fontFamily: fontFamily('') }), [lang]);
  return (
    <QueryClientProvider client={queryClient}>
      <AntdSettingsContext value={settings}>
        <HttpFeedback settings={settings} />
        {children}
      </AntdSettingsContext>
    </QueryClientProvider>
  );
}

/** Gives Ant Design's components the tenant's special font once the site config is known. */
export function ConfigTheme({ lang, children }: { lang: Lang; children: ReactNode }) {
  const { specialFont } = useConfig();
  const settings = useMemo(() => ({ lang, fontFamily: fontFamily(specialFont) }), [lang, specialFont]);
  if (!specialFont) return children;
  return <AntdSettingsContext value={settings}>{children}</AntdSettingsContext>;
}
