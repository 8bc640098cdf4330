import { Suspense } from 'react';
import { lazyAntd } from '../../../lib/antd';
import type { ReactNode } from 'react';
import { setRequestContext } from '../../../lib/api-client';
import { storeGroupCode } from '../../../lib/session';
import { FullPageSpin } from '../../../components/FullPageSpin';
import { useGroupCode } from '../api/get-group-code';
import { isLoneSegment, type TenantLocation } from '../detect-tenant';
import { isUnknownTenant } from '../unknown-tenant-error';
import { TenantContext } from '../tenant-context';

const UnknownTenant = lazyAntd(() => import('./UnknownTenant'));

/** Resolves the tenant before anything else loads; an unknown tenant gets an explanatory page. */
export function TenantGate({ location, children }: { location: TenantLocation; children: ReactNode }) {
  const query = useGroupCode(location.mappingPath);
  if (query.isPending) return <FullPageSpin />;
  if (query.isError) {
    // Spec §8: a failed group-code fetch clears the stored group code.
    storeGroupCode(location.mappingPath, '');
    if (isUnknownTenant(query.error) && isLoneSegment(window.location.pathname)) {
      // Spec §2: an unknown path goes to /Home; `/nowhere` is that, not an institution.
      window.location.replace('/Home');
      return <FullPageSpin />;
    }
    return (
      <Suspense fallback={<FullPageSpin />}>
        <UnknownTenant error={query.error} mappingPath={location.mappingPath} onRetry={() => void query.refetch()} />
      </Suspense>
    );
  }
  // Idempotent, and done before the children render so that their calls carry the group code.
  setRequestContext({ groupCode: query.data.groupCode });
  storeGroupCode(location.mappingPath, query.data.groupCode);
  return <TenantContext value={{ ...location, group: query.data }}>{children}</TenantContext>;
}
