import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { Spin } from 'antd';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { loadNamespace } from '../../lang';
import { AdminShell } from '../components/AdminShell';
import { AdminLoginPage } from '../login/AdminLoginPage';
import { ADMIN_SCREENS, PROFILE_KEY } from '../screens';
import { roleAtLeast } from '../session/roles';
import { useStaffSession } from '../session/staff-session';
import type { AdminScreenDef } from '../screens';
import '../admin.css';

await loadNamespace('admin');

/** Anyone without a staff session goes to the console's login, which brings them back here after. */
function RequireStaff({ children }: { children: ReactNode }) {
  const session = useStaffSession();
  const location = useLocation();
  if (!session) return <Navigate to="/admin/login" replace state={{ from: location.pathname + location.search }} />;
  return children;
}

/** A screen for the roles that may open it; anyone else is sent to the console's home. */
function Screen({ def }: { def: AdminScreenDef }) {
  const session = useStaffSession();
  if (!session || !roleAtLeast(session.staff.role, def.minRole)) return <Navigate to="/admin" replace />;
  // Required and not set up: the server refuses everything else, so the console asks for it first.
  if (session.staff.mustSetUpSecondFactor && def.key !== PROFILE_KEY) return <Navigate to="/admin/profile" replace />;
  return (
    <Suspense fallback={<Spin className="of-admin-loading" />}>
      <def.Component />
    </Suspense>
  );
}

/**
 * The staff console (issue 28), below /admin: its own chunk with Ant Design, never loaded by a
 * reader's pages. The login, then the shell with the screens the staff member's role may see.
 */
export function AdminApp() {
  return (
    <Routes>
      <Route path="login" element={<AdminLoginPage />} />
      <Route
        element={
          <RequireStaff>
            <AdminShell />
          </RequireStaff>
        }
      >
        {ADMIN_SCREENS.map((def) =>
          def.path === '' ? (
            <Route key={def.key} index element={<Screen def={def} />} />
          ) : (
            <Route key={def.key} path={def.path} element={<Screen def={def} />} />
          ),
        )}
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Route>
    </Routes>
  );
}
