import { DEFAULT_LANG, LANGUAGES } from '@openfind/contract';
import type { Lang } from '@openfind/contract';
import { rememberLangForServer } from '../../lib/first-answers';
import { readStorage, writeStorage } from '../../lib/storage';

/** localStorage key of the chosen language (spec §3 "langFlag"). */
export const LANG_STORAGE_KEY = 'langFlag';

/** True for one of the three interface languages. */
export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Accepts the spellings seen in the wild ('zh_TW', 'en', 'zh-tw') and returns a Lang or null. */
export function parseLang(value: string | null | undefined): Lang | null {
  const v = (value ?? '').trim().replace('_', '-').toLowerCase();
  if (v.startsWith('en')) return 'en-US';
  if (v === 'zh-tw' || v === 'zh-hk' || v === 'zh-hant') return 'zh-TW';
  if (v === 'zh-cn' || v === 'zh' || v === 'zh-hans') return 'zh-CN';
  return null;
}

/** The stored interface language, zh-CN when none is stored. */
export function readStoredLang(): Lang {
  return parseLang(readStorage('local', LANG_STORAGE_KEY)) ?? DEFAULT_LANG;
}

/** Stores the language and reloads the page, as the spec asks. */
export function switchLang(lang: Lang): void {
  writeStorage('local', LANG_STORAGE_KEY, lang);
  // Before the reload, so that the page the server sends next carries its answers in this language.
  rememberLangForServer(lang);
  window.location.reload();
}
