export { LangSwitch } from './components/LangSwitch';
export { initI18n, loadNamespace } from './i18n';
export { NAMESPACES } from './namespaces';
export { isLang, parseLang, readStoredLang, switchLang, LANG_STORAGE_KEY } from './lang-storage';
