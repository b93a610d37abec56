import { Navigate, Route, Routes } from 'react-router';
import { useSession } from '../lib/session.js';
import { doctorRoutes, memberRoutes } from './area-routes.js';
import { LazyArea } from './LazyArea.js';
import { GuardGate, RedirectHelper, ScrollToTop } from './GuardGate.js';
import { PUBLIC_ROUTES } from './route-table.js';

/** Every route of spec §2: the static groups plus those built from member, doctor and menu data. */
export function AppRoutes() {
  const s = useSession();
  const member = s.member ? memberRoutes(s.member) : [];
  const doctor = s.doctor ? doctorRoutes(s.doctor) : [];
  const consoleRoutes = s.menus?.routes ?? [];
  return (
    <>
      <ScrollToTop />
      <GuardGate>
        <Routes>
          {PUBLIC_ROUTES.map((r) => (
            <Route key={r.path} path={r.path} element={<LazyArea area={r.area} page={r.page} />} />
          ))}
          {[...member, ...doctor].map((r) => (
            <Route key={r.path} path={r.path} element={<LazyArea area={r.area} page={r.page} />} />
          ))}
          {consoleRoutes.map((r) => (
            <Route key={r.id} path={r.path} element={<LazyArea area="console" page={r.component} route={r} />} />
          ))}
          <Route path="/redirect/*" element={<RedirectHelper />} />
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Routes>
      </GuardGate>
    </>
  );
}
