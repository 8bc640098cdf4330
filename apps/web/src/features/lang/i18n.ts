import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '@openfind/contract';
import { NAMESPACES } from './namespaces';

type Resource = Record<string, unknown>;
type Loader = () => Promise<Resource>;

/** One lazily loaded chunk per language and namespace: only the current language is fetched. */
const loaders = import.meta.glob<Resource>('../../locales/*/*.json', { import: 'default' }) as Record<string, Loader>;

/** Loads the language's namespaces and initialises i18next with them. */
export async function initI18n(lang: Lang): Promise<typeof i18next> {
  const entries = await Promise.all(
    NAMESPACES.map(async (ns) => {
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
  return i18next;
}
