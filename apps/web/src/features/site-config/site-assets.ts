/** Default images in apps/web/public, used when the tenant configures none. */
export const DEFAULT_LOGO_URL = '/logo.svg';
export const DEFAULT_ICON_URL = '/favicon.svg';
/** The base font stack: Chinese-first system fonts. */
export const FONT_STACK =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC', 'Helvetica Neue', Arial, sans-serif";

/** The tenant's special font first, then the standard stack. */
export function fontFamily(specialFont: string): string {
  return specialFont ? `${specialFont}, ${FONT_STACK}` : FONT_STACK;
}
