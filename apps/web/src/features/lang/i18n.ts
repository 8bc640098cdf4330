import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '@openfind/contract';
import { LAZY_NAMESPACES, NAMESPACES } from './namespaces';
import type { LazyNamespace } from './namespaces';

type Resource = Record<string, unknown>;
type Loader = () => Promise<Resource>;

/**
 * One lazily loaded chunk per language and namespace: only the current language is fetched. The
 * console's namespaces (`admin*`) have their loaders in a chunk of their own (admin-locales.ts).
 */
const loaders = import.meta.glob<Resource>(['../../locales/*/*.json', '!../../locales/*/admin*.json'], {
  import: 'default',
}) as Record<string, Loader>;

/** The loader of a namespace's texts in a language; the console's from their own chunk. */
async function loaderOf(lang: string, ns: string): Promise<Loader | undefined> {
  const key = `../../locales/${lang}/${ns}.json`;
  if (!ns.startsWith('admin')) return loaders[key];
  const { adminLoaders } = await import('./admin-locales');
  return adminLoaders[key] as Loader | undefined;
}

let markReady: (i18n: typeof i18next) => void = () => undefined;
const ready = new Promise<typeof i18next>((resolve) => (markReady = resolve));

const isLazy = (ns: string) => (LAZY_NAMESPACES as readonly string[]).includes(ns);

/** Loads the language's start-up namespaces and initialises i18next with them. */
export async function initI18n(lang: Lang): Promise<typeof i18next> {
  const entries = await Promise.all(
    NAMESPACES.filter((ns) => !isLazy(ns)).map(async (ns) => {
      const load = await loaderOf(lang, ns);
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
  const load = await loaderOf(lang, ns);
  i18n.addResourceBundle(lang, ns, load ? await load() : {});
}
