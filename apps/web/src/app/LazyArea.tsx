import { lazy, Suspense, type ComponentType } from 'react';
import { PageSpinner } from '../components/PageSpinner.js';
import { withAnt, WithAnt } from './WithAnt.js';
import SiteArea from '../areas/site/SiteArea.js';
import type { Area } from './route-table.js';
import type { BuiltRoute } from './dynamic-menu.js';

export interface AreaProps {
  page: string;
  /** The server menu entry of a console page (toolbar buttons, query, frame address). */
  route?: BuiltRoute;
}

// One chunk per area: the public home never downloads the console, editor or charts. The site
// area's frame and home (3 KiB, no antd) are part of the entry, so the home paints without a
// second round trip; the site loads antd itself, only for the pages that use it.
const areas: Record<Area, ComponentType<AreaProps>> = {
  site: SiteArea,
  entrance: lazy(withAnt(() => import('../areas/entrance/EntranceArea.js'))),
  console: lazy(withAnt(() => import('../areas/console/ConsoleArea.js'))),
  member: lazy(withAnt(() => import('../areas/member/MemberArea.js'))),
  doctor: lazy(withAnt(() => import('../areas/doctor/DoctorArea.js'))),
  display: lazy(withAnt(() => import('../areas/display/DisplayArea.js'))),
  disease: lazy(withAnt(() => import('../areas/disease/DiseaseArea.js'))),
  training: lazy(withAnt(() => import('../areas/training/TrainingArea.js'))),
};

export function LazyArea({ area, ...props }: AreaProps & { area: Area }) {
  const C = areas[area];
  const page = <C {...props} />;
  return <Suspense fallback={<PageSpinner />}>{area === 'site' ? page : <WithAnt>{page}</WithAnt>}</Suspense>;
}
