import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import './texts.js';
import type { AreaProps } from '../../app/LazyArea.js';
import { memberRoutes, menuEntries } from '../../app/area-routes.js';
import { findPage, type PageRegistry } from '../../app/pages.js';
import { loadTeamDisplay } from '../../app/borrowed-pages.js';
import { AreaPlaceholder } from '../../components/AreaPlaceholder.js';
import { ShellLayout } from '../../components/ShellLayout.js';
import { useSession } from '../../lib/session.js';
import { HomePage } from './HomePage.js';
import { PlayApplyPage } from './PlayApplyPage.js';
import { RecordsPage } from './RecordsPage.js';
import { ResultConfigPage } from './ResultConfigPage.js';
import { WechatBindPage, WechatBoundPage } from './WechatBindPage.js';
import { PHONE_FIRST } from '../../record/stack-table.js';

// The team display brings ECharts' map and the China GeoJSON: its own chunk, loaded on opening.
const TeamDisplay = lazy(loadTeamDisplay);

/** Member pages by route page key (route-table.ts). */
const PAGES: PageRegistry<'member'> = {
  memberHome: HomePage,
  playApply: PlayApplyPage,
  resultConfig: ResultConfigPage,
  wechatBound: WechatBoundPage,
  wechatResult: WechatBindPage,
  memberDisplay: TeamDisplay,
  // Three lists share one screen; the key remounts it when the list changes.
  teamRecord: () => <RecordsPage key="teamRecord" scope="teamRecord" />,
  deviceRecord: () => <RecordsPage key="deviceRecord" scope="deviceRecord" />,
  memberRecord: () => <RecordsPage key="memberRecord" scope="memberRecord" />,
};

function MemberPage({ page }: { page: string }) {
  const Screen = findPage(PAGES, page);
  if (!Screen) return <AreaPlaceholder area="member" page={page} />;
  return (
    <Suspense fallback={<Spin />}>
      <Screen page={page} />
    </Suspense>
  );
}

/** Member layout with the menu built from member info (spec §2 Member area). */
export default function MemberArea({ page }: AreaProps) {
  const { t } = useTranslation();
  const { member } = useSession();
  const routes = member ? memberRoutes(member) : [];
  const items = menuEntries(routes).map((r) => ({ key: r.path, label: t(`route.${r.title}`), newTab: r.newTab }));
  const full = routes.find((r) => r.page === page)?.fullscreen;
  // Phone-first styles (record/phone.css) for every member page: 44 px buttons, wrapping words.
  const body = (
    <div className={PHONE_FIRST}>
      <MemberPage page={page} />
    </div>
  );
  if (full) return body;
  return (
    <ShellLayout side={[{ key: 'member', label: t('area.member'), items }]} loginPath="/member-login">
      {body}
    </ShellLayout>
  );
}
