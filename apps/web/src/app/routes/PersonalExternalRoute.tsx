import { Navigate, useParams } from 'react-router';
import { NotAvailablePage } from '../../features/placeholder';
import { PERSONAL_EXTERNAL_KEYS } from '../route-table';

/** /personalExternal/{n}: only the personal-centre entries 4, 5, 6, 7, 8, 10, 11 and 14 exist. */
export function PersonalExternalRoute() {
  const n = useParams().n ?? '';
  if (!(PERSONAL_EXTERNAL_KEYS as readonly string[]).includes(n)) return <Navigate to="/Home" replace />;
  return <NotAvailablePage feature={`personal${n}`} />;
}
