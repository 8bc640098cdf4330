import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

type Module<P> = { default: ComponentType<P> };

export type PreloadableComponent<P> = {
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Loads the module (once; again after a failure). */
  preload: () => Promise<Module<P>>;
};

/**
 * `React.lazy` that renders at once when its module has already loaded. Plain `lazy` suspends on
 * first render even then (its promise settles a microtask later): the Suspense fallback is shown,
 * and React reveals the content at the earliest 300 ms after a fallback appeared. Here the factory
 * hands React a thenable that calls back synchronously once the module is in, which `lazy` takes
 * as resolved on the spot.
 */
export function lazyWithPreload<P>(load: () => Promise<Module<P>>): PreloadableComponent<P> {
  let loaded: Module<P> | undefined;
  let pending: Promise<Module<P>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const Component = lazy(() => {
    const module = loaded;
    if (!module) return preload();
    const settled = { then: (resolve: (m: Module<P>) => void) => resolve(module) };
    return settled as unknown as Promise<Module<P>>;
  });
  return { Component, preload };
}
