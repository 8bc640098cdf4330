import { Navigate, useParams } from 'react-router';
import { NotAvailablePage } from '../../features/placeholder';

/** /searchListExternal/{searchType}//{matchType}: an empty keyword shows the home page (spec §2). */
export function ExternalSearchRoute() {
  const rest = useParams()['*'] ?? '';
  const [, keyword = ''] = rest.split('/');
  if (!keyword.trim()) return <Navigate to="/Home" replace />;
  return <NotAvailablePage feature="externalSearch" />;
}
