import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Lang } from '@openfind/contract';
import { appPathOf } from './first-answers.js';

/**
 * The texts every page loads at start, and the code and texts of the screen a page URL opens, named
 * in the page (`<link rel="modulepreload">`) so that the browser fetches them beside the app's own
 * code, not after it has run and routed (issue 31). The web build lists them per route
 * (`route-preloads.json`, written by the web app's `route-preloads-plugin.ts`); a build without the
 * list preloads nothing.
 */
export type RoutePreloader = (url: string, lang: Lang) => string;

type Listed = {
  routes: Array<{ path: string; files: string[]; byLang: Record<string, string[]> }>;
  /** The texts every page loads at start, by language. */
  startup?: Record<string, string[]>;
};
type Route = { pattern: RegExp; files: string[]; byLang: Record<string, string[]> };

/** A route of the spec's table (`/a/:id/:type?`) as a pattern for a page's path. */
export function routePattern(route: string): RegExp {
  const source = route
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${source || '/'}/?$`);
}

/** Reads the web build's list; without one, a preloader that names nothing. */
export function loadRoutePreloads(webDist: string): RoutePreloader {
  let listed: Listed;
  try {
    listed = JSON.parse(readFileSync(path.join(webDist, 'route-preloads.json'), 'utf8')) as Listed;
  } catch {
    return () => '';
  }
  const routes: Route[] = listed.routes.map((r) => ({
    pattern: routePattern(r.path),
    files: r.files,
    byLang: r.byLang,
  }));
  const links = (files: string[]) =>
    files.map((f) => `<link rel="modulepreload" crossorigin href="/${encodeURI(f)}">`).join('');
  return (url, lang) => {
    const startup = listed.startup?.[lang] ?? [];
    let pagePath: string;
    try {
      pagePath = decodeURI(appPathOf(url));
    } catch {
      return links(startup);
    }
    const route = routes.find((r) => r.pattern.test(pagePath));
    return links(route ? [...startup, ...route.files, ...(route.byLang[lang] ?? [])] : startup);
  };
}
