import { ConfigProvider, message, Modal } from 'antd';
import { baseTheme, componentLocale, REDUCED_MOTION, type AntdSettings } from '../lib/antd';

/** Spec §8: at most 8 toasts at once. */
export const MAX_TOASTS = 8;

/** Points Ant Design's static toasts and dialogs at the page's language and theme, and caps the toasts. */
export async function configureFeedback({ lang, fontFamily }: AntdSettings): Promise<void> {
  const locale = await componentLocale(lang);
  const theme = baseTheme(window.matchMedia(REDUCED_MOTION).matches, fontFamily);
  message.config({ maxCount: MAX_TOASTS });
  ConfigProvider.config({
    holderRender: (children) => (
      <ConfigProvider locale={locale} theme={theme}>
        {children}
      </ConfigProvider>
    ),
  });
}

/** An error toast. */
export function showError(text: string): void {
  void message.error(text);
}

/** The session-expired dialog; `onOk` runs when it is acknowledged. */
export function showSessionExpired(title: string, content: string, onOk: () => void): void {
  Modal.warning({ title, content, onOk });
}
