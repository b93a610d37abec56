import type { DoctorInfo, MemberInfo } from '@tcm/contract';
import { DOCTOR_ROUTES, MEMBER_DISPLAY, MEMBER_RESULT_CONFIG, MEMBER_ROUTES, type RouteDef } from './route-table.js';

/**
 * Member routes from member info (spec §2, §6): the conclusion configuration only for a team
 * leader who can configure treatment plans, the display page only with display permission. When
 * the server lists the pages this member may open (`pages`, docs/member.md "Menus"), only those
 * are built: the server decides, so a plain member is never offered device records.
 */
export function memberRoutes(
  info: Pick<MemberInfo, 'teamLeader' | 'canConfigTreatPlan' | 'displayPermission' | 'pages'>,
): RouteDef[] {
  const routes: RouteDef[] = [...MEMBER_ROUTES];
  if (info.teamLeader === 1 && info.canConfigTreatPlan === 1) routes.push(MEMBER_RESULT_CONFIG);
  if (info.displayPermission === 1) routes.push(MEMBER_DISPLAY);
  if (!info.pages) return routes;
  const allowed = new Set(info.pages);
  return routes.filter((r) => allowed.has(r.path));
}

/**
 * Doctor routes from doctor info. Every doctor and researcher gets the analysis area and the
 * case archive; the server decides what each call may return (spec §6 leaves the grant unshown).
 */
export function doctorRoutes(_info: Pick<DoctorInfo, 'kind'>): RouteDef[] {
  return [...DOCTOR_ROUTES];
}

/** Menu entries of a route list: hidden ones and those with params stay out. */
export function menuEntries(routes: readonly RouteDef[]): RouteDef[] {
  return routes.filter((r) => !r.hidden && !r.path.includes(':'));
}
