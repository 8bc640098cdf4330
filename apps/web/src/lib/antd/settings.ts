import { createContext } from 'react';
import type { Lang } from '@openfind/contract';

/**
 * What Ant Design's components take from the page, provided by the app without loading Ant Design:
 * the language (its locale is loaded with the first screen or dialog that uses Ant Design) and the
 * font stack (the tenant's special font, once the site configuration is known).
 */
export type AntdSettings = { lang: Lang; fontFamily?: string | undefined };

export const AntdSettingsContext = createContext<AntdSettings>({ lang: 'zh-CN' });
