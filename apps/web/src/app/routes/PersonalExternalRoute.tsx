import { Navigate, useParams } from 'react-router';
import { MyLibraryPage } from '../../features/my-library';
import { PERSONAL_EXTERNAL_KEYS } from '../route-table';

/** /personalExternal/{n}: My Library opened at entry n; only the entries 4, 5, 6, 7, 8, 10, 11 and 14 exist. */
export function PersonalExternalRoute() {
  const n = useParams().n ?? '';
  if (!(PERSONAL_EXTERNAL_KEYS as readonly string[]).includes(n)) return <Navigate to="/Home" replace />;
  return <MyLibraryPage entry={n} />;
}
