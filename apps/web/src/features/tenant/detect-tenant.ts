import { isReservedMappingPath } from '@openfind/contract';

/** Where the tenant sits in the URL: its mapping path and the router basename that follows from it. */
export type TenantLocation = {
  /** The tenant's mapping path, '' for the default tenant. */
  mappingPath: string;
  /** The router basename: '/' for the default tenant, '/<mappingPath>' otherwise. */
  basename: string;
};

/**
 * Reads the tenant from a pathname: the first segment is a tenant's mapping path unless it is
 * reserved (one of the app's own top-level route names or a server path, compared without case),
 * so `/beiling/Home` is tenant 'beiling' and `/Home` the default tenant.
 */
export function detectTenant(pathname: string): TenantLocation {
  const first = pathname.split('/')[1] ?? '';
  if (!first || isReservedMappingPath(first)) return { mappingPath: '', basename: '/' };
  return { mappingPath: first, basename: `/${first}` };
}

/**
 * Whether an unknown first segment stands alone (`/nowhere`): that is an unknown path of the
 * default portal, which goes to /Home, rather than a mistyped institution (`/nowhere/Home`).
 */
export function isLoneSegment(pathname: string): boolean {
  return pathname.split('/').filter(Boolean).length <= 1;
}

/** Joins the tenant's basename and an in-app path into an absolute URL path. */
export function withBasename(basename: string, path: string): string {
  const p = path.startsWith('/') ? path : `/${path}`;
  return basename === '/' ? p : `${basename}${p}`;
}
