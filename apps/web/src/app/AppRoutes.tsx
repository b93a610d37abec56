import { useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session.js';
import { doctorRoutes, memberRoutes } from './area-routes.js';
import { LazyArea } from './LazyArea.js';
import { GuardGate, RedirectHelper, ScrollToTop } from './GuardGate.js';
import { PUBLIC_ROUTES } from './route-table.js';

/**
 * The window title of the page on screen: "<page> · <platform>" in the reader's language (issue
 * 17: the title never changed), so tabs, history and bookmarks tell pages apart; the home page
 * carries the platform's name alone.
 */
export function WindowTitle({ page }: { page: string | null }) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const app = t('app.windowTitle');
    document.title = page ? `${page} · ${app}` : app;
  }, [page, t, i18n.language]);
  return null;
}

/** Every route of spec §2: the static groups plus those built from member, doctor and menu data. */
export function AppRoutes() {
  const s = useSession();
  const member = s.member ? memberRoutes(s.member) : [];
  const doctor = s.doctor ? doctorRoutes(s.doctor) : [];
  const consoleRoutes = s.menus?.routes ?? [];
  const { t, i18n } = useTranslation();
  const titled = (title: string | null, area: React.ReactNode) => (
    <>
      <WindowTitle page={title} />
      {area}
    </>
  );
  return (
    <>
      <ScrollToTop />
      <GuardGate>
        <Routes>
          {[...PUBLIC_ROUTES, ...member, ...doctor].map((r) => (
            <Route
              key={r.path}
              path={r.path}
              element={titled(
                r.page === 'home' ? null : t(`route.${r.title}`),
                <LazyArea area={r.area} page={r.page} />,
              )}
            />
          ))}
          {consoleRoutes.map((r) => (
            <Route
              key={r.id}
              path={r.path}
              element={titled(
                (i18n.language === 'en' && r.nameEn) || r.name,
                <LazyArea area="console" page={r.component} route={r} />,
              )}
            />
          ))}
          <Route path="/redirect/*" element={<RedirectHelper />} />
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Routes>
      </GuardGate>
    </>
  );
}
