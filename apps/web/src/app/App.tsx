import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import type { Locale } from 'antd/es/locale';
import { SiteConfigGate } from '../features/site-config';
import { TenantGate } from '../features/tenant';
import type { TenantLocation } from '../features/tenant';
import { createQueryClient } from '../lib/query-client';
import { AppRoutes } from './AppRoutes';
import { AppProviders, ConfigTheme } from './providers';

type Props = { tenant: TenantLocation; locale: Locale };

/** The application: providers, then the tenant and its configuration, then the routes below the tenant's basename. */
export function App({ tenant, locale }: Props) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders queryClient={queryClient} locale={locale}>
      <TenantGate location={tenant}>
        <SiteConfigGate>
          <ConfigTheme>
            <BrowserRouter basename={tenant.basename}>
              <AppRoutes />
            </BrowserRouter>
          </ConfigTheme>
        </SiteConfigGate>
      </TenantGate>
    </AppProviders>
  );
}
