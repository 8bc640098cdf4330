import { createContext, useContext } from 'react';
import type { GroupInfo } from '@openfind/contract';
import type { TenantLocation } from './detect-tenant';

/** The resolved tenant: where it lives in the URL and what the server says about it. */
export type Tenant = TenantLocation & { group: GroupInfo };

export const TenantContext = createContext<Tenant | null>(null);

/** The current tenant; only available inside the tenant gate. */
export function useTenant(): Tenant {
  const tenant = useContext(TenantContext);
  if (!tenant) throw new Error('useTenant outside TenantGate');
  return tenant;
}
