import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';

// Buttons read "检索", as on the home page, not Ant Design's spaced "检 索".
const BUTTON = { autoInsertSpace: false };

/** Ant Design settings of the search screens. */
export function ScreenConfig({ children }: { children: ReactNode }) {
  return <ConfigProvider button={BUTTON}>{children}</ConfigProvider>;
}
