import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '@openfind/contract';
import { LAZY_NAMESPACES, NAMESPACES } from './namespaces';
import type { LazyNamespace } from './namespaces';

type Resource = Record<string, unknown>;
type Loader = () => Promise<Resource>;

/** One lazily loaded chunk per language and namespace: only the current language is fetched. */
const loaders = import.meta.glob<Resource>('../../locales/*/*.json', { import: 'default' }) as Record<string, Loader>;

let markReady: (i18n: typeof i18next) => void = () => undefined;
const ready = new Promise<typeof i18next>((resolve) => (markReady = resolve));

const isLazy = (ns: string) => (LAZY_NAMESPACES as readonly string[]).includes(ns);

/** Loads the language's start-up namespaces and initialises i18next with them. */
export async function initI18n(lang: Lang): Promise<typeof i18next> {
  const entries = await Promise.all(
    NAMESPACES.filter((ns) => !isLazy(ns)).map(async (ns) => {
      const load = loaders[`../../locales/${lang}/${ns}.json`];
      return [ns, load ? await load() : {}] as const;
    }),
  );
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: { [lang]: Object.fromEntries(entries) },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  markReady(i18next);
  return i18next;
}

/**
 * Adds a namespace kept out of start-up (LAZY_NAMESPACES) in the current language. The screens and
 * dialogs that use one await this at module load, so their chunk brings its texts.
 */
export async function loadNamespace(ns: LazyNamespace): Promise<void> {
  const i18n = await ready;
  const lang = i18n.language;
  if (i18n.hasResourceBundle(lang, ns)) return;
  const load = loaders[`../../locales/${lang}/${ns}.json`];
  i18n.addResourceBundle(lang, ns, load ? await load() : {});
}
