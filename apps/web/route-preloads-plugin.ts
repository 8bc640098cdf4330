import type { Plugin } from 'vite';
import { ROUTE_TABLE, type RoutePage } from './src/app/route-table';
import { LAZY_NAMESPACES, NAMESPACES } from './src/features/lang/namespaces';

/**
 * The screens a reader most often opens first (a link from a search engine, a chat or a catalogue
 * record), with their code and their texts. For these the server names the screen's code in the
 * page it serves (`<link rel="modulepreload">`), so a phone fetches it beside the app's own code
 * instead of after it has run (issue 31): one round trip less, two for the record page, whose texts
 * load with it.
 */
const PRELOADED: Partial<Record<RoutePage, { module: string; namespaces: string[] }>> = {
  home: { module: 'src/features/home/pages/HomePage.tsx', namespaces: ['home'] },
  searchResults: { module: 'src/features/search/pages/SearchResultsPage.tsx', namespaces: ['search'] },
  categorySearch: { module: 'src/features/search/pages/SearchResultsPage.tsx', namespaces: ['search'] },
  record: { module: 'src/features/record/pages/RecordPage.tsx', namespaces: ['record'] },
};

/**
 * What `route-preloads.json` holds: per route of the spec's table, the files to preload by language;
 * and for every page, the texts the app loads at start (`startup`, by language), which it would
 * otherwise ask for only once its code has run.
 */
export type RoutePreloads = {
  routes: Array<{ path: string; files: string[]; byLang: Record<string, string[]> }>;
  startup: Record<string, string[]>;
};

const LANGS = ['zh-CN', 'zh-TW', 'en-US'] as const;
const STARTUP_NAMESPACES = NAMESPACES.filter((ns) => !(LAZY_NAMESPACES as readonly string[]).includes(ns));

type Chunk = { type: 'chunk'; fileName: string; facadeModuleId: string | null; imports: string[] };

/** Writes `route-preloads.json` beside index.html (read by the server's `http/route-preloads.ts`). */
export function routePreloads(): Plugin {
  return {
    name: 'openfind-route-preloads',
    apply: 'build',
    enforce: 'post',
    // After Vite's own plugins: their generateBundle drops the chunks that only carried CSS.
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is typeof c & Chunk => c.type === 'chunk');
      const bySource = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c]));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => 'isEntry' in c && c.isEntry);
      // Named already by index.html (the app's code and what it imports).
      const inShell = new Set<string>(entry ? [entry.fileName, ...closure(entry.fileName, byFile)] : []);
      const find = (source: string) => [...bySource.entries()].find(([id]) => id.endsWith(`/${source}`))?.[1];
      const textsOf = (lang: string, ns: string) => {
        const texts = find(`src/locales/${lang}/${ns}.json`);
        if (!texts) this.error(`route-preloads: no chunk for the ${lang} texts of ${ns}`);
        return texts.fileName;
      };
      const startup = Object.fromEntries(
        LANGS.map((lang) => [lang, STARTUP_NAMESPACES.map((ns) => textsOf(lang, ns))]),
      );
      const routes: RoutePreloads['routes'] = [];
      for (const route of ROUTE_TABLE) {
        const screen = PRELOADED[route.page];
        if (!screen) continue;
        const chunk = find(screen.module);
        if (!chunk) this.error(`route-preloads: no chunk for ${screen.module} (moved? update PRELOADED)`);
        const files = [chunk.fileName, ...closure(chunk.fileName, byFile)].filter((f) => !inShell.has(f));
        const byLang: Record<string, string[]> = {};
        for (const lang of LANGS)
          byLang[lang] = screen.namespaces
            .filter((ns) => !STARTUP_NAMESPACES.includes(ns as never))
            .map((ns) => textsOf(lang, ns));
        routes.push({ path: route.path, files: [...new Set(files)], byLang });
      }
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: JSON.stringify({ routes, startup } satisfies RoutePreloads, null, 1),
      });
    },
  };
}

/** The files a chunk imports, directly or not (static imports only: what runs before it). */
function closure(file: string, byFile: Map<string, Chunk>, seen = new Set<string>()): string[] {
  for (const imported of byFile.get(file)?.imports ?? []) {
    if (seen.has(imported)) continue;
    seen.add(imported);
    closure(imported, byFile, seen);
  }
  return [...seen];
}
