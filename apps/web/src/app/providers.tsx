import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { fontFamily, useConfig } from '../features/site-config';
import { HttpFeedback } from './HttpFeedback';
import { useMediaQuery } from '../lib/use-media-query';
import { baseTheme, REDUCED_MOTION } from './theme';

type Props = { queryClient: QueryClient; locale: Locale; children: ReactNode };

/** Query cache, Ant Design's locale and theme (without motion when the system asks for less), and the global HTTP feedback. */
export function AppProviders({ queryClient, locale, children }: Props) {
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  const theme = useMemo(() => baseTheme(reducedMotion), [reducedMotion]);
  const wave = useMemo(() => ({ disabled: reducedMotion }), [reducedMotion]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale} theme={theme} wave={wave}>
        <HttpFeedback locale={locale} theme={theme} />
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}

/**
 * Applies the tenant's special font to Ant Design's components once the site config is known; the
 * rest of the theme (colours, motion) is inherited from `AppProviders`.
 */
export function ConfigTheme({ children }: { children: ReactNode }) {
  const { specialFont } = useConfig();
  const theme = useMemo(() => ({ token: { fontFamily: fontFamily(specialFont) } }), [specialFont]);
  if (!specialFont) return children;
  return <ConfigProvider theme={theme}>{children}</ConfigProvider>;
}
