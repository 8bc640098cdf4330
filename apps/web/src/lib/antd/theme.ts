import type { ThemeConfig } from 'antd';

/** The reader's system asks for less motion (WCAG 2.3.3): Ant Design's animations are then off. */
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * OpenFind's theme for Ant Design's components; the tenant's colours paint the header, not the
 * whole palette. `fontFamily` is the page's font stack (the tenant's special font first, if any).
 */
export function baseTheme(reducedMotion: boolean, fontFamily: string | undefined): ThemeConfig {
  return {
    token: {
      motion: !reducedMotion,
      colorPrimary: '#1d5fa8',
      colorLink: '#1d5fa8',
      // Hovered and pressed links and primary buttons go darker, not lighter: Ant Design derives
      // #5f94c2 from the primary, 3.2:1 on white (a link under the pointer failed axe in CI).
      colorLinkHover: '#174c86',
      colorLinkActive: '#123d6c',
      colorPrimaryHover: '#174c86',
      colorPrimaryActive: '#123d6c',
      colorInfo: '#1d5fa8',
      borderRadius: 6,
      // Secondary texts darker than Ant Design's defaults, for WCAG AA contrast on light greys.
      colorTextDescription: '#545b66',
      colorTextTertiary: '#545b66',
      // Error texts (form validation) in a red with 4.5:1 on white; Ant Design's default is about 3.2:1.
      colorError: '#c42b1c',
      ...(fontFamily ? { fontFamily } : {}),
    },
  };
}
