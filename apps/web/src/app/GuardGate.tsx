import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { PageSpinner } from '../components/PageSpinner.js';
import { useTranslation } from 'react-i18next';
import { logout } from '../lib/api.js';
import { clearSession, storedToken, useSession } from '../lib/session.js';
import { decideRoute } from './guard.js';
import { loadInfo } from './loaders.js';
import { pageLeaving } from '../lib/leaving.js';

/** Runs the pure guard on every navigation and carries out what it decides. */
export function GuardGate({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const s = useSession();
  const decision = decideRoute({
    path: pathname,
    storedToken: storedToken() !== null,
    stateToken: s.token !== null,
    loginType: s.loginType,
    loaded: { sys: s.roles.length > 0, member: s.member !== null, doctor: s.doctor !== null },
  });
  // The effect below depends on the decision's fields, not on the decision (a new object each
  // render), so it runs once per distinct decision.
  const kind = decision.kind;
  const info = decision.kind === 'load' ? decision.info : null;
  const onFail = decision.kind === 'load' ? decision.onFail : null;
  // The Login route accepts loginOut (spec §2): arriving with it signs the session out first.
  const loginOut = pathname === '/login' && new URLSearchParams(search).has('loginOut') && s.token !== null;
  useEffect(() => {
    if (loginOut) void logout();
  }, [loginOut]);

  useEffect(() => {
    if (kind === 'reload') {
      clearSession();
      window.location.reload();
    }
    if (info === null || onFail === null) return;
    let live = true;
    loadInfo(info).catch(async () => {
      // Aborted by a reload or navigation away: not a failed fetch (docs/web.md).
      if (pageLeaving()) return;
      await logout();
      if (live) void navigate(onFail, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [kind, info, onFail, navigate]);

  if (loginOut) return null;
  if (decision.kind === 'redirect') {
    const keep = decision.to === pathname || decision.keepSearch ? search : '';
    return <Navigate to={`${decision.to}${keep}`} replace />;
  }
  if (decision.kind === 'pass') return <>{children}</>;
  return <PageSpinner label={t('app.loading')} />;
}

/** Scrolls to the top on every navigation (spec §2). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** /redirect/{path*}: re-enters a route (used to reload the current page in place). */
export function RedirectHelper() {
  const { pathname, search } = useLocation();
  const to = `/${pathname.replace(/^\/redirect\/?/, '')}${search}`;
  return <Navigate to={to} replace />;
}
