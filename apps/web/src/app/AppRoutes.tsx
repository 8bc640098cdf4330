import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { lazyAntd } from '../lib/antd';
import { ROUTE_TABLE } from './route-table';
import type { RouteDef } from './route-table';
import { SCREENS } from './screens';
import { AppShell } from './shell/AppShell';
import { BareLayout } from './shell/BareLayout';
import { RootLayout } from './shell/RootLayout';

function toRoute(def: RouteDef) {
  const Screen = SCREENS[def.page];
  return <Route key={def.path} path={def.path} element={<Screen feature={def.feature} />} />;
}

const toHome = <Navigate to="/Home" replace />;

/** The staff console (issue 28): its own chunks with Ant Design, loaded only below /admin. */
const AdminApp = lazyAntd(() => import('../features/admin/pages/AdminApp').then((m) => ({ default: m.AdminApp })));

/**
 * The route tree (spec §2): root → /Home, shell screens, header-less screens, bare screens, the staff
 * console, anything else → /Home.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={toHome} />
        <Route element={<AppShell />}>
          {ROUTE_TABLE.filter((r) => r.layout === 'shell' && !r.newWindow).map(toRoute)}
        </Route>
        <Route element={<AppShell hideHeader />}>
          {ROUTE_TABLE.filter((r) => r.layout === 'shell' && r.newWindow).map(toRoute)}
        </Route>
        <Route element={<BareLayout />}>{ROUTE_TABLE.filter((r) => r.layout === 'bare').map(toRoute)}</Route>
        <Route
          path="/admin/*"
          element={
            <Suspense fallback={null}>
              <AdminApp />
            </Suspense>
          }
        />
        <Route path="*" element={toHome} />
      </Route>
    </Routes>
  );
}
