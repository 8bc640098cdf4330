/** Request header names of the API (HTTP header names are case-insensitive). */
export const Header = {
  groupCode: 'groupCode',
  mappingPath: 'mappingPath',
  lang: 'x-lang',
  contentLanguage: 'content-language',
} as const;

/** The default header that carries the session token; the login answer names it in `jwtHeader`. */
export const DEFAULT_JWT_HEADER = 'jwtOpacAuth';

/** The three interface languages. zh-CN is the default. */
export const LANGUAGES = ['zh-CN', 'zh-TW', 'en-US'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'zh-CN';

/** `x-lang` values the real API uses. */
export const X_LANG: Record<Lang, 'CHI' | 'ENG'> = { 'zh-CN': 'CHI', 'zh-TW': 'CHI', 'en-US': 'ENG' };
/** `content-language` values the real API uses. */
export const CONTENT_LANGUAGE: Record<Lang, 'zh_CN' | 'zh_HK' | 'en_US'> = {
  'zh-CN': 'zh_CN',
  'zh-TW': 'zh_HK',
  'en-US': 'en_US',
};

/** Reads the request language from the two language headers; unknown values fall back to zh-CN. */
export function langFromHeaders(contentLanguage?: string, xLang?: string): Lang {
  const cl = (contentLanguage ?? '').trim().replace('-', '_').toLowerCase();
  if (cl.startsWith('en')) return 'en-US';
  if (cl === 'zh_hk' || cl === 'zh_tw' || cl === 'zh_hant') return 'zh-TW';
  if (cl.startsWith('zh')) return 'zh-CN';
  if ((xLang ?? '').trim().toUpperCase() === 'ENG') return 'en-US';
  return DEFAULT_LANG;
}
