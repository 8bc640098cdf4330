import { Navigate } from 'react-router';
import { FullPageSpin } from '../../components/FullPageSpin';
import { useInstitution } from '../../features/site-config';
import { NotAvailablePage } from '../../features/placeholder';

/** /aiSearch exists only when the institution flag newAISearchFlag is '1' (spec §2). */
export function AiSearchRoute() {
  const { data, isPending } = useInstitution();
  if (isPending) return <FullPageSpin />;
  if (data?.newAISearchFlag !== '1') return <Navigate to="/Home" replace />;
  return <NotAvailablePage feature="aiSearch" />;
}
