import { lazy, Suspense } from 'react';
import type { ComponentProps, ComponentType, ReactNode } from 'react';
import type { Lang } from '@openfind/contract';
import { useHasPainted } from '../first-paint';
import { componentLocale } from './locale';

type Module<P> = { default: ComponentType<P> };

let provider: Promise<typeof import('./AntdProvider')> | undefined;

/**
 * Starts loading Ant Design's provider and the language's component locale, so that a screen that
 * needs them does not wait a round trip more after its own chunk (called at start-up for the first
 * screen, and by every `lazyAntd` part when it loads).
 */
export function preloadAntd(lang: Lang): Promise<unknown> {
  provider ??= import('./AntdProvider');
  return Promise.all([provider, componentLocale(lang)]);
}

let pageLang: Lang = 'zh-CN';

/** The page's language (set once at start-up; switching languages reloads the page). */
export function setAntdLang(lang: Lang): void {
  pageLang = lang;
}

/**
 * The loader of a part that uses Ant Design: loads the part, Ant Design's provider and the component
 * locale together, and gives the part inside the provider.
 */
export function withAntd<P extends object>(load: () => Promise<Module<P>>): () => Promise<Module<P>> {
  return async () => {
    const [{ default: Part }] = await Promise.all([load(), preloadAntd(pageLang)]);
    const { AntdProvider } = await provider!;
    function WithAntd(props: P) {
      return (
        <AntdProvider>
          <Part {...props} />
        </AntdProvider>
      );
    }
    WithAntd.displayName = `Antd(${Part.displayName ?? Part.name})`;
    return { default: WithAntd };
  };
}

/**
 * `React.lazy` for a part that uses Ant Design (`withAntd`). Parts that use no Ant Design (the shell,
 * the home page) use plain `lazy` and stay free of it.
 */
export function lazyAntd<P extends object>(load: () => Promise<Module<P>>): ComponentType<P> {
  return lazy(withAntd(load));
}

/**
 * The Ant Design parts of a screen, kept in one module (`antd-parts.tsx`) that loads, with Ant
 * Design's provider, after the screen's own code: the screen paints its main content first.
 * `const part = partsOf(() => import('./antd-parts'))`, then `export const X = part('X')`; each part
 * shows its `fallback` until the module has run — sized like the part, so nothing moves. The module
 * starts loading once the screen has painted.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: each part keeps its own
export function partsOf<M extends Record<string, ComponentType<any>>>(load: () => Promise<M>) {
  return function part<K extends keyof M & string>(name: K) {
    const Lazy = lazyAntd(() => load().then((m) => ({ default: m[name] as ComponentType<object> })));
    function Part({ fallback = null, ...props }: ComponentProps<M[K]> & { fallback?: ReactNode }) {
      // Not before the screen has painted once: on a slow phone their download would share the line with
      // what the screen needs first.
      if (!useHasPainted()) return fallback;
      return (
        <Suspense fallback={fallback}>
          <Lazy {...(props as object)} />
        </Suspense>
      );
    }
    Part.displayName = `Part(${name})`;
    return Part;
  };
}
