import type { MenuNode } from '@tcm/contract';
import type { menus } from '../../db/schema/index.js';

export type MenuRow = typeof menus.$inferSelect;

/** One menu row in the API shape of spec §3 (meta holds the route flags). */
export function presentMenu(m: MenuRow, children: MenuNode[] = []): MenuNode {
  return {
    id: m.id,
    pid: m.pid,
    area: m.area,
    type: m.type,
    name: m.name,
    nameEn: m.nameEn,
    path: m.path,
    component: m.component,
    iconCls: m.iconCls,
    blank: m.blank,
    sort: m.sort,
    status: m.status === 1 ? 1 : 0,
    buttonCode: m.buttonCode,
    buttonIcon: m.buttonIcon,
    buttonUrl: m.buttonUrl,
    meta: { showOnSideBar: m.showOnSideBar, isFullscreen: m.isFullscreen, framePage: m.framePage, query: m.query },
    children,
  };
}

/** Builds the forest under `rootPid` from flat rows, children ordered by sort then id. */
export function buildTree(rows: MenuRow[], rootPid = 0): MenuNode[] {
  const byPid = new Map<number, MenuRow[]>();
  for (const r of rows) byPid.set(r.pid, [...(byPid.get(r.pid) ?? []), r]);
  const walk = (pid: number, seen: Set<number>): MenuNode[] =>
    (byPid.get(pid) ?? [])
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .filter((r) => !seen.has(r.id))
      .map((r) => presentMenu(r, walk(r.id, new Set(seen).add(r.id))));
  return walk(rootPid, new Set());
}
