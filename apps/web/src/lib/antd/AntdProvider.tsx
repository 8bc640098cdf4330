import { use, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { useMediaQuery } from '../use-media-query';
import { componentLocale } from './locale';
import { AntdSettingsContext } from './settings';
import { baseTheme, REDUCED_MOTION } from './theme';

/**
 * Ant Design's locale and theme (without motion when the system asks for less) for the components
 * below. Rendered by `lazyAntd` around each lazily loaded part that uses Ant Design, so the shell
 * and the home page load none of it; nested scopes are harmless.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const { lang, fontFamily } = useContext(AntdSettingsContext);
  const locale = use(componentLocale(lang));
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  const theme = useMemo(() => baseTheme(reducedMotion, fontFamily), [reducedMotion, fontFamily]);
  const wave = useMemo(() => ({ disabled: reducedMotion }), [reducedMotion]);
  return (
    <ConfigProvider locale={locale} theme={theme} wave={wave}>
      {children}
    </ConfigProvider>
  );
}
