import { Navigate, useParams } from 'react-router';
import { parseExternalPath, parseResourcePath } from '../external-path';
import { searchUrl } from '@openfind/contract';

/**
 * /searchListExternal/… (spec §2): other systems link to a search; the results page opens with it in
 * its URL (replacing the entry, so back leaves the results). An empty keyword shows the home page.
 */
export function ExternalSearchPage() {
  const state = parseExternalPath(useParams()['*'] ?? '');
  return <Navigate to={state ? searchUrl(state) : '/Home'} replace />;
}

/** /searchListResource/{searchType}/{keyword}/{matchType}[/{resourceType}]: a search limited to a resource type. */
export function ResourceSearchPage() {
  const state = parseResourcePath(useParams());
  return <Navigate to={state ? searchUrl(state) : '/Home'} replace />;
}
