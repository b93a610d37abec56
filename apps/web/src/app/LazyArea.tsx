import { lazy, Suspense, type ComponentType } from 'react';
import { Spin } from 'antd';
import type { Area } from './route-table.js';
import type { BuiltRoute } from './dynamic-menu.js';

export interface AreaProps {
  page: string;
  /** The server menu entry of a console page (toolbar buttons, query, frame address). */
  route?: BuiltRoute;
}

// One chunk per area: the public home never downloads the console, editor or charts.
const areas: Record<Area, ComponentType<AreaProps>> = {
  site: lazy(() => import('../areas/site/SiteArea.js')),
  entrance: lazy(() => import('../areas/entrance/EntranceArea.js')),
  console: lazy(() => import('../areas/console/ConsoleArea.js')),
  member: lazy(() => import('../areas/member/MemberArea.js')),
  doctor: lazy(() => import('../areas/doctor/DoctorArea.js')),
  display: lazy(() => import('../areas/display/DisplayArea.js')),
  disease: lazy(() => import('../areas/disease/DiseaseArea.js')),
  training: lazy(() => import('../areas/training/TrainingArea.js')),
};

export function LazyArea({ area, ...props }: AreaProps & { area: Area }) {
  const C = areas[area];
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '20vh auto' }} />}>
      <C {...props} />
    </Suspense>
  );
}
