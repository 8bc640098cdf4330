import { matchRoutes } from 'react-router';
import { ROUTE_TABLE } from './route-table';
import type { RouteDef } from './route-table';

const ROUTES = ROUTE_TABLE.map((def) => ({ path: def.path, def }));

/** The route-table entry an app path (below the basename) shows, or null when it redirects to /Home. */
export function matchRouteDef(path: string): RouteDef | null {
  const matches = matchRoutes(ROUTES, path);
  return matches?.[matches.length - 1]?.route.def ?? null;
}
