import { lazy, Suspense, useState } from 'react';
import { Spin } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AreaProps } from '../../app/LazyArea.js';
import { routeHref, type BuiltRoute } from '../../app/dynamic-menu.js';
import { findPage, type PageRegistry } from '../../app/pages.js';
import { AreaPlaceholder } from '../../components/AreaPlaceholder.js';
import { ShellLayout, type ShellItem } from '../../components/ShellLayout.js';
import { useSession } from '../../lib/session.js';

const TranslationAdmin = lazy(() => import('./translation/TranslationAdmin.js'));
const UsersPage = lazy(() => import('./UsersPage.js'));
const RolesPage = lazy(() => import('./RolesPage.js'));
const MenusPage = lazy(() => import('./MenusPage.js'));
const TeamsPage = lazy(() => import('./TeamsPage.js'));
const DoctorsPage = lazy(() => import('./DoctorsPage.js'));
const CorporationsPage = lazy(() => import('./corporations/CorporationsPage.js'));
const ContentAdmin = lazy(() => import('./content/ContentAdmin.js'));
const EnquiriesPage = lazy(() => import('./content/EnquiriesPage.js'));
const SettingsPage = lazy(() => import('./content/SettingsPage.js'));
const AuditPage = lazy(() => import('./audit/AuditPage.js'));
const WelcomePage = lazy(() => import('./WelcomePage.js'));
const DevicesPage = lazy(() => import('./DevicesPage.js'));
const OrganizationsPage = lazy(() => import('./OrganizationsPage.js'));

/** An outside address in the console's frame (a menu entry of component 'Frame'). */
function FramePage({ page, route }: AreaProps) {
  if (!route?.frameSrc) return <AreaPlaceholder area="console" page={page} title={route?.name} />;
  return (
    <iframe
      title={route.name}
      src={route.frameSrc}
      style={{ width: '100%', height: 'calc(100vh - 120px)', border: 0 }}
    />
  );
}

/** Console pages by the menu entry's component (seed: apps/server/src/seed/menu-tree.ts). */
const PAGES: PageRegistry<'console'> = {
  'welcome/index': WelcomePage,
  'system/device/index': DevicesPage,
  'system/organization/index': OrganizationsPage,
  'system/translation/index': TranslationAdmin,
  'system/user/index': UsersPage,
  'system/role/index': RolesPage,
  'system/menu/index': MenusPage,
  'system/team/index': TeamsPage,
  'system/doctor/index': DoctorsPage,
  'system/corporation/index': CorporationsPage,
  'content/index': ContentAdmin,
  'content/enquiries/index': EnquiriesPage,
  'system/settings/index': SettingsPage,
  'system/audit/index': AuditPage,
  Frame: FramePage,
};

function contains(r: BuiltRoute, path: string): boolean {
  return r.path === path || r.children.some((c) => contains(c, path));
}

function Page({ page, route }: AreaProps) {
  const Screen = findPage(PAGES, page);
  if (!Screen) return <AreaPlaceholder area="console" page={page} title={route?.name} />;
  return (
    <Suspense fallback={<Spin />}>
      <Screen page={page} route={route} />
    </Suspense>
  );
}

/** Back-office layout built from the server's head menu (spec §2 Dynamic menus). */
export default function ConsoleArea(props: AreaProps) {
  const { i18n } = useTranslation();
  const { menus } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const heads = menus?.heads ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const active = heads.find((h) => h.path === chosen) ?? heads.find((h) => contains(h, pathname)) ?? heads[0];
  const label = (r: BuiltRoute) => (i18n.language === 'en' && r.nameEn ? r.nameEn : r.name);
  const item = (r: BuiltRoute): ShellItem => ({ key: routeHref(r), label: label(r), newTab: r.blank });
  if (props.route?.isFullscreen) return <Page {...props} />;
  const side = active?.hasSideMenu ? active.children.filter((c) => c.showOnSideBar).map(item) : [];
  return (
    <ShellLayout
      heads={heads.map((h) => ({ key: h.path, label: label(h) }))}
      activeHead={active?.path}
      onHead={(key) => {
        setChosen(key);
        const h = heads.find((x) => x.path === key);
        const first = h?.children.find((c) => c.showOnSideBar) ?? h?.children[0];
        if (first) void navigate(routeHref(first.children.find((c) => c.showOnSideBar) ?? first));
      }}
      side={side.length ? [{ key: 'side', label: active ? label(active) : '', items: side }] : []}
      loginPath="/login"
    >
      <Page {...props} />
    </ShellLayout>
  );
}
