import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import type { Lang } from '@openfind/contract';
import { SiteConfigGate } from '../features/site-config';
import { TenantGate } from '../features/tenant';
import type { TenantLocation } from '../features/tenant';
import { createQueryClient } from '../lib/query-client';
import { AppRoutes } from './AppRoutes';
import { AppProviders, ConfigTheme } from './providers';

type Props = { tenant: TenantLocation; lang: Lang };

/** The application: providers, then the tenant and its configuration, then the routes below the tenant's basename. */
export function App({ tenant, lang }: Props) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders queryClient={queryClient} lang={lang}>
      <TenantGate location={tenant}>
        <SiteConfigGate>
          <ConfigTheme lang={lang}>
            <BrowserRouter basename={tenant.basename}>
              <AppRoutes />
            </BrowserRouter>
          </ConfigTheme>
        </SiteConfigGate>
      </TenantGate>
    </AppProviders>
  );
}
